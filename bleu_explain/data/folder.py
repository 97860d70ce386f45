"""Test sets with human judgments per segment: the typed object, and a loader for any folder.

:class:`HumanJudgedTestSet` holds one test set: source, named references,
system outputs and, per kind of human judgment (MQM, DA, ...), a score per
system and segment (``None`` where a segment was not rated) and per system.
The WMT21 loaders (:mod:`bleu_explain.data.wmt21`) return it, and so does
:func:`load_judged_folder` for a folder of your own.

:func:`bleu_explain.data.loaders.load_wmt_folder` reads one human score per
*system*; :func:`load_judged_folder` reads the same folder layout plus a file
of scores per *segment*::

    folder/
        source.txt                  optional (also: source, src, src.txt)
        references/<one file per reference>
        systems/<one file per system>
        seg_scores.tsv              system, segment id, score per line (also:
                                    human_seg_scores.tsv, segment_scores.tsv);
                                    tabs or spaces; 1-based segment ids; None
                                    (or NA, nan) for a segment not rated; an
                                    optional header line naming the columns
        human_scores.tsv            optional, system<TAB>score: system-level
                                    scores of systems (others: the mean over
                                    their rated segments)

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     root = pathlib.Path(d)
...     for rel, text in {"references/ref.A.en": "a cat\\na dog\\n", "references/ref.B.en": "one cat\\none dog\\n",
...                       "systems/out.base.en": "cat\\ndog\\n", "systems/out.big.en": "a cat\\na dog\\n",
...                       "seg_scores.tsv": "system seg score\\nbase 1 -5\\nbase 2 None\\nbig 1 0\\nbig 2 -1\\n"
...                                         "ref-B 1 0\\n"}.items():
...         (root / rel).parent.mkdir(parents=True, exist_ok=True)
...         _ = (root / rel).write_text(text)
...     t = load_judged_folder(root, kind="mqm", higher_is_better=True)
>>> sorted(t.references), t.system_names, len(t)
(['A', 'B'], ['base', 'big'], 2)
>>> t.mqm_segments["base"], t.mqm_systems["big"]
([-5.0, None], -0.5)
>>> sorted(t.translations(reference="A"))
['base', 'big', 'ref-B']
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.errors import BleuInputError
from .loaders import load_wmt_folder, read_lines, system_names_from_files
from .download import PathLike

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .corpus import TeachingCorpus

SegmentScores = dict[str, list[float | None]]

#: File names :func:`load_judged_folder` looks for, in order, for the per-segment scores.
SEGMENT_SCORE_NAMES = ("seg_scores.tsv", "human_seg_scores.tsv", "segment_scores.tsv", "seg-scores.tsv")
#: Header spellings of the system and segment-id columns (compared in lower case).
SYSTEM_HEADERS = ("system", "sys", "system_name")
SEGMENT_HEADERS = ("seg_id", "segment", "seg", "sid", "segment_id", "segid")
#: Header columns that are never the score (counts of ratings in WMT's DA files).
COUNT_HEADERS = ("n", "n.all", "count", "n_ratings")
#: Values that mean "this segment was not rated".
UNRATED = ("none", "na", "n/a", "nan", "-")
#: How a human translation is named among systems: MQM's convention, e.g. ``ref-C``.
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

    @property
    def human_translation_names(self) -> list[str]:
        """Every reference named as a human translation ("ref-A", ...)."""
        return [HUMAN_PREFIX + r for r in self.references]

    def _kind(self, kind: str) -> HumanScores | None:
        return self.scores.get(kind)

    @property
    def mqm_segments(self) -> SegmentScores | None:
        """MQM per system and segment (0 perfect, more negative worse; None: not rated), if the set has MQM."""
        judged = self._kind("mqm")
        return None if judged is None else judged.segments

    @property
    def mqm_systems(self) -> dict[str, float] | None:
        """MQM per system (the mean over its rated segments), if the set has MQM."""
        judged = self._kind("mqm")
        return None if judged is None else judged.systems

    @property
    def da_segments(self) -> SegmentScores | None:
        """WMT's direct assessment per system and segment (z-scores), if the set has DA."""
        judged = self._kind("da")
        return None if judged is None else judged.segments

    @property
    def da_systems(self) -> dict[str, float] | None:
        """WMT's direct assessment per system (mean z-score), if the set has DA."""
        judged = self._kind("da")
        return None if judged is None else judged.systems

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

    def judged(self, kind: str = "mqm", reference: str | Sequence[str] = "A") -> list[str]:
        """The translations (as :meth:`translations` names them) that have a system-level ``kind`` score."""
        judged = self.human(kind)
        return [name for name in self.translations(reference) if name in judged.systems]

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


# ---------------------------------------------------------------------- segment-score files
def parse_segment_scores(
    lines: Sequence[str], n_segments: int, *, what: str = "segment-score file", score_column: str | None = None,
    segment_base: int = 1,
) -> SegmentScores:
    """Scores per system and segment from lines of ``system segment score`` (tabs or spaces).

    A first line that names a system column and a segment column is a header
    and says where the columns are (WMT's MQM files: ``system mqm_avg_score
    seg_id``; DA files: ``SYS SID RAW.SCR Z.SCR N``, where ``score_column``
    picks the score). Without a header the order is system, segment, score.
    Segment ids start at ``segment_base``; a segment without a line, or with
    ``None``/``NA``/``nan``, is unrated (``None``).

    >>> parse_segment_scores(["system mqm seg_id", "A -5 1", "A None 2", "B 0 2"], 2)
    {'A': [-5.0, None], 'B': [None, 0.0]}
    >>> parse_segment_scores(["A 0 1.5"], 1, segment_base=0)
    {'A': [1.5]}
    """
    if n_segments < 1:
        raise BleuInputError(f"{what}: the test set has no segments")
    rows = [(i, line.split()) for i, line in enumerate(lines, 1) if line.strip()]
    if not rows:
        raise BleuInputError(f"{what} has no scores")
    sys_col, seg_col, score_col = 0, 1, 2
    first = [f.lower() for f in rows[0][1]]
    if any(f in SYSTEM_HEADERS for f in first) and any(f in SEGMENT_HEADERS for f in first):
        sys_col = next(i for i, f in enumerate(first) if f in SYSTEM_HEADERS)
        seg_col = next(i for i, f in enumerate(first) if f in SEGMENT_HEADERS)
        if score_column is not None:
            if score_column.lower() not in first:
                raise BleuInputError(f"{what} has no column {score_column!r}; its header is {rows[0][1]}")
            score_col = first.index(score_column.lower())
        else:
            candidates = [i for i, f in enumerate(first) if i not in (sys_col, seg_col) and f not in COUNT_HEADERS]
            if len(candidates) != 1:
                raise BleuInputError(f"{what}: which column is the score? The header is {rows[0][1]}; "
                                     "name one with score_column=...")
            score_col = candidates[0]
        width = len(first)
        rows = rows[1:]
    elif score_column is not None:
        raise BleuInputError(f"{what} has no header line, so score_column={score_column!r} cannot be found")
    else:
        width = 3
    scores: SegmentScores = {}
    seen: set[tuple[str, int]] = set()
    for lineno, fields in rows:
        if len(fields) != width:
            raise BleuInputError(f"{what} line {lineno}: {len(fields)} fields, expected {width}: {' '.join(fields)!r}")
        system, seg, value = fields[sys_col], fields[seg_col], fields[score_col]
        try:
            index = int(seg) - segment_base
        except ValueError:
            raise BleuInputError(f"{what} line {lineno}: the segment id {seg!r} is not a whole number") from None
        if not 0 <= index < n_segments:
            raise BleuInputError(
                f"{what} line {lineno}: segment id {seg} is out of range: with {n_segments} segments, ids run from "
                f"{segment_base} to {n_segments - 1 + segment_base} (segment_base={segment_base})")
        score: float | None
        if value.lower() in UNRATED:
            score = None
        else:
            try:
                score = float(value)
            except ValueError:
                raise BleuInputError(f"{what} line {lineno}: the score {value!r} is not a number (or None)") from None
            if math.isnan(score):
                score = None
            elif not math.isfinite(score):
                raise BleuInputError(f"{what} line {lineno}: the score {value!r} is not finite")
        if (system, index) in seen:
            raise BleuInputError(f"{what} line {lineno}: system {system!r} segment {seg} has a second line")
        seen.add((system, index))
        row = scores.get(system)
        if row is None:  # not setdefault: that would build a fresh list for every line
            row = scores[system] = [None] * n_segments
        row[index] = score
    return scores


def mean_scores(segments: SegmentScores) -> dict[str, float]:
    """Each system's mean over its rated segments (systems with none rated are left out).

    >>> mean_scores({"A": [-1.0, None, -2.0], "B": [None]})
    {'A': -1.5}
    """
    out = {}
    for system, values in segments.items():
        rated = [v for v in values if v is not None]
        if rated:
            out[system] = math.fsum(rated) / len(rated)
    return out


_NUMERIC_SUFFIX = re.compile(r"^(.+)\.\d+$")


def match_names(
    names: Iterable[str], systems: Iterable[str], references: Iterable[str] = (),
    aliases: Mapping[str, str] | None = None,
) -> dict[str, str | None]:
    """How names in a score file map to systems and human translations (None: no match).

    In order: ``aliases``; the exact system name; a reference name or
    ``ref-<name>`` (a human translation, named ``ref-<name>``); the name less
    a numeric suffix (WMT's DA writes ``NiuTrans.21``); the same name in
    another case, if only one system matches.

    >>> match_names(["Nemo", "NiuTrans.21", "ref-A", "C", "xmu", "metricsystem1"],
    ...             ["NVIDIA-NeMo", "NiuTrans", "XMU"], ["A", "C"], aliases={"Nemo": "NVIDIA-NeMo"})
    {'Nemo': 'NVIDIA-NeMo', 'NiuTrans.21': 'NiuTrans', 'ref-A': 'ref-A', 'C': 'ref-C', 'xmu': 'XMU', 'metricsystem1': None}
    """
    systems = list(systems)
    refs = set(references)
    lower: dict[str, list[str]] = {}
    for s in systems:
        lower.setdefault(s.lower(), []).append(s)
    out: dict[str, str | None] = {}
    for name in names:
        target: str | None = None
        stripped = _NUMERIC_SUFFIX.match(name)
        if aliases and name in aliases:
            target = aliases[name]
        elif name in systems:
            target = name
        elif name in refs:
            target = HUMAN_PREFIX + name
        elif name.startswith(HUMAN_PREFIX) and name[len(HUMAN_PREFIX):] in refs:
            target = name
        elif stripped and stripped.group(1) in systems:
            target = stripped.group(1)
        elif len(lower.get(name.lower(), [])) == 1:
            target = lower[name.lower()][0]
        out[name] = target
    return out


def rename_scores(
    segments: SegmentScores, mapping: Mapping[str, str | None], *, what: str, keep_unmatched: bool,
) -> SegmentScores:
    """Segment scores under their matched names; unmatched names kept as they are or refused."""
    out: SegmentScores = {}
    unmatched = [name for name in segments if mapping.get(name) is None]
    if unmatched and not keep_unmatched:
        raise BleuInputError(f"{what} scores {unmatched}, which match no system or reference; give aliases="
                             "{name: system}, or keep_unmatched=True to keep their scores without a text")
    for name, values in segments.items():
        target = mapping.get(name) or name
        if target in out:
            raise BleuInputError(f"{what}: two names are scores of {target!r}")
        out[target] = values
    return out


# ---------------------------------------------------------------------- any folder
def load_judged_folder(
    folder: PathLike,
    *,
    scores_file: PathLike | None = None,
    score_column: str | None = None,
    kind: str = "human",
    higher_is_better: bool = True,
    segment_base: int = 1,
    aliases: Mapping[str, str] | None = None,
    keep_unmatched: bool = False,
    name: str | None = None,
) -> HumanJudgedTestSet:
    """A WMT-style folder (see :func:`bleu_explain.data.loaders.load_wmt_folder`) with human scores per segment.

    ``scores_file`` (a path, or a name inside the folder) defaults to the first
    of :data:`SEGMENT_SCORE_NAMES` found; its format is that of
    :func:`parse_segment_scores`. System names in it are matched as
    :func:`match_names` says; a name that matches no system is an error unless
    ``keep_unmatched`` (its scores are then kept under its own name). The
    scores are stored as ``kind`` (e.g. ``"mqm"`` or ``"da"``, which also
    gives the ``mqm_*``/``da_*`` properties). System-level scores are the mean
    over each system's rated segments, except where the folder's
    ``human_scores.tsv`` gives a system's score.
    """
    root = Path(folder)
    corpus = load_wmt_folder(root, name=name)
    ref_files = [Path(p).name for p in corpus.metadata["reference_files"]]
    ref_names = system_names_from_files(ref_files)
    references = {r: [segment[k] for segment in corpus.references] for k, r in enumerate(ref_names)}
    if scores_file is not None:
        score_path = Path(scores_file)
        if not score_path.is_absolute() and (root / score_path).is_file():
            score_path = root / score_path
    else:
        found = next((root / n for n in SEGMENT_SCORE_NAMES if (root / n).is_file()), None)
        if found is None:
            raise BleuInputError(f"{str(root)!r} has no file of scores per segment (looked for "
                                 f"{', '.join(SEGMENT_SCORE_NAMES)}); name one with scores_file=...")
        score_path = found
    what = f"segment-score file {score_path.name!r}"
    raw = parse_segment_scores(read_lines(score_path, "segment-score file"), len(corpus), what=what,
                               score_column=score_column, segment_base=segment_base)
    file_aliases = {Path(p).name: s for s, p in corpus.metadata["system_files"].items()}
    mapping = match_names(raw, corpus.system_names, ref_names, aliases={**file_aliases, **(aliases or {})})
    segments = rename_scores(raw, mapping, what=what, keep_unmatched=keep_unmatched)
    systems_level = mean_scores(segments)
    # load_wmt_folder has read (and name-checked) the folder's system-level file, if any: its values win.
    systems_level.update(corpus.human_scores or {})
    judged = HumanScores(kind=kind, segments=segments, systems=systems_level, higher_is_better=higher_is_better,
                         description=f"from {score_path.name}")
    textless = sorted(set(segments) - set(corpus.system_names) - {HUMAN_PREFIX + r for r in ref_names})
    metadata = {"folder": str(root), "score_file": str(score_path), "textless": textless,
                "reference_files": dict(zip(ref_names, corpus.metadata["reference_files"]))}
    return HumanJudgedTestSet(name=name or root.name, references=references, systems=dict(corpus.systems),
                              scores={kind: judged}, source=corpus.sources, metadata=metadata)


def _is_human(name: str, systems: Mapping[str, Any]) -> bool:
    # "ref-X" (MQM's naming) and WMT DA's "HUMAN" are human translations; a machine system is never one.
    return name not in systems and (name.startswith(HUMAN_PREFIX) or name.upper() == "HUMAN")
