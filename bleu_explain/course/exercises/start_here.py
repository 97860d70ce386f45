"""Exercise of notebook 00: read a score on the right scale."""

from __future__ import annotations

import math

from . import Exercise, Feedback

CANDIDATE = "The cat sat on the mat."
REFERENCES = ["The cat is on the mat.", "There is a cat on the mat."]


def _engine_score() -> float:
    from ...api import explain

    return explain(CANDIDATE, REFERENCES).score


def check_scale(answer) -> Feedback:
    score = _engine_score()
    value = float(answer)
    if math.isclose(value, score, abs_tol=0.01):
        return Feedback(True, "That is sacreBLEU's number on its 0-100 scale; the paper writes the same score on 0-1.")
    if math.isclose(value, score / 100, abs_tol=0.0001):
        return Feedback(False, "That is the right score on the paper's 0-1 scale; the question asks for sacreBLEU's 0-100 scale.")
    return Feedback(False, "Run explain() on the candidate and both references with the default preset and read .score.")


EXERCISES = [
    Exercise(
        "score_scale",
        f"What sacreBLEU score (0-100, default settings, two decimals) does {CANDIDATE!r} get against both references?",
        check_scale,
        solution=lambda: round(_engine_score(), 2),
        mistake=lambda: round(_engine_score() / 100, 4),
    ),
]
