"""Notebook 05: its smoothing table's sentences scored by the real tools, and its exercises (sacreBLEU's exp
smoothing and effective order written out here, each usual slip named)."""

from __future__ import annotations

import math
import warnings

import pytest
from conftest import count_oracle

import bleu_explain as bx
from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "05_smoothing_and_sentence_bleu"
#: The notebook's smoothing table: the cat and the ship, every method of both tools.
PAIRS = [(examples.CAT_SAT_CANDIDATE, [examples.CAT_SAT_REFERENCE]), ("it is a ship", list(examples.SHIP_REFERENCES))]


@pytest.mark.parametrize("candidate, references", PAIRS)
def test_the_smoothing_tables_sentences_as_sacrebleu_and_nltk_score_them(candidate, references):
    sacrebleu = pytest.importorskip("sacrebleu", reason="the oracle for sacreBLEU's four methods")
    bleu_score = pytest.importorskip("nltk.translate.bleu_score", reason="the oracle for NLTK's eight methods")
    for method in ("none", "floor", "add-k", "exp"):
        theirs = sacrebleu.metrics.BLEU(smooth_method=method).sentence_score(candidate, references).score
        assert bx.explain(candidate, references, smooth=method).score == pytest.approx(theirs, rel=1e-12, abs=1e-12)
        count_oracle("sacrebleu")
    for k in range(8):
        smoothing = getattr(bleu_score.SmoothingFunction(), f"method{k}")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                theirs = 100 * bleu_score.sentence_bleu([r.split() for r in references], candidate.split(),
                                                        smoothing_function=smoothing)
            except AssertionError:  # method6 without a trigram match: we refuse with a message instead
                with pytest.raises(bx.BleuComputationError, match="method6"):
                    bx.explain(candidate, references, preset="nltk", smooth=f"method{k}")
                continue
        assert bx.explain(candidate, references, preset="nltk", smooth=f"method{k}").score == pytest.approx(
            theirs, rel=1e-12, abs=1e-300)
        count_oracle("nltk")


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
