"""Which line of a reference stream each hypothesis line translates: a monotone alignment, then the lines out of order.

Files that belong together pair line i with line i. A lost line, an extra one, a line repeated or a block moved
breaks that from one place on, not before; so the pairing is found line by line, not as one shift of the file:

1. **Anchors.** Each hypothesis line's three most similar reference lines
   (:mod:`.similarity`), those at least :data:`FLOOR` alike, are chained into the heaviest sequence that goes
   forward in both files (a weighted longest increasing subsequence, found with a Fenwick tree).
2. **The alignment.** Dynamic programming in a band around the chain pairs the lines in order: a pair gains its
   similarity, a line left without a partner costs :data:`SKIP`. Two similar neighbours do not move the pairing;
   a gap does, from the gap on, because every line after it pairs better one place over.
3. **Out of order.** A line paired weakly whose best partner is elsewhere, itself paired weakly, is re-paired
   with it; re-pairings that come in runs are a moved block, a scattering of them over the file a shuffle.
   A lone re-pairing is not believed (two neighbouring sentences sharing a name do that), and is undone.

The cost stays near linear: each line is held against the lines that share a rare word with it, and the band
is a few lines wide except where the chain jumps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .similarity import Index, features

#: Two lines are strongly alike (an anchor, a believable re-pairing) at this similarity ...
FLOOR = 0.25
#: ... and a line is better paired elsewhere when that line is this much more alike than its own partner.
MARGIN = 0.15
#: The cost of a line left without a partner, in units of similarity: moving the pairing by one place costs two
#: (a line on each side), so it takes several lines that pair better one place over.
SKIP = 0.5
#: Lines either side of the chain the band lets the alignment consider.
BAND = 3
#: A re-pairing is believed in a run of this many consecutive lines, or when this share of the lines is
#: re-paired (a shuffled file).
RUN = 2
SHUFFLED_SHARE = 0.2


@dataclass(frozen=True)
class Pairing:
    """Hypothesis line i -> the reference line ``pairs[i]`` (None: no partner); 0-based."""

    pairs: tuple[Optional[int], ...]
    n_ref: int
    similarity: tuple[float, ...]
    reordered: tuple[int, ...] = ()
    #: the share of hypothesis lines (with rare words) that have a strongly alike reference line anywhere
    related: float = 1.0

    @property
    def identity(self) -> bool:
        return len(self.pairs) == self.n_ref and all(j == i for i, j in enumerate(self.pairs))

    def unpaired_hypotheses(self) -> list[int]:
        return [i for i, j in enumerate(self.pairs) if j is None]

    def unpaired_references(self) -> list[int]:
        taken = {j for j in self.pairs if j is not None}
        return [j for j in range(self.n_ref) if j not in taken]


def pair(hypotheses: Sequence[str], stream: Sequence[str]) -> Pairing:
    """The pairing of a hypothesis with one reference stream (their lengths may differ)."""
    index = Index.of(stream)
    near = [index.candidates(features(h)) for h in hypotheses]
    n, m = len(hypotheses), len(stream)
    weighed = [i for i, h in enumerate(hypotheses) if index.weight(features(h)) > 0]
    related = sum(1 for i in weighed if max(near[i].values(), default=0.0) >= FLOOR) / len(weighed) \
        if weighed else 0.0
    anchors = chain([[(j, s) for j, s in Index.top(c) if s >= FLOOR] for c in near])
    pairs = aligned(near, n, m, band(anchors, n, m))
    pairs, reordered = out_of_order(pairs, near, m)
    sims = tuple(near[i].get(j, 0.0) if j is not None else 0.0 for i, j in enumerate(pairs))
    return Pairing(pairs=tuple(pairs), n_ref=m, similarity=sims, reordered=tuple(reordered), related=related)


def chain(candidates: Sequence[Sequence[tuple[int, float]]]) -> list[tuple[int, int]]:
    """The heaviest chain of (hypothesis line, reference line) pairs going forward in both files.

    >>> chain([[(0, 0.9)], [(5, 0.3), (1, 0.8)], [(2, 0.9)], [(1, 0.4)]])
    [(0, 0), (1, 1), (2, 2)]
    """
    size = 1 + max((j for c in candidates for j, _ in c), default=0)
    tree: list[tuple[float, int]] = [(0.0, -1)] * (size + 1)  # Fenwick tree of (best total, pair) by line + 1
    pairs: list[tuple[int, int]] = []
    back: list[int] = []
    totals: list[float] = []
    for i, options in enumerate(candidates):
        for j, s in sorted(options, key=lambda o: -o[0]):  # later lines first: no chain within one line
            best, k = (0.0, -1), j  # the best chain ending before reference line j
            while k > 0:
                best = max(best, tree[k])
                k -= k & -k
            pairs.append((i, j))
            back.append(best[1])
            totals.append(best[0] + s)
            k = j + 1
            while k <= size:
                tree[k] = max(tree[k], (totals[-1], len(pairs) - 1))
                k += k & -k
    if not pairs:
        return []
    at = max(range(len(pairs)), key=lambda p: totals[p])
    out = []
    while at >= 0:
        out.append(pairs[at])
        at = back[at]
    return out[::-1]


def band(anchors: Sequence[tuple[int, int]], n: int, m: int) -> list[tuple[int, int]]:
    """For each number of hypothesis lines consumed (0..n), the reference lines consumed the alignment considers:
    the diagonals through the anchors before and after, widened by :data:`BAND`."""
    points = [(0, 0)] + list(anchors) + [(n, m)]
    out = []
    k = 0
    for i in range(n + 1):
        while k + 1 < len(points) - 1 and points[k + 1][0] <= i:
            k += 1
        (pi, pj), (ni, nj) = points[k], points[k + 1]
        low, high = sorted((pj + (i - pi), nj - (ni - i)))
        out.append((max(0, low - BAND), min(m, high + BAND)))
    out[0] = (0, out[0][1])
    out[n] = (out[n][0], m)
    return out


def aligned(near: Sequence[dict[int, float]], n: int, m: int, bands: Sequence[tuple[int, int]]) -> list[Optional[int]]:
    """The best monotone pairing within the band: a pair gains its similarity, a line left alone costs SKIP."""
    minus = float("-inf")
    rows: list[list[float]] = []
    moves: list[list[int]] = []  # 0: pair, 1: skip a hypothesis line, 2: skip a reference line
    for i in range(n + 1):
        lo, hi = bands[i]
        row = [minus] * (hi - lo + 1)
        move = [0] * (hi - lo + 1)
        prev_lo, prev_hi = bands[i - 1] if i else (0, -1)
        prev = rows[i - 1] if i else []
        for j in range(lo, hi + 1):
            best, how = (0.0, 0) if i == 0 and j == 0 else (minus, 0)
            if i and prev_lo <= j - 1 <= prev_hi and prev[j - 1 - prev_lo] > minus:
                best, how = prev[j - 1 - prev_lo] + near[i - 1].get(j - 1, 0.0), 0
            if i and prev_lo <= j <= prev_hi and prev[j - prev_lo] - SKIP > best:
                best, how = prev[j - prev_lo] - SKIP, 1
            if j > lo and row[j - 1 - lo] - SKIP > best:
                best, how = row[j - 1 - lo] - SKIP, 2
            row[j - lo], move[j - lo] = best, how
        rows.append(row)
        moves.append(move)
    pairs: list[Optional[int]] = [None] * n
    i, j = n, m
    while i > 0 or j > 0:
        how = moves[i][j - bands[i][0]]
        if i and how == 0:
            pairs[i - 1] = j - 1
            i, j = i - 1, j - 1
        elif i and how == 1:
            i -= 1
        else:
            j -= 1
    return pairs


def out_of_order(pairs: list[Optional[int]], near: Sequence[dict[int, float]], m: int
                 ) -> tuple[list[Optional[int]], list[int]]:
    """Weakly paired lines re-paired with their strongly alike partner elsewhere; (pairs, the re-paired lines).

    Only re-pairings that are believed (:func:`_believed`) are kept; a line they leave alone between two lines
    of a moved block joins it."""
    proposed, moved = _proposed(pairs, near)
    believed = _believed(proposed, moved)
    if not believed:
        return list(pairs), []
    result = list(pairs)
    owner = {j: i for i, j in enumerate(result) if j is not None}
    for i in sorted(believed):
        target = proposed[i]
        assert target is not None
        if target in owner and owner[target] != i:
            result[owner[target]] = None
        current = result[i]
        if current is not None and owner.get(current) == i:
            del owner[current]
        result[i], owner[target] = target, i
    filled = _fill_holes(result, owner, m)
    return result, sorted(believed | filled)


def _proposed(pairs: Sequence[Optional[int]], near: Sequence[dict[int, float]]) -> tuple[list[Optional[int]], set[int]]:
    """Every re-pairing the similarities ask for (before any is believed), and the lines re-paired."""
    proposed = list(pairs)
    owner: dict[int, int] = {j: i for i, j in enumerate(proposed) if j is not None}

    def strength(i: Optional[int], j: Optional[int]) -> float:
        return 0.0 if i is None or j is None else near[i].get(j, 0.0)

    moved: set[int] = set()
    for _ in range(3):  # a re-pairing frees lines that may in turn be re-paired
        wanted = []
        for i, j in enumerate(proposed):
            best = Index.top(near[i], 1)
            if best and best[0][0] != j and best[0][1] >= FLOOR and best[0][1] >= strength(i, j) + MARGIN \
                    and best[0][1] >= strength(owner.get(best[0][0]), best[0][0]) + MARGIN:
                wanted.append((best[0][1], i, best[0][0]))
        if not wanted:
            break
        for s, i, target in sorted(wanted, reverse=True):
            if proposed[i] == target or s < strength(owner.get(target), target) + MARGIN:
                continue
            if target in owner:
                proposed[owner[target]] = None
            current = proposed[i]
            if current is not None and owner.get(current) == i:
                del owner[current]
            proposed[i], owner[target] = target, i
            moved.add(i)
    return proposed, moved


def _fill_holes(pairs: list[Optional[int]], owner: dict[int, int], m: int) -> set[int]:
    """A line left alone beside a paired line joins it, when the partner next to that line's is free; the lines
    so paired."""
    filled: set[int] = set()
    for step in (1, -1):
        order = range(1, len(pairs)) if step == 1 else range(len(pairs) - 2, -1, -1)
        for i in order:
            before = pairs[i - step]
            if pairs[i] is None and before is not None and 0 <= before + step < m and before + step not in owner:
                pairs[i] = before + step
                owner[before + step] = i
                filled.add(i)
    return filled


def _believed(pairs: Sequence[Optional[int]], moved: set[int]) -> set[int]:
    """The re-pairings that run in blocks of :data:`RUN` or more (at least three lines in all), or all of them
    when they are many (a shuffled file): the others are put back where the alignment had them."""
    if len(moved) >= max(3, SHUFFLED_SHARE * len(pairs)):
        return set(moved)
    believed = set()
    for i in moved:
        j = pairs[i]
        if j is not None and any(i + d in moved and pairs[i + d] == j + d for d in (-1, 1)):
            believed.add(i)
    return believed if len(believed) >= 3 else set()
