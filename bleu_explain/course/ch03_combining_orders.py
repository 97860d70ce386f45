"""Notebook 03 (combining orders): the tables of means, orders and weights, and the exercises.

Every number is read off a result of :func:`bleu_explain.explain`: the
geometric and arithmetic means come from the result's
:class:`~bleu_explain.engine.combine.ScoreBreakdown`. The exercises' checkers
recognise the usual slips: the arithmetic instead of the geometric mean,
forgetting the root, stopping in log space, or including the brevity penalty.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["geometric_mean"].check(ex["geometric_mean"].mistake()).message.startswith("That is the arithmetic mean")
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..api import explain
from ..data import examples
from ..engine.errors import BleuInputError
from .answers import agrees, as_number, as_whole_number, too_few_decimals
from .exercise import Exercise, Feedback

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation

    Result = SentenceExplanation | CorpusExplanation

__all__ = ["EXERCISES", "means_table", "orders_table", "weights_table"]


# --------------------------------------------------------------------------- tables
def means_table(results: Mapping[str, Result]) -> pd.DataFrame:
    """Per result: its precisions, their arithmetic and geometric means, BP and BLEU.

    The geometric mean is read off the result's log terms (it is BLEU / BP);
    the arithmetic mean is the weighted mean of the same precisions, the
    alternative Doddington (2002) argued for.

    >>> r = explain("a b c d", ["a b c e"], preset="paper", max_order=2)
    >>> means_table({"x": r})[["p1", "p2", "arithmetic_mean", "geometric_mean"]].round(4).values.tolist()
    [[0.75, 0.6667, 0.7083, 0.7071]]
    """
    import pandas as pd

    rows = []
    for name, r in results.items():
        if not hasattr(r, "breakdown"):
            raise BleuInputError(f"expected results of bleu_explain.explain, got {type(r).__name__}")
        b = r.breakdown
        row: dict[str, Any] = {"result": name}
        for n, p in enumerate(b.precisions, 1):
            row[f"p{n}"] = p
        row["arithmetic_mean"] = b.arithmetic_mean
        row["geometric_mean"] = b.geometric_mean
        row["brevity_penalty"] = b.brevity_penalty
        row["BLEU"] = r.bleu
        rows.append(row)
    return pd.DataFrame(rows).set_index("result")


def orders_table(candidate: str, references: Sequence[str], *, preset: str = "paper",
                 max_orders: Sequence[int] = (1, 2, 3, 4), **settings: Any) -> pd.DataFrame:
    """The same candidate scored with each max order: the precisions combined and BLEU.

    >>> orders_table(examples.EXAMPLE_4_CANDIDATE_1, examples.EXAMPLE_4_REFERENCES)["BLEU"].round(4).tolist()
    [1.0, 0.7071, 0.0, 0.0]
    """
    import pandas as pd

    rows = []
    for max_order in max_orders:
        r = explain(candidate, references, preset=preset, max_order=max_order, **settings)
        row: dict[str, Any] = {"max_order": max_order}
        for n in range(1, max(max_orders) + 1):
            row[f"p{n}"] = r.fraction(n) if n <= max_order else ""
        row["weights"] = ", ".join(f"{w:.4g}" for w in r.breakdown.weights)
        row["BLEU"] = r.bleu
        rows.append(row)
    return pd.DataFrame(rows).set_index("max_order")


def weights_table(candidate: str, references: Sequence[str], weightings: Mapping[str, Sequence[float]], *,
                  preset: str = "nltk", **settings: Any) -> pd.DataFrame:
    """The same candidate under several weight vectors (NLTK style: the number of weights is the max order).

    >>> t = weights_table(examples.EXAMPLE_4_CANDIDATE_2, examples.EXAMPLE_4_REFERENCES,
    ...                   {"unigrams only": (1.0,), "uniform 2": (0.5, 0.5)}, tokenize="paper", lowercase=True)
    >>> t["BLEU"].round(4).tolist()
    [1.0, 1.0]
    """
    import pandas as pd

    rows = []
    for label, weights in weightings.items():
        r = explain(candidate, references, preset=preset, weights=tuple(weights), **settings)
        rows.append({
            "weighting": label,
            "weights": ", ".join(f"{w:.4g}" for w in r.breakdown.weights),
            "sum_of_weights": math.fsum(r.breakdown.weights),
            "max_order": r.config.max_order,
            "precisions": ", ".join(r.fraction(n) for n in range(1, len(r.matches) + 1)),
            "BLEU": r.bleu,
        })
    return pd.DataFrame(rows).set_index("weighting")


# --------------------------------------------------------------------------- exercises
#: The candidate of both exercises: the poor candidate 2 of the paper's Example 1.
CANDIDATE = examples.EXAMPLE_1_CANDIDATE_2

#: Decimals the geometric mean is asked for (the means of the usual slips lie close together).
DECIMALS = 3


def _result(max_order: int) -> SentenceExplanation:
    return explain(CANDIDATE, examples.EXAMPLE_1_REFERENCES, preset="paper", max_order=max_order)


def mean_values() -> dict[str, float]:
    """The geometric mean of p1 and p2 (from the engine's log terms) and the values of the usual slips."""
    r = _result(2)
    b = r.breakdown
    return {
        "geometric": b.geometric_mean,
        "arithmetic": b.arithmetic_mean,
        "product": math.prod(p for p in b.precisions if p is not None),
        "log": math.log(b.geometric_mean),
        "bleu": r.bleu,
    }


def check_geometric_mean(answer: Any) -> Feedback:
    """The geometric mean of candidate 2's p1 and p2 (uniform weights), before the brevity penalty."""
    if as_number(answer) is None:
        return Feedback(False, "Give a number, e.g. 0.123 (rounded to three decimals or more).")
    k = mean_values()
    if agrees(answer, k["geometric"], DECIMALS):
        return Feedback(True, "Right: exp(1/2 log p1 + 1/2 log p2), the square root of p1 x p2. It sits much "
                              "closer to the small p2 than the arithmetic mean does.")
    if agrees(answer, k["arithmetic"], DECIMALS):
        return Feedback(False, "That is the arithmetic mean (Doddington's choice). BLEU multiplies the precisions "
                               "and takes the N-th root, or equivalently averages their logs.")
    if agrees(answer, k["product"], DECIMALS):
        return Feedback(False, "You multiplied the precisions but forgot the root: with two orders, take the "
                               "square root of the product.")
    if agrees(answer, k["log"], DECIMALS):
        return Feedback(False, "You stopped in log space: that is the weighted sum of the logs. Apply exp to it.")
    if agrees(answer, k["bleu"], DECIMALS):
        return Feedback(False, "That already includes the brevity penalty (it is BLEU). We asked for the mean of "
                               "the precisions alone.")
    if too_few_decimals(answer, k["geometric"], DECIMALS):
        return Feedback(False, "Close, but rounded too far: give three decimals.")
    return Feedback(False, "Not that. Read p1 and p2 off the candidate's precision_table (max_order=2, "
                           "preset='paper'), then combine them with weights 1/2 each in log space.")


def bleu_by_max_order() -> dict[int, float]:
    """BLEU of the candidate for each max order 1..4 (paper preset, no smoothing)."""
    return {n: _result(n).bleu for n in range(1, 5)}


def largest_nonzero_order() -> int:
    """The right answer of exercise 2, from the engine."""
    return max(n for n, bleu in bleu_by_max_order().items() if bleu > 0)


def check_largest_nonzero_order(answer: Any) -> Feedback:
    """The largest max_order for which the candidate's BLEU (paper preset) is above 0."""
    order = as_whole_number(answer)
    if order is None:
        return Feedback(False, "Give a whole number from 1 to 4.")
    if not 1 <= order <= 4:
        return Feedback(False, "The max order here is between 1 and 4.")
    scores = bleu_by_max_order()
    if order == largest_nonzero_order():
        return Feedback(True, "Right: one order higher, an order has no matching n-gram at all, its p_n is 0, "
                              "and without smoothing the geometric mean, and BLEU, is 0.")
    if scores[order] == 0:
        return Feedback(False, f"With max_order={order} the score is 0: some order up to {order} has no matching "
                               "n-gram, and one zero precision makes the whole product 0. Try a lower order.")
    return Feedback(False, f"With max_order={order} the score is above 0, but a higher max order still is too. "
                           "Look at higher orders.")


def worked_geometric_mean() -> str:
    """The worked solution: the two precisions, combined in log space with weights 1/2."""
    r = _result(2)
    p1, p2 = (r.matches[n] / r.totals[n] for n in (0, 1))  # both orders have matches: no smoothing needed
    k = mean_values()
    return f"""1. Read the precisions off the result (preset "paper", max_order=2): p1 = {r.fraction(1)} = {p1:.4f},
   p2 = {r.fraction(2)} = {p2:.4f}.
2. The geometric mean with weights 1/2 each is exp(1/2 ln p1 + 1/2 ln p2), the square root of p1 x p2:
   exp(1/2 x {math.log(p1):.4f} + 1/2 x {math.log(p2):.4f}) = {k["geometric"]:.4f}.
3. Stop there: BLEU multiplies this by the brevity penalty ({r.brevity_penalty:.4f}), which the question leaves out.

```python
import math
import bleu_explain as bx
from bleu_explain.data import examples
r = bx.explain(examples.EXAMPLE_1_CANDIDATE_2, examples.EXAMPLE_1_REFERENCES, preset="paper", max_order=2)
p1, p2 = r.precisions
round(math.exp(0.5 * math.log(p1) + 0.5 * math.log(p2)), 3)  # the same as r.breakdown.geometric_mean
```

Answer: **{k["geometric"]:.3f}** (the arithmetic mean, {k["arithmetic"]:.3f}, sits much higher)."""


def worked_largest_nonzero_order() -> str:
    """The worked solution: the first order without a match makes every higher max order score 0."""
    r = _result(4)
    fractions = ", ".join(f"p{n} = {r.fraction(n)}" for n in range(1, 5))
    right = largest_nonzero_order()
    scores = ", ".join(f"max_order={n}: {bleu:.4f}" for n, bleu in bleu_by_max_order().items())
    return f"""Without smoothing one zero precision makes the geometric mean, and so BLEU, 0.

1. The candidate's precisions are {fractions}: order {right + 1} is the first with no match.
2. So every max order from {right + 1} up scores 0, and {right} is the largest that does not: {scores}.

```python
import bleu_explain as bx
from bleu_explain.data import examples
scores = {{n: bx.explain(examples.EXAMPLE_1_CANDIDATE_2, examples.EXAMPLE_1_REFERENCES, preset="paper",
                        max_order=n).bleu for n in range(1, 5)}}
max(n for n, bleu in scores.items() if bleu > 0)
```

Answer: **{right}**."""


EXERCISES = [
    Exercise(
        "geometric_mean",
        "Candidate 2 of the paper's Example 1 with preset='paper' and max_order=2: what is the geometric mean of "
        "p1 and p2 (uniform weights), i.e. BLEU before the brevity penalty? (three decimals)",
        check_geometric_mean,
        solution=lambda: round(mean_values()["geometric"], 4),
        mistake=lambda: round(mean_values()["arithmetic"], 4),
        worked=worked_geometric_mean,
    ),
    Exercise(
        "largest_nonzero_order",
        "Candidate 2 of the paper's Example 1 with preset='paper' (no smoothing): what is the largest max_order "
        "(1 to 4) that still gives a BLEU above 0?",
        check_largest_nonzero_order,
        solution=largest_nonzero_order,
        mistake=lambda: 4,
        worked=worked_largest_nonzero_order,
    ),
]
