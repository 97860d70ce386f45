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


def test_segments_scored_together_are_the_corpus_of_those_segments():
    import pytest

    from bleu_explain.engine.errors import BleuInputError

    cands = ["the cat sat on the mat", "a dog barked", "it rained all day long", "the the the"]
    refs = [["the cat sat on a mat"], ["the dog barked"], ["it rained all day"], ["the cat"]]
    for preset, smooth in (("sacrebleu", "exp"), ("nltk", "method7")):
        result = bx.explain_corpus(cands, refs, preset=preset, smooth=smooth)
        part = bx.explain_corpus([cands[i] for i in (1, 2)], [refs[i] for i in (1, 2)], preset=preset, smooth=smooth)
        assert result.score_segments([1, 2]).score == part.score
        assert result.score_segments([3]).bleu == result.sentence_scores[3]
    result = bx.explain_corpus(cands, refs)
    assert result.score_segments([0], effective_order=True).score == bx.explain(
        cands[0], refs[0], effective_order=True).score
    for wrong in ([], [4], [-1], [True]):
        with pytest.raises(BleuInputError):
            result.score_segments(wrong)
