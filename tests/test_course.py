"""The course: every notebook has its parts, was executed cleanly, and every exercise checker works."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bleu_explain.course.checker import NOTEBOOKS as NOTEBOOK_STEMS
from bleu_explain.course.checker import exercises_for

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
EXPECTED = sorted(NOTEBOOK_STEMS)


def load(stem: str) -> dict:
    return json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))


def markdown(nb: dict) -> str:
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_all_twelve_notebooks_exist():
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


@pytest.mark.parametrize("stem", EXPECTED)
def test_exercise_checkers_accept_right_and_reject_wrong(stem):
    exercises = exercises_for(stem)
    assert exercises, "at least one exercise"
    for ex in exercises:
        right = ex.check(ex.solution())
        assert right.correct, (ex.name, right.message)
        wrong = ex.check(ex.mistake())
        assert not wrong.correct and wrong.message, ex.name
        assert not ex.check(None).correct
