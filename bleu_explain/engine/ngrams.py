"""Counting n-grams: the first step of BLEU.

>>> ngram_counts("the cat the cat".split(), 2)
Counter({('the', 'cat'): 2, ('cat', 'the'): 1})
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

Ngram = tuple[str, ...]


def ngram_counts(tokens: Sequence[str], n: int) -> Counter:
    """Count every run of ``n`` consecutive tokens.

    A sentence of ``L`` tokens has ``max(0, L - n + 1)`` n-grams of order n.
    """
    # zip over n shifted views yields the n-grams without a Python-level loop.
    return Counter(zip(*(tokens[i:] for i in range(n))))


def ngram_text(ngram: Ngram) -> str:
    """Readable form of an n-gram: its tokens joined by spaces."""
    return " ".join(ngram)
