"""Solutions on request: what :func:`bleu_explain.course.checker.solution` shows under a solution cell.

The worked solution (the steps, the code a learner would run with the package, the computed answer)
is hidden until the learner has tried the exercise (see
:class:`~bleu_explain.course.exercise.Attempts`); until then it says "try first". Asked again after
trying, or with ``anyway=True``, it shows the solution. Displayed in JupyterLab or Voila it also
has a button, so that a learner who cannot run cells (the Voila app hides them) can ask for the
solution after checking an answer in the box, or, clicking twice, without.

>>> from bleu_explain.course.exercise import Exercise, Feedback
>>> ex = Exercise("demo", "What is 2/7 to two decimals?", lambda a: Feedback(a == 0.29, ""), lambda: 0.29,
...               worked=lambda: "Divide: `2 / 7` is 0.2857..., so **0.29**.")
>>> print(WorkedSolution("a notebook", ex))
Try first: What is 2/7 to two decimals? Check your answer in the exercise cell (or type it in its box), then run this cell again; solution('a notebook', 'demo', anyway=True) shows it without.
>>> print(WorkedSolution("demo", ex, anyway=True))
Worked solution (demo):
Divide: `2 / 7` is 0.2857..., so **0.29**.
"""

from __future__ import annotations

import html
from typing import Any

from ..display.markdown import markdown_html
from ..display.palette import MUTED_TEXT, OKABE_ITO
from .exercise import ATTEMPTS, Exercise

#: The border of a shown solution, and of the "try first" note.
SOLUTION_COLOUR = OKABE_ITO["bluish green"]
NOTE_COLOUR = OKABE_ITO["blue"]
#: The code of a worked solution, set off from its steps (inline: an output's HTML carries no style sheet).
CODE_STYLE = "background:#f5f5f5;padding:6px 8px;overflow-x:auto;font-size:90%"


class WorkedSolution:
    """The worked solution of one exercise, or "try first" until the learner has tried it."""

    def __init__(self, notebook: str, exercise: Exercise, *, anyway: bool = False) -> None:
        self.notebook = notebook
        self.exercise = exercise
        self.anyway = anyway
        self._text: str | None = None
        self._widget: Any = None

    @property
    def shown(self) -> bool:
        """Whether the solution is shown: asked for anyway, or the learner has tried the exercise."""
        return self.anyway or ATTEMPTS.has_tried(self.notebook, self.exercise.name)

    def text(self) -> str:
        """The worked solution in Markdown (computed when first asked, never before)."""
        if self._text is None:
            worked = self.exercise.worked
            self._text = worked() if worked is not None else "This exercise has no worked solution yet."
        return self._text

    def try_first(self) -> str:
        """What the learner is told before trying."""
        call = f"solution({self.notebook!r}, {self.exercise.name!r}, anyway=True)"
        return (f"Try first: {self.exercise.prompt} Check your answer in the exercise cell (or type it in its box), "
                f"then run this cell again; {call} shows it without.")

    def __repr__(self) -> str:
        if not self.shown:
            return self.try_first()
        return f"Worked solution ({self.exercise.name}):\n{self.text()}"

    # ----------------------------------------------------------------------- HTML
    def solution_html(self) -> str:
        return (f'<div class="bleu-explain-solution" style="border-left:4px solid {SOLUTION_COLOUR};'
                f'padding:4px 10px"><b>Worked solution</b> '
                f'<span style="color:{MUTED_TEXT}">({html.escape(self.exercise.name)})</span>'
                f"{markdown_html(self.text()).replace('<pre>', f'<pre style={CODE_STYLE!r}>')}</div>")

    def note_html(self, message: str | None = None) -> str:
        text = message or self.try_first()
        return (f'<div class="bleu-explain-solution-note" style="border-left:4px solid {NOTE_COLOUR};'
                f'padding:4px 10px;color:{MUTED_TEXT}">{html.escape(text)}</div>')

    def _repr_html_(self) -> str:
        return self.solution_html() if self.shown else self.note_html()

    # ----------------------------------------------------------------------- the widget
    @property
    def widget(self) -> Any:
        """An HTML area and a "Show the worked solution" button (built the first time it is shown)."""
        if self._widget is None:
            import ipywidgets as w

            area = w.HTML(self._repr_html_())
            button = w.Button(description="Show the worked solution", layout=w.Layout(width="auto"))
            button.add_class("bleu-explain-show-solution")
            button.layout.display = "none" if self.shown else None
            button.on_click(lambda _button: self._on_show(area, button))
            self._widget = w.VBox([area, button])
            self._widget.add_class("bleu-explain-worked")
        return self._widget

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

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        # text/plain and text/html for static pages (the note until tried); the widget view for a live page.
        data: dict[str, Any] = {"text/plain": repr(self), "text/html": self._repr_html_()}
        view = self.widget._repr_mimebundle_()
        data.update({key: value for key, value in view.items() if key != "text/plain"})
        return data, {"bleu_explain": {"solution": f"{self.notebook}/{self.exercise.name}"}}
