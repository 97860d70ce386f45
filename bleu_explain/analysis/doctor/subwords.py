"""``subword-markers``: BPE "@@ ", SentencePiece "\u2581" or WordPiece "##" pieces left in the text.

The fix scored here joins the pieces back into words, as the model's decoder would.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from ...messages import say
from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence
from .words import joined

SPM = "\u2581"


def _join_bpe(line: str) -> str:
    return re.sub(r"@@( |$)", "", line)


def _join_spm(line: str) -> str:
    return "".join(line.split(" ")).replace(SPM, " ").strip()


def _join_wordpiece(line: str) -> str:
    return line.replace(" ##", "")


#: name -> (what gives it away, how to join the pieces)
MARKERS: dict[str, tuple[re.Pattern, Callable[[str], str]]] = {
    "BPE '@@ '": (re.compile(r"\S@@(?: |$)"), _join_bpe),
    "SentencePiece '\u2581'": (re.compile(SPM), _join_spm),
    "WordPiece '##'": (re.compile(r"(?:^| )##\w"), _join_wordpiece),
}
#: Marks on this many lines of a side (and at least 2) name it; real text carries none of them.
SHARE = 0.05


def check(corpus: Corpus) -> Optional[Detection]:
    found: list[tuple[str, str, list[int]]] = []
    for name, lines in corpus.sides():
        for marker, (pattern, _) in MARKERS.items():
            hits = [i for i, line in enumerate(lines) if pattern.search(line)]
            if len(hits) >= max(2, SHARE * len(lines)):
                found.append((name, marker, hits))
    if not found:
        return None
    joins = {marker: MARKERS[marker][1] for _, marker, _ in found}
    hyp_markers = [m for name, m, _ in found if name == "the hypothesis"]
    ref_markers = [m for name, m, _ in found if name != "the hypothesis"]

    def joiner(markers: list[str]) -> Optional[Callable[[str], str]]:
        if not markers:
            return None

        def join(line: str) -> str:
            for marker in markers:
                line = joins[marker](line)
            return line
        return join

    name, marker, hits = found[0]
    lines = dict(corpus.sides())[name]
    summary = joined(*(say("doctor.subwords.part", marker=marker, count=len(h), side=side)
                       for side, marker, h in found))
    return Detection(
        code="subword-markers", severity="error",
        title=say("doctor.subwords.title", summary=summary),
        evidence=Evidence(summary=summary, count=sum(len(h) for _, _, h in found), lines=first(hits),
                          examples=tuple(shorten(lines[i]) for i in hits[:2])),
        fix=say("doctor.subwords.fix"),
        repaired=corpus.mapped(joiner(hyp_markers), joiner(list(dict.fromkeys(ref_markers)))),
    )
