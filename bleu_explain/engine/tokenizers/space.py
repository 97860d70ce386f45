"""space: every single space separates tokens, and nothing else does (Dive into Deep Learning's ``bleu``).

d2l splits a sentence with ``str.split(' ')``, not ``str.split()``: an empty
text is one empty token, two spaces in a row leave an empty token between
them, a space at either end leaves an empty token there, and tabs or
newlines stay inside tokens.

>>> TokenizerSpace().tokens("the cat  sat ")
['the', 'cat', '', 'sat', '']
>>> TokenizerSpace().tokens("")
['']
"""

from __future__ import annotations

from .none import TokenizerNone


class TokenizerSpace(TokenizerNone):
    """The line as it is; BLEU splits it on each single space (U+0020), keeping the empty tokens."""

    def signature(self) -> str:
        return "space"

    def tokens(self, text: str) -> list[str]:
        return text.split(" ")
