"""Build the course notebooks from their sources and execute them, so outputs are committed.

Each notebook is written as a Python file in ``notebooks/src/`` in jupytext's
"percent" format (``# %% [markdown]`` for prose, ``# %%`` for code). This script
turns each into ``notebooks/<name>.ipynb`` with jupytext, executes it in
``notebooks/`` with a fixed hash seed, and removes volatile metadata (timings),
so outputs are deterministic.

    python scripts/build_notebooks.py            # all notebooks (or: make notebooks)
    python scripts/build_notebooks.py 02 04      # the ones whose names start with these
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks" / "src"
OUT = ROOT / "notebooks"

#: The kernelspec JupyterLab itself writes, so that opening a notebook changes nothing in it.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def read_source(path: Path) -> nbformat.NotebookNode:
    """A notebook's cells from its percent-format source, with stable cell ids."""
    nb = jupytext.reads(path.read_text(encoding="utf-8"), fmt="py:percent")
    # RISE presents the notebook as slides: a theme that loads no web fonts, long slides scroll
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"},
                   "rise": {"theme": "white", "scroll": True}}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{path.stem[:2]}-{i:02d}"  # stable ids: no random ids in the diff
    return nb


def build(path: Path, timeout: int = 300) -> float:
    nb = read_source(path)
    start = time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(OUT)}}).execute()
    elapsed = time.perf_counter() - start
    for cell in nb.cells:
        cell.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, OUT / f"{path.stem}.ipynb")
    return elapsed


def main(prefixes: list[str]) -> None:
    os.environ.setdefault("PYTHONHASHSEED", "0")
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    sources = sorted(SRC.glob("*.py"))
    if prefixes:
        sources = [s for s in sources if any(s.stem.startswith(p) for p in prefixes)]
    total = 0.0
    for src in sources:
        elapsed = build(src)
        total += elapsed
        print(f"{src.stem}: {elapsed:.1f} s")
    print(f"total: {total:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
