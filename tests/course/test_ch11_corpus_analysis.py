"""Notebook 11's module: rankings, the worst sentences, a sentence's diagnosis, head-to-head counts, n-gram credit."""

from __future__ import annotations

from collections import Counter

import pytest

from bleu_explain import explain
from bleu_explain.analysis import systems
from bleu_explain.course import ch11_corpus_analysis as ch11
from bleu_explain.course.checker import exercises_for
from bleu_explain.data.corpus import load_corpus
from bleu_explain.engine.errors import BleuInputError


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.fixture(scope="module")
def s3(corpus):
    return corpus.explain("S3")


def test_ranking_by_order_is_the_papers_order_on_the_corpus(corpus):
    ranking = ch11.ranking_by_order(systems.system_table(corpus, progress=False))
    assert set(ranking["best to worst"]) == {"H2 > H1 > S3 > S2 > S1"}
    with pytest.raises(BleuInputError):
        ch11.ranking_by_order(systems.system_table(corpus, progress=False), ("p9",))


def test_worst_table_follows_lowest_and_the_sentence_table(s3):
    table = ch11.worst_table(s3, 3)
    assert list(table.index) == s3.lowest(3)
    first = s3.lowest(1)[0]
    seg = s3.segment(first)
    assert table.loc[first, "sentence BLEU"] == pytest.approx(seg.score)
    assert table.loc[first, "p1"] == f"{seg.matches[0]}/{seg.totals[0]}"
    assert table["sentence BLEU"].is_monotonic_increasing
    with pytest.raises(BleuInputError):
        ch11.worst_table(s3, 0)


def test_unmatched_words_are_the_words_that_lose_credit():
    r = explain("the the the cat", ["the cat"], preset="paper", max_order=1)
    assert ch11.unmatched_words(r) == ["the"]
    assert ch11.unmatched_words(explain("the cat", ["the cat"])) == []


def test_diagnosis_reads_the_explanation(s3):
    worst = s3.segment(s3.lowest(1)[0])
    d = ch11.diagnosis(worst)
    assert d.loc["words credited", "finding"] == f"{worst.matches[0]}/{worst.totals[0]}"
    assert d.loc["sentence BLEU", "finding"] == f"{worst.score:.2f}"
    assert d.loc["brevity penalty", "finding"] == f"{worst.brevity_penalty:.4f}"
    perfect = ch11.diagnosis(explain("the cat sat on the mat", ["the cat sat on the mat"]))
    assert perfect.loc["smoothing", "finding"] == "not needed"
    assert perfect.loc["brevity penalty", "detail"] == "c >= r: no penalty"
    with pytest.raises(BleuInputError):
        ch11.diagnosis(s3)


def test_head_to_head_and_tally_count_every_segment(corpus, s3):
    h1 = corpus.explain("H1")
    table = ch11.head_to_head(s3, h1, names=("S3", "H1"))
    counts = ch11.tally(table)
    assert counts.sum() == len(corpus)
    assert counts["S3"] == int((table["S3"] > table["H1"]).sum())
    assert counts["H1"] > counts["S3"]
    with pytest.raises(BleuInputError):
        ch11.head_to_head(s3, h1, names=("X", "X"))


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
    """What the notebook's build-it-yourself cell claims: a few lines of Counter give the engine's matches."""
    refs = corpus.references
    credit = {name: sum((_credited(out, r) for out, r in zip(corpus.system(name), refs)), Counter())
              for name in ("S2", "S3")}
    engine = systems.ngram_differences(corpus.system("S2"), corpus.system("S3"), refs, names=("S2", "S3"),
                                       tokenize="none")
    from_engine = {tuple(g.split()): (a, b) for g, a, b in engine.table[["ngram", "matches_a", "matches_b"]].values}
    assert {g: (credit["S2"][g], credit["S3"][g]) for g in credit["S2"] | credit["S3"]} == from_engine
    table = ch11.credit_side_by_side(credit["S2"], credit["S3"], engine, k=5)
    assert table["ngram"].tolist() == engine.better("S3", 5)["ngram"].tolist()
    assert (table["S3 by hand"] == table["S3 bleu_explain"]).all()
    assert (table["share by hand"] == table["share bleu_explain"]).all()


def test_the_exercises_are_found_in_the_notebooks_module():
    assert exercises_for("11_corpus_analysis") == list(ch11.EXERCISES)
