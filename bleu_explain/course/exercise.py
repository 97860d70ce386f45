"""The exercise model and the course's registry: what an exercise is, its feedback, and where each notebook's live.

Every notebook ends with exercises; its checkers live in the notebook's own module of
:mod:`bleu_explain.course` (``ch04_brevity_penalty`` for notebook ``04_brevity_penalty``), as a
list ``EXERCISES``. A checker compares the student's answer with what the engine computes (never
with a number typed in), and says what is wrong: "you counted every 'the'; clip by the max-ref
count" rather than "wrong". An exercise's ``worked`` solution is written by a function, so the
numbers in it are computed too.

>>> ex = Exercise("demo", "What is 2/7 as a fraction string?", lambda a: feedback(a == "2/7", "Yes.", "Not quite."),
...               solution=lambda: "2/7", mistake=lambda: "7/7")
>>> ex.check("2/7").correct, ex.check("7/7").correct
(True, False)
>>> ex.check(None)
Your turn. Replace None with your answer. Not quite.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable, Optional

from ..display.html.exercises import exercise_list_html, verdict_html, verdict_word
from .answers import DECIMALS, UNIT_SCALE, slip


@dataclass(frozen=True)
class Feedback:
    """The result of checking an answer: right or not, and a specific message.

    ``answered`` is False when there was no answer yet (the cell's untouched
    placeholder): the verdict is still "not correct", but it is shown as a
    prompt, not as a mistake. ``almost`` marks a right value written another way
    (on the other scale, rounded to fewer decimals: :func:`.answers.slip`): still
    not correct, but shown as "Almost.", not as a mistake of understanding. Its HTML
    is :func:`bleu_explain.display.html.exercises.verdict_html`.
    """

    correct: bool
    message: str
    answered: bool = True
    almost: bool = False

    @property
    def verdict(self) -> str:
        return verdict_word(self.correct, self.answered, self.almost)

    def __repr__(self) -> str:
        return f"{self.verdict} {self.message}"

    def _repr_html_(self) -> str:
        return verdict_html(self)


def feedback(ok: bool, right: str, wrong: str) -> Feedback:
    """Feedback with one message for a right answer and one for a wrong one."""
    return Feedback(bool(ok), right if ok else wrong)


def slip_feedback(answer: Any, value: Optional[float], *, decimals: int = DECIMALS, scale: str = UNIT_SCALE,
                  what: str = "it", also: str = "") -> Optional[Feedback]:
    """"Almost": the answer is ``value`` on the other scale or rounded to fewer decimals (:func:`.answers.slip`),
    said so instead of blaming the concept; None when it is no such slip. ``also`` follows the advice on a slip
    of scale (what the scale asked for is), not on a rounding.

    >>> slip_feedback(81.87, 0.8187, what="BP", also=" (a factor between 0 and 1)")
    Almost. Right, but on the 0–100 scale: give BP on the 0–1 scale (a factor between 0 and 1).
    >>> slip_feedback(0.8, 0.8187), slip_feedback(0.5, 0.8187)
    (Almost. Right to one decimal: give two., None)
    """
    found = slip(answer, value, decimals, scale)
    if found is None:
        return None
    return Feedback(False, capitalised(found.words(what)) + (also if found.written_on else "") + ".", almost=True)


def capitalised(text: str) -> str:
    """The text with its first letter in upper case (the rest as it is)."""
    return text[:1].upper() + text[1:]


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
    """A named exercise: its prompt, its checker, its worked solution, and (for the tests) a right and a wrong answer.

    ``solution`` and ``mistake`` build answers when called; ``worked`` writes the worked solution
    (Markdown: the steps, the code a learner would run, the computed answer), which
    :func:`bleu_explain.course.checker.solution` shows once the learner has tried.
    """

    name: str
    prompt: str
    checker: Callable[[Any], Feedback]
    solution: Callable[[], Any]
    mistake: Callable[[], Any] = lambda: None
    worked: Optional[Callable[[], str]] = None

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


# --------------------------------------------------------------------------- the registry
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
    "08_is_the_difference_real",
    "09_reproducing_the_paper",
    "10_agreement_of_systems",
    "11_agreement_of_segments",
    "12_corpus_analysis",
    "13_playground",
    "14_questions_people_ask",
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
        return exercise_list_html(self.notebook, [(ex.name, ex.prompt) for ex in self])

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        # the output says what it is in its metadata, as the answer boxes and solutions do (the handouts read it)
        return ({"text/plain": repr(self), "text/html": self._repr_html_()},
                {"bleu_explain": {"exercises": self.notebook}})


def exercises_for(notebook: str) -> ExerciseList:
    """The exercises of a notebook (by file stem, e.g. '02_modified_precision'), shown as a numbered list."""
    return ExerciseList(notebook, notebook_module(notebook).EXERCISES)


def find_exercise(notebook: str, name: str) -> Exercise:
    """The exercise ``name`` of ``notebook``."""
    for ex in exercises_for(notebook):
        if ex.name == name:
            return ex
    raise KeyError(f"notebook {notebook!r} has no exercise {name!r}")


# --------------------------------------------------------------------------- who has tried what
class Attempts:
    """What this kernel has checked, exercise by exercise: has the learner tried it yet?

    A learner has tried an exercise once this kernel has checked an answer of theirs: one typed in
    the answer box, one that is right, or one that differs from the answer the exercise cell first
    ran with (the notebook's own placeholder or example, which running the notebook as it comes
    checks without anyone trying). A placeholder never counts.

    >>> tried = Attempts()
    >>> tried.record("nb", "ex", None, Feedback(False, "", answered=False)); tried.has_tried("nb", "ex")
    False
    >>> tried.record("nb", "ex", 0.5, Feedback(False, "")); tried.has_tried("nb", "ex")
    True
    """

    def __init__(self) -> None:
        self._first: dict[tuple[str, str], str] = {}
        self._tried: set[tuple[str, str]] = set()

    def record(self, notebook: str, name: str, answer: Any, result: Feedback, *, typed: bool = False) -> None:
        key = (notebook, name)
        shown = repr(answer)
        first = shown if typed else self._first.setdefault(key, shown)
        if result.answered and (typed or result.correct or shown != first):
            self._tried.add(key)

    def has_tried(self, notebook: str, name: str) -> bool:
        return (notebook, name) in self._tried

    def clear(self) -> None:
        """Forget every attempt, as a fresh kernel would."""
        self._first.clear()
        self._tried.clear()


#: This kernel's record, which check() writes and solution() reads.
ATTEMPTS = Attempts()
