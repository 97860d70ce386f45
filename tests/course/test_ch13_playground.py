"""Notebook 13's module: the exercise on which NLTK 3.2 and current NLTK disagree."""

from __future__ import annotations

from bleu_explain.course import ch13_playground as ch13
from bleu_explain.course.checker import check, exercises_for
from bleu_explain.data import examples


def test_the_stored_answer_is_right_and_a_reference_is_not():
    legacy, current = ch13.nltk_scores(ch13.DIFFERENT_WORDS_ANSWER)
    assert legacy - current > ch13.MARGIN
    assert check("13_playground", "nltk_versions_disagree", ch13.DIFFERENT_WORDS_ANSWER).correct
    agree = check("13_playground", "nltk_versions_disagree", examples.SHIP_REFERENCES[0])
    assert not agree.correct and "agree" in agree.message


def test_answers_that_are_not_sentences_get_feedback():
    for answer in (None, "", "   ", 42):
        feedback = check("13_playground", "nltk_versions_disagree", answer)
        assert not feedback.correct and "string" in feedback.message


def test_the_exercises_are_found_in_the_notebooks_module():
    assert exercises_for("13_playground") == list(ch13.EXERCISES)


def test_the_candidate_the_view_above_shows_is_not_accepted():
    legacy, current = ch13.nltk_scores(examples.SHIP_REPEATED_IT)
    assert legacy - current > ch13.MARGIN  # it would pass the old exercise: the view above answered it
    feedback = check("13_playground", "nltk_versions_disagree", examples.SHIP_REPEATED_IT)
    assert not feedback.correct and "different words" in feedback.message
