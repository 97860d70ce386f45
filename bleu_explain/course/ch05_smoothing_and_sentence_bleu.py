"""Notebook 05, smoothing and sentence BLEU: its tables and its exercises; every score comes from the engine.

A sentence often has no matching 4-gram, and then unsmoothed BLEU is 0.
Each smoothing method replaces the zero differently:

>>> from bleu_explain.data.examples import CAT_SAT_CANDIDATE, CAT_SAT_REFERENCE
>>> table = smoothing_table([(CAT_SAT_CANDIDATE, [CAT_SAT_REFERENCE])])
>>> table.loc[("sacreBLEU", "none"), CAT_SAT_CANDIDATE], table.loc[("sacreBLEU", "exp"), CAT_SAT_CANDIDATE]
('0', '19.30')
>>> table.loc[("NLTK", "method6"), CAT_SAT_CANDIDATE][:41]
"NLTK's smoothing method6 requires a non-z"

Every exercise checker asks the engine for the right value and compares; it
names the mistake it recognises, never the number.

>>> exercise = {e.name: e for e in EXERCISES}
>>> exercise["exp_smoothing"].check(exercise["exp_smoothing"].solution()).correct
True
>>> exercise["exp_smoothing"].check(exercise["exp_smoothing"].mistake()).message.startswith("Those are the raw")
True
>>> exercise["effective_order"].check(exercise["effective_order"].mistake()).correct
False
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence

from ..api import explain, explain_corpus
from ..data.examples import CAT_SAT_REFERENCE, SHIP_REFERENCES
from ..engine.errors import BleuComputationError
from .answers import agrees, as_number
from .exercise import Exercise, Feedback

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..data.corpus import TeachingCorpus
    from ..results import SentenceExplanation


# --------------------------------------------------------------------------- every smoothing method
@dataclass(frozen=True)
class SmoothingMethod:
    """One smoothing method of one tool: the preset and ``smooth`` value that select it, and what it does."""

    tool: str
    smooth: str
    preset: str
    what: str


#: sacreBLEU's four methods and NLTK's SmoothingFunction methods 0-7 (defaults: epsilon 0.1, alpha 5, k 5).
SMOOTHING_METHODS: tuple[SmoothingMethod, ...] = (
    SmoothingMethod("sacreBLEU", "none", "sacrebleu", "no smoothing: a zero precision makes BLEU 0"),
    SmoothingMethod("sacreBLEU", "floor", "sacrebleu", "a zero match count becomes 0.1"),
    SmoothingMethod("sacreBLEU", "add-k", "sacrebleu", "add 1 to the matches and totals of orders 2 and up"),
    SmoothingMethod("sacreBLEU", "exp", "sacrebleu",
                    "the k-th order without matches gets 1/(2^k x total) (the default)"),
    SmoothingMethod("NLTK", "method0", "nltk",
                    "none: a zero precision becomes the smallest float, so BLEU is tiny, not 0"),
    SmoothingMethod("NLTK", "method1", "nltk", "a zero match count becomes epsilon = 0.1"),
    SmoothingMethod("NLTK", "method2", "nltk", "add 1 to the matches and totals of orders 2 and up"),
    SmoothingMethod("NLTK", "method3", "nltk",
                    "the k-th order without matches gets 1/(2^k x total), like sacreBLEU's exp"),
    SmoothingMethod("NLTK", "method4", "nltk", "like method3, scaled by ln(length)/5: shorter sentences get less"),
    SmoothingMethod("NLTK", "method5", "nltk", "each p_n becomes the mean of itself and its two neighbours"),
    SmoothingMethod("NLTK", "method6", "nltk", "orders 3 and up are interpolated with the prior p_(n-1)^2 / p_(n-2)"),
    SmoothingMethod("NLTK", "method7", "nltk", "method4, then method5"),
)


def format_score(score: float) -> str:
    """A 0-100 score as a table shows it: two decimals, or two significant digits when it is tiny.

    >>> format_score(37.9917), format_score(7.262e-76), format_score(0.0)
    ('37.99', '7.3e-76', '0')
    """
    if score == 0:
        return "0"
    if abs(score) >= 0.01:
        return f"{score:.2f}"
    return f"{score:.2g}"


def smoothing_scores(candidate: str, references: Sequence[str],
                     methods: Iterable[SmoothingMethod] = SMOOTHING_METHODS,
                     ) -> list[tuple[SmoothingMethod, Optional[float], str]]:
    """For each method: the method, the score (0-100) or None, and the tool's error message ('' if none)."""
    scores: list[tuple[SmoothingMethod, Optional[float], str]] = []
    for method in methods:
        try:
            scores.append((method, explain(candidate, list(references), preset=method.preset,
                                           smooth=method.smooth).score, ""))
        except BleuComputationError as exc:
            scores.append((method, None, str(exc)))
    return scores


def smoothing_table(pairs: Sequence[tuple[str, Sequence[str]]],
                    methods: Iterable[SmoothingMethod] = SMOOTHING_METHODS) -> "pd.DataFrame":
    """Sentence BLEU (0-100, as text) of each candidate under every smoothing method, side by side.

    ``pairs`` holds (candidate, references). Rows are indexed by (tool,
    smoothing); a column "what it does" describes the method, then one column
    per candidate. Where a tool cannot score a sentence (NLTK's method6 without
    a trigram match) the cell holds its error message instead of a number.
    """
    import pandas as pd

    methods = list(methods)
    rows: dict[tuple[str, str], dict[str, str]] = {(m.tool, m.smooth): {"what it does": m.what} for m in methods}
    for candidate, references in pairs:
        for method, score, error in smoothing_scores(candidate, references, methods):
            rows[(method.tool, method.smooth)][candidate] = error if score is None else format_score(score)
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.names = ["tool", "smoothing"]
    return table


# --------------------------------------------------------------------------- sentences and corpora
def effective_order_table(candidate: str, references: Sequence[str], preset: str = "sacrebleu",
                          **settings: Any) -> "pd.DataFrame":
    """sacreBLEU's score of one sentence without and with ``effective_order``.

    >>> effective_order_table("it", SHIP_REFERENCES)["score"].round(2).tolist()
    [0.0, 13.53]
    """
    import pandas as pd

    rows = []
    for flag in (False, True):
        result = explain(candidate, list(references), preset=preset, effective_order=flag, **settings)
        rows.append({"effective_order": flag, "score": result.score, "orders_combined": result.breakdown.orders_used,
                     "brevity_penalty": result.brevity_penalty, "signature": result.signature,
                     "note": " ".join(result.notes)})
    return pd.DataFrame(rows).set_index("effective_order")


def zero_match_table(corpus: "TeachingCorpus", preset: str = "sacrebleu", **settings: Any) -> "pd.DataFrame":
    """Per system: how many of its sentences have no match at each n-gram order, and in the whole corpus.

    The last column is the corpus's own count at the highest order: summed
    over all segments, it is far from zero.
    """
    import pandas as pd

    rows = []
    for name in corpus.system_names:
        result = corpus.explain(name, preset=preset, **settings)
        table = result.sentence_table()
        row: dict[str, Any] = {"system": name, "sentences": len(table)}
        for n in range(1, result.config.max_order + 1):
            row[f"no {n}-gram match"] = int((table[f"matches_{n}"] == 0).sum())
        row[f"corpus {result.config.max_order}-gram matches"] = result.matches[-1]
        rows.append(row)
    return pd.DataFrame(rows).set_index("system")


def sentence_vs_corpus(corpus: "TeachingCorpus", preset: str = "sacrebleu", **settings: Any) -> "pd.DataFrame":
    """Per system: corpus BLEU beside the mean of its sentence BLEUs (both 0-100, same settings).

    A sentence the tool cannot score alone (NLTK's method6 without a trigram match) is left out of the mean.
    """
    import pandas as pd

    rows = []
    for name in corpus.system_names:
        result = corpus.explain(name, preset=preset, **settings)
        sentence_scores = [score for score in result.sentence_scores if score is not None]
        mean = 100 * sum(sentence_scores) / len(sentence_scores)
        rows.append({"system": name, "corpus_bleu": result.score, "mean_sentence_bleu": mean,
                     "difference": mean - result.score})
    return pd.DataFrame(rows).set_index("system")


#: NLTK's eight smoothing functions, by name.
NLTK_METHODS: tuple[str, ...] = tuple(f"method{number}" for number in range(8))


def order_dependence(candidates: Sequence[str], references: Sequence[Sequence[str]],
                     methods: Iterable[str] = NLTK_METHODS,
                     preset: str = "nltk") -> "pd.DataFrame":
    """NLTK corpus BLEU (0-100) of a corpus in its order and reversed, for each smoothing method.

    In NLTK's ``corpus_bleu`` smoothing looks at the LAST sentence pair, so
    methods 5-7 change when the segments are reordered.

    >>> from bleu_explain.data.examples import SMOOTHING_CORPUS
    >>> cands, refs = zip(*SMOOTHING_CORPUS)
    >>> t = order_dependence(cands, refs)
    >>> t["same"].tolist()
    [True, True, True, True, True, False, False, False]
    """
    import pandas as pd

    rows = []
    for method in methods:
        row: dict[str, Any] = {"smoothing": method}
        for label, cands, refs in (("as given", list(candidates), [list(r) for r in references]),
                                   ("reversed", list(candidates)[::-1], [list(r) for r in references][::-1])):
            try:
                row[label] = explain_corpus(cands, refs, preset=preset, smooth=method).score
            except BleuComputationError as exc:
                row[label] = float("nan")
                row["error"] = str(exc)
        row["same"] = bool(abs(row["as given"] - row["reversed"]) <= 1e-9 * max(1.0, abs(row["as given"])))
        rows.append(row)
    return pd.DataFrame(rows).set_index("smoothing")


# --------------------------------------------------------------------------- exercises
#: Exercise 1: a candidate whose trigrams and 4-grams all miss, against one reference (sacreBLEU defaults).
EXP_CANDIDATE = "the mat sat on a cat"
EXP_REFERENCES = (CAT_SAT_REFERENCE,)
#: Exercise 2: a two-word candidate against the NLTK tutorial's four "ship" references.
EFFECTIVE_CANDIDATE = "ship it"


def _exp_result() -> "SentenceExplanation":
    return explain(EXP_CANDIDATE, list(EXP_REFERENCES), preset="sacrebleu", smooth="exp")


def check_exp_smoothing(answer: Any) -> Feedback:
    """The answer is a pair (p3, p4): the precisions sacreBLEU's exp smoothing combines for orders 3 and 4."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return Feedback(False, "Give a pair: (p3, p4), each as a fraction string like \"1/10\" or a number.")
    p3, p4 = answer
    if as_number(p3) is None or as_number(p4) is None:
        return Feedback(False, "Write each precision as a fraction string like \"1/10\" or as a number like 0.1.")
    result = _exp_result()
    want3, want4 = result.precisions[2], result.precisions[3]
    total3, total4 = result.totals[2], result.totals[3]
    if agrees(p3, want3) and agrees(p4, want4):
        return Feedback(True, "Right: the first order without matches gets 1/(2 x total), the second 1/(4 x total). "
                              "Each further empty order is halved again.")
    if as_number(p3) == 0 and as_number(p4) == 0:
        return Feedback(False, "Those are the raw precisions: no trigram and no 4-gram matches. Exp smoothing replaces "
                               "the k-th zero with 1/(2^k x total).")
    if agrees(p3, want3) and agrees(p4, 1 / (2 * total4)):
        return Feedback(False, "p3 is right. For p4, k counts the orders WITHOUT matches so far: this is the second, "
                               "so the factor is 2^2.")
    if agrees(p3, want3):
        return Feedback(False, "p3 is right; p4 is off. Count the candidate's 4-grams for the total, and use 2^k with "
                               "k = 2 (the second order without matches).")
    if agrees(p3, 1 / total3) or agrees(p4, 1 / total4):
        return Feedback(False, "You used 1/total, as if one n-gram had matched. Exp smoothing divides further, by 2^k "
                               "for the k-th order without matches.")
    return Feedback(False, "Count the candidate's trigrams and 4-grams first (sacreBLEU's 13a tokens: the candidate "
                           "has no punctuation). Then the k-th order without matches gets 1/(2^k x total).")


def _effective_result() -> "SentenceExplanation":
    return explain(EFFECTIVE_CANDIDATE, list(SHIP_REFERENCES), preset="sacrebleu", effective_order=True)


def check_effective_order(answer: Any) -> Feedback:
    """The answer is sacreBLEU's sentence score (0-100) of 'ship it' with effective_order=True."""
    if as_number(answer) is None:
        return Feedback(False, "Give the score as a number on sacreBLEU's 0-100 scale, e.g. 42.5.")
    result = _effective_result()
    if agrees(answer, result.score):
        return Feedback(True, "Right: with effective order only orders 1 and 2 take part, both precisions are 1, and "
                              "what is left is the brevity penalty.")
    if as_number(answer) == 0:
        return Feedback(False, "0 is the score WITHOUT effective order (there are no trigrams, so sacreBLEU stops). "
                               "With effective_order=True the orders the candidate cannot have are left out.")
    if agrees(answer, result.bleu, decimals=4):
        return Feedback(False, "That is the right value on the paper's 0-1 scale; sacreBLEU reports 0-100.")
    if agrees(answer, 100.0):
        return Feedback(False, "The precisions are perfect, but the candidate is shorter than the closest reference: "
                               "multiply by the brevity penalty.")
    return Feedback(False, "Work out p1 and p2 (is 'ship it' a bigram of some reference?), the closest reference "
                           "length (sacreBLEU's 13a tokens, ties to the shorter) and the brevity penalty.")


def worked_exp_smoothing() -> str:
    """The worked solution: count the trigrams and 4-grams, then halve 1/total once per order without matches."""
    r = _exp_result()
    raw = ", ".join(f"p{n} = {r.fraction(n)}" for n in range(1, 5))
    smoothed = [str(Fraction(p or 0).limit_denominator(1000)) for p in r.precisions[2:4]]
    return f"""1. sacreBLEU's 13a tokens of {EXP_CANDIDATE!r} are its {r.hyp_len} words, so it has {r.totals[2]} trigrams and
   {r.totals[3]} 4-grams. Against the reference: {raw}.
2. Exp smoothing gives the k-th order without matches 1/(2^k x total): order 3 is the first (k = 1),
   1/(2 x {r.totals[2]}) = {smoothed[0]}; order 4 the second (k = 2), 1/(4 x {r.totals[3]}) = {smoothed[1]}.

```python
import bleu_explain as bx
r = bx.explain({EXP_CANDIDATE!r}, {list(EXP_REFERENCES)!r})  # sacreBLEU's defaults: exp smoothing
print(r.notes)  # what the smoothing did, order by order
tuple(f"{{p:.4f}}" for p in r.precisions[2:4])
```

Answer: **({smoothed[0]!r}, {smoothed[1]!r})**, that is ({r.precisions[2]:.4f}, {r.precisions[3]:.4f})."""


def worked_effective_order() -> str:
    """The worked solution: only orders 1 and 2 count, both perfect, so the score is the brevity penalty."""
    r = _effective_result()
    return f"""1. {EFFECTIVE_CANDIDATE!r} has {r.hyp_len} tokens, so no trigram or 4-gram: with `effective_order=True` sacreBLEU
   combines orders 1 and 2 only. Both are perfect: p1 = {r.fraction(1)}, p2 = {r.fraction(2)} (the bigram is in
   {SHIP_REFERENCES[2]!r}).
2. The references have {", ".join(map(str, r.stats.ref_lens))} tokens (13a splits off the comma); the closest to
   c = {r.hyp_len} is r = {r.ref_len}, so BP = exp(1 - {r.ref_len}/{r.hyp_len}) = {r.brevity_penalty:.4f}.
3. The score is 100 x BP = {r.score:.2f}.

```python
import bleu_explain as bx
from bleu_explain.data import examples
r = bx.explain({EFFECTIVE_CANDIDATE!r}, examples.SHIP_REFERENCES, effective_order=True)
round(r.score, 2)
```

Answer: **{r.score:.2f}**."""


EXERCISES = [
    Exercise(
        "exp_smoothing",
        f"Candidate {EXP_CANDIDATE!r} against {list(EXP_REFERENCES)!r}, sacreBLEU's defaults (exp smoothing). "
        "Give (p3, p4), the precisions sacreBLEU combines for orders 3 and 4.",
        check_exp_smoothing,
        solution=lambda: tuple(str(Fraction(p or 0).limit_denominator(1000)) for p in _exp_result().precisions[2:4]),
        mistake=lambda: ("0/4", "0/3"),
        worked=worked_exp_smoothing,
    ),
    Exercise(
        "effective_order",
        f"Candidate {EFFECTIVE_CANDIDATE!r} against the NLTK tutorial's four 'ship' references: sacreBLEU's score "
        "(0-100, two decimals) with effective_order=True.",
        check_effective_order,
        solution=lambda: round(_effective_result().score, 2),
        mistake=lambda: 0.0,
        worked=worked_effective_order,
    ),
]
