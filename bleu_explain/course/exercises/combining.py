"""Exercises of notebook 03 (combining orders).

The checkers read the right value off the engine's result and recognise the
usual slips: the arithmetic instead of the geometric mean, forgetting the root,
stopping in log space, or including the brevity penalty.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["geometric_mean"].check(ex["geometric_mean"].mistake()).message.startswith("That is the arithmetic mean")
True
"""

from __future__ import annotations

import math
from typing import Any

from ...api import explain
from . import Exercise, Feedback
from .modified_precision import EXAMPLE_1_REFERENCES
from .precision import as_number

#: The candidate of both exercises: the poor candidate 2 of the paper's Example 1.
CANDIDATE = "It is to insure the troops forever hearing the activity guidebook that party direct."

TOLERANCE = 5e-4  # a decimal answer may be rounded to three places


def _result(max_order: int):
    return explain(CANDIDATE, list(EXAMPLE_1_REFERENCES), preset="paper", max_order=max_order)


# --------------------------------------------------------------------------- exercise 1
def mean_values() -> dict[str, float]:
    """The geometric mean (from the engine's log terms) and the values of the usual slips."""
    r = _result(2)
    b = r.breakdown
    p = b.precisions
    return {
        "geometric": b.geometric_mean,
        "arithmetic": b.arithmetic_mean,
        "product": math.prod(p),
        "log": math.log(b.geometric_mean),
        "bleu": r.bleu,
    }


def _near(value: float, target: float) -> bool:
    return abs(value - target) <= TOLERANCE


def check_geometric_mean(answer: Any) -> Feedback:
    """The geometric mean of candidate 2's p1 and p2 (uniform weights), before the brevity penalty."""
    value = as_number(answer)
    if value is None:
        return Feedback(False, "Give a number, e.g. 0.123 (rounded to three decimals or more).")
    k = mean_values()
    if _near(value, k["geometric"]):
        return Feedback(True, "Right: exp(1/2 log p1 + 1/2 log p2), the square root of p1 x p2. It sits much "
                              "closer to the small p2 than the arithmetic mean does.")
    if _near(value, k["arithmetic"]):
        return Feedback(False, "That is the arithmetic mean (Doddington's choice). BLEU multiplies the precisions "
                               "and takes the N-th root, or equivalently averages their logs.")
    if _near(value, k["product"]):
        return Feedback(False, "You multiplied the precisions but forgot the root: with two orders, take the "
                               "square root of the product.")
    if _near(value, k["log"]):
        return Feedback(False, "You stopped in log space: that is the weighted sum of the logs. Apply exp to it.")
    if _near(value, k["bleu"]):
        return Feedback(False, "That already includes the brevity penalty (it is BLEU). We asked for the mean of "
                               "the precisions alone.")
    return Feedback(False, "Not that. Read p1 and p2 off the candidate's precision_table (max_order=2, "
                           "preset='paper'), then combine them with weights 1/2 each in log space.")


# --------------------------------------------------------------------------- exercise 2
def nonzero_orders() -> dict[int, float]:
    """BLEU of the candidate for each max order 1..4 (paper preset, no smoothing)."""
    return {n: _result(n).bleu for n in range(1, 5)}


def check_largest_nonzero_order(answer: Any) -> Feedback:
    """The largest max_order for which the candidate's BLEU (paper preset) is above 0."""
    if isinstance(answer, bool) or not isinstance(answer, int):
        return Feedback(False, "Give a whole number from 1 to 4.")
    if not 1 <= answer <= 4:
        return Feedback(False, "The max order here is between 1 and 4.")
    scores = nonzero_orders()
    right = max(n for n, s in scores.items() if s > 0)
    if answer == right:
        return Feedback(True, "Right: one order higher, an order has no matching n-gram at all, its p_n is 0, "
                              "and without smoothing the geometric mean, and BLEU, is 0.")
    if scores[answer] == 0:
        return Feedback(False, f"With max_order={answer} the score is 0: some order up to {answer} has no matching "
                               "n-gram, and one zero precision makes the whole product 0. Try a lower order.")
    return Feedback(False, f"With max_order={answer} the score is above 0, but a higher max order still is too. "
                           "Look at higher orders.")


EXERCISES = [
    Exercise(
        "geometric_mean",
        "Candidate 2 of the paper's Example 1 with preset='paper' and max_order=2: what is the geometric mean of "
        "p1 and p2 (uniform weights), i.e. BLEU before the brevity penalty?",
        check_geometric_mean,
        solution=lambda: round(mean_values()["geometric"], 4),
        mistake=lambda: round(mean_values()["arithmetic"], 4),
    ),
    Exercise(
        "largest_nonzero_order",
        "Candidate 2 of the paper's Example 1 with preset='paper' (no smoothing): what is the largest max_order "
        "(1 to 4) that still gives a BLEU above 0?",
        check_largest_nonzero_order,
        solution=lambda: max(n for n, s in nonzero_orders().items() if s > 0),
        mistake=lambda: 4,
    ),
]
