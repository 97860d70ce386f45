"""Which tool printed this number: the configurations that reproduce a reported score.

The grid is read from the preset registry (:data:`~bleu_explain.engine.presets.PRESETS`),
so a preset added there is searched with no change here: every preset, crossed
with the tokenizers, lowercasing, the smoothing methods its rules know
(:data:`~bleu_explain.engine.config.SMOOTHING_BY_RULE`), effective order where
its rules have it, and the references (all of them, or each alone). Each
configuration is scored as a corpus; each preset's own tokenizer also as the
mean of its sentence scores (the common mistake of averaging sentence BLEU).
The mistakes of :mod:`.mistakes` are searched too: BLEU-1 to -3 under the tools
that take an order, and the replays (each tool given the corpus as the mistake
gives it). Settings the user gives narrow the grid (and leave the mistakes out).
The corpus is counted by the engine's :class:`~bleu_explain.engine.corpus.CorpusStatistics`
with its segment memo: each distinct token sequence once, however many
configurations tokenize it alike; each replay's input is counted once.

Every configuration's score is kept, so that the report can say how often a
number near the reported one is printed by some configuration (:mod:`.chance`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Optional, Sequence

from ...engine.breakdown import ScoreBreakdown
from ...engine.config import SMOOTHING_BY_RULE, BleuConfig
from ...engine.corpus import CorpusStatistics
from ...engine.errors import BleuComputationError, BleuInputError
from ...engine.presets import PRESETS, resolve_config
from ...engine.signature import make_signature
from ...engine.statistics import no_gc_pauses
from ...messages import say
from .cjk import script_of
from .mistakes import ORDER_OPTION, Replay, replays
from .reported import ReportedScore

#: The tokenizers searched besides each preset's own: sacreBLEU's plain-Python ones, ``char`` included (a
#: mistake on text with spaces, and the right one for Thai), and MeCab's for Japanese or Korean references where
#: the extras are installed (SentencePiece's need a model and are not searched).
TOKENIZERS = ("13a", "intl", "zh", "char", "none")
MECAB = {"Japanese": "ja-mecab", "Korean": "ko-mecab"}
#: Tokenizers no other tool pairs with on text with spaces: ``char`` is searched under the other presets only for
#: CJK or Thai references (where a user may split characters before any tool); elsewhere it costs the search most.
SACREBLEU_ONLY = ("char",)
#: Lower orders searched, under the tools that take an order (BLEU-1, -2, -3 reported as BLEU).
LOWER_ORDERS = (1, 2, 3)
#: The settings a match shows when they differ from its preset's.
SETTINGS_SHOWN = ("tokenize", "lowercase", "smooth", "smooth_value", "effective_order", "max_order", "weights",
                  "ref_length", "auto_reweigh")


@dataclass(frozen=True)
class Configuration:
    """One configuration of the grid: a preset's config, the references it uses, how it aggregates, and, for a
    replayed mistake, what the tool was given (its :class:`~.mistakes.Replay`)."""

    config: BleuConfig
    refset: Optional[tuple[int, ...]]
    averaged: bool = False
    replay: Optional[Replay] = field(default=None, compare=False)

    def settings(self, n_streams: int) -> dict[str, Any]:
        """What differs from the preset's own settings (and which references, and the aggregation)."""
        base = PRESETS[self.config.preset]
        changed: dict[str, Any] = {name: getattr(self.config, name) for name in SETTINGS_SHOWN
                                   if getattr(self.config, name) != getattr(base, name)}
        if n_streams > 1 and self.refset is not None:
            changed["references"] = say("doctor.setting.all") if len(self.refset) == n_streams else \
                say("doctor.setting.reference-alone", number=self.refset[0] + 1)
        if self.averaged:
            changed["aggregate"] = say("doctor.setting.mean")
        if self.replay is not None:
            changed["given"] = self.replay.name
        return changed


def grid(n_streams: int, preset: Optional[str] = None, cjk: bool = False, script: Optional[str] = None,
         mecab: Sequence[str] = (), **fixed: Any) -> Iterator[Configuration]:
    """Every configuration to try on the files as given: ``preset`` (or all) crossed with what ``fixed`` leaves
    open, each preset's own tokenizer and case also as the mean of sentence scores, and, when nothing is fixed,
    the lower orders. ``cjk``: the references are Chinese, Japanese, Korean or Thai (``char`` under every
    preset); ``mecab``: MeCab's tokenizers to search."""
    presets = [preset] if preset else list(PRESETS)
    refsets = [tuple(range(n_streams))] + ([(k,) for k in range(n_streams)] if n_streams > 1 else [])
    given = {k: v for k, v in fixed.items() if v is not None}
    for name in presets:
        base = PRESETS[name]
        own = base.tokenize
        tokenizers = [given["tokenize"]] if "tokenize" in given else list(dict.fromkeys(
            [own, *(t for t in TOKENIZERS if t not in SACREBLEU_ONLY or base.combine == "sacrebleu" or cjk), *mecab]))
        cases = [given["lowercase"]] if "lowercase" in given else [base.lowercase, not base.lowercase]
        smooths = [given["smooth"]] if "smooth" in given else list(SMOOTHING_BY_RULE.get(base.combine, (base.smooth,)))
        orders = [given["effective_order"]] if "effective_order" in given else \
            ([False, True] if base.combine == "sacrebleu" else [False])
        rest = {k: v for k, v in given.items() if k not in ("tokenize", "lowercase", "smooth", "effective_order")}
        for tokenize, lowercase, smooth, effective in itertools.product(tokenizers, cases, smooths, orders):
            if tokenize in SACREBLEU_ONLY and not cjk and lowercase != base.lowercase:
                continue  # characters of text with spaces, lowercased too: a mistake on a mistake, and costly
            try:
                config = resolve_config(name, tokenize=tokenize, lowercase=lowercase, smooth=smooth,
                                        effective_order=effective, **rest)
            except BleuInputError:
                continue  # a combination the tool cannot express
            for refset in refsets:
                yield Configuration(config=config, refset=refset)
                if tokenize == own and lowercase == base.lowercase and len(refset) == n_streams:
                    yield Configuration(config=config, refset=refset, averaged=True)
        if not given and name in ORDER_OPTION:
            for order, lowercase in itertools.product(LOWER_ORDERS, (base.lowercase, not base.lowercase)):
                yield Configuration(config=resolve_config(name, max_order=order, lowercase=lowercase),
                                    refset=tuple(range(n_streams)))


def replayed(n_streams: int, preset: Optional[str] = None) -> Iterator[Configuration]:
    """The replayed mistakes (:func:`.mistakes.replays`) under ``preset`` (or every tool)."""
    for replay in replays(n_streams):
        if preset and replay.preset != preset:
            continue
        for settings in replay.settings:
            yield Configuration(config=resolve_config(replay.preset, **settings), refset=None, replay=replay)


@dataclass(frozen=True)
class Scored:
    configuration: Configuration
    score: float  # 0-100
    breakdown: Optional[ScoreBreakdown]


def score_configuration(counted: CorpusStatistics, configuration: Configuration) -> Optional[Scored]:
    """The configuration's score on the counted corpus (for a replay, the replay's input as counted), or None when
    its rules cannot score this corpus."""
    config, refset = configuration.config, configuration.refset
    try:
        if not configuration.averaged:
            breakdown = counted.score(config, refset)
            return Scored(configuration=configuration, score=breakdown.score, breakdown=breakdown)
        # each segment scored alone, as a corpus of one
        scores = [counted.segment_score(i, config, refset).score for i in range(len(counted))]
    except (BleuComputationError, BleuInputError, ZeroDivisionError, ValueError):
        return None
    return Scored(configuration=configuration, score=sum(scores) / len(scores), breakdown=None)


@dataclass(frozen=True)
class SearchResult:
    """The configurations that reproduce the reported score, simplest first; how many were tried; every score
    computed (for :mod:`.chance`); and each replay's counted input (to describe its matches)."""

    reported: ReportedScore
    found: tuple[Scored, ...]
    searched: int
    tokenizations: int
    scores: tuple[tuple[Configuration, float], ...] = ()
    inputs: Mapping[str, CorpusStatistics] = field(default_factory=dict)


def search(hypotheses: Sequence[str], references: Sequence[Sequence[str]], reported: ReportedScore,
           preset: Optional[str] = None, fixed: Optional[Mapping[str, Any]] = None,
           counted: Optional[CorpusStatistics] = None) -> SearchResult:
    """Score every configuration of the grid (and, when no setting is fixed, every replayed mistake) on this corpus
    and keep those that print as ``reported``.

    ``references``: segment-major, the same number for every segment; ``counted``: the corpus as the engine
    counted it already (with its segment memo), if it was.
    """
    n_streams = min(len(r) for r in references)
    counted = counted or CorpusStatistics(hypotheses, references, memo=True)
    lines = [r for refs in references for r in refs]
    script = script_of(lines)
    narrowed = {k: v for k, v in dict(fixed or {}).items() if v is not None}
    configurations = itertools.chain(
        grid(n_streams, preset, cjk=script is not None, script=script,
             mecab=_mecab(script) if "tokenize" not in narrowed else (), **narrowed),
        () if narrowed else replayed(n_streams, preset))
    inputs: dict[str, Optional[CorpusStatistics]] = {}
    found, scores, searched = [], [], 0
    with no_gc_pauses():  # hundreds of thousands of small counts: the cyclic collector would rescan them again and again
        for configuration in configurations:
            source = _input(configuration, counted, hypotheses, references, inputs)
            if source is None:
                continue
            searched += 1
            scored = score_configuration(source, configuration)
            if scored is None:
                continue
            scores.append((configuration, scored.score))
            if reported.agrees(scored.score):
                found.append(scored)
    order = list(PRESETS)
    found.sort(key=lambda s: (s.configuration.averaged or s.configuration.replay is not None,
                              s.configuration.refset is not None and len(s.configuration.refset) != n_streams,
                              len(s.configuration.settings(n_streams)), order.index(s.configuration.config.preset),
                              reported.distance(s.score)))
    return SearchResult(reported=reported, found=tuple(found), searched=searched, tokenizations=counted.tokenizations,
                        scores=tuple(scores), inputs={k: v for k, v in inputs.items() if v is not None})


def _input(configuration: Configuration, counted: CorpusStatistics, hypotheses: Sequence[str],
           references: Sequence[Sequence[str]], inputs: dict[str, Optional[CorpusStatistics]]
           ) -> Optional[CorpusStatistics]:
    """The counted corpus a configuration scores: the files as given, or its replay's input (counted once)."""
    replay = configuration.replay
    if replay is None:
        return counted
    if replay.name not in inputs:
        texts = replay.given(list(hypotheses), [list(r) for r in references])
        inputs[replay.name] = None if texts is None else CorpusStatistics(texts[0], texts[1], memo=True)
    return inputs[replay.name]


def _mecab(script: Optional[str]) -> tuple[str, ...]:
    """MeCab's tokenizer for Japanese or Korean references, where its extra is installed."""
    name = MECAB.get(script or "")
    if name is None:
        return ()
    from ...engine.tokenize import make_tokenizer

    try:
        make_tokenizer(name, False, "unicode", "python", True)("\u3042")
    except BleuInputError:  # the extra is not installed (in the browser, never)
        return ()
    return (name,)


def signature_of(configuration: Configuration, n_segments: int, n_refs: Optional[int] = None) -> str:
    refs = len(configuration.refset) if configuration.refset is not None else (n_refs or 1)
    return str(make_signature(configuration.config, [refs] * n_segments))
