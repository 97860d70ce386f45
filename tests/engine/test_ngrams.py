"""n-gram counting: L - n + 1 n-grams of order n, counted with multiplicity."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bleu_explain.engine.ngrams import ngram_counts, ngram_text

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
