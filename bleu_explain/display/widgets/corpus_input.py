"""The systems, references and human scores an explorer of a whole test set works on.

Every way in -- explicit texts, a :class:`~bleu_explain.data.corpus.TeachingCorpus`
(the bundled corpus, :mod:`bleu_explain.data.loaders`), a
:class:`~bleu_explain.data.judgments.HumanJudgedTestSet` (WMT21,
:func:`~bleu_explain.data.folder.load_judged_folder`) or uploaded files
(:mod:`.upload`) -- ends as one :class:`CorpusInput`.

>>> data = read_corpus(None, {"A": ["a cat", "a dog"]}, [["a cat"], ["one dog"]])
>>> data.system_names, data.n_segments, data.human_kind
(['A'], 2, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ...engine.errors import BleuInputError


@dataclass(frozen=True)
class CorpusInput:
    """One test set as the explorers read it.

    ``references`` is segment-major (``references[i]`` lists segment i's
    references). ``human_segments`` maps a system to one human score per
    segment (``None``: not rated) and ``human_systems`` to its system score;
    both are empty when the test set has no human scores of that level.
    ``human_kind`` names the judgment (``"mqm"``, ``"da"``, ``"human"``).
    """

    name: str
    systems: dict[str, list[str]]
    references: list[list[str]]
    human_kind: str | None = None
    human_segments: dict[str, list[float | None]] = field(default_factory=dict)
    human_systems: dict[str, float] = field(default_factory=dict)
    higher_is_better: bool = True

    def __post_init__(self) -> None:
        if not self.systems:
            raise BleuInputError(f"{self.name} has no system outputs to explore")
        if not self.references:
            raise BleuInputError(f"{self.name} has no segments")

    @property
    def system_names(self) -> list[str]:
        return list(self.systems)

    @property
    def n_segments(self) -> int:
        return len(self.references)


def read_corpus(corpus: Any, systems: Mapping[str, Sequence[str]] | None,
                references: Sequence[Sequence[str]] | None) -> CorpusInput:
    """A :class:`CorpusInput` from a corpus object, explicit arguments, or (with neither) the bundled corpus."""
    from ...data.judgments import HumanJudgedTestSet

    if systems is not None or references is not None:
        if corpus is not None:
            raise BleuInputError("give either a corpus or systems and references, not both")
        if systems is None or references is None:
            raise BleuInputError("give both systems (name -> outputs) and references (one list per segment)")
        if not isinstance(systems, Mapping) or not systems:
            raise BleuInputError("systems must be a non-empty dict of system name -> list of outputs")
        return CorpusInput(name="the texts given", systems={str(k): list(v) for k, v in systems.items()},
                           references=[list(r) for r in references])
    if corpus is None:
        from ...data.corpus import load_corpus

        corpus = load_corpus()
    if isinstance(corpus, CorpusInput):
        return corpus
    if isinstance(corpus, HumanJudgedTestSet):
        return _judged_input(corpus)
    if not hasattr(corpus, "systems") or not hasattr(corpus, "references"):
        raise BleuInputError("corpus must be a TeachingCorpus (load_corpus(), the loaders) or a "
                             f"HumanJudgedTestSet (load_judged_folder(), load_wmt21()), got {type(corpus).__name__}")
    names = dict(corpus.systems)
    metadata = getattr(corpus, "metadata", None) or {}
    human = getattr(corpus, "human_scores", None) or {}
    return CorpusInput(name=str(metadata.get("name", "the corpus")), systems={k: list(v) for k, v in names.items()},
                       references=[list(r) for r in corpus.references],
                       human_kind="human" if human else None,
                       human_systems={k: v for k, v in human.items() if k in names})


def _judged_input(test_set: Any) -> CorpusInput:
    # Every reference counts as a reference; the machine systems are explored (human translations are the
    # references here). The human scores shown are MQM's if the set has them, else its first kind's.
    references = [list(segment) for segment in zip(*test_set.references.values())]
    kind = "mqm" if "mqm" in test_set.scores else next(iter(test_set.scores), None)
    segments: dict[str, list[float | None]] = {}
    system_scores: dict[str, float] = {}
    higher = True
    if kind is not None:
        judged = test_set.scores[kind]
        segments = {k: list(v) for k, v in judged.segments.items() if k in test_set.systems}
        system_scores = {k: v for k, v in judged.systems.items() if k in test_set.systems}
        higher = judged.higher_is_better
    return CorpusInput(name=test_set.name, systems={k: list(v) for k, v in test_set.systems.items()},
                       references=references, human_kind=kind if segments or system_scores else None,
                       human_segments=segments, human_systems=system_scores, higher_is_better=higher)


def corpus_parts(corpus: Any, systems: Mapping[str, Sequence[str]] | None,
                 references: Sequence[Sequence[str]] | None) -> tuple[dict[str, list[str]], list[list[str]]]:
    """Systems and segment-major references from a corpus object, explicit arguments, or the bundled corpus."""
    data = read_corpus(corpus, systems, references)
    return data.systems, data.references
