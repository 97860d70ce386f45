"""What the course says of the paired tests, and how it was measured: one place for the notebook and its test.

Notebook 08 measures the tests (:mod:`.calibration`) with :data:`NULL_SETTINGS` and :data:`POWER_SETTINGS`,
shows every claim below beside the measured value and asserts that each holds; the course's test runs the
same measurement at a reduced size and checks the same claims, within the same ranges. Nothing the notebook
says of these rates is typed into its prose: a claim's words and range are here.

>>> claim = NULL_CLAIMS[0]
>>> claim.test, claim.statistic, claim.holds(0.115), claim.holds(0.05)
('bs', 'false-positive rate', True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..resampling import DEFAULT_BOOTSTRAP_SAMPLES


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


#: The null: 200 pairs of equally good systems mixed from two strong WMT21 English-German systems. sacreBLEU's
#: 1,000 bootstrap resamples; 1,000 randomization trials rather than its 10,000 (p in steps of 0.001, ample
#: to tell p from 0.05 and a tenth of the time).
NULL_SETTINGS = CalibrationSettings(pair="en-de", reference="A", systems=("Online-B", "Facebook-AI"), n_pairs=200,
                                    n_resamples=DEFAULT_BOOTSTRAP_SAMPLES, n_trials=1000, seed=0)
#: The power curve: the same two systems, Facebook-AI the better by BLEU; 30 pairs per point.
POWER_SETTINGS = CalibrationSettings(pair="en-de", reference="A", systems=("Online-B", "Facebook-AI"), n_pairs=30,
                                     n_resamples=DEFAULT_BOOTSTRAP_SAMPLES, n_trials=1000, seed=1)
#: Test-set sizes (segments drawn from the 1,002) and tilts of the coin towards the better system.
POWER_SEGMENTS = (100, 300, 1002)
POWER_TILTS = (0.15, 0.3, 0.5, 0.75, 1.0)
#: The significance level every claim is about.
LEVEL = 0.05


@dataclass(frozen=True)
class NullClaim:
    """What the notebook says of one test on equally good pairs: ``statistic`` lies in [low, high]."""

    test: str
    statistic: str  # "false-positive rate", "median p" or "largest p"
    low: float
    high: float
    words: str

    def holds(self, value: float) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class PowerClaim:
    """What the notebook says of one test's power: at ``segments`` and ``tilt``, the share detected is in
    [low, high]."""

    test: str
    segments: int
    tilt: float
    low: float
    high: float
    words: str

    def holds(self, value: float) -> bool:
        return self.low <= value <= self.high


NULL_CLAIMS = (
    NullClaim("bs", "false-positive rate", 0.07, 0.25,
              "sacreBLEU's paired bootstrap calls equally good systems different far more often than 1 time in 20"),
    NullClaim("ar", "false-positive rate", 0.0, 0.1,
              "approximate randomization does so about as often as it claims, about 1 time in 20"),
    NullClaim("bs-centred", "false-positive rate", 0.0, 0.12,
              "the bootstrap centred on the mean difference does so about as often as it claims"),
    NullClaim("bs", "median p", 0.05, 0.3,
              "sacreBLEU's bootstrap p of equally good systems is usually small: its median is far below one half"),
    NullClaim("bs", "largest p", 0.0, 0.5, "sacreBLEU's bootstrap p is never above one half"),
    NullClaim("ar", "median p", 0.35, 0.65, "randomization's p of equally good systems is spread over 0 to 1: its "
                                            "median is near one half, as a calibrated p's is"),
)

POWER_CLAIMS = (
    PowerClaim("ar", 1002, 0.3, 0.6, 1.0,
               "on the whole test set, randomization finds a difference of about a BLEU point most of the time"),
    PowerClaim("ar", 1002, 0.15, 0.0, 0.6,
               "on the whole test set, a difference of under half a point is missed more often than found"),
    PowerClaim("ar", 100, 0.5, 0.0, 0.6,
               "on 100 segments, a difference of one and a half points is missed more often than found"),
)
