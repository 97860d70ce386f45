"""Which tool printed this number: the configurations that reproduce a reported score.

The grid is read from the preset registry (:data:`~bleu_explain.engine.presets.PRESETS`),
so a preset added there is searched with no change here: every preset, crossed
with the tokenizers, lowercasing, the smoothing methods its rules know
(:data:`~bleu_explain.engine.config.SMOOTHING_BY_RULE`), effective order where
its rules have it, and the references (all of them, or each alone). Each
configuration is scored as a corpus; each preset's own tokenizer also as the
mean of its sentence scores (the common mistake of averaging sentence BLEU).
Settings the user gives narrow the grid. The corpus is counted by the engine's
:class:`~bleu_explain.engine.corpus.CorpusStatistics` with its segment memo: each
distinct token sequence once, however many configurations tokenize it alike.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Optional, Sequence

from ...engine.breakdown import ScoreBreakdown
from ...engine.config import SMOOTHING_BY_RULE, BleuConfig
from ...engine.corpus import CorpusStatistics
from ...engine.errors import BleuComputationError, BleuInputError
from ...engine.presets import PRESETS, resolve_config
from ...engine.signature import make_signature
from .cjk import script_of
from .reported import ReportedScore

#: The tokenizers searched besides each preset's own: sacreBLEU's plain-Python ones (mecab and SentencePiece
#: need extras and models). ``char`` only where the references are CJK or Thai, the text it is for: elsewhere
#: nobody reports it and it costs the search most (a token per character).
TOKENIZERS = ("13a", "intl", "zh", "char", "none")
CJK_ONLY = ("char",)
#: The settings a match shows when they differ from its preset's.
SETTINGS_SHOWN = ("tokenize", "lowercase", "smooth", "smooth_value", "effective_order", "max_order", "weights", "ref_length",
         "auto_reweigh")


@dataclass(frozen=True)
class Configuration:
    """One configuration of the grid: a preset's config, the references it uses, and how it aggregates."""

    config: BleuConfig
    refset: tuple[int, ...]
    averaged: bool = False

    def settings(self, n_streams: int) -> dict[str, Any]:
        """What differs from the preset's own settings (and which references, and the aggregation)."""
        base = PRESETS[self.config.preset]
        changed: dict[str, Any] = {name: getattr(self.config, name) for name in SETTINGS_SHOWN
                                   if getattr(self.config, name) != getattr(base, name)}
        if n_streams > 1:
            changed["references"] = "all" if len(self.refset) == n_streams else f"reference {self.refset[0] + 1} alone"
        if self.averaged:
            changed["aggregate"] = "mean of sentence scores"
        return changed


def grid(n_streams: int, preset: Optional[str] = None, cjk: bool = False, **fixed: Any) -> Iterator[Configuration]:
    """Every configuration to try: ``preset`` (or all) crossed with what ``fixed`` leaves open.

    Each preset's own tokenizer and case are also scored as the mean of sentence scores.
    """
    searched = [t for t in TOKENIZERS if cjk or t not in CJK_ONLY]
    presets = [preset] if preset else list(PRESETS)
    refsets = [tuple(range(n_streams))] + ([(k,) for k in range(n_streams)] if n_streams > 1 else [])
    given = {k: v for k, v in fixed.items() if v is not None}
    for name in presets:
        base = PRESETS[name]
        own = base.tokenize
        tokenizers = [given["tokenize"]] if "tokenize" in given else list(dict.fromkeys([own] + searched))
        cases = [given["lowercase"]] if "lowercase" in given else [base.lowercase, not base.lowercase]
        smooths = [given["smooth"]] if "smooth" in given else list(SMOOTHING_BY_RULE.get(base.combine, (base.smooth,)))
        orders = [given["effective_order"]] if "effective_order" in given else \
            ([False, True] if base.combine == "sacrebleu" else [False])
        rest = {k: v for k, v in given.items() if k not in ("tokenize", "lowercase", "smooth", "effective_order")}
        for tokenize, lowercase, smooth, effective in itertools.product(tokenizers, cases, smooths, orders):
            try:
                config = resolve_config(name, tokenize=tokenize, lowercase=lowercase, smooth=smooth,
                                        effective_order=effective, **rest)
            except BleuInputError:
                continue  # a combination the tool cannot express
            for refset in refsets:
                yield Configuration(config=config, refset=refset)
                if tokenize == own and lowercase == base.lowercase and len(refset) == n_streams:
                    yield Configuration(config=config, refset=refset, averaged=True)


@dataclass(frozen=True)
class Scored:
    configuration: Configuration
    score: float  # 0-100
    breakdown: Optional[ScoreBreakdown]


def score_configuration(counted: CorpusStatistics, configuration: Configuration) -> Optional[Scored]:
    """The configuration's score on the counted corpus, or None when its rules cannot score this corpus."""
    config, refset = configuration.config, configuration.refset
    try:
        if not configuration.averaged:
            breakdown = counted.score(config, refset)
            return Scored(configuration=configuration, score=breakdown.score, breakdown=breakdown)
        # each segment scored alone, as a corpus of one
        scores = [counted.segment_score(i, config, refset).score for i in range(len(counted))]
    except (BleuComputationError, BleuInputError, ZeroDivisionError):
        return None
    return Scored(configuration=configuration, score=sum(scores) / len(scores), breakdown=None)


@dataclass(frozen=True)
class SearchResult:
    """The configurations that reproduce the reported score, simplest first, and how many were tried."""

    reported: ReportedScore
    found: tuple[Scored, ...]
    searched: int
    tokenizations: int


def search(hypotheses: Sequence[str], references: Sequence[Sequence[str]], reported: ReportedScore,
           preset: Optional[str] = None, fixed: Optional[Mapping[str, Any]] = None,
           counted: Optional[CorpusStatistics] = None) -> SearchResult:
    """Score every configuration of the grid on this corpus and keep those that print as ``reported``.

    ``references``: segment-major, the same number for every segment; ``counted``: the corpus as the engine
    counted it already (with its segment memo), if it was.
    """
    n_streams = min(len(r) for r in references)
    counted = counted or CorpusStatistics(hypotheses, references, memo=True)
    found, searched = [], 0
    cjk = script_of([r for refs in references for r in refs]) is not None
    for configuration in grid(n_streams, preset, cjk=cjk, **dict(fixed or {})):
        searched += 1
        scored = score_configuration(counted, configuration)
        if scored is not None and reported.agrees(scored.score):
            found.append(scored)
    order = list(PRESETS)
    found.sort(key=lambda s: (s.configuration.averaged, len(s.configuration.refset) != n_streams,
                              len(s.configuration.settings(n_streams)), order.index(s.configuration.config.preset),
                              reported.distance(s.score)))
    return SearchResult(reported=reported, found=tuple(found), searched=searched, tokenizations=counted.tokenizations)


def signature_of(configuration: Configuration, n_segments: int) -> str:
    return str(make_signature(configuration.config, [len(configuration.refset)] * n_segments))
