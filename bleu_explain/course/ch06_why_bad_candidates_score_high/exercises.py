"""The exercises of notebook 06 (why bad candidates score high).

Every checker asks the engine for the right value and compares; it names the
mistake it recognises, never the number.

>>> exercise = {e.name: e for e in EXERCISES}
>>> exercise["same_score_orderings"].check(exercise["same_score_orderings"].solution()).correct
True
>>> exercise["same_score_orderings"].check(exercise["same_score_orderings"].mistake()).message.startswith("That counts")
True
"""

from __future__ import annotations

import math
from typing import Any

from ...api import explain
from ...data.examples import OREJUELA_FLUENT, OREJUELA_REFERENCE
from ...results import SentenceExplanation
from ..answers import as_whole_number
from ..exercise import Exercise, Feedback
from .lesson import matching_chunks, nonsense_search, permutation_bound

#: Exercise 1: a candidate and its reference (whitespace tokens, case kept).
ORDERINGS_CANDIDATE = "on the mat the cat sat quietly today"
ORDERINGS_REFERENCE = "today the cat sat quietly on the mat"
#: Exercise 2: the longest run of consecutive reference tokens a candidate may copy.
MAX_COPY = 4


def _orderings_result() -> SentenceExplanation:
    return explain(ORDERINGS_CANDIDATE, [ORDERINGS_REFERENCE], tokenize="none")


def _orderings_answer() -> int:
    result = _orderings_result()
    return permutation_bound(result.hyp_len, result.matches[1])


def check_same_score_orderings(answer: Any) -> Feedback:
    """The answer is Callison-Burch et al.'s count (k - b)! for the exercise's candidate."""
    count = as_whole_number(answer)
    if count is None:
        return Feedback(False, "Give a whole number: how many orderings Callison-Burch et al.'s count promises.")
    result = _orderings_result()
    k, b = result.hyp_len, result.matches[1]
    if count == permutation_bound(k, b):
        return Feedback(True, "Right: the candidate falls into k - b pieces at its non-matching bigrams, and those "
                              "pieces can be put in any order without changing a single count.")
    if count == math.factorial(k):
        return Feedback(False, "That counts every ordering of the words. Only the pieces between non-matching "
                               "bigrams move freely: count the words (k) and the matching bigrams (b) first.")
    if count == k - b:
        return Feedback(False, "k - b is the number of pieces. The pieces can be ordered in (k - b)! ways.")
    if count in (math.factorial(k - b + 1), math.factorial(max(k - b - 1, 0))):
        return Feedback(False, "Close: recount the matching bigrams. A bigram matches if the two words stand next "
                               "to each other in the reference too.")
    return Feedback(False, "Count k, the candidate's words, and b, its bigrams that also occur in the reference; "
                           "the count is (k - b)!.")


def _fluent_score() -> float:
    return explain(OREJUELA_FLUENT, [OREJUELA_REFERENCE]).score


def check_beat_the_fluent(answer: Any) -> Feedback:
    """The answer is a candidate that copies at most 4 reference tokens in a row and outscores the fluent one."""
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, "Write your candidate as a string.")
    copied = explain(answer, [OREJUELA_REFERENCE], max_order=MAX_COPY + 1, smooth="none").matches[MAX_COPY]
    if copied:
        return Feedback(False, f"Your candidate copies {MAX_COPY + 1} or more reference tokens in a row "
                               f"({copied} such run(s); sacreBLEU's tokens, so ',' and '.' count). Break the "
                               "runs up: BLEU cannot see past 4-grams anyway.")
    mine, fluent = explain(answer, [OREJUELA_REFERENCE]).score, _fluent_score()
    if mine > fluent:
        return Feedback(True, f"Yes: {mine:.2f} against the fluent candidate's {fluent:.2f}, for a sentence no reader "
                              "would accept. BLEU counts n-grams up to 4; it cannot see how they are put together.")
    if math.isclose(mine, fluent, rel_tol=1e-9):
        return Feedback(False, "That scores exactly what the fluent candidate scores; you need more. Glue together "
                               "long runs from different places of the reference.")
    return Feedback(False, f"Your candidate scores {mine:.2f}, the fluent one {fluent:.2f}. Use more of the "
                           "reference's 4-word runs, keep the length close to the reference's, and do not repeat "
                           "a word more often than the reference has it (clipping).")


def worked_same_score_orderings() -> str:
    """The worked solution: count k and b, cut the candidate into k - b pieces, and count their orders."""
    result = _orderings_result()
    k, b = result.hyp_len, result.matches[1]
    pieces = " | ".join(" ".join(chunk) for chunk in matching_chunks(result))
    return f"""1. k = {k}: the candidate's words.
2. b = {b}: its bigrams that also stand side by side in the reference (clipped, as BLEU counts them).
3. Cut the candidate wherever a bigram matches nothing: k - b = {k - b} pieces, {pieces}. Any order of the pieces
   keeps every matching n-gram inside its piece, so BLEU cannot tell the orders apart: (k - b)! = {k - b}! =
   {permutation_bound(k, b)}.

```python
import math
import bleu_explain as bx
r = bx.explain({ORDERINGS_CANDIDATE!r}, [{ORDERINGS_REFERENCE!r}], tokenize="none")
k, b = r.hyp_len, r.matches[1]
math.factorial(k - b)
```

Answer: **{permutation_bound(k, b)}**."""


def worked_beat_the_fluent() -> str:
    """The worked solution: glue the reference's 4-token runs together out of order, then check the rule and the score."""
    mine = nonsense_search([OREJUELA_REFERENCE], max_copy=MAX_COPY).candidate
    score = explain(mine, [OREJUELA_REFERENCE]).score
    return f"""BLEU counts n-grams up to 4 and never looks further, so runs of {MAX_COPY} reference tokens, glued together in
another order, score well without being a copy.

1. Take runs of up to {MAX_COPY} consecutive tokens from the reference (sacreBLEU's tokens: ',' and '.' count).
2. Join them so that no {MAX_COPY + 1} reference tokens stand in a row: the candidate's {MAX_COPY + 1}-gram matches
   (without smoothing) must be 0.
3. Keep the length close to the reference's and use no word more often than the reference does (clipping).

A beam search that does exactly this found {mine!r}: {score:.2f} against the fluent candidate's
{_fluent_score():.2f}.

```python
import bleu_explain as bx
from bleu_explain.data import examples
reference = examples.OREJUELA_REFERENCE
mine = {mine!r}
print(bx.explain(mine, [reference], max_order={MAX_COPY + 1}, smooth="none").matches[{MAX_COPY}])  # 0: no copied run
print(bx.explain(mine, [reference]).score, bx.explain(examples.OREJUELA_FLUENT, [reference]).score)
mine
```

Answer: **{mine!r}**, or any candidate that passes both checks."""


EXERCISES = [
    Exercise(
        "same_score_orderings",
        f"Candidate {ORDERINGS_CANDIDATE!r}, reference {ORDERINGS_REFERENCE!r} (whitespace tokens). How many "
        "orderings with the same BLEU does Callison-Burch et al.'s count (k - b)! promise?",
        check_same_score_orderings,
        solution=_orderings_answer,
        mistake=lambda: math.factorial(_orderings_result().hyp_len),
        worked=worked_same_score_orderings,
    ),
    Exercise(
        "beat_the_fluent",
        "Write a candidate for the Orejuela reference that copies at most 4 reference tokens in a row yet gets a "
        "higher sacreBLEU score than the fluent candidate 1.",
        check_beat_the_fluent,
        solution=lambda: nonsense_search([OREJUELA_REFERENCE], max_copy=MAX_COPY).candidate,
        mistake=lambda: OREJUELA_FLUENT,
        worked=worked_beat_the_fluent,
    ),
]
