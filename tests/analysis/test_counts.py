"""SegmentCounts: the engine's segment statistics of several systems as one array, scored as the engine scores them."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from conftest import count_oracle

import bleu_explain as bx
from bleu_explain.analysis import agreement as ag
from bleu_explain.analysis.counts import SegmentCounts
from bleu_explain.analysis.significance import paired_bootstrap
from bleu_explain.engine.errors import BleuInputError

REFS = [["the river rose after the storm"], ["our neighbours sold their old car"], ["the library opens at nine"],
        ["two trains left the station late"], ["she painted the fence green"], ["we ate soup by the fire"]]
SYSTEMS = {
    "good": ["the river rose after the storm", "our neighbours sold the old car", "the library opens at nine",
             "two trains left the station late", "she painted the fence green", "we ate soup near the fire"],
    "fair": ["the river rose after a storm", "the neighbours sold a car", "the library opens at nine o'clock",
             "two trains left late", "she painted a green fence", "we ate a soup by the fire"],
    "poor": ["river storm", "neighbours car", "library nine", "trains late", "fence green", "soup fire"],
}


@pytest.fixture(scope="module")
def results():
    return bx.explain_systems(SYSTEMS, REFS)


@pytest.fixture(scope="module")
def counts(results):
    return SegmentCounts.of(results)


def test_scores_are_the_engines_to_the_last_bit(results, counts):
    assert counts.systems == ("good", "fair", "poor") and len(counts) == 6
    assert counts.scores() == {name: r.score for name, r in results.items()}
    for segments in ([0], [1, 4], [5, 0, 0, 3]):
        assert counts.score("fair", segments) == results["fair"].score_segments(segments).score
    assert counts.scores([2, 3]) == {name: r.score_segments([2, 3]).score for name, r in results.items()}


def test_sentence_scores_are_sacrebleus_sentence_bleu(counts):
    from sacrebleu.metrics import BLEU

    theirs = [BLEU(effective_order=True).sentence_score(h, r).score for h, r in zip(SYSTEMS["fair"], REFS)]
    count_oracle("sacrebleu", len(theirs))
    assert counts.sentence_scores("fair") == pytest.approx(theirs, abs=1e-9)
    plain = [BLEU().sentence_score(h, r).score for h, r in zip(SYSTEMS["fair"], REFS)]
    assert counts.sentence_scores("fair", effective_order=False) == pytest.approx(plain, abs=1e-9)


def test_resampled_scores_are_corpus_scores_of_the_resamples(results, counts):
    weights = ag.segment_weights(len(counts), n_draws=5, seed=7)
    draws = counts.resampled_scores(weights)
    for b, row in enumerate(weights):
        drawn = [i for i, times in enumerate(row) for _ in range(times)]
        resample = bx.explain_corpus([SYSTEMS["good"][i] for i in drawn], [REFS[i] for i in drawn])
        assert draws["good"][b] == resample.score


def test_a_paired_bootstrap_is_two_systems_on_the_same_draws(counts):
    weights = ag.segment_weights(len(counts), n_draws=300, seed=12345)
    draws = counts.resampled_scores(weights)
    test = paired_bootstrap(SYSTEMS["fair"], SYSTEMS["good"], REFS, n_samples=300, seed=12345, progress=False)
    # sacreBLEU's draws, in sacreBLEU's order; it divides in float32, we in float64
    assert np.allclose(draws["good"] - draws["fair"], test.signed_deltas, atol=1e-4)


def test_counts_pickle_small_and_whole(counts):
    again = pickle.loads(pickle.dumps(counts))
    assert again.scores() == counts.scores() and again.config == counts.config


def test_bad_input_is_named(results, counts):
    with pytest.raises(BleuInputError, match="no system 'best'"):
        counts.score("best")
    with pytest.raises(BleuInputError, match="positions from 0 to 5"):
        counts.score("good", [6])
    with pytest.raises(BleuInputError, match="one column per segment"):
        counts.resampled_scores(np.ones((2, 3), dtype=int))
    with pytest.raises(BleuInputError, match="same references"):
        SegmentCounts.of({"a": results["good"], "b": bx.explain_corpus(SYSTEMS["fair"], REFS, lowercase=True)})
    with pytest.raises(BleuInputError, match="tokens"):
        SegmentCounts.of({"a": bx.explain_corpus(SYSTEMS["fair"], REFS, preset="nltk", smooth="method5")})
    with pytest.raises(BleuInputError, match="non-empty"):
        SegmentCounts.of({})
