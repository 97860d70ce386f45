"""The resampling machinery: a resample is scored as the corpus of the segments it draws, its sums are exact."""

from __future__ import annotations

import statistics

import numpy as np
import pytest
from test_significance import make_corpus

import bleu_explain as bx
from bleu_explain.analysis import resampling as rs
from bleu_explain.api import make_config
from bleu_explain.engine.errors import BleuInputError, OutsideToolError
from bleu_explain.engine.presets import PRESETS

#: NLTK's smoothing methods 5-7 read the corpus's last segment: a resample cannot be scored by them.
#: d2l scores one pair, never a corpus (a test below says so).
RESAMPLABLE = [(preset, {}) for preset in PRESETS if preset != "d2l"] + [("nltk", {"smooth": "method3"}),
                                                      ("sacrebleu", {"smooth": "floor"})]


@pytest.mark.parametrize("preset,settings", RESAMPLABLE)
def test_a_resample_scores_as_the_corpus_of_the_segments_it_draws(preset, settings):
    cands, _, refs = make_corpus(25, 2, seed=5)
    config = make_config(preset, **settings)
    counted = rs.count_systems([cands], refs, config, progress=False, n_scores=0)
    idxs = rs.draw_resamples(np.random.default_rng(3), counted.n_segments, 6)
    (matrix,) = counted.matrices()
    scores = rs.score_resamples(rs.resample_sums(matrix, idxs), config)
    for row, score in zip(idxs, scores.tolist()):
        drawn = bx.explain_corpus([cands[i] for i in row], [refs[i] for i in row], preset=preset, **settings)
        assert score == drawn.score
    assert counted.observed_scores() == (bx.explain_corpus(cands, refs, preset=preset, **settings).score,)


def test_d2l_has_no_resamples_it_scores_one_pair():
    cands, _, refs = make_corpus(5, 1, seed=5)
    with pytest.raises(OutsideToolError, match="one candidate string and one reference string.*corpus of 5"):
        rs.count_systems([cands], refs, make_config("d2l"), progress=False, n_scores=0)


def test_the_bootstrap_scores_float32_statistics_with_the_sacrebleu_rules_only():
    cands, _, refs = make_corpus(25, 1, seed=6)
    idxs = rs.draw_resamples(np.random.default_rng(1), 25, 50)
    for preset, float32 in (("sacrebleu", True), ("nltk", False), ("mteval-13a", False)):
        config = make_config(preset)
        (matrix,) = rs.count_systems([cands], refs, config, False, 0).matrices()
        sums = rs.resample_sums(matrix, idxs)
        assert np.array_equal(rs.bootstrap_scores(sums, config), rs.score_resamples(sums, config, float32=float32))


def test_sums_are_exact_side_by_side_and_past_float32():
    rng = np.random.default_rng(7)
    matrix = rng.integers(0, 60, size=(40, 10))
    other = rng.integers(0, 60, size=(40, 10))
    idxs = rs.draw_resamples(rng, 40, 30)
    by_hand = np.array([matrix[row].sum(axis=0) for row in idxs])
    assert np.array_equal(rs.resample_sums(matrix, idxs), by_hand)
    both = rs.resample_sums(np.hstack([matrix, other]), idxs)
    assert np.array_equal(both[:, :10], by_hand) and np.array_equal(both[:, 10:], rs.resample_sums(other, idxs))
    selector = rng.integers(2, size=(30, 40), dtype=bool)
    for values in (matrix - other, (matrix - other) * 2 ** 20 + 1):  # the second needs float64 to stay exact
        expected = np.array([values[row].sum(axis=0) for row in selector])
        assert np.array_equal(rs.selected_sums(values, selector), expected)


def test_the_two_means_of_an_interval():
    scores = np.random.default_rng(2).normal(30, 2, 1000)
    mean, ci, lower, upper = rs.estimate_ci(scores, exact_mean=True)
    assert mean == statistics.mean(sorted(scores.tolist()))
    assert rs.estimate_ci(scores)[0] == float(np.sort(scores).mean())
    assert (ci, lower, upper) == rs.estimate_ci(scores)[1:]
    with pytest.raises(BleuInputError, match="no resampled scores"):
        rs.estimate_ci(np.array([]))


def test_counted_results_are_the_statistics_they_hold_and_must_match():
    cands, other, refs = make_corpus(15, 2, seed=8)
    a, b = bx.explain_corpus(cands, refs), bx.explain_corpus(other, refs)
    counted = rs.counted_results([a, b], progress=False, n_scores=0)
    assert counted.statistics == (a.segment_stats, b.segment_stats)
    assert counted.statistics == rs.count_systems([cands, other], refs, a.config, False, 0).statistics
    for mismatched in (bx.explain_corpus(other, refs, preset="nltk"), bx.explain_corpus(other[:-1], refs[:-1])):
        with pytest.raises(BleuInputError, match="same references with the same settings"):
            rs.counted_results([a, mismatched], progress=False, n_scores=0)
    with pytest.raises(BleuInputError, match="one system or two"):
        rs.count_systems([cands, other, cands], refs, a.config, False, 0)
    with pytest.raises(BleuInputError, match="LAST segment"):
        rs.counted_results([bx.explain_corpus(cands, refs, preset="nltk", smooth="method6")], False, 0)


def test_draws_are_checked():
    assert rs.check_draws(5, None) == (5, None)
    for n_samples, seed, message in ((0, 1, "n_samples"), (2.0, 1, "n_samples"), (True, 1, "n_samples"),
                                     (3, -1, "seed"), (3, False, "seed"), (3, "1", "seed")):
        with pytest.raises(BleuInputError, match=message):
            rs.check_draws(n_samples, seed)
