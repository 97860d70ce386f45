"""Every committed notebook is its source, built: the same cells, in order, with the same tags."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.py"))


def _build_script():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "scripts" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_notebook_matches_its_source(source):
    built = _build_script().read_source(source)
    committed = nbformat.read(ROOT / "notebooks" / f"{source.stem}.ipynb", as_version=4)
    want = [(c.cell_type, c.source, c.metadata.get("tags")) for c in built.cells]
    have = [(c.cell_type, c.source, c.metadata.get("tags")) for c in committed.cells]
    assert have == want, f"notebooks/{source.stem}.ipynb is out of date: run make notebooks"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_notebook_carries_the_kernelspec_jupyterlab_writes(source):
    committed = nbformat.read(ROOT / "notebooks" / f"{source.stem}.ipynb", as_version=4)
    assert committed.metadata["kernelspec"] == _build_script().KERNELSPEC
