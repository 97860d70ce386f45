"""The search's matches in words: settings, signature, and the first step where each leaves sacreBLEU's default.

The words come from :func:`~bleu_explain.analysis.comparison.divergence_in_words`
on two corpus results built from the search's cached statistics (nothing is
counted again); the references and the aggregation, which come before any
step, are named first when they differ.
"""

from __future__ import annotations

from typing import Sequence

from ...engine.presets import PRESETS
from ...engine.signature import make_signature
from ...engine.statistics import score_statistics
from ...results import CorpusExplanation
from ..comparison import divergence_in_words
from .counting import CountCache
from .findings import Match
from .search import Candidate, Scored, signature_of

#: At most this many matches are listed (the rest are counted).
LISTED = 12
NAMES = ("this configuration", "sacreBLEU's default")


def corpus_result(cache: CountCache, candidate: Candidate, hypotheses: Sequence[str],
                  references: Sequence[Sequence[str]]) -> CorpusExplanation:
    """The corpus result of a configuration, from the cached statistics."""
    config, refset = candidate.config, candidate.refset
    stats = cache.statistics(config, refset)
    refs = [[r[k] for k in refset] for r in references]
    return CorpusExplanation(candidates=list(hypotheses), references=refs, config=config, segment_stats=stats,
                             breakdown=score_statistics(stats, config, cache.last_pair(config, refset)),
                             signature=str(make_signature(config, [len(refset)] * len(refs))))


def difference(cache: CountCache, scored: Scored, hypotheses: Sequence[str],
               references: Sequence[Sequence[str]]) -> str:
    """The first place where a match departs from sacreBLEU's default on the same corpus, in words."""
    candidate = scored.candidate
    n_streams = min(len(r) for r in references)
    if len(candidate.refset) != n_streams:
        return (f"references: scored against reference {candidate.refset[0] + 1} alone where sacreBLEU's default "
                f"takes all {n_streams} given")
    if candidate.averaged:
        return ("aggregation: the mean of the segments' sentence scores where sacreBLEU's default sums the counts of "
                "every segment and scores the corpus once")
    default = Candidate(config=PRESETS["sacrebleu"], refset=candidate.refset)
    ours = corpus_result(cache, candidate, hypotheses, references)
    theirs = corpus_result(cache, default, hypotheses, references)
    words = divergence_in_words(ours, theirs, names=NAMES)
    return words or "none: the same numbers as sacreBLEU's default at every step"


def matches(cache: CountCache, found: Sequence[Scored], hypotheses: Sequence[str],
            references: Sequence[Sequence[str]]) -> tuple[Match, ...]:
    """The first :data:`LISTED` matches, each with its difference from sacreBLEU's default in words."""
    n_streams = min(len(r) for r in references)
    return tuple(
        Match(preset=s.candidate.config.preset, settings=s.candidate.settings(n_streams), score=s.score,
              signature=signature_of(s.candidate, len(hypotheses)),
              difference=difference(cache, s, hypotheses, references))
        for s in found[:LISTED]
    )
