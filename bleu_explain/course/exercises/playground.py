"""Exercise of notebook 11: find a candidate on which two NLTK versions disagree."""

from __future__ import annotations

from . import Exercise, Feedback

REFERENCES = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]


def _scores(candidate: str) -> tuple[float, float]:
    from ...api import explain

    return explain(candidate, REFERENCES, preset="nltk-3.2").bleu, explain(candidate, REFERENCES, preset="nltk").bleu


def check_disagreement(answer) -> Feedback:
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, "Type a candidate sentence as a string, e.g. answer = \"ship ship\".")
    legacy, current = _scores(answer)
    if legacy - current > 0.5:
        return Feedback(True, f"NLTK 3.2 gives {legacy:.4f}, NLTK 3.10 {current:.3g}: the old version dropped the "
                              "orders with no matches instead of letting them pull the score to (almost) 0.")
    if legacy == current:
        return Feedback(False, "Both versions agree on this one: every order has a match. Make a candidate whose "
                               "higher-order n-grams do not occur in any reference.")
    return Feedback(False, f"They differ ({legacy:.4f} vs {current:.3g}) but by less than 0.5; make the candidate's "
                           "words match (high unigram precision) while its longer n-grams do not.")


EXERCISES = [
    Exercise(
        "nltk_versions_disagree",
        "Find a candidate that NLTK 3.2 scores more than 0.5 higher than NLTK 3.10 against the ship references.",
        check_disagreement,
        solution=lambda: "it it it it it it it",
        mistake=lambda: "this is a ship",
    ),
]
