"""n-gram counting: L - n + 1 n-grams of order n, counted with multiplicity."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from bleu_explain.engine.ngrams import count_ngrams, ngram_counts, ngram_text

tokens = st.lists(st.sampled_from(["a", "b", "c"]), max_size=12)


@given(toks=tokens, n=st.integers(1, 6))
def test_a_sentence_of_length_L_has_L_minus_n_plus_1_ngrams(toks, n):
    assert sum(ngram_counts(toks, n).values()) == max(0, len(toks) - n + 1)


def test_repeated_ngrams_are_counted_with_multiplicity():
    counts = ngram_counts("the cat the cat the".split(), 2)
    assert counts[("the", "cat")] == 2 and counts[("cat", "the")] == 2
    assert ngram_text(("the", "cat")) == "the cat"


def test_an_order_longer_than_the_sentence_has_no_ngrams():
    assert ngram_counts(["a", "b"], 3) == {}


@given(toks=tokens, max_order=st.integers(1, 40))
def test_counting_every_order_at_once_stops_at_the_sentence_length_and_misses_nothing(toks, max_order):
    """Orders past the sentence's length have no n-grams: the counter stops there, and gives what counting each
    order on its own gives (so a max order of 100 counts a 12-token sentence as 12 would)."""
    by_order = Counter()
    for n in range(1, max_order + 1):
        by_order.update(ngram_counts(toks, n))
    assert count_ngrams(toks, max_order) == by_order
    assert count_ngrams(toks, max_order) == count_ngrams(toks, min(max_order, max(len(toks), 1)))
