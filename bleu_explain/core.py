"""The one computation core: tokens -> clipped counts -> segment statistics -> score.

Everything in bleu_explain (tables, plots, highlighting, widgets, the CLI, the
significance tests) reads the numbers computed here.

The paper's Example 1 (case-folded, punctuation removed):

>>> from bleu_explain.presets import get_preset
>>> paper = get_preset("paper")
>>> refs = ["It is a guide to action that ensures that the military will forever heed Party commands.",
...         "It is the guiding principle which guarantees the military forces always being under the command of the Party.",
...         "It is the practical guide for the army always to heed the directions of the party."]
>>> cand1 = "It is a guide to action which ensures that the military always obeys the commands of the party."
>>> stats, _ = segment_statistics(cand1, refs, paper)
>>> [f"{m}/{t}" for m, t in zip(stats.matches, stats.totals)][:2]
['17/18', '10/17']
>>> stats2, _ = segment_statistics("It is to insure the troops forever hearing the activity guidebook that party direct.", refs, paper)
>>> [f"{m}/{t}" for m, t in zip(stats2.matches, stats2.totals)][:2]
['8/14', '1/13']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from .clipping import OrderClipping, clip_order
from .config import BleuConfig
from .scoring import ScoreBreakdown, combine_counts
from .tokenizers import make_tokenizer


@dataclass(frozen=True)
class SegmentStats:
    """The sufficient statistics of one segment.

    ``totals`` are counted as the tool counts them: NLTK divides by at least 1
    even when the candidate has no n-gram of that order.
    """

    hyp_len: int
    ref_lens: tuple[int, ...]
    ref_len: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]


def choose_ref_length(hyp_len: int, ref_lens: Sequence[int], rule: str = "closest") -> int:
    """The reference length r for one segment.

    ``closest``: the reference length closest to the candidate's, a tie going to
    the shorter (the paper's "best match length"; sacreBLEU, NLTK, mteval and
    multi-bleu all break ties this way). ``shortest``: mteval's option.

    >>> choose_ref_length(12, [12, 15, 17]), choose_ref_length(14, [12, 16]), choose_ref_length(14, [12, 16], "shortest")
    (12, 12, 12)
    """
    if rule == "shortest":
        return min(ref_lens)
    return min(ref_lens, key=lambda r: (abs(r - hyp_len), r))


def tokenizer_for(config: BleuConfig):
    """The text -> tokens function of a config."""
    return make_tokenizer(config.tokenize, config.lowercase, config.case_folding, config.whitespace)


def clip_tokens(
    hyp_tokens: Sequence[str], ref_tokens: Sequence[Sequence[str]], config: BleuConfig
) -> tuple[SegmentStats, list[OrderClipping]]:
    """Statistics (and the per-order clipping details) of one tokenized segment."""
    clipping = [clip_order(hyp_tokens, ref_tokens, n) for n in range(1, config.max_order + 1)]
    totals = tuple(c.total for c in clipping)
    if config.total_at_least_one:
        totals = tuple(max(1, t) for t in totals)
    ref_lens = tuple(len(r) for r in ref_tokens)
    hyp_len = len(hyp_tokens)
    stats = SegmentStats(
        hyp_len=hyp_len,
        ref_lens=ref_lens,
        ref_len=choose_ref_length(hyp_len, ref_lens, config.ref_length),
        matches=tuple(c.matches for c in clipping),
        totals=totals,
    )
    return stats, clipping


def segment_statistics(
    candidate: str, references: Sequence[str], config: BleuConfig
) -> tuple[SegmentStats, list[OrderClipping]]:
    """Tokenize one segment and count it."""
    tok = tokenizer_for(config)
    return clip_tokens(tok(candidate), [tok(r) for r in references], config)


def corpus_statistics(
    candidates: Sequence[str],
    references: Sequence[Sequence[str]],
    config: BleuConfig,
    progress: Optional[bool] = None,
) -> tuple[list[SegmentStats], tuple[list[str], list[list[str]]]]:
    """Per-segment statistics of a corpus, and the last segment's tokens (NLTK smoothing reads them)."""
    tok = tokenizer_for(config)
    stats: list[SegmentStats] = []
    hyp_tokens: list[str] = []
    ref_tokens: list[list[str]] = []
    pairs: Iterable = zip(candidates, references)
    if progress or (progress is None and len(candidates) > 20000):
        from .progress import progress_bar

        pairs = progress_bar(pairs, total=len(candidates), desc="counting n-grams")
    for cand, refs in pairs:
        hyp_tokens = tok(cand)
        ref_tokens = [tok(r) for r in refs]
        stats.append(clip_tokens(hyp_tokens, ref_tokens, config)[0])
    return stats, (hyp_tokens, ref_tokens)


def sum_statistics(stats: Sequence[SegmentStats], max_order: int) -> tuple[list[int], list[int], int, int]:
    """Corpus sums: matches and totals per order, candidate length, reference length."""
    matches = [0] * max_order
    totals = [0] * max_order
    hyp_len = ref_len = 0
    for s in stats:
        for i in range(max_order):
            matches[i] += s.matches[i]
            totals[i] += s.totals[i]
        hyp_len += s.hyp_len
        ref_len += s.ref_len
    return matches, totals, hyp_len, ref_len


def score_statistics(
    stats: Sequence[SegmentStats],
    config: BleuConfig,
    last_pair: Optional[tuple[Sequence[str], Sequence[Sequence[str]]]] = None,
) -> ScoreBreakdown:
    """Score a list of segment statistics as one corpus (one segment = sentence BLEU)."""
    matches, totals, hyp_len, ref_len = sum_statistics(stats, config.max_order)
    return combine_counts(matches, totals, hyp_len, ref_len, config, last_pair)
