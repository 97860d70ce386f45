"""Soft pairwise accuracy (Thompson et al. 2024): the permutation p-values on both sides and the accuracy itself."""

from __future__ import annotations

import numpy as np
import pytest

import bleu_explain as bx
from bleu_explain.analysis import soft_pairwise as sp
from bleu_explain.analysis.counts import SegmentCounts
from bleu_explain.engine.errors import BleuInputError


def segment_scores(seed: int = 0, systems: int = 4, segments: int = 60):
    rng = np.random.default_rng(seed)
    base = rng.normal(0, 1, segments)
    return {f"s{k}": (base + 0.3 * k + rng.normal(0, 1, segments)).tolist() for k in range(systems)}


def test_a_corpus_metric_that_is_a_sum_gets_the_sign_flip_p_values_of_a_mean():
    """With the same coins, swapping two systems' statistics and summing is flipping the sign of a segment's
    difference: the two routes give the same p-values."""
    scores = segment_scores()
    names = list(scores)
    table = np.array([[[round(1000 * v)] for v in scores[s]] for s in names])  # whole numbers, as counts are
    as_sum = sp.corpus_p_values(table, lambda sums: np.asarray(sums)[:, 0].astype(float), names, n_trials=500)
    as_mean = sp.mean_p_values({s: [round(1000 * v) / 1000 for v in scores[s]] for s in names}, names, n_trials=500)
    assert as_sum == pytest.approx(as_mean)


def test_the_p_values_point_the_right_way_and_add_up_to_about_one():
    scores = segment_scores()
    p = sp.mean_p_values(scores, n_trials=999)
    assert p["s0", "s3"] < 0.01  # s3 is clearly better
    flipped = sp.mean_p_values({"s3": scores["s3"], "s0": scores["s0"]}, n_trials=999)
    assert p["s0", "s3"] + flipped["s3", "s0"] == pytest.approx(1.0, abs=0.01)
    assert sp.mean_p_values({"a": [1.0, 2.0, 3.0], "b": [1.0, 2.0, 3.0]}, n_trials=99)["a", "b"] == 1.0


def test_unrated_segments_are_left_out_pair_by_pair():
    with_gaps = {"a": [1.0, None, 2.0, 3.0, 1.0], "b": [2.0, 5.0, None, 4.0, 2.0]}
    only_both = {"a": [1.0, 3.0, 1.0], "b": [2.0, 4.0, 2.0]}
    # on the three segments both rated, b is better by 1 each time: only the flips that keep all three signs (one
    # in eight) reach the observed mean
    for scores in (with_gaps, only_both):
        assert sp.mean_p_values(scores, n_trials=999)["a", "b"] == pytest.approx(1 / 8, abs=0.04)


def test_bleus_p_values_come_from_the_engines_statistics():
    refs = [["the cat sat on the mat"], ["a dog barked at the man"], ["it rained all day long"],
            ["we went home early today"], ["the sun came out again"], ["she read a good book"]] * 3
    good = ["the cat sat on the mat", "a dog barked at the man", "it rained all day", "we went home early",
            "the sun came out", "she read a good book"] * 3
    poor = ["cat mat", "dog", "rain", "home", "sun out", "book"] * 3
    counts = SegmentCounts.of(bx.explain_systems({"poor": poor, "good": good}, refs, progress=False))
    p = sp.bleu_p_values(counts, n_trials=199)
    assert p["poor", "good"] < 0.05
    reverse = sp.bleu_p_values(counts.subset(["good", "poor"]), n_trials=199)
    assert reverse["good", "poor"] > 0.95


def test_soft_pairwise_accuracy_by_hand():
    people = {("a", "b"): 0.01, ("a", "c"): 0.2, ("b", "c"): 0.9}
    metric = {("a", "b"): 0.05, ("a", "c"): 0.6, ("b", "c"): 0.7}
    result = sp.soft_pairwise_accuracy(people, metric, n_draws=200)
    assert result.estimate == pytest.approx(1 - (0.04 + 0.4 + 0.2) / 3) and result.pairs == 3
    assert result.low <= result.estimate <= result.high
    assert sp.soft_pairwise_accuracy(people, people, n_draws=50).estimate == 1.0
    with pytest.raises(BleuInputError, match="same pairs"):
        sp.soft_pairwise_accuracy(people, {("a", "b"): 0.5}, n_draws=50)
    with pytest.raises(BleuInputError, match="n_trials"):
        sp.mean_p_values({"a": [1.0, 2.0], "b": [2.0, 3.0]}, n_trials=0)
