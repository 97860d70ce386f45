"""``bleu-explain-course [DIR]``: write the course into a folder a learner owns, and say how to open it.

Also ``python -m bleu_explain.coursefiles [DIR]`` and, as before, ``python -m bleu_explain.course [DIR]``. The folder gets the executed notebooks in
``notebooks/`` and the references, the glossary and the images in ``docs/``, laid out as in the
repository so that every link between them works, a ``README.md`` that says how to open them, and
JupyterLab's configuration for the folder (``jupyter_lab_config.json``: rooted there, nothing fetched from the
network, no news prompt).
A learner's work is never lost: a file the learner changed (edited, or saved after running it)
is kept unless ``--force`` is given, while a copy still as written is updated when a newer
bleu-explain brings a newer course. ``.bleu-explain-course.json`` in the folder records the
checksum of every file as written, which is how an edit is told from an older course, and which files
this command wrote: ``--force`` replaces only those, never a file that was there before (a folder's own
README, say). Nothing is written through a symbolic link: a path in the folder that is a link, or lies
under one, is left alone and said. Every file is written whole or not at all, so a run cut short (Ctrl-C, a
full disk) never leaves a part of a file to be taken for the learner's edit.

It is a command of its own, not a subcommand of ``bleu-explain``, whose positional arguments
are reference files as in sacreBLEU.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO

from ..data.atomic import write_atomically
from ..version import __version__
from .materials import START, course_files, course_root

PROG = "bleu-explain-course"
#: Where the course goes when no folder is named.
DEFAULT_DIR = "bleu-explain-course"
#: The checksums of the files as written, to tell a learner's edit from an older course.
RECORD = ".bleu-explain-course.json"
README = "README.md"
#: JupyterLab's configuration for the course, which the open command names: the server rooted at the course folder
#: (opening the notebook alone would root it at notebooks/, where the links to ../docs/ cannot be followed), no news
#: feed and no update check (so no request leaves the machine), and the settings' defaults in LAB_OVERRIDES.
LAB_CONFIG = "jupyter_lab_config.json"
#: Default settings for JupyterLab in this folder: no "get notified about official Jupyter news?" prompt, no update
#: check. A learner's own settings still win: these are only defaults.
LAB_OVERRIDES = ".jupyterlab-settings/overrides.json"
OPEN_COMMAND = f"jupyter lab --config={LAB_CONFIG} {START}"
#: What JupyterLab needs when run as root (in a container, say), where it otherwise stops.
AS_ROOT = "--allow-root"
FETCH_COMMAND = "python -m bleu_explain.data fetch wmt21"


@dataclass(frozen=True)
class CourseWritten:
    """What one run did, file by file (paths relative to ``folder``)."""

    folder: Path
    written: tuple[str, ...]  # new in the folder
    updated: tuple[str, ...]  # a copy the learner had not changed, replaced by this version's
    unchanged: tuple[str, ...]  # already as this version writes it
    kept: tuple[str, ...]  # changed by the learner, so left alone (``force`` replaces them)
    replaced: tuple[str, ...]  # changed by the learner and replaced, as ``force`` asked
    not_ours: tuple[str, ...] = ()  # there before, not written by this command: left alone, even with ``force``
    links: tuple[str, ...] = ()  # a symbolic link, or under one: never written through


def sha256_bytes(data: bytes) -> str:
    """The sha256 of ``data``, in hex.

    >>> sha256_bytes(b"")[:16]
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(data).hexdigest()


def lab_config_text() -> str:
    """:data:`LAB_CONFIG`: JupyterLab rooted here, its settings' defaults from here, and nothing fetched."""
    config = {"ServerApp": {"root_dir": "."},
              "LabApp": {"app_settings_dir": str(Path(LAB_OVERRIDES).parent), "news_url": None,
                         "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}
    return json.dumps(config, indent=1) + "\n"


def lab_overrides_text() -> str:
    """:data:`LAB_OVERRIDES`: the news prompt and the update check off (JupyterLab's own setting names)."""
    overrides = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}
    return json.dumps(overrides, indent=1) + "\n"


def own_contents() -> dict[str, bytes]:
    """The files the course folder gets besides the course: its README and JupyterLab's configuration."""
    return {README: readme_text().encode("utf-8"), LAB_CONFIG: lab_config_text().encode("utf-8"),
            LAB_OVERRIDES: lab_overrides_text().encode("utf-8")}


def readme_text() -> str:
    """The course folder's README: what is in it and how to open it."""
    return f"""# BLEU, step by step: the course

Written by `{PROG}` (bleu-explain {__version__}).

- `notebooks/`: the course, one notebook per idea, each with its outputs; start with `00_start_here.ipynb`.
- `docs/`: the course's sources (`references.md`) and its terms in English and Chinese (`glossary.md`).

## Open it

Here, in this folder:

```bash
{OPEN_COMMAND}
```

This needs JupyterLab (`pip install 'bleu-explain[lab]'`); as root (in a container, say), add `{AS_ROOT}`.
`{LAB_CONFIG}` roots JupyterLab here, which keeps the notebooks' links to `docs/` working, and turns off its
news feed, its question about it ("get notified about official Jupyter news?") and its update check
(`{LAB_OVERRIDES}`), so that nothing is fetched from the network. Run the cells with Shift-Enter; each
notebook ends with exercises that a checker marks.

A notebook as an app, its code hidden: `voila notebooks/04_brevity_penalty.ipynb` (any notebook), then open the
address it prints. As pages to read offline or print: `python -m bleu_explain.handouts notebooks handouts`
(after `pip install 'bleu-explain[handouts]'`).

Notebooks 10 and 11 work on the WMT21 test sets with human judgments, which are downloaded once (about 16 MB)
with `{FETCH_COMMAND}`; a cell near the top offers the download.

## Your changes are yours

Running `{PROG}` here again (say, after upgrading bleu-explain) updates only the files you have not
changed; add `--force` to replace your changed files with the course's. `{RECORD}` records what was
written.
"""


def _read_record(folder: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The checksums of the files as written, and of those a run was writing when it stopped (see
    :func:`write_course`)."""
    try:
        record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
        return _checksums(record.get("files")), _checksums(record.get("writing"))
    except (OSError, ValueError, AttributeError):
        return {}, {}  # no record (or a damaged one): every differing file counts as the learner's


def _checksums(files: object) -> dict[str, str]:
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}


def _write_bytes(data: bytes, fh: IO[bytes]) -> None:
    fh.write(data)


def _write_record(folder: Path, files: dict[str, str], writing: dict[str, str]) -> None:
    record: dict[str, object] = {"bleu-explain": __version__, "files": files}
    if writing:
        record["writing"] = writing
    text = json.dumps(record, indent=1, sort_keys=True) + "\n"
    write_atomically(folder / RECORD, partial(_write_bytes, text.encode("utf-8")))


def through_link(folder: Path, name: str) -> bool:
    """Whether writing ``folder / name`` would go through a symbolic link inside ``folder`` (the file itself, or a
    folder on its way)."""
    path = folder
    for part in Path(name).parts:
        path = path / part
        if path.is_symlink():
            return True
    return False


def _outcome(folder: Path, name: str, new_sha: str, before: dict[str, str], writing: dict[str, str],
             force: bool) -> str:
    """What becomes of one file: ``links``, ``not_ours``, ``unchanged`` or ``kept`` (left as it is), or
    ``written``, ``updated`` or ``replaced``. A file still as a run wrote it, the last finished one (``before``)
    or one cut short (``writing``), is the course's, not the learner's."""
    target = folder / name
    if through_link(folder, name):
        return "links"
    if target.exists() and not target.is_file():
        return "not_ours"  # a folder where a file goes: the learner's
    if not target.is_file():
        return "written"
    current_sha = sha256_bytes(target.read_bytes())
    if current_sha == new_sha:
        return "unchanged"
    if name not in before and name not in writing:  # there before this command wrote anything: never replaced
        return "not_ours"
    learners = current_sha not in (before.get(name), writing.get(name))
    if learners and not force:
        return "kept"
    return "replaced" if learners else "updated"


def write_course(folder: str | os.PathLike[str], *, force: bool = False, source: Path | None = None) -> CourseWritten:
    """Write the course into ``folder`` (created if needed), keeping the learner's changes unless ``force``, and
    files it did not write, and links, always.

    Each file is written whole or not at all (:func:`~bleu_explain.data.atomic.write_atomically`), and the record
    names, before any file is replaced, the checksum it is about to have (``writing``): a run cut short leaves
    every file old or new, and both count as the course's next time, never as the learner's edit.
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder: name a folder for the course")
    root = source if source is not None else course_root()
    if folder.resolve() == root.resolve():
        raise IsADirectoryError(f"{folder} holds the course's own source: name another folder for a copy")
    contents = {name: (root / name).read_bytes() for name in course_files(root)}
    contents.update(own_contents())
    if through_link(folder, RECORD):
        raise IsADirectoryError(f"{folder / RECORD} is a symbolic link: the course writes no file through a link")
    before, cut_short = _read_record(folder)
    outcome: dict[str, list[str]] = {k: [] for k in ("written", "updated", "unchanged", "kept", "replaced",
                                                    "not_ours", "links")}
    record: dict[str, str] = {}
    for name, data in contents.items():
        what = _outcome(folder, name, sha256_bytes(data), before, cut_short, force)
        outcome[what].append(name)
        if what in ("written", "updated", "replaced", "unchanged"):
            record[name] = sha256_bytes(data)
        elif what == "kept":  # still the learner's next time
            record[name] = before.get(name) or cut_short[name]
    to_write = [name for k in ("written", "updated", "replaced") for name in outcome[k]]
    if to_write:  # first the record of both: each file about to be replaced counts as the course's, old or new
        folder.mkdir(parents=True, exist_ok=True)
        _write_record(folder, {**record, **{name: before[name] for name in to_write if name in before}},
                      {name: record[name] for name in to_write})
    for name in to_write:
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, partial(_write_bytes, contents[name]))
    folder.mkdir(parents=True, exist_ok=True)
    _write_record(folder, record, {})
    return CourseWritten(folder=folder, **{k: tuple(v) for k, v in outcome.items()})


def jupyterlab_installed() -> bool:
    """Whether ``jupyter lab`` can run: beside this Python (a venv not activated) or on PATH."""
    return bool(shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)) or shutil.which("jupyter-lab"))


def summary(result: CourseWritten, shown_folder: str) -> str:
    """What was done, and how to open the course."""
    notebooks = [n for n in result.written + result.updated + result.unchanged + result.kept + result.replaced
                 if n.startswith("notebooks/")]
    lines = [f"The course is in {shown_folder}: {len(notebooks)} notebooks in notebooks/, the references and the "
             f"glossary in docs/, a README.md, and JupyterLab's configuration ({LAB_CONFIG})."]
    done = [f"{len(getattr(result, k))} {k}" for k in ("written", "updated", "replaced") if getattr(result, k)]
    if done:
        lines.append(f"Files: {', '.join(done)}" + (f", {len(result.unchanged)} already up to date." if
                                                     result.unchanged else "."))
    elif not result.kept:
        lines.append("Every file was already up to date.")
    for names, why in ((result.not_ours, f"there before, not written by {PROG}; --force leaves them too"),
                       (result.links, "a symbolic link, or under one: nothing is written through a link")):
        if names:
            shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
            lines.append(f"Left alone: {shown} ({why}).")
    if result.kept:
        n = len(result.kept)
        shown = ", ".join(result.kept[:4]) + (f" and {n - 4} more" if n > 4 else "")
        lines.append(f"Kept {n} file{'s' if n != 1 else ''} you changed ({shown}); "
                     f"`{PROG} {shlex.quote(shown_folder)} --force` replaces {'them' if n != 1 else 'it'} "
                     f"with this version's.")
    as_root = f" {AS_ROOT}" if hasattr(os, "geteuid") and os.geteuid() == 0 else ""  # JupyterLab stops otherwise
    lines += ["", "Open it:", f"    cd {shlex.quote(shown_folder)}", f"    {OPEN_COMMAND}{as_root}"]
    if not jupyterlab_installed():
        lines.append("JupyterLab is not installed here: pip install 'bleu-explain[lab]'")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Write the bleu-explain course (the notebooks, the references and the glossary) into a "
                    "folder, and say how to open it. Files you have changed are kept.")
    p.add_argument("folder", nargs="?", default=DEFAULT_DIR, metavar="DIR",
                   help=f"where to write the course (default: ./{DEFAULT_DIR}; created if needed)")
    p.add_argument("--force", action="store_true", help="also replace the files you have changed with the course's")
    p.add_argument("-V", "--version", action="version", version=f"%(prog)s {__version__}")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        result = write_course(args.folder, force=args.force)
    except OSError as exc:  # not a folder, not writable, or no course in this installation
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    try:
        print(summary(result, args.folder), flush=True)
    except BrokenPipeError:  # `... | head`: stop quietly, as bleu_explain.cli does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
