"""Static reveal.js slides of the course notebooks, made to fit a projector, every script served from the slides' folder.

    python scripts/build_slides.py                # every notebook into slides/ (or: make slides)
    python scripts/build_slides.py 04 05          # the notebooks whose names start with these
    python scripts/build_slides.py --out DIR 04   # somewhere else
    python scripts/build_slides.py --stored       # the notebooks' stored outputs as they are (quicker)
    python scripts/build_slides.py --outline 02   # list the slides of deck 02 (number and section) and stop

The plots of a deck are drawn in the projector style (type of 18 pt and more on a 1280-pixel-wide figure,
thick lines; see ``bleu_explain.display.plots.style``): slides are made from a notebook's outputs, so each
notebook is executed again, in memory, with ``BLEU_EXPLAIN_PLOT_STYLE=projector`` (the notebooks in
``notebooks/`` keep their screen-style outputs). This takes as long as ``make notebooks``. A notebook that
shows fewer figures executed here than stored (its data missing, say) keeps its stored outputs, and the
script says so. ``--stored`` skips the execution.

Each notebook ``notebooks/NN_name.ipynb`` becomes ``NN_name.slides.html``: its title and each ``## `` section
is a slide (the notebooks mark them, ``tests/test_slides.py`` checks it), cut into sub-slides 3.1, 3.2, ...
where it is taller than a 1280x720 projector shows; long code is hidden, tall outputs are cut (see
``bleu_explain.display.export.slides``). The speaker notes come from ``slides/notes.md``.
``index.html`` lists the decks. reveal.js, require.js and the Jupyter widgets HTML manager come from the npm
registry (``slides/package.json``, installed with ``npm ci`` when ``slides/node_modules`` is missing) and are
copied next to the pages: no page loads anything from a CDN.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # this checkout's package, not another installed one

from bleu_explain.display.export import slides as exporter  # noqa: E402
from bleu_explain.display.export.slides import figures, install_front_end  # noqa: E402, F401  (the tests use them)

NOTEBOOKS = ROOT / "notebooks"
FRONT_END = ROOT / "slides"  # package.json and package-lock.json; node_modules/ is git-ignored
DEFAULT_OUT = ROOT / "slides"
NOTES = ROOT / "slides" / "notes.md"


def notebook_paths(prefixes: list[str]) -> list[Path]:
    paths = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if prefixes:
        paths = [p for p in paths if any(p.stem.startswith(prefix) for prefix in prefixes)]
    if not paths:
        raise FileNotFoundError(f"no notebook in notebooks/ starts with {' or '.join(prefixes)}")
    return paths


def executed_in_style(nb, plot_style: str, timeout: int = 600):
    """A copy of ``nb`` executed in ``notebooks/`` with every plot in ``plot_style`` (the notebook file is untouched)."""
    return exporter.executed_in_style(nb, plot_style, NOTEBOOKS, timeout)


def build(prefixes: list[str], out: Path = DEFAULT_OUT, front_end: Path = FRONT_END, fetch: bool = True,
          live_url: str | None = None, plot_style: str | None = None) -> list[Path]:
    """Write one deck per notebook and an index into ``out``; return the decks (see ``slides.build_decks``)."""
    return exporter.build_decks(notebook_paths(prefixes), out, front_end, course=notebook_paths([]), fetch=fetch,
                                live_url=live_url, plot_style=plot_style, notes_file=NOTES)


def print_outline(prefixes: list[str]) -> None:
    for path in notebook_paths(prefixes):
        print(path.stem)
        for place in exporter.deck_outline(path, NOTES):
            print(f"  {path.stem[:2]} · slide {place.number:<6} {place.heading}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="notebook name prefixes, e.g. 04 05 (default: all)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: slides/)")
    parser.add_argument("--live-url", default=None, help="the live page's address from the decks (make site: ../live.html)")
    parser.add_argument("--stored", action="store_true",
                        help="use the notebooks' stored outputs instead of executing them with projector-style plots")
    parser.add_argument("--outline", action="store_true", help="list each deck's slides (from the stored outputs) and stop")
    args = parser.parse_args(argv)
    try:
        if args.outline:
            print_outline(args.prefixes)
            return 0
        decks = build(args.prefixes, args.out, live_url=args.live_url, plot_style=None if args.stored else "projector")
    except (FileNotFoundError, RuntimeError) as exc:
        print(f"build_slides: error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {len(decks)} slide deck{'s' if len(decks) != 1 else ''} to {args.out} (open {args.out / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
