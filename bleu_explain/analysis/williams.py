"""Does one metric agree with people better than another? Williams' test, as WMT's metrics task uses it.

Two metrics' correlations with the same human scores, over the same systems, are *dependent*: both lean on
the same human scores, and the two metrics usually agree with each other. Whether their intervals overlap
says nothing about their difference. Williams' test (Williams 1959) for two correlations sharing one variable
takes that dependence into account through the correlation of the two metrics with each other; WMT's
metrics task uses it, one-sided, to ask whether one metric's correlation with people is higher than
another's (Graham and Baldwin 2014). One-sided means one direction, fixed before the data are seen: the p of
"r1 > r2" and the p of "r2 > r1" add up to 1, so asking both ways at 0.05 is a two-sided test at 0.10. To ask
"do the two differ?" use the two-sided p, 2 * min(p, 1 - p) (:attr:`WilliamsResult.two_sided_p`):

    t = (r1 - r2) * sqrt((n - 1)(1 + r12)) / sqrt(2 K (n - 1)/(n - 3) + ((r1 + r2)/2)^2 (1 - r12)^3),
    K = 1 - r1^2 - r2^2 - r12^2 + 2 r1 r2 r12,

with r1 = r(metric 1, human), r2 = r(metric 2, human), r12 = r(metric 1, metric 2), and n - 3 degrees of
freedom. K is the determinant of the three variables' correlation matrix.

>>> result = williams_test(0.4, 0.5, 0.1, 103)
>>> round(result.t, 3), round(result.p_value, 3)
(-0.891, 0.813)
>>> round(williams_test(0.5, 0.4, 0.1, 103).p_value, 3)  # the other way round: is the second metric better?
0.187
>>> round(result.two_sided_p, 3)  # do the two differ? 2 * min(0.813, 0.187)
0.375
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Optional

from ..engine.errors import BleuInputError


@dataclass(frozen=True)
class WilliamsResult:
    """Williams' test that metric 1 correlates with the human scores better than metric 2 does (one-sided).

    ``r_first``/``r_second``: each metric's Pearson r with the human scores; ``r_between``: the two metrics' r with
    each other; ``n``: the number of systems; ``t`` with ``n - 3`` degrees of freedom; ``p_value``: one-sided, for
    "r_first > r_second"; :attr:`two_sided_p` for "r_first differs from r_second".
    """

    r_first: float
    r_second: float
    r_between: float
    n: int
    t: float
    p_value: float

    @property
    def degrees_of_freedom(self) -> int:
        return self.n - 3

    @property
    def two_sided_p(self) -> float:
        """The p-value of "the two correlations differ", either way: 2 * min(p, 1 - p), at most 1."""
        return min(1.0, 2 * min(self.p_value, 1 - self.p_value))


def williams_test(r_first: float, r_second: float, r_between: float, n: int) -> WilliamsResult:
    """Williams' t and one-sided p for "metric 1 agrees with people better than metric 2" (see the module)."""
    from scipy import stats

    if isinstance(n, bool) or not isinstance(n, int) or n < 4:
        raise BleuInputError(f"Williams' test needs at least 4 systems (n - 3 degrees of freedom), got n = {n!r}")
    for name, r in (("r_first", r_first), ("r_second", r_second), ("r_between", r_between)):
        if not isinstance(r, (int, float)) or not -1 <= r <= 1:
            raise BleuInputError(f"{name} must be a correlation between -1 and 1, got {r!r}")
    determinant = 1 - r_first ** 2 - r_second ** 2 - r_between ** 2 + 2 * r_first * r_second * r_between
    if determinant < -1e-12:
        raise BleuInputError(f"r = {r_first}, {r_second} and {r_between} cannot be the correlations of three "
                             "variables (their correlation matrix has a negative determinant)")
    spread = 2 * max(determinant, 0.0) * (n - 1) / (n - 3) + ((r_first + r_second) / 2) ** 2 * (1 - r_between) ** 3
    if spread <= 0:
        raise BleuInputError("the two metrics are perfectly correlated: Williams' test has nothing to compare")
    t = (r_first - r_second) * math.sqrt((n - 1) * (1 + r_between)) / math.sqrt(spread)
    return WilliamsResult(r_first=float(r_first), r_second=float(r_second), r_between=float(r_between), n=n,
                          t=float(t), p_value=float(stats.t.sf(t, n - 3)))


def williams_of_scores(first: Mapping[str, float], second: Mapping[str, float], human: Mapping[str, float], *,
                       systems: Optional[Sequence[str]] = None) -> WilliamsResult:
    """:func:`williams_test` of two metrics' system scores against the human ones, over ``systems`` (default: every
    system all three score), Pearson's r computed here.

    >>> human = {"a": 1.0, "b": 2.0, "c": 3.0, "d": 4.0, "e": 5.0}
    >>> close = {"a": 1.1, "b": 1.9, "c": 3.2, "d": 3.9, "e": 5.0}
    >>> rough = {"a": 2.0, "b": 1.0, "c": 3.5, "d": 5.0, "e": 4.0}
    >>> result = williams_of_scores(close, rough, human)
    >>> result.r_first > result.r_second, result.n, result.p_value < 0.05
    (True, 5, True)
    """
    import numpy as np

    names = list(systems) if systems is not None else [s for s in human if s in first and s in second]
    missing = [s for s in names if s not in first or s not in second or s not in human]
    if missing:
        raise BleuInputError(f"no score for {missing} in every one of the two metrics and the human scores")
    columns = np.array([[first[s], second[s], human[s]] for s in names], dtype=float).reshape(len(names), 3)
    if len(names) < 4:
        raise BleuInputError(f"Williams' test needs at least 4 systems, got {len(names)}")
    if np.any(columns.std(axis=0) == 0):
        raise BleuInputError("a metric or the human score is the same for every system: no correlation to compare")
    r = np.corrcoef(columns, rowvar=False)
    clip = lambda v: float(min(1.0, max(-1.0, v)))  # noqa: E731 -- rounding can take |r| a hair above 1
    return williams_test(clip(r[0, 2]), clip(r[1, 2]), clip(r[0, 1]), len(names))
