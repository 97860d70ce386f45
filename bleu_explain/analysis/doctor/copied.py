"""``copied-reference``: hypothesis lines identical to a reference line of their segment (a leak).

A good system matches its reference exactly on some short lines (titles,
datelines); a leak copies many, long ones too. The score without leaves the
copied segments out.
"""

from __future__ import annotations

from typing import Optional

from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence

#: Copied lines count only when at least this many words long (short lines match by translating well) ...
MIN_WORDS = 6
#: ... and a leak is named when this share of the lines that long are copied.
SHARE = 0.15


def check(corpus: Corpus) -> Optional[Detection]:
    long_lines = [i for i, h in enumerate(corpus.hypotheses) if len(h.split()) >= MIN_WORDS]
    copied = [i for i in long_lines if corpus.hypotheses[i].strip() in {r.strip() for r in corpus.references[i]}]
    if len(copied) < max(2, SHARE * len(long_lines)):
        return None
    kept = [i for i in range(len(corpus.hypotheses)) if i not in set(copied)]
    return Detection(
        code="copied-reference", severity="warning",
        title=f"{len(copied)} of {len(long_lines)} hypothesis lines of {MIN_WORDS} or more words are identical to "
              "a reference line of their segment",
        evidence=Evidence(summary=f"{len(copied)} long lines copied (a system matches its reference exactly on few "
                                  "long lines)", count=len(copied), lines=first(copied),
                          examples=tuple(shorten(corpus.hypotheses[i]) for i in copied[:1])),
        fix="make sure the references were not fed to the system or pasted into its output",
        repaired=corpus.kept(kept) if kept else None,
        note="the score without leaves the copied segments out",
    )
