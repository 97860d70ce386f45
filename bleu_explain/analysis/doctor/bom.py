"""``byte-order-mark``: a U+FEFF left at the start of a file sticks to the first token of the first line."""

from __future__ import annotations

from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection
from .findings import Evidence
from .words import and_joined, comma_list

BOM = "\ufeff"


def check(corpus: Corpus) -> Optional[Detection]:
    sides = [name for name, lines in corpus.sides() if lines and lines[0].startswith(BOM)]
    if not sides:
        return None
    return Detection(
        code="byte-order-mark", severity="warning",
        title=say(f"doctor.bom.title.{'one' if len(sides) == 1 else 'other'}", sides=and_joined(sides)),
        evidence=Evidence(summary=say("doctor.bom.summary", sides=comma_list(sides)), count=len(sides), lines=(1,)),
        fix=say("doctor.bom.fix"),
        repaired=corpus.mapped(lambda h: h.lstrip(BOM), lambda r: r.lstrip(BOM)),
    )
