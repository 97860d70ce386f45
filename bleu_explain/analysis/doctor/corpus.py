"""The corpus the doctor examines: the hypothesis, the references and the settings, and scoring it with the engine."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Optional, Sequence

from ...api import explain_corpus_with_config
from ...engine.config import BleuConfig
from ...engine.errors import BleuComputationError, BleuInputError
from .findings import Evidence

#: How many line numbers and examples a finding shows.
SHOWN = 5


@dataclass(frozen=True)
class Corpus:
    """Hypothesis lines, references segment-major (as :func:`bleu_explain.explain_corpus` takes them), settings."""

    hypotheses: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]
    config: BleuConfig

    @property
    def n_streams(self) -> int:
        """How many references every segment has (the reference files, in sacreBLEU's terms)."""
        return min((len(r) for r in self.references), default=0)

    def stream(self, k: int) -> list[str]:
        """Reference ``k`` of every segment (sacreBLEU's reference stream, a file)."""
        return [refs[k] for refs in self.references]

    def sides(self) -> Iterator[tuple[str, list[str]]]:
        """(name, lines) of the hypothesis and each reference stream."""
        yield "the hypothesis", list(self.hypotheses)
        for k in range(self.n_streams):
            yield self.reference_name(k), self.stream(k)

    def reference_name(self, k: int) -> str:
        return "the reference" if self.n_streams == 1 else f"reference {k + 1}"

    def reference_lines(self) -> list[str]:
        return [r for refs in self.references for r in refs]

    def mapped(self, hypotheses: Optional[Callable[[str], str]] = None,
               references: Optional[Callable[[str], str]] = None) -> "Corpus":
        """The same corpus with a function applied to every hypothesis line and/or every reference line."""
        hyps = self.hypotheses if hypotheses is None else tuple(hypotheses(h) for h in self.hypotheses)
        refs = self.references if references is None else tuple(tuple(references(r) for r in rs)
                                                                 for rs in self.references)
        return replace(self, hypotheses=hyps, references=refs)

    def kept(self, indices: Sequence[int]) -> "Corpus":
        """Only the segments at ``indices``."""
        return replace(self, hypotheses=tuple(self.hypotheses[i] for i in indices),
                       references=tuple(self.references[i] for i in indices))


def score(corpus: Corpus, config: Optional[BleuConfig] = None) -> Optional[float]:
    """The engine's corpus score (0-100), or None when the tool's rules cannot score it (e.g. divide by zero)."""
    if not corpus.hypotheses:
        return None
    try:
        result = explain_corpus_with_config(list(corpus.hypotheses), [list(r) for r in corpus.references],
                                            config or corpus.config)
    except (BleuComputationError, BleuInputError):
        return None
    return result.score


def with_settings(corpus: Corpus, **overrides: Any) -> tuple[Optional[Corpus], str]:
    """The corpus scored with ``overrides`` (the fix a finding suggests), or None and why it cannot be."""
    try:
        return replace(corpus, config=corpus.config.with_overrides(**overrides)), ""
    except BleuInputError as exc:
        return None, f"not rescored: {exc}"


def first(indices: Sequence[int]) -> tuple[int, ...]:
    """The first few 0-based indices as 1-based line numbers."""
    return tuple(i + 1 for i in indices[:SHOWN])


def shorten(text: str, width: int = 90) -> str:
    """A line as an example: quoted, cut at ``width`` characters, invisible characters shown."""
    shown = repr(text)
    return shown if len(shown) <= width else shown[: width - 4] + "...'"


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

