"""Many tests at once: how many false separations to expect, and Holm's correction.

Test 253 pairs of systems at the 0.05 level and, if no pair truly differed, about 253 x 0.05 = 12.65 of them would
be called different by chance alone (:func:`expected_false_positives`). Holm's step-down method (Holm 1979) keeps the
chance of calling *any* equal pair different at most the level, whatever the pairs: sort the m p-values, compare the
smallest with level / m, the next with level / (m - 1), and so on, stopping at the first that fails. Its adjusted
p-values (:func:`holm`) say the same: a pair is separated at the level when its adjusted p is below it.

>>> expected_false_positives(253, 0.05)
12.65
>>> [round(p, 3) for p in holm([0.01, 0.04, 0.03, 0.005])]
[0.03, 0.06, 0.06, 0.02]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.errors import BleuInputError


def expected_false_positives(n_tests: int, level: float = 0.05) -> float:
    """How many of ``n_tests`` tests of true null hypotheses a calibrated test calls significant, on average."""
    if isinstance(n_tests, bool) or not isinstance(n_tests, int) or n_tests < 0 or not 0 < level < 1:
        raise BleuInputError(f"need a whole number of tests >= 0 and 0 < level < 1, got {n_tests!r} and {level!r}")
    return round(n_tests * level, 12)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values, in the order given: for the k-th smallest of m, max over j <= k of (m - j + 1) p_(j),
    capped at 1."""
    values = [float(p) for p in p_values]
    if any(not 0 <= p <= 1 for p in values):
        raise BleuInputError("p-values must lie between 0 and 1")
    m = len(values)
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(sorted(range(m), key=values.__getitem__)):
        running = max(running, min(1.0, (m - rank) * values[index]))
        adjusted[index] = running
    return adjusted
