"""A notebook opened without the data it downloads: one cell says what is missing and offers the fetch, the others
skip quietly, and nothing ends in a traceback. No network: downloads point at a closed local port."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from conftest import DATA_NOTEBOOKS

from bleu_explain.data.availability import missing_data
from bleu_explain.data.download import DATA_ENV, DATA_URL_ENV, DataNotAvailableError, local_path
from bleu_explain.data.manifest import load_manifest
from bleu_explain.display.widgets import data_gate
from bleu_explain.engine.errors import BleuInputError

ROOT = Path(__file__).resolve().parents[2]
PAIRS = ("zh-en", "en-de")
FETCH = "python -m bleu_explain.data fetch wmt21"


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def place(folder: Path, pairs=PAIRS) -> None:
    """Empty files where the manifest puts the data (presence is what the gate checks; loading checks sha256)."""
    for f in load_manifest("wmt21"):
        if f.pair in pairs or f.pair is None:
            local_path(folder, f).parent.mkdir(parents=True, exist_ok=True)
            local_path(folder, f).touch()


# --------------------------------------------------------------------------- what is missing
def test_missing_data_counts_the_files_and_names_the_command(tmp_path):
    missing = missing_data("wmt21", PAIRS, data_dir=tmp_path)
    manifest = load_manifest("wmt21")
    assert missing.missing_files == missing.total_files == len(manifest)
    assert missing.missing_bytes == sum(f.bytes for f in manifest)
    assert missing.command == f"{FETCH} --data-dir {tmp_path}" and missing.folder == tmp_path
    text = missing.text()
    assert FETCH in text and str(tmp_path) in text and "the cells below do nothing" in text
    assert FETCH in data_gate.missing_data_html(missing)


def test_one_pair_present_the_command_fetches_the_other(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    place(tmp_path, pairs=("zh-en",))
    missing = missing_data("wmt21", PAIRS)
    assert missing.command == f"{FETCH} en-de --data-dir {tmp_path}"  # the folder $BLEU_EXPLAIN_DATA names
    assert 0 < missing.missing_files < missing.total_files
    place(tmp_path)
    assert missing_data("wmt21", PAIRS) is None


def test_the_command_has_no_folder_when_the_cache_is_used(tmp_path, monkeypatch):
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert missing_data("wmt21", PAIRS).command == FETCH


def test_the_message_escapes_the_folder_in_html(tmp_path):
    folder = tmp_path / "<b>"
    html = data_gate.missing_data_html(missing_data("wmt21", PAIRS, data_dir=folder))
    assert "<b>" not in html.replace("<b>This notebook", "") and "&lt;b&gt;" in html


def test_outside_ipython_missing_data_raise_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(data_gate, "_ipython", lambda: None)
    with pytest.raises(DataNotAvailableError, match="python -m bleu_explain.data fetch wmt21") as err:
        data_gate.require_data("wmt21", PAIRS, data_dir=tmp_path)
    assert "button" not in str(err.value) and "cells below" not in str(err.value)
    place(tmp_path)
    assert data_gate.require_data("wmt21", PAIRS, data_dir=tmp_path) is None


# --------------------------------------------------------------------------- the cells after it
SHELL_SCRIPT = r"""
import json, os, sys
from pathlib import Path
from IPython.core.interactiveshell import InteractiveShell
from bleu_explain.display.widgets import data_gate
from bleu_explain.data.download import local_path
from bleu_explain.data.manifest import load_manifest

folder = Path(sys.argv[1])
gate = f"from bleu_explain.display.widgets import data_gate\ndata_gate.require_data('wmt21', ('zh-en', 'en-de'), data_dir={str(folder)!r})"
shell = InteractiveShell.instance()
seen = {}
shell.run_cell(gate)
skipped = shell.run_cell("x = 1\nraise RuntimeError('ran')")
seen["skipped_quietly"] = skipped.success and "x" not in shell.user_ns
seen["magic_runs"] = shell.run_cell("%env GATE_TEST=ran").success and os.environ.get("GATE_TEST") == "ran"
shell.run_cell(gate)  # run again: still one gate
seen["gates"] = sum(isinstance(t, data_gate.SkipWithoutData) for t in shell.input_transformers_cleanup)
for f in load_manifest("wmt21"):
    local_path(folder, f).parent.mkdir(parents=True, exist_ok=True)
    local_path(folder, f).touch()
seen["runs_once_there"] = shell.run_cell("x = 3").success and shell.user_ns.get("x") == 3
seen["gates_after"] = sum(isinstance(t, data_gate.SkipWithoutData) for t in shell.input_transformers_cleanup)
print(json.dumps(seen))
"""


def test_cells_skip_quietly_until_the_data_are_there_then_run(tmp_path):
    # In a process of its own: IPython's InteractiveShell is a process-wide singleton.
    out = subprocess.run([sys.executable, "-c", SHELL_SCRIPT, str(tmp_path)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert FETCH in out.stdout and "Traceback" not in out.stdout + out.stderr, out.stdout
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {
        "skipped_quietly": True, "magic_runs": True, "gates": 1, "runs_once_there": True, "gates_after": 0}


# --------------------------------------------------------------------------- the download button
def test_the_button_fetches_every_pair_and_says_when_done(tmp_path):
    missing = missing_data("wmt21", PAIRS, data_dir=tmp_path)
    calls = []

    def fetcher(dataset, pair, *, data_dir, report):
        calls.append((dataset, pair, data_dir))
        place(tmp_path, pairs=(pair,))
        return tmp_path

    fetcher_widget = data_gate.DataFetcher(missing, tmp_path, fetcher=fetcher)
    fetcher_widget.button.click()
    assert calls == [("wmt21", "zh-en", tmp_path), ("wmt21", "en-de", tmp_path)]
    assert "Done: every file is in" in fetcher_widget.report.value and fetcher_widget.button.disabled
    assert missing_data("wmt21", PAIRS, data_dir=tmp_path) is None


def test_a_failed_download_says_why_and_can_be_retried(tmp_path):
    missing = missing_data("wmt21", PAIRS, data_dir=tmp_path)

    def offline(dataset, pair, *, data_dir, report):
        raise BleuInputError("could not download zh-en/src.zh: no connection (ConnectionError)")

    fetcher_widget = data_gate.DataFetcher(missing, tmp_path, fetcher=offline)
    assert fetcher_widget.run() is False
    assert "The download stopped: could not download" in fetcher_widget.report.value
    assert not fetcher_widget.button.disabled


# --------------------------------------------------------------------------- the notebooks themselves
def code_mentions(path: Path, pattern: str) -> bool:
    code = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#"))
    return re.search(pattern, code) is not None


#: Notebooks with one optional cell that reads the data only where they are (and prints what to fetch instead of
#: failing): the cell, by the function that asks whether the data are there.
OPTIONAL_DOWNLOADS = {"07_one_output_many_scores": "wmt21_available"}


def test_every_notebook_that_downloads_data_asks_for_it_first():
    downloads = r"load_wmt21|load_pair\(|load_sacrebleu_testset\(|data\.download|fetch\("
    readers = set()
    for source in sorted((ROOT / "notebooks" / "src").glob("*.py")):
        module = ROOT / "bleu_explain" / "course" / f"ch{source.stem}"
        modules = list(module.glob("*.py")) if module.is_dir() else [module.with_suffix(".py")]
        if any(code_mentions(p, downloads) for p in [source, *modules] if p.is_file()):
            readers.add(source.stem)
    assert readers == set(DATA_NOTEBOOKS) | set(OPTIONAL_DOWNLOADS)
    for stem, call in OPTIONAL_DOWNLOADS.items():
        assert code_mentions(ROOT / "notebooks" / "src" / f"{stem}.py", rf"if {call}\(")
    for stem in DATA_NOTEBOOKS:
        # the gate comes before the first cell that loads the data (cells before it may use the bundled figures)
        code = [c for c in nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4).cells
                if c.cell_type == "code"]
        gate = next(k for k, c in enumerate(code) if "require_data(" in c.source)
        loads = next(k for k, c in enumerate(code) if re.search(r"load_wmt21\w*\(|load_pair\(|fetch\(", c.source))
        assert gate < loads and not code[gate].outputs, stem


@pytest.mark.notebooks
@pytest.mark.parametrize("where", ["empty BLEU_EXPLAIN_DATA", "empty cache"])
@pytest.mark.parametrize("stem", DATA_NOTEBOOKS)
def test_notebook_without_its_data_says_how_to_fetch_and_has_no_error(stem, where, tmp_path, monkeypatch):
    from nbclient import NotebookClient

    if where == "empty cache":
        monkeypatch.delenv(DATA_ENV, raising=False)
    else:
        monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv(DATA_URL_ENV, f"http://127.0.0.1:{closed_port()}")  # the download cannot reach anything
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert not [o for c in code for o in c.outputs if o.output_type == "error" or "Traceback" in o.get("text", "")]
    # the cells before the gate may draw from what ships with the package; after it, nothing speaks
    gate = next(k for k, c in enumerate(code) if "require_data(" in c.source)
    speaking = [c for c in code[gate + 1:] if c.outputs]
    assert not speaking, [c.source[:60] for c in speaking]
    text = "\n".join(o.get("data", {}).get("text/plain", "") for o in code[gate].outputs)
    assert FETCH in text and "not here" in text
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in code[gate].outputs)
