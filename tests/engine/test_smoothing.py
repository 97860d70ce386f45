"""Smoothing: each tool's replacement for a zero precision, as that tool computes it."""

from __future__ import annotations

import sys

from bleu_explain.engine.smoothing import mteval_smoothed, nltk_precisions, nltk_smooth, sacrebleu_precisions


def test_sacrebleu_exp_halves_for_each_further_zero_order():
    precisions, eff, reached, notes = sacrebleu_precisions([3, 0, 0, 0], [4, 3, 2, 1], "exp", None, False)
    assert precisions == [75.0, 100 / (2 * 3), 100 / (4 * 2), 100 / (8 * 1)]
    assert (eff, reached) == (4, 4) and len(notes) == 3


def test_sacrebleu_stops_at_an_order_without_ngrams_and_effective_order_ends_the_mean_there():
    precisions, eff, reached, _ = sacrebleu_precisions([2, 1, 0, 0], [2, 1, 0, 0], "exp", None, True)
    assert (eff, reached) == (2, 2) and precisions[2:] == [0.0, 0.0]


def test_sacrebleu_floor_and_add_k():
    floor, *_ = sacrebleu_precisions([2, 0], [4, 3], "floor", 0.1, False)
    assert floor[1] == 100 * 0.1 / 3
    add_k, *_ = sacrebleu_precisions([2, 0], [4, 3], "add-k", 1.0, False)
    assert add_k == [50.0, 100 * 1 / 4]


def test_nltk_method0_uses_the_smallest_float_and_method1_adds_epsilon():
    p = nltk_precisions([1, 0], [1, 1])
    notes: list[str] = []
    assert nltk_smooth("method0", None, p, [1, 0], [1, 1], 1, None, notes)[1] == sys.float_info.min
    assert nltk_smooth("method1", 0.1, p, [1, 0], [1, 1], 1, None, notes)[1] == 0.1


def test_mteval_smoothing_is_sacrebleus_exp():
    assert mteval_smoothed(0, 3, 1) == (1 / 6, 2)
    assert mteval_smoothed(0, 2, 2) == (1 / 8, 4)
    assert mteval_smoothed(1, 2, 4) == (0.5, 4)


def test_floor_zero_is_no_smoothing_and_says_so():
    precisions, _, _, notes = sacrebleu_precisions([2, 0], [4, 3], "floor", 0.0, False)
    assert precisions == [50.0, 0.0]
    assert any("a floor of 0 is no smoothing" in note for note in notes)


def test_a_floor_above_the_count_is_kept_and_noted():
    precisions, _, _, notes = sacrebleu_precisions([2, 0], [4, 1], "floor", 2.5, False)
    assert precisions[1] == 250.0  # as sacreBLEU computes it: 100 * 2.5 / 1
    assert any("more than 1" in note for note in notes)


def test_evaluate_adds_one_to_every_order_and_torchmetrics_spares_the_unigram():
    from bleu_explain.engine.smoothing import hf_evaluate_precisions, torchmetrics_precisions

    assert hf_evaluate_precisions([3, 1, 0], [4, 3, 2], smooth=True) == [4 / 5, 2 / 4, 1 / 3]
    assert hf_evaluate_precisions([3, 1, 0], [4, 3, 0], smooth=False) == [3 / 4, 1 / 3, 0.0]
    assert torchmetrics_precisions([3, 1, 1], [4, 3, 2], smooth=True) == [3 / 4, 2 / 4, 2 / 3]
    assert torchmetrics_precisions([3, 1, 1], [4, 3, 2], smooth=False) == [3 / 4, 1 / 3, 1 / 2]
