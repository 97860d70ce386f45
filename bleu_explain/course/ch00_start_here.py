"""Notebook 00 (start here): its exercise, reading a score on the right scale.

The candidate is the cat-and-mat sentence the tutorials start from, scored
against the references of the paper's Example 2 (Papineni et al. 2002).

>>> ex = EXERCISES[0]
>>> ex.check(ex.solution()).correct, ex.check(ex.mistake()).message.startswith("That is the right score")
(True, True)
"""

from __future__ import annotations

import math
from typing import Any

from ..api import explain
from ..data import examples
from .checker import Exercise, Feedback

__all__ = ["CANDIDATE", "EXERCISES", "REFERENCES", "check_score_scale", "sacrebleu_score"]

#: The exercise's candidate and references.
CANDIDATE = examples.CAT_CANDIDATE
REFERENCES = examples.EXAMPLE_2_REFERENCES

SCORE_TOLERANCE = 0.01  # a 0-100 score rounded to two decimals
BLEU_TOLERANCE = 1e-4  # a 0-1 score rounded to four decimals


def sacrebleu_score() -> float:
    """The candidate's score on sacreBLEU's 0-100 scale, with the default preset."""
    return explain(CANDIDATE, list(REFERENCES)).score


def check_score_scale(answer: Any) -> Feedback:
    """The answer is the 0-100 score; the same score on the paper's 0-1 scale gets its own hint."""
    score = sacrebleu_score()
    value = float(answer)
    if math.isclose(value, score, abs_tol=SCORE_TOLERANCE):
        return Feedback(True, "That is sacreBLEU's number on its 0-100 scale; the paper writes the same score on 0-1.")
    if math.isclose(value, score / 100, abs_tol=BLEU_TOLERANCE):
        return Feedback(False, "That is the right score on the paper's 0-1 scale; "
                               "the question asks for sacreBLEU's 0-100 scale.")
    return Feedback(False, "Run explain() on the candidate and both references with the default preset "
                           "and read .score.")


EXERCISES = [
    Exercise(
        "score_scale",
        f"What sacreBLEU score (0-100, default settings, two decimals) does {CANDIDATE!r} get against both references?",
        check_score_scale,
        solution=lambda: round(sacrebleu_score(), 2),
        mistake=lambda: round(sacrebleu_score() / 100, 4),
    ),
]
