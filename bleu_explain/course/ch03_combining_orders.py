"""Notebook 03's exercises: a geometric mean combined by hand, and the order at which one zero ends the score.

>>> mean = EXERCISES[0]
>>> mean.check(mean.solution()).correct, mean.check(mean.mistake()).message.startswith("That is the arithmetic mean")
(True, True)
"""

from __future__ import annotations

import math
from typing import Any

from ..api import explain
from ..data import examples
from .answers import agrees, as_number, as_whole_number, too_few_decimals
from .exercise import Exercise, Feedback

MEAN_CANDIDATE, REFS_1 = examples.EXAMPLE_1_CANDIDATE_2, list(examples.EXAMPLE_1_REFERENCES)
ORDER_CANDIDATE, REFS_4 = examples.EXAMPLE_4_CANDIDATE_1, list(examples.EXAMPLE_4_REFERENCES)
DECIMALS = 3  # the geometric mean is asked to three decimals: the usual slips' values lie close together


def _two_orders() -> Any:
    return explain(MEAN_CANDIDATE, REFS_1, preset="paper", max_order=2)


def check_geometric_mean(answer: Any) -> Feedback:
    r = _two_orders()
    b, product = r.breakdown, r.matches[0] * r.matches[1] / (r.totals[0] * r.totals[1])
    if agrees(answer, b.geometric_mean, DECIMALS):
        return Feedback(True, "Right: exp(1/2 log p1 + 1/2 log p2), the square root of p1 x p2. It sits much closer "
                              "to the small p2 than the arithmetic mean does.")
    hints = [(b.arithmetic_mean, "That is the arithmetic mean (Doddington's choice). BLEU multiplies the precisions and "
              "takes the N-th root, or equivalently averages their logs."),
             (product, "You multiplied the precisions but forgot the root: with two orders, take the square root."),
             (math.log(b.geometric_mean), "You stopped in log space: that is the weighted sum of the logs. Apply exp."),
             (r.bleu, "That includes the brevity penalty (it is BLEU); the question asks for the precisions' mean.")]
    hint = next((text for value, text in hints if agrees(answer, value, DECIMALS)), None)
    if as_number(answer) is None or too_few_decimals(answer, b.geometric_mean, DECIMALS):
        hint = "Give a number to three decimals or more, e.g. 0.123."
    return Feedback(False, hint or "Not that. Which two precisions does the exercise combine, and how does the "
                                   "section above combine precisions? Compare your steps with its cells.")


def _bleu_by_max_order() -> dict[int, float]:
    return {n: explain(ORDER_CANDIDATE, REFS_4, preset="paper", max_order=n).bleu for n in range(1, 5)}


def _largest_nonzero_order() -> int:
    return max(n for n, bleu in _bleu_by_max_order().items() if bleu > 0)


def check_largest_nonzero_order(answer: Any) -> Feedback:
    order = as_whole_number(answer)
    if order is None or not 1 <= order <= 4:
        return Feedback(False, "Give a whole number from 1 to 4.")
    if order == _largest_nonzero_order():
        return Feedback(True, "Right: one order higher no n-gram matches, that p_n is 0, and without smoothing the "
                              "geometric mean, and BLEU, is 0.")
    if _bleu_by_max_order()[order] == 0:
        return Feedback(False, f"With max_order={order} the score is 0: some order up to {order} has no matching "
                               "n-gram, and one zero precision makes the whole product 0. Try a lower order.")
    return Feedback(False, f"With max_order={order} the score is above 0, but a higher max order still is too.")


def worked_geometric_mean() -> str:
    r = _two_orders()
    return f"""The precisions are p1 = {r.fraction(1)} and p2 = {r.fraction(2)}; with weights 1/2 each their geometric
mean is exp(1/2 ln p1 + 1/2 ln p2), the square root of p1 x p2. Stop there: BLEU would multiply it by the brevity
penalty ({r.brevity_penalty:.4f}).

```python
import math
import bleu_explain as bx
from bleu_explain.data import examples
r = bx.explain(examples.EXAMPLE_1_CANDIDATE_2, examples.EXAMPLE_1_REFERENCES, preset="paper", max_order=2)
p1, p2 = r.precisions
round(math.exp(0.5 * math.log(p1) + 0.5 * math.log(p2)), 3)  # r.breakdown.geometric_mean
```

Answer: **{r.breakdown.geometric_mean:.3f}** (the arithmetic mean, {r.breakdown.arithmetic_mean:.3f}, sits much higher)."""


def worked_largest_nonzero_order() -> str:
    r, right = explain(ORDER_CANDIDATE, REFS_4, preset="paper"), _largest_nonzero_order()
    return f"""Without smoothing one zero precision makes the geometric mean, and so BLEU, 0. The candidate's precisions
are {", ".join(f"p{n} = {r.fraction(n)}" for n in range(1, 5))}: no n-gram of order {right + 1} is in a reference,
so every max order from {right + 1} up scores 0.

```python
import bleu_explain as bx
from bleu_explain.data import examples
bleu = {{n: bx.explain(examples.EXAMPLE_4_CANDIDATE_1, examples.EXAMPLE_4_REFERENCES, preset="paper",
                      max_order=n).bleu for n in range(1, 5)}}
max(n for n, score in bleu.items() if score > 0)
```

Answer: **{right}**."""


EXERCISES = [
    Exercise("geometric_mean", "Candidate 2 of the paper's Example 1 with preset='paper' and max_order=2: what is the "
             "geometric mean of p1 and p2 (uniform weights), i.e. BLEU before the brevity penalty? (three decimals)",
             check_geometric_mean, solution=lambda: round(_two_orders().breakdown.geometric_mean, 4),
             mistake=lambda: round(_two_orders().breakdown.arithmetic_mean, 4), worked=worked_geometric_mean),
    Exercise("largest_nonzero_order", f"{ORDER_CANDIDATE!r} (the paper's Example 4, candidate 1) against its three "
             "references with preset='paper' (no smoothing): what is the largest max_order (1 to 4) that still gives "
             "a BLEU above 0?", check_largest_nonzero_order, solution=_largest_nonzero_order, mistake=lambda: 4,
             worked=worked_largest_nonzero_order),
]
