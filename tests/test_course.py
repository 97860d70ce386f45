"""The course: every notebook has its parts, was executed cleanly, and every exercise checker works."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import DATA_NOTEBOOKS, notebook_params, wmt21_folder

from bleu_explain.course.checker import NOTEBOOKS as NOTEBOOK_STEMS
from bleu_explain.course.checker import exercises_for

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
EXPECTED = sorted(NOTEBOOK_STEMS)


def load(stem: str) -> dict:
    return json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))


def markdown(nb: dict) -> str:
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_every_notebook_of_the_course_exists():
    present = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    assert present == EXPECTED


@pytest.mark.parametrize("stem", EXPECTED)
def test_notebook_has_goals_exercise_summary_and_next_link(stem):
    nb = load(stem)
    text = markdown(nb)
    assert re.search(r"^#+ *Learning goals", text, re.M | re.I), "learning goals at the top"
    first_md = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "learning goals" in "".join(first_md["source"]).lower() or \
        "learning goals" in "".join(nb["cells"][1]["source"]).lower()
    assert re.search(r"^#+ *Now you try", text, re.M | re.I), "a 'Now you try' exercise"
    assert re.search(r"^#+ *Summary", text, re.M | re.I), "a summary"
    if stem != EXPECTED[-1]:
        nxt = EXPECTED[EXPECTED.index(stem) + 1]
        assert f"{nxt}.ipynb" in text, "a link to the next notebook"
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "exercises" in code and "check" in code, "the exercise is checked by bleu_explain.course.checker"


@pytest.mark.parametrize("stem", EXPECTED)
def test_notebook_was_executed_cleanly(stem):
    nb = load(stem)
    home = str(Path.home())
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        assert cell["execution_count"] is not None, "every code cell executed"
        assert len("".join(cell["source"]).splitlines()) <= 15, "cells stay short: logic lives in the package"
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error"
            text = json.dumps(out)
            assert "Traceback" not in text
            assert "/tmp/" not in text and home not in text and str(NOTEBOOKS.parent.parent) not in text, \
                "no machine paths"


@pytest.mark.parametrize("stem", notebook_params(EXPECTED))
def test_exercise_checkers_accept_right_and_reject_wrong(stem):
    if stem in DATA_NOTEBOOKS and wmt21_folder() is None:
        pytest.skip("this notebook's exercises are computed from the WMT21 data: "
                    "run `python -m bleu_explain.data fetch wmt21` and set BLEU_EXPLAIN_DATA")
    exercises = exercises_for(stem)
    assert exercises, "at least one exercise"
    for ex in exercises:
        right = ex.check(ex.solution())
        assert right.correct, (ex.name, right.message)
        wrong = ex.check(ex.mistake())
        assert not wrong.correct and wrong.message, ex.name
        assert not ex.check(None).correct


@pytest.mark.parametrize("stem", EXPECTED)
def test_exercise_cells_show_a_readable_list_and_an_answer_box(stem):
    """exercises_for() shows numbered prompts; check() shows its verdict (also as HTML, for static pages) and,
    live, a box to type an answer; an untouched placeholder is asked for an answer, not blamed with a type error."""
    nb = load(stem)
    listed, checked = [], []
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code" or not re.search(r"^(check|exercises_for)\(", source, re.M):
            continue
        outputs = [out for out in cell["outputs"] if "data" in out]
        assert len(outputs) == 1, source
        (listed if source.splitlines()[-1].startswith("exercises_for(") else checked).append(outputs[0])
    assert listed and checked
    for out in listed:
        assert "[Exercise" not in "".join(out["data"]["text/plain"]) and "<ol" in "".join(out["data"]["text/html"])
    for out in checked:
        assert "application/vnd.jupyter.widget-view+json" in out["data"], "the answer box"
        assert "bleu-explain-verdict" in "".join(out["data"]["text/html"])
        assert "could not read that answer" not in "".join(out["data"]["text/plain"])


@pytest.mark.parametrize("stem", EXPECTED)
def test_every_exercise_cell_is_followed_by_its_solution_hidden_until_asked(stem):
    """After each check() cell, a solution() cell for the same exercise, tagged "solution" and left out of the
    slides; run as the notebook comes (nobody has tried), it says "try first" and stores no solution."""
    cells = load(stem)["cells"]
    calls = 0
    for cell, after in zip(cells, cells[1:]):
        call = re.search(r'^check\("([^"]+)", "([^"]+)"', "".join(cell["source"]), re.M)
        if cell["cell_type"] != "code" or not call:
            continue
        calls += 1
        source = "".join(after["source"])
        assert after["cell_type"] == "code" and f'solution("{call[1]}", "{call[2]}")' in source, (stem, call[2])
        assert "after you have tried" in source
        assert after["metadata"].get("tags") == ["solution"], (stem, call[2])
        assert after["metadata"].get("slideshow") == {"slide_type": "skip"}, (stem, call[2])
        if stem in DATA_NOTEBOOKS and not after["outputs"]:
            continue  # built without its data: the cell was skipped
        (output,) = after["outputs"]
        assert "".join(output["data"]["text/plain"]).startswith("Try first"), (stem, call[2])
        assert "application/vnd.jupyter.widget-view+json" in output["data"], "the button that shows it"
        assert "Worked solution" not in json.dumps(output), (stem, call[2])
    assert calls == len(exercises_for(stem))
