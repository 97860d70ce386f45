"""Reproducibility signatures, written as sacreBLEU writes them.

For the ``sacrebleu`` preset the string is exactly sacreBLEU's, e.g.
``nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0``. Other presets get
a signature in the same style that names the preset and every setting that
decides their score.

A :class:`Signature` is that string (it prints, compares and serialises as one)
with its fields and its preset at hand, so nothing needs to parse it back:

>>> from bleu_explain.engine.presets import get_preset
>>> sig = make_signature(get_preset("nltk"), [2, 2])
>>> sig.preset, sig.fields["nrefs"], sig.fields["smooth"]
('nltk', '2', 'method0')
>>> Signature.parse(sig.format()) == sig, Signature.parse(sig.format()).preset
(True, 'nltk')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Optional, Sequence

from .config import SMOOTH_VALUE_DEFAULTS, BleuConfig
from .errors import BleuInputError
from .tokenize import tokenizer_signature


class Signature(str):
    """A signature string, e.g. ``nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0``.

    It is a ``str`` (so it prints, compares, joins and goes into JSON as the
    text), built from its ``fields`` (name -> value, in order) and knowing the
    ``preset`` that made it.
    """

    fields: Mapping[str, str]
    preset: str

    def __new__(cls, fields: Sequence[tuple[str, str]], preset: str) -> "Signature":
        text = "|".join(f"{name}:{value}" for name, value in fields)
        sig = super().__new__(cls, text)
        sig.fields = dict(fields)
        sig.preset = preset
        return sig

    def __reduce__(self):  # pickle and copy rebuild it from its fields
        return (Signature, (tuple(self.fields.items()), self.preset))

    def format(self) -> str:  # type: ignore[override]  # str.format is not used on a signature
        """The signature as a plain string."""
        return str.__str__(self)

    def with_fields(self, extra: Sequence[tuple[str, object]], after: str = "nrefs") -> "Signature":
        """A signature with ``extra`` fields inserted after the field ``after`` (sacreBLEU's ``bs:``, ``seed:``)."""
        items = list(self.fields.items())
        at = next((i + 1 for i, (name, _) in enumerate(items) if name == after), len(items))
        added = [(name, str(value)) for name, value in extra]
        return Signature(items[:at] + added + items[at:], self.preset)

    @classmethod
    def parse(cls, text: str) -> "Signature":
        """A signature from its text: ``preset:`` names the preset; sacreBLEU's own fields mean sacrebleu.

        >>> Signature.parse("nrefs:4|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0").preset
        'sacrebleu'
        """
        if isinstance(text, Signature):
            return text
        if not isinstance(text, str) or ":" not in text:
            raise BleuInputError(f"a signature looks like 'nrefs:1|case:mixed|...', got {text!r}")
        fields = []
        for part in text.split("|"):
            name, colon, value = part.partition(":")
            if not colon:
                raise BleuInputError(f"signature field {part!r} has no ':'")
            fields.append((name, value))
        names = dict(fields)
        preset = names.get("preset", "sacrebleu" if "tok" in names and "eff" in names else "unknown")
        return cls(fields, preset)

    def differences(self, other: "Signature | str") -> dict[str, tuple[str, str]]:
        """The fields where two signatures differ: name -> (this value, that value), '-' for a missing field.

        >>> Signature.parse("nrefs:1|case:mixed|tok:13a").differences("nrefs:2|case:mixed|tok:13a")
        {'nrefs': ('1', '2')}
        """
        mine, theirs = self.fields, Signature.parse(other).fields
        names = list(mine) + [n for n in theirs if n not in mine]
        return {n: (mine.get(n, "-"), theirs.get(n, "-")) for n in names if mine.get(n) != theirs.get(n)}


#: The sacreBLEU release this package is verified against: its scores, tokenizers and signatures.
VERIFIED_SACREBLEU_VERSION = "2.6.0"


@lru_cache(maxsize=None)
def sacrebleu_version() -> str:
    """The ``version:`` field of a sacreBLEU signature.

    The installed sacreBLEU's version when sacreBLEU is importable (read from
    its package metadata, without importing it); otherwise, e.g. in a browser
    under Pyodide where sacreBLEU cannot load, :data:`VERIFIED_SACREBLEU_VERSION`,
    the release whose output the engine reproduces and is tested against.

    >>> sacrebleu_version() in (VERIFIED_SACREBLEU_VERSION, installed_sacrebleu_version())
    True
    """
    return installed_sacrebleu_version() or VERIFIED_SACREBLEU_VERSION


def installed_sacrebleu_version() -> Optional[str]:
    """The version of the sacreBLEU that ``import sacrebleu`` would load, or None when there is none."""
    from importlib.util import find_spec

    try:
        if find_spec("sacrebleu") is None:
            return None
    except (ImportError, ValueError):  # blocked (sys.modules["sacrebleu"] is None) or a broken install
        return None
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("sacrebleu")
    except PackageNotFoundError:  # importable without metadata (e.g. a source checkout on the path)
        return None


@lru_cache(maxsize=None)
def package_version() -> str:
    from ..version import __version__

    return __version__


def nrefs_field(ref_counts: Sequence[int]) -> str:
    """``nrefs``: the number of references, or ``var`` when it varies by segment."""
    distinct = set(ref_counts)
    return str(distinct.pop()) if len(distinct) == 1 else "var"


def make_signature(config: BleuConfig, ref_counts: Sequence[int]) -> Signature:
    """The signature of a config applied to segments with these reference counts."""
    nrefs = nrefs_field(ref_counts)
    if config.combine == "sacrebleu":
        smooth = config.smooth
        if smooth in ("floor", "add-k"):
            smooth += f"[{config.smooth_parameter:.2f}]"
        fields = [
            ("nrefs", nrefs),
            ("case", "lc" if config.lowercase else "mixed"),
            ("eff", "yes" if config.effective_order else "no"),
            ("tok", tokenizer_signature(config.tokenize)),
            ("smooth", smooth),
        ]
        if config.weights is not None:
            # sacreBLEU has no weights, so it has no field for them; we do not hide them.
            fields.append(("weights", ",".join(f"{w:g}" for w in config.weights)))
        fields.append(("version", sacrebleu_version()))
        return Signature(fields, config.preset)
    if config.combine == "d2l":
        # d2l's one setting is k; the rest is fixed (single-space tokens, weights 1/2^n, no smoothing, one reference)
        return Signature([("preset", config.preset), ("nrefs", nrefs), ("case", "mixed"),
                          ("tok", tokenizer_signature(config.tokenize)), ("k", str(config.max_order)),
                          ("weights", "1/2^n"), ("smooth", "none"),
                          ("version", f"bleu-explain-{package_version()}")], config.preset)
    case = "mixed"
    if config.lowercase:
        case = "lc-ascii" if config.case_folding == "ascii" else "lc"
    smooth = config.smooth
    if smooth in SMOOTH_VALUE_DEFAULTS:
        smooth += f"[{config.smooth_parameter:.2f}]"
    weights = "uniform" if config.weights is None else ",".join(f"{w:g}" for w in config.weights)
    other_fields = [
        ("preset", config.preset),
        ("nrefs", nrefs),
        ("case", case),
        ("tok", tokenizer_signature(config.tokenize)),
        ("order", str(config.max_order)),
        ("weights", weights),
        ("smooth", smooth),
        ("reflen", config.ref_length),
    ]
    if config.auto_reweigh:
        other_fields.append(("reweigh", "yes"))
    other_fields.append(("version", f"bleu-explain-{package_version()}"))
    return Signature(other_fields, config.preset)
