"""WMT21 news test sets with human judgments: Chinese-English and English-German newstest2021.

``load_wmt21("zh-en")``: 1,948 segments, the source, reference A, 23 system
outputs, WMT's crowd DA per system and segment (z-scores as ``da``, raw 0-100
as ``da_raw``) and expert MQM per segment (Freitag et al. 2021) for 8 systems
and two human translations (ref-A, ref-B).

``load_wmt21("en-de")``: 1,002 segments, the source, human references A, C and
D, 20 system outputs and MQM per segment for 8 systems and four human
translations (ref-A..ref-D).

MQM is an error score: 0 is perfect, more negative is worse; a system's score
is the mean over the segments that were rated (about a third of them; the
others are ``None``). Names are those of the system-output files: MQM's
``Nemo`` is ``NVIDIA-NeMo``, DA's ``NiuTrans.21`` is ``NiuTrans``, MQM's
``ref-C`` is reference C read as a system. Some judged names have no text in
this release (MQM's ``metricsystem1..5`` and ``ref-B``, DA's ``HUMAN``); their
scores are kept and listed in ``metadata["textless"]``.

The files are not bundled: ``python -m bleu_explain.data fetch wmt21`` (or
``load_wmt21(pair, download=True)``) downloads them, pinned to a commit and
checked by sha256; see :mod:`bleu_explain.data.download` for where they live.

>>> PAIRS
('zh-en', 'en-de')
>>> wmt21_files("en-de")[0].file
'en-de/human/mqm.seg.tsv'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..engine.errors import BleuInputError
from .download import PathLike, fetch, require, verified_path
from .folder import (
    HumanJudgedTestSet,
    HumanScores,
    SegmentScores,
    match_names,
    mean_scores,
    parse_segment_scores,
    rename_scores,
)
from .loaders import read_lines
from .manifest import DataFile, files_for

__all__ = ["PAIRS", "HumanJudgedTestSet", "HumanScores", "load_wmt21", "wmt21_available", "wmt21_files"]

DATASET = "wmt21"
#: The language pairs, in the order the course uses them.
PAIRS = ("zh-en", "en-de")
#: MQM names that differ from the system-output file names.
MQM_ALIASES = {"Nemo": "NVIDIA-NeMo"}
#: Judged names whose translations are not in this release (their scores are kept, without a text).
TEXTLESS = frozenset({f"metricsystem{k}" for k in range(1, 6)} | {"ref-B", "HUMAN"})

MQM_DESCRIPTION = ("expert MQM (Freitag et al. 2021, google/wmt-mqm-human-evaluation): an error score, 0 is "
                   "perfect and more negative is worse; None: segment not rated; system score = mean over rated "
                   "segments")
DA_DESCRIPTION = ("WMT21's crowd direct assessment (wmt21-news-systems humaneval), {scale}; None: segment not "
                  "rated; system score as WMT published it (= mean over rated segments)")


def wmt21_files(pair: str) -> tuple[DataFile, ...]:
    """The manifest entries of one pair (with the licence of the MQM files)."""
    _check_pair(pair)
    return files_for(DATASET, pair)


def _check_pair(pair: str) -> None:
    if pair not in PAIRS:
        raise BleuInputError(f"WMT21 data here are for {list(PAIRS)}; got {pair!r}")


def wmt21_available(pair: str | None = None, *, data_dir: PathLike | None = None) -> bool:
    """Whether every file of ``pair`` (or of both pairs) is present (checksums are checked when loading)."""
    try:
        for p in ([pair] if pair else PAIRS):
            require(wmt21_files(p), data_dir=data_dir, pair=p)
    except BleuInputError:
        return False
    return True


def load_wmt21(
    pair: str,
    *,
    data_dir: PathLike | None = None,
    download: bool = False,
    base_url: str | None = None,
) -> HumanJudgedTestSet:
    """WMT21 newstest2021 for ``pair`` (``"zh-en"`` or ``"en-de"``) with its human judgments.

    Reads from ``data_dir``, else the folder in ``$BLEU_EXPLAIN_DATA``, else
    the user's cache. Missing files raise
    :class:`~bleu_explain.data.download.DataNotAvailableError` naming them,
    their sizes and the command that fetches them, unless ``download=True``
    (which fetches what is missing first). Every file's sha256 is checked;
    a copy with another checksum is refused
    (:class:`~bleu_explain.data.download.DataChecksumError`).
    """
    _check_pair(pair)
    files = wmt21_files(pair)
    if download:
        fetch(DATASET, pair, data_dir=data_dir, base_url=base_url)
    reader = _PairReader(pair, files, require(files, data_dir=data_dir, pair=pair))
    scores = {"mqm": reader.mqm()}
    if reader.has_da():
        scores.update(reader.da())
    src_lang, tgt_lang = pair.split("-")
    metadata = {
        "test_set": "newstest2021",
        "source_language": src_lang,
        "target_language": tgt_lang,
        "data_dir": str(reader.root),
        "textless": sorted(reader.textless),
        "renamed": reader.renamed,
        "origins": sorted({f"{f.repo}@{f.commit}" for f in files}),
        "licence": "MQM files: Apache-2.0 (human-judgments-LICENSE.txt); WMT21 texts: see wmt21-news-systems",
    }
    return HumanJudgedTestSet(name=f"WMT21 newstest2021 {pair}", pair=pair, source=reader.source,
                              references=reader.references, systems=reader.systems, scores=scores, metadata=metadata)


class _PairReader:
    """One pair's files, each read after its checksum is checked, and the judged names matched to the texts.

    Reading the texts (source, references, systems) at once checks they are
    aligned; :meth:`named` then keeps track of the judged names that have no
    text (``textless``) and of those that were renamed (``renamed``, per kind).
    """

    def __init__(self, pair: str, files: Sequence[DataFile], root: Path) -> None:
        self.pair, self.root = pair, root
        self.by_name = {f.file: f for f in files}
        self.textless: set[str] = set()
        self.renamed: dict[str, dict[str, str]] = {}
        src_lang, tgt_lang = pair.split("-")
        self.source = self.lines(f"{pair}/src.{src_lang}")
        self.references: dict[str, list[str]] = {}
        for f in files:
            stem = f.file[len(pair) + 1:]
            if stem.startswith("ref.") and stem.count("/") == 0:
                self.references[stem.split(".")[1]] = self.lines(f.file)
        sys_prefix, suffix = f"{pair}/sys/", f".{tgt_lang}"
        self.systems = {f.file[len(sys_prefix):-len(suffix)]: self.lines(f.file) for f in files
                        if f.file.startswith(sys_prefix) and f.file.endswith(suffix)}
        n = len(self.source)
        counts = {**{f"reference {r}": len(v) for r, v in self.references.items()},
                  **{f"system {s}": len(v) for s, v in self.systems.items()}}
        misaligned = {k: m for k, m in counts.items() if m != n}
        if misaligned or not self.references or not self.systems:
            raise BleuInputError(f"WMT21 {pair}: the source has {n} lines but "
                                 f"{misaligned or 'no references/systems'}")

    def lines(self, file: str) -> list[str]:
        """The lines of one of the pair's files, after checking its sha256 and its number of lines."""
        entry = self.by_name[file]
        path = verified_path(entry, self.root)
        out = read_lines(path, f"WMT21 file {file}")
        # The checksum pins the content, so this only fails if the manifest itself is inconsistent.
        if len(out) != entry.lines:
            raise BleuInputError(f"{path} has {len(out)} lines; the manifest says {entry.lines}")
        return out

    def named(self, raw: SegmentScores, what: str, aliases: dict[str, str] | None = None) -> SegmentScores:
        """Scores under the names of the texts; only names known to have no text may match none."""
        mapping = match_names(raw, self.systems, self.references, aliases=aliases)
        for k, v in mapping.items():
            if v is None and k.rsplit(".", 1)[0] in TEXTLESS:  # DA's "HUMAN.0" is "HUMAN"
                mapping[k] = k.rsplit(".", 1)[0]
        unmatched = {v or k for k, v in mapping.items() if v is None or v in TEXTLESS}
        # Anything else is a renamed system whose scores we would lose.
        if unmatched - TEXTLESS:
            raise BleuInputError(f"WMT21 {self.pair} {what}: names {sorted(unmatched - TEXTLESS)} match no system "
                                 f"output ({sorted(self.systems)})")
        self.textless.update(unmatched)
        self.renamed[what] = {k: v for k, v in mapping.items() if v is not None and v != k}
        return rename_scores(raw, mapping, what=f"WMT21 {self.pair} {what}", keep_unmatched=True)

    def mqm(self) -> HumanScores:
        """Expert MQM per segment, and per system the mean over its rated segments."""
        mqm_file = f"{self.pair}/human/mqm.seg.tsv"
        raw = parse_segment_scores(self.lines(mqm_file), len(self.source), what=mqm_file)
        mqm = self.named(raw, "MQM", MQM_ALIASES)
        return HumanScores(kind="mqm", segments=mqm, systems=mean_scores(mqm), higher_is_better=True,
                           description=MQM_DESCRIPTION)

    def has_da(self) -> bool:
        return f"{self.pair}/human/da.seg.txt" in self.by_name and f"{self.pair}/human/da.sys.txt" in self.by_name

    def da(self) -> dict[str, HumanScores]:
        """WMT's direct assessment per segment and per system: z-scores (``da``) and raw scores (``da_raw``)."""
        da_seg_file, da_sys_file = f"{self.pair}/human/da.seg.txt", f"{self.pair}/human/da.sys.txt"
        da_lines, sys_lines = self.lines(da_seg_file), self.lines(da_sys_file)
        scores = {}
        for kind, column, scale in (("da", "Z.SCR", "z-scores (standardized per rater)"),
                                    ("da_raw", "RAW.SCR", "raw 0-100 scores")):
            segs = self.named(parse_segment_scores(da_lines, len(self.source), what=da_seg_file,
                                                   score_column=column), "DA")
            per_system = self.named({k: [v] for k, v in _read_da_systems(sys_lines, column, da_sys_file).items()},
                                    "DA")
            scores[kind] = HumanScores(kind=kind, segments=segs, higher_is_better=True,
                                       systems={k: v[0] for k, v in per_system.items() if v[0] is not None},
                                       description=DA_DESCRIPTION.format(scale=scale))
        return scores


def _read_da_systems(lines: Sequence[str], column: str, what: str) -> dict[str, float | None]:
    """WMT's DA system file: a header (``RAW.SCR Z.SCR N SYS N.ALL``), then one system a line."""
    header = lines[0].split()
    if "SYS" not in header or column not in header:
        raise BleuInputError(f"{what}: expected a header with SYS and {column}, got {header}")
    sys_col, score_col = header.index("SYS"), header.index(column)
    out: dict[str, float | None] = {}
    for lineno, line in enumerate(lines[1:], 2):
        fields = line.split()
        if len(fields) != len(header):
            raise BleuInputError(f"{what} line {lineno}: {len(fields)} fields, expected {len(header)}")
        try:
            out[fields[sys_col]] = float(fields[score_col])
        except ValueError:
            raise BleuInputError(f"{what} line {lineno}: {fields[score_col]!r} is not a number") from None
    return out

