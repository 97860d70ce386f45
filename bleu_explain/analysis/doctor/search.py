"""Which tool printed this number: the configurations that reproduce a reported score.

The grid is read from the preset registry (:data:`~bleu_explain.engine.presets.PRESETS`),
so a preset added there is searched with no change here: every preset, crossed
with the tokenizers, lowercasing, the smoothing methods its rules know
(:data:`~bleu_explain.engine.config.SMOOTHING_BY_RULE`), effective order where
its rules have it, and the references (all of them, or each alone). Each
configuration is scored as a corpus; each preset's own tokenizer also as the
mean of its sentence scores (the common mistake of averaging sentence BLEU).
Settings the user gives narrow the grid. Tokens and counts come from
:mod:`.counting`, once per tokenization.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Optional, Sequence

from ...engine.breakdown import ScoreBreakdown
from ...engine.config import SMOOTHING_BY_RULE, BleuConfig
from ...engine.errors import BleuComputationError, BleuInputError
from ...engine.presets import PRESETS, resolve_config
from ...engine.signature import make_signature
from ...engine.statistics import score_statistics, score_sums
from .cjk import script_of
from .counting import CountCache
from .reported import ReportedScore

#: The tokenizers searched besides each preset's own: sacreBLEU's plain-Python ones (mecab and SentencePiece
#: need extras and models). ``char`` only where the references are CJK or Thai, the text it is for: elsewhere
#: nobody reports it and it costs the search most (a token per character).
TOKENIZERS = ("13a", "intl", "zh", "char", "none")
CJK_ONLY = ("char",)
#: The settings a match shows when they differ from its preset's.
SHOWN = ("tokenize", "lowercase", "smooth", "smooth_value", "effective_order", "max_order", "weights", "ref_length",
         "auto_reweigh")


@dataclass(frozen=True)
class Candidate:
    """One configuration of the grid: a preset's config, the references it uses, and how it aggregates."""

    config: BleuConfig
    refset: tuple[int, ...]
    averaged: bool = False

    def settings(self, n_streams: int) -> dict[str, Any]:
        """What differs from the preset's own settings (and which references, and the aggregation)."""
        base = PRESETS[self.config.preset]
        changed: dict[str, Any] = {name: getattr(self.config, name) for name in SHOWN
                                   if getattr(self.config, name) != getattr(base, name)}
        if n_streams > 1:
            changed["references"] = "all" if len(self.refset) == n_streams else f"reference {self.refset[0] + 1} alone"
        if self.averaged:
            changed["aggregate"] = "mean of sentence scores"
        return changed


def grid(n_streams: int, preset: Optional[str] = None, cjk: bool = False, **fixed: Any) -> Iterator[Candidate]:
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
                yield Candidate(config=config, refset=refset)
                if tokenize == own and lowercase == base.lowercase and len(refset) == n_streams:
                    yield Candidate(config=config, refset=refset, averaged=True)


@dataclass(frozen=True)
class Scored:
    candidate: Candidate
    score: float  # 0-100
    breakdown: Optional[ScoreBreakdown]


def score_candidate(cache: CountCache, candidate: Candidate) -> Optional[Scored]:
    """The candidate's score from the cached counts, or None when its rules cannot score this corpus."""
    config, refset = candidate.config, candidate.refset
    try:
        if not candidate.averaged:
            breakdown = score_sums(cache.sums(config, refset), config, [len(refset)] * len(cache.hypotheses),
                                   cache.last_pair(config, refset))
            return Scored(candidate=candidate, score=breakdown.score, breakdown=breakdown)
        stats = cache.statistics(config, refset)
        # each segment scored alone, as a corpus of one
        scores = [score_statistics([s], config, cache.last_pair(config, refset, i)).score
                  for i, s in enumerate(stats)]
    except (BleuComputationError, BleuInputError, ZeroDivisionError):
        return None
    return Scored(candidate=candidate, score=sum(scores) / len(scores), breakdown=None)


@dataclass(frozen=True)
class SearchResult:
    """The configurations that reproduce the reported score, simplest first, and how many were tried."""

    reported: ReportedScore
    found: tuple[Scored, ...]
    searched: int
    tokenizations: int


def search(hypotheses: Sequence[str], references: Sequence[Sequence[str]], reported: ReportedScore,
           preset: Optional[str] = None, fixed: Optional[Mapping[str, Any]] = None,
           cache: Optional[CountCache] = None) -> SearchResult:
    """Score every configuration of the grid on this corpus and keep those that print as ``reported``."""
    n_streams = min(len(r) for r in references)
    cache = cache or CountCache(hypotheses, [[refs[k] for refs in references] for k in range(n_streams)])
    found, searched = [], 0
    cjk = script_of([r for refs in references for r in refs]) is not None
    for candidate in grid(n_streams, preset, cjk=cjk, **dict(fixed or {})):
        searched += 1
        scored = score_candidate(cache, candidate)
        if scored is not None and reported.agrees(scored.score):
            found.append(scored)
    order = list(PRESETS)
    found.sort(key=lambda s: (s.candidate.averaged, len(s.candidate.refset) != n_streams,
                              len(s.candidate.settings(n_streams)), order.index(s.candidate.config.preset),
                              reported.distance(s.score)))
    return SearchResult(reported=reported, found=tuple(found), searched=searched, tokenizations=cache.tokenizations)


def signature_of(candidate: Candidate, n_segments: int) -> str:
    return str(make_signature(candidate.config, [len(candidate.refset)] * n_segments))
