"""What an exercise shows, told everything by plain data and functions: the verdict, the answer box, the worked
solution and the list of exercises. The course's binding (check(), solution()) is tested in tests/course."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from widget_tree import find

import bleu_explain.display
from bleu_explain.display.html.exercises import Said, exercise_list_html, verdict_html
from bleu_explain.display.widgets.exercises import AnswerBox, SolutionBox

DISPLAY = Path(bleu_explain.display.__file__).parent


def box(cell: Said = Said(False, "Replace None with your answer.", answered=False), answer=None) -> AnswerBox:
    """An answer box whose right answer is the text 2/7; 'boom' makes the checker fail."""

    def check(text: str) -> Said:
        if text == "boom":
            raise RuntimeError("boom <b>")
        return Said(text.strip() == "2/7", "Yes." if text.strip() == "2/7" else "Not quite.")

    return AnswerBox(cell, check, answer=answer, hint="a fraction", read_as=lambda text: "'2/7'" if "/" in text else None,
                     metadata={"exercise": "nb/demo"})




# --------------------------------------------------------------------------- the verdict
def test_a_verdict_is_marked_in_three_states_and_its_message_escaped():
    right = verdict_html(Said(True, "<b>x</b>"))
    assert "&lt;b&gt;x&lt;/b&gt;" in right and "&#10004; Correct!" in right and 'class="bleu-explain-verdict"' in right
    assert "&#10008; Not yet." in verdict_html(Said(False, "m"))
    assert "&#9998; Your turn." in verdict_html(Said(False, "m", answered=False))


def test_the_exercise_list_is_numbered_and_escaped():
    page = exercise_list_html("n<b>", [("a", "Say <a>."), ("b", "Say b.")])
    assert page.count("<li>") == 2 and "<code>a</code>: Say &lt;a&gt;." in page and "(n&lt;b&gt;)" in page


# --------------------------------------------------------------------------- the answer box
def test_the_box_keeps_the_cells_verdict_and_checks_typed_text_with_the_function_it_was_given():
    answer = box()
    assert not answer.correct and not answer.answered and repr(answer) == repr(answer.feedback)
    assert answer.check_typed("2/7").correct and not answer.check_typed("7/7").correct
    empty = answer.check_typed("   ")
    assert not empty.answered and empty.message == "Type your answer in the box first."


def test_displayed_it_is_a_widget_with_the_metadata_it_was_given():
    answer = box()
    data, metadata = answer._repr_mimebundle_()
    assert data["text/plain"] == repr(answer) and "Your turn." in data["text/html"]
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == answer.widget.model_id
    assert metadata == {"bleu_explain": {"exercise": "nb/demo"}}
    assert find(answer.widget, "bleu-explain-answer").placeholder == "a fraction"


def test_the_check_button_shows_the_verdict_and_how_the_text_was_read_once_per_text():
    answer, calls = box(), []
    checked = answer.check_typed
    answer.check_typed = lambda text: calls.append(text) or checked(text)
    text, area = find(answer.widget, "bleu-explain-answer"), find(answer.widget, "bleu-explain-feedback")
    text.value = "2/7"  # Enter (or leaving the box) checks
    find(answer.widget, "bleu-explain-check").click()  # the same text again: not checked twice
    assert calls == ["2/7"] and "Correct!" in area.value and "read as &#x27;2/7&#x27;" in area.value
    text.value = "3"
    assert "Not yet." in area.value and "read as" not in area.value and answer.typed_feedback == Said(False, "Not quite.")


def test_a_checker_that_fails_shows_a_message_not_a_traceback():
    answer = box()
    find(answer.widget, "bleu-explain-answer").value = "boom"
    area = find(answer.widget, "bleu-explain-feedback")
    assert "Something went wrong while checking (RuntimeError: boom &lt;b&gt;)" in area.value


def test_in_voila_the_cells_answer_is_named_as_the_example_and_a_placeholder_invites_typing(monkeypatch):
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5")
    assert "Type your answer below and press Check." in box().cell_verdict_html()
    example = box(Said(False, "Not quite."), answer="x <y> " * 30).cell_verdict_html()
    assert "example answer" in example and "x &lt;y&gt;" in example and "...</code>" in example
    monkeypatch.delenv("SERVER_SOFTWARE")
    assert "example answer" not in box(Said(False, "Not quite."), answer="x").cell_verdict_html()


# --------------------------------------------------------------------------- the worked solution
def solution_box(write=lambda: "Divide: **0.29**.", tried=lambda: False, **kwargs) -> SolutionBox:
    return SolutionBox("demo", write, try_first="Try first: 2/7?", tried=tried, metadata={"solution": "nb/demo"},
                       **kwargs)


def test_before_trying_it_says_try_first_and_writes_nothing():
    def never():
        raise AssertionError("the solution was written before it was shown")

    hidden = solution_box(write=never)
    assert repr(hidden) == "Try first: 2/7?" and not hidden.shown
    data, metadata = hidden._repr_mimebundle_()
    assert "bleu-explain-solution-note" in data["text/html"] and "application/vnd.jupyter.widget-view+json" in data
    assert metadata == {"bleu_explain": {"solution": "nb/demo"}}


def test_after_trying_or_anyway_it_shows_the_solution_written_once():
    calls = []
    shown = solution_box(write=lambda: calls.append(1) or "Divide: **0.29**.", tried=lambda: True)
    assert repr(shown) == "Worked solution (demo):\nDivide: **0.29**." and "<strong>0.29</strong>" in shown._repr_html_()
    assert calls == [1]
    assert solution_box(anyway=True).shown
    assert "no worked solution yet" in repr(solution_box(write=None, anyway=True))


def test_the_button_shows_it_after_trying_or_on_a_second_click():
    tried = []
    later = solution_box(tried=lambda: bool(tried))
    area, button = later.widget.children
    assert "Try first" in area.value and button.layout.display != "none"
    button.click()
    assert "try it first" in area.value and button.description == "Show it anyway"
    button.click()
    assert "Worked solution" in area.value and button.layout.display == "none"

    after = solution_box(tried=lambda: bool(tried))
    area, button = after.widget.children
    tried.append(1)  # tried after the solution cell ran
    button.click()
    assert "Worked solution" in area.value


def test_a_solution_that_cannot_be_written_shows_a_message_not_a_traceback():
    def broken():
        raise ValueError("no <data>")

    failing = solution_box(write=broken)
    area, button = failing.widget.children
    button.click()
    button.click()
    assert "The solution could not be computed (ValueError: no &lt;data&gt;)" in area.value


# --------------------------------------------------------------------------- the floors
@pytest.mark.parametrize("module", sorted(DISPLAY.rglob("*.py")), ids=lambda path: str(path.relative_to(DISPLAY)))
def test_display_imports_nothing_of_the_course(module):
    tree = ast.parse(module.read_text(encoding="utf-8"))
    names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    names += [("." * node.level) + (node.module or "") for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [name for name in names if "course" in name.split(".")], module
