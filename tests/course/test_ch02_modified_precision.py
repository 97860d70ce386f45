"""Notebook 02's corpus table and the feedback of its exercises.

Expected values come from the paper (Papineni et al. 2002) or from an
independent count written out here, never from the function under test.
"""

from __future__ import annotations

from collections import Counter

import pytest

import bleu_explain as bx
from bleu_explain.course import ch02_modified_precision as ch02
from bleu_explain.course.checker import check
from bleu_explain.data import examples
from bleu_explain.display.tables import beside_paper
from bleu_explain.engine.errors import BleuInputError

STEM = "02_modified_precision"
EX1_REFS = list(examples.EXAMPLE_1_REFERENCES)
EX2_REFS = list(examples.EXAMPLE_2_REFERENCES)


def bigrams(text: str) -> Counter:
    tokens = text.lower().replace(".", "").split()
    return Counter(zip(tokens, tokens[1:]))


# --------------------------------------------------------------------------- corpus level
def test_corpus_precision_sums_before_dividing():
    corpus = bx.explain_corpus([examples.EXAMPLE_1_CANDIDATE_1, examples.EXAMPLE_1_CANDIDATE_2],
                               [EX1_REFS, EX1_REFS], preset="paper", max_order=2)
    table = ch02.corpus_vs_sentence_average(corpus)
    assert table["corpus"].tolist() == ["25/32", "11/30"]  # 17+8 / 18+14 and 10+1 / 17+13
    assert table.loc[1, "mean_of_sentence_precisions"] == pytest.approx((17 / 18 + 8 / 14) / 2)
    assert table.loc[2, "mean_of_sentence_precisions"] == pytest.approx((10 / 17 + 1 / 13) / 2)
    assert table.loc[1, "sentence_precisions"] == "17/18, 8/14"


def test_sentence_average_leaves_out_segments_without_ngrams_of_an_order():
    corpus = bx.explain_corpus(["a b", "x"], [["a b"], ["y"]], preset="paper", max_order=2)
    table = ch02.corpus_vs_sentence_average(corpus)
    assert table.loc[2, "mean_of_sentence_precisions"] == 1.0  # only "a b" has a bigram
    assert table.loc[1, "mean_of_sentence_precisions"] == 0.5


def test_the_corpus_table_refuses_a_sentence_result():
    with pytest.raises(BleuInputError):
        ch02.corpus_vs_sentence_average(bx.explain(examples.EXAMPLE_2_CANDIDATE, EX2_REFS))


def test_the_notebook_reads_fraction_and_beside_paper_from_its_own_module():
    r = bx.explain(examples.NLTK_CLIP_CANDIDATE, list(examples.NLTK_CLIP_REFERENCES), preset="nltk", max_order=1)
    assert r.fraction() == "1/2"  # the NLTK tutorial's clipped counts: 'is' 1, 'some' 0
    assert beside_paper({"x": r}, {"x": ["1/2"]})["agree"].all()


# --------------------------------------------------------------------------- exercise feedback
def test_exercise_1_counts_agree_with_an_independent_count():
    cand = bigrams(examples.REPEATED_BIGRAMS_CANDIDATE)
    refs = [bigrams(r) for r in EX2_REFS]
    clipped = sum(min(n, max(r[g] for r in refs)) for g, n in cand.items())
    counts = ch02.bigram_counts()
    assert (counts["clipped"], counts["total"], counts["distinct"]) == (clipped, sum(cand.values()), len(cand))


@pytest.mark.parametrize("answer, start", [
    ("8/10", "You did not clip"),
    ("6/10", "You summed the counts over the references"),
    ("4/5", "Your numerator looks right"),
    ("4/9", "Check your denominator"),
    ("three", "Give the precision"),
])
def test_exercise_1_feedback_tells_the_mistakes_apart(answer, start):
    feedback = check(STEM, "modified_bigram_precision", answer)
    assert not feedback.correct and feedback.message.startswith(start)


def test_exercise_1_accepts_an_equivalent_fraction():
    assert check(STEM, "modified_bigram_precision", "2/5").correct
    assert check(STEM, "modified_bigram_precision", 0.4).correct


def test_exercise_2_sums_over_segments_and_spots_averaging_and_not_clipping():
    assert ch02.CORPUS_CANDIDATES == (examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_3_CANDIDATE)
    assert check(STEM, "corpus_unigram_precision", "4/9").correct  # (2 + 2) / (7 + 2)
    assert "averaged" in check(STEM, "corpus_unigram_precision", (2 / 7 + 1) / 2).message
    assert "did not clip" in check(STEM, "corpus_unigram_precision", "9/9").message
    assert not check(STEM, "corpus_unigram_precision", "1/9").correct
