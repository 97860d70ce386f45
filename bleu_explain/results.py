"""Results that keep every intermediate number, with pandas tables and the steps in words.

A result says its words (the steps, the tables' column titles) in the language it was made with
(``explain(..., locale="zh")``), or in the one a method is given; its numbers are the same in every language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Optional, Sequence

from .engine.breakdown import ScoreBreakdown
from .engine.clipping import CountedSegment, OrderClipping
from .engine.config import BleuConfig
from .engine.corpus import CorpusStatistics, RefSet
from .engine.errors import BleuComputationError, BleuInputError
from .engine.floatmath import log
from .engine.length import choose_reference
from .engine.ngrams import ngram_text
from .engine.signature import make_signature
from .engine.statistics import SegmentStats, score_segment, score_statistics, tokenizer_for
from .engine.steps import Step, corpus_steps, format_steps, sentence_steps
from .messages.catalogue import DEFAULT_LOCALE, text

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


def column_title(name: str, locale: str = DEFAULT_LOCALE) -> str:
    """A table's column (named as the English table names it) titled in ``locale``.

    >>> column_title("max_ref_count", "zh"), column_title("ref2_count", "zh"), column_title("ref2_count")
    ('最大参考计数', '参考翻译 2 中的计数', 'ref2_count')
    """
    if locale == DEFAULT_LOCALE:
        return name
    numbered = re.fullmatch(r"ref(\d+)_(count|length)", name)
    if numbered:
        return text(f"columns.ref_{numbered[2]}", locale, k=int(numbered[1]))
    numbered = re.fullmatch(r"(matches|total)_(\d+)", name)
    if numbered:
        return text(f"columns.{numbered[1]}_n", locale, n=int(numbered[2]))
    return text(f"columns.{name}", locale)


def _rule_name(rule: str, locale: str) -> str:
    """A reference-length rule as a table's cell says it: its name in English, in words in another language."""
    return rule if locale == DEFAULT_LOCALE else text(f"rule.{rule}", locale)


def _titled(frame: "pd.DataFrame", locale: str) -> "pd.DataFrame":
    """A table with its columns (and its index's name) titled in ``locale``."""
    if locale == DEFAULT_LOCALE:
        return frame
    frame = frame.rename(columns=lambda name: column_title(str(name), locale))
    if frame.index.name:
        frame.index.name = column_title(frame.index.name, locale)
    return frame


class _ScoreView:
    """The score attributes shared by sentence and corpus results."""

    breakdown: ScoreBreakdown
    config: BleuConfig
    #: the language the result says its words in ("en" or "zh"; its methods take another)
    locale: str

    @property
    def bleu(self) -> float:
        """BLEU on the paper's 0..1 scale."""
        return self.breakdown.bleu

    @property
    def score(self) -> float:
        """BLEU on sacreBLEU's 0..100 scale."""
        return self.breakdown.score

    @property
    def matches(self) -> tuple[int, ...]:
        """Clipped n-gram matches per order, before smoothing."""
        return self.breakdown.matches

    @property
    def totals(self) -> tuple[int, ...]:
        """Candidate n-grams per order (as the tool counts them), before smoothing."""
        return self.breakdown.totals

    @property
    def precisions(self) -> tuple[Optional[float], ...]:
        """The p_n actually combined (after smoothing); None where an order took no part."""
        return self.breakdown.precisions

    @property
    def brevity_penalty(self) -> float:
        return self.breakdown.brevity_penalty

    @property
    def hyp_len(self) -> int:
        return self.breakdown.hyp_len

    @property
    def ref_len(self) -> int:
        return self.breakdown.ref_len

    @property
    def notes(self) -> tuple[str, ...]:
        """The quirks of the chosen tool that this input triggered, in words."""
        return self.breakdown.notes

    def fraction(self, order: int = 1, *, plain: bool = False) -> str:
        """p_n of one order as the fraction ``"matches/total"``; ``plain=True`` counts without clipping.

        >>> from bleu_explain import explain
        >>> r = explain("the the the the the the the.", ["The cat is on the mat.", "There is a cat on the mat."],
        ...             preset="paper")
        >>> r.fraction(), r.fraction(plain=True)
        ('2/7', '7/7')
        """
        if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= len(self.matches):
            raise BleuInputError(f"order must be a whole number from 1 to {len(self.matches)}, got {order!r}")
        top = self.unclipped_matches[order - 1] if plain else self.matches[order - 1]
        return f"{top}/{self.totals[order - 1]}"

    @property
    def unclipped_matches(self) -> tuple[int, ...]:  # pragma: no cover - both results define it
        raise NotImplementedError

    def precision_rows(self) -> list[dict]:
        """Per order: matches, total, p_n, smoothed p_n, log, weight, weighted log (plain dicts, no pandas)."""
        b = self.breakdown
        rows = []
        for i in range(len(b.matches)):
            p_used = b.precisions[i]
            rows.append({
                "order": i + 1,
                "matches": b.matches[i],
                "total": b.totals[i],
                "precision": b.raw_precisions[i],
                "smoothed_precision": p_used,
                "log_precision": log(p_used) if p_used else None,
                "weight": b.weights[i],
                "weighted_log": b.log_terms[i],
            })
        return rows

    def precision_table(self, locale: Optional[str] = None) -> "pd.DataFrame":
        """:meth:`precision_rows` as a table indexed by order (its columns titled in ``locale``, by default the
        result's)."""
        import pandas as pd

        return _titled(pd.DataFrame(self.precision_rows()).set_index("order"), locale or self.locale)

    def explain_text(self, locale: Optional[str] = None) -> str:
        """The steps as plain text, in ``locale`` (by default the result's)."""
        return format_steps(self.steps(locale), locale or self.locale)

    def steps(self, locale: Optional[str] = None) -> list[Step]:  # pragma: no cover - overridden
        raise NotImplementedError


@dataclass(frozen=True, repr=False)
class SentenceExplanation(_ScoreView):
    """Everything about one candidate's BLEU against its references.

    Attributes hold the texts, tokens, per-order clipping details, the segment
    statistics and the score breakdown; methods give tables and steps.
    """

    candidate: str
    references: tuple[str, ...]
    config: BleuConfig
    candidate_tokens: tuple[str, ...]
    reference_tokens: tuple[tuple[str, ...], ...]
    counted: CountedSegment
    stats: SegmentStats
    breakdown: ScoreBreakdown
    signature: str
    locale: str = field(default=DEFAULT_LOCALE, compare=False)

    @classmethod
    def build(cls, candidate: str, references: Sequence[str], config: BleuConfig,
              locale: str = DEFAULT_LOCALE) -> "SentenceExplanation":
        """The result of the engine's whole computation for one (checked) segment, saying its words in ``locale``."""
        scored = score_segment(candidate, references, config)
        return cls(
            candidate=candidate,
            references=tuple(references),
            config=config,
            candidate_tokens=scored.candidate_tokens,
            reference_tokens=scored.reference_tokens,
            counted=scored.counted,
            stats=scored.stats,
            breakdown=scored.breakdown,
            signature=make_signature(config, [len(references)]),
            locale=locale,
        )

    def __repr__(self) -> str:
        return (f"SentenceExplanation(bleu={self.bleu:.4f}, score={self.score:.2f}, "
                f"precisions={[None if p is None else round(p, 4) for p in self.precisions]}, "
                f"bp={self.brevity_penalty:.4f}, hyp_len={self.hyp_len}, ref_len={self.ref_len}, "
                f"signature={self.signature!r})")

    @property
    def chosen_reference(self) -> int:
        """Which reference (0-based) gave the reference length r, by the config's rule."""
        return choose_reference(self.stats.hyp_len, self.stats.ref_lens, self.config.ref_length)

    @cached_property
    def clipping(self) -> tuple[OrderClipping, ...]:
        """Every order's n-gram table (count, count in each reference, max-ref count, clipped), derived from the
        segment's counts when first asked for."""
        return tuple(self.counted.clip(n) for n in range(1, self.config.max_order + 1))

    @property
    def unclipped_matches(self) -> tuple[int, ...]:
        """Per order, candidate n-grams found in some reference without clipping (plain precision's numerator)."""
        return self.stats.unclipped

    def ngram_rows(self, order: int = 1) -> list[dict]:
        """One dict per candidate n-gram: its count, its count in each reference, max-ref count, clipped count."""
        if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= self.config.max_order:
            raise BleuInputError(f"order must be a whole number from 1 to {self.config.max_order}, got {order!r}")
        step = self.clipping[order - 1]
        rows = []
        for ngram, count in step.candidate_counts.items():
            row = {"ngram": ngram_text(ngram), "candidate_count": count}
            for k, ref_counts in enumerate(step.reference_counts, 1):
                row[f"ref{k}_count"] = ref_counts.get(ngram, 0)
            row["max_ref_count"] = step.max_ref_counts[ngram]
            row["clipped"] = step.clipped_counts[ngram]
            rows.append(row)
        return rows

    def ngram_table(self, order: int = 1, locale: Optional[str] = None) -> "pd.DataFrame":
        """:meth:`ngram_rows` as a table: n-gram, candidate count, count in each reference, max-ref count, clipped
        (its columns titled in ``locale``, by default the result's)."""
        import pandas as pd

        rows = self.ngram_rows(order)
        columns = ["ngram", "candidate_count"] + [f"ref{k}_count" for k in range(1, len(self.references) + 1)] + [
            "max_ref_count", "clipped"]
        return _titled(pd.DataFrame(rows, columns=columns), locale or self.locale)

    def length_rows(self, locale: Optional[str] = None) -> list[dict]:
        """Candidate length, each reference length, the chosen one and the rule (by its name; in Chinese, in words),
        and BP (one dict)."""
        row: dict[str, object] = {"candidate_length": self.stats.hyp_len}
        for k, n in enumerate(self.stats.ref_lens, 1):
            row[f"ref{k}_length"] = n
        row["chosen_ref_length"] = self.stats.ref_len
        row["rule"] = _rule_name(self.config.ref_length, locale or self.locale)
        row["brevity_penalty"] = self.brevity_penalty
        return [row]

    def length_table(self, locale: Optional[str] = None) -> "pd.DataFrame":
        """:meth:`length_rows` as a one-row table."""
        import pandas as pd

        return _titled(pd.DataFrame(self.length_rows(locale)), locale or self.locale)

    def steps(self, locale: Optional[str] = None) -> list[Step]:
        """The computation in order, as the engine's typed steps (see :mod:`bleu_explain.engine.steps`), in the
        words of ``locale`` (by default the result's)."""
        return sentence_steps(self.config, self.candidate_tokens, self.reference_tokens, self.clipping, self.breakdown,
                              locale or self.locale)


@dataclass(frozen=True, repr=False)
class CorpusExplanation(_ScoreView):
    """A corpus-level BLEU with per-segment statistics (n-gram tables are built on demand).

    Immutable, like every result: what is built on demand (a segment's explanation, the tokens) is kept
    in a cache that no attribute exposes.
    """

    candidates: list[str]
    references: list[list[str]]
    config: BleuConfig
    segment_stats: list[SegmentStats]
    breakdown: ScoreBreakdown
    signature: str
    _segments: dict = field(default_factory=dict, compare=False)
    locale: str = field(default=DEFAULT_LOCALE, compare=False)

    @classmethod
    def of(cls, counted: CorpusStatistics, config: BleuConfig, refset: RefSet = None,
           progress: Optional[bool] = None, locale: str = DEFAULT_LOCALE) -> "CorpusExplanation":
        """The result of a counted corpus under ``config`` (against the references at ``refset``, or all), saying
        its words in ``locale``."""
        stats = counted.statistics(config, refset, progress)
        references = counted.references if refset is None else [[r[k] for k in refset] for r in counted.references]
        return cls(candidates=counted.candidates, references=references, config=config, segment_stats=stats,
                   breakdown=counted.score(config, refset),
                   signature=make_signature(config, counted.refs_per_segment(refset)), locale=locale)

    def __repr__(self) -> str:
        return (f"CorpusExplanation(segments={len(self.candidates)}, bleu={self.bleu:.4f}, score={self.score:.2f}, "
                f"bp={self.brevity_penalty:.4f}, hyp_len={self.hyp_len}, ref_len={self.ref_len}, "
                f"signature={self.signature!r})")

    def __len__(self) -> int:
        return len(self.candidates)

    def segment(self, i: int) -> SentenceExplanation:
        """The sentence-level explanation of segment ``i`` (same settings)."""
        if isinstance(i, bool) or not isinstance(i, int) or not -len(self) <= i < len(self):
            raise BleuInputError(f"segment index must be a whole number from 0 to {len(self) - 1}, got {i!r}")
        i %= len(self)
        if i not in self._segments:
            self._segments[i] = SentenceExplanation.build(self.candidates[i], self.references[i], self.config,
                                                          self.locale)
        return self._segments[i]

    @cached_property
    def tokens(self) -> tuple[list[list[str]], list[list[list[str]]]]:
        """Every segment's candidate tokens and reference tokens, tokenized once, when first asked for.

        The statistics keep only counts (so that a large corpus stays small); the
        n-gram tables need the tokens, and every order's table reuses these.
        """
        tok = tokenizer_for(self.config)
        return [tok(c) for c in self.candidates], [[tok(r) for r in refs] for refs in self.references]

    @property
    def unclipped_matches(self) -> tuple[int, ...]:
        """Per order, candidate n-grams found in some reference without clipping, summed over the corpus."""
        n = self.config.max_order
        return tuple(sum(s.unclipped[i] for s in self.segment_stats) for i in range(n))

    @cached_property
    def sentence_scores(self) -> list[Optional[float]]:
        """Sentence BLEU (0..1) of every segment, from the kept statistics.

        ``None`` where the tool cannot score the sentence alone (NLTK method6 on a
        sentence without trigram matches).
        """
        return [None if b is None else b.bleu for b in self.sentence_breakdowns()]

    def score_segments(self, indices: Sequence[int], *, effective_order: Optional[bool] = None) -> ScoreBreakdown:
        """The segments ``indices`` scored as one corpus from the kept statistics: their counts summed, then
        combined once with the result's settings (effective order switched on or off if asked; NLTK's methods
        5-7 read the last segment's tokens). One segment gives its sentence BLEU, a block the block's BLEU.

        Raises BleuComputationError where the tool cannot score them (NLTK method6 without trigram matches).
        """
        if not indices:
            raise BleuInputError("give at least one segment to score")
        for i in indices:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self):
                raise BleuInputError(f"segment index must be a whole number from 0 to {len(self) - 1}, got {i!r}")
        config = self.config
        if effective_order is not None and effective_order != config.effective_order:
            config = replace(config, effective_order=effective_order)
        last_pair = None
        if config.smooth in ("method4", "method5", "method6", "method7"):  # NLTK's methods that read it
            last = self.segment(indices[-1])
            last_pair = (last.candidate_tokens, last.reference_tokens)
        return score_statistics([self.segment_stats[i] for i in indices], config, last_pair)

    def sentence_breakdowns(self, *, effective_order: Optional[bool] = None) -> list[Optional[ScoreBreakdown]]:
        """Every segment scored alone (:meth:`score_segments`), with the result's settings or with effective
        order switched on or off (sacreBLEU's ``sentence_bleu`` uses it); ``None`` where the tool cannot score
        the sentence alone."""
        scored: list[Optional[ScoreBreakdown]] = []
        for i in range(len(self)):
            try:
                scored.append(self.score_segments([i], effective_order=effective_order))
            except BleuComputationError:
                scored.append(None)
        return scored

    def sentence_table(self, locale: Optional[str] = None) -> "pd.DataFrame":
        """One row per segment: lengths, matches and totals per order, sentence BLEU (columns titled in ``locale``)."""
        import pandas as pd

        rows = []
        for i, (s, bleu) in enumerate(zip(self.segment_stats, self.sentence_scores)):
            row = {"segment": i, "candidate": self.candidates[i], "hyp_len": s.hyp_len, "ref_len": s.ref_len,
                   "n_refs": len(s.ref_lens)}
            for n in range(self.config.max_order):
                row[f"matches_{n+1}"] = s.matches[n]
                row[f"total_{n+1}"] = s.totals[n]
            row["sentence_bleu"] = bleu
            rows.append(row)
        return _titled(pd.DataFrame(rows).set_index("segment"), locale or self.locale)

    def ngram_table(self, order: int = 1, locale: Optional[str] = None) -> "pd.DataFrame":
        """Corpus n-gram table: per n-gram, its candidate count and clipped count summed over segments (columns
        titled in ``locale``)."""
        import pandas as pd

        if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= self.config.max_order:
            raise BleuInputError(f"order must be a whole number from 1 to {self.config.max_order}, got {order!r}")
        from .engine.clipping import corpus_ngram_credit

        credit = corpus_ngram_credit(zip(*self.tokens), order, order)
        rows = [{"ngram": ngram_text(g), "candidate_count": n, "clipped": clipped, "unmatched": n - clipped}
                for g, (n, clipped) in credit.items()]
        df = pd.DataFrame(rows, columns=["ngram", "candidate_count", "clipped", "unmatched"])
        df = df.sort_values(["candidate_count", "ngram"], ascending=[False, True]).reset_index(drop=True)
        return _titled(df, locale or self.locale)

    def length_rows(self, locale: Optional[str] = None) -> list[dict]:
        """Corpus candidate length, summed chosen reference length, the rule (in ``locale``) and BP (one dict)."""
        return [{
            "candidate_length": self.hyp_len,
            "chosen_ref_length": self.ref_len,
            "rule": text("columns.summed-rule", locale or self.locale,
                         rule=_rule_name(self.config.ref_length, locale or self.locale)),
            "brevity_penalty": self.brevity_penalty,
        }]

    def length_table(self, locale: Optional[str] = None) -> "pd.DataFrame":
        """:meth:`length_rows` as a one-row table."""
        import pandas as pd

        return _titled(pd.DataFrame(self.length_rows(locale)), locale or self.locale)

    def lowest(self, k: int = 5) -> list[int]:
        """Indices of the k segments with the lowest sentence BLEU."""
        scores = self.sentence_scores
        order = sorted(range(len(self)), key=lambda i: (scores[i] is None, scores[i] or 0.0, i))
        return order[:k]

    def steps(self, locale: Optional[str] = None) -> list[Step]:
        """The computation in order, as the engine's typed steps (see :mod:`bleu_explain.engine.steps`), in the
        words of ``locale`` (by default the result's)."""
        return corpus_steps(self.config, len(self), [len(s.ref_lens) for s in self.segment_stats], self.breakdown,
                            locale or self.locale)
