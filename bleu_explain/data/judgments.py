"""A test set with human judgments per segment: the typed object the loaders return.

:class:`HumanJudgedTestSet` holds one test set: source, named references,
system outputs and, per kind of human judgment (MQM, DA, ...), a score per
system and segment (``None`` where a segment was not rated) and per system.
The WMT21 loaders (:mod:`bleu_explain.data.wmt21`) and
:func:`bleu_explain.data.folder.load_judged_folder` return it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .corpus import TeachingCorpus

SegmentScores = dict[str, list[float | None]]
T = TypeVar("T")

#: A human translation scored like a system is named ``ref-<reference name>``.
HUMAN_PREFIX = "ref-"


@dataclass(frozen=True)
class HumanScores:
    """One kind of human judgment of a test set.

    ``segments`` maps a system to one score per segment (``None``: not rated);
    ``systems`` maps it to its system-level score. Higher is better for
    WMT's scores, MQM included: MQM is an error score where 0 is perfect and
    more negative is worse.
    """

    kind: str
    segments: SegmentScores
    systems: dict[str, float]
    higher_is_better: bool = True
    description: str = ""

    def rated(self, system: str) -> int:
        """How many segments of ``system`` have a score."""
        return sum(v is not None for v in self.segments.get(system, []))


class _JudgedPart(Generic[T]):
    """A read-only attribute of :class:`HumanJudgedTestSet`: the ``segments`` or ``systems`` part of one kind
    of its human scores, or None where the set has no scores of that kind."""

    def __init__(self, kind: str, part: str, doc: str) -> None:
        self.kind, self.part, self.__doc__ = kind, part, doc

    @overload
    def __get__(self, test_set: None, owner: type) -> _JudgedPart[T]: ...

    @overload
    def __get__(self, test_set: HumanJudgedTestSet, owner: type) -> T | None: ...

    def __get__(self, test_set: HumanJudgedTestSet | None, owner: type) -> _JudgedPart[T] | T | None:
        if test_set is None:  # looked up on the class (help(), the docs): the attribute itself
            return self
        judged = test_set.scores.get(self.kind)
        return None if judged is None else getattr(judged, self.part)


@dataclass(frozen=True)
class HumanJudgedTestSet:
    """A test set with human judgments: source, references, systems, scores per segment and per system.

    ``references`` maps a reference's name (``"A"``) to its lines; ``systems``
    maps a machine system to its output. A human translation that was judged
    like a system is named ``"ref-<name>"`` in the scores (MQM's convention);
    :meth:`translations` lists machine systems and the human translations
    that are not the chosen reference, ready to score. ``scores`` maps a kind
    (``"mqm"``, ``"da"``, ``"da_raw"``, ...) to :class:`HumanScores`; scores may
    also cover systems whose text is not in the set (``metadata["textless"]``).
    """

    name: str
    references: dict[str, list[str]]
    systems: dict[str, list[str]]
    scores: dict[str, HumanScores] = field(default_factory=dict)
    source: list[str] | None = None
    pair: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.references:
            raise BleuInputError(f"{self.name}: a test set needs at least one reference")
        n = len(next(iter(self.references.values())))
        streams: dict[str, Sequence[Any]] = {f"reference {k}": v for k, v in self.references.items()}
        streams.update({f"system {k}": v for k, v in self.systems.items()})
        if self.source is not None:
            streams["source"] = self.source
        for kind, judged in self.scores.items():
            streams.update({f"{kind} scores of {k}": v for k, v in judged.segments.items()})
        wrong = {k: len(v) for k, v in streams.items() if len(v) != n}
        if wrong:
            raise BleuInputError(f"{self.name}: not aligned: the first reference has {n} segments, but "
                                 + ", ".join(f"{k} has {m}" for k, m in wrong.items()))
        clash = sorted(set(self.systems) & {HUMAN_PREFIX + r for r in self.references})
        if clash:
            raise BleuInputError(f"{self.name}: systems {clash} clash with the names of human translations")

    # ------------------------------------------------------------------ views
    def __len__(self) -> int:
        return len(next(iter(self.references.values())))

    def __repr__(self) -> str:
        kinds = ", ".join(f"{k}: {len(v.systems)} systems" for k, v in self.scores.items()) or "none"
        return (f"HumanJudgedTestSet({self.name!r}: {len(self)} segments, references {list(self.references)}, "
                f"{len(self.systems)} systems, human scores {kinds})")

    @property
    def n_segments(self) -> int:
        """The number of segments."""
        return len(self)

    @property
    def system_names(self) -> list[str]:
        """The machine systems, in order."""
        return list(self.systems)

    mqm_segments = _JudgedPart[SegmentScores](
        "mqm", "segments", "MQM per system and segment (0 perfect, more negative worse; None: not rated), if the "
        "set has MQM.")
    mqm_systems = _JudgedPart[dict[str, float]](
        "mqm", "systems", "MQM per system (the mean over its rated segments), if the set has MQM.")
    da_segments = _JudgedPart[SegmentScores](
        "da", "segments", "WMT's direct assessment per system and segment (z-scores), if the set has DA.")
    da_systems = _JudgedPart[dict[str, float]](
        "da", "systems", "WMT's direct assessment per system (mean z-score), if the set has DA.")

    def human(self, kind: str) -> HumanScores:
        """The human scores of one kind, with a clear error if the set has none."""
        if kind not in self.scores:
            raise BleuInputError(f"{self.name} has no {kind!r} scores; it has {sorted(self.scores)}")
        return self.scores[kind]

    def _reference_names(self, reference: str | Sequence[str]) -> list[str]:
        names = [reference] if isinstance(reference, str) else list(reference)
        names = [n.removeprefix(HUMAN_PREFIX) for n in names]
        unknown = [n for n in names if n not in self.references]
        if unknown or not names:
            raise BleuInputError(f"{self.name} has no reference {unknown or names}; it has {list(self.references)}")
        return names

    def translations(self, reference: str | Sequence[str] = "A", *, humans: bool = True) -> dict[str, list[str]]:
        """Everything to score against ``reference``: the machine systems, then (with ``humans``) the other
        human translations, named ``ref-<name>``.
        """
        used = self._reference_names(reference)
        out = dict(self.systems)
        if humans:
            out.update({HUMAN_PREFIX + r: lines for r, lines in self.references.items() if r not in used})
        return out

    def judged(self, kind: str = "mqm", reference: str | Sequence[str] = "A", *, humans: bool = True) -> list[str]:
        """The translations (as :meth:`translations` names them) that have a system-level ``kind`` score; without
        ``humans``, the machine systems among them."""
        judged = self.human(kind)
        return [name for name in self.translations(reference, humans=humans) if name in judged.systems]

    # ------------------------------------------------------------------ conversions
    def to_frame(self, level: str = "segment") -> pd.DataFrame:
        """A pandas table of everything with a text.

        ``level="segment"``: one row per translation and segment -- ``seg``
        (1-based, as in WMT's files), ``system``, ``human`` (a human
        translation?), ``output``, ``source``, ``ref_<name>`` per reference,
        then one column per kind of score (NaN: not rated). Human translations
        appear as ``ref-<name>``, the references themselves included.
        ``level="system"``: one row per system that has a text or a score --
        ``human``, ``has_text``, then per kind the system score and the number
        of rated segments (``<kind>_rated``).
        """
        import pandas as pd

        texts = dict(self.systems)
        texts.update({HUMAN_PREFIX + r: lines for r, lines in self.references.items()})
        if level == "system":
            names = list(texts) + [s for j in self.scores.values() for s in j.systems if s not in texts]
            rows = []
            for name in dict.fromkeys(names):
                row: dict[str, Any] = {"system": name, "human": _is_human(name, self.systems),
                                       "has_text": name in texts}
                for kind, judged in self.scores.items():
                    row[kind] = judged.systems.get(name)
                    row[f"{kind}_rated"] = judged.rated(name)
                rows.append(row)
            return pd.DataFrame(rows).set_index("system")
        if level != "segment":
            raise BleuInputError(f"level must be 'segment' or 'system', got {level!r}")
        n = len(self)
        columns: dict[str, list[Any]] = {"seg": [], "system": [], "human": [], "output": []}
        for name, lines in texts.items():
            columns["seg"].extend(range(1, n + 1))
            columns["system"].extend([name] * n)
            columns["human"].extend([name not in self.systems] * n)
            columns["output"].extend(lines)
        k = len(texts)
        source: list[Any] = list(self.source) if self.source is not None else [None] * n
        columns["source"] = source * k
        for r, lines in self.references.items():
            columns[f"ref_{r}"] = list(lines) * k
        for kind, judged in self.scores.items():
            values: list[float | None] = []
            for name in texts:
                values.extend(judged.segments.get(name, [None] * n))
            columns[kind] = [math.nan if v is None else v for v in values]
        return pd.DataFrame(columns)

    def to_corpus(self, reference: str | Sequence[str] = "A", *, kind: str | None = None,
                  humans: bool = True) -> TeachingCorpus:
        """A :class:`~bleu_explain.data.corpus.TeachingCorpus` for the rest of bleu_explain (tables, significance, plots).

        Its references are ``reference`` (one name or several), its systems
        :meth:`translations` against them, and its ``human_scores`` the
        system-level scores of ``kind`` (default: MQM if the set has it, else
        its first kind), for the systems that have one.
        """
        from .corpus import TeachingCorpus

        used = self._reference_names(reference)
        systems = self.translations(used, humans=humans)
        kind = kind or ("mqm" if "mqm" in self.scores else next(iter(self.scores), None))
        human = None
        if kind is not None:
            human = {k: v for k, v in self.human(kind).systems.items() if k in systems}
        metadata = {**self.metadata, "name": f"{self.name} (references {', '.join(used)})", "pair": self.pair,
                    "references_used": used, "human_score_kind": kind}
        return TeachingCorpus(references=[list(segment) for segment in zip(*(self.references[r] for r in used))],
                              systems=systems, sources=self.source, metadata=metadata, human_scores=human)


def _is_human(name: str, systems: Mapping[str, Any]) -> bool:
    # "ref-X" (MQM's naming) and WMT DA's "HUMAN" are human translations; a machine system is never one.
    return name not in systems and (name.startswith(HUMAN_PREFIX) or name.upper() == "HUMAN")
