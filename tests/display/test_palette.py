"""The palette: Okabe-Ito hues, vermillion kept for clipping, and the only home of the display layer's colours."""

from __future__ import annotations

import ast
from pathlib import Path

import bleu_explain.display as display
from bleu_explain.display.html import palette
from bleu_explain.display.html.palette import CLIPPED_COLOUR, OKABE_ITO, ORDER_COLOURS, SERIES_COLOURS, SERIES_MARKERS

DISPLAY = Path(display.__file__).parent
COLOUR_NAMES = {name for name in vars(palette) if name.isupper()} | {"order_colour", "series_colour", "tint"}


def test_palette_is_okabe_ito():
    assert set(ORDER_COLOURS) <= set(OKABE_ITO.values())
    assert set(SERIES_COLOURS) == set(OKABE_ITO.values())
    assert CLIPPED_COLOUR == OKABE_ITO["vermillion"] and CLIPPED_COLOUR not in ORDER_COLOURS
    assert len(SERIES_MARKERS) == len(SERIES_COLOURS)


def _imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) of every ``from X import name`` in a file, relative modules as written."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [("." * node.level + (node.module or ""), alias.name)
            for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names]


def test_colours_come_from_the_palette_only():
    for path in DISPLAY.rglob("*.py"):
        for module, name in _imports(path):
            if module.endswith("highlight"):
                assert name not in COLOUR_NAMES, f"{path.relative_to(DISPLAY)} imports {name} from highlight"
    highlight_users = {path.relative_to(DISPLAY).as_posix() for path in DISPLAY.rglob("*.py")
                       if any(module.endswith("highlight") for module, _ in _imports(path))}
    # only the explorers, the live page (and its tables, which write the signature as the highlighter
    # does) and the lecture's pictures, which show highlighted sentences, import the highlighter
    assert highlight_users <= {"widgets/bleu_explorer.py", "widgets/pathology_gallery.py",
                               "widgets/corpus_explorer.py", "html/live.py", "html/live_tables.py",
                               "export/lecture_pictures.py"}
