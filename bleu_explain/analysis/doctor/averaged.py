"""``averaged-sentence-bleu``: a reported number that is the mean of sentence scores, not a corpus BLEU.

Read off the score search: when only configurations that average the segments'
sentence scores reproduce the number, it may have been averaged. Whether that
says anything depends on the digits: the share of numbers near the reported one
that some averaging configuration prints (:mod:`.chance`) is what chance alone
would match. Below :data:`~.chance.LOW` of them the finding is a warning; above,
it is information, and says how often chance matches. The score without is the
corpus BLEU under the same settings (counts summed over the segments, scored once).
"""

from __future__ import annotations

from typing import Optional

from ...engine.corpus import CorpusStatistics
from ...messages import say
from .chance import LOW, Chance
from .findings import Evidence, Finding
from .search import Configuration, SearchResult, score_configuration
from .words import joined, plural


def check(result: SearchResult, counted: CorpusStatistics) -> Optional[Finding]:
    averaged = [s for s in result.found if s.configuration.averaged]
    if not averaged or any(not s.configuration.averaged for s in result.found):
        return None
    chance = Chance.of(result.reported, [score for c, score in result.scores if c.averaged])
    first = averaged[0].configuration
    corpus = score_configuration(counted, Configuration(config=first.config, refset=first.refset))
    told = chance.share < LOW
    return Finding(
        code="averaged-sentence-bleu", severity="warning" if told else "info",
        title=say("doctor.averaged.title", reported=result.reported.text, segments=len(counted),
                  preset=first.config.preset),
        evidence=Evidence(summary=say("doctor.averaged.summary", configurations=plural(len(averaged),
                                                                                       "averaging configuration"),
                                      matched=chance.matched, numbers=chance.numbers, window=chance.window),
                          count=len(averaged)),
        fix=say("doctor.averaged.fix"),
        score_with=averaged[0].score, score_without=None if corpus is None else corpus.score,
        note=joined(say("doctor.averaged.note"), "" if told else say("doctor.averaged.chance")),
    )
