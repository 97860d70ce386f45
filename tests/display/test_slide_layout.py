"""Cutting a notebook into slides that fit: sub-slides by estimated height, long code hidden, tall outputs cut,
speaker notes on every sub-slide of their section. (The browser test measures the built decks.)"""

from __future__ import annotations

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from bleu_explain.display.export.slide_layout import CLIP_TAG, cell_height, lay_out, outline, slide_type
from bleu_explain.display.export.slide_notes import read_notes
from bleu_explain.display.export.slide_sizes import SlideMetrics, markdown_height

METRICS = SlideMetrics()
PARAGRAPH = "BLEU counts the n-grams a candidate shares with its references, clipped by the reference counts. " * 3


def slide(source: str):
    cell = new_markdown_cell(source)
    cell.metadata["slideshow"] = {"slide_type": "slide"}
    return cell


def notebook(*cells):
    return new_notebook(cells=[slide("# 02 · A deck\n\n## Learning goals\n- one"), *cells])


def printed(lines: int):
    return new_output("stream", name="stdout", text="".join(f"line {i}\n" for i in range(lines)))


def visible(laid):
    return [cell for cell in laid.cells if slide_type(cell) not in ("skip", "notes")]


def sub_slides(laid) -> list[list]:
    runs: list[list] = []
    for cell in visible(laid):
        if slide_type(cell) in ("slide", "subslide"):
            runs.append([])
        runs[-1].append(cell)
    return runs


def test_markdown_height_grows_with_the_text_and_headings_count():
    one = markdown_height(PARAGRAPH, METRICS)
    assert markdown_height(PARAGRAPH + "\n\n" + PARAGRAPH, METRICS) > 1.8 * one
    assert markdown_height("## A heading\n\n" + PARAGRAPH, METRICS) > one + METRICS.h2_px


def test_a_long_section_becomes_sub_slides_each_within_the_budget():
    laid = lay_out(notebook(slide("## 1. Long\n\n" + "\n\n".join([PARAGRAPH] * 12))))
    places = outline(laid)
    assert [p.number for p in places][:3] == ["1.1", "2.1", "2.2"]
    assert len(places) >= 4 and {p.heading for p in places[1:]} == {"1. Long"}
    state: dict = {}
    for run in sub_slides(laid):
        assert sum(cell_height(cell, METRICS, state) for cell in run) <= METRICS.budget
    # a continued slide says which section it continues
    assert "1. Long (continued)" in sub_slides(laid)[2][0].source


def test_long_code_is_hidden_short_code_shown_and_silent_long_code_leaves_the_slide():
    long_code = "\n".join(f"x{i} = {i}" for i in range(8))
    cells = [new_code_cell("print(1)", outputs=[printed(1)]), new_code_cell(long_code, outputs=[printed(2)]),
             new_code_cell(long_code)]
    laid = lay_out(notebook(slide("## 1. Code"), *cells))
    code = [cell for cell in visible(laid) if cell.cell_type == "code"]
    assert len(code) == 2
    assert not code[0].metadata.get("transient", {}).get("remove_source")
    assert code[1].metadata["transient"]["remove_source"] is True


def test_a_long_table_shows_its_head_and_says_how_many_rows_the_notebook_has():
    rows = "".join(f"<tr><th>{i}</th><td>{i}</td></tr>" for i in range(100))
    table = f'<table border="1" class="dataframe"><thead><tr><th></th><th>n</th></tr></thead><tbody>{rows}</tbody></table>'
    output = new_output("execute_result", data={"text/html": table, "text/plain": "..."}, execution_count=1)
    laid = lay_out(notebook(slide("## 1. Table"), new_code_cell("table", outputs=[output])))
    (cell,) = [c for c in visible(laid) if c.cell_type == "code"]
    shown = cell.outputs[0]["data"]["text/html"]
    kept = shown.count("<tr>") - 1  # less the header row
    assert 5 < kept < 100 and f"The first {kept} of 100 rows" in shown
    assert cell_height(cell, METRICS, {}) <= METRICS.budget


def test_an_explorer_is_cut_with_a_note_and_an_answer_box_is_not():
    state = {f"m{i}": {"state": {"children": [f"IPY_MODEL_m{i + 1}"]}} for i in range(30)}
    state["box"] = {"state": {"children": ["IPY_MODEL_text"]}}
    state["text"] = {"state": {"value": ""}}

    def view(model_id: str):
        return new_output("display_data", data={"application/vnd.jupyter.widget-view+json": {"model_id": model_id},
                                                "text/plain": "..."})

    nb = notebook(slide("## 1. Apps"), new_code_cell("Explorer()", outputs=[view("m0")]),
                  new_code_cell("answer = None", outputs=[view("box")]))
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": state}}
    cells = visible(lay_out(nb))
    explorer = next(i for i, c in enumerate(cells) if c.source == "Explorer()")
    assert CLIP_TAG in cells[explorer].metadata["tags"]
    assert "Only part of this explorer fits" in cells[explorer + 1].source
    answer = next(c for c in cells if c.source == "answer = None")
    assert CLIP_TAG not in answer.metadata.get("tags", [])


def test_speaker_notes_go_onto_every_sub_slide_of_their_section(tmp_path):
    notes_file = tmp_path / "notes.md"
    notes_file.write_text("# Notes\n\n## 02 · A deck\n\nThe title's point.\n\n### 1. Long\n\nThe point of it.\n\n"
                          "## Afterwards\n\nNot a note.\n", encoding="utf-8")
    notes = read_notes(notes_file)
    assert notes == {"02": {"02 · A deck": "The title's point.", "1. Long": "The point of it."}}
    laid = lay_out(notebook(slide("## 1. Long\n\n" + "\n\n".join([PARAGRAPH] * 12))), notes=notes["02"])
    note_cells = [c for c in laid.cells if slide_type(c) == "notes"]
    assert [c.source for c in note_cells] == ["The title's point."] + ["The point of it."] * (len(outline(laid)) - 1)
    nbformat.validate(laid)
