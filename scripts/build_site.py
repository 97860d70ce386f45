"""The course as one static site: the live page, the handouts and the slides, under one index.

    python scripts/build_site.py                 # site/: the live page, the handouts and the slides (or: make site)
    python scripts/build_site.py --live-only     # only the live page and an index that links it alone (or: make live)
    python scripts/build_site.py --out DIR

The logic is :mod:`bleu_explain.display.export.site`; this command gives it the checkout's folders. Serve the
result from any static host: ``python -m http.server 8000 --bind 127.0.0.1 -d site``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PYODIDE = WEB / "node_modules" / "pyodide"
DEFAULT_OUT = ROOT / "site"

sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from bleu_explain.display.export import site  # noqa: E402
from bleu_explain.display.export.site import (  # noqa: E402,F401  (the names the tests and the benchmark use)
    LIVE_FROM_SUBFOLDER,
    NPM_COMMAND,
    PYODIDE_FILES,
    MissingPyodide,
    site_size,
)


def package_files(root: Path = ROOT) -> list[Path]:
    return site.package_files(root)


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    return site.build_wheel(out_dir, root)


def pyodide_version(pyodide: Path = PYODIDE) -> str:
    return site.pyodide_version(pyodide)


def build_live(out: Path, pyodide: Path = PYODIDE) -> Path:
    """``out/live.html`` and ``out/live/`` from this checkout (its index links the live page alone)."""
    return site.build_live(out, WEB, ROOT, pyodide)


def build_site(out: Path, live_only: bool = False, pyodide: Path = PYODIDE) -> list[Path]:
    from bleu_explain.course.checker import exercises_for

    return site.build_site(out, ROOT, pyodide, live_only, exercises_for)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--out", type=Path, default=DEFAULT_OUT)
    p.add_argument("--live-only", action="store_true", help="write only the live page and an index that links it")
    args = p.parse_args(argv)
    try:
        pages = build_site(args.out, args.live_only)
    except (FileNotFoundError, RuntimeError) as exc:
        print(f"build_site: {exc}", file=sys.stderr)
        return 1
    size = site_size(args.out)
    print(f"wrote {', '.join(str(p.relative_to(args.out)) for p in pages)} in {args.out} "
          f"({size / 1e6:.1f} MB); serve it with: python -m http.server 8000 --bind 127.0.0.1 -d {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
