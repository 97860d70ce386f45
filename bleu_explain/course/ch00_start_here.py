"""Notebook 00 (start here): its exercise, reading a score on the right scale.

The candidate is the cat-and-mat sentence the tutorials start from, scored
against the references of the paper's Example 2 (Papineni et al. 2002).

>>> ex = EXERCISES[0]
>>> ex.check(ex.solution()).correct, ex.check(ex.mistake()).message.startswith("That is the right score")
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..api import explain
from ..data import examples
from .answers import agrees, as_number, too_few_decimals
from .exercise import Exercise, Feedback

__all__ = ["CANDIDATE", "EXERCISES", "REFERENCES", "check_score_scale", "sacrebleu_score"]

#: The exercise's candidate and references.
CANDIDATE = examples.CAT_CANDIDATE
REFERENCES = examples.EXAMPLE_2_REFERENCES

def sacrebleu_score() -> float:
    """The candidate's score on sacreBLEU's 0-100 scale, with the default preset."""
    return explain(CANDIDATE, list(REFERENCES)).score


def check_score_scale(answer: Any) -> Feedback:
    """The answer is the 0-100 score; the same score on the paper's 0-1 scale gets its own hint."""
    score = sacrebleu_score()
    if as_number(answer) is None:
        return Feedback(False, "Give the score as a number, e.g. 12.34.")
    if agrees(answer, score):
        return Feedback(True, "That is sacreBLEU's number on its 0-100 scale; the paper writes the same score on 0-1.")
    if agrees(answer, score / 100, decimals=4):
        return Feedback(False, "That is the right score on the paper's 0-1 scale; "
                               "the question asks for sacreBLEU's 0-100 scale.")
    if too_few_decimals(answer, score):
        return Feedback(False, "Close, but rounded too far: give two decimals.")
    return Feedback(False, "Run explain() on the candidate and both references with the default preset "
                           "and read .score.")


def worked_score_scale() -> str:
    """The worked solution: score with the default preset and read the 0-100 score."""
    score = sacrebleu_score()
    return f"""sacreBLEU reports BLEU on a 0-100 scale; the paper writes the same score on 0-1.

1. Score the candidate against both references with `explain`; the default preset is sacreBLEU's.
2. Read `.score` (0-100), not `.bleu` (0-1), and round it to two decimals.

```python
import bleu_explain as bx
from bleu_explain.data import examples
result = bx.explain(examples.CAT_CANDIDATE, examples.EXAMPLE_2_REFERENCES)  # {CANDIDATE!r}
round(result.score, 2)
```

Answer: **{score:.2f}** (`.bleu`, the same score on the paper's scale, is {score / 100:.4f})."""


EXERCISES = [
    Exercise(
        "score_scale",
        f"What sacreBLEU score (0-100, default settings, two decimals) does {CANDIDATE!r} get against both references?",
        check_score_scale,
        solution=lambda: round(sacrebleu_score(), 2),
        mistake=lambda: round(sacrebleu_score() / 100, 4),
        worked=worked_score_scale,
    ),
]
