"""The lecturer's kit in docs/: every link into a notebook opens it at a heading that exists, the lecture's
minutes fit in 90, the lab's in 3 hours, every misconception points at the section that corrects it, the live
page addresses are addresses the page reads, and the app and the handouts reach every page of the kit."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import jupytext
import pytest

from bleu_explain.display.export.handouts.pages import linked_documents
from bleu_explain.display.html.live_state import LiveState
from bleu_explain.engine.presets import PRESETS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
KIT = ("lecturers_guide.md", "lecture_90_minutes.md", "lab_3_hours.md", "misconceptions.md", "speaker_notes.md")
#: [text](target) in Markdown.
LINK = re.compile(r"\]\(([^)\s]+)\)")


def heading_ids(stem: str) -> set[str]:
    """The ids JupyterLab gives a notebook's headings (the text, spaces turned into '-'); nbconvert's, for the
    handouts, are the same for ASCII text."""
    cells = jupytext.read(ROOT / "notebooks" / "src" / f"{stem}.py", fmt="py:percent").cells
    return {re.sub(r"^#+\s*", "", line).strip().replace(" ", "-")
            for cell in cells if cell.cell_type == "markdown" for line in cell.source.splitlines()
            if re.match(r"^#{1,6}\s", line)}


def links(name: str) -> list[str]:
    return LINK.findall((DOCS / name).read_text(encoding="utf-8"))


def notebook_anchors() -> list[tuple[str, str, str]]:
    """(document, notebook stem, fragment) of every link from the docs into a notebook at a heading."""
    found = []
    for doc in sorted(DOCS.glob("*.md")):
        for target in links(doc.name):
            path, _, fragment = target.partition("#")
            if path.startswith("../notebooks/") and path.endswith(".ipynb") and fragment:
                found.append((doc.name, Path(path).stem, unquote(fragment)))
    return found


def test_the_kit_links_notebook_sections_by_heading():
    anchors = notebook_anchors()
    assert len(anchors) >= 40
    wrong = [(doc, stem, fragment) for doc, stem, fragment in anchors if fragment not in heading_ids(stem)]
    assert not wrong, f"links to headings that no longer exist (grep '^# ##' notebooks/src/*.py): {wrong}"


def test_anchors_are_plain_ascii_so_jupyterlab_and_the_handouts_agree():
    for doc, stem, fragment in notebook_anchors():
        assert fragment.isascii() and '"' not in fragment and "(" not in fragment, (doc, stem, fragment)


def test_links_between_the_kits_pages_open_their_headings():
    for name in KIT:
        for target in links(name):
            path, _, fragment = target.partition("#")
            if path.endswith(".md") and fragment:
                headings = {line.lstrip("#").strip().replace(" ", "-")
                            for line in (DOCS / path).read_text(encoding="utf-8").splitlines() if line.startswith("#")}
                assert fragment in headings, (name, target)


def minutes(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in re.findall(r"^\| (\d+)–(\d+) \|", text, re.M)]


def test_the_lecture_fits_in_90_minutes_without_gaps():
    blocks = minutes((DOCS / "lecture_90_minutes.md").read_text(encoding="utf-8"))
    assert blocks[0][0] == 0 and all(end == start for (_, end), (start, _) in zip(blocks, blocks[1:]))
    assert blocks[-1][1] <= 90


def test_the_lab_fills_three_hours_without_gaps():
    text = (DOCS / "lab_3_hours.md").read_text(encoding="utf-8")
    times = [(int(h1) * 60 + int(m1), int(h2) * 60 + int(m2))
             for h1, m1, h2, m2 in re.findall(r"^\| (\d):(\d\d)–(\d):(\d\d) \|", text, re.M)]
    assert times[0][0] == 0 and times[-1][1] == 180
    assert all(end == start for (_, end), (start, _) in zip(times, times[1:]))


def test_every_misconception_points_at_a_notebook():
    text = (DOCS / "misconceptions.md").read_text(encoding="utf-8")
    items = re.split(r"^\d+\. ", text, flags=re.M)[1:]
    assert len(items) >= 15
    for item in items:
        assert "](../notebooks/" in item, item[:60]


def test_the_live_page_addresses_are_read_by_the_page():
    text = (DOCS / "lecturers_guide.md").read_text(encoding="utf-8")
    queries = re.findall(r"`\?(preset=[^`]+)`", text)
    assert len(queries) >= 3
    for query in queries:
        state = LiveState.from_query(query)
        assert state.preset in PRESETS and state.hypothesis and state.references, query
        assert not state.compare or state.compare in PRESETS, query


@pytest.mark.parametrize("name", KIT)
def test_the_app_and_the_handouts_reach_every_page_of_the_kit(name):
    """They render the documents the notebooks link to, and those these link to in turn."""
    reached = linked_documents(sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")))
    assert (DOCS / name).resolve() in reached


# --------------------------------------------------------------------------- the slides the lecture projects
#: "02 · slides 3.1–3.8, 4.1" in the lecture plan: a deck and its slides as reveal numbers them (h.v).
SLIDES = re.compile(r"(\d\d) · slides? ((?:\d+\.\d+(?:–\d+\.\d+)?(?:, )?)+)")


def named_slides(text: str) -> list[tuple[str, str, str]]:
    """(deck, first slide, last slide) of every range of slides the text names."""
    found = []
    for deck, ranges in SLIDES.findall(text):
        for part in ranges.rstrip(", ").split(", "):
            first, _, last = part.partition("–")
            found.append((deck, first, last or first))
    return found


def outlines() -> dict[str, list]:
    """Every deck's slides, cut from the notebooks' stored outputs as ``make slides`` cuts them."""
    from bleu_explain.display.export.slides import deck_outline

    notes = DOCS / "speaker_notes.md"
    return {path.stem[:2]: deck_outline(path, notes) for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))}


def test_every_block_of_the_lecture_names_slides_that_exist_and_have_speaker_notes():
    from bleu_explain.display.export.slide_notes import read_notes

    text = (DOCS / "lecture_90_minutes.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if re.match(r"^\| \d+–\d+ \|", line)]
    assert len(rows) == len(minutes(text)) >= 8
    decks = outlines()
    notes = read_notes(DOCS / "speaker_notes.md")
    for row in rows:
        ranges = named_slides(row)
        assert ranges, f"a block of the lecture names no slides: {row[:60]}"
        for deck, first, last in ranges:
            numbers = [place.number for place in decks[deck]]
            assert first in numbers and last in numbers, f"{deck} · slides {first}–{last}: deck {deck} has {numbers}"
            shown = decks[deck][numbers.index(first):numbers.index(last) + 1]
            assert shown, f"{deck} · slides {first}–{last} run backwards"
            for place in shown:
                assert place.heading in notes.get(deck, {}), \
                    f"{deck} · slide {place.number} ({place.heading}) has no speaker note in docs/speaker_notes.md"
