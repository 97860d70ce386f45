"""Notebook 12, the playground: its exercise, a candidate on which two NLTK versions disagree.

The references are the "ship" sentences of the "Introduction to BLEU in Python"
NLTK tutorial (:data:`bleu_explain.data.examples.SHIP_REFERENCES`). NLTK 3.2.2-3.2.5
dropped every n-gram order after the first one without a match; current NLTK keeps
them, so a candidate whose words match but whose longer n-grams do not scores far
higher under the old version.

>>> legacy, current = nltk_scores("it it it it it it it")
>>> round(legacy, 4), current < 0.01
(0.6148, True)
>>> EXERCISES[0].check("this is a ship").correct
False
"""

from __future__ import annotations

from typing import Any

from ..data.examples import SHIP_REFERENCES, SHIP_REPEATED_IT
from .checker import Exercise, Feedback

#: How much higher NLTK 3.2 must score the candidate than current NLTK.
MARGIN = 0.5


def nltk_scores(candidate: str) -> tuple[float, float]:
    """The candidate's BLEU (0..1) against the ship references: NLTK 3.2's, then current NLTK's."""
    from ..api import explain

    references = list(SHIP_REFERENCES)
    legacy = explain(candidate, references, preset="nltk-3.2").bleu
    current = explain(candidate, references, preset="nltk").bleu
    return legacy, current


def check_disagreement(answer: Any) -> Feedback:
    """A candidate that NLTK 3.2 scores more than MARGIN higher than current NLTK."""
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, "Type a candidate sentence as a string, e.g. answer = \"ship ship\".")
    legacy, current = nltk_scores(answer)
    if legacy - current > MARGIN:
        return Feedback(True, f"NLTK 3.2 gives {legacy:.4f}, NLTK 3.10 {current:.3g}: the old version dropped the "
                              "orders with no matches instead of letting them pull the score to (almost) 0.")
    if legacy == current:
        return Feedback(False, "Both versions agree on this one: every order has a match. Make a candidate whose "
                               "higher-order n-grams do not occur in any reference.")
    return Feedback(False, f"They differ ({legacy:.4f} vs {current:.3g}) but by less than {MARGIN}; make the "
                           "candidate's words match (high unigram precision) while its longer n-grams do not.")


EXERCISES = [
    Exercise(
        "nltk_versions_disagree",
        f"Find a candidate that NLTK 3.2 scores more than {MARGIN} higher than NLTK 3.10 against the ship "
        "references.",
        check_disagreement,
        solution=lambda: SHIP_REPEATED_IT,
        mistake=lambda: SHIP_REFERENCES[0],
    ),
]
