"""Text normalisation and tokenisation (before any counting).

The sacreBLEU tokenizers (13a, intl, zh, char, none) are sacreBLEU's own classes,
imported on first use. Two more rules are ours:

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
import unicodedata
from functools import lru_cache
from typing import Callable

from .config import WHITESPACE_RULES
from .errors import BleuInputError

_SACREBLEU_CLASSES = {
    "13a": ("tokenizer_13a", "Tokenizer13a"),
    "intl": ("tokenizer_intl", "TokenizerV14International"),
    "zh": ("tokenizer_zh", "TokenizerZh"),
    "char": ("tokenizer_char", "TokenizerChar"),
    "none": ("tokenizer_none", "NoneTokenizer"),
}

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


@lru_cache(maxsize=None)
def sacrebleu_tokenizer(name: str):
    """The sacreBLEU tokenizer object of that name (imported lazily: sacreBLEU is slow to import)."""
    if name not in _SACREBLEU_CLASSES:
        raise BleuInputError(f"unknown sacreBLEU tokenizer {name!r}; choose one of {', '.join(_SACREBLEU_CLASSES)}")
    from importlib import import_module

    if name == "13a":
        return Tokenizer13a()
    module, cls = _SACREBLEU_CLASSES[name]
    return getattr(import_module(f"sacrebleu.tokenizers.{module}"), cls)()


class Tokenizer13a:
    """mteval-v13a's tokenization, with the output of sacreBLEU's ``Tokenizer13a``, faster.

    sacreBLEU applies four regular expressions and then collapses white space.
    Its first rule puts spaces around every ASCII symbol, the space itself
    included, and expands a template once per match in Python: on real text
    that is about half of sacreBLEU's time for a whole corpus. Here the first
    rule leaves spaces alone (spaces around a space vanish when white space is
    collapsed, and the later rules see a space either way) and the
    replacements are plain functions. The rules are sacreBLEU's; the tests
    check the output against sacreBLEU's on real test sets and random text.

    >>> Tokenizer13a()("It's 3.5 e-mails, &amp; 1995-2005 (more).")
    "It's 3.5 e-mails , & 1995 - 2005 ( more ) ."
    """

    # sacreBLEU's r'([\{-\~\[-\` -\&\(-\+\:-\@\/])' without the space at the start of ' -\&'
    _SYMBOL = re.compile(r"[\{-\~\[-\`!-\&\(-\+\:-\@\/]")
    _NONDIGIT_THEN_STOP = re.compile(r"([^0-9])([\.,])")  # period and comma unless preceded by a digit
    _STOP_THEN_NONDIGIT = re.compile(r"([\.,])([^0-9])")  # period and comma unless followed by a digit
    _DIGIT_THEN_DASH = re.compile(r"([0-9])(-)")  # dash when preceded by a digit

    def signature(self) -> str:
        return "13a"

    def __call__(self, line: str) -> str:
        """The tokenized line, tokens joined by single spaces (sacreBLEU's return value)."""
        return " ".join(self.tokens(line))

    def tokens(self, line: str) -> list[str]:
        """The tokens of a line (what BLEU counts; splitting once instead of joining and splitting again)."""
        line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
        if "&" in line:
            line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
        line = self._SYMBOL.sub(lambda m: f" {m[0]} ", f" {line} ")
        line = self._NONDIGIT_THEN_STOP.sub(lambda m: f"{m[1]} {m[2]} ", line)
        line = self._STOP_THEN_NONDIGIT.sub(lambda m: f" {m[1]} {m[2]}", line)
        line = self._DIGIT_THEN_DASH.sub(lambda m: f"{m[1]} {m[2]} ", line)
        return line.split()


def tokenizer_signature(name: str) -> str:
    """The ``tok:`` field of a signature: sacreBLEU's own where it has one."""
    if name in _SACREBLEU_CLASSES:
        return sacrebleu_tokenizer(name).signature()
    return name


def _remove_punctuation(text: str) -> str:
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("P"))


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
    name: str, lowercase: bool = False, case_folding: str = "unicode", whitespace: str = "python"
) -> Callable[[str], list[str]]:
    """A function text -> tokens for the given rules.

    Order of operations follows the tools: sacreBLEU strips trailing white space,
    lowercases with ``str.lower`` and then tokenizes; mteval-v13a.pl lowercases
    ASCII letters only (its tokenization rules do not depend on case, so
    lowercasing the tokens gives the same result). ``whitespace`` says which
    characters separate tokens (see :data:`WHITESPACE_RULES`):

    >>> make_tokenizer("13a")("the\\x1fcat sat"), make_tokenizer("13a", whitespace="perl")("the\\x1fcat sat")
    (['the', 'cat', 'sat'], ['the\\x1fcat', 'sat'])
    >>> make_tokenizer("none", whitespace="ascii")("the\\u00a0cat sat")
    ['the\\xa0cat', 'sat']
    """
    if whitespace not in WHITESPACE_RULES:
        raise BleuInputError(f"unknown white-space rule {whitespace!r}; choose one of {', '.join(WHITESPACE_RULES)}")
    base = _python_whitespace_tokenizer(name, lowercase, case_folding)
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
    if name == "paper":
        def tokenize_paper(text: str) -> list[str]:
            text = text.lower() if lowercase else text
            return _remove_punctuation(text).split()

        return tokenize_paper

    if name not in _SACREBLEU_CLASSES:
        raise BleuInputError(f"unknown tokenizer {name!r}; choose one of 13a, intl, zh, char, none, paper")
    tok = sacrebleu_tokenizer(name)
    if isinstance(tok, Tokenizer13a):
        # Our 13a gives the tokens directly; trailing white space would only be split away.
        if lowercase and case_folding == "ascii":
            def tokenize_13a_ascii_lower(text: str) -> list[str]:
                return tok.tokens(text.translate(_ASCII_LOWER))

            return tokenize_13a_ascii_lower
        if lowercase:
            def tokenize_13a_lower(text: str) -> list[str]:
                return tok.tokens(text.lower())

            return tokenize_13a_lower
        return tok.tokens
    if lowercase and case_folding == "ascii":
        def tokenize_ascii_lower(text: str) -> list[str]:
            return tok(text.rstrip()).translate(_ASCII_LOWER).split()

        return tokenize_ascii_lower
    if lowercase:
        def tokenize_lower(text: str) -> list[str]:
            return tok(text.lower().rstrip()).split()

        return tokenize_lower

    def tokenize_cased(text: str) -> list[str]:
        return tok(text.rstrip()).split()

    return tokenize_cased


def tokenize(
    text: str, name: str = "13a", lowercase: bool = False, case_folding: str = "unicode", whitespace: str = "python"
) -> list[str]:
    """Tokenize one text with the named rules."""
    return make_tokenizer(name, lowercase, case_folding, whitespace)(text)
