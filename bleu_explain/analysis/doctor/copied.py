"""``copied-reference``: hypothesis lines identical to a reference line of their segment (a leak).

A good system matches its reference exactly on some lines by translating well (titles, datelines, short
sentences). The null hypothesis is that: each line of six words or more is identical to its reference with
probability at most :data:`CHANCE` (WMT21's systems in eight language pairs: at most 3.3%). The finding needs
evidence beyond it: a one-sided binomial test of the copies counted, at the level :data:`LEVEL`. Nine lines
with two translated exactly as the reference are well within chance; a third of the lines copied is not.
The score without leaves the copied segments out.
"""

from __future__ import annotations

from math import exp, lgamma, log
from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence
from .words import plural

#: Copied lines count only when at least this many words long (short lines match by translating well) ...
MIN_WORDS = 6
#: ... the share of them a good system matches exactly (the null hypothesis) ...
CHANCE = 0.05
#: ... and the level of the one-sided binomial test against it.
LEVEL = 0.001


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p).

    Each term is taken through its logarithm: ``comb(n, j)`` of a test set of thousands of lines is too large
    for a float.

    >>> round(binomial_tail(2, 9, 0.05), 3), binomial_tail(0, 5, 0.5), round(binomial_tail(13, 1918, 0.05), 6)
    (0.071, 1.0, 1.0)
    """
    if k <= 0:
        return 1.0
    def term(j: int) -> float:
        return exp(lgamma(n + 1) - lgamma(j + 1) - lgamma(n - j + 1) + j * log(p) + (n - j) * log(1 - p))
    return min(1.0, sum(term(j) for j in range(k, n + 1)))


def check(corpus: Corpus) -> Optional[Detection]:
    long_lines = [i for i, h in enumerate(corpus.hypotheses) if len(h.split()) >= MIN_WORDS]
    copied = [i for i in long_lines if corpus.hypotheses[i].strip() in {r.strip() for r in corpus.references[i]}]
    if len(copied) < 3:
        return None
    p = binomial_tail(len(copied), len(long_lines), CHANCE)
    if p >= LEVEL:
        return None
    kept = [i for i in range(len(corpus.hypotheses)) if i not in set(copied)]
    return Detection(
        code="copied-reference", severity="warning",
        title=say("doctor.copied.title", lines=plural(len(copied), "hypothesis line"), words=MIN_WORDS),
        evidence=Evidence(summary=say("doctor.copied.summary", copied=len(copied), lines=len(long_lines),
                                      chance=CHANCE, p=p), count=len(copied),
                          lines=first(copied), examples=tuple(shorten(corpus.hypotheses[i]) for i in copied[:1])),
        fix=say("doctor.copied.fix"),
        repaired=corpus.kept(kept) if kept else None,
        note=say("doctor.copied.note"),
    )
