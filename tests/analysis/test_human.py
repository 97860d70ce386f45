"""A metric against human judgments: small made-up data with answers checked by hand and against scipy/sacreBLEU."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

import bleu_explain as bx
from bleu_explain.analysis import agreement as ag
from bleu_explain.analysis import human as hx
from bleu_explain.analysis.counts import SegmentCounts
from bleu_explain.engine.errors import BleuInputError

REFS = [["the cat sat on the mat"], ["a dog barked at the postman"], ["it rained all day long"],
        ["we went home early"], ["the train was late again"], ["she reads a book every night"]]
SYSTEMS = {
    "good": ["the cat sat on the mat", "a dog barked at the postman", "it rained all day", "we went home early",
             "the train was late again", "she reads a book each night"],
    "fair": ["the cat sat on a mat", "a dog barked at a man", "it rained all day long", "we went home",
             "the train was late", "she reads books every night"],
    "poor": ["cat on mat", "dog barked", "rain all day", "we home early", "train late again", "she book night"],
    "odd": ["mat the on sat cat the", "postman the at barked dog a", "long day all rained it", "early home went we",
            "again late was train the", "night every book a reads she"],
}
# MQM-like: 0 perfect, more negative worse; None = not rated
HUMAN = {"good": [0.0, -1.0, None, 0.0, -0.5, -1.0], "fair": [-1.0, -5.0, None, -2.0, -1.0, -2.0],
         "poor": [-5.0, -6.0, None, -5.0, -4.0, -7.0], "odd": [-10.0, -12.0, None, -9.0, -10.0, -11.0]}


@pytest.fixture(scope="module")
def results():
    return bx.explain_systems(SYSTEMS, REFS)


@pytest.fixture(scope="module")
def counts(results):
    return SegmentCounts.of(results)


# ---------------------------------------------------------------------- correlations
def test_pearson_by_hand_and_against_scipy():
    c = hx.correlate([1, 2, 3, 4], [2, 4, 5, 9])
    assert math.isclose(c.r, 11 / math.sqrt(5 * 26))  # covariance 11, sums of squares 5 and 26
    r, p = stats.pearsonr([1, 2, 3, 4], [2, 4, 5, 9])
    assert math.isclose(c.r, r) and math.isclose(c.p_value, p) and c.n == 4


def test_fisher_interval_by_hand():
    x, y = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [1.0, 3.0, 2.0, 5.0, 4.0, 6.0]
    c = hx.correlate(x, y)
    half = stats.norm.ppf(0.975) / math.sqrt(6 - 3)
    assert math.isclose(c.low, math.tanh(math.atanh(c.r) - half))
    assert math.isclose(c.high, math.tanh(math.atanh(c.r) + half))
    assert c.low < c.r < c.high
    assert hx.correlate(x[:3], y[:3]).low is None  # n = 3: no interval
    perfect = hx.correlate([1, 2, 3, 4], [2, 4, 6, 8])
    assert perfect.low == perfect.high == perfect.r


def test_kendall_and_spearman_against_scipy():
    x, y = [1, 2, 3, 4, 5], [1, 3, 2, 5, 4]
    assert math.isclose(hx.correlate(x, y, method="kendall").r, 0.6)  # 8 concordant, 2 discordant of 10
    assert math.isclose(hx.correlate(x, y, method="kendall").r, stats.kendalltau(x, y)[0])
    assert math.isclose(hx.correlate(x, y, method="spearman").r, stats.spearmanr(x, y)[0])
    assert hx.correlate(x, y, method="kendall").low is None


@pytest.mark.parametrize("x, y, words", [
    ([1, 2], [1, 2], "at least 3"),
    ([1, 2, 3], [1, 2], "pairs"),
    ([1, 1, 1], [1, 2, 3], "constant"),
    ([1, None, 3], [1, 2, 3], "x[1]"),
    ([1, 2, float("nan")], [1, 2, 3], "x[2]"),
])
def test_correlate_names_bad_input(x, y, words):
    with pytest.raises(BleuInputError, match=words.replace("[", r"\[").replace("]", r"\]")):
        hx.correlate(x, y)


def test_correlate_refuses_an_unknown_method():
    with pytest.raises(BleuInputError, match="method"):
        hx.correlate([1, 2, 3], [1, 2, 3], method="cosine")


def test_system_correlation_pairs_scores_by_name():
    metric = {"a": 10.0, "b": 20.0, "c": 35.0, "only metric": 99.0}
    human = {"c": -1.0, "a": -3.0, "b": -2.0, "only human": 0.0}
    c = hx.system_correlation(metric, human)
    assert c.n == 3 and math.isclose(c.r, stats.pearsonr([10, 20, 35], [-3, -2, -1])[0])
    with pytest.raises(BleuInputError, match="only human"):
        hx.system_correlation(metric, human, systems=["a", "b", "only human"])


def test_normalize_by_range():
    assert hx.normalize_by_range({"S1": 1.0, "S2": 2.0, "S3": 5.0}) == {"S1": 0.0, "S2": 0.25, "S3": 1.0}
    assert hx.normalize_by_range({"a": -5.0, "b": -4.0}) == {"a": 0.0, "b": 1.0}
    with pytest.raises(BleuInputError, match="different scores"):
        hx.normalize_by_range({"a": 1.0, "b": 1.0})


# ---------------------------------------------------------------------- differences
def test_paired_difference_is_a_paired_t_interval():
    worse, better = [-3.0, -1.0, None, -2.0, -4.0], [-1.0, 0.0, -5.0, -2.0, -1.0]
    d = hx.paired_difference(worse, better)
    assert d.n_segments == 4 and d.difference == pytest.approx((2 + 1 + 0 + 3) / 4)
    both = [(w, b) for w, b in zip(worse, better) if w is not None and b is not None]
    interval = stats.ttest_rel([b for _, b in both], [w for w, _ in both]).confidence_interval(0.95)
    assert (d.low, d.high) == pytest.approx((interval.low, interval.high))
    assert d.significant == (d.low > 0)
    with pytest.raises(BleuInputError, match="only 1"):
        hx.paired_difference([1.0, None], [2.0, 3.0])


def test_neighbour_differences_follow_the_order():
    t = hx.neighbour_differences(HUMAN, ["odd", "poor", "fair", "good"])
    assert list(t.index) == ["poor \u2212 odd", "fair \u2212 poor", "good \u2212 fair"]
    assert t.loc["good \u2212 fair", "difference"] == pytest.approx(np.mean([1, 4, 2, 0.5, 1]))
    assert t["n_segments"].tolist() == [5, 5, 5]
    # good - fair: mean 1.7, sd sqrt(7.8 / 4), t(0.975, 4) = 2.776: half-width 1.73, so the interval includes 0
    assert t["significant"].tolist() == [True, True, False]
    assert t.loc["good \u2212 fair", "low"] == pytest.approx(1.7 - stats.t.ppf(0.975, 4) * math.sqrt(7.8 / 4 / 5))
    with pytest.raises(BleuInputError, match="nobody"):
        hx.neighbour_differences(HUMAN, ["good", "nobody"])


def test_pairwise_agreement_and_gaps_by_hand():
    metric = {"a": 10.0, "b": 11.5, "c": 20.0, "d": 20.5}
    human = {"a": -2.0, "b": -3.0, "c": -1.0, "d": -1.0}
    pairs = hx.pairwise_agreement(metric, human)
    assert len(pairs) == 6
    # a<b by BLEU but people prefer a; c-d is a tie for people, so it does not agree
    assert pairs.set_index(["first", "second"])["agree"].to_dict() == {
        ("a", "b"): False, ("a", "c"): True, ("a", "d"): True, ("b", "c"): True, ("b", "d"): True,
        ("c", "d"): False}
    t = hx.agreement_by_gap(pairs, bins=(0, 1, 2, math.inf))
    assert t.loc["0\u20131"].tolist() == [1, 0, 0.0]  # c-d: gap 0.5
    assert t.loc["1\u20132"].tolist() == [1, 0, 0.0]  # a-b: gap 1.5
    assert t.loc["2+"].tolist() == [4, 4, 1.0]
    empty = hx.agreement_by_gap(pairs, bins=(0, 0.1, 0.2))
    assert empty["pairs"].tolist() == [0, 0] and empty["fraction"].isna().all()
    with pytest.raises(BleuInputError, match="increasing"):
        hx.agreement_by_gap(pairs, bins=(2, 1))
    with pytest.raises(BleuInputError, match="'gap'"):
        hx.agreement_by_gap(pairs.drop(columns="gap"))


def test_pairwise_agreement_says_whom_people_and_the_metric_separate(counts):
    scores, weights = counts.scores(), ag.segment_weights(len(counts), n_draws=200, seed=1)
    draws = counts.resampled_scores(weights)
    human = {s: float(np.mean([v for v in HUMAN[s] if v is not None])) for s in HUMAN}
    pairs = hx.pairwise_agreement(scores, human, human_segments=HUMAN, metric_draws=draws).set_index(["first", "second"])
    for (a, b), row in pairs.iterrows():
        assert row["people separate"] == hx.paired_difference(HUMAN[a], HUMAN[b]).significant
        low, high = ag.percentile_interval(draws[b] - draws[a])
        assert row["metric separates"] == (low > 0 or high < 0)
    assert pairs.loc[("good", "odd"), "people separate"] and pairs.loc[("good", "odd"), "metric separates"]
    assert "people separate" not in hx.pairwise_agreement(scores, human).columns


# ---------------------------------------------------------------------- blocks and segments
def test_rated_segments():
    assert hx.rated_segments(HUMAN, list(HUMAN)) == [0, 1, 3, 4, 5]
    assert hx.rated_segments({"a": [1.0, None, 2.0], "b": [None, 1.0, 2.0]}, ["a", "b"]) == [2]


def test_block_bleu_is_corpus_bleu_of_the_block(results, counts):
    rated = [0, 1, 3, 4, 5]
    blocks = hx.block_bleu(counts, rated, 2)  # blocks [0, 1], [3, 4]; the short last block is dropped
    assert blocks.shape == (2, 4)
    second = bx.explain_corpus([SYSTEMS["fair"][i] for i in (3, 4)], [REFS[i] for i in (3, 4)])
    assert blocks.loc[2, "fair"] == pytest.approx(second.score)
    everything = hx.block_bleu(counts, rated, None)
    assert everything.loc[1, "poor"] == pytest.approx(
        bx.explain_corpus([SYSTEMS["poor"][i] for i in rated], [REFS[i] for i in rated]).score)
    single = hx.block_bleu(counts, rated, 1)
    assert single["good"].tolist() == pytest.approx([100 * results["good"].sentence_scores[i] for i in rated])
    with pytest.raises(BleuInputError, match="block_size"):
        hx.block_bleu(counts, rated, 0)


def test_block_means_and_unrated_segments():
    means = hx.block_means(HUMAN, ["good", "odd"], [0, 1, 3, 4], 2)
    assert means["good"].tolist() == [-0.5, -0.25] and means["odd"].tolist() == [-11.0, -9.5]
    with pytest.raises(BleuInputError, match="unrated"):
        hx.block_means(HUMAN, ["good"], [1, 2], 2)


def test_correlation_by_block_size(results, counts):
    table = hx.correlation_by_block_size(counts, HUMAN, sizes=(1, 5, None))
    assert table.index.tolist() == ["1", "5", "all"] and table["blocks"].tolist() == [5, 1, 1]
    rated = hx.rated_segments(HUMAN, list(results))
    bleu = hx.block_bleu(counts, rated, None).iloc[0]
    human = {s: np.mean([HUMAN[s][i] for i in rated]) for s in results}
    expected = stats.pearsonr(bleu.tolist(), [human[s] for s in bleu.index])[0]
    assert table.loc["all", "metric vs all"] == pytest.approx(expected)
    assert table.loc["all", "metric vs block"] == pytest.approx(expected)  # one block: the same thing
    assert table.loc["all", "block vs all"] == pytest.approx(1.0)


def test_rank_disagreements_put_liked_low_scored_segments_first():
    t = hx.rank_disagreements([10.0, 80.0, 50.0, None, 5.0], [0.0, -5.0, -1.0, 0.0, -9.0])
    assert t.index.tolist() == [0, 2, 4, 1]  # segment 3 has no metric score
    assert t.loc[0, "gap"] == pytest.approx(1.0 - 0.5)  # human rank 4/4, metric rank 2/4
    with pytest.raises(BleuInputError, match="both"):
        hx.rank_disagreements([None], [1.0])


def test_paired_difference_p_value_is_scipys_paired_t_test():
    worse, better = [-3.0, -1.0, None, -2.0, -4.0, -0.5], [-1.0, 0.0, -5.0, -2.0, -1.0, -0.5]
    both = [(w, b) for w, b in zip(worse, better) if w is not None and b is not None]
    expected = stats.ttest_rel([b for _, b in both], [w for w, _ in both]).pvalue
    assert hx.paired_difference(worse, better).p_value == pytest.approx(expected, rel=1e-12)
    assert hx.paired_difference([1.0, 2.0], [1.0, 2.0]).p_value == 1.0  # no difference at all


def test_pairwise_agreement_gives_peoples_p_beside_their_verdict():
    human = {"a": -2.0, "b": -1.0, "c": -1.5}
    segments = {"a": [-3.0, -1.0, -2.0, -2.0], "b": [-1.0, -1.0, -1.0, -1.0], "c": [-2.0, -1.0, -1.0, -2.0]}
    pairs = hx.pairwise_agreement({"a": 1.0, "b": 3.0, "c": 2.0}, human, human_segments=segments)
    assert list(pairs.columns[-2:]) == ["people separate", "people p"]
    for row in pairs.itertuples():
        assert row[-2] == (row[-1] < 0.05)  # the 95% interval excludes 0 exactly when p < 0.05
