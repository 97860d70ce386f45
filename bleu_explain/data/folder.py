"""A loader for any folder of references, system outputs and human scores per segment.

It returns a :class:`~bleu_explain.data.judgments.HumanJudgedTestSet`, as the
WMT21 loaders (:mod:`bleu_explain.data.wmt21`) do.

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
from pathlib import Path

from ..engine.errors import BleuInputError
from .download import PathLike
from .judgments import HUMAN_PREFIX, HumanJudgedTestSet, HumanScores, SegmentScores
from .loaders import load_wmt_folder, read_lines, system_names_from_files

#: File names :func:`load_judged_folder` looks for, in order, for the per-segment scores.
SEGMENT_SCORE_NAMES = ("seg_scores.tsv", "human_seg_scores.tsv", "segment_scores.tsv", "seg-scores.tsv")
#: Header spellings of the system and segment-id columns (compared in lower case).
SYSTEM_HEADERS = ("system", "sys", "system_name")
SEGMENT_HEADERS = ("seg_id", "segment", "seg", "sid", "segment_id", "segid")
#: Header columns that are never the score (counts of ratings in WMT's DA files).
COUNT_HEADERS = ("n", "n.all", "count", "n_ratings")
#: Values that mean "this segment was not rated".
UNRATED = ("none", "na", "n/a", "nan", "-")


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
    (sys_col, seg_col, score_col, width), has_header = _columns(rows[0][1], what, score_column)
    scores: SegmentScores = {}
    seen: set[tuple[str, int]] = set()
    for lineno, fields in rows[1:] if has_header else rows:
        if len(fields) != width:
            raise BleuInputError(f"{what} line {lineno}: {len(fields)} fields, expected {width}: {' '.join(fields)!r}")
        system, seg = fields[sys_col], fields[seg_col]
        try:
            index = int(seg) - segment_base
        except ValueError:
            raise BleuInputError(f"{what} line {lineno}: the segment id {seg!r} is not a whole number") from None
        if not 0 <= index < n_segments:
            raise BleuInputError(
                f"{what} line {lineno}: segment id {seg} is out of range: with {n_segments} segments, ids run from "
                f"{segment_base} to {n_segments - 1 + segment_base} (segment_base={segment_base})")
        score = _score(fields[score_col], f"{what} line {lineno}")
        if (system, index) in seen:
            raise BleuInputError(f"{what} line {lineno}: system {system!r} segment {seg} has a second line")
        seen.add((system, index))
        row = scores.get(system)
        if row is None:  # not setdefault: that would build a fresh list for every line
            row = scores[system] = [None] * n_segments
        row[index] = score
    return scores


def _columns(first: Sequence[str], what: str, score_column: str | None) -> tuple[tuple[int, int, int, int], bool]:
    """Where the system, segment and score columns are and how many fields a line has; and whether the
    first line (``first``, split) is a header that says so (else the order is system, segment, score)."""
    names = [f.lower() for f in first]
    if not (any(f in SYSTEM_HEADERS for f in names) and any(f in SEGMENT_HEADERS for f in names)):
        if score_column is not None:
            raise BleuInputError(f"{what} has no header line, so score_column={score_column!r} cannot be found")
        return (0, 1, 2, 3), False
    sys_col = next(i for i, f in enumerate(names) if f in SYSTEM_HEADERS)
    seg_col = next(i for i, f in enumerate(names) if f in SEGMENT_HEADERS)
    if score_column is not None:
        if score_column.lower() not in names:
            raise BleuInputError(f"{what} has no column {score_column!r}; its header is {list(first)}")
        return (sys_col, seg_col, names.index(score_column.lower()), len(names)), True
    candidates = [i for i, f in enumerate(names) if i not in (sys_col, seg_col) and f not in COUNT_HEADERS]
    if len(candidates) != 1:
        raise BleuInputError(f"{what}: which column is the score? The header is {list(first)}; "
                             "name one with score_column=...")
    return (sys_col, seg_col, candidates[0], len(names)), True


def _score(value: str, where: str) -> float | None:
    """A score as a number, or None for a segment not rated (``None``, ``NA``, ``nan``, ...)."""
    if value.lower() in UNRATED:
        return None
    try:
        score = float(value)
    except ValueError:
        raise BleuInputError(f"{where}: the score {value!r} is not a number (or None)") from None
    if math.isnan(score):
        return None
    if not math.isfinite(score):
        raise BleuInputError(f"{where}: the score {value!r} is not finite")
    return score


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
