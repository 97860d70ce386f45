"""The one computation core: tokens -> clipped counts -> segment statistics -> score.

Everything in bleu_explain (tables, plots, highlighting, widgets, the CLI, the
significance tests) reads the numbers computed here.

The paper's Example 1 (case-folded, punctuation removed):

>>> from bleu_explain.engine.presets import get_preset
>>> paper = get_preset("paper")
>>> refs = ["It is a guide to action that ensures that the military will forever heed Party commands.",
...         "It is the guiding principle which guarantees the military forces always being under the command of the Party.",
...         "It is the practical guide for the army always to heed the directions of the party."]
>>> cand1 = "It is a guide to action which ensures that the military always obeys the commands of the party."
>>> stats = score_segment(cand1, refs, paper).stats
>>> [f"{m}/{t}" for m, t in zip(stats.matches, stats.totals)][:2]
['17/18', '10/17']
>>> stats2 = score_segment("It is to insure the troops forever hearing the activity guidebook that party direct.", refs, paper).stats
>>> [f"{m}/{t}" for m, t in zip(stats2.matches, stats2.totals)][:2]
['8/14', '1/13']
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping, Optional, Sequence

from .breakdown import ScoreBreakdown
from .clipping import CountedSegment, clip_counts, max_ref_counts
from .combine import combine_counts
from .config import BleuConfig
from .length import choose_ref_length
from .ngrams import Ngram, count_ngrams
from .tokenize import make_tokenizer
from .validation import check_tool_takes


@dataclass(frozen=True, slots=True)
class SegmentStats:
    """The sufficient statistics of one segment.

    ``totals`` are counted as the tool counts them: NLTK divides by at least 1
    even when the candidate has no n-gram of that order. ``unclipped`` counts,
    per order, the candidate n-grams found in some reference without clipping
    (plain precision's numerator). Slots keep 300,000 of these small.
    """

    hyp_len: int
    ref_lens: tuple[int, ...]
    ref_len: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]
    unclipped: tuple[int, ...] = ()


def tokenizer_for(config: BleuConfig):
    """The text -> tokens function of a config."""
    return make_tokenizer(config.tokenize, config.lowercase, config.case_folding, config.whitespace, config.strip_line)


def stats_from_counts(
    candidate_counts: Mapping[Ngram, int], hyp_len: int, ref_lens: tuple[int, ...],
    max_ref_count: Mapping[Ngram, int], config: BleuConfig,
) -> SegmentStats:
    """A segment's statistics from its counted n-grams: clipped matches, totals and lengths."""
    matches, found = clip_counts(candidate_counts, max_ref_count, config.max_order)
    return stats_from_matches(hyp_len, ref_lens, matches, found, config)


def stats_from_matches(hyp_len: int, ref_lens: tuple[int, ...], matches: Sequence[int], found: Sequence[int],
                       config: BleuConfig) -> SegmentStats:
    """A segment's statistics from its clipped matches (and matches without clipping): the lengths and totals
    under the config's rules."""
    return SegmentStats(
        hyp_len=hyp_len,
        ref_lens=ref_lens,
        ref_len=choose_ref_length(hyp_len, ref_lens, config.ref_length),
        matches=tuple(matches),
        totals=candidate_totals(hyp_len, config.max_order, config.total_at_least_one),
        unclipped=tuple(found),
    )


def candidate_totals(hyp_len: int, max_order: int, at_least_one: bool = False) -> tuple[int, ...]:
    """The candidate's n-grams per order, as the tool counts them (NLTK: at least 1).

    >>> candidate_totals(2, 4), candidate_totals(2, 4, at_least_one=True)
    ((2, 1, 0, 0), (2, 1, 1, 1))
    """
    totals = [hyp_len - n + 1 if hyp_len >= n else 0 for n in range(1, max_order + 1)]
    if at_least_one:
        totals = [t or 1 for t in totals]
    return tuple(totals)


def clip_tokens(
    hyp_tokens: Sequence[str], ref_tokens: Sequence[Sequence[str]], config: BleuConfig
) -> tuple[SegmentStats, CountedSegment]:
    """Statistics of one tokenized segment, and its counts (whose :meth:`~CountedSegment.clip` gives the
    per-order clipping details)."""
    counted = CountedSegment.of(hyp_tokens, ref_tokens, config.max_order)
    ref_lens = tuple(len(r) for r in ref_tokens)
    stats = stats_from_counts(counted.candidate_counts, len(hyp_tokens), ref_lens, counted.max_ref_counts(), config)
    return stats, counted


@dataclass(frozen=True)
class ScoredSegment:
    """One segment computed whole: its tokens, its n-gram counts, its statistics and its score."""

    candidate_tokens: tuple[str, ...]
    reference_tokens: tuple[tuple[str, ...], ...]
    counted: CountedSegment
    stats: SegmentStats
    breakdown: ScoreBreakdown


def score_segment(candidate: str, references: Sequence[str], config: BleuConfig) -> ScoredSegment:
    """Tokenize, count, clip and score one segment: sentence BLEU is the corpus BLEU of one segment."""
    tok = tokenizer_for(config)
    hyp_tokens, ref_tokens = tok(candidate), [tok(r) for r in references]
    stats, counted = clip_tokens(hyp_tokens, ref_tokens, config)
    return ScoredSegment(candidate_tokens=tuple(hyp_tokens), reference_tokens=tuple(tuple(r) for r in ref_tokens),
                         counted=counted, stats=stats,
                         breakdown=score_statistics([stats], config, (hyp_tokens, ref_tokens)))


def reference_max_counts(ref_tokens: Sequence[Sequence[str]], max_order: int) -> Mapping[Ngram, int]:
    """Every reference n-gram (all orders) with its largest count in any one reference: counted once per
    segment (and, for several systems, once per corpus)."""
    return max_ref_counts([count_ngrams(ref, max_order) for ref in ref_tokens])


def count_segment(
    hyp_tokens: Sequence[str], ref_lens: tuple[int, ...], ref_counts: Mapping[Ngram, int], config: BleuConfig
) -> SegmentStats:
    """A segment's statistics without the per-n-gram tables: what a corpus needs, and no more.

    The same counter and the same clipping as :func:`clip_tokens` (a property test holds them equal).
    """
    return stats_from_counts(count_ngrams(hyp_tokens, config.max_order), len(hyp_tokens), ref_lens, ref_counts,
                             config)


@contextmanager
def no_gc_pauses() -> Iterator[None]:
    """Build many small acyclic objects without the cyclic collector rescanning them again and again.

    Each full collection walks every live container, so with the collector on,
    counting a corpus costs more per segment the longer the corpus is.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


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


def summed_statistics(hyp_len: int, ref_len: int, matches: Iterable[int], totals: Iterable[int]) -> SegmentStats:
    """Statistics already summed over segments (a block, a resample), as one segment to score.

    A sum has one reference length (the effective one), so it stands as its only reference's.
    """
    return SegmentStats(hyp_len=hyp_len, ref_lens=(ref_len,), ref_len=ref_len, matches=tuple(matches),
                        totals=tuple(totals))


def score_statistics(
    stats: Sequence[SegmentStats],
    config: BleuConfig,
    last_pair: Optional[tuple[Sequence[str], Sequence[Sequence[str]]]] = None,
) -> ScoreBreakdown:
    """Score a list of segment statistics as one corpus (one segment = sentence BLEU)."""
    return score_sums(sum_statistics(stats, config.max_order), config, [len(s.ref_lens) for s in stats], last_pair)


def score_sums(
    sums: tuple[Sequence[int], Sequence[int], int, int],
    config: BleuConfig,
    refs_per_segment: Sequence[int],
    last_pair: Optional[tuple[Sequence[str], Sequence[Sequence[str]]]] = None,
) -> ScoreBreakdown:
    """The assembler's second half, for sums already made (matches, totals, hypothesis and reference length):
    what a cache of per-segment sums (the live page, the doctor's search) scores. ``refs_per_segment`` is what
    the tool is given, so a rule that takes one pair (d2l) refuses a corpus here as everywhere."""
    check_tool_takes(config, refs_per_segment)
    matches, totals, hyp_len, ref_len = sums
    return combine_counts(list(matches), list(totals), hyp_len, ref_len, config, last_pair)
