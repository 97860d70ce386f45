"""Notebook 02's exercises: the right answers from an independent count written out here, the usual slips named.
(The paper's Example 1 fractions and the normalisation they need are tested in tests/test_paper_and_tutorials.py.)"""

from __future__ import annotations

from collections import Counter

import pytest

from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "02_modified_precision"
EX2_REFS = list(examples.EXAMPLE_2_REFERENCES)


def bigrams(text: str) -> Counter:
    words = text.lower().replace(".", "").split()
    return Counter(zip(words, words[1:]))


def test_exercise_1_counted_by_hand():
    cand = bigrams(examples.REPEATED_BIGRAMS_CANDIDATE)
    refs = [bigrams(r) for r in EX2_REFS]
    clipped = sum(min(n, max(r[g] for r in refs)) for g, n in cand.items())
    assert (clipped, sum(cand.values()), len(cand)) == (4, 10, 5)
    for answer in ("4/10", "2/5", 0.4, (4, 10)):
        assert check(STEM, "modified_bigram_precision", answer).correct


@pytest.mark.parametrize("answer, start", [
    ("8/10", "You did not clip"),
    ("6/10", "You summed the counts over the references"),
    ("4/5", "Your numerator looks right"),
    ("4/9", "Not that"),
    ("three", "Give the precision"),
])
def test_exercise_1_tells_the_slips_apart(answer, start):
    feedback = check(STEM, "modified_bigram_precision", answer)
    assert not feedback.correct and feedback.message.startswith(start)


def test_exercise_2_sums_over_segments_and_spots_averaging():
    assert check(STEM, "corpus_unigram_precision", "4/9").correct  # (2 + 2) / (7 + 2): the paper's 2/7 and 2/2
    assert check(STEM, "corpus_unigram_precision", 0.44).correct
    assert "averaged" in check(STEM, "corpus_unigram_precision", (2 / 7 + 1) / 2).message
    assert not check(STEM, "corpus_unigram_precision", "9/9").correct
    assert not check(STEM, "corpus_unigram_precision", None).correct
