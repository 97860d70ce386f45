"""A corpus counted once: each segment's statistics under any configuration, kept, updated after an edit, summed.

:class:`CorpusStatistics` is where a corpus is counted. It holds the texts (the candidates, and for each
candidate its references) and gives, for any configuration, each segment's
:class:`~bleu_explain.engine.statistics.SegmentStats`, their sums, and the score, which
:func:`~bleu_explain.engine.statistics.score_sums` (the engine's one assembler) makes of the sums. What it
counted it keeps, so that nothing is counted twice:

* by tokenization: configurations that tokenize alike and count up to the same order share their counting
  (they differ in smoothing, weights or the combination rule); the length rule and the totals rule read the
  same clipped matches;
* references prepared once (:class:`PreparedReferences`): several systems scored against the same
  references count the references once;
* segment by segment (``memo=True``): every distinct token sequence is counted once, whichever tokenization
  gave it, so that a search over hundreds of configurations (the doctor's) counts a few dozen times;
* after an edit (:meth:`CorpusStatistics.updated`): only the segments whose texts changed are counted again,
  and the sums move by their difference (the live page's keystroke, the doctor's repaired files).

The counts are whole numbers, so a sum kept and moved is the sum a fresh count gives, to the last bit:

>>> from bleu_explain.engine.presets import get_preset
>>> config = get_preset("sacrebleu")
>>> refs = [["the cat is on the mat"], ["there is a dog"]]
>>> counted = CorpusStatistics(["the cat sat on the mat", "a dog"], refs)
>>> round(counted.score(config).score, 4), counted.recounted(config)
(30.7505, 2)
>>> edited = counted.updated(["the cat sat on the mat", "a dog is"], refs)
>>> edited.recounted(config)  # one segment changed: one counted
1
>>> edited.score(config) == CorpusStatistics(["the cat sat on the mat", "a dog is"], refs).score(config)
True
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Optional, Sequence, TypeVar, Union

from .breakdown import ScoreBreakdown
from .clipping import clip_counts, max_ref_counts
from .config import BleuConfig
from .length import choose_ref_length
from .ngrams import Ngram, count_ngrams
from .statistics import (
    SegmentStats,
    candidate_totals,
    count_segment,
    no_gc_pauses,
    reference_max_counts,
    score_statistics,
    score_sums,
    stats_from_matches,
    tokenizer_for,
)

#: The corpus sums the assembler scores: matches and totals per order, candidate length, reference length.
Sums = tuple[list[int], list[int], int, int]
#: Which of each segment's references count: their positions (the doctor scores each reference alone), or None
#: for all of them.
RefSet = Optional[tuple[int, ...]]
#: One segment's tokens: the candidate's, and each reference's.
TokenPair = tuple[list[str], list[list[str]]]
T = TypeVar("T")

#: NLTK's smoothing methods that read the last segment's tokens (method4 only for an empty candidate).
READS_LAST_SEGMENT = ("method4", "method5", "method6", "method7")
#: How many configurations an update carries over (the live page: the preset's, the one compared with, a
#: setting being tried); the others are counted afresh if asked for.
CARRIED = 4
#: Past this many changed segments, an update finds segments by their texts (lines inserted or removed shift
#: every segment after them) and sums afresh.
FEW = 64
#: Past this many segments, counting shows a progress bar unless told otherwise.
PROGRESS_SEGMENTS = 20000


def tokenizer_key(config: BleuConfig) -> tuple:
    """The settings that decide the tokens (case folding only when lowercasing)."""
    return (config.tokenize, config.lowercase, config.case_folding if config.lowercase else "",
            config.whitespace, config.strip_line)


def _rule(config: BleuConfig) -> tuple[str, bool]:
    """The settings that turn clipped matches into statistics: the reference-length rule and the totals rule."""
    return config.ref_length, config.total_at_least_one


class SegmentMemo:
    """Each distinct token sequence's n-gram counts and each distinct segment's clipping, whichever
    tokenization gave them (two tokenizers that agree on a line give it the same tokens)."""

    def __init__(self) -> None:
        self._counts: dict[tuple, Mapping[Ngram, int]] = {}
        self._clipped: dict[tuple, tuple[int, list[int], list[int]]] = {}  # by texts: (order, matches, found)

    def __len__(self) -> int:
        """How many token sequences were counted."""
        return len(self._counts)

    def counts(self, tokens: Sequence[str], max_order: int) -> Mapping[Ngram, int]:
        key = (max_order, tuple(tokens))
        found = self._counts.get(key)
        if found is None:
            found = self._counts[key] = count_ngrams(tokens, max_order)
        return found

    def clipped(self, hyp: Sequence[str], refs: Sequence[Sequence[str]], max_order: int) -> tuple[list[int], list[int]]:
        """The clipped matches per order and the matches without clipping, of a candidate against references.

        Each order is clipped and summed on its own, so a segment clipped up to a higher order gives a lower one
        as a prefix (the doctor's search scores BLEU-1 to -3 beside BLEU-4 without counting again)."""
        key = (tuple(hyp), *(tuple(r) for r in refs))
        found = self._clipped.get(key)
        if found is not None and found[0] >= max_order:
            return found[1][:max_order], found[2][:max_order]
        ref_counts = max_ref_counts([self.counts(r, max_order) for r in refs])
        matches, hits = clip_counts(self.counts(hyp, max_order), ref_counts, max_order)
        self._clipped[key] = (max_order, matches, hits)
        return matches, hits


@dataclass
class _ReferenceCounts:
    lengths: list[tuple[int, ...]]
    counts: list[Mapping[Ngram, int]]


class PreparedReferences:
    """A corpus's references, tokenized and counted once per tokenization, for every system scored against them."""

    def __init__(self, references: Sequence[Sequence[str]]) -> None:
        self.references = [r if isinstance(r, list) else list(r) for r in references]
        self._counted: dict[tuple, _ReferenceCounts] = {}

    def __len__(self) -> int:
        return len(self.references)

    def counted(self, config: BleuConfig) -> _ReferenceCounts:
        """Each segment's reference lengths and max-ref counts under ``config``'s tokenizer and order."""
        key = (tokenizer_key(config), config.max_order)
        if key not in self._counted:
            tok = tokenizer_for(config)
            lengths, counts = [], []
            with no_gc_pauses():
                for refs in self.references:
                    ref_tokens = [tok(r) for r in refs]
                    lengths.append(tuple(len(r) for r in ref_tokens))
                    counts.append(reference_max_counts(ref_tokens, config.max_order))
            self._counted[key] = _ReferenceCounts(lengths, counts)
        return self._counted[key]


@dataclass
class _Clipping:
    """One tokenization's clipping against the references of a refset: each segment's statistics under the
    first rule asked for (the clipped matches and the lengths are the same under every rule), and what the
    other rules make of them, each rule with a configuration that has it."""

    config: BleuConfig  # the configuration whose rules ``segments`` follow
    segments: list[SegmentStats]
    counted: int  # how many segments this object counted (the others were carried over)
    by_rule: dict[tuple[str, bool], tuple[BleuConfig, list[SegmentStats]]] = field(default_factory=dict)
    sums: dict[tuple[str, bool], tuple[BleuConfig, Sums]] = field(default_factory=dict)
    matched: Optional[list[int]] = None  # the clipped matches per order, summed (the same under every rule)
    totals: dict[bool, tuple[list[int], int]] = field(default_factory=dict)  # per totals rule: totals, length

    def under(self, config: BleuConfig) -> list[SegmentStats]:
        """Each segment's statistics under ``config``'s length and totals rules."""
        rule = _rule(config)
        if rule == _rule(self.config):
            return self.segments
        if rule not in self.by_rule:
            self.by_rule[rule] = (config, [_restated(s, config) for s in self.segments])
        return self.by_rule[rule][1]

    def summed(self, config: BleuConfig) -> Sums:
        """The corpus sums under ``config``'s rules, from the kept matches and lengths (each part summed once:
        the matches for every rule, the totals once per totals rule)."""
        rule = _rule(config)
        if rule not in self.sums:
            if self.matched is None:
                self.matched = [sum(column) for column in zip(*(s.matches for s in self.segments))] \
                    or [0] * config.max_order
            if config.total_at_least_one not in self.totals:
                self.totals[config.total_at_least_one] = _candidate_sums(self.segments, config)
            totals, hyp_len = self.totals[config.total_at_least_one]
            if config.ref_length == self.config.ref_length:
                ref_len = sum(s.ref_len for s in self.segments)
            else:
                ref_len = sum(choose_ref_length(s.hyp_len, s.ref_lens, config.ref_length) for s in self.segments)
            self.sums[rule] = (config, (list(self.matched), list(totals), hyp_len, ref_len))
        return self.sums[rule][1]


def _restated(stats: SegmentStats, config: BleuConfig) -> SegmentStats:
    return stats_from_matches(stats.hyp_len, stats.ref_lens, stats.matches, stats.unclipped, config)


def _candidate_sums(segments: Sequence[SegmentStats], config: BleuConfig) -> tuple[list[int], int]:
    """The candidate n-grams per order (as ``config``'s totals rule counts them) and the candidate length, summed:
    by each length's number of segments."""
    lengths = Counter(s.hyp_len for s in segments)
    totals = [0] * config.max_order
    for length, segments_of_length in lengths.items():
        for n, total in enumerate(candidate_totals(length, config.max_order, config.total_at_least_one)):
            totals[n] += segments_of_length * total
    return totals, sum(length * k for length, k in lengths.items())


@dataclass
class _Tokens:
    """One tokenization of the corpus, kept for the segment memo: each segment's candidate and reference tokens."""

    config: BleuConfig  # a configuration with the tokenizer that made them
    hyps: list[list[str]]
    refs: list[list[list[str]]]


class CorpusStatistics:
    """A corpus's per-segment statistics under any configuration, each counted once.

    ``candidates``: one string per segment; ``references``: for each candidate, the list of its references (as
    checked by :func:`~bleu_explain.engine.validation.check_corpus`), or :class:`PreparedReferences`.
    ``memo``: keep every token sequence's counts, so that tokenizations that agree on a segment count it
    once (for many tokenizations of one corpus; it costs memory). A ``refset`` scores each segment against
    the references at those positions only (the doctor tries each reference alone).
    """

    def __init__(self, candidates: Sequence[str], references: Union[Sequence[Sequence[str]], PreparedReferences],
                 *, memo: Union[bool, SegmentMemo] = False) -> None:
        self.prepared = references if isinstance(references, PreparedReferences) else None
        refs = references.references if isinstance(references, PreparedReferences) else references
        self.candidates = candidates if isinstance(candidates, list) else list(candidates)
        self.references = [r if isinstance(r, list) else list(r) for r in refs]
        self._memo = memo if isinstance(memo, SegmentMemo) else SegmentMemo() if memo else None
        self._tokens: dict[tuple, _Tokens] = {}  # with the memo: by the first tokenizer key that gave them
        self._same_tokens: dict[tuple, tuple] = {}  # tokenizer key -> the key its tokens are kept under
        self._clippings: OrderedDict[tuple, _Clipping] = OrderedDict()
        #: distinct tokenizer settings the corpus was tokenized with (with ``memo``)
        self.tokenizations = 0

    def __len__(self) -> int:
        return len(self.candidates)

    # ------------------------------------------------------------------ what a configuration makes of the corpus
    def statistics(self, config: BleuConfig, refset: RefSet = None, progress: Optional[bool] = None,
                   ) -> list[SegmentStats]:
        """Each segment's statistics under ``config`` (``progress``: a bar while counting; by default past
        :data:`PROGRESS_SEGMENTS` segments)."""
        return self._clipping(config, refset, progress).under(config)

    def sums(self, config: BleuConfig, refset: RefSet = None) -> Sums:
        """The corpus sums under ``config``: matches and totals per order, candidate and reference length."""
        return self._clipping(config, refset).summed(config)

    def score(self, config: BleuConfig, refset: RefSet = None, progress: Optional[bool] = None) -> ScoreBreakdown:
        """The corpus score: the sums, combined once by the assembler (:func:`~.statistics.score_sums`)."""
        sums = self._clipping(config, refset, progress).summed(config)
        last = self.last_pair(config, refset) if config.smooth in READS_LAST_SEGMENT else None
        return score_sums(sums, config, self.refs_per_segment(refset), last)

    def segment_score(self, i: int, config: BleuConfig, refset: RefSet = None) -> ScoreBreakdown:
        """Segment ``i`` scored alone: sentence BLEU is the corpus BLEU of one segment."""
        stats = self.statistics(config, refset)[i]
        last = self.last_pair(config, refset, i) if config.smooth in READS_LAST_SEGMENT else None
        return score_statistics([stats], config, last)

    def last_pair(self, config: BleuConfig, refset: RefSet = None, i: int = -1) -> TokenPair:
        """Segment ``i``'s tokens (NLTK's smoothing methods 4-7 read the last segment's)."""
        if self._memo is not None:
            tokens = self._tokenized(config)
            return tokens.hyps[i], _chosen(tokens.refs[i], refset)
        tok = tokenizer_for(config)
        return tok(self.candidates[i]), [tok(r) for r in _chosen(self.references[i], refset)]

    def refs_per_segment(self, refset: RefSet = None) -> list[int]:
        """How many references each segment is scored against (what the tool is given)."""
        if refset is None:
            return [len(r) for r in self.references]
        return [len(refset)] * len(self.references)

    def recounted(self, config: BleuConfig, refset: RefSet = None) -> int:
        """How many segments this object counted for ``config`` (the rest were carried over from the corpus it
        updates)."""
        return self._clipping(config, refset).counted

    # ------------------------------------------------------------------ the corpus after an edit
    def updated(self, candidates: Sequence[str], references: Sequence[Sequence[str]]) -> "CorpusStatistics":
        """The corpus with these texts, counting only the segments whose texts differ from this one's.

        The last :data:`CARRIED` configurations asked for are carried over: the segments that kept their texts
        keep their statistics (found by position when at most :data:`FEW` changed, else by their texts), and
        the sums move by the difference of the segments counted again.
        """
        refs = self.prepared if self.prepared is not None and references is self.prepared.references \
            else references
        new = CorpusStatistics(candidates, refs, memo=self._memo or False)
        alignment = _Alignment.of(self, new)
        for key, clipping in list(self._clippings.items())[-CARRIED:]:
            new._clippings[key] = new._carried(self, clipping, key, alignment)
        return new

    # ------------------------------------------------------------------ counting
    def _clipping(self, config: BleuConfig, refset: RefSet, progress: Optional[bool] = None) -> _Clipping:
        key = (self._tokens_key(config), config.max_order, refset)
        clipping = self._clippings.get(key)
        if clipping is None:
            segments = self._count(config, key[0], refset, range(len(self)), progress)
            clipping = self._clippings[key] = _Clipping(config=config, segments=segments, counted=len(segments))
        else:
            self._clippings.move_to_end(key)
        return clipping

    def _count(self, config: BleuConfig, tokens_key: tuple, refset: RefSet, indices: Iterable[int],
               progress: Optional[bool] = None) -> list[SegmentStats]:
        """The statistics of the segments at ``indices`` under ``config``'s rules (with the memo, of the tokens
        kept under ``tokens_key``; else tokenized with ``config``'s tokenizer)."""
        indices = list(indices)
        if progress or (progress is None and len(indices) > PROGRESS_SEGMENTS):
            from .progress import progress_bar

            indices = progress_bar(indices, total=len(indices), desc="counting n-grams")
        with no_gc_pauses():
            if self._memo is not None:
                return self._count_through_memo(config, self._tokens[tokens_key], refset, indices)
            tok = tokenizer_for(config)
            if self.prepared is not None and refset is None:
                prepared = self.prepared.counted(config)
                return [count_segment(tok(self.candidates[i]), prepared.lengths[i], prepared.counts[i], config)
                        for i in indices]
            out = []
            for i in indices:
                ref_tokens = [tok(r) for r in _chosen(self.references[i], refset)]
                out.append(count_segment(tok(self.candidates[i]), tuple(len(r) for r in ref_tokens),
                                         reference_max_counts(ref_tokens, config.max_order), config))
            return out

    def _count_through_memo(self, config: BleuConfig, tokens: _Tokens, refset: RefSet,
                            indices: Iterable[int]) -> list[SegmentStats]:
        assert self._memo is not None
        out = []
        for i in indices:
            hyp, refs = tokens.hyps[i], _chosen(tokens.refs[i], refset)
            matches, found = self._memo.clipped(hyp, refs, config.max_order)
            out.append(stats_from_matches(len(hyp), tuple(len(r) for r in refs), matches, found, config))
        return out

    def _tokenized(self, config: BleuConfig) -> _Tokens:
        """Every segment's tokens under ``config`` (kept with the memo)."""
        return self._tokens[self._tokens_key(config)]

    def _tokens_key(self, config: BleuConfig) -> tuple:
        """The key ``config``'s tokens are kept under: a tokenization equal to one made before is that one, so
        that what was clipped of it is shared."""
        key = tokenizer_key(config)
        if self._memo is None:
            return key
        if key not in self._same_tokens:
            tok = tokenizer_for(config)
            tokens = _Tokens(config=config, hyps=[tok(h) for h in self.candidates],
                             refs=[[tok(r) for r in refs] for refs in self.references])
            self.tokenizations += 1
            self._same_tokens[key] = next((k for k, t in self._tokens.items()
                                           if t.hyps == tokens.hyps and t.refs == tokens.refs), key)
            self._tokens.setdefault(self._same_tokens[key], tokens)
        return self._same_tokens[key]

    def _carried(self, old: "CorpusStatistics", clipping: _Clipping, key: tuple, alignment: "_Alignment") -> _Clipping:
        """A clipping of ``old`` (the corpus this one updates) for these texts: the segments found there are taken,
        the others counted."""
        config, refset, fresh = clipping.config, key[2], alignment.fresh
        if self._memo is not None and key[0] not in self._tokens:
            self._carry_tokens(old._tokens[key[0]], key[0], alignment)
        counted = dict(zip(fresh, self._count(config, key[0], refset, fresh, progress=False)))
        new = _Clipping(config=config, segments=alignment.carried(clipping.segments, counted), counted=len(fresh))
        for rule, (rule_config, stats) in clipping.by_rule.items():
            restated = {i: _restated(s, rule_config) for i, s in counted.items()}
            new.by_rule[rule] = (rule_config, alignment.carried(stats, restated))
        if alignment.source is None:  # the same segments at the same places: the sums move by what changed
            changes = [(clipping.segments[i], counted[i]) for i in fresh]
            for rule, (rule_config, sums) in clipping.sums.items():
                new.sums[rule] = (rule_config, _moved(sums, changes, rule_config, rule == _rule(config)))
        return new

    def _carry_tokens(self, before: _Tokens, key: tuple, alignment: "_Alignment") -> None:
        """The memo's tokens for these texts: taken from the corpus this one updates where a segment kept its
        texts."""
        tok = tokenizer_for(before.config)
        hyps = {i: tok(self.candidates[i]) for i in alignment.fresh}
        refs = {i: [tok(r) for r in self.references[i]] for i in alignment.fresh}
        self._tokens[key] = _Tokens(config=before.config, hyps=alignment.carried(before.hyps, hyps),
                                    refs=alignment.carried(before.refs, refs))
        self._same_tokens[key] = key
        self.tokenizations += 1


def _moved(sums: Sums, changes: list[tuple[SegmentStats, SegmentStats]], config: BleuConfig, as_stated: bool) -> Sums:
    """``sums`` with each (before, after) pair's difference added."""
    matches, totals, hyp_len, ref_len = list(sums[0]), list(sums[1]), sums[2], sums[3]
    for before, after in changes:
        if not as_stated:
            before, after = _restated(before, config), _restated(after, config)
        for n in range(config.max_order):
            matches[n] += after.matches[n] - before.matches[n]
            totals[n] += after.totals[n] - before.totals[n]
        hyp_len += after.hyp_len - before.hyp_len
        ref_len += after.ref_len - before.ref_len
    return matches, totals, hyp_len, ref_len


def _chosen(references: Sequence, refset: RefSet) -> list:
    return list(references) if refset is None else [references[k] for k in refset]


@dataclass(frozen=True)
class _Alignment:
    """Where the segments of an updated corpus were in the corpus it updates: ``fresh``, the segments to count
    again; ``source``, each segment's position before (None: fresh), or None for the same positions."""

    fresh: list[int]
    source: Optional[list[Optional[int]]]

    @classmethod
    def of(cls, old: CorpusStatistics, new: CorpusStatistics) -> "_Alignment":
        """By position when the corpus kept its length and at most :data:`FEW` segments changed, else by texts."""
        if len(old) == len(new):
            changed = [i for i, (a, b, ra, rb) in enumerate(zip(new.candidates, old.candidates, new.references,
                                                                    old.references))
                       if a != b or (ra is not rb and ra != rb)]
            if len(changed) <= FEW:
                return cls(fresh=changed, source=None)
        by_text = {(c, tuple(r)): j for j, (c, r) in enumerate(zip(old.candidates, old.references))}
        source = [by_text.get((c, tuple(r))) for c, r in zip(new.candidates, new.references)]
        return cls(fresh=[i for i, j in enumerate(source) if j is None], source=source)

    def carried(self, before: list[T], fresh: Mapping[int, T]) -> list[T]:
        """A list of the old corpus's per-segment values for the new one, with the fresh segments' values."""
        if self.source is None:
            after = list(before)
            for i, value in fresh.items():
                after[i] = value
            return after
        return [fresh[i] if j is None else before[j] for i, j in enumerate(self.source)]
