"""Notebook 12, corpus analysis: its exercises (S2's worst sentence; the segments S2 wins over S3).

>>> EXERCISES[0].check(worst_segment("S2")).correct, EXERCISES[1].check(wins("S3", "S2")).correct
(True, False)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..data.corpus import load_corpus
from .answers import as_whole_number
from .exercise import Exercise, Feedback

_CODE = """```python
import bleu_explain as bx
corpus = bx.load_corpus()
{}
```"""


@cache
def _sentence_bleu(system: str) -> list[float]:
    """The system's sentence BLEU on the bundled corpus (sacreBLEU's defaults), segment by segment."""
    return load_corpus().explain(system).sentence_table()["sentence_bleu"].tolist()


def worst_segment(system: str) -> int:
    """The 0-based index of the system's lowest sentence BLEU (the first of a tie, as ``lowest(1)``)."""
    scores = _sentence_bleu(system)
    return scores.index(min(scores))


def wins(winner: str, loser: str) -> int:
    """In how many segments ``winner``'s sentence BLEU is strictly higher than ``loser``'s."""
    return sum(w > v for w, v in zip(_sentence_bleu(winner), _sentence_bleu(loser)))


def check_worst_s2(answer: Any) -> Feedback:
    index, right, scores = as_whole_number(answer), worst_segment("S2"), _sentence_bleu("S2")
    if index is None:
        return Feedback(False, "Give the segment's index as a whole number, counting from 0 as the tables do.")
    hints = {right + 1: "Off by one: segments are numbered from 0, as in sentence_table() and lowest().",
             scores.index(max(scores)): "That is S2's BEST sentence; lowest(k) lists the lowest first.",
             worst_segment("S3"): "That is S3's worst sentence. Score S2: corpus.explain(\"S2\").",
             right: "Right. Explain it with s2.segment(...) and read which orders find no match."}
    return Feedback(index == right, hints.get(index, "Not that one. Ask corpus.explain(\"S2\") for its lowest(1)."))


def check_s2_beats_s3(answer: Any) -> Feedback:
    count, s2, s3 = as_whole_number(answer), wins("S2", "S3"), wins("S3", "S2")
    if count is None:
        return Feedback(False, "Give a count of segments: a whole number.")
    hints = {s3: "You counted the segments S3 wins; the question asks how many S2 wins.",
             len(_sentence_bleu("S2")) - s3: "You also counted the ties. Count only where S2 is strictly higher.",
             s2: "Right: far behind on corpus BLEU, S2 still wins some sentences; single sentences are noisy."}
    return Feedback(count == s2, hints.get(count, "Not that count. Put the two systems' sentence BLEU side by side, "
                                                  "as section 3 does for S3 and H1, and count where S2's is higher."))


def worked_worst_s2() -> str:
    index, code = worst_segment("S2"), _CODE.format('corpus.explain("S2").lowest(1)[0]')
    return (f"`lowest(1)` gives the index of S2's lowest sentence BLEU, counting from 0 as `sentence_table()` does; "
            f"`segment(i)` explains it.\n\n{code}\n\n"
            f"Answer: **{index}** (sentence BLEU {100 * _sentence_bleu('S2')[index]:.2f}).")


def worked_s2_beats_s3() -> str:
    code = ('s2 = corpus.explain("S2").sentence_table()["sentence_bleu"]\n'
            's3 = corpus.explain("S3").sentence_table()["sentence_bleu"]\nint((s2 > s3).sum())')
    return (f"Set the two systems' sentence BLEU side by side and count where S2's is strictly higher (S3 wins "
            f"{wins('S3', 'S2')}; the rest are ties).\n\n{_CODE.format(code)}\n\nAnswer: **{wins('S2', 'S3')}**.")


EXERCISES = [
    Exercise("worst_s2_segment", "Which segment (its 0-based index) has S2's lowest sentence BLEU (sacreBLEU's "
             "defaults)?", check_worst_s2, solution=lambda: worst_segment("S2"),
             mistake=lambda: worst_segment("S2") + 1, worked=worked_worst_s2),
    Exercise("s2_beats_s3", "In how many of the 120 segments does S2 get a higher sentence BLEU than S3 (sacreBLEU's "
             "defaults)?", check_s2_beats_s3, solution=lambda: wins("S2", "S3"),
             mistake=lambda: wins("S3", "S2"), worked=worked_s2_beats_s3),
]
