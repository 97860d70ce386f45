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
from fractions import Fraction
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
    "10_is_the_difference_real",
    "11_corpus_analysis",
    "12_playground",
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
