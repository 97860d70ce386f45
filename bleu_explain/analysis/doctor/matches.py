"""The search's matches in words: settings, signature, the first step where each leaves sacreBLEU's default, the
mistake that gives the number, and whether the tools found agree.

The words come from :func:`~bleu_explain.analysis.comparison.divergence_in_words`
on two corpus results built from the search's counted corpus (nothing is
counted again); the references and the aggregation, which come before any
step, are named first when they differ. A replayed mistake is described by its
own sentence (:mod:`.mistakes`): the tool was given other text than the files.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Optional, Sequence

from ...engine.corpus import CorpusStatistics
from ...engine.errors import BleuComputationError, BleuInputError
from ...engine.presets import PRESETS
from ...messages import LOCALES, say, text
from ...results import CorpusExplanation
from ..comparison import divergence_in_words
from .findings import Match
from .mistakes import first_listed, sentence_for, spaced_text
from .reported import ReportedScore
from .search import Scored, signature_of
from .words import InEveryLocale, and_list, joined

#: At most this many matches are listed (the rest are counted).
LISTED = 12
NAMES = ("doctor.match.this", "doctor.match.default")


def difference(counted: CorpusStatistics, scored: Scored) -> str:
    """The first place where a match departs from sacreBLEU's default on the same corpus, in words."""
    configuration = scored.configuration
    if configuration.replay is not None:
        return say("doctor.match.input", sentence=configuration.replay.sentence)
    n_streams = min(len(r) for r in counted.references)
    if configuration.refset is not None and len(configuration.refset) != n_streams:
        return say("doctor.match.references", number=configuration.refset[0] + 1, streams=n_streams)
    if configuration.averaged:
        return say("doctor.match.aggregation")
    ours = CorpusExplanation.of(counted, configuration.config, configuration.refset)
    theirs = CorpusExplanation.of(counted, PRESETS["sacrebleu"], configuration.refset)
    words = {locale: divergence_in_words(ours, theirs, names=(text(NAMES[0], locale), text(NAMES[1], locale)),
                                         locale=locale) or "" for locale in LOCALES}
    return InEveryLocale(words) if words["en"] else say("doctor.match.none")


def mistake(counted: CorpusStatistics, scored: Scored, reported: ReportedScore) -> str:
    """The mistake that gives this number, in words ("" for a tool used as meant, on its own scale)."""
    configuration = scored.configuration
    config = configuration.config
    parts = [configuration.replay.sentence] if configuration.replay is not None else []
    lines = [r for refs in counted.references for r in refs]
    words = sentence_for(config, reported.scale_of(scored.score), spaced_text(lines))
    if words:
        parts.append(words)
    if config.ref_length == "closest-first" and configuration.replay is None and not configuration.averaged:
        try:
            closest = counted.score(replace(config, ref_length="closest"), configuration.refset).score
        except (BleuComputationError, BleuInputError, ZeroDivisionError):
            closest = None
        tie = first_listed(scored.score, closest)
        if tie:
            parts.append(tie)
    return joined(*parts)


def matches(counted: CorpusStatistics, found: Sequence[Scored], reported: ReportedScore,
            inputs: Optional[Mapping[str, CorpusStatistics]] = None) -> tuple[Match, ...]:
    """The first :data:`LISTED` matches, each with its difference from sacreBLEU's default in words and its
    mistake."""
    n_streams = min(len(r) for r in counted.references)
    out = []
    for s in found[:LISTED]:
        replay = s.configuration.replay
        source = (inputs or {}).get(replay.name, counted) if replay is not None else counted
        n_refs = min(len(r) for r in source.references) if source.references else 1
        out.append(Match(preset=s.configuration.config.preset, settings=s.configuration.settings(n_streams),
                         score=s.score, signature=signature_of(s.configuration, len(source), n_refs),
                         difference=difference(counted, s), mistake=mistake(counted, s, reported)))
    return tuple(out)


def agreement(found: Sequence[Scored]) -> str:
    """Whether the tools that print the number agree here (the same score) or only round alike, in one sentence."""
    tools = list(dict.fromkeys(s.configuration.config.preset for s in found))
    if len(tools) < 2:
        return ""
    groups: dict[float, list[str]] = {}
    for s in found:
        groups.setdefault(round(s.score, 9), []).append(s.configuration.config.preset)
    same = max((list(dict.fromkeys(p)) for p in groups.values()), key=len)
    parts = []
    if len(same) > 1:
        parts.append(say("doctor.match.same", tools=and_list(same)))
    if len(groups) > 1:
        low, high = min(groups), max(groups)
        parts.append(say("doctor.match.range", found=len(found), low=low, high=high))
    return joined(*parts)
