"""How a notebook's section is cut into slides that fit a projector: estimated heights and a packer.

A reveal.js slide here is 1600x900 (16:9; a 1280x720 projector shows it at 77 %). Each ``## `` section of a
notebook is one horizontal slide; when its cells are taller than a slide, :func:`lay_out` cuts the section
into vertical sub-slides, each filled up to :attr:`SlideMetrics.budget` by the *estimated* height of what it
shows: markdown lines wrapped at the slide's width, code and printed lines, plots (one box height), table rows,
widget views. The estimates are deliberately generous; a browser test measures every built slide.

On a slide, code longer than :attr:`SlideMetrics.short_code_lines` is hidden (it stays in the notebook) and
its output shows; a code cell with nothing to show leaves the slide. A table taller than a slide shows its
first rows and says how many more the notebook has; any other output taller than a slide (an explorer's
widget view) shows its top, cut at a fixed height, with a note saying so.
"""

from __future__ import annotations

import copy
import html
import re
from dataclasses import dataclass

from bleu_explain.display.export.slide_sizes import SlideMetrics, html_height, markdown_height

#: The cell tag that cuts an output at :attr:`SlideMetrics.clip_height` on a slide (see the deck's CSS).
CLIP_TAG = "bx-slide-clip"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: Mime types in the order nbconvert's HTML templates choose them (the widget view first, if its state is stored).
PRIORITY = (WIDGET_VIEW, "text/html", "image/svg+xml", "image/png", "image/jpeg", "text/markdown", "text/plain")


@dataclass(frozen=True)
class SlidePlace:
    """Where a slide sits in its deck, as reveal numbers it (``h.v``, from 1), and its section's heading."""

    h: int
    v: int
    heading: str

    @property
    def number(self) -> str:
        return f"{self.h}.{self.v}"


def slide_type(cell) -> str:
    return cell.metadata.get("slideshow", {}).get("slide_type") or "-"


def set_slide_type(cell, kind: str) -> None:
    cell.metadata.setdefault("slideshow", {})["slide_type"] = kind


def heading_of(cell) -> str:
    """The first ``#``/``##`` heading of a markdown cell, without its hashes."""
    for line in cell.source.splitlines():
        match = re.match(r"^#{1,2}\s+(.*)", line)
        if match:
            return match.group(1).strip()
    return ""


# --------------------------------------------------------------------------- heights of what a cell shows
def widget_models(view: dict, state: dict) -> tuple[int, int]:
    """How many widgets a stored view holds (layouts and styles not counted), and how much HTML they show."""
    seen: set[str] = set()
    shown = 0
    todo = [view.get("model_id", "")]
    while todo:
        model_id = todo.pop()
        model = state.get(model_id)
        if model_id in seen or model is None:
            continue
        seen.add(model_id)
        value = model.get("state", {}).get("value")
        shown += len(value) if isinstance(value, str) else 0
        children = model.get("state", {}).get("children", [])
        todo += [child.removeprefix("IPY_MODEL_") for child in children if isinstance(child, str)]
    return len(seen), shown


def small_widget(view: dict, state: dict, m: SlideMetrics) -> bool:
    """An exercise's answer box (a few widgets, a line of text), not an explorer."""
    models, shown = widget_models(view, state)
    return models <= m.small_widget_models and shown <= m.small_widget_text


def output_height(output, m: SlideMetrics, widget_state: dict) -> int:
    data = output.get("data", {})
    if output.get("output_type") == "stream":
        return m.printed_height(output.get("text", ""))
    if output.get("output_type") == "error":
        return m.printed_height("\n".join(output.get("traceback", [])))
    for mime in PRIORITY:
        if mime not in data:
            continue
        if mime == WIDGET_VIEW:
            if data[mime].get("model_id") not in widget_state:
                continue  # no stored state: the template shows the next mime type
            return m.small_widget if small_widget(data[mime], widget_state, m) else m.tall_widget
        if mime == "text/html":
            return html_height(data[mime], m)
        if mime in ("image/png", "image/jpeg", "image/svg+xml"):
            return m.image_height()
        if mime == "text/markdown":
            return markdown_height(data[mime], m)
        return m.printed_height(data[mime])
    return 0


def cell_height(cell, m: SlideMetrics, widget_state: dict) -> int:
    if cell.cell_type == "markdown":
        return markdown_height(cell.source, m)
    if cell.cell_type != "code":
        return 0
    shown = 0 if code_hidden(cell, m) else m.code_height(cell.source)
    return shown + sum(output_height(output, m, widget_state) for output in cell.get("outputs", []))


def code_hidden(cell, m: SlideMetrics) -> bool:
    return len(cell.source.strip().splitlines()) > m.short_code_lines


# --------------------------------------------------------------------------- cutting what does not fit
def markdown_blocks(source: str) -> list[str]:
    """A markdown cell's blocks (paragraphs, lists, tables), split at blank lines outside code fences."""
    blocks: list[str] = []
    current: list[str] = []
    fenced = False
    for line in source.splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                blocks.append("\n".join(current))
            current = []
        else:
            current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks or [source]


def table_head(page: str, rows: int) -> str:
    """A pandas HTML table cut after ``rows`` body rows, with a line saying how many the notebook has."""
    body = re.search(r"<tbody>(.*?)</tbody>", page, re.S)
    if body is None:
        return page
    all_rows = re.findall(r"<tr.*?</tr>", body.group(1), re.S)
    if len(all_rows) <= rows:
        return page
    kept = "\n".join(all_rows[:rows])
    note = (f'<p class="bx-slide-note">The first {rows} of {len(all_rows)} rows: the notebook shows them all.</p>')
    return page[:body.start(1)] + kept + page[body.end(1):] + note


def cut_to_fit(cell, m: SlideMetrics, widget_state: dict) -> int:
    """Make a code cell taller than a slide fit one: a table shows its head, anything else is clipped."""
    for output in cell.get("outputs", []):
        page = output.get("data", {}).get("text/html")
        if page and "dataframe" in page and WIDGET_VIEW not in output.get("data", {}):
            rows = len(re.findall(r"<tr", page))
            for keep in range(rows, 0, -1):
                cut = table_head(page, keep)
                output["data"]["text/html"] = cut
                if cell_height(cell, m, widget_state) <= m.budget - m.continued_height:
                    break
    height = cell_height(cell, m, widget_state)
    if height > m.budget - m.continued_height:
        cell.metadata["tags"] = [*cell.metadata.get("tags", []), CLIP_TAG]
        height = min(height, m.clip_height + m.clip_note_height + (0 if code_hidden(cell, m) else m.code_height(cell.source)))
    return height


def made_cell(source: str):
    """A markdown cell of the exporter's own; :func:`lay_out` gives it an id that is the same on every build."""
    from nbformat.v4 import new_markdown_cell

    cell = new_markdown_cell(source)
    cell["id"] = ""
    return cell


def clip_note(cell_kind: str):
    said = ("Only part of this explorer fits on a slide, and here it does not compute: "
            "open the notebook in JupyterLab for all of it, live." if cell_kind == "widget"
            else "Only the top of this output fits on a slide: the notebook shows all of it.")
    return made_cell(f'<p class="bx-slide-note">{said}</p>')


def continued(heading: str):
    return made_cell(f'<p class="bx-continued">{html.escape(heading)} (continued)</p>')


def notes_cell(text: str):
    cell = made_cell(text)
    set_slide_type(cell, "notes")
    return cell


def keeps_with_next(cell) -> bool:
    """A heading, or a short lead-in ending with a colon, goes onto the slide of what it introduces."""
    if cell.cell_type != "markdown":
        return False
    lines = [line for line in cell.source.splitlines() if line.strip()]
    return all(line.startswith("#") for line in lines) or (cell.source.rstrip().endswith(":") and len(cell.source) < 400)


def sections(cells) -> list[list]:
    """The notebook's cells in runs, each starting at a cell marked ``slide``."""
    runs: list[list] = []
    for cell in cells:
        if slide_type(cell) == "slide" or not runs:
            runs.append([])
        runs[-1].append(cell)
    return runs


def lay_out_section(cells, m: SlideMetrics, widget_state: dict, notes: str | None) -> list[list]:
    """A section's visible cells, packed into sub-slides (the first keeps its ``slide`` mark)."""
    heading = heading_of(cells[0]) if cells[0].cell_type == "markdown" else ""
    units = []
    for cell in cells:
        kind = slide_type(cell)
        if kind in ("skip", "notes"):
            continue
        if cell.cell_type == "markdown":
            for i, block in enumerate(markdown_blocks(cell.source)):
                piece = copy.deepcopy(cell)
                piece.source = block
                set_slide_type(piece, kind if i == 0 else "-")
                units.append(piece)
            continue
        piece = copy.deepcopy(cell)
        if code_hidden(piece, m):
            piece.metadata.setdefault("transient", {})["remove_source"] = True
            if not piece.get("outputs"):
                continue
        units.append(piece)
    subslides: list[list] = [[]]
    used = 0
    for i, unit in enumerate(units):
        height = cell_height(unit, m, widget_state)
        if height > m.budget - m.continued_height and unit.cell_type == "code":
            height = cut_to_fit(unit, m, widget_state)
        following = cell_height(units[i + 1], m, widget_state) if i + 1 < len(units) else 0
        wanted = height + (min(following, m.budget) if keeps_with_next(unit) else 0)
        if subslides[-1] and used + wanted > m.budget:
            subslides.append([continued(heading)])
            used = m.continued_height
        subslides[-1].append(unit)
        if CLIP_TAG in unit.metadata.get("tags", []):
            subslides[-1].append(clip_note("widget" if any(WIDGET_VIEW in o.get("data", {}) for o in unit.get("outputs", []))
                                           else "output"))
        used += height
    for number, slide in enumerate(subslides):
        if number > 0:
            set_slide_type(slide[0], "subslide")
        if notes:
            slide.insert(1, notes_cell(notes))
    return subslides


def lay_out(nb, m: SlideMetrics | None = None, notes: dict[str, str] | None = None):
    """A copy of ``nb`` whose every slide fits: sections cut into sub-slides, long code hidden, tall outputs cut.

    ``notes`` maps a slide's heading (the deck's title for the first slide) to its speaker notes, shown on
    every sub-slide of that section in reveal's speaker view (press S).
    """
    m = m or SlideMetrics()
    notes = notes or {}
    widget_state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    laid = copy.deepcopy(nb)
    cells = []
    for run in sections(nb.cells):
        heading = heading_of(run[0]) if run[0].cell_type == "markdown" else ""
        if slide_type(run[0]) != "slide":
            cells += [copy.deepcopy(c) for c in run]  # before the first slide: nothing shows
            continue
        for subslide in lay_out_section(run, m, widget_state, notes.get(heading)):
            cells += subslide
    seen: set[str] = set()
    for number, cell in enumerate(cells):  # a block of a cut cell, or a cell made here: an id of its own
        if not cell.get("id") or cell["id"] in seen:
            cell["id"] = f"slide-cell-{number}"
        seen.add(cell["id"])
    laid.cells = cells
    return laid


def outline(laid) -> list[SlidePlace]:
    """Every slide of a laid-out notebook, numbered as reveal shows them (``h.v``)."""
    places: list[SlidePlace] = []
    heading = ""
    h = v = 0
    for cell in laid.cells:
        kind = slide_type(cell)
        if kind == "slide":
            h, v, heading = h + 1, 1, heading_of(cell)
            places.append(SlidePlace(h=h, v=v, heading=heading))
        elif kind == "subslide":
            v += 1
            places.append(SlidePlace(h=h, v=v, heading=heading))
    return places
