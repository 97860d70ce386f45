"""What a tokenizer that makes a list of tokens shares: its line is those tokens joined by single spaces
(sacreBLEU's tokenizers return the line), and its signature is its name."""

from __future__ import annotations


class JoinedTokens:
    """A tokenizer defined by ``tokens``; ``name`` is what the signature says (``tok:<name>``)."""

    name = ""

    def signature(self) -> str:
        return self.name

    def __call__(self, line: str) -> str:
        """The tokenized line, tokens joined by single spaces (sacreBLEU's return value)."""
        return " ".join(self.tokens(line))

    def tokens(self, text: str) -> list[str]:
        raise NotImplementedError
