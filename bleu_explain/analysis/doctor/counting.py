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
from ...engine.statistics import SegmentStats, candidate_totals, sum_statistics, tokenizer_for

Tokens = list[list[str]]


def tokenizer_key(config: BleuConfig) -> tuple:
    """The settings that decide the tokens (case folding only when lowercasing)."""
    return (config.tokenize, config.lowercase, config.case_folding if config.lowercase else "",
            config.whitespace, config.strip_line)


@dataclass
class Counts:
    """The tokens and counts of one distinct tokenization of the corpus."""

    hyp_tokens: Tokens
    ref_tokens: list[Tokens]  # per reference stream
    max_order: int
    hyp_counts: list[Mapping[Ngram, int]] = field(default_factory=list)
    ref_counts: list[list[Mapping[Ngram, int]]] = field(default_factory=list)
    clipped: dict[tuple[int, ...], list[list[int]]] = field(default_factory=dict)

    def matches(self, refset: tuple[int, ...]) -> list[list[int]]:
        """Each segment's clipped matches per order against the references in ``refset``."""
        if refset not in self.clipped:
            if not self.hyp_counts:
                self.hyp_counts = [count_ngrams(h, self.max_order) for h in self.hyp_tokens]
                self.ref_counts = [[count_ngrams(r, self.max_order) for r in stream] for stream in self.ref_tokens]
            self.clipped[refset] = [
                clip_counts(self.hyp_counts[i], max_ref_counts([self.ref_counts[k][i] for k in refset]),
                            self.max_order)[0]
                for i in range(len(self.hyp_tokens))
            ]
        return self.clipped[refset]


class CountCache:
    """Tokens per tokenizer setting, counts per distinct tokenization, statistics per length rule."""

    def __init__(self, hypotheses: Sequence[str], streams: Sequence[Sequence[str]]) -> None:
        self.hypotheses = hypotheses
        self.streams = streams
        self._by_key: dict[tuple, Counts] = {}
        self._distinct: list[Counts] = []
        self._stats: dict[tuple, list[SegmentStats]] = {}
        self._sums: dict[tuple, tuple[list[int], list[int], int, int]] = {}
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
            for i, matches in enumerate(counts.matches(refset)):
                hyp_len = len(counts.hyp_tokens[i])
                ref_lens = tuple(len(counts.ref_tokens[k][i]) for k in refset)
                stats.append(SegmentStats(
                    hyp_len=hyp_len, ref_lens=ref_lens,
                    ref_len=choose_ref_length(hyp_len, ref_lens, config.ref_length),
                    matches=tuple(matches),
                    totals=candidate_totals(hyp_len, config.max_order, config.total_at_least_one)))
            self._stats[key] = stats
        return self._stats[key]

    def sums(self, config: BleuConfig, refset: tuple[int, ...]) -> tuple[list[int], list[int], int, int]:
        """The corpus sums (matches, totals, candidate length, reference length) under ``config``."""
        counts = self.counts(config)
        key = (id(counts), refset, config.ref_length, config.total_at_least_one)
        if key not in self._sums:
            self._sums[key] = sum_statistics(self.statistics(config, refset), config.max_order)
        return self._sums[key]

    def last_pair(self, config: BleuConfig, refset: tuple[int, ...], i: int = -1) -> tuple[Any, Any]:
        """Segment ``i``'s tokens (NLTK's smoothing methods 5-7 read the last segment's)."""
        counts = self.counts(config)
        return counts.hyp_tokens[i], [counts.ref_tokens[k][i] for k in refset]

    @property
    def distinct(self) -> int:
        return len(self._distinct)
