"""Notebook 11's exercise on the WMT21 data: the checker's value against sacreBLEU and pairs counted by hand, its
slips, and what it says without the data."""

from __future__ import annotations

from itertools import combinations

import pytest
from conftest import count_oracle, wmt21_folder

from bleu_explain.course import ch11_agreement_of_segments as ch11
from bleu_explain.course.checker import exercises_for


@pytest.fixture(scope="module")
def zh():
    if wmt21_folder() is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    from bleu_explain.data.parsed_cache import load_wmt21_cached

    return load_wmt21_cached("zh-en")


@pytest.mark.slow
def test_small_gap_agreement_is_sacrebleus_bleu_with_pairs_counted_by_hand(zh):
    from sacrebleu.metrics import BLEU

    da = zh.human("da").systems
    names = [n for n in zh.judged("da") if n in zh.systems]
    assert len(names) == 23
    bleu = {n: BLEU().corpus_score(zh.systems[n], [zh.references["A"]]).score for n in names}
    count_oracle("sacrebleu", len(bleu))
    small = [(a, b) for a, b in combinations(names, 2) if abs(bleu[a] - bleu[b]) < ch11.GAP_LIMIT]
    agree = sum((bleu[a] - bleu[b]) * (da[a] - da[b]) > 0 for a, b in small)
    assert small and ch11._small_gap() == pytest.approx(agree / len(small))


@pytest.mark.slow
def test_exercise_accepts_the_answer_and_names_the_slip(zh):
    (ex,) = exercises_for("11_agreement_of_segments")
    assert ex.check(ex.solution()).correct
    wrong = ex.check(ex.mistake())
    assert not wrong.correct and "Pool" in wrong.message
    assert not ex.check(None).correct and not ex.check("0.5").correct
    assert "percentage" in ex.check(round(ex.solution() * 100)).message
    assert "disagree" in ex.check(round(1 - ch11._small_gap(), 2)).message

