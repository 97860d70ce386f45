"""The exercise checker: placeholders, typed answers, the list of exercises and the answer box check() shows.

The answer reader and the tolerance rule are tested in test_answers.py, solutions on request in test_solutions.py,
what the box and the verdict look like, told by plain data, in tests/display/test_exercises.py."""

from __future__ import annotations

import pytest
from conftest import DATA_NOTEBOOKS, notebook_params
from widget_tree import find, walk

from bleu_explain.course import checker
from bleu_explain.course.answers import agrees, as_number, parse_answer
from bleu_explain.course.checker import CheckedAnswer, Exercise, ExerciseList, Feedback, check, exercises_for
from bleu_explain.course.exercise import feedback, unanswered


def demo(raises: bool = False) -> Exercise:
    """An exercise whose right answer is the fraction 2/7 (as text or as a number)."""

    def checker_(answer):
        if raises:
            return feedback(float(answer) == 2 / 7, "Yes.", "Not quite.")
        if as_number(answer) is None:
            return Feedback(False, "Give a fraction like 3/8.")
        return feedback(agrees(answer, 2 / 7), "Yes.", "Not quite.")

    return Exercise("demo", "What is <2/7>?", checker_, solution=lambda: "2/7", mistake=lambda: "7/7")


# --------------------------------------------------------------------------- the untouched placeholder
def test_none_is_asked_for_an_answer_not_blamed_with_a_type_error():
    said = demo(raises=True).check(None)
    assert not said.correct and not said.answered
    assert said.message == "Replace None with your answer, then run the cell again."
    assert "TypeError" not in said.message and "could not read" not in said.message


def test_a_placeholder_keeps_the_checkers_hint_on_the_form_of_the_answer():
    said = demo().check((None, None))
    assert not said.correct and not said.answered
    assert said.message == "Replace each None with your answer. Give a fraction like 3/8."
    assert repr(said).startswith("Your turn.")


def test_the_notebook_with_the_type_error_now_asks_for_an_answer():
    said = check("00_start_here", "score_scale", None)
    assert not said.correct and said.message.startswith("Replace None with your answer")
    assert "TypeError" not in said.message


def test_an_answer_with_something_in_it_is_checked_as_before():
    assert not unanswered((None, 3)) and not unanswered(0) and not unanswered("")
    said = demo(raises=True).check("seven")
    assert said.answered and said.message.startswith("I could not read that answer (ValueError")


def test_a_partly_filled_dict_gets_the_checkers_own_message():
    said = check("08_is_the_difference_real", "few_sentences",
                 {"p_bootstrap": None, "p_randomization": None, "differ": True})
    assert said.answered and "p_bootstrap" in said.message


def test_feedback_html_escapes_the_message_and_marks_the_three_states():
    html_right = Feedback(True, "<b>x</b>")._repr_html_()
    assert "&lt;b&gt;x&lt;/b&gt;" in html_right and "Correct!" in html_right
    assert "Not yet." in Feedback(False, "m")._repr_html_()
    assert "Your turn." in Feedback(False, "m", answered=False)._repr_html_()


# --------------------------------------------------------------------------- typed answers
@pytest.mark.parametrize("typed, read", [
    ("12.34", 12.34), ("-3", -3), ("7", 7), ("2/7", "2/7"), (" 4/10 ", "4/10"),
    ("(4, 7)", (4, 7)), ("4, 7", (4, 7)), ("(2/7, 1/7)", ("2/7", "1/7")), ("(16, 0.87)", (16, 0.87)),
    ('["tok", "case"]', ["tok", "case"]), ("tok, case", ("tok", "case")),
    ("{'p_value': 0.03, 'significant': True}", {"p_value": 0.03, "significant": True}),
    ('{"p_value": 0.5, "significant": false}', {"p_value": 0.5, "significant": False}),
    ("it it it it", "it it it it"), ("ship", "ship"), ('"it is a ship"', "it is a ship"),
    ("The cat sat on the mat.", "The cat sat on the mat."), ("None", None), ("", None), ("   ", None),
])
def test_typed_answers_are_read_as_the_value_a_cell_would_hold(typed, read):
    assert parse_answer(typed) == read


@pytest.mark.parametrize("typed", ["__import__('os').system('true')", "open('x')", "1 + 1", "[x for x in y]",
                                   "lambda: 0", "a.b", "{**d}", "{[1]: 2}", "(" * 500 + ")" * 500, "x" * 5000])
def test_nothing_typed_is_ever_run_anything_but_a_plain_value_is_text(typed):
    assert parse_answer(typed) == typed.strip()


def test_a_typed_answer_is_checked_by_the_same_checker():
    result = CheckedAnswer("demo", demo(), None, demo().check(None))
    assert result.check_typed("2/7").correct
    assert result.check_typed("0.2857").correct
    assert not result.check_typed("7/7").correct
    empty = result.check_typed("  ")
    assert not empty.correct and not empty.answered and "Type your answer" in empty.message
    assert result.check_typed("None").message.startswith("Replace None")


@pytest.mark.parametrize("stem", notebook_params(checker.NOTEBOOKS))
def test_every_exercise_of_the_course_can_be_answered_by_typing(stem):
    from bleu_explain.data.wmt21 import wmt21_available

    if stem in DATA_NOTEBOOKS and not wmt21_available():
        pytest.skip("needs the WMT21 test sets (python -m bleu_explain.data fetch wmt21)")
    for ex in exercises_for(stem):
        right = ex.solution()
        typed = right if isinstance(right, str) else repr(right)
        assert ex.check(parse_answer(typed)).correct, (stem, ex.name, typed)


# --------------------------------------------------------------------------- what check() returns
def test_check_keeps_correct_and_message_and_shows_the_verdict():
    ex = exercises_for("13_playground")[0]
    right = check("13_playground", ex.name, ex.solution())
    assert isinstance(right, CheckedAnswer) and right.correct and right.message == ex.check(ex.solution()).message
    wrong = check("13_playground", ex.name, ex.mistake())
    assert not wrong.correct and repr(wrong) == repr(ex.check(ex.mistake()))
    with pytest.raises(KeyError, match="no exercise 'nope'"):
        check("13_playground", "nope", 1)


def test_displayed_it_is_a_widget_with_a_box_a_button_and_a_static_verdict():
    result = check("00_start_here", "score_scale", None)
    data, metadata = result._repr_mimebundle_()
    assert data["text/plain"] == repr(result) and "Your turn." in data["text/html"]
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == result.widget.model_id
    assert metadata == {"bleu_explain": {"exercise": "00_start_here/score_scale"}}
    classes = {cls for child in walk(result.widget) for cls in child._dom_classes}
    assert {"bleu-explain-answer", "bleu-explain-check", "bleu-explain-feedback"} <= classes


def test_the_check_button_shows_the_feedback_of_the_typed_answer():
    ex = exercises_for("00_start_here")[0]
    result = check("00_start_here", "score_scale", None)
    box, button, area = (find(result.widget, name) for name in ("bleu-explain-answer", "bleu-explain-check",
                                                                 "bleu-explain-feedback"))
    box.value = str(ex.mistake())  # Enter (or leaving the box) checks
    assert "Not yet." in area.value and result.typed_feedback == ex.check(ex.mistake())
    box.value = str(ex.solution())
    button.click()
    assert "Correct!" in area.value and result.typed_feedback.correct
    assert not result.correct, "the cell's own verdict does not change"


def test_a_checker_that_fails_inside_the_widget_shows_a_message_not_a_traceback(monkeypatch):
    result = check("00_start_here", "score_scale", None)
    area = find(result.widget, "bleu-explain-feedback")

    def broken(_text):
        raise RuntimeError("boom <b>")

    monkeypatch.setattr(result, "check_typed", broken)
    find(result.widget, "bleu-explain-check").click()
    assert "Something went wrong while checking (RuntimeError: boom &lt;b&gt;)" in area.value


def test_in_voila_the_hidden_cells_answer_is_named_and_a_placeholder_just_invites_typing(monkeypatch):
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5")
    placeholder = check("00_start_here", "score_scale", None)
    assert "Type your answer below and press Check." in placeholder.cell_verdict_html()
    assert "Replace None" not in placeholder.cell_verdict_html()
    example = check("13_playground", "nltk_versions_disagree", "this <is> a ship")
    shown = example.cell_verdict_html()
    assert "example answer" in shown and "&#x27;this &lt;is&gt; a ship&#x27;" in shown
    monkeypatch.delenv("SERVER_SOFTWARE")
    assert "example answer" not in example.cell_verdict_html()


# --------------------------------------------------------------------------- exercises_for
def test_exercises_for_reads_as_a_numbered_list_and_stays_a_list():
    exercises = exercises_for("04_brevity_penalty")
    assert isinstance(exercises, ExerciseList) and isinstance(exercises, list)
    assert len(exercises) == 2 and exercises[0].name == "best_match" and [e.name for e in exercises][1] == exercises[1].name
    text = repr(exercises)
    assert text.splitlines()[0] == "2 exercises in 04_brevity_penalty:"
    assert text.splitlines()[1].startswith("  1. best_match: ") and "[Exercise" not in text
    assert str(exercises) == text
    page = exercises._repr_html_()
    assert page.count("<li>") == 2 and "<code>best_match</code>" in page


def test_the_exercise_list_escapes_prompts():
    listed = ExerciseList("demo", [demo()])
    assert "What is &lt;2/7&gt;?" in listed._repr_html_() and "1 exercise in demo:" in repr(listed)
