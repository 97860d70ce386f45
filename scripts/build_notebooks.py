"""Build the course notebooks from their sources and execute them, so outputs are committed.

Each notebook is written as a plain Python file in ``notebooks/src/`` using cell
markers (``# %% [markdown]`` for prose, ``# %%`` for code). This script turns
each into ``notebooks/<name>.ipynb``, executes it in ``notebooks/`` with a fixed
hash seed, and removes volatile metadata (timings), so outputs are deterministic.

    python scripts/build_notebooks.py            # all notebooks
    python scripts/build_notebooks.py 02 04      # the ones whose names start with these
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks" / "src"
OUT = ROOT / "notebooks"
MARKER = re.compile(r"^# %%(?: \[(markdown)\])?(?: tags=(\[.*\]))?\s*$")


def parse(source: str) -> list:
    cells, kind, lines, tags = [], None, [], []

    def flush():
        if kind is None:
            return
        text = "\n".join(lines).strip("\n")
        if kind == "markdown":
            text = "\n".join(line[2:] if line.startswith("# ") else line.lstrip("#") for line in text.splitlines())
            cells.append(nbformat.v4.new_markdown_cell(text))
        elif text.strip():
            cell = nbformat.v4.new_code_cell(text)
            if tags:
                cell.metadata["tags"] = tags
            cells.append(cell)

    for line in source.splitlines():
        m = MARKER.match(line)
        if m:
            flush()
            kind, lines = (m.group(1) or "code"), []
            tags = json.loads(m.group(2)) if m.group(2) else []
        else:
            lines.append(line)
    flush()
    return cells


def build(path: Path, timeout: int = 300) -> float:
    nb = nbformat.v4.new_notebook()
    nb.cells = parse(path.read_text(encoding="utf-8"))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{path.stem[:2]}-{i:02d}"  # stable ids: no random ids in the diff
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
