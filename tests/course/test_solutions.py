"""Solutions on request: every exercise has a worked solution whose code, run as written, gives an answer its
checker accepts; solution() says "try first" until the learner has tried, and then shows it."""

from __future__ import annotations

import ast
import contextlib
import io
import re

import pytest
from conftest import DATA_NOTEBOOKS, notebook_params

from bleu_explain.course.checker import WorkedSolution, check, exercises_for, solution
from bleu_explain.course.exercise import ATTEMPTS, NOTEBOOKS, Exercise, Feedback

CODE = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


@pytest.fixture(autouse=True)
def fresh_kernel():
    ATTEMPTS.clear()
    yield
    ATTEMPTS.clear()


def run_worked_code(text: str):
    """Run the worked solution's code blocks as a learner would, one after the other; the value of the last line."""
    blocks = CODE.findall(text)
    assert blocks, "a worked solution shows the code a learner would run"
    tree = ast.parse("\n".join(blocks))
    last = tree.body.pop()
    assert isinstance(last, ast.Expr), "the code ends with the answer"
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(tree, "<worked solution>", "exec"), namespace)
        return eval(compile(ast.Expression(last.value), "<worked solution>", "eval"), namespace)


@pytest.mark.parametrize("stem", notebook_params(NOTEBOOKS))
def test_every_worked_solutions_code_gives_an_answer_its_checker_accepts(stem):
    from bleu_explain.data.wmt21 import wmt21_available

    if stem in DATA_NOTEBOOKS and not wmt21_available():
        pytest.skip("needs the WMT21 test sets (python -m bleu_explain.data fetch wmt21)")
    for ex in exercises_for(stem):
        assert ex.worked is not None, f"{stem}: {ex.name} has no worked solution"
        text = ex.worked()
        answer = run_worked_code(text)
        verdict = ex.check(answer)
        assert verdict.correct, (stem, ex.name, answer, verdict.message)
        assert "Answer" in text, (stem, ex.name)


def demo(worked=lambda: "Divide: **0.29**.\n\n```python\nround(2 / 7, 2)\n```") -> Exercise:
    return Exercise("demo", "2/7 to two decimals?", lambda a: Feedback(a == 0.29, "m"), lambda: 0.29, worked=worked)


def test_before_trying_it_says_try_first_and_computes_nothing():
    def never():
        raise AssertionError("the worked solution was computed before it was asked for")

    hidden = WorkedSolution("nb", demo(worked=never))
    assert repr(hidden).startswith("Try first: 2/7 to two decimals?") and "anyway=True" in repr(hidden)
    data, metadata = hidden._repr_mimebundle_()
    assert "Try first" in data["text/html"] and "application/vnd.jupyter.widget-view+json" in data
    assert metadata == {"bleu_explain": {"solution": "nb/demo"}}


def test_the_notebook_as_it_comes_is_not_trying_but_an_answer_of_ones_own_is():
    stem, name = "04_brevity_penalty", "best_match"
    check(stem, name, (None, None))  # the placeholder
    assert repr(solution(stem, name)).startswith("Try first")
    check(stem, name, (12, 1.0))  # an answer of one's own (wrong)
    shown = solution(stem, name)
    assert repr(shown).startswith("Worked solution (best_match):") and "exp(1 - r/c)" in repr(shown)
    assert '<code class="language-python">' in shown._repr_html_() and "Try first" not in shown._repr_html_()


def test_the_example_answer_a_cell_comes_with_is_not_trying_until_changed():
    stem, name = "13_playground", "nltk_versions_disagree"
    ex = next(e for e in exercises_for(stem) if e.name == name)
    check(stem, name, ex.mistake())  # the cell's own example, run as it comes
    check(stem, name, ex.mistake())  # run again unchanged
    assert not solution(stem, name).shown
    check(stem, name, "ship ship ship ship")
    assert solution(stem, name).shown


def test_a_right_first_answer_a_typed_answer_or_anyway_show_it():
    stem, name = "03_combining_orders", "largest_nonzero_order"
    check(stem, name, 2)  # right at the first run: the learner edited the cell before running it
    assert solution(stem, name).shown
    other = "largest_nonzero_order", "geometric_mean"
    assert not solution(stem, other[1]).shown and solution(stem, other[1], anyway=True).shown
    box = check(stem, other[1], None)
    box.check_typed("0.5")
    assert solution(stem, other[1]).shown


def test_the_button_shows_it_after_trying_or_on_a_second_click():
    stem, name = "00_start_here", "score_scale"
    shown = solution(stem, name)
    area, button = shown.widget.children
    assert "Try first" in area.value and button.layout.display != "none"
    button.click()
    assert "try it first" in area.value and button.description == "Show it anyway"
    button.click()
    assert "Worked solution" in area.value and button.layout.display == "none"

    ATTEMPTS.clear()
    check(stem, name, None)  # the notebook as it comes
    later = solution(stem, name)
    area, button = later.widget.children
    check(stem, name, 12.34)  # tried after the solution cell ran
    button.click()
    assert "Worked solution" in area.value


def test_an_unknown_exercise_is_a_key_error():
    with pytest.raises(KeyError, match="no exercise 'nope'"):
        solution("04_brevity_penalty", "nope")
