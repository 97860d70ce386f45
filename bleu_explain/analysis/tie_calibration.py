"""Which of two translations of a sentence is better? Pairwise accuracy that counts ties as ties.

At the segment level a metric is asked, for two translations of the same source sentence, which one people
prefer. People often tie (two translations with the same MQM score, both perfect, say), and so does a metric
(two identical outputs get the same sentence BLEU). How the ties are counted changes the verdict:

* WMT's **tau-like** (Ma et al. 2018) leaves out the pairs people tie and counts a metric's tie as *discordant*,
  so a metric is punished for tying two identical translations that people scored differently;
* **pairwise accuracy with tie calibration** (Deutsch, Foster and Freitag 2023, "Ties Matter"; WMT23's segment-level
  measure): over *all* pairs, the share the metric gets right, a tie counting as right when people tie too,
  acc_eq = (concordant + tied by both) / pairs. A metric's tie is any difference of at most a threshold ε, and ε is
  chosen for the metric as the one that maximizes acc_eq (:func:`tie_calibration`). Pairs are taken within a segment
  and the accuracy averaged over segments ("grouped by item"), as WMT23 computed it.

:func:`item_pairs` lists every pair of translations of the same segment with both scores (and, given the texts,
whether the two are identical); :func:`pair_counts` counts them at a threshold; :func:`tie_calibration` chooses ε
and gives acc*_eq a bootstrap interval over segments, ε chosen again on every draw (ε is tuned on the very data it
is scored on, which flatters acc*_eq a little; the bootstrap pays for the tuning).

>>> metric = {"a": [1.0, 5.0, 2.0], "b": [1.0, 3.0, 2.5], "c": [0.0, 4.0, 9.0]}
>>> human = {"a": [0.0, -1.0, -2.0], "b": [-1.0, -1.0, -1.0], "c": [-5.0, 0.0, 0.0]}
>>> pairs = item_pairs(metric, human)
>>> counts = pair_counts(pairs)
>>> counts.pairs, counts.concordant, counts.discordant, counts.metric_ties, counts.human_ties
(9, 6, 1, 1, 1)
>>> counts.tau_like, round(counts.accuracy_with_ties, 3)  # the tie of segment 0 counts against tau-like
(0.5, 0.667)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

SegmentScores = Mapping[str, Sequence[Optional[float]]]
#: Thresholds tried on each bootstrap draw: this many quantiles of |metric difference|, 0 and the chosen ε.
GRID = 200


@dataclass(frozen=True)
class ItemPairs:
    """Every pair of translations of the same segment that both have a metric and a human score.

    ``segment``: the segment of each pair (0-based, of the test set); ``metric_difference`` and
    ``human_difference``: second minus first; ``identical``: the two translations have the same text (None when
    no texts were given).
    """

    segment: np.ndarray
    metric_difference: np.ndarray
    human_difference: np.ndarray
    identical: Optional[np.ndarray] = None

    def __len__(self) -> int:
        return int(len(self.segment))


@dataclass(frozen=True)
class PairCounts:
    """The pairs at one threshold ε: a metric tie is a difference of at most ε, a human tie an exact one."""

    epsilon: float
    pairs: int
    concordant: int
    discordant: int
    metric_ties: int  # the metric ties, people do not
    human_ties: int  # people tie, the metric does not
    both_tied: int
    identical_outputs: Optional[int] = None  # of the metric's ties with people untied: identical texts

    @property
    def accuracy_with_ties(self) -> float:
        """acc_eq (Deutsch et al. 2023): (concordant + tied by both) / all pairs, pooled over segments."""
        return (self.concordant + self.both_tied) / self.pairs

    @property
    def accuracy_without_ties(self) -> float:
        """The share ordered as people order them, among pairs neither side ties (a coin toss gives 0.5)."""
        return self.concordant / (self.concordant + self.discordant)

    @property
    def tau_like(self) -> float:
        """WMT's tau-like: people's ties left out, the metric's ties discordant."""
        against = self.discordant + self.metric_ties
        return (self.concordant - against) / (self.concordant + against)


@dataclass(frozen=True)
class Estimate:
    """A share with the middle 95% of its bootstrap over segments."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class TieCalibration:
    """acc*_eq: pairwise accuracy with ties at the threshold ``epsilon`` that maximizes it, averaged over segments,
    with a bootstrap interval over segments (``accuracy``); ``at_zero``: the accuracy with only exact ties;
    ``all_tied``: the accuracy of a metric that ties every pair (the share of pairs people tie, averaged over
    segments); ``untied``: the share ordered as people order them among the pairs neither side ties (a coin toss
    gives 0.5); ``counts``: the pairs at ``epsilon``. Each estimate with its bootstrap interval over segments."""

    epsilon: float
    accuracy: Estimate
    at_zero: Estimate
    all_tied: Estimate
    untied: Estimate
    counts: PairCounts


def item_pairs(metric: SegmentScores, human: SegmentScores, *, systems: Optional[Sequence[str]] = None,
               texts: Optional[Mapping[str, Sequence[str]]] = None) -> ItemPairs:
    """Every pair of ``systems`` (default: those with both scores) on every segment where both have both scores."""
    import numpy as np

    names = list(systems) if systems is not None else [s for s in metric if s in human]
    missing = [s for s in names if s not in metric or s not in human or (texts is not None and s not in texts)]
    if missing or len(names) < 2:
        raise BleuInputError(f"need at least 2 systems with every score; missing {missing} of {names}")
    x = np.array([[np.nan if v is None else float(v) for v in metric[s]] for s in names])
    y = np.array([[np.nan if v is None else float(v) for v in human[s]] for s in names])
    if x.shape != y.shape:
        raise BleuInputError(f"the metric scores {x.shape[1]} segments, the human scores {y.shape[1]}")
    first, second = np.triu_indices(len(names), k=1)
    dx, dy = x[second] - x[first], y[second] - y[first]  # pairs x segments
    there = ~np.isnan(dx) & ~np.isnan(dy)
    pair, segment = np.nonzero(there)
    identical = None
    if texts is not None:
        same = np.array([[texts[names[i]][s] == texts[names[j]][s] for s in range(x.shape[1])]
                         for i, j in zip(first, second)])
        identical = same[pair, segment]
    order = np.argsort(segment, kind="stable")
    return ItemPairs(segment=segment[order], metric_difference=dx[pair, segment][order],
                     human_difference=dy[pair, segment][order],
                     identical=None if identical is None else identical[order])


def pair_counts(pairs: ItemPairs, epsilon: float = 0.0) -> PairCounts:
    """The pairs counted at ``epsilon`` (a metric difference of at most ``epsilon`` is a tie)."""
    import numpy as np

    if not epsilon >= 0:
        raise BleuInputError(f"epsilon must be >= 0, got {epsilon!r}")
    metric_tie = np.abs(pairs.metric_difference) <= epsilon
    human_tie = pairs.human_difference == 0
    same_sign = np.sign(pairs.metric_difference) == np.sign(pairs.human_difference)
    identical = None
    if pairs.identical is not None:
        identical = int((pairs.identical & metric_tie & ~human_tie).sum())
    return PairCounts(epsilon=float(epsilon), pairs=len(pairs),
                      concordant=int((~metric_tie & ~human_tie & same_sign).sum()),
                      discordant=int((~metric_tie & ~human_tie & ~same_sign).sum()),
                      metric_ties=int((metric_tie & ~human_tie).sum()), human_ties=int((~metric_tie & human_tie).sum()),
                      both_tied=int((metric_tie & human_tie).sum()), identical_outputs=identical)


def _per_segment(pairs: ItemPairs, thresholds: np.ndarray) -> np.ndarray:
    """acc_eq of each segment (rows) at each threshold (columns)."""
    import numpy as np

    segments, index = np.unique(pairs.segment, return_inverse=True)
    size = np.bincount(index).astype(float)
    gap = np.abs(pairs.metric_difference)
    human_tie = pairs.human_difference == 0
    agree = ~human_tie & (np.sign(pairs.metric_difference) == np.sign(pairs.human_difference))
    out = np.empty((len(segments), len(thresholds)))
    for k, epsilon in enumerate(thresholds):
        right = np.where(gap <= epsilon, human_tie, agree & (gap > epsilon))
        out[:, k] = np.bincount(index, weights=right.astype(float), minlength=len(segments)) / size
    return out


def best_threshold(pairs: ItemPairs) -> tuple[float, float]:
    """ε that maximizes acc_eq averaged over segments, searched over every |metric difference| (the smallest of
    equal maxima), and that accuracy. Each pair, once its |difference| is at most ε, turns from "right if ordered
    as people order it" to "right if people tie": one cumulative sum over the pairs sorted by |difference|."""
    import numpy as np

    if len(pairs) == 0:
        raise BleuInputError("no pair has both scores")
    _, index = np.unique(pairs.segment, return_inverse=True)
    weight = 1.0 / (np.bincount(index)[index] * (index.max() + 1))  # each segment's pairs share its weight
    gap = np.abs(pairs.metric_difference)
    human_tie = pairs.human_difference == 0
    agree = ~human_tie & (np.sign(pairs.metric_difference) == np.sign(pairs.human_difference))
    order = np.argsort(gap, kind="stable")
    gains = np.cumsum((weight * (human_tie.astype(float) - agree))[order])
    base = float((weight * agree).sum())
    last_of_each = np.r_[gap[order][1:] != gap[order][:-1], True]  # the last pair of each distinct gap
    candidates = np.r_[0.0, gap[order][last_of_each]]
    values = np.r_[base, base + gains[last_of_each]]
    best = int(np.flatnonzero(values >= values.max() - 1e-12)[0])  # equal maxima (up to rounding): the smallest ε
    return float(candidates[best]), float(_per_segment(pairs, candidates[best:best + 1])[:, 0].mean())


def tie_calibration(pairs: ItemPairs, *, n_draws: int = 1000, seed: Optional[int] = 12345) -> TieCalibration:
    """acc*_eq with its threshold, and the accuracies beside it, each with a bootstrap interval over segments
    (sacreBLEU's draws of the segments that have pairs). On each draw ε is chosen again, among :data:`GRID` quantiles
    of |difference|, 0 and the chosen ε."""
    import numpy as np

    from .agreement import percentile_interval, segment_weights

    epsilon, accuracy = best_threshold(pairs)
    gap = np.abs(pairs.metric_difference)
    grid = np.unique(np.r_[0.0, epsilon, np.quantile(gap, np.linspace(0, 1, GRID))])
    per_segment = _per_segment(pairs, np.r_[grid, np.inf])  # the last column: every pair a metric tie
    weights = segment_weights(per_segment.shape[0], n_draws, seed).astype(float)
    resampled = (weights @ per_segment) / weights.sum(axis=1, keepdims=True)
    _, index = np.unique(pairs.segment, return_inverse=True)
    counted = pair_counts(pairs)
    untied = (pairs.human_difference != 0) & (pairs.metric_difference != 0)
    same = untied & (np.sign(pairs.metric_difference) == np.sign(pairs.human_difference))
    concordant = np.bincount(index, weights=same.astype(float))
    both_untied = np.bincount(index, weights=untied.astype(float))
    with np.errstate(invalid="ignore", divide="ignore"):
        untied_draws = (weights @ concordant) / (weights @ both_untied)

    def estimate(value: float, draws: np.ndarray) -> Estimate:
        return Estimate(float(value), *percentile_interval(draws))

    zero = int(np.flatnonzero(grid == 0.0)[0])
    return TieCalibration(epsilon=epsilon, accuracy=estimate(accuracy, resampled[:, :-1].max(axis=1)),
                          at_zero=estimate(per_segment[:, zero].mean(), resampled[:, zero]),
                          all_tied=estimate(per_segment[:, -1].mean(), resampled[:, -1]),
                          untied=estimate(counted.accuracy_without_ties, untied_draws),
                          counts=pair_counts(pairs, epsilon))
