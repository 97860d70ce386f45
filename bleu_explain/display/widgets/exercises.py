"""The exercises' widgets: a box to type and check an answer, and a worked solution on request.

They know nothing of exercises: they are told what to show (a verdict, a function that checks typed text,
a function that writes the solution) and the course binds an exercise to them
(:mod:`bleu_explain.course.checker`). Displayed in JupyterLab or Voila each is a widget; where widgets
cannot run (a static page) its HTML shows (:mod:`bleu_explain.display.html.exercises`).

* :class:`AnswerBox` -- the verdict on the answer in a cell, with a text box and a Check button for another;
* :class:`SolutionBox` -- a worked solution, or "try first" until the learner has tried, with a button.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Callable

from ..html.exercises import (
    Said,
    Verdict,
    answer_shown_html,
    read_as_html,
    solution_html,
    solution_note_html,
    verdict_html,
)


def in_voila() -> bool:
    """Whether this kernel runs for the Voila app, where the code cells are hidden."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


class _ShownInKernel:
    """What both boxes share: metadata for their output, a widget built the first time it is shown, and an
    output that is HTML on a static page and the widget on a live one."""

    def __init__(self, metadata: Mapping[str, str] | None) -> None:
        self.metadata = dict(metadata or {})
        self._widget: Any = None

    def _build_widget(self) -> Any:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        raise NotImplementedError

    @property
    def widget(self) -> Any:
        """The ipywidgets box (built the first time it is shown)."""
        if self._widget is None:
            self._widget = self._build_widget()
        return self._widget

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """text/plain and text/html for static pages; the widget view for a live page."""
        data: dict[str, Any] = {"text/plain": repr(self), "text/html": self._repr_html_()}
        view = self.widget._repr_mimebundle_()
        data.update({key: value for key, value in view.items() if key != "text/plain"})
        return data, {"bleu_explain": dict(self.metadata)}


# --------------------------------------------------------------------------- the answer box
class AnswerBox(_ShownInKernel):
    """The verdict on the answer in a cell (``.correct``, ``.message``), with a box to type and check another.

    It is told the cell's ``verdict`` and its ``answer``, and ``check``: a function from typed text to a
    verdict (the same checker, so the exercise can be answered where the code is hidden, the Voila app,
    and tried again without editing the cell). ``read_as`` says how typed text was read, when that is
    worth saying; ``hint`` is the box's placeholder; ``metadata`` goes with the output.

    Displayed in JupyterLab or Voila it is a widget: the cell's verdict, a text
    box, a Check button and the feedback on what was typed, from the same checker.
    Where widgets cannot run (a static page), the cell's verdict shows as HTML.

    >>> box = AnswerBox(Said(False, "Replace None.", answered=False), lambda text: Said(text == "2/7", "Right."))
    >>> box, box.correct, box.check_typed("2/7").correct, box.check_typed(" ").message
    (Said(correct=False, message='Replace None.', answered=False, almost=False), False, True, 'Type your answer in the box first.')
    """

    def __init__(self, verdict: Verdict, check: Callable[[str], Verdict], *, answer: Any = None, hint: str = "",
                 read_as: Callable[[str], str | None] = lambda _text: None,
                 metadata: Mapping[str, str] | None = None) -> None:
        super().__init__(metadata)
        self.feedback, self.answer, self.hint = verdict, answer, hint
        self._check, self._read_as = check, read_as
        self.typed_feedback: Verdict | None = None  # the feedback shown for the last typed answer
        self._checked_text: str | None = None
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
        return verdict_html(self.feedback)

    def check_typed(self, text: str) -> Verdict:
        """Check an answer typed as text (with the function the box was given; an empty box is asked to fill)."""
        if not text.strip():
            return Said(False, "Type your answer in the box first.", answered=False)
        return self._check(text)

    # ----------------------------------------------------------------------- the widget
    def cell_verdict_html(self) -> str:
        """The verdict on the cell's answer; in Voila, where the cell is hidden, said as the notebook's example."""
        if not in_voila():
            return verdict_html(self.feedback)
        if not self.feedback.answered:
            return verdict_html(Said(False, "Type your answer below and press Check.", answered=False))
        return answer_shown_html(repr(self.answer)) + verdict_html(self.feedback)

    def _build_widget(self) -> Any:
        import ipywidgets as w

        label = "Or type your answer:" if not in_voila() else "Your answer:"
        self._box = w.Text(placeholder=self.hint, continuous_update=False,
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
        result: Verdict
        try:
            result = self.check_typed(text)
            self._typed_area.value = verdict_html(result) + read_as_html(self._read_as(text))
        except Exception as exc:  # a message in the widget, never a traceback
            result = Said(False, f"Something went wrong while checking ({type(exc).__name__}: {exc}).")
            self._typed_area.value = verdict_html(result)
        self._checked_text, self.typed_feedback = text, result


# --------------------------------------------------------------------------- the worked solution
class SolutionBox(_ShownInKernel):
    """A worked solution, or "try first" until the learner has tried the exercise.

    It is told the exercise's ``name``, ``write``: a function that writes the solution in Markdown
    (called when it is first shown, never before), the ``try_first`` note, and ``tried``: a function
    saying whether the learner has tried yet. Asked again after trying, or with ``anyway=True``, it
    shows the solution. Displayed in JupyterLab or Voila it also has a button, so that a learner who
    cannot run cells (the Voila app hides them) can ask for the solution after checking an answer in
    the box, or, clicking twice, without.

    >>> def write():
    ...     return "Divide: `2 / 7` is 0.2857..., so **0.29**."
    >>> print(SolutionBox("demo", write, try_first="Try first: what is 2/7 to two decimals?"))
    Try first: what is 2/7 to two decimals?
    >>> print(SolutionBox("demo", write, try_first="", anyway=True))
    Worked solution (demo):
    Divide: `2 / 7` is 0.2857..., so **0.29**.
    """

    def __init__(self, name: str, write: Callable[[], str] | None, *, try_first: str,
                 tried: Callable[[], bool] = lambda: False, anyway: bool = False,
                 metadata: Mapping[str, str] | None = None) -> None:
        super().__init__(metadata)
        self.name, self.try_first, self.anyway = name, try_first, anyway
        self._write, self._tried = write, tried
        self._text: str | None = None

    @property
    def shown(self) -> bool:
        """Whether the solution is shown: asked for anyway, or the learner has tried the exercise."""
        return self.anyway or self._tried()

    def text(self) -> str:
        """The worked solution in Markdown (computed when first asked, never before)."""
        if self._text is None:
            self._text = self._write() if self._write is not None else "This exercise has no worked solution yet."
        return self._text

    def __repr__(self) -> str:
        if not self.shown:
            return self.try_first
        return f"Worked solution ({self.name}):\n{self.text()}"

    # ----------------------------------------------------------------------- HTML
    def solution_html(self) -> str:
        return solution_html(self.name, self.text())

    def note_html(self, message: str | None = None) -> str:
        return solution_note_html(message or self.try_first)

    def _repr_html_(self) -> str:
        return self.solution_html() if self.shown else self.note_html()

    # ----------------------------------------------------------------------- the widget
    def _build_widget(self) -> Any:
        """An HTML area and a "Show the worked solution" button."""
        import ipywidgets as w

        area = w.HTML(self._repr_html_())
        button = w.Button(description="Show the worked solution", layout=w.Layout(width="auto"))
        button.add_class("bleu-explain-show-solution")
        button.layout.display = "none" if self.shown else None
        button.on_click(lambda _button: self._on_show(area, button))
        box = w.VBox([area, button])
        box.add_class("bleu-explain-worked")
        return box

    def _on_show(self, area: Any, button: Any) -> None:
        """Show the solution if the learner has tried; else say so once, and show it on the second click."""
        if not self.shown and button.description != "Show it anyway":
            area.value = self.note_html("You have not checked an answer to this exercise yet: try it first, "
                                        "then click again. Or click once more to see the solution anyway.")
            button.description = "Show it anyway"
            return
        self.anyway = True
        try:
            area.value = self.solution_html()
        except Exception as exc:  # a message in the widget, never a traceback
            area.value = self.note_html(f"The solution could not be computed ({type(exc).__name__}: {exc}).")
        button.layout.display = "none"
