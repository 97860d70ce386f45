"""Notebook 13, the playground: its exercise, a candidate of several different words on which NLTK 3.2 and NLTK 3.10
disagree (the side-by-side view above it already shows one made of a single word repeated).

NLTK 3.2.2-3.2.5 dropped every n-gram order after the first one without a match; NLTK 3.10 keeps them,
so matching words without matching longer n-grams score far higher under the old version.

>>> legacy, current = nltk_scores("it it it it it it it")
>>> round(legacy, 4), current < 0.01, EXERCISES[0].check("this is a ship").correct
(0.6148, True, False)
>>> EXERCISES[0].check("it it it it it it it").correct  # the view's own candidate: one word only
False
"""

from __future__ import annotations

from typing import Any

from ..api import explain
from ..data.examples import SHIP_REFERENCES, SHIP_REPEATED_IT
from .exercise import Exercise, Feedback

#: How much higher NLTK 3.2 must score the candidate than current NLTK.
MARGIN = 0.5
#: How many different words the candidate must have (the notebook's side-by-side view shows a one-word candidate).
MIN_DIFFERENT_WORDS = 4
#: A right answer, for the worked solution: reference words, no two side by side as in a reference.
DIFFERENT_WORDS_ANSWER = "ship a it is"


def nltk_scores(candidate: str) -> tuple[float, float]:
    """The candidate's BLEU (0..1) against the NLTK tutorial's ship references: NLTK 3.2's, then NLTK 3.10's."""
    legacy, current = (explain(candidate, list(SHIP_REFERENCES), preset=p).bleu for p in ("nltk-3.2", "nltk"))
    return legacy, current


def check_disagreement(answer: Any) -> Feedback:
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, "Type a candidate sentence as a string, e.g. answer = \"ship ship\".")
    if len(set(answer.lower().split())) < MIN_DIFFERENT_WORDS:
        return Feedback(False, f"Use at least {MIN_DIFFERENT_WORDS} different words: the side-by-side view above "
                               "already shows a candidate made of one word repeated. Which words of the references "
                               "can you use without putting two of them side by side as a reference does?")
    legacy, current = nltk_scores(answer)
    if legacy - current > MARGIN:
        return Feedback(True, f"NLTK 3.2 gives {legacy:.4f}, NLTK 3.10 {current:.3g}: the old version dropped the "
                              "orders with no matches instead of letting them pull the score to (almost) 0.")
    if not explain(answer, list(SHIP_REFERENCES), preset="nltk").matches[0]:
        return Feedback(False, "None of its words is in a reference (NLTK keeps case, and the references are in lower "
                               "case), so both versions give 0. Use the references' words.")
    if legacy == current:
        return Feedback(False, "Both versions agree on this one: every order has a match. Make a candidate whose "
                               "higher-order n-grams do not occur in any reference.")
    return Feedback(False, f"They differ ({legacy:.4f} vs {current:.3g}) but by less than {MARGIN}; make the "
                           "candidate's words match (high unigram precision) while its longer n-grams do not.")


def worked_disagreement() -> str:
    mine, (legacy, current) = DIFFERENT_WORDS_ANSWER, nltk_scores(DIFFERENT_WORDS_ANSWER)
    r = explain(mine, list(SHIP_REFERENCES), preset="nltk")
    return f"""NLTK 3.2 dropped the first order without a match and every order after it; NLTK 3.10 keeps them, and an
order without a match pulls its score to almost 0. The view above shows it with {SHIP_REPEATED_IT!r}; with
{MIN_DIFFERENT_WORDS} different words, use reference words and put no two side by side as a reference has them: {mine!r} has p1 = {r.fraction(1)}, p2 = {r.fraction(2)}; NLTK 3.2 gives {legacy:.4f}, NLTK 3.10 {current:.3g}.

```python
import bleu_explain as bx
from bleu_explain.data import examples
mine = {mine!r}
print([bx.explain(mine, examples.SHIP_REFERENCES, preset=p).bleu for p in ("nltk-3.2", "nltk")])
mine
```

Answer: **{mine!r}**, or any candidate of {MIN_DIFFERENT_WORDS} different words or more on which the two differ by
more than {MARGIN}."""


EXERCISES = [
    Exercise("nltk_versions_disagree", f"Find a candidate of at least {MIN_DIFFERENT_WORDS} different words that "
             f"NLTK 3.2 scores more than {MARGIN} higher than NLTK 3.10 against the ship references.",
             check_disagreement, solution=lambda: DIFFERENT_WORDS_ANSWER,
             mistake=lambda: SHIP_REFERENCES[0], worked=worked_disagreement),
]
