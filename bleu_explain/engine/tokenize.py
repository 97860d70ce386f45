"""Text normalisation and tokenisation (before any counting).

The tokenizers themselves live in :mod:`bleu_explain.engine.tokenizers`, one
module each: sacreBLEU's 13a, intl, zh, char and none, reproduced in plain
Python (sacreBLEU is not needed to score with them), the 2002 paper's rule,
and sacreBLEU's MeCab and SentencePiece tokenizers with their extras. This
module applies the settings around them: case-folding, and which characters
separate tokens for each tool.

* ``paper``: Papineni et al. (2002) -- punctuation removed, then whitespace split
  (case-folding is the ``lowercase`` setting).
* ``none`` is also what NLTK and multi-bleu.perl do: split on whitespace.

>>> tokenize("It is a guide to action.", "paper", lowercase=True)
['it', 'is', 'a', 'guide', 'to', 'action']
>>> tokenize("It is a guide to action.", "13a")
['It', 'is', 'a', 'guide', 'to', 'action', '.']
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from . import tokenizers
from .config import WHITESPACE_RULES
from .errors import BleuInputError
from .tokenizers import EXTERNAL_REQUIREMENTS, Tokenizer
from .tokenizers.v13a import ASCII_LOWER, Tokenizer13a

__all__ = ["EXTERNAL_REQUIREMENTS", "Tokenizer13a", "make_tokenizer", "sacrebleu_tokenizer", "tokenize", "tokenizer_signature"]


def sacrebleu_tokenizer(name: str) -> Tokenizer:
    """The tokenizer object of that name: sacreBLEU's rules, ours in plain Python where they can be.

    It returns what sacreBLEU's own object returns for a line (``tok(line)``),
    gives sacreBLEU's ``signature()``, and ``tok.tokens(text)`` are the tokens
    BLEU counts.

    >>> sacrebleu_tokenizer("intl")("Größe: 1.000,5 m².")  # ² is a number: the full stop after it stays
    'Größe : 1.000,5 m².'
    """
    return tokenizers.get_tokenizer(name)


def tokenizer_signature(name: str) -> str:
    """The ``tok:`` field of a signature: sacreBLEU's own string (``ja-mecab-0.996-IPA``, ``flores101``, ...).

    >>> tokenizer_signature("13a"), tokenizer_signature("paper")
    ('13a', 'paper')
    """
    return tokenizers.get_tokenizer(name).signature()


#: The white-space rules of the tools. Python's ``str.split`` (sacreBLEU, NLTK)
#: splits on every Unicode white space and on U+001C..U+001F; Perl's ``\s`` on
#: decoded text (mteval-v13a.pl) does not match U+001C..U+001F; Perl's ``\s`` on
#: bytes (multi-bleu.perl) matches ASCII white space only.

# Characters Python treats as white space that a rule does not.
_NOT_WHITESPACE = {
    "python": "",
    "perl": "\x1c\x1d\x1e\x1f",
    "ascii": "\x1c\x1d\x1e\x1f\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
    + "\u2028\u2029\u202f\u205f\u3000",
}
# Unicode noncharacters: never in real text, untouched by every tokenizer and by lower().
_PLACEHOLDERS = "".join(map(chr, range(0xFDD0, 0xFDF0)))


def _protect(text: str, keep: str) -> tuple[str, dict[int, int]]:
    """Replace the characters of ``keep`` that occur in ``text`` by placeholders absent from it.

    Returns the new text and the table that turns placeholders back.
    """
    present = sorted(set(text) & set(keep))
    free = [ch for ch in _PLACEHOLDERS if ch not in text]
    if len(free) < len(present):  # pragma: no cover - 32 noncharacters in one line
        raise BleuInputError("this line holds too many Unicode noncharacters (U+FDD0..U+FDEF) to tokenize exactly")
    forward = {ord(ch): free[i] for i, ch in enumerate(present)}
    back = {ord(free[i]): ord(ch) for i, ch in enumerate(present)}
    return text.translate(forward), back


@lru_cache(maxsize=None)
def make_tokenizer(
    name: str, lowercase: bool = False, case_folding: str = "unicode", whitespace: str = "python",
    strip_line: bool = True,
) -> Callable[[str], list[str]]:
    """A function text -> tokens for the given rules.

    Order of operations follows the tools: sacreBLEU lowercases with
    ``str.lower``, strips trailing white space and then tokenizes;
    mteval-v13a.pl (``case_folding="ascii"``) replaces its four lower-case
    entities first and then lowercases ASCII letters only, so ``&AMP;`` stays
    three tokens; its later rules do not depend on case, and for the other
    tokenizers the tokens are lowercased. ``whitespace`` says which characters
    separate tokens (see :data:`WHITESPACE_RULES`); ``strip_line=False`` tokenizes the line as given, as
    Hugging Face evaluate's copy of 13a does (it differs only for a text ending in ``-\\n``):

    >>> make_tokenizer("13a")("the\\x1fcat sat"), make_tokenizer("13a", whitespace="perl")("the\\x1fcat sat")
    (['the', 'cat', 'sat'], ['the\\x1fcat', 'sat'])
    >>> make_tokenizer("none", whitespace="ascii")("the\\u00a0cat sat")
    ['the\\xa0cat', 'sat']
    """
    if whitespace not in WHITESPACE_RULES:
        raise BleuInputError(f"unknown white-space rule {whitespace!r}; choose one of {', '.join(WHITESPACE_RULES)}")
    base = _python_whitespace_tokenizer(name, lowercase, case_folding)
    if not strip_line:
        if name != "13a" or lowercase:
            raise BleuInputError("strip_line=False (Hugging Face evaluate's tokenizer) is defined for tokenizer "
                                 "13a with case kept only")
        base = tokenizers.get_tokenizer("13a").tokens_as_given  # type: ignore[attr-defined]
    keep = _NOT_WHITESPACE[whitespace]
    if not keep:
        return base
    keep_pattern = re.compile(f"[{re.escape(keep)}]")

    def tokenize_exact_whitespace(text: str) -> list[str]:
        if keep_pattern.search(text) is None:  # the usual case: the rules agree on this line
            return base(text)
        # Hide the characters this tool does not split on, tokenize, then put them back.
        hidden, back = _protect(text, keep)
        return [token.translate(back) for token in base(hidden)]

    return tokenize_exact_whitespace


def _python_whitespace_tokenizer(name: str, lowercase: bool, case_folding: str) -> Callable[[str], list[str]]:
    tok = tokenizers.get_tokenizer(name)
    if not lowercase:
        return tok.tokens
    if case_folding == "ascii":
        if isinstance(tok, Tokenizer13a):
            # mteval-v13a.pl replaces the entities first and lowercases after (&AMP; stays three tokens)
            return tok.tokens_ascii_lowercased

        def tokenize_ascii_lower(text: str) -> list[str]:
            return [token.translate(ASCII_LOWER) for token in tok.tokens(text)]

        return tokenize_ascii_lower

    def tokenize_lower(text: str) -> list[str]:  # sacreBLEU lowercases, then tokenizes
        return tok.tokens(text.lower())

    return tokenize_lower


def tokenize(
    text: str, name: str = "13a", lowercase: bool = False, case_folding: str = "unicode", whitespace: str = "python"
) -> list[str]:
    """Tokenize one text with the named rules."""
    return make_tokenizer(name, lowercase, case_folding, whitespace)(text)
