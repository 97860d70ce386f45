"""zh: sacreBLEU's ``TokenizerZh``: every Chinese character a token, the rest by 13a's rules.

sacreBLEU strips the line, puts spaces around each character in its table of
ranges, then applies the rules 13a shares (:func:`.v13a.regexp_rules`: no
entities, no padding spaces). Here one regular expression marks the
characters instead of a Python loop over them.

>>> TokenizerZh()("我们在2021年去了北京, 真的.")
'我 们 在 2021 年 去 了 北 京 , 真 的 .'
"""

from __future__ import annotations

import re

from .joined import JoinedTokens
from .spacing import spaced
from .v13a import regexp_rules

#: The code points sacreBLEU's ``TokenizerZh`` treats as Chinese characters, as it compares them.
#: Its table is written as strings, and two of its bounds, '\u20000'..'\u2a6d6' and '\u2f800'..'\u2fa1d',
#: meant for CJK Extension B and the Compatibility Supplement, are two characters long ('\u2000' + '0').
#: A single character c then satisfies '\u20000' <= c <= '\u2a6d6' exactly when U+2001 <= c <= U+2A6D, so
#: general punctuation (curly quotes, dashes), arrows and mathematical symbols count as Chinese, and the
#: characters above U+FFFF never do. We keep what sacreBLEU does; the tests compare every code point.
CHINESE_RANGES: tuple[tuple[int, int], ...] = (
    (0x3400, 0x4DB5),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FA5),  # CJK Unified Ideographs
    (0x9FA6, 0x9FBB),  # CJK Unified Ideographs, Unicode 4.1
    (0xF900, 0xFA2D),  # CJK Compatibility Ideographs
    (0xFA30, 0xFA6A),  # CJK Compatibility Ideographs, Unicode 3.2
    (0xFA70, 0xFAD9),  # CJK Compatibility Ideographs, Unicode 4.1
    (0x2001, 0x2A6D),  # sacreBLEU's '\u20000'..'\u2a6d6' (meant: Extension B, U+20000..U+2A6D6)
    (0x2F81, 0x2FA1),  # sacreBLEU's '\u2f800'..'\u2fa1d' (meant: Compatibility Supplement)
    (0xFF00, 0xFFEF),  # full-width ASCII and punctuation, half-width kana, Korean letters
    (0x2E80, 0x2EFF),  # CJK Radicals Supplement
    (0x3000, 0x303F),  # CJK punctuation
    (0x31C0, 0x31EF),  # CJK strokes
    (0x2F00, 0x2FDF),  # Kangxi Radicals
    (0x2FF0, 0x2FFF),  # ideographic description characters
    (0x3100, 0x312F),  # Bopomofo
    (0x31A0, 0x31BF),  # Bopomofo Extended
    (0xFE10, 0xFE1F),  # vertical forms
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0x2600, 0x26FF),  # miscellaneous symbols
    (0x2700, 0x27BF),  # dingbats
    (0x3200, 0x32FF),  # enclosed CJK letters and months
    (0x3300, 0x33FF),  # CJK compatibility
)

_CHINESE = re.compile("[" + "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in CHINESE_RANGES) + "]")


def is_chinese_char(char: str) -> bool:
    """Whether sacreBLEU's zh tokenizer makes ``char`` a token of its own.

    >>> is_chinese_char("猫"), is_chinese_char("a"), is_chinese_char("\\u201c"), is_chinese_char("\\U00020000")
    (True, False, True, False)
    """
    return _CHINESE.fullmatch(char) is not None


class TokenizerZh(JoinedTokens):
    """sacreBLEU's ``TokenizerZh``, same output, no per-line cache."""

    name = "zh"

    def tokens(self, text: str) -> list[str]:
        """The tokens BLEU counts (sacreBLEU strips the line itself, so its ``rstrip`` changes nothing)."""
        return regexp_rules(_CHINESE.sub(spaced, text.strip()))
