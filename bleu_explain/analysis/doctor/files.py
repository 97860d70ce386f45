"""The files the doctor is given: the hypothesis, the reference files (of any lengths), the source, and their names.

Segment-major references (for each segment, the list of its references) are turned into files when every
segment has as many references; otherwise (a varying number) the files cannot be aligned and are scored as
given. The corpus the checks read is made here: the files as given, line i with line i (only when every file
has the hypothesis's length), or the lines as the alignment paired them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Optional, Sequence

from ...engine.config import BleuConfig
from ...engine.errors import BleuInputError
from ...engine.validation import check_corpus
from ...messages import say
from .corpus import Corpus


def _lines(value: Any, name: str) -> tuple[str, ...]:
    """A file's lines, checked: a non-empty list of strings."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise BleuInputError(f"{name} must be a list of lines (strings), got {type(value).__name__}")
    if not value:
        raise BleuInputError(f"{name} is empty (no lines)")
    for i, line in enumerate(value):
        if not isinstance(line, str):
            raise BleuInputError(f"{name}[{i}] must be a string, got {type(line).__name__}")
    return tuple(value)


@dataclass(frozen=True)
class Files:
    """The hypothesis and the reference files (``streams``; None when the segments have varying numbers of
    references, then ``segment_refs`` holds them), the source (optional) and what to call each reference."""

    hypotheses: tuple[str, ...]
    streams: Optional[tuple[tuple[str, ...], ...]]
    names: tuple[str, ...]
    source: Optional[tuple[str, ...]] = None
    segment_refs: Optional[tuple[tuple[str, ...], ...]] = None

    @classmethod
    def of(cls, hypotheses: Sequence[str], references: Sequence[Any], *, streams: bool = False,
           source: Optional[Sequence[str]] = None, names: Optional[Sequence[str]] = None) -> "Files":
        src = None if source is None else _lines(source, "source")
        if not streams and isinstance(references, (list, tuple)) and references \
                and all(isinstance(r, str) for r in references):
            streams, references = True, [references]  # one string per line: one reference file
        if streams:
            hyps = _lines(hypotheses, "hypotheses")
            if isinstance(references, str) or not isinstance(references, Sequence) or not references:
                raise BleuInputError("streams must be a non-empty list of reference files (lists of lines)")
            files = tuple(_lines(s, f"streams[{k}]") for k, s in enumerate(references))
        else:
            checked_hyps, refs = check_corpus(hypotheses, references)
            hyps = tuple(checked_hyps)
            if len({len(r) for r in refs}) > 1:
                return cls(hypotheses=hyps, streams=None, names=(), source=src,
                           segment_refs=tuple(tuple(r) for r in refs))
            files = tuple(zip(*refs))
        default = (say("doctor.side.the-reference"),) if len(files) == 1 else \
            tuple(say("doctor.side.reference", number=k + 1) for k in range(len(files)))
        return cls(hypotheses=hyps, streams=files, names=tuple(names) if names else default, source=src)

    @property
    def varying(self) -> bool:
        """Whether the segments have varying numbers of references (no files to align)."""
        return self.streams is None

    def sides(self) -> Iterator[tuple[str, Sequence[str]]]:
        yield say("doctor.side.hypothesis"), self.hypotheses
        for name, stream in zip(self.names, self.streams or ()):
            yield name, stream

    def reference_lines(self) -> list[str]:
        if self.streams is None:
            return [r for refs in self.segment_refs or () for r in refs]
        return [line for stream in self.streams for line in stream]

    def corpus(self, config: BleuConfig) -> Optional[Corpus]:
        """The files as given, line i with line i, or None when their lengths differ."""
        if self.streams is None:
            return Corpus.of(self.hypotheses, self.segment_refs or (), config)
        if any(len(s) != len(self.hypotheses) for s in self.streams):
            return None
        return Corpus.of(self.hypotheses, tuple(zip(*self.streams)), config)

    def paired(self, segments: Optional[Sequence[tuple[int, tuple[int, ...]]]], given: Optional[Corpus],
               config: BleuConfig) -> Optional[Corpus]:
        """The corpus the checks read: as the alignment paired the lines, or as given; for files of different
        lengths that could not be paired, their first lines, as many as the shortest has (None if none)."""
        if segments is None:
            if given is not None or self.streams is None:
                return given
            n = min(len(self.hypotheses), *(len(s) for s in self.streams))
            segments = [(i, tuple(i for _ in self.streams)) for i in range(n)]
        if not segments:
            return None
        assert self.streams is not None
        hyps = tuple(self.hypotheses[i] for i, _ in segments)
        refs = tuple(tuple(self.streams[k][j] for k, j in enumerate(js)) for _, js in segments)
        return given.with_texts(hyps, refs) if given is not None else Corpus.of(hyps, refs, config)
