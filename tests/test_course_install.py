"""The course outside the checkout: ``bleu-explain-course DIR`` writes every notebook and document, every relative
link resolves in the copy as in the checkout, and a learner's changes are never lost without ``--force``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from test_cli import console_script

from bleu_explain.coursefiles import installer
from bleu_explain.coursefiles.materials import PACKAGED, START, course_files, course_root
from bleu_explain.version import __version__

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
#: [text](target) and ![alt](target) in Markdown, href="..." and src="..." in HTML.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|(?:href|src)\s*=\s*\"([^\"]+)\"")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def relative_links(path: Path) -> list[str]:
    """The relative links of a notebook's Markdown cells, or of a Markdown file (no URLs, no in-page anchors)."""
    if path.suffix == ".ipynb":
        texts = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]
    else:
        texts = [path.read_text(encoding="utf-8")]
    found = [a or b for text in texts for a, b in LINK.findall(text)]
    return [t for t in found if not SCHEME.match(t) and not t.startswith(("#", "//"))]


def unresolved_links(root: Path) -> dict[str, list[str]]:
    """Every course file's relative links that lead to no file, or out of the course's folder."""
    bad: dict[str, list[str]] = {}
    for name in course_files(root):
        path = root / name
        if path.suffix not in (".ipynb", ".md"):
            continue
        for link in relative_links(path):
            target = (path.parent / link.split("#")[0].split("?")[0]).resolve()
            if not target.is_file() or not target.is_relative_to(root.resolve()):
                bad.setdefault(name, []).append(link)
    return bad


# --------------------------------------------------------------------------- the course's files
def test_the_course_is_every_notebook_and_the_documents_they_link_to():
    files = course_files(ROOT)
    assert [f for f in files if f.startswith("notebooks/")] == [f"notebooks/{n}" for n in NOTEBOOKS]
    assert len(NOTEBOOKS) == len(list((ROOT / "notebooks" / "src").glob("*.py")))
    assert {"docs/references.md", "docs/glossary.md", START} <= set(files)
    assert not [f for f in files if "/src/" in f or "checkpoint" in f]
    # from a checkout (or an editable install) the course is read from it; an installed wheel has its own copy
    assert course_root() == (PACKAGED if (PACKAGED / START).is_file() else ROOT)


def test_links_are_found_in_markdown_and_html():
    text = ('See [the glossary](../docs/glossary.md#bleu), ![plot](images/p.png "a plot"), '
            '<a href="12_corpus_analysis.ipynb">next</a>, [a site](https://example.org) and [above](#goals).')
    found = [a or b for a, b in LINK.findall(text)]
    assert [t for t in found if not SCHEME.match(t) and not t.startswith("#")] == \
        ["../docs/glossary.md#bleu", "images/p.png", "12_corpus_analysis.ipynb"]


def test_every_relative_link_resolves_in_the_checkout():
    links = sum(len(relative_links(ROOT / name)) for name in course_files(ROOT) if name.endswith((".ipynb", ".md")))
    assert links > 40  # every notebook links the next one, the references and the glossary
    assert unresolved_links(ROOT) == {}


# --------------------------------------------------------------------------- a learner's copy
def test_the_copy_has_every_file_as_in_the_checkout_and_every_link_resolves(tmp_path):
    result = installer.write_course(tmp_path / "course")
    copy = tmp_path / "course"
    assert sorted(result.written) == sorted(course_files(ROOT) + list(installer.own_contents()))
    assert not (result.updated or result.unchanged or result.kept or result.replaced)
    for name in course_files(ROOT):
        assert (copy / name).read_bytes() == (ROOT / name).read_bytes(), name
    assert unresolved_links(copy) == {}
    readme = (copy / installer.README).read_text(encoding="utf-8")
    assert installer.OPEN_COMMAND in readme and "python -m bleu_explain.data fetch wmt21" in readme
    assert "--allow-root" in readme and "voila notebooks/" in readme


def test_the_lab_configuration_roots_the_server_here_and_fetches_nothing(tmp_path):
    """JupyterLab's own names: the news feed off on the server (news_url None) and its question off in the settings'
    defaults (fetchNews "false"), the update check off on both sides; the open command names the file."""
    installer.write_course(tmp_path / "course")
    config = json.loads((tmp_path / "course" / installer.LAB_CONFIG).read_text(encoding="utf-8"))
    assert config["ServerApp"]["root_dir"] == "."
    lab = config["LabApp"]
    assert lab["news_url"] is None and lab["check_for_updates_class"] == "jupyterlab.NeverCheckForUpdate"
    overrides_dir = tmp_path / "course" / lab["app_settings_dir"]
    overrides = json.loads((overrides_dir / "overrides.json").read_text(encoding="utf-8"))
    assert overrides == {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                                          "checkForUpdates": False}}
    assert f"--config={installer.LAB_CONFIG}" in installer.OPEN_COMMAND


def test_the_settings_overrides_name_settings_jupyterlab_has():
    """The overrides name a plugin and settings that the installed JupyterLab's schema has, with allowed values."""
    schema_file = Path(sys.prefix) / "share/jupyter/lab/schemas/@jupyterlab/apputils-extension/notification.json"
    if not schema_file.is_file():
        pytest.skip(f"JupyterLab's schemas are not in {schema_file.parent} (install the lab extra)")
    schema = json.loads(schema_file.read_text(encoding="utf-8"))["properties"]
    overrides = json.loads(installer.lab_overrides_text())["@jupyterlab/apputils-extension:notification"]
    allowed = {choice["const"] for choice in schema["fetchNews"]["oneOf"]}  # "true", "false", "none" (ask)
    assert overrides["fetchNews"] in allowed - {"none", "true"} and schema["checkForUpdates"]["type"] == "boolean"


def test_a_learners_changes_are_kept_unless_forced(tmp_path):
    copy = tmp_path / "course"
    installer.write_course(copy)
    edited = copy / "notebooks" / NOTEBOOKS[3]
    edited.write_text("{}", encoding="utf-8")
    again = installer.write_course(copy)
    assert again.kept == (f"notebooks/{NOTEBOOKS[3]}",) and not again.written and not again.replaced
    assert edited.read_text(encoding="utf-8") == "{}"
    assert installer.write_course(copy).kept == again.kept  # still the learner's on the next run
    forced = installer.write_course(copy, force=True)
    assert forced.replaced == again.kept and edited.read_bytes() == (ROOT / "notebooks" / NOTEBOOKS[3]).read_bytes()
    assert installer.write_course(copy).unchanged and not installer.write_course(copy).kept


def fake_course(root: Path, version: str) -> Path:
    (root / "notebooks").mkdir(parents=True)
    (root / "docs").mkdir()
    for name in (START, "notebooks/01_next.ipynb", "docs/glossary.md"):
        (root / name).write_text(f"{name} {version}", encoding="utf-8")
    return root


def test_a_newer_course_updates_the_files_the_learner_left_alone(tmp_path):
    copy = tmp_path / "course"
    installer.write_course(copy, source=fake_course(tmp_path / "v1", "v1"))
    (copy / "notebooks" / "01_next.ipynb").write_text("my answers", encoding="utf-8")
    result = installer.write_course(copy, source=fake_course(tmp_path / "v2", "v2"))
    assert set(result.updated) == {START, "docs/glossary.md"} and result.kept == ("notebooks/01_next.ipynb",)
    assert (copy / START).read_text(encoding="utf-8") == f"{START} v2"
    assert (copy / "notebooks" / "01_next.ipynb").read_text(encoding="utf-8") == "my answers"


def test_without_a_record_no_differing_file_is_the_installers_even_forced(tmp_path):
    copy = tmp_path / "course"
    installer.write_course(copy, source=fake_course(tmp_path / "v1", "v1"))
    (copy / installer.RECORD).unlink()
    v2 = fake_course(tmp_path / "v2", "v2")
    for force in (False, True):
        result = installer.write_course(copy, source=v2, force=force)
        assert set(result.not_ours) == {START, "notebooks/01_next.ipynb", "docs/glossary.md"}
        assert not result.updated and not result.replaced and not result.kept
    assert (copy / START).read_text(encoding="utf-8") == f"{START} v1"
    record = json.loads((copy / installer.RECORD).read_text(encoding="utf-8"))
    assert START not in record["files"] and installer.README in record["files"]


def test_force_never_replaces_a_file_the_installer_did_not_write(tmp_path, capsys):
    copy = tmp_path / "my-project"
    copy.mkdir()
    (copy / installer.README).write_text("my own project's README", encoding="utf-8")
    result = installer.write_course(copy, source=fake_course(tmp_path / "v1", "v1"), force=True)
    assert result.not_ours == (installer.README,) and START in result.written
    assert (copy / installer.README).read_text(encoding="utf-8") == "my own project's README"
    assert "Left alone: README.md (there before, not written by bleu-explain-course" in installer.summary(result, "x")
    again = installer.write_course(copy, source=fake_course(tmp_path / "v2", "v2"), force=True)
    assert again.not_ours == (installer.README,) and START in again.updated


def cut_short_at(monkeypatch, file_number: int) -> None:
    """Make the installer's ``file_number``-th course file (the record is not counted) stop half way: half its
    bytes written, then Ctrl-C."""
    from bleu_explain.data.atomic import write_atomically

    seen = []

    def cut(path, write, mode=0o666):
        if path.name != installer.RECORD:
            seen.append(path)
        if len(seen) == file_number and seen[-1] == path:
            def half(fh):
                buffer = []
                write(type("Sink", (), {"write": lambda self, data: buffer.append(data)})())
                fh.write(b"".join(buffer)[:10])
                raise KeyboardInterrupt
            return write_atomically(path, half, mode)
        return write_atomically(path, write, mode)

    monkeypatch.setattr(installer, "write_atomically", cut)


def files_of(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("first_time", [True, False])
def test_a_run_cut_short_leaves_whole_files_and_none_counts_as_the_learners(tmp_path, monkeypatch, first_time):
    copy = tmp_path / "course"
    if not first_time:
        installer.write_course(copy, source=fake_course(tmp_path / "v1", "v1"))
    with monkeypatch.context() as patch:
        cut_short_at(patch, 2)
        with pytest.raises(KeyboardInterrupt):
            installer.write_course(copy, source=fake_course(tmp_path / "v2", "v2"))
    files = files_of(copy)
    assert not [name for name in files if name.endswith(".part")]  # no part of a file left behind
    course = {name: text for name, text in files.items() if name.endswith((".ipynb", ".md")) and name != "README.md"}
    versions = {text.split()[-1] for text in course.values()}
    assert versions <= {"v1", "v2"} and all(text.startswith(name) for name, text in course.items())  # each whole
    assert len(course) == (1 if first_time else 3)  # a new file cut short is not there at all; later ones not yet
    result = installer.write_course(copy, source=fake_course(tmp_path / "v3", "v3"))
    assert result.kept == () and result.not_ours == ()  # neither the old nor the new copy is taken for an edit
    assert {name for name in files_of(copy) if name != installer.RECORD} == {
        START, "notebooks/01_next.ipynb", "docs/glossary.md", installer.README, installer.LAB_CONFIG,
        installer.LAB_OVERRIDES}
    record = json.loads((copy / installer.RECORD).read_text(encoding="utf-8"))
    assert "writing" not in record  # a run that finishes leaves only the checksums of what it wrote


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_nothing_is_written_through_a_symbolic_link(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.md").write_text("precious", encoding="utf-8")
    copy = tmp_path / "course"
    installer.write_course(copy, source=fake_course(tmp_path / "v1", "v1"))
    # the learner's glossary is a link to a file outside the course; the docs folder of a second copy is a link
    (copy / "docs" / "glossary.md").unlink()
    (copy / "docs" / "glossary.md").symlink_to(outside / "precious.md")
    result = installer.write_course(copy, source=fake_course(tmp_path / "v2", "v2"), force=True)
    assert result.links == ("docs/glossary.md",) and (outside / "precious.md").read_text(encoding="utf-8") == "precious"
    second = tmp_path / "second"
    second.mkdir()
    (second / "docs").symlink_to(outside, target_is_directory=True)
    v3 = fake_course(tmp_path / "v3", "v3")
    result = installer.write_course(second, source=v3, force=True)
    assert "docs/glossary.md" in result.links and not (outside / "glossary.md").exists()
    assert "symbolic link" in installer.summary(result, "second")
    (second / installer.RECORD).unlink()
    (second / installer.RECORD).symlink_to(outside / "precious.md")
    with pytest.raises(IsADirectoryError, match="symbolic link"):
        installer.write_course(second, source=v3)
    assert (outside / "precious.md").read_text(encoding="utf-8") == "precious"


def test_a_file_or_the_source_itself_is_refused(tmp_path):
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="is a file, not a folder"):
        installer.write_course(tmp_path / "a-file")
    with pytest.raises(IsADirectoryError, match="course's own source"):
        installer.write_course(ROOT)


# --------------------------------------------------------------------------- the command
def run_module(*args: str, cwd: Path, module: str = "bleu_explain.course") -> subprocess.CompletedProcess:
    """``python -m bleu_explain.course`` (the command's older name) or ``-m bleu_explain.coursefiles``."""
    return subprocess.run([sys.executable, "-m", module, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def test_the_command_writes_the_course_and_says_how_to_open_it(tmp_path):
    out = run_module("my course", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "my course" / START).is_file()
    assert f"{len(NOTEBOOKS)} notebooks" in out.stdout
    assert "cd 'my course'" in out.stdout and installer.OPEN_COMMAND in out.stdout
    again = run_module("my course", cwd=tmp_path, module="bleu_explain.coursefiles")
    assert again.returncode == 0 and "Every file was already up to date." in again.stdout


def test_the_command_defaults_to_a_folder_of_its_own_and_reports_errors(tmp_path):
    assert run_module(cwd=tmp_path).returncode == 0
    assert (tmp_path / installer.DEFAULT_DIR / START).is_file()
    assert run_module("--version", cwd=tmp_path).stdout.strip() == f"bleu-explain-course {__version__}"
    (tmp_path / "taken").write_text("x", encoding="utf-8")
    out = run_module("taken", cwd=tmp_path)
    assert out.returncode == 1 and "bleu-explain-course: error: taken is a file" in out.stderr
    assert "Traceback" not in out.stderr


def test_the_console_script_is_installed(tmp_path):
    exe = console_script("bleu-explain-course")
    out = subprocess.run([exe, str(tmp_path / "c")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "c" / START).is_file() and installer.OPEN_COMMAND in out.stdout
