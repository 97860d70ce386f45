"""Notebook 00's exercise: the score on sacreBLEU's 0-100 scale, with its own hint for the 0-1 scale."""

from __future__ import annotations

import pytest

import bleu_explain as bx
from bleu_explain.course import ch00_start_here as ch00
from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "00_start_here"


@pytest.fixture(scope="module")
def score() -> float:
    return bx.explain(examples.CAT_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)).score


def test_the_exercise_scores_the_cat_candidate_against_example_2s_references():
    assert ch00.CANDIDATE == examples.CAT_CANDIDATE
    assert ch00.REFERENCES == examples.EXAMPLE_2_REFERENCES


def test_the_score_rounded_to_two_decimals_is_right(score):
    assert check(STEM, "score_scale", round(score, 2)).correct
    assert check(STEM, "score_scale", str(round(score, 2))).correct


def test_the_same_score_on_the_papers_scale_gets_its_own_hint(score):
    feedback = check(STEM, "score_scale", score / 100)
    assert not feedback.correct and "0-1 scale" in feedback.message


@pytest.mark.parametrize("answer", [None, "a lot", 0, 100])
def test_other_answers_are_refused_without_a_traceback(answer):
    feedback = check(STEM, "score_scale", answer)
    assert not feedback.correct and feedback.message
