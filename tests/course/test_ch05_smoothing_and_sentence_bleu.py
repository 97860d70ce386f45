"""Notebook 05's exercises: sacreBLEU's exp smoothing and effective order written out here, each usual slip named."""

from __future__ import annotations

import math

import pytest

from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "05_smoothing_and_sentence_bleu"


def test_the_word_salad_has_every_word_and_no_bigram():
    salad, reference = "mat on cat the is the".split(), examples.CAT_SAT_REFERENCE.split()
    assert sorted(salad) == sorted(reference)
    assert not set(zip(salad, salad[1:])) & set(zip(reference, reference[1:]))


def test_exp_smoothing_halves_once_per_order_without_matches():
    right = ("1/10", "1/16", "1/24")  # 5 bigrams, 4 trigrams, 3 4-grams: 1/(2 x 5), 1/(4 x 4), 1/(8 x 3)
    assert check(STEM, "exp_smoothing", right).correct
    assert check(STEM, "exp_smoothing", (0.1, 0.0625, 0.0417)).correct


@pytest.mark.parametrize("answer, part", [
    (("0/5", "0/4", "0/3"), "raw precisions"),
    (("1/10", "1/8", "1/6"), "halved every order once"),
    (("1/5", "1/4", "1/3"), "k-th order"),
    (("1/10", "1/16"), "three precisions"),
])
def test_exp_smoothing_names_the_slip(answer, part):
    verdict = check(STEM, "exp_smoothing", answer)
    assert not verdict.correct and part in verdict.message


def test_effective_order_leaves_only_the_brevity_penalty():
    score = 100 * math.exp(1 - 3 / 2)  # p1 = p2 = 1; "it is ship" and "ship it is" have 3 tokens, c = 2
    assert check(STEM, "effective_order", round(score, 2)).correct
    assert "WITHOUT effective order" in check(STEM, "effective_order", 0).message
    assert "0-1 scale" in check(STEM, "effective_order", score / 100).message
    assert not check(STEM, "effective_order", 100).correct
    assert not check(STEM, "effective_order", "sixty").correct
