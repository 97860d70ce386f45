"""The per-system table and compare-mt-style n-gram differences."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from conftest import count_oracle
from sacrebleu.metrics import BLEU

import bleu_explain as bx
from bleu_explain.analysis.systems import ngram_differences, system_table
from bleu_explain.data.corpus import TeachingCorpus, load_corpus
from bleu_explain.engine.errors import BleuInputError

REFS = [["the cat sat on the mat .", "a cat was sitting on the mat ."],
        ["it rained all day in the city .", "the whole day it was raining in town ."],
        ["prices rose three percent in may .", "in may , prices went up by three percent ."]]
WEAK = ["cat sit on mat", "it rain all day city .", "price rise three percent may ."]
GOOD = ["the cat sat on a mat .", "it rained the whole day in the city .", "prices rose by three percent in may ."]


def test_system_table_equals_sacrebleu():
    table = system_table({"weak": WEAK, "good": GOOD}, REFS)
    streams = [list(s) for s in zip(*REFS)]
    for name, outputs in (("weak", WEAK), ("good", GOOD)):
        theirs = BLEU().corpus_score(outputs, streams)
        row = table.loc[name]
        assert row["BLEU"] == pytest.approx(theirs.score, rel=1e-12)
        assert [row[f"p{n}"] for n in range(1, 5)] == pytest.approx(
            [100 * c / t for c, t in zip(theirs.counts, theirs.totals)], rel=1e-12)
        assert row["BP"] == pytest.approx(theirs.bp, rel=1e-12)
        assert row["ratio"] == pytest.approx(theirs.ratio, rel=1e-12)
        assert (row["hyp_len"], row["ref_len"]) == (theirs.sys_len, theirs.ref_len)
        # sentence BLEU as sacrebleu.sentence_bleu computes it (effective order)
        sentence = [BLEU(effective_order=True).sentence_score(h, r).score for h, r in zip(outputs, REFS)]
        assert row["sentence_BLEU_mean"] == pytest.approx(np.mean(sentence), rel=1e-12)
        assert row["sentence_BLEU_std"] == pytest.approx(np.std(sentence, ddof=1), rel=1e-12)
        count_oracle("sacrebleu", 2)
    assert table.loc["good", "BLEU"] > table.loc["weak", "BLEU"]


def test_system_table_options():
    corpus_level = system_table({"good": GOOD}, REFS, sentence_effective_order=False)
    sentence = [bx.explain(h, r).score for h, r in zip(GOOD, REFS)]
    assert corpus_level.loc["good", "sentence_BLEU_mean"] == pytest.approx(np.mean(sentence))
    nltk = system_table({"good": GOOD}, REFS, preset="nltk")
    assert nltk.loc["good", "BLEU"] == pytest.approx(bx.explain_corpus(GOOD, REFS, preset="nltk").score)
    with pytest.raises(BleuInputError, match="sacreBLEU setting"):
        system_table({"good": GOOD}, REFS, preset="nltk", sentence_effective_order=True)
    with pytest.raises(BleuInputError, match="system 'short'"):
        system_table({"short": GOOD[:2]}, REFS)
    with pytest.raises(BleuInputError, match="give the references"):
        system_table({"good": GOOD})


def test_system_table_from_a_corpus_keeps_human_scores():
    corpus = TeachingCorpus(references=REFS, systems={"weak": WEAK, "good": GOOD}, human_scores={"good": 71.0})
    table = system_table(corpus)
    assert table.loc["good", "human_score"] == 71.0 and math.isnan(table.loc["weak", "human_score"])


def compare_mt_matches(refs, outs, max_n=4):
    """compare-mt's compare_ngrams 'match' counts (one reference per segment), written out."""
    match = Counter()
    for ref, out in zip(refs, outs):
        ref_ngrams = [tuple(ref[i:i + n]) for n in range(1, max_n + 1) for i in range(len(ref) - n + 1)]
        left = Counter(ref_ngrams)
        for n in range(1, max_n + 1):
            for i in range(len(out) - n + 1):
                g = tuple(out[i:i + n])
                if left[g] > 0:
                    match[g] += 1
                    left[g] -= 1
    return match


def test_ngram_differences_match_compare_mt_with_one_reference():
    refs = [[r[0]] for r in REFS]
    d = ngram_differences(WEAK, GOOD, refs, names=("weak", "good"), tokenize="none")
    ref_tokens = [r[0].split() for r in refs]
    m_weak = compare_mt_matches(ref_tokens, [s.split() for s in WEAK])
    m_good = compare_mt_matches(ref_tokens, [s.split() for s in GOOD])
    table = d.table.set_index("ngram")
    for g in set(m_weak) | set(m_good):
        key = " ".join(g)
        assert table.loc[key, "matches_a"] == m_weak[g] and table.loc[key, "matches_b"] == m_good[g]
        assert table.loc[key, "score"] == pytest.approx((m_weak[g] + 1) / (m_weak[g] + m_good[g] + 2))
    assert len(table) == len(set(m_weak) | set(m_good))
    better = d.better("good", 5)
    assert (better["matches_b"] > better["matches_a"]).all()
    assert better["score"].is_monotonic_increasing
    assert "n-grams that good matches more often than weak" in d.report(3)


def test_ngram_differences_on_the_teaching_corpus():
    corpus = load_corpus()
    d = ngram_differences(corpus.system("S1"), corpus.system("H2"), corpus.references, names=("S1", "H2"))
    assert d.table["matches_b"].sum() > d.table["matches_a"].sum()
    top = d.better("H2", 10)
    assert len(top) == 10 and (top["matches_b"] > top["matches_a"]).all()
    # matches summed over all orders equal BLEU's clipped matches
    total = bx.explain_corpus(corpus.system("H2"), corpus.references)
    assert d.table["matches_b"].sum() == sum(total.matches)


def test_ngram_differences_errors():
    with pytest.raises(BleuInputError, match="alpha"):
        ngram_differences(WEAK, GOOD, REFS, alpha=0)
    with pytest.raises(BleuInputError, match="min_order"):
        ngram_differences(WEAK, GOOD, REFS, min_order=3, max_order=2)
    with pytest.raises(BleuInputError, match="system 'B'"):
        ngram_differences(WEAK, GOOD[:1], REFS)
    d = ngram_differences(WEAK, GOOD, REFS)
    with pytest.raises(BleuInputError, match="no system named 'C'"):
        d.better("C")


def test_ngram_differences_of_two_results_read_their_tokens(monkeypatch):
    corpus = load_corpus()
    s2, s3 = corpus.explain("S2"), corpus.explain("S3")
    from_texts = ngram_differences(corpus.system("S2"), corpus.system("S3"), corpus.references, names=("S2", "S3"))
    s2.tokens, s3.tokens  # tokenized once, here; the comparison must not tokenize again

    def no_tokenizing(*args, **kwargs):
        raise AssertionError("tokenized again")

    monkeypatch.setattr("bleu_explain.engine.statistics.tokenizer_for", no_tokenizing)
    monkeypatch.setattr("bleu_explain.results.tokenizer_for", no_tokenizing)
    from_results = ngram_differences(s2, s3, names=("S2", "S3"))
    assert from_results.table.equals(from_texts.table)
    assert from_results.table["matches_b"].sum() == sum(s3.matches)  # every order of the results' max order


def test_ngram_differences_of_results_refuse_what_does_not_fit():
    refs = [["the cat sat on the mat"], ["a dog barked"]]
    a = bx.explain_corpus(["the cat sat", "a dog"], refs)
    b = bx.explain_corpus(["the cat", "the dog barked"], refs)
    with pytest.raises(BleuInputError, match="not one of each"):
        ngram_differences(a, ["the cat", "the dog barked"], refs)
    with pytest.raises(BleuInputError, match="give no references, preset or settings"):
        ngram_differences(a, b, refs)
    with pytest.raises(BleuInputError, match="give no references, preset or settings"):
        ngram_differences(a, b, tokenize="none")
    with pytest.raises(BleuInputError, match="different references"):
        ngram_differences(a, bx.explain_corpus(["the cat", "the dog barked"], [["the cat sat"], ["a dog"]]))
    with pytest.raises(BleuInputError, match="different settings"):
        ngram_differences(a, bx.explain_corpus(["the cat", "the dog barked"], refs, lowercase=True))
    with pytest.raises(BleuInputError, match="references are missing"):
        ngram_differences(["the cat"], ["a cat"])
    with pytest.raises(BleuInputError, match="max_order"):
        ngram_differences(a, b, max_order=0)
