"""``unicode-normalization``: NFC on one side and NFD (or compatibility forms) on the other.

"ü" as one code point (NFC) and as "u" plus a combining diaeresis (NFD) look
the same and never match. The fix scored here brings both sides to NFC. Failing
that, compatibility forms on one side only (full-width letters and digits,
ligatures such as "ﬁ") are named, with both sides brought to NFKC.
"""

from __future__ import annotations

import unicodedata
from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence
from .words import and_joined, comma_list


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
        title=say(f"doctor.unicode.compat-title.{_number(with_forms)}.{_number(without)}", sides=and_joined(with_forms), forms=" ".join(forms),
                  plain=comma_list(without)),
        evidence=Evidence(summary=say("doctor.unicode.compat-summary", counts=comma_list(
                              [say("doctor.crlf.count", count=len(compat[n]), side=n) for n in with_forms]),
                              plain=comma_list(without)),
                          count=len(hits), lines=first(hits),
                          examples=tuple(" ".join(f"U+{ord(ch):04X}" for ch in forms[:3]) for _ in hits[:1])),
        fix=say("doctor.unicode.compat-fix"),
        repaired=corpus.mapped(lambda h: unicodedata.normalize("NFKC", h), lambda r: unicodedata.normalize("NFKC", r)),
    )


def _number(names: list[str]) -> str:
    """The key's ending for one file or several."""
    return "one" if len(names) == 1 else "other"


def _nfd_against_nfc(corpus: Corpus) -> Optional[Detection]:
    sides = dict(corpus.sides())
    nfd = {name: decomposed(lines) for name, lines in sides.items()}
    nfc = {name: composable(lines) for name, lines in sides.items()}
    in_nfd = [name for name, hits in nfd.items() if len(hits) >= 2 and nfc[name] < len(hits)]
    in_nfc = [name for name, count in nfc.items() if count >= 2 and len(nfd[name]) < count / 10]
    if not in_nfd or not in_nfc:
        return None
    hits = nfd[in_nfd[0]]
    summary = say("doctor.unicode.nfd-summary",
                  nfd=comma_list([say("doctor.crlf.count", count=len(nfd[n]), side=n) for n in in_nfd]),
                  nfc=comma_list([say("doctor.crlf.count", count=nfc[n], side=n) for n in in_nfc]))
    return Detection(
        code="unicode-normalization", severity="error",
        title=say("doctor.unicode.nfd-title", nfd=and_joined(in_nfd), nfc=and_joined(in_nfc)),
        evidence=Evidence(summary=summary, count=len(hits), lines=first(hits),
                          examples=tuple(shorten(sides[in_nfd[0]][i].encode("ascii", "backslashreplace").decode())
                                         for i in hits[:1])),
        fix=say("doctor.unicode.nfd-fix"),
        repaired=corpus.mapped(lambda h: unicodedata.normalize("NFC", h), lambda r: unicodedata.normalize("NFC", r)),
    )
