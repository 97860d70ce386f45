"""Notebook 11, corpus analysis: its exercises (S2's worst sentence; the segments S2 wins over S3).

>>> EXERCISES[0].check(worst_segment("S2")).correct, EXERCISES[1].check(wins("S3", "S2")).correct
(True, False)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..api import explain_corpus
from ..data.corpus import load_corpus
from .answers import as_whole_number
from .exercise import Exercise, Feedback


@cache
def _sentence_bleu(system: str) -> list[float]:
    """The system's sentence BLEU on the bundled corpus (sacreBLEU's defaults), segment by segment."""
    corpus = load_corpus()
    return explain_corpus(corpus.system(system), corpus.references).sentence_table()["sentence_bleu"].tolist()


def worst_segment(system: str) -> int:
    """The 0-based index of the system's lowest sentence BLEU (the first of a tie, as ``lowest(1)``)."""
    scores = _sentence_bleu(system)
    return scores.index(min(scores))


def wins(winner: str, loser: str) -> int:
    """In how many segments ``winner``'s sentence BLEU is strictly higher than ``loser``'s."""
    return sum(w > v for w, v in zip(_sentence_bleu(winner), _sentence_bleu(loser)))


def check_worst_s2(answer: Any) -> Feedback:
    index = as_whole_number(answer)
    right = worst_segment("S2")
    if index is None:
        return Feedback(False, "Give the segment's index as a whole number, counting from 0 as the tables do.")
    if index == right:
        return Feedback(True, "Right. Explain it with s2.segment(...) and read which orders find no match.")
    scores = _sentence_bleu("S2")
    hints = {right + 1: "Off by one: segments are numbered from 0, as in sentence_table() and lowest().",
             scores.index(max(scores)): "That is S2's BEST sentence; lowest(k) lists the lowest first.",
             worst_segment("S3"): "That is S3's worst sentence. Score S2: corpus.explain(\"S2\")."}
    return Feedback(False, hints.get(index, "Not that one. Ask corpus.explain(\"S2\") for its lowest(1), or sort "
                                            "its sentence_table() by sentence_bleu."))


def check_s2_beats_s3(answer: Any) -> Feedback:
    count = as_whole_number(answer)
    if count is None:
        return Feedback(False, "Give a count of segments: a whole number.")
    if count == wins("S2", "S3"):
        return Feedback(True, "Right: far behind on corpus BLEU, S2 still wins some sentences. Single sentences "
                              "are noisy; a corpus score averages that noise away.")
    if count == wins("S3", "S2"):
        return Feedback(False, "You counted the segments S3 wins; the question asks how many S2 wins.")
    if count == len(_sentence_bleu("S2")) - wins("S3", "S2"):
        return Feedback(False, "You also counted the ties. Count only the segments where S2 is strictly higher.")
    return Feedback(False, "Not that count. Put the two systems' sentence BLEU side by side, as section 3 does "
                           "for S3 and H1, and count the segments where S2's is higher.")


def worked_worst_s2() -> str:
    index = worst_segment("S2")
    return f"""Score S2 on the bundled corpus with sacreBLEU's defaults; `lowest(1)` gives the index of its lowest
sentence BLEU, counting from 0 as `sentence_table()` does; `segment(i)` explains it.

```python
import bleu_explain as bx
s2 = bx.load_corpus().explain("S2")
s2.lowest(1)[0]
```

Answer: **{index}** (sentence BLEU {100 * _sentence_bleu("S2")[index]:.2f})."""


def worked_s2_beats_s3() -> str:
    return f"""Put the two systems' sentence BLEU side by side and count the segments where S2's is strictly higher:
{wins("S2", "S3")}. (S3 wins {wins("S3", "S2")}; the rest are ties.)

```python
import bleu_explain as bx
corpus = bx.load_corpus()
s2 = corpus.explain("S2").sentence_table()["sentence_bleu"]
s3 = corpus.explain("S3").sentence_table()["sentence_bleu"]
int((s2 > s3).sum())
```

Answer: **{wins("S2", "S3")}**."""


EXERCISES = [
    Exercise("worst_s2_segment", "Which segment (its 0-based index) has S2's lowest sentence BLEU (sacreBLEU's "
             "defaults)?", check_worst_s2, solution=lambda: worst_segment("S2"),
             mistake=lambda: worst_segment("S2") + 1, worked=worked_worst_s2),
    Exercise("s2_beats_s3", "In how many of the 120 segments does S2 get a higher sentence BLEU than S3 (sacreBLEU's "
             "defaults)?", check_s2_beats_s3, solution=lambda: wins("S2", "S3"),
             mistake=lambda: wins("S3", "S2"), worked=worked_s2_beats_s3),
]
