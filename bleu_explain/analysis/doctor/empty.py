"""``empty-segments``: empty or white-space-only lines, and what each tool does with them.

sacreBLEU and NLTK score an empty hypothesis as no matches against the reference
length (it lowers the score); Hugging Face evaluate divides by zero when a whole
side is empty. The fix scored here drops the segments with an empty line on
either side, both files together, so that the others stay aligned.
"""

from __future__ import annotations

from typing import Optional

from ...engine.presets import PRESETS
from ...messages import say
from .corpus import Corpus, Detection, first, score
from .findings import Evidence
from .words import comma_list, joined


def check(corpus: Corpus) -> Optional[Detection]:
    empty = {name: [i for i, line in enumerate(lines) if not line.strip()] for name, lines in corpus.sides()}
    found = {name: lines for name, lines in empty.items() if lines}
    if not found:
        return None
    blank = sorted({i for lines in found.values() for i in lines})
    kept = [i for i in range(len(corpus.hypotheses)) if i not in set(blank)]
    parts = [say("doctor.empty.part", count=len(lines), side=name) for name, lines in found.items()]
    both = [i for i in blank if all(i in lines for lines in empty.values())]
    presets = say("doctor.empty.presets", scores=comma_list([_as_scored(name, score(corpus, config))
                                                           for name, config in PRESETS.items()]))
    note = joined(say("doctor.empty.note"), say(f"doctor.empty.both.{'one' if len(both) == 1 else 'other'}", count=len(both)) if both else "", presets)
    return Detection(
        code="empty-segments", severity="warning",
        title=say(f"doctor.empty.title.{'one' if len(blank) == 1 else 'other'}", count=len(blank)),
        evidence=Evidence(summary=say("doctor.empty.summary", parts=comma_list(parts)), count=len(blank),
                          lines=first(blank)),
        fix=say("doctor.empty.fix"),
        repaired=corpus.kept(kept) if kept else None,
        note=note if kept else joined(note, say("doctor.empty.nothing-left")),
    )


def _as_scored(preset: str, value: float | None) -> str:
    return f"{preset} {value:.2f}" if value is not None else say("doctor.empty.cannot-score", preset=preset)
