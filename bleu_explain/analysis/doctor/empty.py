"""``empty-segments``: empty or white-space-only lines, and what each tool does with them.

sacreBLEU and NLTK score an empty hypothesis as no matches against the reference
length (it lowers the score); Hugging Face evaluate divides by zero when a whole
side is empty. The fix scored here drops the segments with an empty line on
either side, both files together, so that the others stay aligned.
"""

from __future__ import annotations

from typing import Optional

from ...engine.presets import PRESETS
from .corpus import Corpus, Detection, first, score
from .findings import Evidence
from .words import plural

FIX = "drop the empty segments from the hypothesis and every reference file together (or translate them)"


def check(corpus: Corpus) -> Optional[Detection]:
    empty = {name: [i for i, line in enumerate(lines) if not line.strip()] for name, lines in corpus.sides()}
    found = {name: lines for name, lines in empty.items() if lines}
    if not found:
        return None
    blank = sorted({i for lines in found.values() for i in lines})
    kept = [i for i in range(len(corpus.hypotheses)) if i not in set(blank)]
    parts = [f"{len(lines)} in {name}" for name, lines in found.items()]
    both = [i for i in blank if all(i in lines for lines in empty.values())]
    note = ("sacreBLEU, NLTK, multi-bleu and torchmetrics count an empty hypothesis as 0 matches against the "
            "reference's length; Hugging Face evaluate divides by zero when every hypothesis (or reference) of a "
            "corpus is empty")
    if both:
        note += f"; {plural(len(both), 'segment')} {'is' if len(both) == 1 else 'are'} empty on every side, which adds nothing to any tool's counts"
    note += "; each preset on these files: " + ", ".join(_as_scored(name, score(corpus, config))
                                                          for name, config in PRESETS.items())
    return Detection(
        code="empty-segments", severity="warning",
        title=f"{plural(len(blank), 'segment')} {'has' if len(blank) == 1 else 'have'} an empty or white-space-only line",
        evidence=Evidence(summary="empty lines: " + ", ".join(parts), count=len(blank), lines=first(blank)),
        fix=FIX,
        repaired=corpus.kept(kept) if kept else None,
        note=note if kept else note + "; nothing is left to score once they are dropped",
    )


def _as_scored(preset: str, value: float | None) -> str:
    return f"{preset} {value:.2f}" if value is not None else f"{preset} cannot score them (its tool fails)"
