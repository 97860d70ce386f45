"""The 90-minute lecture as one deck: site/lecture/index.html and its PDF, lecture.pdf (or: make lecture).

    python scripts/build_lecture.py               # the English deck into site/lecture/
    python scripts/build_lecture.py --lang zh     # lecture/deck.zh.md into site/lecture/zh/
    python scripts/build_lecture.py --no-pdf      # the page only (seconds)
    python scripts/build_lecture.py --outline     # list the slides with their minutes and stop
    python scripts/build_lecture.py --docs        # write docs/speaker_notes.md from the deck and stop

The logic is :mod:`bleu_explain.display.export.lecture`; the deck's words are in ``lecture/deck.LANG.md``.
reveal.js comes from the npm registry (``slides/package.json``, ``npm ci`` once); the live page the demos
embed is built beside the deck when it is missing (``make live``). With ``BLEU_EXPLAIN_DATA`` naming the
WMT21 data, the calibration slide shows the measurement (about a minute and a half the first time, then kept
on disk); without it, that slide says what to fetch, and this script says so in one line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # this checkout's package, not another installed one

from bleu_explain.display.export import lecture  # noqa: E402
from bleu_explain.display.export import site as site_export  # noqa: E402
from bleu_explain.display.export.slides import install_front_end  # noqa: E402

DECKS = ROOT / "lecture"
DEFAULT_OUT = ROOT / "site"
FRONT_END = ROOT / "slides"
PYODIDE = ROOT / "web" / "node_modules" / "pyodide"


def build(out: Path, lang: str = lecture.DEFAULT_LANG, pdf: bool = True) -> lecture.BuiltLecture:
    """The deck, with the live page beside it (built when missing) and an index when the site has none."""
    modules = install_front_end(FRONT_END)
    if not (out / "live.html").is_file():
        site_export.build_live(out, ROOT / "web", ROOT, PYODIDE, parts=("lecture", "live"))
    if not (out / "index.html").is_file():
        from bleu_explain.version import __version__

        (out / "index.html").write_text(site_export.index_html(("lecture", "live"), __version__), encoding="utf-8")
    return lecture.build_lecture(out, DECKS, modules, lang, pdf=pdf)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the site's folder (default: site/)")
    p.add_argument("--lang", default=lecture.DEFAULT_LANG, help="the deck's language: lecture/deck.LANG.md")
    p.add_argument("--no-pdf", action="store_true", help="do not print lecture.pdf")
    p.add_argument("--outline", action="store_true", help="list the slides and their minutes, and stop")
    p.add_argument("--docs", action="store_true", help="write docs/speaker_notes.md from the deck, and stop")
    args = p.parse_args(argv)
    try:
        if args.docs:
            from bleu_explain.display.export.lecture_pictures import deck_values

            deck = lecture.read_deck(lecture.deck_path(DECKS, args.lang))
            (ROOT / "docs" / "speaker_notes.md").write_text(
                lecture.notes_document(lecture.fill(deck, deck_values(deck.labels))), encoding="utf-8")
            print("wrote docs/speaker_notes.md")
            return 0
        if args.outline:
            print(lecture.outline(lecture.read_deck(lecture.deck_path(DECKS, args.lang))))
            return 0
        built = build(args.out, args.lang, pdf=not args.no_pdf)
    except (FileNotFoundError, RuntimeError, ValueError) as exc:
        print(f"build_lecture: {exc}", file=sys.stderr)
        return 1
    written = [built.page] + ([built.pdf] if built.pdf else [])
    print(f"wrote {', '.join(str(p.relative_to(args.out)) for p in written)} in {args.out}: "
          f"{len(built.deck.slides)} slides, {built.deck.minutes()} minutes; serve the site with: "
          f"python -m http.server 8000 --bind 127.0.0.1 -d {args.out} and open /lecture/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
