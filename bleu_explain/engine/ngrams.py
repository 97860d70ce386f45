"""Counting n-grams: the first step of BLEU, and the engine's one n-gram counter.

Every count in the engine, the fast corpus path's and the explanation's alike,
comes from :func:`count_ngrams`. One counter holds every order at once: an
n-gram's order is its length, so n-grams of different orders never collide.

>>> count_ngrams("the cat the cat".split(), 2)
Counter({('the',): 2, ('cat',): 2, ('the', 'cat'): 2, ('cat', 'the'): 1})
>>> ngram_counts("the cat the cat".split(), 2)  # one order only
Counter({('the', 'cat'): 2, ('cat', 'the'): 1})
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

Ngram = tuple[str, ...]


def count_ngrams(tokens: Sequence[str], max_order: int, min_order: int = 1) -> Counter:
    """Count every run of n consecutive tokens, for each order n from ``min_order`` to ``max_order``.

    A sentence of ``L`` tokens has ``max(0, L - n + 1)`` n-grams of order n, so the counting stops at
    order ``L``: an order past the sentence's length costs nothing (max order 100,000 counts as fast as 4).

    >>> count_ngrams("a b".split(), 100_000) == count_ngrams("a b".split(), 2)
    True
    """
    # zip over n shifted views yields the n-grams of order n without a Python-level loop;
    # Counter counts the one list of all orders in C.
    highest = min(max_order, len(tokens))
    shifted = [tokens[i:] for i in range(highest)]
    grams: list[Ngram] = []
    for n in range(min_order, highest + 1):
        grams.extend(zip(*shifted[:n]))
    return Counter(grams)


def ngram_counts(tokens: Sequence[str], n: int) -> Counter:
    """The n-grams of one order ``n`` with their counts (:func:`count_ngrams` from n to n)."""
    return count_ngrams(tokens, n, min_order=n)


def ngrams_of_order(counts: Mapping[Ngram, int], n: int) -> dict[Ngram, int]:
    """The n-grams of order ``n`` in a count of several orders."""
    return {ngram: count for ngram, count in counts.items() if len(ngram) == n}


def ngram_text(ngram: Ngram) -> str:
    """Readable form of an n-gram: its tokens joined by spaces."""
    return " ".join(ngram)
