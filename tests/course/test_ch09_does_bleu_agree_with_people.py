"""Notebook 09's exercises on the WMT21 data: the checkers' values against sacreBLEU and scipy, their slips, and
what they say without the data."""

from __future__ import annotations

import pytest
from conftest import count_oracle, wmt21_folder
from scipy import stats

from bleu_explain.course import ch09_does_bleu_agree_with_people as ch09
from bleu_explain.course.checker import exercises_for


@pytest.fixture(scope="module")
def data():
    if wmt21_folder() is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    from bleu_explain.data.parsed_cache import load_wmt21_cached

    return {pair: load_wmt21_cached(pair) for pair in ("zh-en", "en-de")}


@pytest.mark.slow
def test_r_against_reference_c_is_sacrebleus_bleu_correlated_by_scipy(data):
    from sacrebleu.metrics import BLEU

    de = data["en-de"]
    mqm = de.human("mqm").systems
    outputs = {name: lines for name, lines in de.translations("C").items() if name in mqm}
    assert sorted(n for n in outputs if n not in de.systems) == ["ref-A", "ref-D"] and len(outputs) == 10
    bleu = {name: BLEU().corpus_score(lines, [de.references["C"]]).score for name, lines in outputs.items()}
    count_oracle("sacrebleu", len(bleu))
    names = list(bleu)
    assert ch09._against() == pytest.approx(stats.pearsonr([bleu[n] for n in names], [mqm[n] for n in names])[0])


@pytest.mark.slow
def test_exercises_accept_the_answer_and_name_the_slip(data):
    for ex in exercises_for("09_does_bleu_agree_with_people"):
        assert ex.check(ex.solution()).correct, ex.name
        wrong = ex.check(ex.mistake())
        assert not wrong.correct and wrong.message
        assert not ex.check(None).correct and not ex.check("0.5").correct
    ex1, ex2 = exercises_for("09_does_bleu_agree_with_people")
    assert "reference A" in ex1.check(ex1.mistake()).message
    assert "Pool" in ex2.check(ex2.mistake()).message
    assert "percentage" in ex2.check(round(ex2.solution() * 100)).message


@pytest.mark.slow
def test_feedback_never_contains_the_answer(data):
    for ex in exercises_for("09_does_bleu_agree_with_people"):
        right = ex.solution()
        for answer in (ex.mistake(), 0.0, right + 0.3):
            message = ex.check(answer).message
            assert f"{right:.2f}" not in message and f"{right}" not in message


def test_without_data_the_checker_says_how_to_get_it(monkeypatch):
    monkeypatch.setattr("bleu_explain.data.wmt21.wmt21_available", lambda *a, **k: False)
    for ex in ch09.EXERCISES:
        feedback = ex.check(0.5)
        assert not feedback.correct and "fetch wmt21" in feedback.message
