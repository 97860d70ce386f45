"""Named configurations that reproduce real BLEU implementations.

=============  =============================================================
preset         reproduces
=============  =============================================================
sacrebleu      sacreBLEU 2.x ``BLEU()`` (the default here, and WMT's)
nltk           NLTK 3.10 ``sentence_bleu`` / ``corpus_bleu``
nltk-3.2       NLTK 3.2.2-3.2.5 (drops orders after the first zero count)
mteval-13a     mteval-v13a.pl (NIST/WMT's Perl script), case-insensitive
multi-bleu     Moses' multi-bleu.perl
paper          Papineni et al. (2002) as written
hf-evaluate    Hugging Face ``evaluate.load("bleu")`` (tensorflow/nmt's ``compute_bleu``)
torchmetrics   torchmetrics ``bleu_score`` / ``BLEUScore``
=============  =============================================================

>>> sorted(PRESETS)
['hf-evaluate', 'mteval-13a', 'multi-bleu', 'nltk', 'nltk-3.2', 'paper', 'sacrebleu', 'torchmetrics']

The last two take their tool's own keywords: ``smooth=True``/``False`` (and
torchmetrics' ``n_gram`` for ``max_order``):

>>> resolve_config("torchmetrics", smooth=True, n_gram=2).smooth
'add-one-above-unigram'
"""

from __future__ import annotations

from typing import Optional

from .config import SMOOTH_SWITCH, SMOOTHING_BY_RULE, BleuConfig
from .errors import BleuInputError

PRESETS: dict[str, BleuConfig] = {
    "sacrebleu": BleuConfig(
        preset="sacrebleu",
        tokenize="13a",
        smooth="exp",
        combine="sacrebleu",
        description="sacreBLEU 2.x: 13a tokenization, mixed case, exp smoothing, closest reference length.",
    ),
    "nltk": BleuConfig(
        preset="nltk",
        tokenize="none",
        weights=(0.25, 0.25, 0.25, 0.25),
        smooth="method0",
        total_at_least_one=True,
        combine="nltk",
        description="NLTK 3.10 sentence_bleu/corpus_bleu on whitespace tokens; a zero precision "
        "becomes sys.float_info.min (so the score is tiny, not 0).",
    ),
    "nltk-3.2": BleuConfig(
        preset="nltk-3.2",
        tokenize="none",
        weights=(0.25, 0.25, 0.25, 0.25),
        smooth="method0",
        total_at_least_one=True,
        combine="nltk-3.2",
        description="NLTK 3.2.2-3.2.5: stops at the first order with no matches and drops the "
        "higher orders without renormalising the weights.",
    ),
    "mteval-13a": BleuConfig(
        preset="mteval-13a",
        tokenize="13a",
        lowercase=True,
        case_folding="ascii",
        whitespace="perl",
        smooth="exp",
        combine="mteval",
        description="mteval-v13a.pl: its normalisation, ASCII-only lowercasing (unless -c), NIST "
        "geometric smoothing; an order with no candidate n-grams adds log 1 but still counts in N; "
        "tokens split on Perl's white space (not U+001C..U+001F).",
    ),
    "multi-bleu": BleuConfig(
        preset="multi-bleu",
        tokenize="none",
        case_folding="ascii",
        whitespace="ascii",
        smooth="none",
        combine="multi-bleu",
        description="multi-bleu.perl: it reads bytes, so tokens are split on ASCII white space only and -lc "
        "lowercases ASCII letters only; no smoothing, closest reference length.",
    ),
    "paper": BleuConfig(
        preset="paper",
        tokenize="paper",
        lowercase=True,
        smooth="none",
        combine="paper",
        description="Papineni et al. (2002): case-folded, punctuation removed, no smoothing, "
        "best-match reference length summed over the corpus.",
    ),
    "hf-evaluate": BleuConfig(
        preset="hf-evaluate",
        tokenize="13a",
        strip_line=False,
        smooth="none",
        ref_length="shortest",
        combine="hf-evaluate",
        description="Hugging Face evaluate's bleu (tensorflow/nmt's compute_bleu over its copy of the 13a "
        "tokenizer): the shortest reference of each segment; smooth=True adds 1 to the matches and possible "
        "matches of every order, unigrams too; any precision of 0 gives 0; a score on the 0-1 scale; an empty "
        "candidate or reference side divides by zero.",
    ),
    "torchmetrics": BleuConfig(
        preset="torchmetrics",
        tokenize="none",
        smooth="none",
        ref_length="closest-first",
        combine="torchmetrics",
        description="torchmetrics' bleu_score/BLEUScore: white-space tokens, the closest reference with ties "
        "going to the first listed, smooth=True adds 1 to orders 2..N but not the unigram, and the score is 0 "
        "whenever an order has no match, even with smoothing; float32 tensors in the tool.",
    ),
}


def get_preset(name: str) -> BleuConfig:
    """The configuration of a preset, by name."""
    if not isinstance(name, str) or name not in PRESETS:
        raise BleuInputError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
    return PRESETS[name]


def resolve_config(preset: str = "sacrebleu", *, n_gram: Optional[int] = None, **overrides) -> BleuConfig:
    """A preset with keyword overrides applied (``None`` keeps the preset's value).

    Under the presets of tools that switch smoothing on and off (hf-evaluate,
    torchmetrics) ``smooth=True``/``False`` names the tool's method, and under
    torchmetrics ``n_gram`` is its name for ``max_order``; elsewhere they mean
    nothing and are refused.

    >>> resolve_config("hf-evaluate", smooth=True, max_order=2).smooth
    'add-one'
    >>> resolve_config("sacrebleu", smooth=True)
    Traceback (most recent call last):
    ...
    bleu_explain.engine.errors.BleuInputError: smooth=True is the on/off switch of hf-evaluate and torchmetrics; the 'sacrebleu' preset names its smoothing method: smooth='none', 'floor', 'add-k' or 'exp'
    """
    base = get_preset(preset)
    if n_gram is not None:
        if base.combine != "torchmetrics":
            raise BleuInputError(f"n_gram is torchmetrics' name for max_order; under preset {preset!r} use max_order=")
        if overrides.get("max_order") is not None and overrides["max_order"] != n_gram:
            raise BleuInputError(f"n_gram={n_gram!r} and max_order={overrides['max_order']!r} disagree; give one of them")
        overrides["max_order"] = n_gram
    smooth = overrides.get("smooth")
    if isinstance(smooth, bool):
        if base.combine not in SMOOTH_SWITCH:
            methods = SMOOTHING_BY_RULE[base.combine]
            named = ", ".join(repr(m) for m in methods[:-1]) + f" or {methods[-1]!r}" if len(methods) > 1 else repr(methods[0])
            raise BleuInputError(
                f"smooth={smooth} is the on/off switch of {' and '.join(SMOOTH_SWITCH)}; the {preset!r} preset names "
                f"its smoothing method: smooth={named}"
            )
        overrides["smooth"] = SMOOTH_SWITCH[base.combine][smooth]
    return base.with_overrides(**overrides)
