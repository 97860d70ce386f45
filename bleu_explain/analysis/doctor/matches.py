"""The search's matches in words: settings, signature, and the first step where each leaves sacreBLEU's default.

The words come from :func:`~bleu_explain.analysis.comparison.divergence_in_words`
on two corpus results built from the search's counted corpus (nothing is
counted again); the references and the aggregation, which come before any
step, are named first when they differ.
"""

from __future__ import annotations

from typing import Sequence

from ...engine.corpus import CorpusStatistics
from ...engine.presets import PRESETS
from ...results import CorpusExplanation
from ..comparison import divergence_in_words
from .findings import Match
from .search import Scored, signature_of

#: At most this many matches are listed (the rest are counted).
LISTED = 12
NAMES = ("this configuration", "sacreBLEU's default")


def difference(counted: CorpusStatistics, scored: Scored) -> str:
    """The first place where a match departs from sacreBLEU's default on the same corpus, in words."""
    configuration = scored.configuration
    n_streams = min(len(r) for r in counted.references)
    if len(configuration.refset) != n_streams:
        return (f"references: scored against reference {configuration.refset[0] + 1} alone where sacreBLEU's "
                f"default takes all {n_streams} given")
    if configuration.averaged:
        return ("aggregation: the mean of the segments' sentence scores where sacreBLEU's default sums the counts of "
                "every segment and scores the corpus once")
    ours = CorpusExplanation.of(counted, configuration.config, configuration.refset)
    theirs = CorpusExplanation.of(counted, PRESETS["sacrebleu"], configuration.refset)
    words = divergence_in_words(ours, theirs, names=NAMES)
    return words or "none: the same numbers as sacreBLEU's default at every step"


def matches(counted: CorpusStatistics, found: Sequence[Scored]) -> tuple[Match, ...]:
    """The first :data:`LISTED` matches, each with its difference from sacreBLEU's default in words."""
    n_streams = min(len(r) for r in counted.references)
    return tuple(
        Match(preset=s.configuration.config.preset, settings=s.configuration.settings(n_streams), score=s.score,
              signature=signature_of(s.configuration, len(counted)), difference=difference(counted, s))
        for s in found[:LISTED]
    )

