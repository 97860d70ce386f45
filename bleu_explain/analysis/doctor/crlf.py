"""``crlf-line-endings``: Windows line endings read as part of the line.

sacreBLEU's command line drops the carriage return and its tokenizers strip the
line; a reader that splits on ``\\n`` and a tool that does not strip (Hugging Face
evaluate's copy of 13a, or white-space tokens) keep it in the last token. The
score with and without says whether it mattered under the settings in force.
"""

from __future__ import annotations

from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection, first
from .findings import Evidence
from .words import comma_list


def check(corpus: Corpus) -> Optional[Detection]:
    counts = []
    shown: tuple[int, ...] = ()
    for name, lines in corpus.sides():
        ending = [i for i, line in enumerate(lines) if line.endswith("\r")]
        if ending:
            counts.append(say("doctor.crlf.count", count=len(ending), side=name))
            shown = shown or first(ending)
    if not counts:
        return None
    return Detection(
        code="crlf-line-endings", severity="warning",
        title=say("doctor.crlf.title"),
        evidence=Evidence(summary=say("doctor.crlf.summary", counts=comma_list(counts)), count=len(counts),
                          lines=shown),
        fix=say("doctor.crlf.fix"),
        repaired=corpus.mapped(lambda h: h.rstrip("\r"), lambda r: r.rstrip("\r")),
    )
