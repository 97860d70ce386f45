"""``crlf-line-endings``: Windows line endings read as part of the line.

sacreBLEU's command line drops the carriage return and its tokenizers strip the
line; a reader that splits on ``\\n`` and a tool that does not strip (Hugging Face
evaluate's copy of 13a, or white-space tokens) keep it in the last token. The
score with and without says whether it mattered under the settings in force.
"""

from __future__ import annotations

from typing import Optional

from .corpus import Corpus, Detection, first
from .findings import Evidence


def check(corpus: Corpus) -> Optional[Detection]:
    counts = []
    shown: tuple[int, ...] = ()
    for name, lines in corpus.sides():
        ending = [i for i, line in enumerate(lines) if line.endswith("\r")]
        if ending:
            counts.append(f"{len(ending)} lines of {name}")
            shown = shown or first(ending)
    if not counts:
        return None
    return Detection(
        code="crlf-line-endings", severity="warning",
        title="lines end in a carriage return (Windows line endings) kept as part of the text",
        evidence=Evidence(summary=", ".join(counts) + " end in '\\r'", count=len(counts), lines=shown),
        fix="convert the files to Unix line endings (dos2unix), or read them with Python's universal newlines",
        repaired=corpus.mapped(lambda h: h.rstrip("\r"), lambda r: r.rstrip("\r")),
    )
