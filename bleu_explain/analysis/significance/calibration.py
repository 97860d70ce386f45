"""Can a paired test's p-value be trusted? Measured on pairs of systems that are equally good by construction.

A p-value is calibrated when, for two equally good systems, p < 0.05 in 5% of comparisons, p < 0.2 in
20%, and so on: p is then spread evenly over 0 to 1. Whether sacreBLEU's two paired tests are calibrated is
a question of fact, measured here on real output:

* :func:`null_calibration` -- many pairs of equally good systems, built from two real systems by a fair coin
  per segment (heads: the first system's output goes to pseudo-system X and the second's to Y; tails: the other
  way round). Each pair is tested with the paired bootstrap and approximate randomization exactly as
  :mod:`.paired_bootstrap` and :mod:`.randomization` run them (sacreBLEU's procedures), and with the bootstrap
  centred on the mean *signed* difference (what the bootstrap test of Koehn 2004 and of Riezler and Maxwell 2005
  compares), from the same resamples.
* :func:`coin_mix` -- the same fair coin on two systems' texts: one pair of equally good systems, to show and test
  on its own (notebooks 08 and 09 use it for their close pair).
* :func:`power_curve` -- pairs with a known difference: the coin favours the better system for Y (it goes to Y
  with probability (1 + tilt) / 2), on test sets of N segments drawn from the real one. The share of pairs
  each test calls significant is its power for that difference and that N.

Both take segment statistics counted once (:class:`~bleu_explain.analysis.counts.SegmentCounts`); a pair is a
choice of rows, so no n-gram is counted again, and every resample is scored by the engine's summed statistics.

>>> import bleu_explain as bx
>>> from bleu_explain.analysis.counts import SegmentCounts
>>> refs = [["the cat sat on the mat"], ["a dog barked"], ["it rained all day"], ["we went home early"]]
>>> counts = SegmentCounts.of(bx.explain_systems({"A": ["the cat sat on a mat", "the dog barked", "it rained",
...     "we went home"], "B": ["a cat sat on the mat", "a dog barks", "it rained all day", "we left early"]}, refs,
...     progress=False))
>>> null = null_calibration(counts, ("A", "B"), n_pairs=5, n_resamples=50, n_trials=50)
>>> null.p_values["ar"].shape, 0 <= null.false_positive_rate("ar") <= 1
((5,), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence, TypeVar

from ...engine.errors import BleuInputError
from .. import resampling as rs

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import pandas as pd

    from ..counts import SegmentCounts

Output = TypeVar("Output")

#: The tests measured, in the order tables show them.
TESTS = ("bs", "ar", "bs-centred")
#: How tables and plots name them.
TEST_NAMES = {"bs": "paired bootstrap (sacreBLEU)", "ar": "approximate randomization (sacreBLEU)",
              "bs-centred": "paired bootstrap, centred on the mean difference"}


@dataclass(frozen=True)
class NullCalibration:
    """The p-values of each test (:data:`TESTS`) on ``n_pairs`` pairs of equally good systems.

    ``deltas``: each pair's observed BLEU difference (Y - X); ``systems``: the two real systems mixed.
    """

    systems: tuple[str, str]
    n_segments: int
    n_resamples: int
    n_trials: int
    seed: int
    deltas: "np.ndarray"
    p_values: dict[str, "np.ndarray"]

    @property
    def n_pairs(self) -> int:
        return int(len(self.deltas))

    def false_positive_rate(self, test: str, level: float = 0.05) -> float:
        """The share of pairs the test calls significant at ``level`` (p < level): all of them are false alarms."""
        return float((self._p(test) < level).mean())

    def rate_interval(self, test: str, level: float = 0.05, confidence: float = 0.95) -> tuple[float, float]:
        """The exact binomial (Clopper-Pearson) interval of the false-positive rate."""
        return binomial_interval(int((self._p(test) < level).sum()), self.n_pairs, confidence)

    def table(self, level: float = 0.05) -> "pd.DataFrame":
        """One row per test: pairs, how many are called significant, the rate and its 95% interval, median and
        largest p."""
        import numpy as np
        import pandas as pd

        rows = {}
        for test in TESTS:
            low, high = self.rate_interval(test, level)
            rows[TEST_NAMES[test]] = {"pairs": self.n_pairs, f"p < {level}": int((self._p(test) < level).sum()),
                                      "false-positive rate": self.false_positive_rate(test, level),
                                      "95% interval: low": low, "95% interval: high": high,
                                      "median p": float(np.median(self._p(test))),
                                      "largest p": float(self._p(test).max())}
        return pd.DataFrame.from_dict(rows, orient="index")

    def _p(self, test: str) -> "np.ndarray":
        if test not in self.p_values:
            raise BleuInputError(f"no test {test!r}; the tests are {list(self.p_values)}")
        return self.p_values[test]


@dataclass(frozen=True)
class PowerCurve:
    """How often each test calls a known difference significant: one row of ``table`` per (segments, tilt, test).

    Columns of ``table``: segments, tilt, test, mean delta (BLEU, Y - X, over the pairs), detected (the share of
    pairs with p < ``level``); ``pairs`` pairs per row.
    """

    systems: tuple[str, str]
    pairs: int
    level: float
    table: "pd.DataFrame"


def binomial_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval of a binomial proportion.

    >>> [round(x, 4) for x in binomial_interval(10, 200)]
    [0.0242, 0.09]
    """
    from scipy import stats

    if trials < 1 or not 0 <= successes <= trials:
        raise BleuInputError(f"need 0 <= successes <= trials and trials >= 1, got {successes} of {trials}")
    alpha = 1 - confidence
    low = 0.0 if successes == 0 else float(stats.beta.ppf(alpha / 2, successes, trials - successes + 1))
    high = 1.0 if successes == trials else float(stats.beta.ppf(1 - alpha / 2, successes + 1, trials - successes))
    return low, high


def coin_mix(better: Sequence[Output], worse: Sequence[Output], seed: int) -> tuple[list[Output], list[Output]]:
    """Two equally good systems: a fair coin per segment (``default_rng(seed)``, the coin :func:`null_calibration`
    tosses for one pair) gives the first the better output on heads and the worse on tails, the second the other.

    >>> coin_mix(["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], seed=0)
    (['a1', 'a2', 'a3', 'b4'], ['b1', 'b2', 'b3', 'a4'])
    """
    import numpy as np

    if len(better) != len(worse):
        raise BleuInputError(f"coin_mix needs two outputs of the same length, got {len(better)} and {len(worse)}")
    coins = np.random.default_rng(seed).integers(2, size=len(better)).astype(bool)
    return ([b if c else w for b, w, c in zip(better, worse, coins)],
            [w if c else b for b, w, c in zip(better, worse, coins)])


def null_calibration(counts: SegmentCounts, systems: tuple[str, str], *, n_pairs: int = 200,
                     n_resamples: int = rs.DEFAULT_BOOTSTRAP_SAMPLES, n_trials: int = rs.DEFAULT_AR_TRIALS,
                     seed: int = 0) -> NullCalibration:
    """Test ``n_pairs`` pairs of equally good systems mixed from ``systems`` by a fair coin per segment (``seed``).

    Each test runs with sacreBLEU's seed (12345), ``n_resamples`` bootstrap resamples and ``n_trials``
    randomization trials.
    """
    import numpy as np

    first, second = (counts.table[counts.systems.index(name)] for name in _known(counts, systems))
    rng = np.random.default_rng(seed)
    deltas: list[float] = []
    found: dict[str, list[float]] = {test: [] for test in TESTS}
    for _ in range(_positive(n_pairs, "n_pairs")):
        coins = rng.integers(2, size=len(counts)).astype(bool)[:, None]
        delta, p_values = _test_pair(np.where(coins, first, second), np.where(coins, second, first), counts,
                                     n_resamples, n_trials)
        deltas.append(delta)
        for test in TESTS:
            found[test].append(p_values[test])
    return NullCalibration(systems=systems, n_segments=len(counts), n_resamples=n_resamples, n_trials=n_trials,
                           seed=seed, deltas=np.array(deltas), p_values={t: np.array(p) for t, p in found.items()})


def power_curve(counts: SegmentCounts, systems: tuple[str, str], *, segments: Sequence[int], tilts: Sequence[float],
                pairs: int = 50, n_resamples: int = rs.DEFAULT_BOOTSTRAP_SAMPLES, n_trials: int = 1000,
                level: float = 0.05, seed: int = 0) -> PowerCurve:
    """Pairs with a known difference: ``systems`` is (worse, better); on ``segments`` segments drawn at random
    (without replacement) from the test set, the better system's output goes to Y with probability (1 + tilt) / 2
    per segment, the worse one's to X. Tilt 0 is :func:`null_calibration`'s coin; tilt 1 is the two real systems.
    """
    import numpy as np
    import pandas as pd

    worse, better = (counts.table[counts.systems.index(name)] for name in _known(counts, systems))
    if any(not 1 <= n <= len(counts) for n in segments) or any(not 0 <= t <= 1 for t in tilts):
        raise BleuInputError(f"segments must lie in 1..{len(counts)} and tilts in 0..1, got {segments}, {tilts}")
    rng = np.random.default_rng(seed)
    rows = []
    for n in segments:
        for tilt in tilts:
            deltas, detected = [], {test: 0 for test in TESTS}
            for _ in range(_positive(pairs, "pairs")):
                chosen = rng.choice(len(counts), size=n, replace=False)
                to_y = (rng.random(n) < (1 + tilt) / 2)[:, None]
                x = np.where(to_y, worse[chosen], better[chosen])
                y = np.where(to_y, better[chosen], worse[chosen])
                delta, p_values = _test_pair(x, y, counts, n_resamples, n_trials)
                deltas.append(delta)
                for test in TESTS:
                    detected[test] += p_values[test] < level
            rows += [{"segments": n, "tilt": tilt, "test": test, "mean delta": float(np.mean(deltas)),
                      "detected": detected[test] / pairs} for test in TESTS]
    return PowerCurve(systems=systems, pairs=pairs, level=level, table=pd.DataFrame(rows))


def _test_pair(x: "np.ndarray", y: "np.ndarray", counts: SegmentCounts, n_resamples: int,
               n_trials: int) -> tuple[float, dict[str, float]]:
    """The observed difference Y - X and each test's p-value, X as the baseline."""
    import numpy as np

    from .paired_bootstrap import _paired_bootstrap
    from .randomization import _paired_ar

    counted = _counted(x, y, counts)
    bs = _paired_bootstrap(counted, n_resamples, rs.DEFAULT_SEED)
    ar = _paired_ar(counted, n_trials, rs.DEFAULT_SEED, -1)
    centred = np.abs(bs.signed_deltas - bs.signed_deltas.mean())
    return bs.observed_delta, {"bs": bs.p_value, "ar": ar.p_value,
                               "bs-centred": rs.p_value(centred, abs(bs.observed_delta))}


def _counted(x: "np.ndarray", y: "np.ndarray", counts: SegmentCounts) -> rs.CountedSystems:
    """Two pseudo-systems' statistics (rows of ``counts.table``) as a paired test starts from them."""
    from ...engine.statistics import summed_statistics

    n = counts.config.max_order

    def as_stats(matrix: "np.ndarray") -> list:
        return [summed_statistics(row[0], row[1], row[2:2 + n], row[2 + n:]) for row in matrix.tolist()]

    return rs.CountedSystems(statistics=(as_stats(x), as_stats(y)), references=[[""]] * len(x), config=counts.config,
                             show_progress=False)


def _known(counts: SegmentCounts, systems: Sequence[str]) -> Sequence[str]:
    if len(systems) != 2 or len(set(systems)) != 2 or any(s not in counts.systems for s in systems):
        raise BleuInputError(f"give two different systems of {list(counts.systems)}, got {list(systems)}")
    return systems


def _positive(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise BleuInputError(f"{what} must be a whole number >= 1, got {value!r}")
    return value
