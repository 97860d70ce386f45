"""paper: Papineni et al. (2002), punctuation removed, then white space split.

Case-folding is the ``lowercase`` setting. Punctuation is every character of
Unicode's P categories.

>>> TokenizerPaper().tokens("It is a guide to action.")
['It', 'is', 'a', 'guide', 'to', 'action']
"""

from __future__ import annotations

import unicodedata

from .joined import JoinedTokens


def remove_punctuation(text: str) -> str:
    """The text without its punctuation characters (Unicode categories Pc, Pd, Ps, Pe, Pi, Pf, Po)."""
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("P"))


class TokenizerPaper(JoinedTokens):
    """The 2002 paper's rule: no punctuation, tokens separated by white space."""

    name = "paper"

    def tokens(self, text: str) -> list[str]:
        return remove_punctuation(text).split()
