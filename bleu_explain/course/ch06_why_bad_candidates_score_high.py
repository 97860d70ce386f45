"""Notebook 06, why bad candidates score high: its exercises. Every checker asks the engine; none prints the answer.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["beat_the_fluent"].check(ex["beat_the_fluent"].solution()).correct
True
"""

from __future__ import annotations

import math
from typing import Any

from ..api import explain
from ..data.examples import OREJUELA_FLUENT, OREJUELA_REFERENCE
from ..engine.tokenize import tokenize
from .answers import as_whole_number
from .exercise import Exercise, Feedback

#: Exercise 1: a candidate and its reference (whitespace tokens). No two of the candidate's pieces make a reference
#: bigram where they meet, so every order of the pieces keeps the score: the count is exact here.
CANDIDATE, REFERENCE = "the red ball hit a small boy near the garden", "a small boy kicked the red ball into the garden"
#: Exercise 2: the longest run of reference tokens a candidate may copy, and the worked solution's order of the
#: reference's runs of that length (no run follows the one it follows in the reference).
MAX_COPY, RUN_ORDER = 4, (2, 4, 0, 3, 1)


def _k_b() -> tuple[int, int]:
    result = explain(CANDIDATE, [REFERENCE], tokenize="none")
    return result.hyp_len, result.matches[1]


def check_same_score_orderings(answer: Any) -> Feedback:
    """The answer is Callison-Burch et al.'s count (k - b)! for the exercise's candidate."""
    if (count := as_whole_number(answer)) is None:
        return Feedback(False, "Give a whole number: how many orderings Callison-Burch et al.'s count promises.")
    k, b = _k_b()
    if count == math.factorial(k - b):
        return Feedback(True, "Right: the candidate falls into k - b pieces at its non-matching bigrams, and "
                              "(k - b)! orders of them keep every match inside its piece. In general the count is a "
                              "lower bound, as Callison-Burch et al. say: other reorderings can tie as well, and an "
                              "order in which two pieces meet as a reference bigram gains a match. For this "
                              "candidate no two pieces do.")
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


def check_beat_the_fluent(answer: Any) -> Feedback:
    """The answer is a candidate that copies at most 4 reference tokens in a row and outscores the fluent one."""
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, "Write your candidate as a string.")
    if copied := explain(answer, [OREJUELA_REFERENCE], max_order=MAX_COPY + 1, smooth="none").matches[MAX_COPY]:
        return Feedback(False, f"Your candidate copies {MAX_COPY + 1} or more reference tokens in a row ({copied} such "
                               "run(s); sacreBLEU's tokens, so ',' and '.' count). Break the runs up: BLEU cannot see "
                               "past 4-grams anyway.")
    mine, fluent = explain(answer, [OREJUELA_REFERENCE]).score, explain(OREJUELA_FLUENT, [OREJUELA_REFERENCE]).score
    if mine > fluent:
        return Feedback(True, f"Yes: {mine:.2f} against the fluent candidate's {fluent:.2f}, for a sentence no reader "
                              "would accept. BLEU counts n-grams up to 4; it cannot see how they are put together.")
    return Feedback(False, f"Your candidate scores {mine:.2f}, the fluent one {fluent:.2f}. Use more of the reference's "
                           "4-word runs, keep the length close to the reference's, and do not repeat a word more often "
                           "than the reference has it (clipping).")


def worked_same_score_orderings() -> str:
    (k, b), words, ref = _k_b(), CANDIDATE.split(), REFERENCE.split()
    pieces = words[0] + "".join((" " if pair in zip(ref, ref[1:]) else " | ") + pair[1] for pair in zip(words, words[1:]))
    return f"""1. k = {k}: the candidate's words. b = {b}: its bigrams that also stand side by side in the reference.
2. Cut the candidate wherever a bigram matches nothing: k - b = {k - b} pieces, {pieces}.
3. Any order of the pieces keeps every matching n-gram inside its piece (and here no two pieces make a reference
   bigram where they meet), so BLEU cannot tell the orders apart: (k - b)! = {k - b}!.

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
    Exercise("same_score_orderings", f"Candidate {CANDIDATE!r}, reference {REFERENCE!r} (whitespace tokens). How "
             "many orderings with the same BLEU does Callison-Burch et al.'s count (k - b)! promise?",
             check_same_score_orderings, solution=lambda: math.factorial(_k_b()[0] - _k_b()[1]),
             mistake=lambda: math.factorial(_k_b()[0]), worked=worked_same_score_orderings),
    Exercise("beat_the_fluent", "Write a candidate for the Orejuela reference that copies at most 4 reference tokens "
             "in a row yet gets a higher sacreBLEU score than the fluent candidate 1.",
             check_beat_the_fluent, solution=glued_runs, mistake=lambda: OREJUELA_FLUENT, worked=worked_beat_the_fluent),
]
