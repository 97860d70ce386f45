"""The corpus the doctor examines: the hypothesis, the references and the settings, and scoring it with the engine.

A corpus carries the engine's count of it (:class:`~bleu_explain.engine.corpus.CorpusStatistics`): a
check's repaired corpus is that count updated, so that scoring the repair counts only the lines it changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Optional, Sequence

from ...engine.config import BleuConfig
from ...engine.corpus import CorpusStatistics
from ...engine.errors import BleuComputationError, BleuInputError
from ...messages import say
from .findings import Evidence

#: How many line numbers and examples a finding shows.
EXAMPLES_SHOWN = 5


@dataclass(frozen=True)
class Corpus:
    """Hypothesis lines, references segment-major (as :func:`bleu_explain.explain_corpus` takes them), settings,
    and the engine's count of them."""

    hypotheses: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]
    config: BleuConfig
    counted: CorpusStatistics = field(compare=False, repr=False)

    @classmethod
    def of(cls, hypotheses: Sequence[str], references: Sequence[Sequence[str]], config: BleuConfig) -> "Corpus":
        """A checked corpus, counted with the engine's segment memo (the score search counts the same lines under
        hundreds of configurations)."""
        hyps, refs = tuple(hypotheses), tuple(tuple(r) for r in references)
        return cls(hypotheses=hyps, references=refs, config=config, counted=CorpusStatistics(hyps, refs, memo=True))

    @property
    def n_streams(self) -> int:
        """How many references every segment has (the reference files, in sacreBLEU's terms)."""
        return min((len(r) for r in self.references), default=0)

    def stream(self, k: int) -> list[str]:
        """Reference ``k`` of every segment (sacreBLEU's reference stream, a file)."""
        return [refs[k] for refs in self.references]

    def sides(self) -> Iterator[tuple[str, list[str]]]:
        """(name, lines) of the hypothesis and each reference stream."""
        yield say("doctor.side.hypothesis"), list(self.hypotheses)
        for k in range(self.n_streams):
            yield self.reference_name(k), self.stream(k)

    def reference_name(self, k: int) -> str:
        return say("doctor.side.the-reference") if self.n_streams == 1 else say("doctor.side.reference", number=k + 1)

    def reference_lines(self) -> list[str]:
        return [r for refs in self.references for r in refs]

    def mapped(self, hypotheses: Optional[Callable[[str], str]] = None,
               references: Optional[Callable[[str], str]] = None) -> "Corpus":
        """The same corpus with a function applied to every hypothesis line and/or every reference line."""
        hyps = self.hypotheses if hypotheses is None else tuple(hypotheses(h) for h in self.hypotheses)
        refs = self.references if references is None else tuple(tuple(references(r) for r in rs)
                                                                 for rs in self.references)
        return self.with_texts(hyps, refs)

    def kept(self, indices: Sequence[int]) -> "Corpus":
        """Only the segments at ``indices``."""
        return self.with_texts(tuple(self.hypotheses[i] for i in indices),
                               tuple(self.references[i] for i in indices))

    def with_texts(self, hyps: tuple[str, ...], refs: tuple[tuple[str, ...], ...]) -> "Corpus":
        """Other texts under the same settings (a repair), counted by updating this corpus's count."""
        return replace(self, hypotheses=hyps, references=refs, counted=self.counted.updated(hyps, refs))


def score(corpus: Corpus, config: Optional[BleuConfig] = None) -> Optional[float]:
    """The engine's corpus score (0-100), or None when the tool's rules cannot score it (e.g. divide by zero)."""
    if not corpus.hypotheses:
        return None
    try:
        return corpus.counted.score(config or corpus.config).score
    except (BleuComputationError, BleuInputError):
        return None


def with_settings(corpus: Corpus, **overrides: Any) -> tuple[Optional[Corpus], str]:
    """The corpus scored with ``overrides`` (the fix a finding suggests), or None and why it cannot be."""
    try:
        return replace(corpus, config=corpus.config.with_overrides(**overrides)), ""
    except BleuInputError as exc:
        return None, f"not rescored: {exc}"


def first(indices: Sequence[int]) -> tuple[int, ...]:
    """The first few 0-based indices as 1-based line numbers."""
    return tuple(i + 1 for i in indices[:EXAMPLES_SHOWN])


def shorten(text: str, width: int = 90) -> str:
    r"""A line as an example: quoted, cut at ``width`` characters, invisible characters shown; the closing quote is
    the opening one (``repr`` opens with " when the line holds a ').

    >>> shorten("it's a long line", 12), shorten("short")
    ('"it\'s a ..."', "'short'")
    """
    shown = repr(text)
    return shown if len(shown) <= width else shown[: width - 4] + "..." + shown[0]


@dataclass(frozen=True)
class Detection:
    """A check's result before scoring: the finding's words, and the corpus with the problem fixed (to rescore).

    ``repaired`` is None when no fix can be scored (``note`` says why).
    """

    code: str
    severity: str
    title: str
    evidence: Evidence
    fix: str
    repaired: Optional[Corpus] = None
    note: str = ""

