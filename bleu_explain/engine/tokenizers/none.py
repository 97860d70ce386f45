"""none: no tokenization, only white space separates tokens (sacreBLEU's ``NoneTokenizer``; NLTK; multi-bleu.perl).

>>> TokenizerNone().tokens("Hello, world!  ")
['Hello,', 'world!']
"""

from __future__ import annotations


class TokenizerNone:
    """sacreBLEU's ``NoneTokenizer``: the line as it is; BLEU splits it on white space."""

    def signature(self) -> str:
        return "none"

    def __call__(self, line: str) -> str:
        return line

    def tokens(self, text: str) -> list[str]:
        return text.split()
