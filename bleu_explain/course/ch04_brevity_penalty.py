"""Notebook 04, the brevity penalty: its tables and its exercises; every number comes from the engine.

The paper's Example 3 (Papineni et al. 2002, section 2.2): the candidate
"of the" has perfect precisions, and only the brevity penalty catches it.

>>> from bleu_explain.data.examples import EXAMPLE_1_REFERENCES
>>> table = prefix_sweep(EXAMPLE_1_REFERENCES, [2, 8, 16], preset="paper", max_order=2)
>>> table["c"].tolist(), table["r"].tolist(), table["p1"].tolist(), table["p2"].tolist()
([2, 8, 16], [16, 16, 16], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0])
>>> table["brevity_penalty"].round(4).tolist()
[0.0009, 0.3679, 1.0]

Every exercise checker asks the engine for the right value and compares; it
names the mistake it recognises, never the number.

>>> exercise = {e.name: e for e in EXERCISES}
>>> exercise["best_match"].check(exercise["best_match"].solution()).correct
True
>>> exercise["best_match"].check(exercise["best_match"].mistake()).message.startswith("12 is the shortest")
True
>>> exercise["half_penalty"].check(exercise["half_penalty"].mistake()).correct
False
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..api import explain
from .answers import agrees, as_number, as_whole_number, too_few_decimals
from .exercise import Exercise, Feedback

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation


# --------------------------------------------------------------------------- lesson tables
def prefix_sweep(references: Sequence[str], lengths: Iterable[int], reference_index: int = 0,
                 preset: str = "paper", **settings: Any) -> "pd.DataFrame":
    """Score the first c words of one reference, for every c in ``lengths``.

    A prefix of a reference has only correct n-grams, so its precisions are
    perfect; the table shows that the brevity penalty alone brings its BLEU
    down. Columns: candidate, c, r, p1..pN, brevity_penalty, bleu.
    """
    import pandas as pd

    words = references[reference_index].split()
    rows = []
    for c in lengths:
        result = explain(" ".join(words[:c]), list(references), preset=preset, **settings)
        row: dict[str, Any] = {"candidate": result.candidate, "c": result.hyp_len, "r": result.ref_len}
        for n, precision in enumerate(result.precisions, 1):
            row[f"p{n}"] = precision
        row["brevity_penalty"] = result.brevity_penalty
        row["bleu"] = result.bleu
        rows.append(row)
    return pd.DataFrame(rows)


def length_rule_table(candidate: str, references: Sequence[str], preset: str = "paper",
                      rules: Sequence[str] = ("closest", "shortest"), **settings: Any) -> "pd.DataFrame":
    """One row per reference-length rule: the lengths, the chosen r and BP (computed by the engine).

    >>> t = length_rule_table("a b c d e f g h i j k l m n",
    ...                       ["a b c d e f g h i j k l", "a b c d e f g h i j k l m n o",
    ...                        "a b c d e f g h i j k l m n o p q"], tokenize="none")
    >>> t[["c", "reference_lengths", "chosen_r"]].values.tolist()
    [[14, '12, 15, 17', 15], [14, '12, 15, 17', 12]]
    """
    import pandas as pd

    rows = []
    for rule in rules:
        result = explain(candidate, list(references), preset=preset, ref_length=rule, **settings)
        rows.append({"rule": rule, "c": result.hyp_len,
                     "reference_lengths": ", ".join(str(n) for n in result.stats.ref_lens),
                     "chosen_r": result.ref_len, "brevity_penalty": result.brevity_penalty, "bleu": result.bleu})
    return pd.DataFrame(rows).set_index("rule")


def bp_by_segment(result: "CorpusExplanation") -> "pd.DataFrame":
    """Per segment of a corpus result: c, r and the brevity penalty the segment would get alone.

    >>> from bleu_explain import explain_corpus
    >>> from bleu_explain.data.examples import SHORT_AND_LONG_CORPUS
    >>> cands, refs = zip(*SHORT_AND_LONG_CORPUS)
    >>> corpus = explain_corpus(list(cands), [[r] for r in refs], preset="paper")
    >>> bp_by_segment(corpus)["sentence_bp"].round(3).tolist()
    [1.0, 0.368, 1.0, 0.717, 1.0]
    """
    import pandas as pd

    rows = []
    for i in range(len(result)):
        segment = result.segment(i)
        rows.append({"segment": i, "candidate": segment.candidate, "c": segment.hyp_len, "r": segment.ref_len,
                     "sentence_bp": segment.brevity_penalty})
    return pd.DataFrame(rows).set_index("segment")


def corpus_vs_mean_bp(result: "CorpusExplanation") -> "pd.DataFrame":
    """The paper's corpus brevity penalty beside the mean of the sentence penalties.

    The corpus penalty uses the summed lengths (sum of c against sum of r);
    the other row averages the penalty each segment would get alone.

    >>> from bleu_explain import explain_corpus
    >>> from bleu_explain.data.examples import SHORT_AND_LONG_CORPUS
    >>> cands, refs = zip(*SHORT_AND_LONG_CORPUS)
    >>> t = corpus_vs_mean_bp(explain_corpus(list(cands), [[r] for r in refs], preset="paper"))
    >>> t["brevity_penalty"].round(4).tolist()
    [0.9747, 0.8169]
    """
    import pandas as pd

    per_segment = bp_by_segment(result)
    return pd.DataFrame([
        {"how": f"corpus: BP with c = {result.hyp_len} and r = {result.ref_len} summed over segments",
         "brevity_penalty": result.brevity_penalty},
        {"how": f"mean of the {len(per_segment)} sentence BPs",
         "brevity_penalty": float(per_segment["sentence_bp"].mean())},
    ]).set_index("how")


# --------------------------------------------------------------------------- exercises
#: Exercise 1: a candidate of this many words against references of these lengths.
BEST_MATCH_CANDIDATE_LENGTH = 14
BEST_MATCH_REFERENCE_LENGTHS = (12, 15, 17)
#: Exercise 2: the reference length and the penalty to reach.
HALF_PENALTY_REFERENCE_LENGTH = 20
HALF_PENALTY_TARGET = 0.5


def words(n: int, stem: str = "w") -> str:
    """A text of ``n`` distinct words ("w1 w2 ..."): only its length matters here.

    >>> words(3)
    'w1 w2 w3'
    """
    return " ".join(f"{stem}{i}" for i in range(1, n + 1))


def _best_match_result() -> "SentenceExplanation":
    return explain(words(BEST_MATCH_CANDIDATE_LENGTH),
                   [words(n, "r") for n in BEST_MATCH_REFERENCE_LENGTHS], preset="paper")


def check_best_match(answer: Any) -> Feedback:
    """The answer is a pair (r, BP) for a 14-word candidate against references of 12, 15 and 17 words."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return Feedback(False, "Give a pair: (r, BP), e.g. (16, 0.87).")
    r_given, bp_given = as_whole_number(answer[0]), answer[1]
    if r_given is None or as_number(bp_given) is None:
        return Feedback(False, "Write r as a whole number of words and BP as a number between 0 and 1.")
    result = _best_match_result()
    c, r = result.hyp_len, result.ref_len
    reference_lengths = result.stats.ref_lens
    if r_given != r:
        if r_given == min(reference_lengths):
            return Feedback(False, f"{r_given} is the shortest reference: that is mteval's "
                                   "'--brevity-penalty shortest' option. The paper's best match length is the "
                                   "reference length CLOSEST to the candidate's.")
        if r_given == max(reference_lengths):
            return Feedback(False, "That is the longest reference. The best match length is the reference length "
                                   "closest to the candidate's.")
        if r_given == c:
            return Feedback(False, "r is the length of a reference, not of the candidate: pick the reference "
                                   "length closest to the candidate's.")
        return Feedback(False, "r is one of the reference lengths (12, 15 or 17): the one closest to the "
                               "candidate's length.")
    if agrees(bp_given, result.brevity_penalty):
        return Feedback(True, "Right: the closest reference is a little longer than the candidate, so there is a "
                              "small penalty, exp(1 - r/c).")
    if agrees(bp_given, 1.0):
        return Feedback(False, "Your r is right, but BP is 1 only when the candidate is at least as long as r. "
                               "Here it is shorter: use exp(1 - r/c).")
    if agrees(bp_given, math.exp(1 - c / r)):
        return Feedback(False, "Your r is right, but you computed exp(1 - c/r): the ratio is the other way up, "
                               "exp(1 - r/c), which is below 1 when the candidate is short.")
    if too_few_decimals(bp_given, result.brevity_penalty):
        return Feedback(False, "Your r is right and BP is close, but rounded too far: give it to two decimals.")
    return Feedback(False, "Your r is right; check BP = exp(1 - r/c) with c the candidate's length.")


def _penalty(c: int) -> float:
    return explain(words(c), [words(HALF_PENALTY_REFERENCE_LENGTH, "r")], preset="paper").brevity_penalty


def _shortest_reaching_target() -> int:
    return next(c for c in range(1, HALF_PENALTY_REFERENCE_LENGTH + 1) if _penalty(c) >= HALF_PENALTY_TARGET)


def check_half_penalty(answer: Any) -> Feedback:
    """The answer is a whole number c: the shortest candidate whose BP against a 20-word reference is >= 0.5."""
    c = as_whole_number(answer)
    if c is None or c < 1:
        return Feedback(False, "Give the candidate length c as a whole number of words, e.g. 7.")
    r = HALF_PENALTY_REFERENCE_LENGTH
    if c >= r:
        return Feedback(False, f"From c = {r} on BP is 1, but a shorter candidate already reaches "
                               f"{HALF_PENALTY_TARGET}. Solve exp(1 - r/c) >= {HALF_PENALTY_TARGET} for c.")
    if _penalty(c) < HALF_PENALTY_TARGET:
        hint = " (c = r/2 gives exp(1 - 2) = 0.37)" if 2 * c == r else ""
        return Feedback(False, f"Too short: a candidate of {c} words gets a penalty below {HALF_PENALTY_TARGET}{hint}. "
                               "Take logs: 1 - r/c >= ln 0.5.")
    if c > 1 and _penalty(c - 1) >= HALF_PENALTY_TARGET:
        return Feedback(False, f"A candidate of {c} words does reach {HALF_PENALTY_TARGET}, but so does a shorter one. "
                               "Find the smallest whole c.")
    return Feedback(True, "Right: this is the shortest candidate whose penalty is at least one half; one word less "
                          "and BP falls below it.")


def worked_best_match() -> str:
    """The worked solution: the closest reference length, then BP = exp(1 - r/c)."""
    result = _best_match_result()
    c, r = result.hyp_len, result.ref_len
    distances = ", ".join(f"|{c} - {n}| = {abs(c - n)}" for n in BEST_MATCH_REFERENCE_LENGTHS)
    return f"""1. The paper's best match length r is the reference length closest to the candidate's c = {c}:
   {distances}, so r = {r}.
2. The candidate is shorter (c < r), so BP = exp(1 - r/c) = exp(1 - {r}/{c}) = {result.brevity_penalty:.4f}.

Only the lengths matter, so any {c} words against references of {BEST_MATCH_REFERENCE_LENGTHS} words will do:

```python
import bleu_explain as bx
def words(n, stem="w"):
    return " ".join(f"{{stem}}{{i}}" for i in range(1, n + 1))
result = bx.explain(words({c}), [words(n, "r") for n in {BEST_MATCH_REFERENCE_LENGTHS}], preset="paper")
(result.ref_len, round(result.brevity_penalty, 4))
```

Answer: **({r}, {result.brevity_penalty:.4f})**."""


def worked_half_penalty() -> str:
    """The worked solution: solve exp(1 - r/c) >= 0.5 for c, then check the whole numbers on either side."""
    r, target = HALF_PENALTY_REFERENCE_LENGTH, HALF_PENALTY_TARGET
    c = _shortest_reaching_target()
    bound = r / (1 - math.log(target))
    return f"""1. A candidate shorter than r = {r} gets BP = exp(1 - r/c). Take logs: exp(1 - r/c) >= {target} means
   1 - r/c >= ln {target} = {math.log(target):.4f}, so c >= r / (1 - ln {target}) = {bound:.2f}.
2. The smallest whole c is {c}: BP({c}) = {_penalty(c):.4f} reaches {target}, BP({c - 1}) = {_penalty(c - 1):.4f}
   does not.

```python
import bleu_explain as bx
def words(n, stem="w"):
    return " ".join(f"{{stem}}{{i}}" for i in range(1, n + 1))
def penalty(c):
    return bx.explain(words(c), [words({r}, "r")], preset="paper").brevity_penalty
next(c for c in range(1, {r + 1}) if penalty(c) >= {target})
```

Answer: **{c}**."""


EXERCISES = [
    Exercise(
        "best_match",
        f"A candidate of {BEST_MATCH_CANDIDATE_LENGTH} words has references of "
        f"{', '.join(map(str, BEST_MATCH_REFERENCE_LENGTHS))} words. Give (r, BP) as the paper computes them "
        "(best match length, preset='paper'), BP to two decimals.",
        check_best_match,
        solution=lambda: (_best_match_result().ref_len, _best_match_result().brevity_penalty),
        mistake=lambda: (min(BEST_MATCH_REFERENCE_LENGTHS), 1.0),
        worked=worked_best_match,
    ),
    Exercise(
        "half_penalty",
        f"Against a single reference of {HALF_PENALTY_REFERENCE_LENGTH} words, what is the shortest candidate "
        f"(in words) whose brevity penalty is at least {HALF_PENALTY_TARGET}?",
        check_half_penalty,
        solution=_shortest_reaching_target,
        mistake=lambda: HALF_PENALTY_REFERENCE_LENGTH // 2,
        worked=worked_half_penalty,
    ),
]
