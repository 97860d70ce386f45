"""The live page's corpus, rescored a keystroke at a time: each segment's statistics and the corpus sums are
kept, so an edit recomputes only the segments whose text changed and moves the sums by their difference.

The numbers are the engine's own: the same tokenizer, counter, clipping and combination as
:func:`bleu_explain.explain_corpus` (a segment's statistics depend only on its candidate, its references and
the configuration, so a kept one is the one a fresh computation would give; the sums are of whole numbers, so
updating them gives exactly the sums of a fresh pass).

>>> import bleu_explain as bx
>>> from bleu_explain.engine.presets import get_preset
>>> kept = KeptCorpora()
>>> refs = [["the cat is on the mat"], ["there is a dog"]]
>>> first = kept.corpus(["the cat sat on the mat", "a dog"], refs, get_preset("sacrebleu"))
>>> kept.computed
2
>>> second = kept.corpus(["the cat sat on the mat", "a dog is"], refs, get_preset("sacrebleu"))
>>> kept.computed  # one segment changed: one recomputed
1
>>> second.score == bx.explain_corpus(["the cat sat on the mat", "a dog is"], refs).score
True
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Hashable, Sequence

from ...engine.config import BleuConfig
from ...engine.signature import make_signature
from ...engine.statistics import (
    SegmentStats,
    count_segment,
    reference_max_counts,
    score_sums,
    sum_statistics,
    tokenizer_for,
)
from ...results import CorpusExplanation

#: How many corpora are kept: each candidate, under the preset and the one compared with, and a setting tried.
KEPT = 6
#: Past this many changed segments, segments are found by their text (lines inserted or removed shift them all).
FEW = 64


@dataclass
class _Kept:
    """One corpus as last scored: its segments, their statistics and the sums over them."""

    candidates: list[str]
    references: list[list[str]]
    stats: list[SegmentStats]
    matches: list[int]
    totals: list[int]
    hyp_len: int
    ref_len: int


class KeptCorpora:
    """The last few corpora scored, each under its configuration and slot (the page's candidate 1 or 2)."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[BleuConfig, Hashable], _Kept] = OrderedDict()
        #: segments computed afresh in the last call (the rest were kept)
        self.computed = 0

    def corpus(self, candidates: Sequence[str], references: Sequence[Sequence[str]], config: BleuConfig,
               slot: Hashable = 1) -> CorpusExplanation:
        """What :func:`~bleu_explain.api.explain_corpus_with_config` gives for a checked corpus (strings, one
        list of references per candidate), recomputing only the segments that differ from the last call's."""
        cands, refs = list(candidates), [r if isinstance(r, list) else list(r) for r in references]
        key = (config, slot)
        old = self._kept.pop(key, None)
        tok = tokenizer_for(config)

        def count(i: int) -> SegmentStats:
            ref_tokens = [tok(r) for r in refs[i]]
            return count_segment(tok(cands[i]), tuple(len(r) for r in ref_tokens),
                                 reference_max_counts(ref_tokens, config.max_order), config)

        changed = None
        if old is not None and len(old.candidates) == len(cands):
            changed = [i for i, (a, b, ra, rb) in enumerate(zip(cands, old.candidates, refs, old.references))
                       if a != b or (ra is not rb and ra != rb)]
        if changed is not None and len(changed) <= FEW:
            assert old is not None
            kept = _Kept(cands, refs, list(old.stats), list(old.matches), list(old.totals), old.hyp_len, old.ref_len)
            for i in changed:
                before, after = kept.stats[i], count(i)
                kept.stats[i] = after
                for n in range(config.max_order):
                    kept.matches[n] += after.matches[n] - before.matches[n]
                    kept.totals[n] += after.totals[n] - before.totals[n]
                kept.hyp_len += after.hyp_len - before.hyp_len
                kept.ref_len += after.ref_len - before.ref_len
            self.computed = len(changed)
        else:
            by_text = {} if old is None else {(c, tuple(r)): s for c, r, s in
                                              zip(old.candidates, old.references, old.stats)}
            stats = []
            for i, (cand, seg_refs) in enumerate(zip(cands, refs)):
                found = by_text.get((cand, tuple(seg_refs)))
                stats.append(count(i) if found is None else found)
            self.computed = len(cands) - sum(1 for c, r in zip(cands, refs) if (c, tuple(r)) in by_text)
            matches, totals, hyp_len, ref_len = sum_statistics(stats, config.max_order)
            kept = _Kept(cands, refs, stats, matches, totals, hyp_len, ref_len)
        self._kept[key] = kept
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        # NLTK's smoothing methods 5-7 read the last segment's tokens: tokenized again, one segment
        last_pair = (tok(cands[-1]), [tok(r) for r in refs[-1]])
        breakdown = score_sums((kept.matches, kept.totals, kept.hyp_len, kept.ref_len), config,
                               [len(r) for r in refs], last_pair)
        return CorpusExplanation(candidates=cands, references=refs, config=config, segment_stats=kept.stats,
                                 breakdown=breakdown, signature=make_signature(config, [len(r) for r in refs]))
