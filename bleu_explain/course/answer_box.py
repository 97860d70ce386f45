"""The answer box: what :func:`bleu_explain.course.checker.check` shows under an exercise cell.

It keeps the verdict on the answer written in the cell (``.correct``, ``.message``) and, displayed,
adds a box to type an answer and a Check button, so the exercise can be answered where the code is
hidden (the Voila app) and tried again without editing the cell. A typed answer is read by
:func:`~bleu_explain.course.answers.parse_answer` and checked by the same checker.
"""

from __future__ import annotations

import html
import os
from typing import Any

from ..display.palette import MUTED_TEXT
from .answers import answer_hint, parse_answer, read_as
from .exercise import ATTEMPTS, Exercise, Feedback


def in_voila() -> bool:
    """Whether this kernel runs for the Voila app, where the code cells are hidden."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


class CheckedAnswer:
    """The verdict on the answer in the cell (``.correct``, ``.message``), with a box to type and check another.

    Displayed in JupyterLab or Voila it is a widget: the cell's verdict, a text
    box, a Check button and the feedback on what was typed, from the same checker.
    Where widgets cannot run (a static page), the cell's verdict shows as HTML.

    >>> from bleu_explain.course.exercise import feedback
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
        answer = parse_answer(text)
        result = self.exercise.check(answer)
        ATTEMPTS.record(self.notebook, self.exercise.name, answer, result, typed=True)
        return result

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
