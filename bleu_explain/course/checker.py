"""'Now you try': what a notebook calls to check an exercise and, after trying, to see its worked solution.

    from bleu_explain.course.checker import check, exercises_for, solution

    exercises_for("04_brevity_penalty")                     # the numbered prompts
    check("04_brevity_penalty", "best_match", answer)       # the verdict, and a box to type an answer
    solution("04_brevity_penalty", "best_match")            # the worked solution, once you have tried

The pieces live by job: the exercise model and the registry in :mod:`.exercise`, the one answer
reader and tolerance rule in :mod:`.answers`, the answer box in :mod:`.answer_box`, the worked
solution's display in :mod:`.worked`.

>>> from bleu_explain.course.exercise import ATTEMPTS
>>> ATTEMPTS.clear()  # as in a fresh kernel
>>> check("12_playground", "nltk_versions_disagree", "this is a ship").correct  # the cell as it comes
False
>>> repr(solution("12_playground", "nltk_versions_disagree"))[:10]
'Try first:'
>>> check("12_playground", "nltk_versions_disagree", "this is a ship too").correct  # an answer of your own
False
>>> repr(solution("12_playground", "nltk_versions_disagree"))[:16]
'Worked solution '
"""

from __future__ import annotations

from typing import Any

from .answer_box import CheckedAnswer
from .exercise import ATTEMPTS, NOTEBOOKS, Exercise, ExerciseList, Feedback, exercises_for, find_exercise
from .worked import WorkedSolution

__all__ = ["NOTEBOOKS", "CheckedAnswer", "Exercise", "ExerciseList", "Feedback", "WorkedSolution", "check",
           "exercises_for", "find_exercise", "solution"]


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
