"""Notebook 05's tables against the real tools (sacreBLEU, NLTK), and the feedback of its exercises."""

from __future__ import annotations

import math
import warnings

import pytest
from conftest import count_oracle

import bleu_explain as bx
from bleu_explain.course import ch05_smoothing_and_sentence_bleu as ch05
from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "05_smoothing_and_sentence_bleu"
PAIRS = [(examples.CAT_SAT_CANDIDATE, [examples.CAT_SAT_REFERENCE]), ("it is a ship", list(examples.SHIP_REFERENCES))]


def test_smoothing_table_agrees_with_sacrebleu():
    sacrebleu = pytest.importorskip("sacrebleu")
    table = ch05.smoothing_table(PAIRS)
    for cand, refs in PAIRS:
        for method in ("none", "floor", "add-k", "exp"):
            expected = sacrebleu.metrics.BLEU(smooth_method=method).sentence_score(cand, refs).score
            assert table.loc[("sacreBLEU", method), cand] == ch05.format_score(expected)
            count_oracle("sacrebleu")


def test_smoothing_table_agrees_with_nltk_and_shows_its_error_as_text():
    bleu_score = pytest.importorskip("nltk.translate.bleu_score")
    table = ch05.smoothing_table(PAIRS)
    smoothing = bleu_score.SmoothingFunction()
    for cand, refs in PAIRS:
        for k in range(8):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    expected = 100 * bleu_score.sentence_bleu([r.split() for r in refs], cand.split(),
                                                              smoothing_function=getattr(smoothing, f"method{k}"))
                except AssertionError:
                    assert "method6" in table.loc[("NLTK", f"method{k}"), cand]
                    continue
            assert table.loc[("NLTK", f"method{k}"), cand] == ch05.format_score(expected)
            count_oracle("nltk")


def test_exp_smoothing_of_the_cat_written_out():
    # p3 and p4 have no match: the first gets 1/(2 x 4), the second 1/(4 x 3)
    r = bx.explain(examples.CAT_SAT_CANDIDATE, [examples.CAT_SAT_REFERENCE], smooth="exp")
    assert (r.matches, r.totals) == ((4, 1, 0, 0), (6, 5, 4, 3))
    want = [4 / 6, 1 / 5, 1 / 8, 1 / 12]
    assert r.precisions == pytest.approx(want, rel=1e-12)
    assert r.score == pytest.approx(100 * math.exp(sum(math.log(p) for p in want) / 4), rel=1e-12)


def test_effective_order_reproduces_the_known_values():
    table = ch05.effective_order_table("it", examples.SHIP_REFERENCES, tokenize="none")
    assert table["score"].tolist() == [0.0, pytest.approx(100 * math.exp(1 - 3 / 1))]
    assert "eff:no" in table.loc[False, "signature"] and "eff:yes" in table.loc[True, "signature"]


def test_order_dependence_only_for_methods_5_to_7():
    cands, refs = zip(*examples.SMOOTHING_CORPUS)
    table = ch05.order_dependence(cands, refs)
    assert not table.loc[["method5", "method6", "method7"], "same"].any()
    assert table.loc[[f"method{k}" for k in range(5)], "same"].all()


def test_sentence_vs_corpus_uses_the_engines_scores():
    from bleu_explain.data.corpus import load_corpus

    corpus = load_corpus()
    table = ch05.sentence_vs_corpus(corpus)
    s1 = corpus.explain("S1")
    assert table.loc["S1", "corpus_bleu"] == pytest.approx(s1.score)
    assert table.loc["S1", "mean_sentence_bleu"] == pytest.approx(100 * sum(s1.sentence_scores) / len(s1))


# --------------------------------------------------------------------------- the exercises
def test_exp_smoothing_accepts_fractions_and_decimals():
    # "the mat sat on a cat": 4 trigrams and 3 4-grams, none matching; the bigram "the mat" matches
    assert check(STEM, "exp_smoothing", ("1/8", "1/12")).correct
    assert check(STEM, "exp_smoothing", (0.125, 1 / 12)).correct


@pytest.mark.parametrize("answer,start", [
    (("0/4", "0/3"), "Those are the raw precisions"),
    (("1/8", "1/6"), "p3 is right. For p4"),
    (("1/8", "1/3"), "p3 is right; p4 is off"),
    (("1/4", "1/3"), "You used 1/total"),
    ("1/8", "Give a pair"),
])
def test_exp_smoothing_names_the_mistake(answer, start):
    feedback = check(STEM, "exp_smoothing", answer)
    assert not feedback.correct and feedback.message.startswith(start)


def test_effective_order_is_the_brevity_penalty_alone():
    # "ship it": p1 = 2/2, p2 = 1/1 ("ship it is"); closest reference 3 tokens, so BP = exp(1 - 3/2)
    score = 100 * math.exp(1 - 3 / 2)
    assert check(STEM, "effective_order", round(score, 2)).correct
    assert check(STEM, "effective_order", 0).message.startswith("0 is the score WITHOUT")
    assert check(STEM, "effective_order", round(score / 100, 4)).message.startswith("That is the right value")
    assert check(STEM, "effective_order", 100).message.startswith("The precisions are perfect")
