"""Notebook 00's exercise: the cat against the second reference alone, on sacreBLEU's 0-100 scale; the score
against both references (printed in the notebook) and the 0-1 scale get their own hints (every slip of form is in
test_feedback_table.py)."""

from __future__ import annotations

import pytest

import bleu_explain as bx
from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "00_start_here"
CAT, REFS = examples.CAT_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)


@pytest.fixture(scope="module")
def score() -> float:
    return bx.explain(CAT, [REFS[1]]).score


def test_one_reference_fewer_is_a_different_score(score):
    assert score < bx.explain(CAT, REFS).score  # else the exercise would ask for the number printed above it


def test_the_score_rounded_to_two_decimals_is_right(score):
    assert check(STEM, "score_scale", round(score, 2)).correct
    assert check(STEM, "score_scale", str(round(score, 2))).correct


def test_the_printed_score_and_the_papers_scale_get_their_own_hints(score):
    both = check(STEM, "score_scale", round(bx.explain(CAT, REFS).score, 2))
    assert not both.correct and "both references" in both.message
    feedback = check(STEM, "score_scale", score / 100)
    assert not feedback.correct and "on the 0–1 scale: give the score on the 0–100 scale" in feedback.message


@pytest.mark.parametrize("answer", [None, "a lot", 0, 100])
def test_other_answers_are_refused_without_a_traceback(answer):
    feedback = check(STEM, "score_scale", answer)
    assert not feedback.correct and feedback.message
