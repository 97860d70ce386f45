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
=============  =============================================================

>>> sorted(PRESETS)
['mteval-13a', 'multi-bleu', 'nltk', 'nltk-3.2', 'paper', 'sacrebleu']
"""

from __future__ import annotations

from .config import BleuConfig
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
}


def get_preset(name: str) -> BleuConfig:
    """The configuration of a preset, by name."""
    if not isinstance(name, str) or name not in PRESETS:
        raise BleuInputError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
    return PRESETS[name]


def resolve_config(preset: str = "sacrebleu", **overrides) -> BleuConfig:
    """A preset with keyword overrides applied (``None`` keeps the preset's value)."""
    return get_preset(preset).with_overrides(**overrides)
