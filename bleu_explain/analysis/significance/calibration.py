"""Can a paired test's p-value be trusted? Measured on pairs of systems that are equally good by construction.

A p-value is calibrated when, for two equally good systems, p < 0.05 in 5% of comparisons, p < 0.2 in
20%, and so on: p is then spread evenly over 0 to 1. Whether sacreBLEU's two paired tests are calibrated is
a question of fact, measured here on real output. Each test has its own null hypothesis (:data:`NULL_HYPOTHESES`):

* approximate randomization: the two systems' outputs are *exchangeable* segment by segment, so which system
  produced which of a segment's two outputs is a coin toss;
* the bootstrap: over test sets of segments like these, the expected BLEU difference is 0. sacreBLEU's paired
  bootstrap (the Moses script's statistic, |Δ*| − mean |Δ*|) does not test it as a p-value should; the bootstrap
  centred on the mean *signed* difference (as Riezler and Maxwell 2005 describe it), |Δ* − mean Δ*|, does.

The measurements:

* :func:`null_calibration` -- many pairs of equally good systems, built from two real systems by a fair coin
  per segment (heads: the first system's output goes to pseudo-system X and the second's to Y; tails: the other
  way round). Each pair is tested with the paired bootstrap and approximate randomization exactly as
  :mod:`.paired_bootstrap` and :mod:`.randomization` run them (sacreBLEU's procedures), and with the centred
  bootstrap, from the same resamples. The coin is exactly the swap approximate randomization performs: these
  pairs are its null by construction, so they calibrate it by construction too; they can show that a bootstrap
  is off, not that randomization is right for systems equal on average but different in kind.
* :func:`coin_mix` -- the same fair coin on two systems' texts: one pair of equally good systems, to show and test
  on its own (notebooks 08 and 09 use it for their close pair).
* :func:`power_curve` -- pairs with a known difference: the coin favours the better system for Y (it goes to Y
  with probability (1 + tilt) / 2), on test sets of N segments drawn from the real one; tilt 0 gives equally good
  pairs of N segments. The share of pairs each test calls significant is its power for that difference and that N;
  :meth:`PowerCurve.size_adjusted` compares the tests at equal size.

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

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence, TypeVar

from ...engine.errors import BleuInputError
from .. import resampling as rs

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import pandas as pd

    from ...data.calibration_figures import CalibrationFigures
    from ..counts import SegmentCounts

Output = TypeVar("Output")

#: The tests measured, in the order tables show them.
TESTS = ("bs", "ar", "bs-centred")
#: How tables and plots name them.
TEST_NAMES = {"bs": "paired bootstrap (sacreBLEU)", "ar": "approximate randomization (sacreBLEU)",
              "bs-centred": "paired bootstrap, centred on the mean difference"}
#: What each test's p-value is computed under: its null hypothesis, in words.
NULL_HYPOTHESES = {
    "bs": "meant: the expected BLEU difference over test sets like this one is 0; computed: how often a resampled "
          "|Δ*| minus the mean of all |Δ*| exceeds the observed |Δ| (the Moses script's statistic)",
    "ar": "the two outputs of each segment are exchangeable: which system produced which is a coin toss",
    "bs-centred": "the expected BLEU difference over test sets like this one is 0: how often |Δ* − mean Δ*| "
                  "exceeds the observed |Δ|",
}


def moses_p_ceiling() -> float:
    """The largest p sacreBLEU's paired bootstrap can give a pair near the null, if Δ* is about normal with mean 0.

    Its p is the share of resamples with |Δ*| − mean |Δ*| > |Δ|; at |Δ| = 0 that is P(|Δ*| > mean |Δ*|). For a
    normal Δ* with mean 0 and spread σ, mean |Δ*| = σ √(2/π), so p ≤ P(|Z| > √(2/π)).

    >>> round(moses_p_ceiling(), 4)
    0.4249
    """
    from scipy import stats

    return float(2 * stats.norm.sf(math.sqrt(2 / math.pi)))


def moses_p_under_normal(distance: float) -> float:
    """sacreBLEU's paired-bootstrap p for a pair whose resampled differences Δ* are normal with mean Δ (the observed
    difference) and spread σ, at ``distance`` = |Δ| / σ: P(|Δ*| - mean |Δ*| > |Δ|).

    mean |Δ*| is the mean of a folded normal, σ (√(2/π) e^(-d²/2) + d (1 - 2 Φ(-d))) with d = |Δ| / σ. At d = 0 this
    is :func:`moses_p_ceiling`.

    >>> round(moses_p_under_normal(0.0), 4), round(moses_p_under_normal(1.6), 3)
    (0.4249, 0.05)
    """
    from scipy import stats

    d = abs(distance)
    mean_size = math.sqrt(2 / math.pi) * math.exp(-d * d / 2) + d * (1 - 2 * stats.norm.cdf(-d))
    bound = d + mean_size  # |Δ*| beyond this, in units of σ: Δ* > bound or Δ* < -bound
    return float(stats.norm.sf(bound - d) + stats.norm.cdf(-bound - d))


def median_interval(values: "np.ndarray", confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval of the median: the order statistics that the binomial(n, 1/2) puts
    ``confidence`` between (each at least as wide as ``confidence``).

    >>> median_interval(__import__("numpy").arange(1.0, 101.0))
    (40.0, 61.0)
    """
    import numpy as np
    from scipy import stats

    ordered = np.sort(np.asarray(values, dtype=float))
    n = len(ordered)
    if n < 6:
        raise BleuInputError(f"a median's interval needs at least 6 values, got {n}")
    low = int(stats.binom.ppf((1 - confidence) / 2, n, 0.5))  # P(X <= low - 1) <= alpha/2
    high = n - low  # symmetric: the low-th and (n - low + 1)-th values, 1-based
    return float(ordered[max(low - 1, 0)]), float(ordered[min(high, n - 1)])


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

    def size_adjusted_threshold(self, test: str, level: float = 0.05) -> float:
        """The threshold t that gives the test a measured size of ``level`` here: p < t in at most a share ``level``
        of these equally good pairs (the k-th smallest p, k = floor(level * pairs), 0-based)."""
        import numpy as np

        return size_adjusted_threshold(np.asarray(self._p(test)), level)

    def table(self, level: float = 0.05) -> "pd.DataFrame":
        """One row per test: pairs, how many are called significant, the rate and its 95% interval, the median p with
        its 95% interval, and the largest p."""
        import numpy as np
        import pandas as pd

        rows = {}
        for test in TESTS:
            low, high = self.rate_interval(test, level)
            median_low, median_high = median_interval(self._p(test))
            rows[TEST_NAMES[test]] = {"pairs": self.n_pairs, f"p < {level}": int((self._p(test) < level).sum()),
                                      "false-positive rate": self.false_positive_rate(test, level),
                                      "rate: low": low, "rate: high": high,
                                      "median p": float(np.median(self._p(test))),
                                      "median: low": median_low, "median: high": median_high,
                                      "largest p": float(self._p(test).max())}
        return pd.DataFrame.from_dict(rows, orient="index")

    def _p(self, test: str) -> "np.ndarray":
        if test not in self.p_values:
            raise BleuInputError(f"no test {test!r}; the tests are {list(self.p_values)}")
        return self.p_values[test]


@dataclass(frozen=True)
class PowerCurve:
    """How often each test calls a known difference significant, pair by pair.

    ``pair_p_values``: one row per pair (columns segments, tilt, pair, delta, and one p-value column per test of
    :data:`TESTS`); ``pairs`` pairs per (segments, tilt) with tilt > 0; tilt 0 gives equally good pairs of that many
    segments (their number is in ``table``'s ``pairs``).
    """

    systems: tuple[str, str]
    pairs: int
    level: float
    pair_p_values: "pd.DataFrame"

    @property
    def table(self) -> "pd.DataFrame":
        """One row per (segments, tilt, test): mean delta (BLEU, Y - X), how many pairs were detected (p < ``level``),
        the share ``detected`` and its exact binomial 95% interval (``low``, ``high``)."""
        return self._summary({test: self.level for test in TESTS})

    def size_adjusted(self, level: float | None = None) -> "pd.DataFrame":
        """Power at equal size: each test's threshold set, for each test-set size, at the p that gives it a measured
        false-positive rate of ``level`` on that size's equally good pairs (tilt 0), then the share detected at it.

        The threshold is itself estimated from those pairs; its own uncertainty is not in the intervals.
        """
        level = self.level if level is None else level
        thresholds = {}
        for n, rows in self.pair_p_values.groupby("segments"):
            null = rows[rows["tilt"] == 0]
            if null.empty:
                raise BleuInputError(f"no equally good pairs (tilt 0) of {n} segments to set the thresholds by")
            for test in TESTS:
                thresholds[test, n] = size_adjusted_threshold(null[test].to_numpy(), level)
        return self._summary(thresholds)

    def _summary(self, thresholds: dict) -> "pd.DataFrame":
        import pandas as pd

        rows = []
        for (n, tilt), group in self.pair_p_values.groupby(["segments", "tilt"], sort=True):
            for test in TESTS:
                threshold = thresholds[test] if test in thresholds else thresholds[test, n]
                hits = int((group[test] < threshold).sum())
                low, high = binomial_interval(hits, len(group))
                rows.append({"segments": int(n), "tilt": float(tilt), "test": test,
                             "mean delta": float(group["delta"].mean()), "threshold": float(threshold),
                             "pairs": len(group), "hits": hits, "detected": hits / len(group), "low": low,
                             "high": high})
        return pd.DataFrame(rows)


def size_adjusted_threshold(p_values: "np.ndarray", level: float = 0.05) -> float:
    """The threshold t with p < t for at most a share ``level`` of ``p_values`` (measured on equally good pairs): the
    k-th smallest p (0-based), k = floor(level * n). A test that rejects at p < t has measured size <= ``level``.

    >>> size_adjusted_threshold([0.01 * k for k in range(1, 101)], 0.05)  # five p-values lie below 0.06
    0.06
    """
    import numpy as np

    ordered = np.sort(np.asarray(p_values, dtype=float))
    if ordered.size == 0 or not 0 < level < 1:
        raise BleuInputError(f"need p-values and 0 < level < 1, got {ordered.size} p-values and level {level!r}")
    return float(ordered[min(int(math.floor(level * ordered.size + 1e-9)), ordered.size - 1)])


def null_of_figures(figures: "CalibrationFigures") -> NullCalibration:
    """The equally good pairs of the bundled measurement (:mod:`bleu_explain.data.calibration_figures`) as a
    :class:`NullCalibration`."""
    settings = figures.settings
    return NullCalibration(systems=figures.systems, n_segments=settings["segments"],
                           n_resamples=settings["resamples"], n_trials=settings["trials"], seed=settings["null seed"],
                           deltas=figures.null_deltas, p_values=dict(figures.null_p_values))


def power_of_figures(figures: "CalibrationFigures", level: float = 0.05) -> PowerCurve:
    """The power pairs of the bundled measurement as a :class:`PowerCurve` (shares counted at ``level``)."""
    return PowerCurve(systems=figures.systems, pairs=figures.settings["power pairs per point"], level=level,
                      pair_p_values=figures.power[["segments", "tilt", "pair", "delta", *TESTS]])


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

    Each (segments, tilt) draws from its own generator, ``default_rng([seed, segments, round(1000 * tilt)])``, pair
    after pair: the first k pairs of a point are the same whatever else is measured (a test can recompute a few).
    """
    import numpy as np
    import pandas as pd

    worse, better = (counts.table[counts.systems.index(name)] for name in _known(counts, systems))
    if any(not 1 <= n <= len(counts) for n in segments) or any(not 0 <= t <= 1 for t in tilts):
        raise BleuInputError(f"segments must lie in 1..{len(counts)} and tilts in 0..1, got {segments}, {tilts}")
    rows = []
    for n in segments:
        for tilt in tilts:
            rng = np.random.default_rng([seed, n, round(1000 * tilt)])
            for pair in range(_positive(pairs, "pairs")):
                chosen = rng.choice(len(counts), size=n, replace=False)
                to_y = (rng.random(n) < (1 + tilt) / 2)[:, None]
                x = np.where(to_y, worse[chosen], better[chosen])
                y = np.where(to_y, better[chosen], worse[chosen])
                delta, p_values = _test_pair(x, y, counts, n_resamples, n_trials)
                rows.append({"segments": n, "tilt": float(tilt), "pair": pair, "delta": delta, **p_values})
    return PowerCurve(systems=systems, pairs=pairs, level=level,
                      pair_p_values=pd.DataFrame(rows, columns=["segments", "tilt", "pair", "delta", *TESTS]))


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
