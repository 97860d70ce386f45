"""``repetition``: output caught in a loop, a phrase repeated again and again ("the the the", "I am sorry. I am
sorry. I am sorry.").

A neural decoder that loses its way repeats itself until its length limit; the repeats are clipped away by
BLEU's modified precision, but they lengthen the output, and the loop usually replaced the rest of the
translation. A line loops when some stretch of one to eight tokens comes back at least :data:`MIN_REPEATS`
times in a row and covers at least six tokens, while its reference does not. The fix scored here keeps one
copy of each loop (what the system meant to say once).
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from ...messages import say
from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence
from .words import plural

#: A stretch repeated this many times in a row is a loop ...
MIN_REPEATS = 3
#: ... when the repeats cover at least this many tokens (a word said three times, "very very very", is speech).
MIN_TOKENS = 6
#: The longest stretch looked for.
MAX_UNIT = 8
#: Loops in this many lines (and this share) name the hypothesis.
MIN_LINES = 2
MIN_SHARE = 0.005
ERROR_SHARE = 0.05
#: The scripts written without spaces between words (Chinese, Japanese, Thai; Korean writes spaces).
UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\u0e00-\u0e7f\uf900-\ufaff]")


def tokens(line: str) -> list[str]:
    """White-space tokens; in a line mostly of an unspaced script (Chinese, Japanese, Thai), its characters.

    >>> tokens("我们走吧 我们走吧"), tokens("the 东京 office")
    (['我', '们', '走', '吧', '我', '们', '走', '吧'], ['the', '东京', 'office'])
    """
    letters = [ch for ch in line if not ch.isspace()]
    if letters and 2 * len(UNSPACED.findall(line)) > len(letters):
        return letters
    return line.split()


def loop(toks: Sequence[str]) -> Optional[tuple[int, int, int]]:
    """The longest loop in a token sequence: (start, unit length, repeats), or None.

    >>> loop("we will we will we will we will rock you".split())
    (0, 2, 4)
    >>> loop("a very very very good day".split()) is None
    True
    """
    best: Optional[tuple[int, int, int]] = None
    n = len(toks)
    for size in range(1, MAX_UNIT + 1):
        start = 0
        while start + 2 * size <= n:
            repeats = 1
            while start + (repeats + 1) * size <= n and \
                    toks[start + repeats * size:start + (repeats + 1) * size] == toks[start:start + size]:
                repeats += 1
            if repeats >= MIN_REPEATS and repeats * size >= MIN_TOKENS and \
                    (best is None or repeats * size > best[1] * best[2]):
                best = (start, size, repeats)
            start += max(1, (repeats - 1) * size) if repeats > 1 else 1
    return best


def collapse(line: str) -> str:
    """The line with each loop kept once.

    >>> collapse("I am sorry. I am sorry. I am sorry. I am sorry.")
    'I am sorry.'
    """
    toks = tokens(line)
    spaced = len(toks) == len(line.split())
    changed = False
    while (found := loop(toks)) is not None:
        start, size, repeats = found
        toks = toks[:start + size] + toks[start + repeats * size:]
        changed = True
    if not changed:
        return line
    return " ".join(toks) if spaced else "".join(toks)


def check(corpus: Corpus) -> Optional[Detection]:
    hits = [i for i, h in enumerate(corpus.hypotheses)
            if loop(tokens(h)) is not None and not any(loop(tokens(r)) for r in corpus.references[i])]
    if len(hits) < max(MIN_LINES, MIN_SHARE * len(corpus.hypotheses)):
        return None
    many = len(hits) >= ERROR_SHARE * len(corpus.hypotheses)
    return Detection(
        code="repetition", severity="error" if many else "warning",
        title=say("doctor.repetition.title", lines=plural(len(hits), "hypothesis line")),
        evidence=Evidence(summary=say("doctor.repetition.summary", repeats=MIN_REPEATS), count=len(hits),
                          lines=first(hits),
                          examples=tuple(shorten(corpus.hypotheses[i]) for i in hits[:1])),
        fix=say("doctor.repetition.fix"),
        repaired=corpus.mapped(collapse),
        note=say("doctor.repetition.note"),
    )
