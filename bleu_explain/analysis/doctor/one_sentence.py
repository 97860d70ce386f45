"""``one-sentence-corpus``: a "corpus" of one segment.

Corpus BLEU sums counts over many segments; over one, any order without a
match decides the number, and each tool smooths it its own way (sacreBLEU's
``sentence_bleu`` switches effective order on, its corpus score does not).
Nothing is broken, so no score without: the note says what to compare.
"""

from __future__ import annotations

from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection
from .findings import Evidence


def check(corpus: Corpus) -> Optional[Detection]:
    if len(corpus.hypotheses) != 1:
        return None
    words = len(corpus.hypotheses[0].split())
    return Detection(
        code="one-sentence-corpus", severity="info",
        title=say("doctor.one-sentence.title", words=words),
        evidence=Evidence(summary=say("doctor.one-sentence.summary"), count=1, lines=(1,)),
        fix=say("doctor.one-sentence.fix"),
        note=say("doctor.one-sentence.note"),
    )
