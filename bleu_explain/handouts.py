"""The handouts' command line: ``python -m bleu_explain.handouts NOTEBOOK_DIR OUTPUT_DIR [--pdf]``.

It sits on the top floor, beside ``cli/``, because it joins the course (its
exercises and their solutions) with the display floor's exporter.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .display.export.handouts.assets import NODE_MODULES

PROG = "python -m bleu_explain.handouts"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, description="Export the course notebooks as handouts to read offline and print.")
    p.add_argument("notebooks", type=Path, help="folder of executed notebooks (NN_name.ipynb)")
    p.add_argument("output", type=Path, help="folder to write the handouts to")
    p.add_argument("--pdf", action="store_true", help="also print every page to PDF with headless Chromium")
    p.add_argument("--node-modules", type=Path, default=NODE_MODULES,
                   help="where npm installed the widget manager and MathJax (default: the package's own assets folder)")
    return p


#: What the export needs beyond the package: the handouts extra (nbconvert, which brings nbformat).
EXTRA = "handouts"


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        import nbconvert  # noqa: F401
        import nbformat  # noqa: F401
    except ModuleNotFoundError as exc:  # a plain `pip install bleu-explain` has neither
        print(f"{PROG}: error: the handouts are exported with nbconvert and nbformat, and {exc.name} is not "
              f"installed: pip install 'bleu-explain[{EXTRA}]' (in a checkout, `make handouts` installs it)",
              file=sys.stderr)
        return 2
    # The command is where the course meets the display floor: the exporter reads the exercises
    # through this function and never imports the course itself.
    from .course.checker import exercises_for
    from .display.export.handouts.export import export_course
    from .display.export.handouts.pdf import PdfError

    try:
        pages = export_course(args.notebooks, args.output, exercises_for, node_modules=args.node_modules, pdf=args.pdf)
    except (FileNotFoundError, ValueError, PdfError) as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    printed = " and their PDFs" if args.pdf else ""
    print(f"wrote {len(pages)} pages{printed} to {args.output} (open {args.output / 'index.html'})")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
