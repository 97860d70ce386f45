"""``averaged-sentence-bleu``: a reported number that is the mean of sentence scores, not a corpus BLEU.

Read off the score search: when only configurations that average the segments'
sentence scores reproduce the number, it was averaged. The score without is the
corpus BLEU under the same settings (counts summed over the segments, scored once).
"""

from __future__ import annotations

from typing import Optional

from ...engine.corpus import CorpusStatistics
from .findings import Evidence, Finding
from .search import Configuration, SearchResult, score_configuration


def check(result: SearchResult, counted: CorpusStatistics) -> Optional[Finding]:
    averaged = [s for s in result.found if s.configuration.averaged]
    if not averaged or any(not s.configuration.averaged for s in result.found):
        return None
    first = averaged[0].configuration
    corpus = score_configuration(counted, Configuration(config=first.config, refset=first.refset))
    return Finding(
        code="averaged-sentence-bleu", severity="warning",
        title=f"{result.reported.text} is the mean of {len(counted)} sentence scores ({first.config.preset}), "
              "not a corpus BLEU",
        evidence=Evidence(summary=f"{len(averaged)} configuration(s) reproduce it as a mean of sentence scores; "
                                  "none as a corpus score", count=len(averaged)),
        fix="compute corpus BLEU (sacrebleu.corpus_bleu, nltk's corpus_bleu): sum the counts, then score once",
        score_with=averaged[0].score, score_without=None if corpus is None else corpus.score,
        note="the score without is the corpus BLEU under the same settings",
    )
