"""What every exercise on the WMT21 data (notebooks 10 and 11) promises: its feedback never gives the answer away,
and without the data it says how to get them."""

from __future__ import annotations

import pytest
from conftest import wmt21_folder

from bleu_explain.course.checker import exercises_for

ON_WMT21 = ("10_agreement_of_systems", "11_agreement_of_segments")


@pytest.mark.slow
@pytest.mark.parametrize("notebook", ON_WMT21)
def test_feedback_never_contains_the_answer(notebook):
    if wmt21_folder() is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    for ex in exercises_for(notebook):
        right = ex.solution()
        for answer in (ex.mistake(), 0.0, right + 0.3):
            message = ex.check(answer).message
            assert f"{right:.2f}" not in message and f"{right}" not in message


@pytest.mark.parametrize("notebook", ON_WMT21)
def test_without_data_the_checker_says_how_to_get_it(notebook, monkeypatch):
    monkeypatch.setattr("bleu_explain.data.wmt21.wmt21_available", lambda *a, **k: False)
    for ex in exercises_for(notebook):
        feedback = ex.check(0.5)
        assert not feedback.correct and "fetch wmt21" in feedback.message
