"""Results: tables read the engine's numbers; a corpus counts once and tokenizes at most once more, on demand."""

from __future__ import annotations

import bleu_explain as bx
from bleu_explain.data import examples

CANDS = [examples.EXAMPLE_1_CANDIDATE_1, examples.EXAMPLE_1_CANDIDATE_2, examples.EXAMPLE_2_CANDIDATE]
REFS = [list(examples.EXAMPLE_1_REFERENCES), list(examples.EXAMPLE_1_REFERENCES), list(examples.EXAMPLE_2_REFERENCES)]


def test_corpus_tables_equal_the_sums_of_the_sentence_tables():
    corpus = bx.explain_corpus(CANDS, REFS, preset="paper")
    sentences = [bx.explain(c, r, preset="paper") for c, r in zip(CANDS, REFS)]
    for order in (1, 2):
        table = corpus.ngram_table(order)
        assert table["candidate_count"].sum() == sum(s.totals[order - 1] for s in sentences)
        assert table["clipped"].sum() == corpus.matches[order - 1]
    assert corpus.unclipped_matches == tuple(map(sum, zip(*(s.unclipped_matches for s in sentences))))
    assert corpus.fraction(1) == f"{corpus.matches[0]}/{corpus.totals[0]}"


def test_a_corpus_tokenizes_again_only_once_for_all_its_tables():
    corpus = bx.explain_corpus(CANDS, REFS)
    corpus.ngram_table(1)
    first = corpus.tokens
    corpus.ngram_table(3)
    assert corpus.tokens is first
    assert [len(t) for t in first[0]] == [s.hyp_len for s in corpus.segment_stats]
