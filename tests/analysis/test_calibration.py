"""The paired tests measured on equally good systems and on known differences (notebook 08's section 5).

The measurement itself was run by ``scripts/derive_calibration_figures.py`` and bundled
(:mod:`bleu_explain.data.calibration_figures`; ``tests/data/test_calibration_figures.py`` recomputes its first pairs
from the data). Here: every claim of :mod:`bleu_explain.analysis.significance.claims` holds on the bundled
measurement, decided by its interval as the notebook decides it; the normal model of the bootstrap's statistic
predicts what was measured; the comparison at equal size sets each test's size to the level; and the functions
refuse what they cannot measure.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import optimize, stats

import bleu_explain as bx
from bleu_explain.analysis.counts import SegmentCounts
from bleu_explain.analysis.significance import calibration as cal
from bleu_explain.analysis.significance import claims
from bleu_explain.data.calibration_figures import calibration_figures
from bleu_explain.engine.errors import BleuInputError


@pytest.fixture(scope="module")
def bundled():
    figures = calibration_figures()
    return cal.null_of_figures(figures), cal.power_of_figures(figures, claims.LEVEL)


@pytest.mark.parametrize("claim", [*claims.NULL_CLAIMS, *claims.POWER_CLAIMS], ids=lambda c: c.words[:60])
def test_every_claim_holds_on_the_bundled_measurement(claim, bundled):
    null, power = bundled
    value, low, high = claims.evidence(claim, null, power)
    assert low <= value <= high and claim.holds(value, low, high), claim.in_words(value, low, high)


def test_the_bundle_is_the_measurement_the_settings_describe(bundled):
    null, power = bundled
    assert null.n_pairs == claims.NULL_SETTINGS.n_pairs and set(null.p_values) == set(cal.TESTS)
    assert null.systems == claims.NULL_SETTINGS.systems and null.n_resamples == claims.NULL_SETTINGS.n_resamples
    points = power.pair_p_values.groupby(["segments", "tilt"]).size()
    assert sorted(set(power.pair_p_values["segments"])) == sorted(claims.POWER_SEGMENTS)
    assert sorted(set(power.pair_p_values["tilt"])) == sorted(claims.POWER_TILTS)
    tilt_zero = points.index.get_level_values("tilt") == 0
    assert (points[tilt_zero] == claims.POWER_NULL_PAIRS).all()
    assert (points[~tilt_zero] == claims.POWER_SETTINGS.n_pairs).all()
    # equally good by construction: the observed differences centre on 0
    assert abs(float(np.mean(null.deltas))) < 3 * float(np.std(null.deltas)) / np.sqrt(null.n_pairs)


def test_the_normal_model_of_the_moses_statistic_predicts_what_was_measured(bundled):
    null, _ = bundled
    bs = null.p_values["bs"]
    ceiling = cal.moses_p_ceiling()
    assert ceiling == pytest.approx(2 * stats.norm.sf(math.sqrt(2 / math.pi)))
    assert bs.max() <= ceiling + claims.ceiling_tolerance(ceiling)
    limit = optimize.brentq(lambda d: cal.moses_p_under_normal(d) - claims.LEVEL, 0, 5)
    low, high = null.rate_interval("bs", claims.LEVEL)
    assert low <= 2 * stats.norm.sf(limit) <= high  # the predicted false-positive rate is in the measured interval
    median_low, median_high = cal.median_interval(bs)
    assert median_low <= cal.moses_p_under_normal(stats.norm.ppf(0.75)) <= median_high


def test_the_moses_p_falls_from_its_ceiling_and_matches_a_simulation():
    distances = np.linspace(0, 3, 31)
    values = [cal.moses_p_under_normal(d) for d in distances]
    assert values[0] == pytest.approx(cal.moses_p_ceiling()) and all(a > b for a, b in zip(values, values[1:]))
    rng = np.random.default_rng(5)
    resampled = 1.2 + rng.standard_normal(400_000)  # Δ* around Δ = 1.2 sigma
    share = float(np.mean(np.abs(resampled) - np.abs(resampled).mean() > 1.2))
    assert share == pytest.approx(cal.moses_p_under_normal(1.2), abs=0.003)


def test_at_equal_size_each_test_calls_at_most_the_level_of_its_equally_good_pairs(bundled):
    _, power = bundled
    equal = power.size_adjusted()
    null_rows = equal[equal["tilt"] == 0]
    assert (null_rows["detected"] <= claims.LEVEL).all() and len(null_rows) == len(claims.POWER_SEGMENTS) * 3
    raw = power.table
    merged = raw.merge(equal, on=["segments", "tilt", "test"], suffixes=("", " equal"))
    assert (merged["low"] <= merged["detected"]).all() and (merged["detected"] <= merged["high"]).all()
    # the bootstrap's threshold is lowered (it was too liberal); the centred one's stays near the level
    bs = equal[(equal["test"] == "bs") & (equal["tilt"] == 0)]["threshold"]
    assert (bs < claims.LEVEL).all()


def test_at_equal_size_the_bootstraps_lead_is_gone(bundled):
    """What notebook 08 says after its table at equal size: at every point, sacreBLEU's bootstrap's interval overlaps
    randomization's and the centred bootstrap's (at 0.05 it finds more only because it calls more)."""
    _, power = bundled
    equal = power.size_adjusted().set_index(["segments", "tilt", "test"])
    raw = power.table.set_index(["segments", "tilt", "test"])
    for n in claims.POWER_SEGMENTS:
        for tilt in (t for t in claims.POWER_TILTS if t > 0):
            bs = equal.loc[(n, tilt, "bs")]
            for other in ("ar", "bs-centred"):
                assert bs["low"] <= equal.loc[(n, tilt, other), "high"] and equal.loc[(n, tilt, other), "low"] <= \
                    bs["high"], (n, tilt, other)
            assert raw.loc[(n, tilt, "bs"), "detected"] >= raw.loc[(n, tilt, "ar"), "detected"]  # at 0.05 it leads


def test_size_adjusted_threshold_and_median_interval_by_hand():
    p = np.arange(1, 201) / 200  # 0.005, 0.010, ..., 1.0
    t = cal.size_adjusted_threshold(p, 0.05)
    assert t == p[10] and (p < t).sum() == 10  # exactly 5% of 200 below it
    low, high = cal.median_interval(np.arange(1.0, 101.0))
    assert (low, high) == (40.0, 61.0)
    assert stats.binom.cdf(60, 100, 0.5) - stats.binom.cdf(39, 100, 0.5) >= 0.95  # the order statistics' coverage


def test_a_power_point_draws_its_pairs_from_its_own_generator():
    refs = [["the cat sat on the mat"], ["a dog barked"], ["it rained all day"], ["we went home early"],
            ["the sun came out"], ["she read a book"]]
    counts = SegmentCounts.of(bx.explain_systems(
        {"A": ["the cat sat on a mat", "the dog barked", "it rained", "we went home", "sun came out", "she read"],
         "B": ["a cat sat on the mat", "a dog barks", "it rained all day", "we left early", "the sun came out",
               "she read a book"]}, refs, progress=False))
    three = cal.power_curve(counts, ("A", "B"), segments=(5,), tilts=(0.0, 0.5), pairs=3, n_resamples=30, n_trials=30)
    two = cal.power_curve(counts, ("A", "B"), segments=(5,), tilts=(0.5,), pairs=2, n_resamples=30, n_trials=30)
    first_two = three.pair_p_values[three.pair_p_values["tilt"] == 0.5].head(2).reset_index(drop=True)
    pd.testing.assert_frame_equal(first_two, two.pair_p_values)


def test_the_binomial_interval_is_clopper_pearsons():
    low, high = cal.binomial_interval(13, 200)
    exact = stats.binomtest(13, 200).proportion_ci(confidence_level=0.95, method="exact")
    assert (low, high) == pytest.approx((exact.low, exact.high))
    assert cal.binomial_interval(0, 40)[0] == 0.0 and cal.binomial_interval(40, 40)[1] == 1.0


def test_a_claim_is_decided_by_its_interval():
    above, includes = claims.NULL_CLAIMS[0], claims.NULL_CLAIMS[1]
    assert above.holds(0.115, 0.074, 0.168) and not above.holds(0.115, 0.04, 0.168)
    assert includes.holds(0.065, 0.035, 0.109) and not includes.holds(0.2, 0.15, 0.25)
    assert "lies above 0.05" in above.in_words(0.115, 0.074, 0.168)


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
    no_null = cal.power_curve(counts, ("A", "B"), segments=(3,), tilts=(0.5,), pairs=2, n_resamples=20, n_trials=20)
    with pytest.raises(BleuInputError, match="tilt 0"):
        no_null.size_adjusted()
    with pytest.raises(BleuInputError, match="at least 6"):
        cal.median_interval(np.arange(3.0))


def test_coin_mix_gives_each_segment_to_one_side_by_the_calibrations_coin():
    better, worse = [f"b{i}" for i in range(50)], [f"w{i}" for i in range(50)]
    first, second = cal.coin_mix(better, worse, seed=3)
    assert all({x, y} == {b, w} for x, y, b, w in zip(first, second, better, worse))
    coins = np.random.default_rng(3).integers(2, size=50).astype(bool)
    assert [x == b for x, b in zip(first, better)] == coins.tolist() and 0 < coins.sum() < 50
    assert cal.coin_mix(better, worse, seed=3) == (first, second)
    with pytest.raises(BleuInputError, match="same length"):
        cal.coin_mix(better, worse[:-1], seed=3)
