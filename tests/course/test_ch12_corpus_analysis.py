"""Notebook 12's exercises, and the claim of its build-it-yourself cell (a few lines of Counter give the engine's
clipped n-gram credit)."""

from __future__ import annotations

from collections import Counter

import pytest

from bleu_explain import ngram_differences
from bleu_explain.course import ch12_corpus_analysis as ch12
from bleu_explain.course.checker import check, exercises_for
from bleu_explain.data.corpus import load_corpus


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_the_worst_segment_is_the_engines_lowest(corpus):
    for name in ("S2", "S3"):
        assert ch12.worst_segment(name) == corpus.explain(name).lowest(1)[0]


def test_wins_count_strictly_higher_sentence_bleu(corpus):
    s2 = corpus.explain("S2").sentence_table()["sentence_bleu"]
    s3 = corpus.explain("S3").sentence_table()["sentence_bleu"]
    assert ch12.wins("S2", "S3") == int((s2 > s3).sum())
    assert ch12.wins("S2", "S3") + ch12.wins("S3", "S2") + int((s2 == s3).sum()) == len(corpus)
    assert 0 < ch12.wins("S2", "S3") < ch12.wins("S3", "S2")


def test_typical_mistakes_get_a_specific_hint():
    worst = ch12.worst_segment("S2")
    assert "Off by one" in check("12_corpus_analysis", "worst_s2_segment", worst + 1).message
    assert "S3's worst" in check("12_corpus_analysis", "worst_s2_segment", ch12.worst_segment("S3")).message
    assert "S3 wins" in check("12_corpus_analysis", "s2_beats_s3", ch12.wins("S3", "S2")).message
    assert not check("12_corpus_analysis", "s2_beats_s3", "many").correct


def _ngram_counts(text, max_order=4):
    words = text.split()
    return Counter(tuple(words[i:i + n]) for n in range(1, max_order + 1) for i in range(len(words) - n + 1))


def _credited(candidate, references):
    """The notebook's hand-written clipping: min(candidate count, max-ref count) for every n-gram."""
    max_ref_count = Counter()
    for reference in references:
        max_ref_count |= _ngram_counts(reference)
    return _ngram_counts(candidate) & max_ref_count


def test_hand_counted_credit_is_ngram_differences_on_whitespace_tokens(corpus):
    """What the notebook's build-it-yourself cell asserts, and the share it computes from its own counts."""
    refs = corpus.references
    credit = {name: sum((_credited(out, r) for out, r in zip(corpus.system(name), refs)), Counter())
              for name in ("S2", "S3")}
    engine = ngram_differences(corpus.system("S2"), corpus.system("S3"), refs, names=("S2", "S3"), tokenize="none")
    from_engine = {tuple(g.split()): (a, b) for g, a, b in engine.table[["ngram", "matches_a", "matches_b"]].values}
    assert {g: (credit["S2"][g], credit["S3"][g]) for g in credit["S2"] | credit["S3"]} == from_engine
    for row in engine.better("S3", 5).itertuples():
        a, b = credit["S2"][tuple(row.ngram.split())], credit["S3"][tuple(row.ngram.split())]
        assert (a + 1) / (a + b + 2) == pytest.approx(row.score)


def test_the_exercises_are_found_in_the_notebooks_module():
    assert exercises_for("12_corpus_analysis") == list(ch12.EXERCISES)
