"""``case-mismatch``: one side lowercased (or in capitals), the other cased, scored case-sensitively.

The fix scored here is sacreBLEU's ``-lc`` (the settings' lowercasing): both sides compared in lower case.
"""

from __future__ import annotations

from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection, with_settings
from .findings import Evidence
from .words import and_joined, joined

#: A side is judged when it has this many cased letters: lowercased when none of them is upper case ...
MIN_LETTERS = 50
#: ... cased when at least this share of them are upper case ...
CASED_SHARE = 0.01
#: ... and in capitals when at least this share are, while a cased side has fewer than HALF.
CAPITALS_SHARE = 0.9
HALF = 0.5


def upper_share(lines: list[str]) -> tuple[int, float]:
    """(cased letters, the share of them that are upper case)."""
    upper = lower = 0
    for line in lines:
        for ch in line:
            if ch.isupper():
                upper += 1
            elif ch.islower():
                lower += 1
    cased = upper + lower
    return cased, (upper / cased if cased else 0.0)


def check(corpus: Corpus) -> Optional[Detection]:
    if corpus.config.lowercase:
        return None
    shares = {name: upper_share(lines) for name, lines in corpus.sides()}
    lowered = [name for name, (cased, share) in shares.items() if cased >= MIN_LETTERS and share == 0.0]
    capitals = [name for name, (cased, share) in shares.items() if cased >= MIN_LETTERS and share >= CAPITALS_SHARE]
    cased = [name for name, (_, share) in shares.items() if CASED_SHARE <= share < HALF]
    odd = lowered or capitals
    if not odd or not cased:
        return None
    summary = joined(*(say("doctor.case.share", side=name, share=shares[name][1], letters=shares[name][0])
                       for name in odd + cased))
    repaired, note = with_settings(corpus, lowercase=True)
    return Detection(
        code="case-mismatch", severity="error",
        title=say(f"doctor.case.title.{'lower' if lowered else 'capitals'}.{'one' if len(odd) == 1 else 'other'}",
                  odd=and_joined(odd), cased=and_joined(cased)),
        evidence=Evidence(summary=summary, count=len(odd)),
        fix=say("doctor.case.fix"),
        repaired=repaired, note=note or say("doctor.case.note"),
    )
