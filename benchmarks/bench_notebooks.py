"""Execution time of the course: every notebook run top to bottom in a fresh kernel.

Targets: each notebook <= 10 s and all of them together <= 45 s in fresh kernels on a 2-core machine.
Nothing is written back; the committed notebooks are only read. Besides the wall time, the kernel's own
CPU time (start-up included) is printed: on a machine shared with other work the wall time grows with
the load, the CPU time much less. What notebooks keep on disk (``bleu_explain.data.parsed_cache``: the
parsed WMT21 test sets and their scores) is used as a lecturer's second run would use it; the first run
after installing or changing the package computes it (``BLEU_EXPLAIN_CACHE=off`` measures that).

    python benchmarks/bench_notebooks.py          # every notebook
    python benchmarks/bench_notebooks.py 09 10    # the ones whose names start with these
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: Asked of the kernel after the last cell: its CPU time since it started (user + system, children included).
_CPU = "import os; _t = os.times(); print(_t.user + _t.system + _t.children_user + _t.children_system)"


def run(path: Path) -> tuple[float, float]:
    """Wall time of one notebook in a fresh kernel, and the kernel's CPU time."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(_CPU))
    start = time.perf_counter()
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    elapsed = time.perf_counter() - start
    return elapsed, float(nb.cells[-1].outputs[0]["text"])


def main(prefixes: list[str]) -> None:
    os.environ.setdefault("PYTHONHASHSEED", "0")
    paths = [p for p in sorted(NOTEBOOKS.glob("*.ipynb")) if not prefixes or p.stem.startswith(tuple(prefixes))]
    total_wall = total_cpu = 0.0
    for path in paths:
        wall, cpu = run(path)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print(f"{path.stem:40s} {wall:6.1f} s  (kernel CPU {cpu:5.1f} s){'' if wall <= 10 else '  over 10 s'}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{'notebooks run':40s} {total_wall:6.1f} s  (kernel CPU {total_cpu:5.1f} s; target each <= 10 s, all <= 45 s; "
          f"load average {load:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main(sys.argv[1:])
