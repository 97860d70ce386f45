"""Execution time of the whole course: every notebook run top to bottom in a fresh kernel.

Target: all notebooks together <= 90 s on a 2-core machine (aim 45 s). Nothing is
written back; the committed notebooks are only read.

    python benchmarks/bench_notebooks.py
"""

from __future__ import annotations

import os
import time
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def main() -> None:
    import nbformat
    from nbclient import NotebookClient

    os.environ.setdefault("PYTHONHASHSEED", "0")
    total = 0.0
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
        elapsed = time.perf_counter() - start
        total += elapsed
        print(f"{path.stem:40s} {elapsed:6.1f} s")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{'all notebooks':40s} {total:6.1f} s  (target <= 90 s, aim 45 s; load average {load:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
