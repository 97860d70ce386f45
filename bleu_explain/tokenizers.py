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

import unicodedata
from functools import lru_cache
from typing import Callable

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

    module, cls = _SACREBLEU_CLASSES[name]
    return getattr(import_module(f"sacrebleu.tokenizers.{module}"), cls)()


def tokenizer_signature(name: str) -> str:
    """The ``tok:`` field of a signature: sacreBLEU's own where it has one."""
    if name in _SACREBLEU_CLASSES:
        return sacrebleu_tokenizer(name).signature()
    return name


def _remove_punctuation(text: str) -> str:
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("P"))


@lru_cache(maxsize=None)
def make_tokenizer(name: str, lowercase: bool = False, case_folding: str = "unicode") -> Callable[[str], list[str]]:
    """A function text -> tokens for the given rules.

    Order of operations follows the tools: sacreBLEU strips trailing white space,
    lowercases with ``str.lower`` and then tokenizes; mteval-v13a.pl lowercases
    ASCII letters only (its tokenization rules do not depend on case, so
    lowercasing the tokens gives the same result).
    """
    if name == "paper":
        def tokenize_paper(text: str) -> list[str]:
            text = text.lower() if lowercase else text
            return _remove_punctuation(text).split()

        return tokenize_paper

    if name not in _SACREBLEU_CLASSES:
        raise BleuInputError(f"unknown tokenizer {name!r}; choose one of 13a, intl, zh, char, none, paper")
    tok = sacrebleu_tokenizer(name)
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


def tokenize(text: str, name: str = "13a", lowercase: bool = False, case_folding: str = "unicode") -> list[str]:
    """Tokenize one text with the named rules."""
    return make_tokenizer(name, lowercase, case_folding)(text)
