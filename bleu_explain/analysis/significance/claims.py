"""What the course says of the paired tests, and how it was measured: one place for the notebook and its test.

The measurement (:mod:`.calibration`) runs with :data:`NULL_SETTINGS` and :data:`POWER_SETTINGS` on the WMT21
English-German test set; ``scripts/derive_calibration_figures.py`` ran it and bundled every pair's p-values
(:mod:`bleu_explain.data.calibration_figures`), so that notebook 08 reads them with nothing downloaded. Each claim
below is a statement about a measured share or p-value that its 95% interval decides: the interval lies above,
lies below or includes a reference value (the level 0.05, a median of one half), or the value stays under the
bootstrap's ceiling (:func:`.calibration.moses_p_ceiling`) within the noise of its resamples. The notebook shows
each claim beside its measurement and asserts it; ``tests/analysis/test_calibration.py`` holds the bundled
measurement to the same claims. Nothing the notebook says of these rates is typed into its prose.

>>> claim = NULL_CLAIMS[0]
>>> claim.test, claim.statistic, claim.holds(0.115, 0.074, 0.168), claim.holds(0.065, 0.035, 0.109)
('bs', 'false-positive rate', True, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine.errors import BleuInputError
from ..resampling import DEFAULT_BOOTSTRAP_SAMPLES

if TYPE_CHECKING:  # pragma: no cover
    from .calibration import NullCalibration, PowerCurve


@dataclass(frozen=True)
class CalibrationSettings:
    """Where the pairs come from and how each pair is tested.

    ``pair`` and ``reference``: the WMT21 test set and the reference scored against; ``systems``: the two real
    systems a pair is mixed from ((worse, better) for the power curve); ``n_pairs``: pairs (per point of the
    power curve); ``n_resamples``/``n_trials``: bootstrap resamples and randomization trials per test.
    """

    pair: str
    reference: str
    systems: tuple[str, str]
    n_pairs: int
    n_resamples: int
    n_trials: int
    seed: int


#: The null: 1,000 pairs of equally good systems mixed from two strong WMT21 English-German systems. sacreBLEU's
#: 1,000 bootstrap resamples; 1,000 randomization trials rather than its 10,000 (p in steps of 0.001, ample
#: to tell p from 0.05 and a tenth of the time). The first 200 pairs are those the course measured before.
NULL_SETTINGS = CalibrationSettings(pair="en-de", reference="A", systems=("Online-B", "Facebook-AI"), n_pairs=1000,
                                    n_resamples=DEFAULT_BOOTSTRAP_SAMPLES, n_trials=1000, seed=0)
#: The power curve: the same two systems, Facebook-AI the better by BLEU; 200 pairs per point, so that a share's
#: exact 95% interval is at most about 0.14 wide.
POWER_SETTINGS = CalibrationSettings(pair="en-de", reference="A", systems=("Online-B", "Facebook-AI"), n_pairs=200,
                                     n_resamples=DEFAULT_BOOTSTRAP_SAMPLES, n_trials=1000, seed=1)
#: Test-set sizes (segments drawn from the 1,002) and tilts of the coin towards the better system; tilt 0 gives
#: equally good pairs of each size, which set each test's threshold for the comparison at equal size.
POWER_SEGMENTS = (100, 300, 1002)
POWER_TILTS = (0.0, 0.15, 0.3, 0.5, 0.75, 1.0)
#: Equally good pairs (tilt 0) per size: as many as the null's, so that a size-adjusted threshold (the 50th
#: smallest p of 1,000) and a false-positive rate at each size are measured as closely as on the whole test set.
POWER_NULL_PAIRS = 1000
#: The significance level every claim is about.
LEVEL = 0.05

#: How an interval is compared with a claim's reference value.
RELATIONS = ("above", "below", "includes", "at most")


@dataclass(frozen=True)
class Claim:
    """What the notebook says of one measured quantity: its 95% interval lies ``relation`` ``reference``.

    ``relation`` "at most": the value itself is at most ``reference`` + ``tolerance``.
    """

    relation: str
    reference: float
    words: str
    tolerance: float = 0.0

    def holds(self, value: float, low: float, high: float) -> bool:
        if self.relation == "above":
            return low > self.reference
        if self.relation == "below":
            return high < self.reference
        if self.relation == "includes":
            return low <= self.reference <= high
        return value <= self.reference + self.tolerance

    def in_words(self, value: float, low: float, high: float) -> str:
        """The comparison the claim rests on, with the numbers: "0.115 [0.074, 0.168] lies above 0.05"."""
        if self.relation == "at most":
            return f"{value:.3f} is at most {self.reference:.3f} + {self.tolerance:.3f}"
        verb = {"above": "lies above", "below": "lies below", "includes": "includes"}[self.relation]
        return f"{value:.3f} [{low:.3f}, {high:.3f}]: the interval {verb} {self.reference:g}"


@dataclass(frozen=True)
class NullClaim(Claim):
    """A claim about one test on equally good pairs: its false-positive rate, median p or largest p."""

    test: str = "bs"
    statistic: str = "false-positive rate"  # "false-positive rate", "median p" or "largest p"


@dataclass(frozen=True)
class PowerClaim(Claim):
    """A claim about one test's power at ``segments`` and ``tilt``; ``equal_size``: at the size-adjusted threshold."""

    test: str = "ar"
    segments: int = 1002
    tilt: float = 0.3
    equal_size: bool = False


def ceiling_tolerance(ceiling: float, resamples: int = DEFAULT_BOOTSTRAP_SAMPLES) -> float:
    """Two binomial standard deviations of a share near ``ceiling`` counted on ``resamples`` resamples: how far a
    measured p can stray above the ceiling by the resampling's own noise.

    >>> round(ceiling_tolerance(0.425), 3)
    0.031
    """
    return 2 * math.sqrt(ceiling * (1 - ceiling) / resamples)


def _ceiling() -> float:
    from .calibration import moses_p_ceiling

    return moses_p_ceiling()


NULL_CLAIMS = (
    NullClaim("above", LEVEL, "sacreBLEU's paired bootstrap calls equally good systems different more often than "
                              "1 time in 20", test="bs", statistic="false-positive rate"),
    NullClaim("includes", LEVEL, "approximate randomization does so about 1 time in 20, as it claims (here by "
                                 "construction: these pairs are its null)", test="ar", statistic="false-positive rate"),
    NullClaim("includes", LEVEL, "the bootstrap centred on the mean difference does so about 1 time in 20",
              test="bs-centred", statistic="false-positive rate"),
    NullClaim("below", 0.5, "sacreBLEU's bootstrap p of equally good systems is usually small: its median is below "
                            "one half", test="bs", statistic="median p"),
    NullClaim("includes", 0.5, "randomization's p of equally good systems is spread over 0 to 1: its median is one "
                               "half, as a calibrated p's is", test="ar", statistic="median p"),
    NullClaim("at most", _ceiling(), "sacreBLEU's bootstrap p never rises above its ceiling P(|Z| > √(2/π)), up to "
                                     "the noise of 1,000 resamples", tolerance=ceiling_tolerance(_ceiling()),
              test="bs", statistic="largest p"),
)

POWER_CLAIMS = (
    PowerClaim("above", 0.5, "on the whole test set, randomization finds a difference of about a BLEU point more "
                             "often than it misses it", test="ar", segments=1002, tilt=0.3),
    PowerClaim("below", 0.5, "on the whole test set, a difference of under half a point is missed more often than "
                             "found", test="ar", segments=1002, tilt=0.15),
    PowerClaim("below", 0.5, "on 100 segments, a difference of one and a half points is missed more often than "
                             "found", test="ar", segments=100, tilt=0.5),
)


def evidence(claim: Claim, null: NullCalibration, power: PowerCurve) -> tuple[float, float, float]:
    """The measured value a claim is about, and its 95% interval: a false-positive rate or a power with its exact
    binomial interval, a median p with its order-statistic interval, or the largest p (its own interval)."""
    import numpy as np

    from .calibration import median_interval

    if isinstance(claim, PowerClaim):
        rows = power.size_adjusted() if claim.equal_size else power.table
        row = rows[(rows["test"] == claim.test) & (rows["segments"] == claim.segments) & (rows["tilt"] == claim.tilt)]
        if row.empty:
            raise BleuInputError(f"the power measurement has no point {claim.segments} segments, tilt {claim.tilt}")
        return float(row["detected"].iloc[0]), float(row["low"].iloc[0]), float(row["high"].iloc[0])
    if not isinstance(claim, NullClaim):
        raise BleuInputError(f"not a claim of this module: {claim!r}")
    p = null.p_values[claim.test]
    if claim.statistic == "false-positive rate":
        return (null.false_positive_rate(claim.test, LEVEL), *null.rate_interval(claim.test, LEVEL))
    if claim.statistic == "median p":
        return (float(np.median(p)), *median_interval(p))
    return float(p.max()), float(p.max()), float(p.max())
