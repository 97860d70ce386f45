"""A researcher's own files, uploaded in an explorer, read exactly as a folder of them would be.

The files are written into a temporary folder laid out as
:func:`~bleu_explain.data.loaders.load_wmt_folder` expects (``references/``,
``systems/``) and read by the loaders themselves, so an upload is checked as
``CorpusExplorer.from_folder`` and the command line check files: UTF-8 (a byte
that is not is an error naming the file and the line), lines split at ``\\n``
only with a trailing ``\\r`` dropped, and every file with the same number of
lines (never truncated). A system is named after its file, by
:func:`~bleu_explain.data.loaders.system_names_from_files`.

The human-scores file is optional and has one of two layouts:

* one score per **segment** (the more useful: the explorer shows it beside
  each sentence's BLEU): ``system segment score`` per line, tabs or spaces,
  segment ids from 1, ``None`` for a segment not rated, an optional header
  line -- as :func:`~bleu_explain.data.folder.parse_segment_scores` reads it;
  a system's score is then the mean over its rated segments;
* one score per **system**: ``system<TAB>score`` per line, an optional header
  line -- as :func:`~bleu_explain.data.loaders.read_human_scores` reads it.
  A file whose every line has two fields is read this way.

Either way a system may be named as the explorer names it or by its file's
name; a name that is neither is an error.

The test set comes back as the loaders give it: a
:class:`~bleu_explain.data.corpus.TeachingCorpus` (no scores, or scores per
system in its ``human_scores``) or a
:class:`~bleu_explain.data.judgments.HumanJudgedTestSet` (scores per segment).

>>> data = load_uploaded([("ref.txt", b"the cat sat\\r\\na dog\\r\\n")],
...                      [("base.txt", b"the cat sat\\ndog\\n"), ("big.txt", b"a cat sat\\na dog\\n")],
...                      ("scores.tsv", b"base 1 -1\\nbase 2 -5\\nbig.txt 1 0\\nbig.txt 2 None\\n"))
>>> list(data.references.values()), data.system_names
([['the cat sat', 'a dog']], ['base', 'big'])
>>> data.scores["human"].segments, data.scores["human"].systems
({'base': [-1.0, -5.0], 'big': [0.0, None]}, {'base': -3.0, 'big': 0.0})
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence, Union

from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    from ...data.corpus import TeachingCorpus
    from ...data.judgments import HumanJudgedTestSet

    TestSet = Union[TeachingCorpus, HumanJudgedTestSet]

#: One uploaded file: its name and its bytes.
UploadedFile = tuple[str, bytes]

#: The name an uploaded test set goes by.
YOUR_FILES = "your files"


def uploaded_files(value: Any) -> list[UploadedFile]:
    """(name, bytes) of each file in a FileUpload's value (ipywidgets 8: a tuple of dicts with name and content).

    >>> uploaded_files(({"name": "a.txt", "content": memoryview(b"x\\n"), "size": 2},))
    [('a.txt', b'x\\n')]
    """
    files = []
    for item in value or ():
        if not isinstance(item, Mapping) or "name" not in item or "content" not in item:
            raise BleuInputError("an uploaded file must be a dict with 'name' and 'content', as ipywidgets 8's "
                                 f"FileUpload gives, got {type(item).__name__}")
        content = item["content"]
        if not isinstance(content, (bytes, bytearray, memoryview)):
            raise BleuInputError(f"the content of the uploaded file {item['name']!r} must be bytes, "
                                 f"got {type(content).__name__}")
        files.append((str(item["name"]), bytes(content)))
    return files


def load_uploaded(references: Sequence[UploadedFile], systems: Sequence[UploadedFile],
                  scores: UploadedFile | None = None, *, name: str = YOUR_FILES) -> TestSet:
    """The test set in uploaded files: references and system outputs (one segment per line), optional human scores.

    Every problem is a :class:`~bleu_explain.engine.errors.BleuInputError`
    naming the file; nothing is truncated or guessed.
    """
    if not references:
        raise BleuInputError("no reference file: upload one or more reference files (one segment per line), "
                             "then press Load")
    if not systems:
        raise BleuInputError("no system output file: upload one or more system outputs (one segment per line, "
                             "a file per system), then press Load")
    _check_names(references, "reference")
    _check_names(systems, "system output")
    if scores is not None:
        _check_names([scores], "human-scores")
    with tempfile.TemporaryDirectory(prefix="bleu-explain-upload-") as tmp:
        root = Path(tmp)
        try:
            return _load(root, references, systems, scores, name)
        except BleuInputError as exc:  # a loader may name the folder: the researcher never saw it
            raise BleuInputError(str(exc).replace(str(root), name)) from None


def _check_names(files: Sequence[UploadedFile], what: str) -> None:
    seen: set[str] = set()
    for filename, _ in files:
        if not filename or filename in (".", "..") or "/" in filename or "\x00" in filename:
            raise BleuInputError(f"{filename!r} cannot be the name of a {what} file")
        if filename.startswith("."):  # the folder loader skips hidden files
            raise BleuInputError(f"the {what} file {filename!r} has a name starting with '.', which marks a "
                                 "hidden file; rename it")
        if filename in seen:
            raise BleuInputError(f"two {what} files are both named {filename!r}")
        seen.add(filename)


def _write(folder: Path, files: Sequence[UploadedFile]) -> list[Path]:
    folder.mkdir(parents=True)
    paths = []
    for filename, content in files:
        path = folder / filename
        path.write_bytes(content)
        paths.append(path)
    if len(list(folder.iterdir())) != len(files):  # a file system that ignores case merged two names
        raise BleuInputError(f"two files have names that differ only in case: {sorted(f for f, _ in files)}; "
                             "rename one")
    return paths


def _load(root: Path, references: Sequence[UploadedFile], systems: Sequence[UploadedFile],
          scores: UploadedFile | None, name: str) -> TestSet:
    from ...data.folder import load_judged_folder
    from ...data.loaders import load_wmt_folder, read_human_scores, read_lines, system_names_from_files

    ref_paths = _write(root / "references", references)
    sys_paths = _write(root / "systems", systems)
    # Read each file once here with the loaders' reader, so that errors name the files as uploaded and a
    # count mismatch lists every file in the order given (the folder loader would name systems, sorted).
    counts = {"references": [(p.name, len(read_lines(p, "reference file"))) for p in ref_paths],
              "system outputs": [(p.name, len(read_lines(p, "system output file"))) for p in sys_paths]}
    if len({n for group in counts.values() for _, n in group}) > 1:
        detail = "; ".join(f"{what}: " + ", ".join(f"{f} {n}" for f, n in group) for what, group in counts.items())
        raise BleuInputError(f"the files do not have the same number of lines ({detail}); each needs exactly one "
                             "line per segment, and none is cut to fit the others")
    if scores is None:
        return load_wmt_folder(root, name=name)
    score_path = _write(root / "scores", [scores])[0]  # not in root: a file named human_scores.tsv stays ours
    lines = read_lines(score_path, "human-scores file")
    names = system_names_from_files([p.name for p in sys_paths])
    if _per_system(lines):
        corpus = load_wmt_folder(root, name=name)
        try:
            corpus.human_scores = read_human_scores(score_path, names,
                                                    aliases={p.name: s for p, s in zip(sys_paths, names)})
        except BleuInputError as exc:
            raise BleuInputError(f"human-scores file {scores[0]!r} (one score per system): {exc}") from None
        return corpus
    try:  # the folder loader names references as systems (a score file may score "ref-<name>")
        system_names_from_files([p.name for p in ref_paths])
    except BleuInputError:
        raise BleuInputError(f"two reference files give the same name once their endings are dropped: "
                             f"{sorted(p.name for p in ref_paths)}; rename one") from None
    test_set = load_judged_folder(root, scores_file=score_path, kind="human", keep_unmatched=True, name=name)
    unknown = test_set.metadata["textless"]
    if unknown:
        naming = ", ".join(f"{p.name} -> {s}" for p, s in zip(sys_paths, names))
        verb = "is" if len(unknown) == 1 else "are"
        raise BleuInputError(f"the human-scores file {scores[0]!r} scores {', '.join(map(repr, unknown))}, which "
                             f"{verb} not among your systems; a system is named after its file ({naming})")
    return test_set


def _per_system(lines: Sequence[str]) -> bool:
    """Whether a scores file is ``system<TAB>score`` lines (else: ``system segment score``)."""
    rows = [line for line in lines if line.strip()]
    return bool(rows) and all(len(line.split("\t")) == 2 or len(line.split()) == 2 for line in rows)


# --------------------------------------------------------------------------- the controls
_HELP = (
    "Reference files and system outputs: plain UTF-8 text, one segment per line, every file with the same number "
    "of lines; a system is named after its file. Human scores (optional): one line per segment, "
    "<code>system segment score</code> (segments counted from 1; <code>None</code> where not rated), or one per "
    "system, <code>system&lt;TAB&gt;score</code>."
)


class UploadPanel:
    """The "Your own data" controls: FileUploads for references, systems and human scores, and a Load button.

    The explorer that owns it gives ``on_load`` (called when Load is pressed).
    """

    def __init__(self, on_load: Any) -> None:
        import ipywidgets as w

        from ..html.palette import MUTED_TEXT
        from .base import SANS

        self.references = w.FileUpload(multiple=True, description="references", icon="upload")
        self.systems = w.FileUpload(multiple=True, description="systems", icon="upload")
        self.scores = w.FileUpload(multiple=False, description="human scores", icon="upload")
        self.load_button = w.Button(description="Load", icon="check", button_style="primary")
        self.load_button.on_click(lambda _: on_load())
        help_text = w.HTML(f'<div style="{SANS} color:{MUTED_TEXT}; font-size:12px; line-height:1.35;">'
                           f"{_HELP}</div>")
        self.widget = w.VBox([help_text, w.HBox([self.references, self.systems, self.scores, self.load_button])])

    def files(self) -> tuple[list[UploadedFile], list[UploadedFile], UploadedFile | None]:
        """What is uploaded: the reference files, the system outputs, and the human-scores file (or None)."""
        scores = uploaded_files(self.scores.value)
        if len(scores) > 1:
            raise BleuInputError("upload one human-scores file, not several")
        return uploaded_files(self.references.value), uploaded_files(self.systems.value), \
            (scores[0] if scores else None)
