"""'Now you try' exercises: each checker gives specific feedback without printing the answer.

Every notebook ends with an exercise; its checkers live in the notebook's own
module of :mod:`bleu_explain.course` (``ch04_brevity_penalty`` for notebook
``04_brevity_penalty``), as a list ``EXERCISES``. A checker compares the student's answer with what
the engine computes (never with a number typed in), and says what is wrong:
"you counted every 'the'; clip by the max-ref count" rather than "wrong".

>>> ex = Exercise("demo", "What is 2/7 as a fraction string?", lambda a: feedback(a == "2/7", "Yes.", "Not quite."),
...               solution=lambda: "2/7", mistake=lambda: "7/7")
>>> ex.check("2/7").correct, ex.check("7/7").correct
(True, False)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable


@dataclass(frozen=True)
class Feedback:
    """The result of checking an answer: right or not, and a specific message."""

    correct: bool
    message: str

    def __repr__(self) -> str:
        return ("Correct! " if self.correct else "Not yet. ") + self.message

    def _repr_html_(self) -> str:
        colour = "#009E73" if self.correct else "#D55E00"
        mark = "&#10004; Correct!" if self.correct else "&#10008; Not yet."
        return (f'<div style="border-left:4px solid {colour};padding:4px 8px">'
                f"<b style=\"color:{colour}\">{mark}</b> {html.escape(self.message)}</div>")


def feedback(ok: bool, right: str, wrong: str) -> Feedback:
    """Feedback with one message for a right answer and one for a wrong one."""
    return Feedback(bool(ok), right if ok else wrong)


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
        """Check an answer; a malformed answer gets feedback too, never a traceback."""
        try:
            return self.checker(answer)
        except Exception as exc:  # the student's answer may be of any shape
            return Feedback(False, f"I could not read that answer ({type(exc).__name__}: {exc}).")

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
    "09_is_the_difference_real",
    "10_corpus_analysis",
    "11_playground",
)

def notebook_module(notebook: str):
    """The course module of a notebook (by file stem, e.g. '02_modified_precision')."""
    if notebook not in NOTEBOOKS:
        raise KeyError(f"no notebook {notebook!r}; the course has {', '.join(NOTEBOOKS)}")
    return import_module(f"bleu_explain.course.ch{notebook}")


def exercises_for(notebook: str) -> list[Exercise]:
    """The exercises of a notebook (by file stem, e.g. '02_modified_precision')."""
    return list(notebook_module(notebook).EXERCISES)


def check(notebook: str, name: str, answer: Any) -> Feedback:
    """Check the answer to the exercise ``name`` of ``notebook``."""
    for ex in exercises_for(notebook):
        if ex.name == name:
            return ex.check(answer)
    raise KeyError(f"notebook {notebook!r} has no exercise {name!r}")
