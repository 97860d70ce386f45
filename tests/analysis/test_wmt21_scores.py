"""The scores notebooks 10 and 11 start from, on a small corpus: BLEU read off the kept statistics and chrF are
sacreBLEU's own, with two references."""

from __future__ import annotations

import pytest
from conftest import count_oracle
from sacrebleu.metrics import BLEU, CHRF

from bleu_explain.analysis.wmt21_scores import bleu_counts, chrf_scores

REFS_A = ["The cat sat on the mat.", "It was raining all day long.", "We left early in the morning."]
REFS_B = ["A cat was sitting on the mat.", "The rain did not stop all day.", "We set off early that morning."]
OUTPUTS = {"one": ["The cat sat on a mat.", "It rained all day.", "We left in the morning."],
           "two": ["Cat on mat.", "All day it was raining long.", "Early morning we went."]}


def test_bleu_and_chrf_are_sacrebleus_with_two_references():
    refs = [[a, b] for a, b in zip(REFS_A, REFS_B)]
    bleu = bleu_counts(OUTPUTS, refs).scores()
    chrf = chrf_scores(OUTPUTS, refs)
    for name, lines in OUTPUTS.items():
        assert bleu[name] == pytest.approx(BLEU().corpus_score(lines, [REFS_A, REFS_B]).score, abs=1e-9)
        assert chrf[name] == pytest.approx(CHRF().corpus_score(lines, [REFS_A, REFS_B]).score, abs=1e-9)
    count_oracle("sacrebleu", 2 * len(OUTPUTS))


def test_chrf_counts_give_sacrebleus_chrf_of_the_whole_and_of_any_resample():
    import numpy as np

    from bleu_explain.analysis.wmt21_scores import chrf_counts

    refs = [[a, b] for a, b in zip(REFS_A, REFS_B)]
    kept = chrf_counts(OUTPUTS, refs)
    assert kept.scores() == chrf_scores(OUTPUTS, refs)  # the same sums, the same computation: equal to the bit
    weights = np.array([[2, 0, 1], [0, 1, 2]])
    resampled = kept.resampled_scores(weights)
    for name, lines in OUTPUTS.items():
        for row, counts in zip(resampled[name], weights):
            picked = [k for k, n in enumerate(counts) for _ in range(n)]
            expected = CHRF().corpus_score([lines[k] for k in picked], [[REFS_A[k] for k in picked],
                                                                        [REFS_B[k] for k in picked]]).score
            assert row == pytest.approx(expected, abs=1e-9)
    assert kept.subset(["two"]).scores() == {"two": kept.scores()["two"]}
    count_oracle("sacrebleu", 2 * len(OUTPUTS) * 3)
