"""'Now you try': what a notebook calls to check an exercise and, after trying, to see its worked solution.

    from bleu_explain.course.checker import check, exercises_for, solution

    exercises_for("04_brevity_penalty")                     # the numbered prompts
    check("04_brevity_penalty", "best_match", answer)       # the verdict, and a box to type an answer
    solution("04_brevity_penalty", "best_match")            # the worked solution, once you have tried

The pieces live by job: the exercise model and the registry in :mod:`.exercise`, the one answer
reader and tolerance rule in :mod:`.answers`; what they look like (the verdict, the answer box, the
worked solution) in :mod:`bleu_explain.display.html.exercises` and :mod:`bleu_explain.display.widgets.exercises`, which this module binds an exercise to.

>>> from bleu_explain.course.exercise import ATTEMPTS
>>> ATTEMPTS.clear()  # as in a fresh kernel
>>> check("13_playground", "nltk_versions_disagree", "this is a ship").correct  # the cell as it comes
False
>>> repr(solution("13_playground", "nltk_versions_disagree"))[:10]
'Try first:'
>>> check("13_playground", "nltk_versions_disagree", "this is a ship too").correct  # an answer of your own
False
>>> repr(solution("13_playground", "nltk_versions_disagree"))[:16]
'Worked solution '
"""

from __future__ import annotations

from typing import Any

from ..display.widgets.exercises import AnswerBox, SolutionBox
from .answers import answer_hint, parse_answer, read_as
from .exercise import ATTEMPTS, NOTEBOOKS, Exercise, ExerciseList, Feedback, exercises_for, find_exercise

__all__ = ["NOTEBOOKS", "CheckedAnswer", "Exercise", "ExerciseList", "Feedback", "WorkedSolution", "check",
           "exercises_for", "find_exercise", "solution"]


class CheckedAnswer(AnswerBox):
    """The verdict on the cell's answer, and a box whose typed answers the same exercise checks (and counts as tried)."""

    def __init__(self, notebook: str, exercise: Exercise, answer: Any, result: Feedback) -> None:
        def check_typed(text: str) -> Feedback:
            typed = parse_answer(text)
            said = exercise.check(typed)
            ATTEMPTS.record(notebook, exercise.name, typed, said, typed=True)
            return said

        super().__init__(result, check_typed, answer=answer, hint=answer_hint(answer), read_as=read_as,
                         metadata={"exercise": f"{notebook}/{exercise.name}"})


class WorkedSolution(SolutionBox):
    """An exercise's worked solution, or "try first" until this kernel has checked an answer of the learner's own."""

    def __init__(self, notebook: str, exercise: Exercise, *, anyway: bool = False) -> None:
        call = f"solution({notebook!r}, {exercise.name!r}, anyway=True)"
        super().__init__(exercise.name, exercise.worked, anyway=anyway,
                         tried=lambda: ATTEMPTS.has_tried(notebook, exercise.name),
                         try_first=f"Try first: {exercise.prompt} Check your answer in the exercise cell (or type it "
                                   f"in its box), then run this cell again; {call} shows it without.",
                         metadata={"solution": f"{notebook}/{exercise.name}"})


def check(notebook: str, name: str, answer: Any) -> CheckedAnswer:
    """Check the answer to the exercise ``name`` of ``notebook``; displayed, it also offers a box to type one."""
    exercise = find_exercise(notebook, name)
    result = exercise.check(answer)
    ATTEMPTS.record(notebook, name, answer, result)
    return CheckedAnswer(notebook, exercise, answer, result)


def solution(notebook: str, name: str, *, anyway: bool = False) -> WorkedSolution:
    """The worked solution of the exercise ``name`` of ``notebook``, shown once you have tried it (or ``anyway``).

    Trying means checking an answer of your own with :func:`check` (or in its box); until then it
    says "try first" and, live, offers a button.
    """
    return WorkedSolution(notebook, find_exercise(notebook, name), anyway=anyway)
