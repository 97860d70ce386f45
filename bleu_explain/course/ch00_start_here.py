"""Notebook 00's exercise: the cat-and-mat candidate against the second reference of the paper's Example 2 alone.

>>> ex = EXERCISES[0]
>>> ex.check(ex.solution()).correct, ex.check(ex.mistake()).message.startswith("That is the score against both")
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..api import explain
from ..data import examples
from .answers import agrees, as_number, too_few_decimals
from .exercise import Exercise, Feedback


def _score(references: tuple[str, ...] = examples.EXAMPLE_2_REFERENCES[1:]) -> float:
    return explain(examples.CAT_CANDIDATE, list(references)).score


def check_score(answer: Any) -> Feedback:
    """sacreBLEU's 0-100 score against ``refs[1]`` alone; the 0-1 scale and both references get their own hints."""
    score = _score()
    if as_number(answer) is None:
        return Feedback(False, "Give the score as a number, e.g. 12.34.")
    if agrees(answer, score):
        return Feedback(True, "Right: with one reference fewer, fewer n-grams find a match and the closest reference "
                              "is longer, so the score drops.")
    if agrees(answer, _score(examples.EXAMPLE_2_REFERENCES)):
        return Feedback(False, "That is the score against both references, printed above. Score against refs[1] only.")
    if agrees(answer, score / 100, decimals=4):
        return Feedback(False, "That is the score on the paper's 0-1 scale (.bleu); sacreBLEU's is 0-100 (.score).")
    if too_few_decimals(answer, score):
        return Feedback(False, "Close, but rounded too far: give two decimals.")
    return Feedback(False, "Run bx.explain(cat, [refs[1]]) with the default preset and read .score.")


def worked_score() -> str:
    """The worked solution: one reference in the list, the default preset, ``.score``."""
    r = explain(examples.CAT_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES[1:]))
    return f"""Give `explain` a list holding only the second reference; the default preset is sacreBLEU's, whose
score is on the 0-100 scale (`.score`; `.bleu` is the same on the paper's 0-1 scale).

```python
import bleu_explain as bx
from bleu_explain.data import examples
cat, refs = examples.CAT_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)
result = bx.explain(cat, [refs[1]])
print(result.precisions, result.brevity_penalty)
round(result.score, 2)
```

Against {r.references[0]!r} alone the precisions drop and the candidate is shorter than the reference (c = {r.hyp_len},
r = {r.ref_len}: BP = {r.brevity_penalty:.4f}). Answer: **{r.score:.2f}**."""


EXERCISES = [
    Exercise(
        "score_scale",
        f"What sacreBLEU score (0-100, default settings, two decimals) does {examples.CAT_CANDIDATE!r} get against "
        f"the second reference alone, {examples.EXAMPLE_2_REFERENCES[1]!r}?",
        check_score,
        solution=lambda: round(_score(), 2),
        mistake=lambda: round(_score(examples.EXAMPLE_2_REFERENCES), 2),
        worked=worked_score,
    ),
]
