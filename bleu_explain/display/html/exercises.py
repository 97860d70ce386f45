"""What an exercise shows, as HTML: the verdict on an answer, a worked solution, a notebook's exercises.

These pieces know nothing of exercises: they are told what to show, and the course binds an exercise to
them (:mod:`bleu_explain.course.checker`). The widgets that show them live in a kernel
(:mod:`bleu_explain.display.widgets.exercises`); where widgets cannot run (a static page) this HTML shows.

* :func:`verdict_html` -- a verdict: right, not yet, or (before any answer) your turn, with its message;
* :func:`solution_html` and :func:`solution_note_html` -- a worked solution, or the note shown before it;
* :func:`exercise_list_html` -- a notebook's exercises as a numbered list.

A verdict is anything with ``correct``, ``message`` and ``answered`` (False for an untouched placeholder:
not correct, but shown as a prompt, not as a mistake), and perhaps ``almost`` (a right value written another
way: not correct, but shown apart from a mistake), such as the course's ``Feedback`` or :class:`Said`.

>>> print(verdict_html(Said(False, "Replace <None>.", answered=False)))
<div class="bleu-explain-verdict" style="border-left:4px solid #0072B2;padding:4px 8px"><b style="color:#0072B2">&#9998; Your turn.</b> Replace &lt;None&gt;.</div>
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from .markdown import markdown_html
from .palette import MUTED_TEXT, OKABE_ITO, WARNING_TEXT

#: The border of a shown solution, and of the "try first" note.
SOLUTION_COLOUR = OKABE_ITO["bluish green"]
NOTE_COLOUR = OKABE_ITO["blue"]
#: The code of a worked solution, set off from its steps (inline: an output's HTML carries no style sheet).
CODE_STYLE = "background:#f5f5f5;padding:6px 8px;overflow-x:auto;font-size:90%"


# --------------------------------------------------------------------------- a verdict
class Verdict(Protocol):
    """What a checker says of an answer: right or not, its message, and whether there was an answer at all."""

    @property
    def correct(self) -> bool: ...

    @property
    def message(self) -> str: ...

    @property
    def answered(self) -> bool: ...


class Said(NamedTuple):
    """A verdict these pieces say themselves (an empty box, a checker that failed)."""

    correct: bool
    message: str
    answered: bool = True
    almost: bool = False


#: Each state's border colour, word colour and mark: right, almost (right but written another way), wrong, and the
#: prompt before an answer. Orange is too light for words on white: "Almost." is in the palette's dark warning brown.
VERDICT_MARKS = {
    "correct": (OKABE_ITO["bluish green"], OKABE_ITO["bluish green"], "&#10004;"),
    "almost": (OKABE_ITO["orange"], WARNING_TEXT, "&#8776;"),
    "wrong": (OKABE_ITO["vermillion"], OKABE_ITO["vermillion"], "&#10008;"),
    "prompt": (OKABE_ITO["blue"], OKABE_ITO["blue"], "&#9998;"),
}


def verdict_word(correct: bool, answered: bool = True, almost: bool = False) -> str:
    """'Correct!', 'Not yet.', 'Almost.' (a right value written another way), or, before any answer, 'Your turn.'."""
    if not answered:
        return "Your turn."
    if correct:
        return "Correct!"
    return "Almost." if almost else "Not yet."


def verdict_html(said: Verdict) -> str:
    """A verdict as HTML: a mark and the verdict's word in its colour, then the message (escaped).

    A verdict with a true ``almost`` (a right value on the other scale, or rounded) is marked apart from a mistake.

    >>> "Almost." in verdict_html(Said(False, "Right to one decimal: give two.", almost=True))
    True
    """
    almost = bool(getattr(said, "almost", False)) and said.answered and not said.correct
    state = "correct" if said.correct else ("almost" if almost else ("wrong" if said.answered else "prompt"))
    border, colour, mark = VERDICT_MARKS[state]
    return (f'<div class="bleu-explain-verdict" style="border-left:4px solid {border};padding:4px 8px">'
            f'<b style="color:{colour}">{mark} {verdict_word(said.correct, said.answered, almost)}</b> '
            f"{html.escape(said.message)}</div>")


def exercise_list_html(notebook: str, exercises: Sequence[tuple[str, str]]) -> str:
    """A notebook's exercises, each a name and a prompt, as a numbered list (escaped).

    >>> exercise_list_html("demo", [("a", "Say a <word>.")])
    '<div class="bleu-explain-exercises"><b>Exercises</b> <span style="color:#555">(demo)</span><ol style="margin:4px 0"><li><code>a</code>: Say a &lt;word&gt;.</li></ol></div>'
    """
    items = "".join(f"<li><code>{html.escape(name)}</code>: {html.escape(prompt)}</li>" for name, prompt in exercises)
    return (f'<div class="bleu-explain-exercises"><b>Exercises</b> '
            f'<span style="color:{MUTED_TEXT}">({html.escape(notebook)})</span>'
            f'<ol style="margin:4px 0">{items}</ol></div>')


def solution_html(name: str, markdown_text: str) -> str:
    """A worked solution (written in Markdown) as HTML, its code set off from its steps."""
    body = markdown_html(markdown_text).replace("<pre>", f"<pre style={CODE_STYLE!r}>")
    return (f'<div class="bleu-explain-solution" style="border-left:4px solid {SOLUTION_COLOUR};'
            f'padding:4px 10px"><b>Worked solution</b> '
            f'<span style="color:{MUTED_TEXT}">({html.escape(name)})</span>{body}</div>')


def solution_note_html(text: str) -> str:
    """The note shown in place of a worked solution ("try first", or why it cannot be shown)."""
    return (f'<div class="bleu-explain-solution-note" style="border-left:4px solid {NOTE_COLOUR};'
            f'padding:4px 10px;color:{MUTED_TEXT}">{html.escape(text)}</div>')


def answer_shown_html(answer_repr: str) -> str:
    """The notebook's example answer, said above its verdict where the cell is hidden (the Voila app)."""
    shown = answer_repr if len(answer_repr) <= 80 else answer_repr[:77] + "..."
    return (f'<div style="color:{MUTED_TEXT};margin-bottom:2px">The notebook\'s example answer, '
            f"<code>{html.escape(shown)}</code>:</div>")


def read_as_html(read: str | None) -> str:
    """How typed text was read, when that is worth saying (else nothing)."""
    return f'<div style="color:{MUTED_TEXT};font-size:90%">read as {html.escape(read)}</div>' if read else ""

