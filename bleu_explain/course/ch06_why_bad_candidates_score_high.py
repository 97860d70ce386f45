"""Notebook 06, why bad candidates score high: its exercises. Every checker asks the engine; none prints the answer.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["beat_the_fluent"].check(ex["beat_the_fluent"].solution()).correct
True
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from ..api import explain
from ..data.examples import JUNCTION_CANDIDATE, JUNCTION_REFERENCE, OREJUELA_FLUENT, OREJUELA_REFERENCE
from ..engine.tokenize import tokenize
from .answers import as_whole_number
from .exercise import Exercise, Feedback

#: Exercise 1: a candidate and its reference (whitespace tokens). No two of the candidate's pieces make a reference
#: bigram where they meet, so every order of the pieces keeps the score (and, counted over all 1,814,400 distinct
#: orderings of its words, no other order does: (k - b)! is exact here; tests/course/ recounts the pieces' orders).
CANDIDATE, REFERENCE = "the red ball hit a small boy near the garden", "a small boy kicked the red ball into the garden"
#: Exercise 2: the longest run of reference tokens a candidate may copy, and the worked solution's order of the
#: reference's runs of that length (no run follows the one it follows in the reference).
MAX_COPY, RUN_ORDER = 4, (2, 4, 0, 3, 1)


def _k_b() -> tuple[int, int]:
    result = explain(CANDIDATE, [REFERENCE], tokenize="none")
    return result.hyp_len, result.matches[1]


def pieces(candidate: str, reference: str) -> list[str]:
    """The candidate cut at every bigram that is in no reference (whitespace tokens): Callison-Burch et al.'s pieces.

    >>> pieces("a b x c d", "a b c d")
    ['a b', 'x', 'c d']
    """
    result = explain(candidate, [reference], tokenize="none")
    tokens, reference_bigrams = result.candidate_tokens, result.clipping[1].max_ref_counts
    cut = [[tokens[0]]]
    for left, right in zip(tokens, tokens[1:]):
        if reference_bigrams.get((left, right)):
            cut[-1].append(right)
        else:
            cut.append([right])
    return [" ".join(piece) for piece in cut]


def piece_orders_keeping_the_score(candidate: str, reference: str) -> tuple[int, int]:
    """(the orders of the candidate's pieces, (k - b)!, and how many of them the engine scores as the candidate)."""
    score = explain(candidate, [reference], tokenize="none").score
    orders = list(itertools.permutations(pieces(candidate, reference)))
    same = sum(explain(" ".join(order), [reference], tokenize="none").score == score for order in orders)
    return len(orders), same


def check_same_score_orderings(answer: Any) -> Feedback:
    """The answer is Callison-Burch et al.'s count (k - b)! for the exercise's candidate: the orders of its pieces."""
    if (count := as_whole_number(answer)) is None:
        return Feedback(False, "Give a whole number: how many orders of the pieces (k - b)! counts.")
    k, b = _k_b()
    if count == math.factorial(k - b):
        orders, same = piece_orders_keeping_the_score(CANDIDATE, REFERENCE)
        junction, junction_same = piece_orders_keeping_the_score(JUNCTION_CANDIDATE, JUNCTION_REFERENCE)
        return Feedback(True, f"Right: the candidate falls into k - b = {k - b} pieces at its non-matching bigrams, "
                              f"and its pieces can be put in (k - b)! = {orders} orders. Here {same} of them keep the "
                              "score, because no two pieces meet as a reference bigram. That is not so for every "
                              "candidate: where two pieces do meet as a reference bigram, that order gains a match "
                              f"and scores higher ({JUNCTION_CANDIDATE!r}: {junction_same} of its {junction} orders "
                              "keep the score), so Callison-Burch et al.'s \"at least (k - b)!\" holds only when no "
                              "junction matches.")
    close = "Close: recount the matching bigrams. A bigram matches if the two words stand next to each other in the reference too."
    hints = {math.factorial(k - b + 1): close, math.factorial(max(k - b - 1, 0)): close,
             k - b: "k - b is the number of pieces. The pieces can be ordered in (k - b)! ways.",
             math.factorial(k): "That counts every ordering of the words. Only the pieces between non-matching "
                                "bigrams move freely: count the words (k) and the matching bigrams (b) first."}
    return Feedback(False, hints.get(count, "Count k, the candidate's words, and b, its bigrams that also occur in "
                                            "the reference; the count is (k - b)!."))


def glued_runs() -> str:
    """The reference's runs of MAX_COPY tokens (sacreBLEU's tokens) joined in RUN_ORDER: the worked solution."""
    tokens = tokenize(OREJUELA_REFERENCE, "13a")
    return " ".join(" ".join(tokens[i * MAX_COPY:(i + 1) * MAX_COPY]) for i in RUN_ORDER)


def copied_runs(candidate: str, reference: str = OREJUELA_REFERENCE, longer_than: int = MAX_COPY) -> list[str]:
    """The candidate's runs of more than ``longer_than`` sacreBLEU tokens in a row that the reference has too, each
    as long as it goes (overlapping copied (longer_than + 1)-grams joined into one run).

    >>> copied_runs("so he was led to the plane", "he was led to the American plane")
    ['he was led to the']
    >>> copied_runs("so he was led to the plane", "he was led to the American plane", 5)
    []
    """
    n = longer_than + 1
    result = explain(candidate, [reference], max_order=n, smooth="none")
    tokens, copied = result.candidate_tokens, result.clipping[n - 1].max_ref_counts
    starts = [i for i in range(len(tokens) - n + 1) if copied.get(tuple(tokens[i:i + n]))]
    runs: list[list[int]] = []
    for i in starts:
        if runs and i <= runs[-1][1]:  # overlaps the run before: it goes on
            runs[-1][1] = i + n
        else:
            runs.append([i, i + n])
    return [" ".join(tokens[start:end]) for start, end in runs]


def check_beat_the_fluent(answer: Any) -> Feedback:
    """The answer is a candidate that copies at most 4 reference tokens in a row and outscores the fluent one."""
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, "Write your candidate as a string.")
    if runs := copied_runs(answer):
        shown = "; ".join(f"'{run}' ({len(run.split())} tokens)" for run in runs[:3]) + (" ..." if len(runs) > 3 else "")
        return Feedback(False, f"Your candidate copies {MAX_COPY + 1} or more reference tokens in a row: {shown}. "
                               "These are sacreBLEU's tokens, so ',' and '.' count, and a run can form where two of "
                               f"your pieces meet. Break the runs up: BLEU cannot see past {MAX_COPY}-grams anyway.")
    mine, fluent = explain(answer, [OREJUELA_REFERENCE]).score, explain(OREJUELA_FLUENT, [OREJUELA_REFERENCE]).score
    if mine > fluent:
        return Feedback(True, f"Yes: {mine:.2f} against the fluent candidate's {fluent:.2f}, for a sentence no reader "
                              "would accept. BLEU counts n-grams up to 4; it cannot see how they are put together.")
    return Feedback(False, f"Your candidate scores {mine:.2f}, the fluent one {fluent:.2f}. Use more of the reference's "
                           "4-word runs, keep the length close to the reference's, and do not repeat a word more often "
                           "than the reference has it (clipping).")


def worked_same_score_orderings() -> str:
    (k, b), cut = _k_b(), pieces(CANDIDATE, REFERENCE)
    orders, same = piece_orders_keeping_the_score(CANDIDATE, REFERENCE)
    return f"""1. k = {k}: the candidate's words. b = {b}: its bigrams that also stand side by side in the reference.
2. Cut the candidate wherever a bigram matches nothing: k - b = {k - b} pieces, {" | ".join(cut)}.
3. The pieces can be put in (k - b)! = {k - b}! orders. Each keeps every matching n-gram inside its piece; here no
   two pieces make a reference bigram where they meet, so the engine gives {same} of the {orders} orders the
   candidate's score. (Where two pieces do meet as a reference bigram, that order scores higher: section 5.)

```python
import math
import bleu_explain as bx
r = bx.explain({CANDIDATE!r}, [{REFERENCE!r}], tokenize="none")
math.factorial(r.hyp_len - r.matches[1])
```

Answer: **{math.factorial(k - b)}**."""


def worked_beat_the_fluent() -> str:
    mine = glued_runs()
    score, fluent = explain(mine, [OREJUELA_REFERENCE]).score, explain(OREJUELA_FLUENT, [OREJUELA_REFERENCE]).score
    return f"""BLEU counts n-grams up to 4, so runs of {MAX_COPY} reference tokens glued together in another order keep
almost every match without being a copy (section 5's (k - b)! argument, used on purpose). Cut the reference's
sacreBLEU tokens into runs of {MAX_COPY} and join them so that no run follows the one it follows in the reference
(order {RUN_ORDER}): no {MAX_COPY + 1} reference tokens stand in a row (the first check below prints 0), and the
candidate is as long as the reference (BP = 1).

```python
import bleu_explain as bx
from bleu_explain.data import examples
reference = examples.OREJUELA_REFERENCE
tokens = bx.tokenize(reference, "13a")
mine = " ".join(" ".join(tokens[i * {MAX_COPY}:(i + 1) * {MAX_COPY}]) for i in {RUN_ORDER})
print(bx.explain(mine, [reference], max_order={MAX_COPY + 1}, smooth="none").matches[{MAX_COPY}])
print(bx.explain(mine, [reference]).score, bx.explain(examples.OREJUELA_FLUENT, [reference]).score)
mine
```

Answer: **{mine!r}** ({score:.2f} against the fluent candidate's {fluent:.2f}), or any candidate passing both checks."""


EXERCISES = [
    Exercise("same_score_orderings", f"Candidate {CANDIDATE!r}, reference {REFERENCE!r} (whitespace tokens). Cut at "
             "its non-matching bigrams, the candidate falls into k - b pieces: in how many orders can they be put, "
             "as Callison-Burch et al.'s count (k - b)! says?",
             check_same_score_orderings, solution=lambda: math.factorial(_k_b()[0] - _k_b()[1]),
             mistake=lambda: math.factorial(_k_b()[0]), worked=worked_same_score_orderings),
    Exercise("beat_the_fluent", "Write a candidate for the Orejuela reference that copies at most 4 reference tokens "
             "in a row yet gets a higher sacreBLEU score than the fluent candidate 1.",
             check_beat_the_fluent, solution=glued_runs, mistake=lambda: OREJUELA_FLUENT, worked=worked_beat_the_fluent),
]
