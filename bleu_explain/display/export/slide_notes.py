"""Speaker notes for the decks, read from one Markdown file a lecturer can also read as it is.

The file has a ``## NN · Title`` heading per deck and a ``### heading`` per slide, named as the notebook
names its section (``### 1. Six steps``). Text under the deck's heading, before its first ``###``, is the
title slide's note. In a deck, press S for reveal's speaker view: the note of a section shows on each of
its slides.
"""

from __future__ import annotations

import re
from pathlib import Path


def read_notes(path: Path) -> dict[str, dict[str, str]]:
    """``{deck number: {slide heading: note}}``; the title slide's note is under the deck's own heading."""
    notes: dict[str, dict[str, str]] = {}
    deck: str | None = None
    heading = ""
    lines: list[str] = []

    def keep() -> None:
        text = "\n".join(lines).strip()
        if deck is not None and text:
            notes.setdefault(deck, {})[heading] = text

    for line in path.read_text(encoding="utf-8").splitlines():
        deck_heading = re.match(r"^## ((\d\d) · .+?)\s*$", line)
        slide_heading = re.match(r"^### (.+?)\s*$", line)
        if deck_heading or slide_heading or line.startswith("## "):
            keep()
            lines = []
            if deck_heading:
                deck, heading = deck_heading.group(2), deck_heading.group(1)
            elif slide_heading and deck is not None:
                heading = slide_heading.group(1)
            else:
                deck = None  # a "## " heading that names no deck ends the notes of the one before
            continue
        lines.append(line)
    keep()
    return notes


def notes_for(path: Path | None, stem: str) -> dict[str, str]:
    """The notes of the deck made from notebook ``stem`` (``02_modified_precision``), by slide heading."""
    if path is None or not path.is_file():
        return {}
    return read_notes(path).get(stem[:2], {})
