"""Load real test sets into a :class:`~bleu_explain.data.corpus.TeachingCorpus`.

Three ways in, one corpus type out:

* :func:`load_text_files` -- plain text, one segment per line, a file per
  reference and per system (UTF-8).
* :func:`load_sacrebleu_testset` -- a sacreBLEU test set by name (``wmt17``,
  ``en-fi``), through sacreBLEU's own downloader and cache.
* :func:`load_wmt_folder` -- a folder laid out as WMT distributes system
  outputs: ``references/``, ``systems/`` (one file per system), an optional
  source file and an optional TSV of human scores.

Files are read by :mod:`bleu_explain.data.reading`, as the command line reads
them: lines are split on ``\\n`` only (a Unicode line separator inside a segment
stays part of the segment, as in sacreBLEU); a trailing ``\\r`` is removed
from each line, and so (here) is a UTF-8 byte order mark at the start of a file.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Mapping, Optional, Sequence, Union

from ..engine.errors import BleuInputError
from . import reading
from .corpus import TeachingCorpus

PathLike = Union[str, "os.PathLike[str]"]

#: File names the WMT-folder loader accepts for the source side.
SOURCE_NAMES = ("source", "source.txt", "src", "src.txt")
#: File names the WMT-folder loader accepts for human scores.
HUMAN_SCORE_NAMES = ("human_scores.tsv", "human-scores.tsv", "human_scores.txt", "scores.tsv")
#: File-name endings that are taken off when naming a system after its file.
TEXT_SUFFIXES = (".txt", ".text", ".detok", ".hyp", ".out")


def read_lines(path: PathLike, what: str = "file") -> list[str]:
    """The lines of a UTF-8 text file, one segment per line, read by the one reader
    (:mod:`bleu_explain.data.reading`: its encodings, characters, line ends and limits).

    A final newline does not make an extra (empty) segment; ``\\r\\n`` line
    ends are accepted, and a byte-order mark at the start is dropped. Anything
    that is not UTF-8 is an error naming the file, the line and the byte.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "x.txt")
    ...     _ = open(p, "wb").write("caf\\u00e9 one\\r\\ntwo\\n".encode("utf-8"))
    ...     read_lines(p)
    ['café one', 'two']
    """
    p = Path(path)
    lines = reading.read_lines(p, f"{what} {p.name!r}", keep_bom=False)
    if not lines:
        raise BleuInputError(f"{what} {p.name!r} is empty")
    return lines


def _lines_or_file(value: Union[PathLike, Sequence[str]], what: str) -> list[str]:
    if isinstance(value, (str, os.PathLike)):
        return read_lines(value, what)
    if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
        return list(value)
    raise BleuInputError(f"{what} must be a path to a text file or a list of strings")


def _aligned(named_lines: Mapping[str, list[str]]) -> None:
    counts = {name: len(lines) for name, lines in named_lines.items()}
    if len(set(counts.values())) > 1:
        detail = ", ".join(f"{name}: {n}" for name, n in counts.items())
        raise BleuInputError(f"the files do not have the same number of lines ({detail}); "
                             "each must have exactly one line per segment")


def load_text_files(
    references: Union[PathLike, Sequence[PathLike]],
    systems: Union[Mapping[str, PathLike], Sequence[PathLike], PathLike],
    *,
    source: Optional[PathLike] = None,
    docs: Optional[PathLike] = None,
    name: Optional[str] = None,
) -> TeachingCorpus:
    """Plain text files: one segment per line, a file per reference and per system.

    ``systems`` is a dict name -> path, or a list of paths (each system is then
    named after its file). ``docs`` optionally gives a document id per line.
    """
    ref_paths = [references] if isinstance(references, (str, os.PathLike)) else list(references)
    if not ref_paths:
        raise BleuInputError("give at least one reference file")
    if isinstance(systems, (str, os.PathLike)):
        systems = [systems]
    if isinstance(systems, Mapping):
        sys_paths = dict(systems)
    else:
        sys_paths = dict(zip(system_names_from_files([Path(p).name for p in systems]), systems))
    if not sys_paths:
        raise BleuInputError("give at least one system output file")
    named: dict[str, list[str]] = {}
    ref_streams = []
    for k, p in enumerate(ref_paths, 1):
        lines = read_lines(p, f"reference file {k}")
        named[f"reference {Path(p).name}"] = lines
        ref_streams.append(lines)
    outputs = {}
    for sys_name, p in sys_paths.items():
        outputs[sys_name] = read_lines(p, f"system file for {sys_name!r}")
        named[f"system {sys_name}"] = outputs[sys_name]
    src = None
    if source is not None:
        src = read_lines(source, "source file")
        named["source"] = src
    doc_ids = None
    if docs is not None:
        doc_ids = read_lines(docs, "document-id file")
        named["docs"] = doc_ids
    _aligned(named)
    metadata = {
        "name": name or "text files",
        "reference_files": [str(p) for p in ref_paths],
        "system_files": {k: str(v) for k, v in sys_paths.items()},
    }
    if source is not None:
        metadata["source_file"] = str(source)
    return TeachingCorpus(references=[list(r) for r in zip(*ref_streams)], systems=outputs, sources=src,
                          docs=doc_ids, metadata=metadata)


def system_names_from_files(filenames: Sequence[str]) -> list[str]:
    """Name systems after their files: the dot-separated parts all files share are dropped.

    >>> system_names_from_files(["newstest2017.online-A.0.en-fi", "newstest2017.uedin-nmt.4893.en-fi"])
    ['online-A.0', 'uedin-nmt.4893']
    >>> system_names_from_files(["base.txt", "big.txt"])
    ['base', 'big']
    >>> system_names_from_files(["mine.txt"])
    ['mine']
    """
    names = []
    for f in filenames:
        for suffix in TEXT_SUFFIXES:
            if f.lower().endswith(suffix) and len(f) > len(suffix):
                f = f[: -len(suffix)]
                break
        names.append(f)
    if len(names) > 1:
        parts = [n.split(".") for n in names]
        lead = 0
        while all(len(p) > lead + 1 for p in parts) and len({p[lead] for p in parts}) == 1:
            lead += 1
        trail = 0
        while all(len(p) > lead + trail + 1 for p in parts) and len({p[-1 - trail] for p in parts}) == 1:
            trail += 1
        names = [".".join(p[lead: len(p) - trail]) for p in parts]
    if len(set(names)) != len(names):
        raise BleuInputError(f"two system files give the same system name: {sorted(filenames)}")
    return names


# ---------------------------------------------------------------------- sacreBLEU test sets
def load_sacrebleu_testset(
    test_set: str,
    langpair: str,
    systems: Optional[Mapping[str, Union[PathLike, Sequence[str]]]] = None,
) -> TeachingCorpus:
    """A sacreBLEU test set (e.g. ``"wmt17"``, ``"en-fi"``) with its source, references and document ids.

    The data come through sacreBLEU's own downloader and cache (the folder in
    the ``SACREBLEU`` environment variable, by default ``~/.sacrebleu``); a test
    set that is already there is read without any network. ``systems`` maps
    names to system outputs (paths or lists of lines) to put next to the
    references. Offline and not cached, the error says what to do.
    """
    dataset = _sacrebleu_dataset(test_set, langpair)
    fields, files = _sacrebleu_files(dataset, test_set, langpair)
    by_field = dict(zip(fields, files))
    src = read_lines(by_field["src"], f"{test_set} source") if "src" in by_field else None
    ref_fields = [f for f in fields if f.startswith("ref")]
    if not ref_fields:
        raise BleuInputError(f"sacreBLEU's {test_set} ({langpair}) has no references")
    streams = [read_lines(by_field[f], f"{test_set} {f}") for f in ref_fields]
    docs = read_lines(by_field["docid"], f"{test_set} docid") if "docid" in by_field else None
    named = {f"reference {f}": s for f, s in zip(ref_fields, streams)}
    if src is not None:
        named["source"] = src
    outputs = {}
    for sys_name, value in (systems or {}).items():
        outputs[sys_name] = _lines_or_file(value, f"system {sys_name!r}")
        named[f"system {sys_name}"] = outputs[sys_name]
    _aligned(named)
    src_lang, _, tgt_lang = langpair.partition("-")
    metadata = {
        "name": f"sacreBLEU {test_set} {langpair}",
        "test_set": test_set,
        "langpair": langpair,
        "source_language": src_lang,
        "target_language": tgt_lang,
        "reference_fields": ref_fields,
        "description": getattr(dataset, "description", None),
        "citation": getattr(dataset, "citation", None),
    }
    return TeachingCorpus(references=[list(r) for r in zip(*streams)], systems=outputs, sources=src, docs=docs,
                          metadata=metadata)


def _sacrebleu_dataset(test_set: str, langpair: str):
    """sacreBLEU's test set of that name, refused (with the names it might be) unless it has ``langpair``."""
    from sacrebleu.dataset import DATASETS

    if not isinstance(test_set, str) or test_set not in DATASETS:
        import difflib

        close = difflib.get_close_matches(str(test_set), list(DATASETS), n=5)
        hint = f"; did you mean {', '.join(close)}?" if close else "; see `sacrebleu --list` for the names"
        raise BleuInputError(f"sacreBLEU has no test set named {test_set!r}{hint}")
    dataset = DATASETS[test_set]
    if langpair not in dataset.langpairs:
        pairs = ", ".join(sorted(p for p in dataset.langpairs if "-" in p))
        raise BleuInputError(f"sacreBLEU's {test_set} has no language pair {langpair!r}; it has {pairs}")
    return dataset


def _sacrebleu_files(dataset, test_set: str, langpair: str) -> tuple[list[str], list[str]]:
    """The test set's field names and their files in sacreBLEU's cache, which downloads them if they are not there."""
    try:
        return dataset.fieldnames(langpair), dataset.get_files(langpair)
    except (OSError, SystemExit, Exception) as exc:  # urllib's URLError is an OSError; sacreBLEU may sys.exit
        folder = os.environ.get("SACREBLEU", os.path.join(os.path.expanduser("~"), ".sacrebleu"))
        raise BleuInputError(
            f"could not get sacreBLEU's test set {test_set} ({langpair}): it is not in sacreBLEU's cache "
            f"({folder}) and downloading it failed ({type(exc).__name__}: {exc}). "
            f"Connect to the internet and run `sacrebleu -t {test_set} -l {langpair} --echo src > /dev/null` once "
            "(sacreBLEU keeps the files in its cache, the folder named by the SACREBLEU environment variable), "
            "or copy that cache folder from a machine that has it, or load plain text files with load_text_files()."
        ) from None


# ---------------------------------------------------------------------- WMT-style folders
def load_wmt_folder(folder: PathLike, *, name: Optional[str] = None) -> TeachingCorpus:
    """A folder of WMT-style system outputs, references and (optionally) human scores.

    Layout (file names inside ``references/`` and ``systems/`` are free)::

        folder/
            source.txt               optional (also: source, src, src.txt)
            references/<one file per reference>
            systems/<one file per system>   (the system's name is the file's name,
                                             less the dot-separated parts all share)
            human_scores.tsv         optional: system <TAB> score, one per line,
                                     an optional header line; a system may be
                                     named as its file is

    Files in ``references/`` and ``systems/`` are read in name order; hidden
    files are ignored.
    """
    root = Path(folder)
    if not root.is_dir():
        raise BleuInputError(f"{str(root)!r} is not a folder")
    ref_dir, sys_dir = root / "references", root / "systems"
    for d in (ref_dir, sys_dir):
        if not d.is_dir():
            raise BleuInputError(
                f"{str(root)!r} has no {d.name}/ folder; a WMT-style folder has references/ (one file per "
                "reference) and systems/ (one file per system)"
            )
    ref_files = _visible_files(ref_dir)
    sys_files = _visible_files(sys_dir)
    if not ref_files:
        raise BleuInputError(f"{str(ref_dir)!r} has no reference files")
    if not sys_files:
        raise BleuInputError(f"{str(sys_dir)!r} has no system files")
    sys_names = system_names_from_files([p.name for p in sys_files])
    source = next((root / n for n in SOURCE_NAMES if (root / n).is_file()), None)
    corpus = load_text_files(ref_files, dict(zip(sys_names, sys_files)), source=source, name=name or root.name)
    score_file = next((root / n for n in HUMAN_SCORE_NAMES if (root / n).is_file()), None)
    if score_file is not None:
        aliases = {p.name: n for p, n in zip(sys_files, sys_names)}
        corpus.human_scores = read_human_scores(score_file, corpus.system_names, aliases=aliases)
        corpus.metadata["human_score_file"] = str(score_file)
    corpus.metadata["folder"] = str(root)
    return corpus


def _visible_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))


def read_human_scores(
    path: PathLike, system_names: Optional[Sequence[str]] = None, aliases: Optional[Mapping[str, str]] = None,
) -> dict[str, float]:
    """A TSV of ``system<TAB>score`` lines (an optional header line) as a dict.

    ``aliases`` maps other spellings (e.g. a system's file name) to system
    names. With ``system_names``, every scored name must be one of them (a
    misspelt name would otherwise silently drop out of a correlation).
    """
    lines = read_lines(path, "human-score file")
    scores: dict[str, float] = {}
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 2:
            raise BleuInputError(f"human-score file line {lineno} must be 'system<TAB>score', got {line!r}")
        sys_name, value = fields[0].strip(), fields[1].strip()
        sys_name = (aliases or {}).get(sys_name, sys_name)
        try:
            score = float(value)
        except ValueError:
            if lineno == 1 and not scores:
                continue  # a header line
            raise BleuInputError(f"human-score file line {lineno}: {value!r} is not a number") from None
        if not math.isfinite(score):
            raise BleuInputError(f"human-score file line {lineno}: the score {value!r} is not a finite number")
        if sys_name in scores:
            raise BleuInputError(f"human-score file line {lineno}: system {sys_name!r} is scored twice")
        scores[sys_name] = score
    if not scores:
        raise BleuInputError("the human-score file has no scores")
    if system_names is not None:
        unknown = sorted(set(scores) - set(system_names))
        if unknown:
            raise BleuInputError(f"the human-score file scores {unknown}, which are not among the systems "
                                 f"{list(system_names)}")
    return scores
