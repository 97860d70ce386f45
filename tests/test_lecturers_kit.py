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


# --------------------------------------------------------------------------- the deck the lecture is given from
#: "slides 4–9" in the lecture plan: slides of the lecture's deck, numbered as its corner shows them.
SLIDES = re.compile(r"slides (\d+)–(\d+)")


def lecture_deck():
    from bleu_explain.display.export.lecture import deck_path, read_deck

    return read_deck(deck_path(ROOT / "lecture"))


def test_every_block_of_the_plan_names_the_decks_slides_with_their_minutes():
    """The plan's blocks follow the deck: in order, every slide once, each block's minutes the sum of its slides'."""
    deck = lecture_deck()
    text = (DOCS / "lecture_90_minutes.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if re.match(r"^\| \d+–\d+ \|", line)]
    assert len(rows) == len(minutes(text)) >= 8
    expected_first = 1
    for row, (start, end) in zip(rows, minutes(text)):
        found = SLIDES.search(row)
        assert found, f"a block of the lecture names no slides of the deck: {row[:60]}"
        first, last = int(found.group(1)), int(found.group(2))
        assert first == expected_first and last >= first, row[:60]
        assert end - start == sum(s.minutes for s in deck.slides[first - 1:last]), row[:60]
        expected_first = last + 1
    assert expected_first - 1 == len(deck.slides)
    assert minutes(text)[-1][1] == deck.minutes(90)
    assert "· slides" not in text, "the plan names slides of the notebooks' decks"


def test_the_plans_cuts_are_the_decks():
    deck = lecture_deck()
    text = (DOCS / "lecture_90_minutes.md").read_text(encoding="utf-8")
    for length in (60, 45):
        line = re.search(rf"\*\*{length} minutes\*\* \((\d+) planned\): (?:also )?skips slides ([\d, and]+)", text)
        assert line, f"the plan does not list the {length}-minute cut"
        assert int(line.group(1)) == deck.minutes(length)
        named = {int(n) for n in re.findall(r"\d+", line.group(2))}
        skipped = {k for k, s in enumerate(deck.slides, 1) if not s.given_in(length)}
        assert named == (skipped if length == 60 else skipped - {k for k, s in enumerate(deck.slides, 1)
                                                                  if not s.given_in(60)})
    assert f"{len(deck.slides)} slides" in text and f"{deck.minutes(90)} in all" in text
