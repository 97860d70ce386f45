"""``byte-order-mark``: a U+FEFF left at the start of a file sticks to the first token of the first line."""

from __future__ import annotations

from typing import Optional

from .corpus import Corpus, Detection
from .findings import Evidence

BOM = "\ufeff"


def check(corpus: Corpus) -> Optional[Detection]:
    sides = [name for name, lines in corpus.sides() if lines and lines[0].startswith(BOM)]
    if not sides:
        return None
    return Detection(
        code="byte-order-mark", severity="warning",
        title=f"{' and '.join(sides)} {'starts' if len(sides) == 1 else 'start'} with a byte-order mark (U+FEFF), which becomes part of the first token",
        evidence=Evidence(summary=f"line 1 of {', '.join(sides)} starts with U+FEFF", count=len(sides), lines=(1,)),
        fix="save the files as UTF-8 without a BOM (or read them with encoding='utf-8-sig')",
        repaired=corpus.mapped(lambda h: h.lstrip(BOM), lambda r: r.lstrip(BOM)),
    )
