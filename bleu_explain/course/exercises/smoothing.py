"""Exercises of notebook 05 (smoothing and sentence BLEU).

Every checker asks the engine for the right value and compares; it names the
mistake it recognises, never the number.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["exp_smoothing"].check(ex["exp_smoothing"].solution()).correct
True
>>> ex["exp_smoothing"].check(ex["exp_smoothing"].mistake()).message.startswith("Those are the raw precisions")
True
>>> ex["effective_order"].check(ex["effective_order"].mistake()).correct
False
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

from ...api import explain
from ..lessons.smoothing import SHIP_REFERENCES
from . import Exercise, Feedback

#: Exercise 1: a candidate whose trigrams and 4-grams all miss, against one reference (sacreBLEU defaults).
EXP_CANDIDATE = "the mat sat on a cat"
EXP_REFERENCES = ("the cat is on the mat",)
#: Exercise 2: a two-word candidate against seed 003's references.
EFFECTIVE_CANDIDATE = "ship it"

TOLERANCE = 5e-3  # a decimal answer may be rounded to two places


def as_number(answer: Any) -> Optional[float]:
    """A number given as ``"1/8"``, ``Fraction(1, 8)``, ``0.125`` or ``"0.125"``; None otherwise.

    >>> as_number("1/8"), as_number(0.125), as_number(Fraction(1, 8)), as_number("x"), as_number(True)
    (0.125, 0.125, 0.125, None, None)
    """
    if isinstance(answer, bool) or answer is None:
        return None
    if isinstance(answer, (int, float, Fraction)):
        return float(answer)
    if isinstance(answer, str):
        try:
            return float(Fraction(answer.replace(" ", "")))
        except (ValueError, ZeroDivisionError):
            return None
    return None


def _close(value: Optional[float], target: float, tolerance: float = TOLERANCE) -> bool:
    return value is not None and abs(value - target) <= tolerance


# --------------------------------------------------------------------------- exercise 1
def _exp_result():
    return explain(EXP_CANDIDATE, list(EXP_REFERENCES), preset="sacrebleu", smooth="exp")


def check_exp_smoothing(answer: Any) -> Feedback:
    """The answer is a pair (p3, p4): the precisions sacreBLEU's exp smoothing combines for orders 3 and 4."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return Feedback(False, "Give a pair: (p3, p4), each as a fraction string like \"1/10\" or a number.")
    p3, p4 = (as_number(a) for a in answer)
    if p3 is None or p4 is None:
        return Feedback(False, "Write each precision as a fraction string like \"1/10\" or as a number like 0.1.")
    r = _exp_result()
    want3, want4 = r.precisions[2], r.precisions[3]
    t3, t4 = r.totals[2], r.totals[3]
    if _close(p3, want3, 1e-4) and _close(p4, want4, 1e-4):
        return Feedback(True, "Right: the first order without matches gets 1/(2 x total), the second 1/(4 x total). "
                              "Each further empty order is halved again.")
    if p3 == 0 and p4 == 0:
        return Feedback(False, "Those are the raw precisions: no trigram and no 4-gram matches. Exp smoothing replaces "
                               "the k-th zero with 1/(2^k x total).")
    if _close(p3, want3, 1e-4) and _close(p4, 1 / (2 * t4), 1e-4):
        return Feedback(False, "p3 is right. For p4, k counts the orders WITHOUT matches so far: this is the second, "
                               "so the factor is 2^2.")
    if _close(p3, want3, 1e-4):
        return Feedback(False, "p3 is right; p4 is off. Count the candidate's 4-grams for the total, and use 2^k with "
                               "k = 2 (the second order without matches).")
    if _close(p3, 1 / t3, 1e-4) or _close(p4, 1 / t4, 1e-4):
        return Feedback(False, "You used 1/total, as if one n-gram had matched. Exp smoothing divides further, by 2^k "
                               "for the k-th order without matches.")
    return Feedback(False, "Count the candidate's trigrams and 4-grams first (sacreBLEU's 13a tokens: the candidate "
                           "has no punctuation). Then the k-th order without matches gets 1/(2^k x total).")


# --------------------------------------------------------------------------- exercise 2
def _effective_result():
    return explain(EFFECTIVE_CANDIDATE, list(SHIP_REFERENCES), preset="sacrebleu", effective_order=True)


def check_effective_order(answer: Any) -> Feedback:
    """The answer is sacreBLEU's sentence score (0-100) of 'ship it' with effective_order=True."""
    value = as_number(answer)
    if value is None:
        return Feedback(False, "Give the score as a number on sacreBLEU's 0-100 scale, e.g. 42.5.")
    r = _effective_result()
    if _close(value, r.score, 0.05):
        return Feedback(True, "Right: with effective order only orders 1 and 2 take part, both precisions are 1, and "
                              "what is left is the brevity penalty.")
    if value == 0:
        return Feedback(False, "0 is the score WITHOUT effective order (there are no trigrams, so sacreBLEU stops). "
                               "With effective_order=True the orders the candidate cannot have are left out.")
    if _close(value, r.bleu, 0.0005):
        return Feedback(False, "That is the right value on the paper's 0-1 scale; sacreBLEU reports 0-100.")
    if _close(value, 100.0, 0.05):
        return Feedback(False, "The precisions are perfect, but the candidate is shorter than the closest reference: "
                               "multiply by the brevity penalty.")
    return Feedback(False, "Work out p1 and p2 (is 'ship it' a bigram of some reference?), the closest reference length "
                           "(sacreBLEU's 13a tokens, ties to the shorter) and the brevity penalty.")


EXERCISES = [
    Exercise(
        "exp_smoothing",
        f"Candidate {EXP_CANDIDATE!r} against {list(EXP_REFERENCES)!r}, sacreBLEU's defaults (exp smoothing). "
        "Give (p3, p4), the precisions sacreBLEU combines for orders 3 and 4.",
        check_exp_smoothing,
        solution=lambda: tuple(str(Fraction(p).limit_denominator(1000)) for p in _exp_result().precisions[2:4]),
        mistake=lambda: ("0/4", "0/3"),
    ),
    Exercise(
        "effective_order",
        f"Candidate {EFFECTIVE_CANDIDATE!r} against seed 003's four references: sacreBLEU's score (0-100) with "
        "effective_order=True.",
        check_effective_order,
        solution=lambda: round(_effective_result().score, 2),
        mistake=lambda: 0.0,
    ),
]
