"""Agreement with people and its intervals: Fisher's z, the two bootstraps, Kendall's variants and pairwise accuracy,
each checked by hand or against scipy on small made-up data."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from bleu_explain.analysis import agreement as ag
from bleu_explain.analysis.resampling import estimate_ci
from bleu_explain.engine.errors import BleuInputError

METRIC = {"a": 20.0, "b": 22.5, "c": 21.0, "d": 25.0, "e": 24.0, "f": 30.0}
HUMAN = {"a": -5.0, "b": -4.0, "c": -4.5, "d": -2.0, "e": -3.5, "f": -3.0}


def test_fisher_interval_by_hand():
    low, high = ag.fisher_interval(0.96, 5)
    half = stats.norm.ppf(0.975) / math.sqrt(2)
    assert (low, high) == pytest.approx((math.tanh(math.atanh(0.96) - half), math.tanh(math.atanh(0.96) + half)))
    assert ag.fisher_interval(1.0, 8) == (1.0, 1.0)
    with pytest.raises(BleuInputError, match="at least 4"):
        ag.fisher_interval(0.5, 3)
    with pytest.raises(BleuInputError, match="r = 1.5"):
        ag.fisher_interval(1.5, 10)


def test_p_values_never_print_as_zero():
    assert [ag.format_p(p) for p in (0.0, 1e-66, 0.00009999, 0.0001, 0.05, None)] == [
        "< 0.0001", "< 0.0001", "< 0.0001", "0.0001", "0.0500", ""]


def test_percentile_interval_is_sacrebleus_rule_without_the_empty_draws():
    values = np.random.default_rng(0).normal(size=1000)
    assert ag.percentile_interval(values) == estimate_ci(values)[2:]
    with_gaps = np.concatenate([values, [np.nan] * 30])
    assert ag.percentile_interval(with_gaps) == estimate_ci(values)[2:]
    with pytest.raises(BleuInputError, match="at least 40"):
        ag.percentile_interval(np.ones(39))


def test_row_statistics_are_scipys():
    rng = np.random.default_rng(1)
    x, y = rng.integers(0, 4, size=(30, 7)).astype(float), rng.integers(0, 4, size=(30, 7)).astype(float)
    for row_x, row_y, r, tau, accuracy in zip(x, y, ag.pearson_rows(x, y), ag.kendall_b_rows(x, y),
                                              ag.accuracy_rows(x, y)):
        if row_x.min() == row_x.max() or row_y.min() == row_y.max():
            assert math.isnan(r) and math.isnan(tau)
            continue
        assert r == pytest.approx(stats.pearsonr(row_x, row_y)[0])
        assert tau == pytest.approx(stats.kendalltau(row_x, row_y)[0])  # tau-b, scipy's default
        same_sign = sum((row_x[j] - row_x[i]) * (row_y[j] - row_y[i]) > 0 for i in range(7) for j in range(i + 1, 7))
        assert accuracy == pytest.approx(same_sign / 21)


def test_segment_weights_are_sacrebleus_draws_counted():
    weights = ag.segment_weights(9, n_draws=4, seed=5)
    draws = np.random.default_rng(5).choice(9, size=(4, 9), replace=True)
    assert weights.tolist() == [np.bincount(row, minlength=9).tolist() for row in draws]
    with pytest.raises(BleuInputError, match="n_draws"):
        ag.segment_weights(9, n_draws=0)


def test_resampled_means_are_the_means_of_the_rated_segments_drawn():
    segments = {"a": [1.0, None, 3.0], "b": [None, 2.0, 4.0]}
    means = ag.resampled_means(segments, np.array([[1, 1, 1], [2, 0, 1], [0, 3, 0]]))
    assert means["a"].tolist()[:2] == [2.0, (1 + 1 + 3) / 3] and math.isnan(means["a"][2])
    assert means["b"].tolist() == [3.0, 4.0, 2.0]


def test_agreement_estimates_and_the_bootstrap_over_systems():
    table = ag.agreement(METRIC, HUMAN, n_draws=200, seed=3)
    x, y = list(METRIC.values()), [HUMAN[s] for s in METRIC]
    assert table.loc["Pearson r", "estimate"].item() == pytest.approx(stats.pearsonr(x, y)[0])
    assert table.loc["Kendall tau-b", "estimate"].item() == pytest.approx(stats.kendalltau(x, y)[0])
    assert table.loc["Pearson r", ("Fisher z", "low")] == pytest.approx(ag.fisher_interval(stats.pearsonr(x, y)[0], 6)[0])
    # the bootstrap over systems by hand: draw systems, recompute, keep the middle 95% of the draws that have a value
    idx = np.random.default_rng(3).choice(6, size=(200, 6), replace=True)
    by_hand = [stats.pearsonr(np.array(x)[i], np.array(y)[i])[0] for i in idx if len(set(i)) > 1]
    assert (table.loc["Pearson r", ("over systems", "low")], table.loc["Pearson r", ("over systems", "high")]) == \
        pytest.approx(ag.percentile_interval(np.array(by_hand)))
    assert table[("over segments", "low")].isna().all()  # no segment draws given
    with pytest.raises(BleuInputError, match="at least 3"):
        ag.agreement({"a": 1.0, "b": 2.0}, {"a": 1.0, "b": 2.0})


def test_accuracy_over_systems_leaves_out_a_system_paired_with_its_copy():
    x = np.array([[1.0, 1.0, 2.0]])
    y = np.array([[5.0, 5.0, 6.0]])
    assert ag.accuracy_rows(x, y).tolist() == [2 / 3]  # the tie counts against
    assert ag.accuracy_rows(x, y, same=np.array([[True, False, False]])).tolist() == [1.0]  # a copy is no pair


def test_agreement_over_segments_uses_the_draws_given():
    draws = {s: METRIC[s] + np.linspace(-1, 1, 100) for s in METRIC}
    people = {s: np.full(100, HUMAN[s]) for s in METRIC}
    table = ag.agreement(METRIC, HUMAN, metric_draws=draws, human_draws=people, n_draws=100)
    # every draw shifts every system alike: the correlation never moves
    assert table.loc["Pearson r", ("over segments", "low")] == pytest.approx(table.loc["Pearson r", "estimate"].item())


def test_differences_between_neighbours():
    draws = {"a": np.arange(100.0), "b": np.arange(100.0) + 2, "c": np.arange(100.0) + np.linspace(-5, 5, 100)}
    t = ag.differences({"a": 1.0, "b": 3.0, "c": 2.5}, draws, ["a", "b", "c"])
    assert t.index.tolist() == ["b \u2212 a", "c \u2212 b"] and t["difference"].tolist() == [2.0, -0.5]
    assert t["significant"].tolist() == [True, False]


def test_segment_kendall_pooled_and_within_segments():
    metric = {"s": [1.0, 2.0, 3.0, 4.0, None], "t": [2.0, 2.0, 1.0, 5.0, 3.0], "u": [0.5, 3.0, 2.0, 1.0, 2.0]}
    human = {"s": [-1.0, -2.0, 0.0, 0.0, -1.0], "t": [-3.0, -2.0, -1.0, 0.0, None], "u": [0.0, -1.0, -1.0, -4.0, -2.0]}
    table = ag.segment_kendall(metric, human, n_draws=100)
    items = [(metric[s][i], human[s][i]) for s in metric for i in range(5)
             if metric[s][i] is not None and human[s][i] is not None]
    pooled = stats.kendalltau([m for m, _ in items], [h for _, h in items])
    assert table.loc["Kendall tau-b, pooled", "estimate"] == pytest.approx(pooled.statistic)
    assert table.loc["Kendall tau-b, pooled", "items"] == len(items) == 13
    # tau-like by hand: pairs of systems within each segment, both scored, people untied; a metric tie is discordant
    sx = lambda s, t, i: np.sign(metric[t][i] - metric[s][i])  # noqa: E731
    conc = disc = 0
    for i in range(5):
        for s, t in (("s", "t"), ("s", "u"), ("t", "u")):
            if None in (metric[s][i], metric[t][i], human[s][i], human[t][i]) or human[s][i] == human[t][i]:
                continue
            agree = sx(s, t, i) * np.sign(human[t][i] - human[s][i]) > 0
            conc, disc = conc + agree, disc + (not agree)
    assert table.loc["WMT tau-like, within segments", "estimate"] == pytest.approx((conc - disc) / (conc + disc))
    assert table.loc["WMT tau-like, within segments", "pairs"] == conc + disc
    assert table.loc["Kendall tau-b, pooled", "p (items independent)"] == ag.format_p(pooled.pvalue)


def test_the_pooled_bootstrap_is_tau_b_of_the_resampled_items():
    rng = np.random.default_rng(4)
    x, y = rng.integers(0, 5, size=(12, 3)).astype(float), rng.integers(0, 3, size=(12, 3)).astype(float)
    x[2, 1] = np.nan
    g_s, g_x, g_y = ag._pair_sums(x, y, chunk=5)
    w = np.bincount(rng.choice(12, size=12), minlength=12).astype(float)
    quadratic = [0.5 * w @ g @ w for g in (g_s, g_x, g_y)]
    drawn = [(x[s, k], y[s, k]) for s in range(12) for _ in range(int(w[s])) for k in range(3) if not np.isnan(x[s, k])]
    expected = stats.kendalltau([a for a, _ in drawn], [b for _, b in drawn]).statistic
    assert quadratic[0] / math.sqrt(quadratic[1] * quadratic[2]) == pytest.approx(expected)
