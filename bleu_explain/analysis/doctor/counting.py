"""The score search's counting: each tokenizer's tokens once, each reference set's counts once.

The engine's pieces do the work (its tokenizers, ``count_ngrams``,
``max_ref_counts``, ``clip_counts``, ``candidate_totals``, ``choose_ref_length``,
``sum_statistics``); this module only keeps what they return, so that a search
over hundreds of configurations tokenizes and counts a few dozen times.
Two tokenizer settings that give the same tokens on this corpus share their counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ...engine.clipping import clip_counts, max_ref_counts
from ...engine.config import BleuConfig
from ...engine.length import choose_ref_length
from ...engine.ngrams import Ngram, count_ngrams
from ...engine.statistics import SegmentStats, candidate_totals, tokenizer_for

Tokens = list[list[str]]


def tokenizer_key(config: BleuConfig) -> tuple:
    """The settings that decide the tokens (case folding only when lowercasing)."""
    return (config.tokenize, config.lowercase, config.case_folding if config.lowercase else "",
            config.whitespace, config.strip_line)


@dataclass
class Counts:
    """The tokens of one distinct tokenization of the corpus, and its clipped matches per reference set."""

    hyp_tokens: Tokens
    ref_tokens: list[Tokens]  # per reference stream
    max_order: int
    clipped: dict[tuple[int, ...], list[list[int]]] = field(default_factory=dict)


class SegmentMemo:
    """N-gram counts per token sequence and clipped matches per segment, shared by every tokenization.

    Two tokenizers (or case foldings, or white-space rules) that agree on a line
    give it the same tokens: its counts and its clipping are then looked up, not
    computed again. Most settings differ on few lines, so most lines are counted once.
    """

    def __init__(self, max_order: int) -> None:
        self.max_order = max_order
        self._counts: dict[tuple[str, ...], Mapping[Ngram, int]] = {}
        self._matches: dict[tuple, list[int]] = {}

    def counts(self, tokens: Sequence[str]) -> Mapping[Ngram, int]:
        key = tuple(tokens)
        found = self._counts.get(key)
        if found is None:
            found = self._counts[key] = count_ngrams(tokens, self.max_order)
        return found

    def matches(self, hyp: Sequence[str], refs: Sequence[Sequence[str]]) -> list[int]:
        key = (tuple(hyp),) + tuple(tuple(r) for r in refs)
        found = self._matches.get(key)
        if found is None:
            found = self._matches[key] = clip_counts(
                self.counts(hyp), max_ref_counts([self.counts(r) for r in refs]), self.max_order)[0]
        return found


class CountCache:
    """Tokens per tokenizer setting, counts per distinct tokenization, statistics per length rule."""

    def __init__(self, hypotheses: Sequence[str], streams: Sequence[Sequence[str]]) -> None:
        self.hypotheses = hypotheses
        self.streams = streams
        self._by_key: dict[tuple, Counts] = {}
        self._distinct: list[Counts] = []
        self._stats: dict[tuple, list[SegmentStats]] = {}
        self._sums: dict[tuple, tuple[list[int], list[int], int, int]] = {}
        self._memos: dict[int, SegmentMemo] = {}
        self._candidates: dict[tuple, tuple[list[int], int]] = {}
        self.tokenizations = 0

    def counts(self, config: BleuConfig) -> Counts:
        key = tokenizer_key(config) + (config.max_order,)
        if key not in self._by_key:
            tok = tokenizer_for(config)
            hyp = [tok(h) for h in self.hypotheses]
            refs = [[tok(r) for r in stream] for stream in self.streams]
            self.tokenizations += 1
            same = next((c for c in self._distinct if c.max_order == config.max_order and c.hyp_tokens == hyp
                         and c.ref_tokens == refs), None)
            if same is None:
                same = Counts(hyp_tokens=hyp, ref_tokens=refs, max_order=config.max_order)
                self._distinct.append(same)
            self._by_key[key] = same
        return self._by_key[key]

    def statistics(self, config: BleuConfig, refset: tuple[int, ...]) -> list[SegmentStats]:
        """Each segment's statistics under ``config`` against the references in ``refset``."""
        counts = self.counts(config)
        key = (id(counts), refset, config.ref_length, config.total_at_least_one)
        if key not in self._stats:
            stats = []
            for i, matches in enumerate(self.matches(counts, refset)):
                hyp_len = len(counts.hyp_tokens[i])
                ref_lens = tuple(len(counts.ref_tokens[k][i]) for k in refset)
                stats.append(SegmentStats(
                    hyp_len=hyp_len, ref_lens=ref_lens,
                    ref_len=choose_ref_length(hyp_len, ref_lens, config.ref_length),
                    matches=tuple(matches),
                    totals=candidate_totals(hyp_len, config.max_order, config.total_at_least_one)))
            self._stats[key] = stats
        return self._stats[key]

    def matches(self, counts: Counts, refset: tuple[int, ...]) -> list[list[int]]:
        """Each segment's clipped matches per order against the references in ``refset``."""
        if refset not in counts.clipped:
            memo = self._memos.setdefault(counts.max_order, SegmentMemo(counts.max_order))
            counts.clipped[refset] = [memo.matches(hyp, [counts.ref_tokens[k][i] for k in refset])
                                      for i, hyp in enumerate(counts.hyp_tokens)]
        return counts.clipped[refset]

    def sums(self, config: BleuConfig, refset: tuple[int, ...]) -> tuple[list[int], list[int], int, int]:
        """The corpus sums (matches, totals, candidate length, reference length) under ``config``.

        Summed straight from the cached matches and lengths (the same sums :func:`sum_statistics` takes of
        :meth:`statistics`, which a property of the tests holds), without building a statistic per segment.
        """
        counts = self.counts(config)
        key = (id(counts), refset, config.ref_length, config.total_at_least_one)
        if key not in self._sums:
            per_segment = self.matches(counts, refset)
            matches = [sum(column) for column in zip(*per_segment)] if per_segment else [0] * config.max_order
            totals, hyp_total = self._candidate_sums(counts, config.max_order, config.total_at_least_one)
            ref_total = sum(choose_ref_length(len(hyp), [len(counts.ref_tokens[k][i]) for k in refset],
                                              config.ref_length) for i, hyp in enumerate(counts.hyp_tokens))
            self._sums[key] = (matches, list(totals), hyp_total, ref_total)
        return self._sums[key]

    def _candidate_sums(self, counts: Counts, max_order: int, at_least_one: bool) -> tuple[list[int], int]:
        """The candidate n-grams per order and the candidate length, summed (they need no reference)."""
        key = (id(counts), max_order, at_least_one)
        if key not in self._candidates:
            totals = [0] * max_order
            for hyp in counts.hyp_tokens:
                for n, t in enumerate(candidate_totals(len(hyp), max_order, at_least_one)):
                    totals[n] += t
            self._candidates[key] = (totals, sum(len(hyp) for hyp in counts.hyp_tokens))
        return self._candidates[key]

    def last_pair(self, config: BleuConfig, refset: tuple[int, ...], i: int = -1) -> tuple[Any, Any]:
        """Segment ``i``'s tokens (NLTK's smoothing methods 5-7 read the last segment's)."""
        counts = self.counts(config)
        return counts.hyp_tokens[i], [counts.ref_tokens[k][i] for k in refset]

    @property
    def distinct(self) -> int:
        return len(self._distinct)
