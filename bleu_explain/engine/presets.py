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
d2l            Dive into Deep Learning's ``d2l.bleu(pred_seq, label_seq, k)``
=============  =============================================================

>>> sorted(PRESETS)
['d2l', 'hf-evaluate', 'mteval-13a', 'multi-bleu', 'nltk', 'nltk-3.2', 'paper', 'sacrebleu', 'torchmetrics']

hf-evaluate and torchmetrics take their tool's own keywords: ``smooth=True``/``False`` (and
torchmetrics' ``n_gram`` for ``max_order``); d2l takes its ``k`` for ``max_order``:

>>> resolve_config("torchmetrics", smooth=True, n_gram=2).smooth
'add-one-above-unigram'
>>> resolve_config("d2l", k=4).max_order
4
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ..messages.catalogue import say
from .config import SINGLE_PAIR_RULES, SMOOTH_SWITCH, SMOOTHING_BY_RULE, BleuConfig
from .errors import BleuInputError

#: d2l's ``k`` in the book's own examples (``d2l.bleu(translation, fra, k=2)`` in its seq2seq chapter).
D2L_BOOK_K = 2

PRESETS: dict[str, BleuConfig] = {
    "sacrebleu": BleuConfig(
        preset="sacrebleu",
        tokenize="13a",
        smooth="exp",
        combine="sacrebleu",
        description=say("preset.sacrebleu"),
    ),
    "nltk": BleuConfig(
        preset="nltk",
        tokenize="none",
        weights=(0.25, 0.25, 0.25, 0.25),
        smooth="method0",
        total_at_least_one=True,
        combine="nltk",
        description=say("preset.nltk"),
    ),
    "nltk-3.2": BleuConfig(
        preset="nltk-3.2",
        tokenize="none",
        weights=(0.25, 0.25, 0.25, 0.25),
        smooth="method0",
        total_at_least_one=True,
        combine="nltk-3.2",
        description=say("preset.nltk-3.2"),
    ),
    "mteval-13a": BleuConfig(
        preset="mteval-13a",
        tokenize="13a",
        lowercase=True,
        case_folding="ascii",
        whitespace="perl",
        smooth="exp",
        combine="mteval",
        description=say("preset.mteval-13a"),
    ),
    "multi-bleu": BleuConfig(
        preset="multi-bleu",
        tokenize="none",
        case_folding="ascii",
        whitespace="ascii",
        smooth="none",
        combine="multi-bleu",
        description=say("preset.multi-bleu"),
    ),
    "paper": BleuConfig(
        preset="paper",
        tokenize="paper",
        lowercase=True,
        smooth="none",
        combine="paper",
        description=say("preset.paper"),
    ),
    "hf-evaluate": BleuConfig(
        preset="hf-evaluate",
        tokenize="13a",
        strip_line=False,
        smooth="none",
        ref_length="shortest",
        combine="hf-evaluate",
        description=say("preset.hf-evaluate"),
    ),
    "torchmetrics": BleuConfig(
        preset="torchmetrics",
        tokenize="none",
        smooth="none",
        ref_length="closest-first",
        combine="torchmetrics",
        description=say("preset.torchmetrics"),
    ),
    "d2l": BleuConfig(
        preset="d2l",
        tokenize="space",
        max_order=D2L_BOOK_K,
        smooth="none",
        combine="d2l",
        description=say("preset.d2l"),
    ),
}


def get_preset(name: str) -> BleuConfig:
    """The configuration of a preset, by name."""
    if not isinstance(name, str) or name not in PRESETS:
        raise BleuInputError(say("errors.unknown-preset", preset=repr(name), presets=", ".join(PRESETS)))
    return PRESETS[name]


def presets_taking(refs_per_segment: Sequence[int]) -> list[str]:
    """The presets whose tool scores an input with these numbers of references per segment.

    Every tool takes any corpus but d2l, which takes one candidate and one reference:

    >>> "d2l" in presets_taking([1]), "d2l" in presets_taking([2]), "d2l" in presets_taking([1, 1])
    (True, False, False)
    """
    single_pair = list(refs_per_segment) == [1]
    return [name for name, config in PRESETS.items() if single_pair or config.combine not in SINGLE_PAIR_RULES]


def resolve_config(preset: str = "sacrebleu", *, n_gram: Optional[int] = None, k: Optional[int] = None,
                   **overrides: Any) -> BleuConfig:
    """A preset with keyword overrides applied (``None`` keeps the preset's value).

    Under the presets of tools that switch smoothing on and off (hf-evaluate,
    torchmetrics) ``smooth=True``/``False`` names the tool's method, and under
    torchmetrics ``n_gram`` and under d2l ``k`` are their names for
    ``max_order``; elsewhere they mean nothing and are refused.

    >>> resolve_config("hf-evaluate", smooth=True, max_order=2).smooth
    'add-one'
    >>> resolve_config("sacrebleu", smooth=True)
    Traceback (most recent call last):
    ...
    bleu_explain.engine.errors.BleuInputError: smooth=True is the on/off switch of hf-evaluate and torchmetrics; the 'sacrebleu' preset names its smoothing method: smooth='none', 'floor', 'add-k' or 'exp'
    """
    base = get_preset(preset)
    for keyword, value, rule, tool in (("n_gram", n_gram, "torchmetrics", "torchmetrics'"), ("k", k, "d2l", "d2l's")):
        if value is None:
            continue
        if base.combine != rule:
            raise BleuInputError(f"{keyword} is {tool} name for max_order; under preset {preset!r} use max_order=")
        if overrides.get("max_order") is not None and overrides["max_order"] != value:
            raise BleuInputError(f"{keyword}={value!r} and max_order={overrides['max_order']!r} disagree; "
                                 "give one of them")
        overrides["max_order"] = value
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
