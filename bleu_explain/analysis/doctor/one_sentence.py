"""``one-sentence-corpus``: a "corpus" of one segment.

Corpus BLEU sums counts over many segments; over one, any order without a
match decides the number, and each tool smooths it its own way (sacreBLEU's
``sentence_bleu`` switches effective order on, its corpus score does not).
Nothing is broken, so no score without: the note says what to compare.
"""

from __future__ import annotations

from typing import Optional

from .corpus import Corpus, Detection
from .findings import Evidence


def check(corpus: Corpus) -> Optional[Detection]:
    if len(corpus.hypotheses) != 1:
        return None
    words = len(corpus.hypotheses[0].split())
    return Detection(
        code="one-sentence-corpus", severity="info",
        title=f"the corpus is one segment ({words} words): its BLEU is a sentence BLEU",
        evidence=Evidence(summary="1 hypothesis line", count=1, lines=(1,)),
        fix="score the whole test set as one corpus; for one sentence, name the smoothing (sacreBLEU's sentence_bleu "
            "uses exp smoothing with effective order)",
        note="one line in a file may also be a whole document on one line: split it into its segments",
    )
