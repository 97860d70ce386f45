"""``case-mismatch``: one side lowercased (or in capitals), the other cased, scored case-sensitively.

The fix scored here is sacreBLEU's ``-lc`` (the settings' lowercasing): both sides compared in lower case.
"""

from __future__ import annotations

from typing import Optional

from .corpus import Corpus, Detection, with_settings
from .findings import Evidence

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
    how = "in lower case" if lowered else "in capitals"
    summary = "; ".join(f"{name}: {shares[name][1]:.1%} of {shares[name][0]:,} cased letters upper case"
                        for name in odd + cased)
    repaired, note = with_settings(corpus, lowercase=True)
    return Detection(
        code="case-mismatch", severity="error",
        title=f"{' and '.join(odd)} {'is' if len(odd) == 1 else 'are'} {how} and {' and '.join(cased)} "
              "in mixed case: scored case-sensitively, a word in the other case never matches",
        evidence=Evidence(summary=summary, count=len(odd)),
        fix="score the cased output against cased references, or both case-insensitively (sacreBLEU -lc)",
        repaired=repaired, note=note or "the score without is case-insensitive (-lc)",
    )
