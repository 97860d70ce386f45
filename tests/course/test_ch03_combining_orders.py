"""Notebook 03's exercises: the right answers from the formulas written out here, each usual slip named."""

from __future__ import annotations

import math

import pytest

import bleu_explain as bx
from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "03_combining_orders"
CAND_2, EX1_REFS = examples.EXAMPLE_1_CANDIDATE_2, list(examples.EXAMPLE_1_REFERENCES)


def test_exercise_1_is_the_square_root_of_the_papers_two_precisions():
    assert check(STEM, "geometric_mean", math.sqrt(8 / 14 * 1 / 13)).correct  # the paper's 8/14 and 1/13
    assert check(STEM, "geometric_mean", round(math.sqrt(8 / 14 * 1 / 13), 3)).correct


@pytest.mark.parametrize("answer, words", [
    ((8 / 14 + 1 / 13) / 2, "arithmetic mean"),
    (8 / 14 * 1 / 13, "forgot the root"),
    (0.5 * math.log(8 / 14) + 0.5 * math.log(1 / 13), "log space"),
    (round(math.sqrt(8 / 14 * 1 / 13), 1), "three decimals"),
    ("nothing", "Give a number"),
])
def test_exercise_1_names_the_slip(answer, words):
    feedback = check(STEM, "geometric_mean", answer)
    assert not feedback.correct and words in feedback.message


def test_exercise_1_spots_the_brevity_penalty():
    r = bx.explain(CAND_2, EX1_REFS, preset="paper", max_order=2)
    assert r.brevity_penalty < 1  # candidate 2 is shorter than its best-match reference
    assert "brevity penalty" in check(STEM, "geometric_mean", r.bleu).message


def test_exercise_2_no_trigram_of_the_synonym_pile_is_in_a_reference():
    words = examples.EXAMPLE_4_CANDIDATE_1.lower().rstrip(".").split()
    refs = [r.lower().rstrip(".") for r in examples.EXAMPLE_4_REFERENCES]
    trigrams = [" ".join(words[i:i + 3]) for i in range(len(words) - 2)]
    bigrams = [" ".join(words[i:i + 2]) for i in range(len(words) - 1)]
    assert not any(t in r for t in trigrams for r in refs) and any(b in r for b in bigrams for r in refs)
    assert check(STEM, "largest_nonzero_order", 2).correct
    assert "Try a lower order" in check(STEM, "largest_nonzero_order", 3).message
    assert "higher" in check(STEM, "largest_nonzero_order", 1).message
    for wrong in (5, True, "two"):
        assert not check(STEM, "largest_nonzero_order", wrong).correct
