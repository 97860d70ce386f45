"""Notebook 04's exercises: the best match length and its penalty, and the shortest candidate that keeps half.

>>> best = EXERCISES[0]
>>> best.check(best.solution()).correct, "7 is the shortest" in best.check(best.mistake()).message
(True, True)
"""

from __future__ import annotations

import math
from typing import Any

from ..api import explain
from .answers import agrees, as_number, as_whole_number, slip
from .exercise import Exercise, Feedback, feedback

CANDIDATE_LENGTH, REFERENCE_LENGTHS = 10, (7, 12, 16)  # exercise 1: no tie, and the closest is longer
HALF_R, HALF = 20, 0.5  # exercise 2: one reference of 20 words; keep at least half the score


def _words(n: int) -> str:
    return " ".join(["w"] * n)  # only the lengths matter here


def _best_match() -> Any:
    return explain(_words(CANDIDATE_LENGTH), [_words(n) for n in REFERENCE_LENGTHS], preset="paper")


BP_IS = " (BP is a factor between 0 and 1)"


def check_best_match(answer: Any) -> Feedback:
    if not isinstance(answer, (tuple, list)) or len(answer) != 2 or as_number(answer[1]) is None:
        return Feedback(False, "Give a pair: (r, BP), e.g. (16, 0.87), r in words and BP between 0 and 1.")
    (r_given, bp_given), result = (as_whole_number(answer[0]), answer[1]), _best_match()
    c, r = result.hyp_len, result.ref_len
    if r_given != r:
        return Feedback(False, _bp_of_wrong_r(r_given, bp_given, c, result.brevity_penalty) + _which_r(r_given))
    if agrees(bp_given, result.brevity_penalty):
        return Feedback(True, "Right: the closest reference is a little longer than the candidate, so there is a "
                              "small penalty, exp(1 - r/c).")
    found = slip(bp_given, result.brevity_penalty)
    if found is not None:
        return Feedback(False, f"Your r is right; your BP is {found.words('BP')}"
                               f"{BP_IS if found.written_on else ''}.", almost=True)
    if agrees(bp_given, math.exp(1 - c / r)):
        return Feedback(False, "Your r is right, but you computed exp(1 - c/r): the ratio is the other way up.")
    return Feedback(False, "Your r is right; BP is 1 only when the candidate is longer than r, else exp(1 - r/c) "
                           "with c the candidate's length (two decimals).")


def _which_r(r_given: int | None) -> str:
    """What is wrong with a wrong r: the shortest reference (mteval's other rule), or any other length."""
    if r_given == min(REFERENCE_LENGTHS):
        return (f"{r_given} is the shortest reference: that is mteval's '--brevity-penalty shortest' (and Hugging Face "
                "evaluate's only rule). The paper's best match length is the CLOSEST reference length.")
    return "r is the length of the reference closest to the candidate's length."


def _bp_of_wrong_r(r_given: int | None, bp_given: Any, c: int, right_bp: float) -> str:
    """What to say first of the BP half when r is wrong: right anyway, or right for the r given (so only r is off)."""
    if agrees(bp_given, right_bp) or slip(bp_given, right_bp):
        return "Your BP is right, but your r is not: "
    if r_given and r_given > 0 and agrees(bp_given, 1.0 if c > r_given else math.exp(1 - r_given / c)):
        return f"Your BP is right for r = {r_given}, so only r is off: "
    return ""


def _penalty(c: int) -> float:
    return explain(_words(c), [_words(HALF_R)], preset="paper").brevity_penalty


def _shortest_keeping_half() -> int:
    return next(c for c in range(1, HALF_R + 1) if _penalty(c) >= HALF)


def check_half_penalty(answer: Any) -> Feedback:
    c = as_whole_number(answer)
    if c is None or c < 1:
        return Feedback(False, "Give the candidate length c as a whole number of words, e.g. 7.")
    if c >= HALF_R:
        return Feedback(False, f"From c = {HALF_R} on BP is 1, but a shorter candidate already reaches {HALF}. "
                               f"Solve exp(1 - r/c) >= {HALF} for c.")
    if _penalty(c) < HALF:
        return Feedback(False, f"Too short: a candidate of {c} words gets a penalty below {HALF}"
                               f"{' (c = r/2 gives exp(1 - 2) = 0.37)' if 2 * c == HALF_R else ''}. Take logs.")
    return feedback(c == _shortest_keeping_half(), "Right: one word less and BP falls below one half.",
                    f"A candidate of {c} words does reach {HALF}, but so does a shorter one. Find the smallest c.")


def worked_best_match() -> str:
    result = _best_match()
    c, r = result.hyp_len, result.ref_len
    return f"""The best match length is the reference length closest to c = {c}: r = {r} (no tie here). The candidate is
shorter, so BP = exp(1 - r/c) = exp(1 - {r}/{c}). Only the lengths matter, so any words will do:

```python
import bleu_explain as bx
result = bx.explain(" ".join(["w"] * {c}), [" ".join(["w"] * n) for n in {REFERENCE_LENGTHS}], preset="paper")
(result.ref_len, round(result.brevity_penalty, 4))
```

Answer: **({r}, {result.brevity_penalty:.4f})**."""


def worked_half_penalty() -> str:
    c = _shortest_keeping_half()
    return f"""Below r = {HALF_R}, BP = exp(1 - r/c) >= {HALF} means 1 - r/c >= ln {HALF}, so c >= r / (1 - ln {HALF}) =
{HALF_R / (1 - math.log(HALF)):.2f}: the smallest whole c is {c} (BP {_penalty(c):.4f}; with {c - 1} words,
{_penalty(c - 1):.4f}).

```python
import bleu_explain as bx
def penalty(c):
    return bx.explain(" ".join(["w"] * c), [" ".join(["w"] * {HALF_R})], preset="paper").brevity_penalty
next(c for c in range(1, {HALF_R + 1}) if penalty(c) >= {HALF})
```

Answer: **{c}**."""


EXERCISES = [
    Exercise("best_match", f"A candidate of {CANDIDATE_LENGTH} words has references of "
             f"{', '.join(map(str, REFERENCE_LENGTHS))} words. Give (r, BP) as the paper computes them (best match "
             "length, preset='paper'), BP to two decimals.", check_best_match,
             solution=lambda: (_best_match().ref_len, _best_match().brevity_penalty),
             mistake=lambda: (min(REFERENCE_LENGTHS), 1.0), worked=worked_best_match),
    Exercise("half_penalty", f"Against a single reference of {HALF_R} words, what is the shortest candidate (in "
             f"words) whose brevity penalty is at least {HALF}?", check_half_penalty,
             solution=_shortest_keeping_half, mistake=lambda: HALF_R // 2, worked=worked_half_penalty),
]
