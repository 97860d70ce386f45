"""How alike two lines are, by the rarer words they share: what the alignment and the language checks read.

A line's features are its words, lowercased; in Chinese, Japanese, Korean and Thai runs, which write no spaces
between words, its character pairs (single characters say too little: a Japanese line shares most of its
kana with any other). A reference stream is indexed once (:class:`Index`): each feature weighs the log of how
rare it is among the stream's lines, words in more than one line in fifty weigh nothing (they tell nothing of
which line, and cost most), and the lines holding each feature are listed, so that a hypothesis line is held
against only the lines that share something with it. The similarity of two lines is the weight they share,
twice over, divided by their weights (Dice's coefficient, weighted): 1 for the same rare words, 0 for none.

>>> index = Index.of(["The cat sat on the mat.", "A dog barked at the postman.", "Rain fell all night."])
>>> candidates = index.candidates(features("the cat sat on a mat"))
>>> [(j, round(s, 2)) for j, s in index.top(candidates)][:1]
[(0, 0.9)]
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Mapping, Sequence

_WORD = re.compile(r"\w+")
#: Scripts written without spaces between words (kana, CJK ideographs, Thai), and Hangul, whose words are long.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f\uf900-\ufaff]")
#: A feature in more than this share of the lines (and more than :data:`MIN_CAP`) weighs nothing.
COMMON_SHARE = 1 / 50
MIN_CAP = 5
#: How many best-matching lines :meth:`Index.top` keeps.
TOP = 3


def features(line: str) -> frozenset[str]:
    """The words of a line, lowercased; in unspaced scripts, its character pairs (and a lone character).

    >>> sorted(features("Der Hund, der Hund!"))
    ['der', 'hund']
    >>> sorted(features("東京の天気"))
    ['の天', '京の', '天気', '東京']
    """
    found: set[str] = set()
    for word in _WORD.findall(line.lower()):
        if _UNSPACED.search(word):
            if len(word) == 1:
                found.add(word)
            found.update(word[k:k + 2] for k in range(len(word) - 1))
        else:
            found.add(word)
    return frozenset(found)


@dataclass(frozen=True)
class Index:
    """A stream of lines indexed by their rarer features: their weights, and which lines hold each."""

    feats: tuple[frozenset[str], ...]
    idf: Mapping[str, float]
    postings: Mapping[str, tuple[int, ...]]
    weights: tuple[float, ...]

    @classmethod
    def of(cls, lines: Sequence[str]) -> "Index":
        feats = tuple(features(line) for line in lines)
        n = len(lines)
        df = Counter(f for fs in feats for f in fs)
        cap = max(MIN_CAP, int(n * COMMON_SHARE))
        idf = {f: math.log((n + 1) / (d + 0.5)) for f, d in df.items() if d <= cap}
        postings: dict[str, list[int]] = defaultdict(list)
        for j, fs in enumerate(feats):
            for f in fs:
                if f in idf:
                    postings[f].append(j)
        weights = tuple(sum(idf.get(f, 0.0) for f in fs) for fs in feats)
        return cls(feats=feats, idf=idf, postings={f: tuple(js) for f, js in postings.items()}, weights=weights)

    def __len__(self) -> int:
        return len(self.feats)

    def weight(self, feats: frozenset[str]) -> float:
        """A line's weight under this index (its features that the stream's lines hold rarely)."""
        return sum(self.idf.get(f, 0.0) for f in feats)

    def candidates(self, feats: frozenset[str]) -> dict[int, float]:
        """The similarity of a line (given by its features) to every line of the stream that shares a feature."""
        shared: dict[int, float] = defaultdict(float)
        for f in feats:
            weight = self.idf.get(f)
            if weight is None:
                continue
            for j in self.postings[f]:
                shared[j] += weight
        own = self.weight(feats)
        return {j: 2 * s / (own + self.weights[j]) for j, s in shared.items() if own + self.weights[j] > 0}

    @staticmethod
    def top(candidates: Mapping[int, float], k: int = TOP) -> list[tuple[int, float]]:
        """The ``k`` most similar lines, best first (ties: the earlier line)."""
        return sorted(candidates.items(), key=lambda item: (-item[1], item[0]))[:k]
