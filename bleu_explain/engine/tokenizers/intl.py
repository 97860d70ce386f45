r"""intl: sacreBLEU's ``TokenizerV14International`` (mteval-v14's international rules) without the regex module.

sacreBLEU writes the rules with the third-party ``regex`` module's Unicode
classes ``\p{N}`` (numbers), ``\p{P}`` (punctuation) and ``\p{S}``
(symbols). Here the same three rules run on Python's ``re``, with each class
built from :mod:`unicodedata` (the general category's first letter), so they
need nothing outside the standard library:

1. a punctuation character preceded by a non-number gets spaces around it;
2. so does one followed by a non-number;
3. every symbol gets spaces around it.

A punctuation character between two digits stays (``1,000``, ``3.5``), and so
does a full stop after a number at the end of the line, as in mteval-v14.pl.

>>> TokenizerIntl()("Prices rose 3.5% (to $1,000) in 2021.")
'Prices rose 3.5 % ( to $ 1,000 ) in 2021.'

The classes are those of the Unicode version of Python's :mod:`unicodedata`
(``unicodedata.unidata_version``), while ``regex`` carries its own, usually
newer. They differ only on characters one of the two does not know yet
(unassigned in the older version); the tests check every code point for that
and compare the output with sacreBLEU's on real test sets.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from functools import lru_cache

from .spacing import space_after_each, space_before_each, spaced

#: The last code point of the Basic Multilingual Plane: most lines hold nothing above it.
LAST_BMP = 0xFFFF
_ABOVE_BMP = re.compile("[\U00010000-\U0010FFFF]")


@lru_cache(maxsize=None)
def unicode_classes(last: int = sys.maxunicode) -> dict[str, str]:
    """For each major general category (C, L, M, N, P, S, Z), the body of a ``re`` character class.

    Built from :mod:`unicodedata` for the code points up to ``last`` and
    cached: the Basic Multilingual Plane (``last=LAST_BMP``) in a few
    hundredths of a second, all of Unicode in a few tenths.

    >>> classes = unicode_classes()
    >>> bool(re.fullmatch(f"[{classes['S']}]+", "$€+©😀")), bool(re.fullmatch(f"[{classes['N']}]+", "7٣Ⅻ½"))
    (True, True)
    """
    # One letter per code point: the categories joined ("Lu", "Ll", ...) and every second character kept.
    majors = "".join(map(unicodedata.category, map(chr, range(last + 1))))[::2]
    classes: dict[str, list[str]] = {major: [] for major in "CLMNPSZ"}
    for run in re.finditer(r"C+|L+|M+|N+|P+|S+|Z+", majors):
        first, final = run.start(), run.end() - 1
        classes[run[0][0]].append(
            re.escape(chr(first)) if first == final else f"{re.escape(chr(first))}-{re.escape(chr(final))}")
    return {major: "".join(parts) for major, parts in classes.items()}


@lru_cache(maxsize=None)
def _rules(last: int) -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """The three rules with classes up to code point ``last``.

    ``re`` tests the code points above U+FFFF of a class one range at a time,
    for every character of the line; a line without such characters is run
    through classes that stop at U+FFFF, which match it alike, several times faster.
    """
    classes = unicode_classes(last)
    numbers, punctuation, symbols = classes["N"], classes["P"], classes["S"]
    return (
        re.compile(f"([^{numbers}])([{punctuation}])"),  # sacreBLEU's (\P{N})(\p{P}) -> '\1 \2 '
        re.compile(f"([{punctuation}])([^{numbers}])"),  # (\p{P})(\P{N}) -> ' \1 \2'
        re.compile(f"[{symbols}]"),  # (\p{S}) -> ' \1 '
    )


class TokenizerIntl:
    """sacreBLEU's ``TokenizerV14International``, same output (see the module), no per-line cache."""

    def __init__(self) -> None:
        self._bmp_rules = _rules(LAST_BMP)

    def signature(self) -> str:
        return "intl"

    def __call__(self, line: str) -> str:
        """The tokenized line, tokens joined by single spaces (sacreBLEU's return value)."""
        return " ".join(self._tokens_of_line(line))

    def tokens(self, text: str) -> list[str]:
        """The tokens BLEU counts: sacreBLEU tokenizes ``text.rstrip()`` (a final ``2021.`` stays whole)."""
        return self._tokens_of_line(text.rstrip())

    def _tokens_of_line(self, line: str) -> list[str]:
        before, after, symbol = self._bmp_rules if _ABOVE_BMP.search(line) is None else _rules(sys.maxunicode)
        line = before.sub(space_after_each, line)
        line = after.sub(space_before_each, line)
        return symbol.sub(spaced, line).split()
