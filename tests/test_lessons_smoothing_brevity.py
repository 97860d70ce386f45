"""The tables of notebooks 04 and 05 against the real tools (sacreBLEU, NLTK) and the paper's rules."""

from __future__ import annotations

import math
import warnings

import pytest

import bleu_explain as bx
from bleu_explain.course.lessons import brevity as lb
from bleu_explain.course.lessons import smoothing as ls

PAIRS = [("the cat sat on a mat", ["the cat is on the mat"]), ("it is a ship", list(ls.SHIP_REFERENCES))]


def test_smoothing_table_agrees_with_sacrebleu():
    sacrebleu = pytest.importorskip("sacrebleu")
    table = ls.smoothing_table(PAIRS)
    for cand, refs in PAIRS:
        for method in ("none", "floor", "add-k", "exp"):
            expected = sacrebleu.metrics.BLEU(smooth_method=method).sentence_score(cand, refs).score
            assert table.loc[("sacreBLEU", method), cand] == ls.format_score(expected)


def test_smoothing_table_agrees_with_nltk_and_shows_its_error_as_text():
    bleu_score = pytest.importorskip("nltk.translate.bleu_score")
    table = ls.smoothing_table(PAIRS)
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
            assert table.loc[("NLTK", f"method{k}"), cand] == ls.format_score(expected)


def test_effective_order_reproduces_the_known_values():
    table = ls.effective_order_table("it", ls.SHIP_REFERENCES, tokenize="none")
    assert table["score"].tolist() == [0.0, pytest.approx(13.533528323661276)]
    assert "eff:no" in table.loc[False, "signature"] and "eff:yes" in table.loc[True, "signature"]


def test_order_dependence_only_for_methods_5_to_7():
    cands, refs = zip(*ls.SMALL_CORPUS)
    table = ls.order_dependence(cands, refs)
    assert not table.loc[["method5", "method6", "method7"], "same"].any()
    assert table.loc[[f"method{k}" for k in range(5)], "same"].all()


def test_sentence_vs_corpus_uses_the_engines_scores():
    from bleu_explain.data.corpus import load_corpus

    corpus = load_corpus()
    table = ls.sentence_vs_corpus(corpus)
    s1 = corpus.explain("S1")
    assert table.loc["S1", "corpus_bleu"] == pytest.approx(s1.score)
    assert table.loc["S1", "mean_sentence_bleu"] == pytest.approx(100 * sum(s1.sentence_scores) / len(s1))


def test_best_match_length_of_the_paper():
    # Papineni et al. (2002), section 2.2.2: references of 12, 15 and 17 words, a 12-word candidate: BP = 1
    table = lb.length_rule_table(" ".join(["w"] * 12), [" ".join(["r"] * n) for n in (12, 15, 17)])
    assert table.loc["closest", "chosen_r"] == 12 and table.loc["closest", "brevity_penalty"] == 1.0


def test_corpus_penalty_is_gentler_than_the_mean_of_sentence_penalties():
    cands, refs = zip(*lb.SHORT_AND_LONG_CORPUS)
    corpus = bx.explain_corpus(list(cands), [[r] for r in refs], preset="paper")
    table = lb.corpus_vs_mean_bp(corpus)
    corpus_bp, mean_bp = table["brevity_penalty"].tolist()
    assert corpus_bp == pytest.approx(math.exp(1 - corpus.ref_len / corpus.hyp_len))
    assert mean_bp < corpus_bp
