"""``unicode-normalization``: NFC on one side and NFD (or compatibility forms) on the other.

"ü" as one code point (NFC) and as "u" plus a combining diaeresis (NFD) look
the same and never match. The fix scored here brings both sides to NFC. Failing
that, compatibility forms on one side only (full-width letters and digits,
ligatures such as "ﬁ") are named, with both sides brought to NFKC.
"""

from __future__ import annotations

import unicodedata
from typing import Optional

from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence


def decomposed(lines: list[str]) -> list[int]:
    """The lines that NFC would change (decomposed letters)."""
    return [i for i, line in enumerate(lines) if not unicodedata.is_normalized("NFC", line)]


def composable(lines: list[str]) -> int:
    """How many lines hold a letter that NFD would decompose (so that the two forms can differ at all)."""
    return sum(not unicodedata.is_normalized("NFD", line) for line in lines)


#: Compatibility forms name a side when this share of its lines hold them and the other side's lines none.
COMPAT_SHARE = 0.05


def compatibility(lines: list[str]) -> list[int]:
    """The lines with compatibility forms (that NFKC changes once NFC is applied)."""
    return [i for i, line in enumerate(lines)
            if not unicodedata.is_normalized("NFKC", unicodedata.normalize("NFC", line))]


def check(corpus: Corpus) -> Optional[Detection]:
    return _nfd_against_nfc(corpus) or _compatibility_forms(corpus)


def _compatibility_forms(corpus: Corpus) -> Optional[Detection]:
    sides = dict(corpus.sides())
    compat = {name: compatibility(lines) for name, lines in sides.items()}
    with_forms = [n for n, hits in compat.items() if len(hits) >= max(2, COMPAT_SHARE * len(sides[n]))]
    without = [n for n, hits in compat.items() if not hits]
    if not with_forms or not without:
        return None
    hits = compat[with_forms[0]]
    forms = sorted({ch for i in hits[:50] for ch in sides[with_forms[0]][i]
                    if unicodedata.normalize("NFKC", ch) != ch})[:5]
    return Detection(
        code="unicode-normalization", severity="warning",
        title=f"{' and '.join(with_forms)} {'holds' if len(with_forms) == 1 else 'hold'} compatibility forms "
              f"({' '.join(forms)}) that {' and '.join(without)} {'spells' if len(without) == 1 else 'spell'} "
              "plainly",
        evidence=Evidence(summary=", ".join(f"{len(compat[n])} lines of {n}" for n in with_forms)
                          + " hold compatibility forms; " + ", ".join(without) + " none",
                          count=len(hits), lines=first(hits),
                          examples=tuple(" ".join(f"U+{ord(ch):04X}" for ch in forms[:3]) for _ in hits[:1])),
        fix="normalize both sides to NFKC before scoring (unicodedata.normalize('NFKC', line))",
        repaired=corpus.mapped(lambda h: unicodedata.normalize("NFKC", h), lambda r: unicodedata.normalize("NFKC", r)),
    )


def _nfd_against_nfc(corpus: Corpus) -> Optional[Detection]:
    sides = dict(corpus.sides())
    nfd = {name: decomposed(lines) for name, lines in sides.items()}
    nfc = {name: composable(lines) for name, lines in sides.items()}
    in_nfd = [name for name, hits in nfd.items() if len(hits) >= 2 and nfc[name] < len(hits)]
    in_nfc = [name for name, count in nfc.items() if count >= 2 and len(nfd[name]) < count / 10]
    if not in_nfd or not in_nfc:
        return None
    hits = nfd[in_nfd[0]]
    summary = (f"{', '.join(f'{len(nfd[n])} lines of {n}' for n in in_nfd)} are decomposed (NFD); "
               f"{', '.join(f'{nfc[n]} lines of {n}' for n in in_nfc)} are composed (NFC)")
    return Detection(
        code="unicode-normalization", severity="error",
        title=f"{' and '.join(in_nfd)} in NFD, {' and '.join(in_nfc)} in NFC: accented letters never match",
        evidence=Evidence(summary=summary, count=len(hits), lines=first(hits),
                          examples=tuple(shorten(sides[in_nfd[0]][i].encode("ascii", "backslashreplace").decode())
                                         for i in hits[:1])),
        fix="normalize both sides to NFC before scoring (unicodedata.normalize('NFC', line), or uconv -x any-nfc)",
        repaired=corpus.mapped(lambda h: unicodedata.normalize("NFC", h), lambda r: unicodedata.normalize("NFC", r)),
    )
