"""Exercises of notebook 01 (precision, not recall).

Every checker asks the engine for the right value and compares; it names the
mistake it recognises, never the number.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["plain_and_modified"].check(ex["plain_and_modified"].solution()).correct
True
>>> ex["plain_and_modified"].check(ex["plain_and_modified"].mistake()).message.startswith("Your modified precision is the plain")
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

from ...api import explain
from . import Exercise, Feedback, feedback

#: The references of the paper's Example 2 (Papineni et al. 2002).
EXAMPLE_2_REFERENCES = ("The cat is on the mat.", "There is a cat on the mat.")
#: The references and the two candidates of the paper's Example 4.
EXAMPLE_4_REFERENCES = ("I always do.", "I invariably do.", "I perpetually do.")
EXAMPLE_4_BAD = "I always invariably perpetually do."
EXAMPLE_4_GOOD = "I always do."

#: The candidate of the first exercise.
PLAIN_AND_MODIFIED_CANDIDATE = "the cat the cat sat on the mat"

TOLERANCE = 5e-3  # a decimal answer may be rounded to two places


def as_number(answer: Any) -> Optional[float]:
    """A precision given as ``"5/8"``, ``Fraction(5, 8)``, ``0.625`` or ``(5, 8)``; None if it is none of these.

    >>> as_number("5/8"), as_number((5, 8)), as_number(0.625), as_number("0.625"), as_number("five")
    (0.625, 0.625, 0.625, 0.625, None)
    """
    if isinstance(answer, bool) or answer is None:
        return None
    if isinstance(answer, (int, float, Fraction)):
        return float(answer)
    if isinstance(answer, tuple) and len(answer) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                              for x in answer):
        return answer[0] / answer[1] if answer[1] else None
    if isinstance(answer, str):
        try:
            return float(Fraction(answer.replace(" ", "")))
        except (ValueError, ZeroDivisionError):
            return None
    return None


def as_fraction_parts(answer: Any) -> Optional[tuple[int, int]]:
    """Numerator and denominator when the answer was written as a fraction (``"4/10"`` or ``(4, 10)``), else None.

    >>> as_fraction_parts("4/10"), as_fraction_parts((4, 10)), as_fraction_parts(0.4)
    ((4, 10), (4, 10), None)
    """
    if isinstance(answer, tuple) and len(answer) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                              for x in answer):
        return answer
    if isinstance(answer, str) and answer.count("/") == 1:
        top, bottom = answer.replace(" ", "").split("/")
        if top.isdigit() and bottom.isdigit():
            return int(top), int(bottom)
    return None


def close(value: Optional[float], target: float) -> bool:
    """Whether an answer's value is the target, allowing rounding to two decimals."""
    return value is not None and abs(value - target) <= TOLERANCE


# --------------------------------------------------------------------------- exercise 1
def _plain_and_modified() -> tuple[float, float]:
    r = explain(PLAIN_AND_MODIFIED_CANDIDATE, list(EXAMPLE_2_REFERENCES), preset="paper", max_order=1)
    return r.unclipped_matches[0] / r.totals[0], r.matches[0] / r.totals[0]


def check_plain_and_modified(answer: Any) -> Feedback:
    """The answer is a pair: (plain unigram precision, modified unigram precision)."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return Feedback(False, "Give a pair: (plain precision, modified precision), e.g. (\"3/8\", \"1/8\").")
    plain, modified = (as_number(a) for a in answer)
    if plain is None or modified is None:
        return Feedback(False, "Write each precision as a fraction string like \"3/8\" or as a number like 0.375.")
    right_plain, right_modified = _plain_and_modified()
    if close(plain, right_plain) and close(modified, right_modified):
        return Feedback(True, "Both right: plain precision credits every candidate word found in a reference; "
                              "modified precision stops crediting a word once the reference that uses it most is used up.")
    if close(plain, right_modified) and close(modified, right_plain):
        return Feedback(False, "You have the two the wrong way round: the plain precision is the larger one.")
    if close(modified, right_plain):
        return Feedback(False, "Your modified precision is the plain one: every 'the' and 'cat' is credited. "
                               "Clip each word's count at the largest count it has in any ONE reference.")
    if close(plain, right_modified):
        return Feedback(False, "Your plain precision is already clipped. Plain precision credits every candidate "
                               "word that occurs in some reference, however often it repeats.")
    if not close(plain, right_plain):
        return Feedback(False, "Your plain precision is off. Count the candidate's words that occur in at least one "
                               "reference (lowercase first: the paper folds case), and divide by the candidate's length. "
                               "'sat' is in no reference.")
    return Feedback(False, "Your plain precision is right; the modified one is off. For each distinct word take "
                           "min(count in the candidate, max count in any one reference) and add these up.")


# --------------------------------------------------------------------------- exercise 2
def _word_set_recall(candidate: str) -> float:
    from ..lessons.precision import recall_table

    return float(recall_table(candidate, list(EXAMPLE_4_REFERENCES))["recall"].iloc[-1])


def _bleu(candidate: str) -> float:
    return explain(candidate, list(EXAMPLE_4_REFERENCES), preset="paper", max_order=2).bleu


def _normalised(text: str) -> tuple[str, ...]:
    return explain(text, list(EXAMPLE_4_REFERENCES), preset="paper", max_order=1).candidate_tokens


def check_recall_trap(answer: Any) -> Feedback:
    """A candidate (a string) that recalls every reference word but scores below the good candidate."""
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, "Write your candidate sentence as a string, e.g. \"I do always.\".")
    if _normalised(answer) == _normalised(EXAMPLE_4_BAD):
        return Feedback(False, "That is the paper's own bad candidate. Make up one of your own: "
                               "change the order or add a word.")
    recall = _word_set_recall(answer)
    if recall < 1:
        from ..lessons.precision import recall_table

        words = recall_table(answer, list(EXAMPLE_4_REFERENCES)).index[-1].split(": ", 1)[1].split()
        found = set(_normalised(answer))
        missing = [w for w in words if w not in found]
        return Feedback(False, f"Your candidate does not recall every reference word yet (recall {recall:.2f}): "
                               f"it lacks {', '.join(repr(w) for w in missing)}.")
    mine, good = _bleu(answer), _bleu(EXAMPLE_4_GOOD)
    return feedback(mine < good,
                    f"Yes: it recalls every reference word, yet BLEU ranks it below \"{EXAMPLE_4_GOOD}\" "
                    f"({mine:.4f} against {good:.4f}). Recall rewards using all the synonyms; BLEU does not.",
                    f"It recalls every reference word, but it scores as high as \"{EXAMPLE_4_GOOD}\" "
                    f"({mine:.4f} against {good:.4f}). Aim for a worse translation: pile up the synonyms.")


EXERCISES = [
    Exercise(
        "plain_and_modified",
        f"Candidate {PLAIN_AND_MODIFIED_CANDIDATE!r} against the references of the paper's Example 2, "
        "preset='paper'. Give (plain unigram precision, modified unigram precision).",
        check_plain_and_modified,
        solution=lambda: tuple(str(Fraction(p).limit_denominator(100)) for p in _plain_and_modified()),
        mistake=lambda: (str(Fraction(_plain_and_modified()[0]).limit_denominator(100)),) * 2,
    ),
    Exercise(
        "recall_trap",
        "Write a candidate of your own that recalls every word of Example 4's references (recall 1 over the "
        "set of reference words) but gets a lower BLEU (preset='paper', max_order=2) than \"I always do.\".",
        check_recall_trap,
        solution=lambda: "I perpetually invariably always do.",
        mistake=lambda: EXAMPLE_4_GOOD,
    ),
]
