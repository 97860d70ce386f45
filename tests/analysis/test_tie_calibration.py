"""Pairwise accuracy with tie calibration (Deutsch, Foster and Freitag 2023), checked against brute force, against
the package's own tau-like, and on WMT21 against the counts of identical outputs."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from conftest import wmt21_folder

from bleu_explain.analysis import agreement as ag
from bleu_explain.analysis import tie_calibration as tc
from bleu_explain.engine.errors import BleuInputError


def random_scores(seed: int, systems: int = 5, segments: int = 40):
    """Segment scores with many ties on both sides (rounded) and a few unrated segments."""
    rng = np.random.default_rng(seed)
    quality = rng.normal(0, 1, (segments, 1))
    metric = np.round(quality + rng.normal(0, 1, (segments, systems)), 0)
    human = np.round(quality + rng.normal(0, 1, (segments, systems)), 0)
    human[rng.random((segments, systems)) < 0.1] = np.nan
    names = [f"s{k}" for k in range(systems)]

    def as_lists(values):
        return {name: [None if np.isnan(v) else float(v) for v in values[:, k]] for k, name in enumerate(names)}

    return as_lists(metric), as_lists(human), names


def brute_force(metric, human, names, epsilon):
    """acc_eq averaged over segments, every pair enumerated, and the pooled counts."""
    per_segment, counts = [], dict(con=0, dis=0, mtie=0, htie=0, both=0)
    for s in range(len(metric[names[0]])):
        right = total = 0
        for a, b in itertools.combinations(names, 2):
            if None in (metric[a][s], metric[b][s], human[a][s], human[b][s]):
                continue
            dm, dh = metric[b][s] - metric[a][s], human[b][s] - human[a][s]
            m_tie, h_tie = abs(dm) <= epsilon, dh == 0
            key = "both" if m_tie and h_tie else "mtie" if m_tie else "htie" if h_tie else \
                "con" if dm * dh > 0 else "dis"
            counts[key] += 1
            right += key in ("con", "both")
            total += 1
        if total:
            per_segment.append(right / total)
    return float(np.mean(per_segment)), counts


@pytest.mark.parametrize("seed", range(4))
def test_the_counts_and_the_accuracy_are_brute_forces_at_every_threshold(seed):
    metric, human, names = random_scores(seed)
    pairs = tc.item_pairs(metric, human, systems=names)
    for epsilon in (0.0, 0.5, 1.0, 2.0):
        accuracy, counts = brute_force(metric, human, names, epsilon)
        got = tc.pair_counts(pairs, epsilon)
        assert (got.concordant, got.discordant, got.metric_ties, got.human_ties, got.both_tied) == \
            (counts["con"], counts["dis"], counts["mtie"], counts["htie"], counts["both"])
        assert tc._per_segment(pairs, np.array([epsilon]))[:, 0].mean() == pytest.approx(accuracy)


@pytest.mark.parametrize("seed", range(4))
def test_the_chosen_threshold_is_the_best_of_every_candidate(seed):
    metric, human, names = random_scores(seed)
    pairs = tc.item_pairs(metric, human, systems=names)
    candidates = np.unique(np.r_[0.0, np.abs(pairs.metric_difference)])
    best = max(candidates, key=lambda e: (round(brute_force(metric, human, names, e)[0], 12), -e))
    epsilon, accuracy = tc.best_threshold(pairs)
    assert epsilon == best and accuracy == pytest.approx(brute_force(metric, human, names, best)[0])


def test_tau_like_is_the_packages_segment_level_tau_like():
    metric, human, names = random_scores(7, systems=4, segments=30)
    counts = tc.pair_counts(tc.item_pairs(metric, human, systems=names))
    table = ag.segment_kendall(metric, human, systems=names, n_draws=50)
    assert counts.tau_like == pytest.approx(table.loc["WMT tau-like, within segments", "estimate"])


def test_identical_outputs_are_found_among_the_metrics_ties():
    metric = {"a": [1.0, 2.0, 3.0], "b": [1.0, 2.0, 1.0], "c": [0.0, 2.0, 3.0]}
    human = {"a": [0.0, -1.0, -2.0], "b": [-1.0, -1.0, -1.0], "c": [-5.0, 0.0, 0.0]}
    texts = {"a": ["x", "same", "p"], "b": ["x", "same", "q"], "c": ["y", "other", "p"]}
    counts = tc.pair_counts(tc.item_pairs(metric, human, texts=texts))
    # ties of the metric where people differ: a-b on 0 (identical texts), a-c and b-c on 1 (different texts), a-c
    # on 2 (identical); a-b on 1 is tied by both
    assert (counts.metric_ties, counts.both_tied, counts.identical_outputs) == (4, 1, 2)


def test_the_estimates_carry_bootstrap_intervals_and_a_constant_metric_is_the_share_of_human_ties():
    metric, human, names = random_scores(3, segments=60)
    pairs = tc.item_pairs(metric, human, systems=names)
    result = tc.tie_calibration(pairs, n_draws=200)
    for estimate in (result.accuracy, result.at_zero, result.all_tied, result.untied):
        assert estimate.low <= estimate.value <= estimate.high
    assert result.accuracy.value >= max(result.at_zero.value, result.all_tied.value) - 1e-12
    assert result.all_tied.value == pytest.approx(brute_force(metric, human, names, np.inf)[0])


def test_bad_input_is_named():
    with pytest.raises(BleuInputError, match="at least 2 systems"):
        tc.item_pairs({"a": [1.0]}, {"a": [1.0]})
    with pytest.raises(BleuInputError, match="segments"):
        tc.item_pairs({"a": [1.0, 2.0], "b": [1.0, 2.0]}, {"a": [1.0], "b": [2.0]})
    metric, human, names = random_scores(1)
    with pytest.raises(BleuInputError, match="epsilon"):
        tc.pair_counts(tc.item_pairs(metric, human, systems=names), -1.0)


@pytest.mark.slow
@pytest.mark.parametrize("pair, untied, identical", [("zh-en", 13790, 405), ("en-de", 7884, 437)])
def test_on_wmt21_identical_outputs_with_different_mqm_are_the_counted_ties(pair, untied, identical):
    """The counts quoted when the course was reviewed: of the pairs the experts do not tie, how many are identical
    outputs, which sentence BLEU must tie."""
    if wmt21_folder() is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    from bleu_explain.analysis.wmt21_scores import bleu_counts, references
    from bleu_explain.data.parsed_cache import load_wmt21_cached, on_disk

    ts = load_wmt21_cached(pair)
    names = ts.judged("mqm", humans=False)
    counts = on_disk(bleu_counts, ts.translations("A"), references(ts))
    pairs = tc.item_pairs({s: counts.sentence_scores(s) for s in names}, ts.human("mqm").segments, systems=names,
                          texts={s: ts.translations("A")[s] for s in names})
    exact = tc.pair_counts(pairs)
    assert exact.pairs - exact.human_ties - exact.both_tied == untied and exact.identical_outputs == identical
