"""``case-mismatch``: one side lowercased, the other cased, scored case-sensitively.

The fix scored here is sacreBLEU's ``-lc`` (the settings' lowercasing).
"""

from __future__ import annotations

from typing import Optional

from .corpus import Corpus, Detection, with_settings
from .findings import Evidence

#: A side is lowercased when it has this many cased letters and none of them upper case ...
MIN_LETTERS = 50
#: ... and cased when at least this share of its cased letters are upper case.
CASED_SHARE = 0.01


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
    cased = [name for name, (_, share) in shares.items() if share >= CASED_SHARE]
    if not lowered or not cased:
        return None
    summary = "; ".join(f"{name}: {shares[name][1]:.1%} of {shares[name][0]} cased letters are upper case"
                        for name in lowered + cased)
    repaired, note = with_settings(corpus, lowercase=True)
    return Detection(
        code="case-mismatch", severity="error",
        title=f"{' and '.join(lowered)} lowercased, {' and '.join(cased)} cased, scored case-sensitively",
        evidence=Evidence(summary=summary, count=len(lowered)),
        fix="score the cased output against cased references, or both case-insensitively (sacreBLEU -lc)",
        repaired=repaired, note=note or "the score without is case-insensitive (-lc)",
    )
