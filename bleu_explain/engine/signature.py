"""Reproducibility signatures, written as sacreBLEU writes them.

For the ``sacrebleu`` preset the string is exactly sacreBLEU's, e.g.
``nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0``. Other presets get
a signature in the same style that names the preset and every setting that
decides their score.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from .config import BleuConfig, SMOOTH_VALUE_DEFAULTS
from .tokenize import tokenizer_signature


@lru_cache(maxsize=None)
def sacrebleu_version() -> str:
    """The installed sacreBLEU's version (read without importing it)."""
    from importlib.metadata import version

    return version("sacrebleu")


@lru_cache(maxsize=None)
def package_version() -> str:
    from .. import __version__

    return __version__


def nrefs_field(ref_counts: Sequence[int]) -> str:
    """``nrefs``: the number of references, or ``var`` when it varies by segment."""
    distinct = set(ref_counts)
    return str(distinct.pop()) if len(distinct) == 1 else "var"


def make_signature(config: BleuConfig, ref_counts: Sequence[int]) -> str:
    """The signature string of a config applied to segments with these reference counts."""
    nrefs = nrefs_field(ref_counts)
    if config.combine == "sacrebleu":
        smooth = config.smooth
        if smooth in ("floor", "add-k"):
            smooth += f"[{config.smooth_parameter:.2f}]"
        fields = [
            f"nrefs:{nrefs}",
            f"case:{'lc' if config.lowercase else 'mixed'}",
            f"eff:{'yes' if config.effective_order else 'no'}",
            f"tok:{tokenizer_signature(config.tokenize)}",
            f"smooth:{smooth}",
        ]
        if config.weights is not None:
            # sacreBLEU has no weights, so it has no field for them; we do not hide them.
            fields.append("weights:" + ",".join(f"{w:g}" for w in config.weights))
        fields.append(f"version:{sacrebleu_version()}")
        return "|".join(fields)
    case = "mixed"
    if config.lowercase:
        case = "lc-ascii" if config.case_folding == "ascii" else "lc"
    smooth = config.smooth
    if smooth in SMOOTH_VALUE_DEFAULTS:
        smooth += f"[{config.smooth_parameter:.2f}]"
    weights = "uniform" if config.weights is None else ",".join(f"{w:g}" for w in config.weights)
    fields = [
        f"preset:{config.preset}",
        f"nrefs:{nrefs}",
        f"case:{case}",
        f"tok:{tokenizer_signature(config.tokenize)}",
        f"order:{config.max_order}",
        f"weights:{weights}",
        f"smooth:{smooth}",
        f"reflen:{config.ref_length}",
    ]
    if config.auto_reweigh:
        fields.append("reweigh:yes")
    fields.append(f"version:bleu-explain-{package_version()}")
    return "|".join(fields)
