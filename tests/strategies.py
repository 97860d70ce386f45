"""Hypothesis strategies for texts that stress the tokenizers and the counting."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st


def examples(full: int) -> int:
    """How many examples a property runs: ``full`` under Hypothesis' default profile (100 examples).

    Other profiles scale every property alike; ``make test-fast`` loads the ``fast`` profile
    (registered in ``conftest.py``), which runs a fifth of them. ``make test`` and CI run them all.
    """
    return max(5, full * settings.default.max_examples // 100)

# A small vocabulary so that candidates and references share n-grams, with
# punctuation, digits, accents, CJK, HTML entities and emoji.
WORDS = [
    "the", "The", "cat", "sat", "on", "mat", "a", "A", "ship", "it", "is", "of", "party",
    ".", ",", "!", "?", "'s", "don't", "U.S.", "3.5", "1,000", "-", "(", ")", "e-mail",
    "café", "naïve", "Über", "Straße", "ÉCOLE", "İstanbul",
    "猫", "在", "垫子", "上", "。", "，", "我们", "中国",
    "&amp;", "&quot;", "&lt;b&gt;", "<skipped>",
    "😀", "👍🏽", "€5", "—",
]

words = st.sampled_from(WORDS)


@st.composite
def sentences(draw, min_words: int = 0, max_words: int = 14) -> str:
    tokens = draw(st.lists(words, min_size=min_words, max_size=max_words))
    glue = draw(st.sampled_from([" ", " ", " ", ""]))
    return glue.join(tokens)


@st.composite
def segments(draw, max_refs: int = 4):
    """(candidate, [references]) with 1..max_refs references."""
    candidate = draw(sentences())
    refs = draw(st.lists(sentences(), min_size=1, max_size=max_refs))
    return candidate, refs


@st.composite
def corpora(draw, max_segments: int = 6, max_refs: int = 4, fixed_refs: bool = False):
    """(candidates, segment-major references)."""
    n = draw(st.integers(1, max_segments))
    if fixed_refs:
        k = draw(st.integers(1, max_refs))
        segs = [(draw(sentences()), [draw(sentences()) for _ in range(k)]) for _ in range(n)]
    else:
        segs = [draw(segments(max_refs)) for _ in range(n)]
    return [c for c, _ in segs], [r for _, r in segs]
