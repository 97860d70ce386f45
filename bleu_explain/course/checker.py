"""'Now you try' exercises: each checker gives specific feedback without printing the answer.

Every notebook ends with an exercise; its checkers live in the notebook's own
module of :mod:`bleu_explain.course` (``ch04_brevity_penalty`` for notebook
``04_brevity_penalty``), as a list ``EXERCISES``. A checker compares the student's answer with what
the engine computes (never with a number typed in), and says what is wrong:
"you counted every 'the'; clip by the max-ref count" rather than "wrong".

A notebook calls :func:`check` on the answer written in a cell. What it returns
keeps that verdict (``.correct``, ``.message``) and, displayed, adds a box to type
an answer and a Check button, so the exercise can be answered where the code is
hidden (the Voila app) and tried again without editing the cell.

>>> ex = Exercise("demo", "What is 2/7 as a fraction string?", lambda a: feedback(a == "2/7", "Yes.", "Not quite."),
...               solution=lambda: "2/7", mistake=lambda: "7/7")
>>> ex.check("2/7").correct, ex.check("7/7").correct
(True, False)
>>> ex.check(None)
Your turn. Replace None with your answer. Not quite.
>>> ex.check(parse_answer("2/7")).correct
True
"""

from __future__ import annotations

import ast
import html
import os
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from importlib import import_module
from typing import Any, Callable

from ..display.palette import MUTED_TEXT, OKABE_ITO


@dataclass(frozen=True)
class Feedback:
    """The result of checking an answer: right or not, and a specific message.

    ``answered`` is False when there was no answer yet (the cell's untouched
    placeholder): the verdict is still "not correct", but it is shown as a
    prompt, not as a mistake.
    """

    correct: bool
    message: str
    answered: bool = True

    @property
    def verdict(self) -> str:
        if not self.answered:
            return "Your turn."
        return "Correct!" if self.correct else "Not yet."

    def __repr__(self) -> str:
        return f"{self.verdict} {self.message}"

    def _repr_html_(self) -> str:
        colour = OKABE_ITO["bluish green"] if self.correct else (
            OKABE_ITO["vermillion"] if self.answered else OKABE_ITO["blue"])
        mark = "&#10004;" if self.correct else ("&#10008;" if self.answered else "&#9998;")
        return (f'<div class="bleu-explain-verdict" style="border-left:4px solid {colour};padding:4px 8px">'
                f'<b style="color:{colour}">{mark} {self.verdict}</b> {html.escape(self.message)}</div>')


def feedback(ok: bool, right: str, wrong: str) -> Feedback:
    """Feedback with one message for a right answer and one for a wrong one."""
    return Feedback(bool(ok), right if ok else wrong)


def unanswered(answer: Any) -> bool:
    """Whether an answer is still a notebook's placeholder: None, or a tuple/list/dict of nothing but None.

    >>> unanswered(None), unanswered((None, None)), unanswered({"p": None}), unanswered((None, 3)), unanswered(0)
    (True, True, True, False, False)
    """
    if answer is None:
        return True
    if isinstance(answer, (tuple, list)) and answer:
        return all(item is None for item in answer)
    if isinstance(answer, Mapping) and answer:
        return all(value is None for value in answer.values())
    return False


def placeholder_text(answer: Any) -> str:
    """What an untouched placeholder is told: which None to replace."""
    return "Replace None with your answer." if answer is None else "Replace each None with your answer."


@dataclass(frozen=True)
class Exercise:
    """A named exercise: its prompt, its checker, and (for the tests) the right answer and a typical mistake.

    ``solution`` and ``mistake`` build answers when called; notebooks never call
    them, so the answer is not printed.
    """

    name: str
    prompt: str
    checker: Callable[[Any], Feedback]
    solution: Callable[[], Any]
    mistake: Callable[[], Any] = lambda: None

    def check(self, answer: Any) -> Feedback:
        """Check an answer; a placeholder or a malformed answer gets feedback too, never a traceback.

        An untouched placeholder (:func:`unanswered`) is told to replace its None,
        followed by the checker's own hint on the form of the answer, if it has one.
        """
        try:
            result = self.checker(answer)
        except Exception as exc:  # the student's answer may be of any shape
            if unanswered(answer):
                return Feedback(False, f"{placeholder_text(answer)[:-1]}, then run the cell again.", answered=False)
            return Feedback(False, f"I could not read that answer ({type(exc).__name__}: {exc}).")
        if unanswered(answer) and not result.correct:
            return Feedback(False, f"{placeholder_text(answer)} {result.message}", answered=False)
        return result

    def __repr__(self) -> str:
        return f"Exercise {self.name!r}: {self.prompt}"


#: The course's notebooks, by file stem; each has a module ``bleu_explain.course.ch<stem>``.
NOTEBOOKS = (
    "00_start_here",
    "01_precision_not_recall",
    "02_modified_precision",
    "03_combining_orders",
    "04_brevity_penalty",
    "05_smoothing_and_sentence_bleu",
    "06_why_bad_candidates_score_high",
    "07_one_output_many_scores",
    "08_reproducing_the_paper",
    "09_does_bleu_agree_with_people",
    "10_is_the_difference_real",
    "11_corpus_analysis",
    "12_playground",
)


def notebook_module(notebook: str):
    """The course module of a notebook (by file stem, e.g. '02_modified_precision')."""
    if notebook not in NOTEBOOKS:
        raise KeyError(f"no notebook {notebook!r}; the course has {', '.join(NOTEBOOKS)}")
    return import_module(f"bleu_explain.course.ch{notebook}")


class ExerciseList(list[Exercise]):
    """A notebook's exercises: a list that shows itself as a numbered list of prompts.

    >>> ex = ExerciseList("demo", [Exercise("a", "Say a <word>.", lambda a: feedback(True, "", ""), lambda: "x")])
    >>> print(ex)
    1 exercise in demo:
      1. a: Say a <word>.
    >>> ex[0].name, len(ex), "&lt;word&gt;" in ex._repr_html_()
    ('a', 1, True)
    """

    def __init__(self, notebook: str, exercises: Any = ()) -> None:
        super().__init__(exercises)
        self.notebook = notebook

    def __repr__(self) -> str:
        count = f"{len(self)} exercise{'' if len(self) == 1 else 's'}"
        lines = [f"  {i}. {ex.name}: {ex.prompt}" for i, ex in enumerate(self, 1)]
        return "\n".join([f"{count} in {self.notebook}:", *lines])

    def _repr_html_(self) -> str:
        items = "".join(f"<li><code>{html.escape(ex.name)}</code>: {html.escape(ex.prompt)}</li>" for ex in self)
        return (f'<div class="bleu-explain-exercises"><b>Exercises</b> '
                f'<span style="color:{MUTED_TEXT}">({html.escape(self.notebook)})</span>'
                f'<ol style="margin:4px 0">{items}</ol></div>')


def exercises_for(notebook: str) -> ExerciseList:
    """The exercises of a notebook (by file stem, e.g. '02_modified_precision'), shown as a numbered list."""
    return ExerciseList(notebook, notebook_module(notebook).EXERCISES)


def find_exercise(notebook: str, name: str) -> Exercise:
    """The exercise ``name`` of ``notebook``."""
    for ex in exercises_for(notebook):
        if ex.name == name:
            return ex
    raise KeyError(f"notebook {notebook!r} has no exercise {name!r}")


def check(notebook: str, name: str, answer: Any) -> CheckedAnswer:
    """Check the answer to the exercise ``name`` of ``notebook``; displayed, it also offers a box to type one."""
    exercise = find_exercise(notebook, name)
    return CheckedAnswer(notebook, exercise, answer, exercise.check(answer))


# --------------------------------------------------------------------------- reading a typed answer
#: Typed answers longer than this are taken as text, never parsed.
MAX_PARSED_LENGTH = 2000
_WORDS = {"true": True, "false": False}


class _Unreadable(Exception):
    """A piece of a typed answer that is not a plain value."""


def _value(node: ast.AST) -> Any:
    """A plain value from a parsed answer: numbers, text, True/False/None, a/b, tuples, lists, dicts."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, (bool, int, float, str))):
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd))
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) in (int, float)):
        number: float = node.operand.value  # type: ignore[assignment]  # an int or a float, tested above
        return -number if isinstance(node.op, ast.USub) else number
    if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.left, ast.Constant)
            and isinstance(node.right, ast.Constant) and type(node.left.value) is int and type(node.right.value) is int):
        return f"{node.left.value}/{node.right.value}"  # kept as written: "4/10" is not "2/5" to a checker
    if isinstance(node, ast.Tuple):
        return tuple(_value(e) for e in node.elts)
    if isinstance(node, ast.List):
        return [_value(e) for e in node.elts]
    if isinstance(node, ast.Dict) and all(k is not None for k in node.keys):
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values)}  # type: ignore[arg-type]
    if isinstance(node, ast.Name):  # an unquoted word: true/false, or the word itself
        return _WORDS.get(node.id.lower(), node.id)
    raise _Unreadable(type(node).__name__)


def parse_answer(text: str) -> Any:
    """A typed answer as the value a cell would hold: nothing is ever executed.

    Numbers, fractions (kept as written, ``"2/7"``), tuples, lists and dicts are read
    as Python literals; an unquoted word is text; anything else (a sentence) is the
    text itself.

    >>> parse_answer("12.34"), parse_answer(" 2/7 "), parse_answer("(4, 7)"), parse_answer("2/7, 1/7")
    (12.34, '2/7', (4, 7), ('2/7', '1/7'))
    >>> parse_answer("{'p_value': 0.03, 'significant': true}"), parse_answer("tok, case")
    ({'p_value': 0.03, 'significant': True}, ('tok', 'case'))
    >>> parse_answer("it is a ship"), parse_answer('"ship"'), parse_answer("__import__('os')"), parse_answer("")
    ('it is a ship', 'ship', "__import__('os')", None)
    """
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_PARSED_LENGTH:
        return text
    try:
        return _value(ast.parse(text, mode="eval").body)
    except (_Unreadable, SyntaxError, ValueError, TypeError, RecursionError, MemoryError):
        return text


def read_as(text: str) -> str | None:
    """How a typed answer was read, when that is not plainly the text itself (shown under the feedback).

    >>> read_as("2/7, 1/7"), read_as("48.89"), read_as("it is a ship"), read_as("4/10")
    ("('2/7', '1/7')", None, None, None)
    """
    value = parse_answer(text)
    if value is None or isinstance(value, str) or repr(value) == text.strip():
        return None
    return repr(value)


def answer_hint(example: Any) -> str:
    """What a typed answer should look like, from the shape of the cell's answer (never its value).

    >>> answer_hint((None, None)), answer_hint({"p_value": None, "significant": True}), answer_hint(["version"])
    ('(…, …)', "{'p_value': …, 'significant': …}", '["…", …]')
    """
    if isinstance(example, tuple) and example:
        return "(" + ", ".join("…" for _ in example) + ")"
    if isinstance(example, list):
        return '["…", …]'
    if isinstance(example, Mapping) and example:
        return "{" + ", ".join(f"{key!r}: …" for key in example) + "}"
    if isinstance(example, str):
        return "your text, no quotes needed"
    return "a number, a fraction like 3/8, or text"


def in_voila() -> bool:
    """Whether this kernel runs for the Voila app, where the code cells are hidden."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


# --------------------------------------------------------------------------- what check() shows
class CheckedAnswer:
    """The verdict on the answer in the cell (``.correct``, ``.message``), with a box to type and check another.

    Displayed in JupyterLab or Voila it is a widget: the cell's verdict, a text
    box, a Check button and the feedback on what was typed, from the same checker.
    Where widgets cannot run (a static page), the cell's verdict shows as HTML.

    >>> ex = Exercise("demo", "2/7?", lambda a: feedback(a == "2/7", "Yes.", "Not quite."), solution=lambda: "2/7")
    >>> result = CheckedAnswer("demo", ex, None, ex.check(None))
    >>> result.correct, result
    (False, Your turn. Replace None with your answer. Not quite.)
    >>> result.check_typed(" 2/7 ")
    Correct! Yes.
    """

    def __init__(self, notebook: str, exercise: Exercise, answer: Any, result: Feedback) -> None:
        self.notebook = notebook
        self.exercise = exercise
        self.answer = answer
        self.feedback = result
        self.typed_feedback: Feedback | None = None  # the feedback shown for the last typed answer
        self._checked_text: str | None = None
        self._widget: Any = None
        self._box: Any = None  # the text box and the feedback area, once the widget is built
        self._typed_area: Any = None

    @property
    def correct(self) -> bool:
        return self.feedback.correct

    @property
    def message(self) -> str:
        return self.feedback.message

    @property
    def answered(self) -> bool:
        return self.feedback.answered

    def __repr__(self) -> str:
        return repr(self.feedback)

    def _repr_html_(self) -> str:
        return self.feedback._repr_html_()

    def check_typed(self, text: str) -> Feedback:
        """Check an answer typed as text (read by :func:`parse_answer`)."""
        if not text.strip():
            return Feedback(False, "Type your answer in the box first.", answered=False)
        return self.exercise.check(parse_answer(text))

    # ----------------------------------------------------------------------- the widget
    def cell_verdict_html(self) -> str:
        """The verdict on the cell's answer; in Voila, where the cell is hidden, said as the notebook's example."""
        if not in_voila():
            return self.feedback._repr_html_()
        if not self.feedback.answered:
            return Feedback(False, "Type your answer below and press Check.", answered=False)._repr_html_()
        shown = repr(self.answer)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        return (f'<div style="color:{MUTED_TEXT};margin-bottom:2px">The notebook\'s example answer, '
                f"<code>{html.escape(shown)}</code>:</div>{self.feedback._repr_html_()}")

    @property
    def widget(self) -> Any:
        """The ipywidgets box (built the first time it is shown)."""
        if self._widget is None:
            self._widget = self._build_widget()
        return self._widget

    def _build_widget(self) -> Any:
        import ipywidgets as w

        label = "Or type your answer:" if not in_voila() else "Your answer:"
        self._box = w.Text(placeholder=answer_hint(self.answer), continuous_update=False,
                           layout=w.Layout(flex="1 1 auto", min_width="12em", max_width="40em"))
        self._box.add_class("bleu-explain-answer")
        button = w.Button(description="Check", button_style="primary", layout=w.Layout(width="auto"))
        button.add_class("bleu-explain-check")
        self._typed_area = w.HTML("")
        self._typed_area.add_class("bleu-explain-feedback")
        self._box.observe(lambda _change: self._on_check(), names="value")  # Enter, or leaving the box
        button.on_click(lambda _button: self._on_check())
        button.layout.margin = "0 0 0 6px"
        row = w.HBox([w.Label(label), self._box, button], layout=w.Layout(align_items="center"))
        box = w.VBox([w.HTML(self.cell_verdict_html()), row, self._typed_area])
        box.add_class("bleu-explain-exercise")
        return box

    def _on_check(self) -> None:
        """Check what is in the box, once per text (Enter then Check must not run a slow checker twice)."""
        text = self._box.value
        if text == self._checked_text and self.typed_feedback is not None:
            return
        try:
            result = self.check_typed(text)
            read = read_as(text)
            read = f'<div style="color:{MUTED_TEXT};font-size:90%">read as {html.escape(read)}</div>' if read else ""
            self._typed_area.value = result._repr_html_() + read
        except Exception as exc:  # a message in the widget, never a traceback
            result = Feedback(False, f"Something went wrong while checking ({type(exc).__name__}: {exc}).")
            self._typed_area.value = result._repr_html_()
        self._checked_text, self.typed_feedback = text, result

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        # text/plain and text/html carry the verdict for static pages; the widget view is what a live page shows.
        data: dict[str, Any] = {"text/plain": repr(self), "text/html": self._repr_html_()}
        view = self.widget._repr_mimebundle_()
        data.update({key: value for key, value in view.items() if key != "text/plain"})
        return data, {"bleu_explain": {"exercise": f"{self.notebook}/{self.exercise.name}"}}


# --------------------------------------------------------------------------- reading an answer
#: How far a decimal answer may be from the engine's number (rounded to two places).
TOLERANCE = 5e-3


def as_fraction_parts(answer: Any) -> tuple[int, int] | None:
    """Numerator and denominator when the answer was written as a fraction (``"4/10"`` or ``(4, 10)``), else None.

    >>> as_fraction_parts("4/10"), as_fraction_parts((4, 10)), as_fraction_parts(0.4)
    ((4, 10), (4, 10), None)
    """
    if isinstance(answer, tuple) and len(answer) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in answer):
        return answer[0], answer[1]
    if isinstance(answer, str) and answer.count("/") == 1:
        top, bottom = answer.replace(" ", "").split("/")
        if top.isdigit() and bottom.isdigit():
            return int(top), int(bottom)
    return None


def as_number(answer: Any) -> float | None:
    """A precision given as ``"5/8"``, ``Fraction(5, 8)``, ``0.625`` or ``(5, 8)``; None if it is none of these.

    >>> as_number("5/8"), as_number((5, 8)), as_number(0.625), as_number("0.625"), as_number("five")
    (0.625, 0.625, 0.625, 0.625, None)
    """
    if isinstance(answer, bool) or answer is None:
        return None
    if isinstance(answer, (int, float, Fraction)):
        return float(answer)
    if isinstance(answer, tuple):
        parts = as_fraction_parts(answer)
        return parts[0] / parts[1] if parts and parts[1] else None
    if isinstance(answer, str):
        try:
            return float(Fraction(answer.replace(" ", "")))
        except (ValueError, ZeroDivisionError):
            return None
    return None


def close(value: float | None, target: float, tolerance: float = TOLERANCE) -> bool:
    """Whether an answer's value is the target, allowing rounding (to two decimals by default).

    >>> close(0.29, 2 / 7), close(0.3, 2 / 7), close(None, 2 / 7)
    (True, False, False)
    """
    return value is not None and abs(value - target) <= tolerance
