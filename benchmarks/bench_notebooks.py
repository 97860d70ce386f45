"""Execution time of the course: every notebook run top to bottom in a fresh kernel, against the targets
a class can wait for: each notebook <= 10 s and the whole course <= 45 s, on a 2-core machine.

For each notebook it prints the wall-clock time from starting the kernel to the last cell's reply
(what a lecturer pressing "Run all" waits) and the CPU time the kernel used (user + system, read by one
extra cell at the end, which is not counted). On a machine whose cores are busy with other work, wall
time grows and CPU time does not: compare the two with the load average printed at the end. Nothing is
written back; the committed notebooks are only read.

    python benchmarks/bench_notebooks.py            # every notebook
    python benchmarks/bench_notebooks.py 11 12 13   # those whose names start with these
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: The targets of issue 21: a notebook in at most 10 s, the course in at most 45 s.
NOTEBOOK_TARGET_S = 10.0
COURSE_TARGET_S = 45.0
#: The extra last cell: the kernel's own CPU time so far.
CPU_CELL = "import os as _os\n_t = _os.times()\nprint(_t.user + _t.system)"


def run(path: Path) -> tuple[float, float]:
    """Wall-clock and kernel CPU seconds of one notebook, run in a fresh kernel."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(CPU_CELL))
    start = time.perf_counter()
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    wall = time.perf_counter() - start
    cpu = float(nb.cells[-1].outputs[0]["text"])
    return wall, cpu


def verdict(seconds: float, target: float) -> str:
    return "ok" if seconds <= target else f"OVER {target:.0f} s"


def main(prefixes: list[str]) -> None:
    os.environ.setdefault("PYTHONHASHSEED", "0")
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    paths = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if prefixes:
        paths = [p for p in paths if any(p.stem.startswith(x) for x in prefixes)]
    total_wall = total_cpu = 0.0
    print(f"{'notebook':40s} {'wall':>7s} {'kernel CPU':>11s}  target <= {NOTEBOOK_TARGET_S:.0f} s")
    for path in paths:
        wall, cpu = run(path)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print(f"{path.stem:40s} {wall:6.1f}s {cpu:10.1f}s  {verdict(wall, NOTEBOOK_TARGET_S)}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    what = "the course" if not prefixes else f"{len(paths)} notebooks"
    print(f"{what:40s} {total_wall:6.1f}s {total_cpu:10.1f}s  "
          f"{verdict(total_wall, COURSE_TARGET_S) if not prefixes else ''}")
    print(f"(target for the course <= {COURSE_TARGET_S:.0f} s; load average {load:.1f} on {os.cpu_count()} cores: "
          "with other work running, wall time is longer than a free machine's)")


if __name__ == "__main__":
    main(sys.argv[1:])
