"""Exercises of notebook 04 (the brevity penalty).

Every checker asks the engine for the right value and compares; it names the
mistake it recognises, never the number.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["best_match"].check(ex["best_match"].solution()).correct
True
>>> ex["best_match"].check(ex["best_match"].mistake()).message.startswith("12 is the shortest")
True
>>> ex["half_penalty"].check(ex["half_penalty"].mistake()).correct
False
"""

from __future__ import annotations

import math
from typing import Any, Optional

from ...api import explain
from . import Exercise, Feedback

#: Exercise 1: a candidate of this many words against references of these lengths.
BEST_MATCH_CANDIDATE_LENGTH = 14
BEST_MATCH_REFERENCE_LENGTHS = (12, 15, 17)
#: Exercise 2: the reference length and the penalty to reach.
HALF_PENALTY_REFERENCE_LENGTH = 20
HALF_PENALTY_TARGET = 0.5

TOLERANCE = 5e-3  # a decimal answer may be rounded to two places


def words(n: int, stem: str = "w") -> str:
    """A text of ``n`` distinct words ("w1 w2 ..."): only its length matters here.

    >>> words(3)
    'w1 w2 w3'
    """
    return " ".join(f"{stem}{i}" for i in range(1, n + 1))


def as_float(value: Any) -> Optional[float]:
    """A number (int, float, or a numeric string); None otherwise.

    >>> as_float("0.93"), as_float(1), as_float(True), as_float("x")
    (0.93, 1.0, None, None)
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


# --------------------------------------------------------------------------- exercise 1
def _best_match_result():
    return explain(words(BEST_MATCH_CANDIDATE_LENGTH),
                   [words(n, "r") for n in BEST_MATCH_REFERENCE_LENGTHS], preset="paper")


def check_best_match(answer: Any) -> Feedback:
    """The answer is a pair (r, BP) for a 14-word candidate against references of 12, 15 and 17 words."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return Feedback(False, "Give a pair: (r, BP), e.g. (16, 0.87).")
    r_given, bp_given = as_float(answer[0]), as_float(answer[1])
    if r_given is None or bp_given is None:
        return Feedback(False, "Write r as a whole number of words and BP as a number between 0 and 1.")
    result = _best_match_result()
    c, r = result.hyp_len, result.ref_len
    lengths = result.stats.ref_lens
    if r_given != r:
        if r_given == min(lengths):
            return Feedback(False, f"{int(r_given)} is the shortest reference: that is mteval's "
                                   "'--brevity-penalty shortest' option. The paper's best match length is the "
                                   "reference length CLOSEST to the candidate's.")
        if r_given == max(lengths):
            return Feedback(False, "That is the longest reference. The best match length is the reference length "
                                   "closest to the candidate's.")
        if r_given == c:
            return Feedback(False, "r is the length of a reference, not of the candidate: pick the reference "
                                   "length closest to the candidate's.")
        return Feedback(False, "r is one of the reference lengths (12, 15 or 17): the one closest to the "
                               "candidate's length.")
    if abs(bp_given - result.brevity_penalty) <= TOLERANCE:
        return Feedback(True, "Right: the closest reference is a little longer than the candidate, so there is a "
                              "small penalty, exp(1 - r/c).")
    if abs(bp_given - 1.0) <= TOLERANCE:
        return Feedback(False, "Your r is right, but BP is 1 only when the candidate is at least as long as r. "
                               "Here it is shorter: use exp(1 - r/c).")
    if abs(bp_given - math.exp(1 - c / r)) <= TOLERANCE:
        return Feedback(False, "Your r is right, but you computed exp(1 - c/r): the ratio is the other way up, "
                               "exp(1 - r/c), which is below 1 when the candidate is short.")
    return Feedback(False, "Your r is right; check BP = exp(1 - r/c) with c the candidate's length.")


# --------------------------------------------------------------------------- exercise 2
def _penalty(c: int) -> float:
    return explain(words(c), [words(HALF_PENALTY_REFERENCE_LENGTH, "r")], preset="paper").brevity_penalty


def _shortest_reaching_target() -> int:
    return next(c for c in range(1, HALF_PENALTY_REFERENCE_LENGTH + 1) if _penalty(c) >= HALF_PENALTY_TARGET)


def check_half_penalty(answer: Any) -> Feedback:
    """The answer is a whole number c: the shortest candidate whose BP against a 20-word reference is >= 0.5."""
    value = as_float(answer)
    if value is None or value != int(value) or value < 1:
        return Feedback(False, "Give the candidate length c as a whole number of words, e.g. 7.")
    c = int(value)
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


EXERCISES = [
    Exercise(
        "best_match",
        f"A candidate of {BEST_MATCH_CANDIDATE_LENGTH} words has references of "
        f"{', '.join(map(str, BEST_MATCH_REFERENCE_LENGTHS))} words. Give (r, BP) as the paper computes them "
        "(best match length, preset='paper').",
        check_best_match,
        solution=lambda: (_best_match_result().ref_len, _best_match_result().brevity_penalty),
        mistake=lambda: (min(BEST_MATCH_REFERENCE_LENGTHS), 1.0),
    ),
    Exercise(
        "half_penalty",
        f"Against a single reference of {HALF_PENALTY_REFERENCE_LENGTH} words, what is the shortest candidate "
        f"(in words) whose brevity penalty is at least {HALF_PENALTY_TARGET}?",
        check_half_penalty,
        solution=_shortest_reaching_target,
        mistake=lambda: HALF_PENALTY_REFERENCE_LENGTH // 2,
    ),
]
