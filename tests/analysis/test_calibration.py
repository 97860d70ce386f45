"""The paired tests measured on equally good systems (notebook 08's section on trusting p), at a reduced size.

Notebook 08 runs the calibration with :data:`claims.NULL_SETTINGS` (200 pairs) and :data:`claims.POWER_SETTINGS`,
and asserts every claim of :mod:`bleu_explain.analysis.significance.claims`. Here the same measurement runs on
40 pairs and 20 pairs per power point, with 300 resamples and trials, and is held to the same claims: a p-value
statistic (median, largest) must lie in the stated range; a rate, measured on few pairs, must be compatible
with it: its exact binomial 95% interval must reach the stated range (the tolerance the notebook states).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import wmt21_folder

import bleu_explain as bx
from bleu_explain.analysis.counts import SegmentCounts
from bleu_explain.analysis.significance import calibration as cal
from bleu_explain.analysis.significance import claims
from bleu_explain.engine.errors import BleuInputError

REDUCED_PAIRS, REDUCED_POWER_PAIRS, REDUCED_DRAWS = 40, 20, 300


@pytest.fixture(scope="module")
def counts():
    if wmt21_folder() is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    from bleu_explain.data.parsed_cache import load_wmt21_cached

    settings = claims.NULL_SETTINGS
    test_set = load_wmt21_cached(settings.pair)
    refs = [[r] for r in test_set.references[settings.reference]]
    return SegmentCounts.of(bx.explain_systems({s: test_set.systems[s] for s in settings.systems}, refs,
                                               progress=False))


def compatible(successes: int, trials: int, low: float, high: float) -> bool:
    """Whether the binomial 95% interval of successes / trials reaches [low, high]."""
    lower, upper = cal.binomial_interval(successes, trials)
    return lower <= high and upper >= low


@pytest.mark.slow
def test_the_null_claims_hold_at_a_reduced_size(counts):
    settings = claims.NULL_SETTINGS
    null = cal.null_calibration(counts, settings.systems, n_pairs=REDUCED_PAIRS, n_resamples=REDUCED_DRAWS,
                                n_trials=REDUCED_DRAWS, seed=settings.seed)
    assert null.n_pairs == REDUCED_PAIRS and set(null.p_values) == set(cal.TESTS)
    for claim in claims.NULL_CLAIMS:
        p = null.p_values[claim.test]
        if claim.statistic == "false-positive rate":
            assert compatible(int((p < claims.LEVEL).sum()), null.n_pairs, claim.low, claim.high), claim
        else:
            value = float(np.median(p)) if claim.statistic == "median p" else float(p.max())
            assert claim.holds(value), (claim, value)
    # equally good by construction: the observed differences centre on 0
    assert abs(float(np.mean(null.deltas))) < 3 * float(np.std(null.deltas)) / np.sqrt(null.n_pairs)


@pytest.mark.slow
def test_the_power_claims_hold_at_a_reduced_size(counts):
    settings = claims.POWER_SETTINGS
    for claim in claims.POWER_CLAIMS:
        power = cal.power_curve(counts, settings.systems, segments=(claim.segments,), tilts=(claim.tilt,),
                                pairs=REDUCED_POWER_PAIRS, n_resamples=REDUCED_DRAWS, n_trials=REDUCED_DRAWS,
                                level=claims.LEVEL, seed=settings.seed)
        row = power.table[power.table["test"] == claim.test].iloc[0]
        assert compatible(round(row["detected"] * REDUCED_POWER_PAIRS), REDUCED_POWER_PAIRS, claim.low, claim.high), \
            (claim, row.to_dict())


def test_the_binomial_interval_is_clopper_pearsons():
    from scipy import stats

    low, high = cal.binomial_interval(13, 200)
    exact = stats.binomtest(13, 200).proportion_ci(confidence_level=0.95, method="exact")
    assert (low, high) == pytest.approx((exact.low, exact.high))
    assert cal.binomial_interval(0, 40)[0] == 0.0 and cal.binomial_interval(40, 40)[1] == 1.0


def test_the_calibration_refuses_what_it_cannot_measure():
    refs = [["a b c d"], ["e f g h"], ["i j k l"], ["m n o p"]]
    counts = SegmentCounts.of(bx.explain_systems({"A": ["a b c d", "e f g", "i j", "m n o p"],
                                                  "B": ["a b c", "e f g h", "i j k l", "m"]}, refs, progress=False))
    with pytest.raises(BleuInputError, match="two different systems"):
        cal.null_calibration(counts, ("A", "A"), n_pairs=2)
    with pytest.raises(BleuInputError, match="n_pairs"):
        cal.null_calibration(counts, ("A", "B"), n_pairs=0)
    with pytest.raises(BleuInputError, match="segments must lie"):
        cal.power_curve(counts, ("A", "B"), segments=(9,), tilts=(0.5,))
    with pytest.raises(BleuInputError, match="no test"):
        cal.null_calibration(counts, ("A", "B"), n_pairs=2, n_resamples=20, n_trials=20).false_positive_rate("t")


def test_coin_mix_gives_each_segment_to_one_side_by_the_calibrations_coin():
    better, worse = [f"b{i}" for i in range(50)], [f"w{i}" for i in range(50)]
    first, second = cal.coin_mix(better, worse, seed=3)
    assert all({x, y} == {b, w} for x, y, b, w in zip(first, second, better, worse))
    coins = np.random.default_rng(3).integers(2, size=50).astype(bool)
    assert [x == b for x, b in zip(first, better)] == coins.tolist() and 0 < coins.sum() < 50
    assert cal.coin_mix(better, worse, seed=3) == (first, second)
    with pytest.raises(BleuInputError, match="same length"):
        cal.coin_mix(better, worse[:-1], seed=3)
