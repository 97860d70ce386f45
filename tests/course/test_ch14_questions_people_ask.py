"""Notebook 14's exercise, and the claim behind section 1: with spaces written as a visible mark, the ``char``
tokenizer and the ``nltk`` preset give what NLTK's sentence_bleu returns when it is handed strings."""

from __future__ import annotations

import warnings

import pytest

from bleu_explain.course import ch14_questions_people_ask as ch14
from bleu_explain.course.checker import check, exercises_for
from bleu_explain.data import examples

#: Strings a learner might hand NLTK: the course's examples, with their references.
CASES = [
    (examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_2_REFERENCES),
    (examples.CAT_CANDIDATE, examples.EXAMPLE_2_REFERENCES),
    (examples.EXAMPLE_1_CANDIDATE_1, examples.EXAMPLE_1_REFERENCES),
    (examples.EXAMPLE_1_CANDIDATE_2, examples.EXAMPLE_1_REFERENCES),
    (examples.EXAMPLE_4_CANDIDATE_1, examples.EXAMPLE_4_REFERENCES),
    *[(candidate, examples.SHIP_REFERENCES) for candidate in ("it is a ship", "ship ship ship",
                                                              examples.SHIP_REPEATED_IT, "it")],
]


@pytest.mark.parametrize("candidate, references", CASES)
def test_nltk_on_strings_is_nltk_handed_strings(candidate, references):
    nltk_bleu = pytest.importorskip("nltk.translate.bleu_score", reason="the oracle is NLTK itself (a test extra)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns when an order has no match; the value is what is compared
        expected = nltk_bleu.sentence_bleu(list(references), candidate)
    assert ch14.nltk_on_strings(candidate, list(references)) == expected


def test_the_exercise_accepts_nltks_value_and_names_the_word_level_mistake():
    value = ch14.nltk_on_strings(examples.EXAMPLE_2_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES))
    assert check("14_questions_people_ask", "nltk_strings", round(value, 4)).correct
    assert check("14_questions_people_ask", "nltk_strings", f"{value:.4f}").correct
    words = check("14_questions_people_ask", "nltk_strings", 0.0)
    assert not words.correct and "token lists" in words.message
    assert not check("14_questions_people_ask", "nltk_strings", round(value, 1)).correct  # fewer decimals than asked
    assert not check("14_questions_people_ask", "nltk_strings", "a lot").correct


def test_the_worked_solution_ends_with_the_answer():
    value = ch14.nltk_on_strings(examples.EXAMPLE_2_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES))
    assert ch14.worked_strings().endswith(f"Answer: **{value:.4f}**.")


def test_the_exercises_are_found_in_the_notebooks_module():
    assert exercises_for("14_questions_people_ask") == list(ch14.EXERCISES)
