"""char: every character a token (sacreBLEU's ``TokenizerChar``); white space only separates.

>>> TokenizerChar()("猫 sat")
'猫   s a t'
>>> TokenizerChar().tokens("猫 sat")
['猫', 's', 'a', 't']
"""

from __future__ import annotations


class TokenizerChar:
    """sacreBLEU's ``TokenizerChar``, same output, no per-line cache."""

    def signature(self) -> str:
        return "char"

    def __call__(self, line: str) -> str:
        """sacreBLEU's return value: the characters joined by spaces (a space in the line becomes three)."""
        return " ".join(line)

    def tokens(self, text: str) -> list[str]:
        """The characters that are not white space (what splitting sacreBLEU's output leaves)."""
        return list("".join(text.split()))
