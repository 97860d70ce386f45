"""The live page's corpus, rescored a keystroke at a time: each segment's statistics are kept, so an edit
recomputes only the segments whose text changed, and the corpus score is their sum combined once.

The numbers are the engine's own: the same tokenizer, counter, clipping and combination as
:func:`bleu_explain.explain_corpus` (a segment's statistics depend only on its candidate, its references and
the configuration, so a kept one is the one a fresh computation would give), summed in the same order.

>>> import bleu_explain as bx
>>> from bleu_explain.engine.presets import get_preset
>>> kept = SegmentStatsCache()
>>> refs = [["the cat is on the mat"], ["there is a dog"]]
>>> first = kept.corpus(["the cat sat on the mat", "a dog"], refs, get_preset("sacrebleu"))
>>> kept.computed, kept.round_done()
(2, None)
>>> second = kept.corpus(["the cat sat on the mat", "a dog is"], refs, get_preset("sacrebleu"))
>>> kept.computed  # one segment changed: one recomputed
1
>>> second.score == bx.explain_corpus(["the cat sat on the mat", "a dog is"], refs).score
True
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Sequence

from ...engine.config import BleuConfig
from ...engine.signature import make_signature
from ...engine.statistics import SegmentStats, count_segment, reference_max_counts, score_statistics, tokenizer_for
from ...engine.validation import check_corpus
from ...results import CorpusExplanation

#: How many configurations keep their segments (the preset, the one compared with, and a few settings tried).
KEPT_CONFIGS = 4


class SegmentStatsCache:
    """Per configuration, the statistics of each (candidate, references) seen in the current round.

    A round is one rendering of the page (both candidates, the comparison); :meth:`round_done` forgets what
    the round did not use, so the cache holds at most the page's current corpora.
    """

    def __init__(self) -> None:
        self._kept: OrderedDict[BleuConfig, dict[tuple[str, tuple[str, ...]], SegmentStats]] = OrderedDict()
        self._used: dict[BleuConfig, dict[tuple[str, tuple[str, ...]], SegmentStats]] = {}
        #: segments computed afresh in the last call (the rest came from the cache)
        self.computed = 0

    def corpus(self, candidates: Sequence[str], references: Sequence[Sequence[str]],
               config: BleuConfig) -> CorpusExplanation:
        """What :func:`~bleu_explain.api.explain_corpus_with_config` gives, from kept statistics where it can."""
        cands, refs = check_corpus(candidates, references)
        kept = self._kept.get(config, {})
        used = self._used.setdefault(config, {})
        tok = tokenizer_for(config)
        stats: list[SegmentStats] = []
        computed = 0
        for cand, seg_refs in zip(cands, refs):
            key = (cand, tuple(seg_refs))
            found = used.get(key) or kept.get(key)
            if found is None:
                hyp_tokens = tok(cand)
                ref_tokens = [tok(r) for r in seg_refs]
                found = count_segment(hyp_tokens, tuple(len(r) for r in ref_tokens),
                                      reference_max_counts(ref_tokens, config.max_order), config)
                computed += 1
            used[key] = found
            stats.append(found)
        self.computed = computed
        # NLTK's smoothing methods 5-7 read the last segment's tokens: tokenized again, one segment
        last_pair = (tok(cands[-1]), [tok(r) for r in refs[-1]])
        return CorpusExplanation(candidates=cands, references=refs, config=config, segment_stats=stats,
                                 breakdown=score_statistics(stats, config, last_pair),
                                 signature=make_signature(config, [len(r) for r in refs]))

    def round_done(self) -> None:
        """Keep what this round used (most recent configuration last), forget the rest."""
        for config, used in self._used.items():
            self._kept.pop(config, None)
            self._kept[config] = used
        while len(self._kept) > KEPT_CONFIGS:
            self._kept.popitem(last=False)
        self._used = {}
