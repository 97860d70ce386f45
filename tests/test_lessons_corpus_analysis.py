"""Notebook 10's lesson tables: rankings, the worst sentences, a sentence's diagnosis, head-to-head counts."""

from __future__ import annotations

import pytest

from bleu_explain import explain

from bleu_explain.analysis import systems
from bleu_explain.data.corpus import load_corpus
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.course.lessons import corpus_analysis as lca


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.fixture(scope="module")
def s3(corpus):
    return corpus.explain("S3")


def test_ranking_by_order_is_the_papers_order_on_the_corpus(corpus):
    ranking = lca.ranking_by_order(systems.system_table(corpus, progress=False))
    assert set(ranking["best to worst"]) == {"H2 > H1 > S3 > S2 > S1"}
    with pytest.raises(BleuInputError):
        lca.ranking_by_order(systems.system_table(corpus, progress=False), ("p9",))


def test_worst_table_follows_lowest_and_the_sentence_table(s3):
    table = lca.worst_table(s3, 3)
    assert list(table.index) == s3.lowest(3)
    first = s3.lowest(1)[0]
    seg = s3.segment(first)
    assert table.loc[first, "sentence BLEU"] == pytest.approx(seg.score)
    assert table.loc[first, "p1"] == f"{seg.matches[0]}/{seg.totals[0]}"
    assert table["sentence BLEU"].is_monotonic_increasing
    with pytest.raises(BleuInputError):
        lca.worst_table(s3, 0)


def test_unmatched_words_are_the_words_that_lose_credit():
    r = explain("the the the cat", ["the cat"], preset="paper", max_order=1)
    assert lca.unmatched_words(r) == ["the"]
    assert lca.unmatched_words(explain("the cat", ["the cat"])) == []


def test_diagnosis_reads_the_explanation(s3):
    worst = s3.segment(s3.lowest(1)[0])
    d = lca.diagnosis(worst)
    assert d.loc["words credited", "finding"] == f"{worst.matches[0]}/{worst.totals[0]}"
    assert d.loc["sentence BLEU", "finding"] == f"{worst.score:.2f}"
    assert d.loc["brevity penalty", "finding"] == f"{worst.brevity_penalty:.4f}"
    perfect = lca.diagnosis(explain("the cat sat on the mat", ["the cat sat on the mat"]))
    assert perfect.loc["smoothing", "finding"] == "not needed"
    assert perfect.loc["brevity penalty", "detail"] == "c >= r: no penalty"
    with pytest.raises(BleuInputError):
        lca.diagnosis(s3)


def test_head_to_head_and_tally_count_every_segment(corpus, s3):
    h1 = corpus.explain("H1")
    table = lca.head_to_head(s3, h1, names=("S3", "H1"))
    counts = lca.tally(table)
    assert counts.sum() == len(corpus)
    assert counts["S3"] == int((table["S3"] > table["H1"]).sum())
    assert counts["H1"] > counts["S3"]
    with pytest.raises(BleuInputError):
        lca.head_to_head(s3, h1, names=("X", "X"))
