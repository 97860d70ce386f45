"""Exercises of notebook 10 (corpus analysis).

The checkers score the bundled corpus with the engine (sacreBLEU's defaults)
and recognise the usual mistakes: counting segments from 1 instead of 0,
taking the best sentence instead of the worst, looking at the wrong system,
and counting the segments the other system wins.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["worst_s2_segment"].check(ex["worst_s2_segment"].solution() + 1).message.startswith("Off by one")
True
>>> ex["s2_beats_s3"].check(ex["s2_beats_s3"].mistake()).message.startswith("You counted the segments S3 wins")
True
"""

from __future__ import annotations

from functools import lru_cache
from numbers import Integral
from typing import Any

from ...data.corpus import load_corpus
from ..lessons.corpus_analysis import head_to_head, tally
from . import Exercise, Feedback


@lru_cache(maxsize=None)
def _result(system: str):
    return load_corpus().explain(system)


def _as_int(answer: Any) -> int:
    if isinstance(answer, bool) or not isinstance(answer, Integral):
        raise ValueError("give a whole number")
    return int(answer)


# --------------------------------------------------------------------------- exercise 1
def worst_segment(system: str) -> int:
    """The 0-based index of the system's sentence with the lowest sentence BLEU (the engine's ``lowest(1)``)."""
    return _result(system).lowest(1)[0]


def best_segment(system: str) -> int:
    table = _result(system).sentence_table()
    return int(table["sentence_bleu"].astype(float).idxmax())


def check_worst_s2(answer: Any) -> Feedback:
    """The segment index (0-based) of S2's lowest sentence BLEU."""
    try:
        index = _as_int(answer)
    except ValueError:
        return Feedback(False, "Give the segment's index as a whole number, as it appears in the sentence table "
                               "(counting from 0).")
    right = worst_segment("S2")
    if index == right:
        return Feedback(True, "Right. Now explain it with s2.segment(...) and read which n-gram orders find no "
                              "match in any reference.")
    if index == right + 1:
        return Feedback(False, "Off by one: the segments are numbered from 0, as in sentence_table() and "
                               "lowest(); you seem to have counted from 1.")
    if index == best_segment("S2"):
        return Feedback(False, "That is S2's BEST sentence. lowest(k) lists the k sentences with the lowest "
                               "sentence BLEU, worst first.")
    for other in ("S3", "S1"):
        if index == worst_segment(other):
            return Feedback(False, f"That is {other}'s worst sentence. Score S2: corpus.explain(\"S2\").")
    if not 0 <= index < len(load_corpus()):
        return Feedback(False, f"There is no segment {index}: they are numbered 0 to {len(load_corpus()) - 1}.")
    return Feedback(False, "Not that one. Score S2 with corpus.explain(\"S2\") and ask for its lowest(1), or sort "
                           "its sentence_table() by sentence_bleu.")


# --------------------------------------------------------------------------- exercise 2
def s2_s3_tally():
    """How many segments S2 and S3 each win on sentence BLEU (sacreBLEU's defaults), and the ties."""
    return tally(head_to_head(_result("S2"), _result("S3"), names=("S2", "S3")))


def check_s2_beats_s3(answer: Any) -> Feedback:
    """The number of segments in which S2's sentence BLEU is higher than S3's."""
    try:
        count = _as_int(answer)
    except ValueError:
        return Feedback(False, "Give a count of segments: a whole number.")
    t = s2_s3_tally()
    if count == t["S2"]:
        return Feedback(True, "Right. S3 is far ahead on corpus BLEU, yet the weaker system wins some sentences: "
                              "a corpus score is an average, and single sentences are noisy.")
    if count == t["S3"]:
        return Feedback(False, "You counted the segments S3 wins. The question is the other way round: in how "
                               "many segments is S2's sentence BLEU higher than S3's?")
    if count == t["S2"] + t["tie"] and t["tie"]:
        return Feedback(False, "You also counted the ties. Count only the segments where S2 is strictly higher.")
    if not 0 <= count <= len(load_corpus()):
        return Feedback(False, f"The corpus has {len(load_corpus())} segments; the count must be between 0 and that.")
    return Feedback(False, "Not that count. Put the two systems' sentence BLEU side by side "
                           "(lca.head_to_head(s2, s3, names=(\"S2\", \"S3\"))) and count the segments S2 wins.")


EXERCISES = [
    Exercise(
        "worst_s2_segment",
        "Which segment (its 0-based index) has S2's lowest sentence BLEU (sacreBLEU's defaults)?",
        check_worst_s2,
        solution=lambda: worst_segment("S2"),
        mistake=lambda: worst_segment("S2") + 1,
    ),
    Exercise(
        "s2_beats_s3",
        "In how many of the 120 segments does S2 get a higher sentence BLEU than S3 (sacreBLEU's defaults)?",
        check_s2_beats_s3,
        solution=lambda: int(s2_s3_tally()["S2"]),
        mistake=lambda: int(s2_s3_tally()["S3"]),
    ),
]
