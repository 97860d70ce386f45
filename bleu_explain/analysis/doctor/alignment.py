"""``misaligned-references``: a reference stream shifted or shuffled against the hypothesis.

Each hypothesis line is held against every line of a reference stream by the
words they share (weighted by how rare each word is, found through an index so
that the cost stays near linear). When many lines match another line best,
clearly better than their own, the stream is misaligned: shifted when most of
them point the same number of lines away, shuffled otherwise. The fix scored
pairs each hypothesis line with the reference line it matches (for a shift,
the shifted line; the lines the shift leaves without a partner are dropped).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Optional, Sequence

from .corpus import Corpus, Detection, first
from .findings import Evidence

#: A line is misplaced when another line matches it by this much more than its own (similarity 0..1) ...
MARGIN = 0.15
#: ... and at least this well.
FLOOR = 0.25
#: A stream is misaligned when this share of its comparable lines (and at least MIN_LINES) are misplaced.
SHARE = 0.2
MIN_LINES = 3
#: A shift is named when this share of the misplaced lines point the same way.
SHIFT_SHARE = 0.6

_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f\uf900-\ufaff]")


def features(line: str) -> frozenset[str]:
    """The words of a line, lowercased; in CJK and Thai, which have no spaces, its characters."""
    words: set[str] = set()
    for word in _WORD.findall(line.lower()):
        if _CJK.search(word):
            words.update(word)
        else:
            words.add(word)
    return frozenset(words)


@dataclass(frozen=True)
class StreamAlignment:
    """For each hypothesis line, the reference line it matches best, and the lines that are misplaced."""

    best: tuple[int, ...]
    misplaced: tuple[int, ...]
    comparable: int

    @property
    def misaligned(self) -> bool:
        return len(self.misplaced) >= max(MIN_LINES, SHARE * self.comparable)

    def shift(self) -> Optional[int]:
        """The offset most misplaced lines share (reference line = hypothesis line + offset), if one dominates."""
        offsets = Counter(self.best[i] - i for i in self.misplaced)
        offset, count = offsets.most_common(1)[0]
        return offset if count >= SHIFT_SHARE * len(self.misplaced) else None


def align(hypotheses: Sequence[str], stream: Sequence[str]) -> StreamAlignment:
    """Which reference line each hypothesis line matches best (rare shared words weigh more)."""
    hyp_feats = [features(h) for h in hypotheses]
    ref_feats = [features(r) for r in stream]
    n = len(stream)
    df = Counter(f for feats in ref_feats for f in feats)
    cap = max(5, n // 50)  # words in more lines than this say little about which line (and cost most)
    idf = {f: math.log((n + 1) / (d + 0.5)) for f, d in df.items() if d <= cap}
    index: dict[str, list[int]] = defaultdict(list)
    for j, feats in enumerate(ref_feats):
        for f in feats:
            if f in idf:
                index[f].append(j)
    ref_weight = [sum(idf.get(f, 0.0) for f in feats) for feats in ref_feats]
    best, misplaced, comparable = [], [], 0
    for i, feats in enumerate(hyp_feats):
        weight = sum(idf.get(f, 0.0) for f in feats)
        shared: dict[int, float] = defaultdict(float)
        for f in feats:
            for j in index.get(f, ()):
                shared[j] += idf[f]

        def similarity(j: int) -> float:
            total = weight + ref_weight[j]
            return 2 * shared.get(j, 0.0) / total if total else 0.0

        top = max(shared, key=similarity, default=i)
        best.append(top)
        own = similarity(i) if i < n else 0.0
        if max(own, similarity(top)) >= FLOOR:
            comparable += 1
            if top != i and similarity(top) >= own + MARGIN:
                misplaced.append(i)
    return StreamAlignment(best=tuple(best), misplaced=tuple(misplaced), comparable=comparable)


def check(corpus: Corpus) -> Optional[Detection]:
    found = {k: a for k in range(corpus.n_streams)
             if (a := align(corpus.hypotheses, corpus.stream(k))).misaligned}
    if not found:
        return None
    words: list[str] = []
    examples: list[str] = []
    shown: tuple[int, ...] = ()
    pairing = {k: list(range(len(corpus.hypotheses))) for k in range(corpus.n_streams)}
    for k, a in found.items():
        name = corpus.reference_name(k)
        offset = a.shift()
        if offset is not None:
            words.append(f"{name} is shifted by {offset:+d} line(s): {len(a.misplaced)} of {a.comparable} "
                         f"comparable lines match reference line i{offset:+d} best")
            pairing[k] = [i + offset for i in range(len(corpus.hypotheses))]
        else:
            words.append(f"{name} looks shuffled: {len(a.misplaced)} of {a.comparable} comparable lines match "
                         "another reference line best")
            pairing[k] = list(a.best)
        shown = shown or first(a.misplaced)
        examples += [f"hypothesis line {i + 1} matches line {a.best[i] + 1} of {name} best"
                     for i in a.misplaced[:2]]
    n_lines = [len(corpus.stream(k)) for k in range(corpus.n_streams)]
    kept = [i for i in range(len(corpus.hypotheses))
            if all(0 <= pairing[k][i] < n_lines[k] for k in pairing)]
    repaired = corpus.with_texts(
        tuple(corpus.hypotheses[i] for i in kept),
        tuple(tuple(corpus.references[pairing[k][i]][k] for k in range(corpus.n_streams)) for i in kept),
    ) if kept else None
    return Detection(
        code="misaligned-references", severity="error",
        title="; ".join(words),
        evidence=Evidence(summary="; ".join(words), count=sum(len(a.misplaced) for a in found.values()),
                          lines=shown, examples=tuple(examples[:3])),
        fix="check that line i of every reference file translates line i of the source the hypothesis translates "
            "(a missing or extra line shifts everything after it)",
        repaired=repaired,
        note="the score without re-pairs each hypothesis line with the reference line it matches"
             + (f"; {len(corpus.hypotheses) - len(kept)} line(s) left without a partner are dropped"
                if len(kept) < len(corpus.hypotheses) else ""),
    )
