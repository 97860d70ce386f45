"""Notebook 00's exercise: the cat-and-mat candidate against the second reference of the paper's Example 2 alone.

>>> ex = EXERCISES[0]
>>> ex.check(ex.solution()).correct, ex.check(ex.mistake()).message.startswith("That is the score against both")
(True, True)
>>> ex.check(round(_score() / 100, 4))
Almost. Right, but on the 0–1 scale: give the score on the 0–100 scale (sacreBLEU's .score, not the paper's .bleu).
"""

from __future__ import annotations

from typing import Any

from ..api import explain
from ..data.examples import CAT_CANDIDATE, EXAMPLE_2_REFERENCES
from .answers import PERCENT_SCALE, agrees
from .exercise import Exercise, Feedback, slip_feedback


def _score(references: tuple[str, ...] = EXAMPLE_2_REFERENCES[1:]) -> float:
    return explain(CAT_CANDIDATE, list(references)).score


def check_score(answer: Any) -> Feedback:
    if agrees(answer, _score()):
        return Feedback(True, "Right: with one reference fewer, fewer n-grams find a match and the closest reference "
                              "is longer, so the score drops.")
    if agrees(answer, _score(EXAMPLE_2_REFERENCES)):
        return Feedback(False, "That is the score against both references, printed above: the exercise keeps only one "
                               "of them.")
    slipped = slip_feedback(answer, _score(), scale=PERCENT_SCALE, what="the score",
                            also=" (sacreBLEU's .score, not the paper's .bleu)")
    if slipped is not None:
        return slipped
    return Feedback(False, "Give a number to two decimals, e.g. 12.34: score the candidate as the cell above does, "
                           "against the one reference the exercise names, on sacreBLEU's 0–100 scale.")


def worked_score() -> str:
    r = explain(CAT_CANDIDATE, list(EXAMPLE_2_REFERENCES[1:]))
    return f"""Give `explain` a list holding only the second reference and read `.score` (0-100). Against it alone the
precisions drop and the candidate is shorter than the reference (c = {r.hyp_len}, r = {r.ref_len}).

```python
import bleu_explain as bx
round(bx.explain({CAT_CANDIDATE!r}, [{EXAMPLE_2_REFERENCES[1]!r}]).score, 2)
```

Answer: **{r.score:.2f}**."""


EXERCISES = [
    Exercise("score_scale", f"What sacreBLEU score (0-100, default settings, two decimals) does {CAT_CANDIDATE!r} get "
             f"against the second reference alone, {EXAMPLE_2_REFERENCES[1]!r}?", check_score,
             solution=lambda: round(_score(), 2), mistake=lambda: round(_score(EXAMPLE_2_REFERENCES), 2),
             worked=worked_score),
]
