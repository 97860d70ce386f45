"""Soft pairwise accuracy (Thompson et al. 2024): pairwise accuracy that weighs how sure each side is.

Pairwise accuracy counts, over every pair of systems, whether the metric picks the system people prefer: a pair
people can hardly tell apart counts as much as a clear one, and a metric can only score 0 or 1 on it. Soft pairwise
accuracy (SPA), the WMT24 metrics task's system-level measure, compares instead how *sure* each side is. For each
pair (a, b) both people and the metric get a one-sided p-value for "b is better than a", from a paired permutation
test on the segments; SPA = 1 - mean over pairs of |p_people - p_metric|. It is 1 when the metric is as sure as the
people on every pair, either way.

* :func:`mean_p_values` -- people's p-values: the systems' scores are means of segment scores; a trial flips the
  sign of each segment's difference by a coin (the two systems' scores of that segment swap) on the segments both
  have rated.
* :func:`corpus_p_values` -- a corpus metric's p-values (BLEU, chrF: not a mean of sentence scores): a trial swaps
  the two systems' segment statistics by the coin and scores both pseudo-systems, as approximate randomization
  does; :func:`bleu_p_values` for BLEU's counts.
* :func:`soft_pairwise_accuracy` -- SPA, with a bootstrap interval over systems.

Every trial's coins are sacreBLEU's approximate randomization draws (``default_rng(seed).integers(2, size=(trials,
segments), dtype=bool)``), the same for every pair and both sides. A p-value is (c + 1) / (trials + 1), c the
trials whose difference is at least the observed one.

>>> people = {"a": [-2.0, -1.0, -3.0, -1.0], "b": [0.0, -1.0, -1.0, 0.0], "c": [-1.0, -2.0, -2.0, -1.0]}
>>> p = mean_p_values(people, n_trials=99)
>>> sorted(p), p["a", "b"] < 0.5 < p["b", "c"]
([('a', 'b'), ('a', 'c'), ('b', 'c')], True)
>>> soft_pairwise_accuracy(p, p, n_draws=50).estimate
1.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from .counts import SegmentCounts

PValues = Mapping[tuple[str, str], float]
DEFAULT_TRIALS = 1000
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class SoftPairwiseAccuracy:
    """SPA over ``pairs`` pairs of systems, with the middle 95% of a bootstrap over systems (``low``, ``high``)."""

    estimate: float
    low: float
    high: float
    pairs: int


def _coins(n_trials: int, n_segments: int, seed: Optional[int]) -> np.ndarray:
    import numpy as np

    if isinstance(n_trials, bool) or not isinstance(n_trials, int) or n_trials < 1:
        raise BleuInputError(f"n_trials must be a whole number >= 1, got {n_trials!r}")
    return np.random.default_rng(seed).integers(2, size=(n_trials, n_segments), dtype=bool)


def mean_p_values(segments: Mapping[str, Sequence[Optional[float]]], systems: Optional[Sequence[str]] = None, *,
                  n_trials: int = DEFAULT_TRIALS, seed: Optional[int] = DEFAULT_SEED) -> dict[tuple[str, str], float]:
    """For every pair (a, b) of ``systems`` in order, the one-sided p of "b's mean segment score is higher than a's",
    by a paired permutation (sign-flip) test on the segments both have rated."""
    import numpy as np

    names = list(systems) if systems is not None else list(segments)
    scores = np.array([[np.nan if v is None else float(v) for v in segments[s]] for s in names])
    signs = np.where(_coins(n_trials, scores.shape[1], seed), 1.0, -1.0)
    out = {}
    for i, a in enumerate(names):
        for j in range(i + 1, len(names)):
            d = scores[j] - scores[i]
            rated = ~np.isnan(d)
            if rated.sum() < 2:
                raise BleuInputError(f"{a} and {names[j]} share fewer than 2 rated segments")
            d = np.where(rated, d, 0.0)
            observed = d.sum() / rated.sum()
            null = signs @ d / rated.sum()
            out[a, names[j]] = float(((null >= observed - 1e-12).sum() + 1) / (n_trials + 1))
    return out


def corpus_p_values(table: np.ndarray, score_rows: Callable[[np.ndarray], np.ndarray], systems: Sequence[str], *,
                    n_trials: int = DEFAULT_TRIALS, seed: Optional[int] = DEFAULT_SEED) -> dict[tuple[str, str], float]:
    """For every pair (a, b), the one-sided p of "b scores higher than a" for a corpus metric: ``table[k, s]`` holds
    system k's statistics of segment s, ``score_rows`` scores each row of summed statistics; a trial swaps the two
    systems' statistics of the segments its coin picks."""
    import numpy as np

    table = np.asarray(table)
    if table.ndim != 3 or table.shape[0] != len(systems):
        raise BleuInputError(f"table must be systems x segments x statistics, {len(systems)} systems; "
                             f"got shape {table.shape}")
    picks = _coins(n_trials, table.shape[1], seed).astype(np.float64)
    flat = table.transpose(1, 0, 2).reshape(table.shape[1], -1).astype(np.float64)
    picked = np.rint(picks @ flat).astype(np.int64).reshape(n_trials, len(systems), -1)  # exact whole numbers
    totals = table.sum(axis=1)
    observed = score_rows(totals)
    out = {}
    for i, a in enumerate(systems):
        for j in range(i + 1, len(systems)):
            # pseudo-a takes a's statistics where the coin says so and b's elsewhere; pseudo-b the rest
            pseudo_a = picked[:, i] + (totals[j] - picked[:, j])
            pseudo_b = totals[i] + totals[j] - pseudo_a
            null = score_rows(pseudo_b) - score_rows(pseudo_a)
            out[a, systems[j]] = float(((null >= observed[j] - observed[i] - 1e-12).sum() + 1) / (n_trials + 1))
    return out


def bleu_p_values(counts: SegmentCounts, systems: Optional[Sequence[str]] = None, *, n_trials: int = DEFAULT_TRIALS,
                  seed: Optional[int] = DEFAULT_SEED) -> dict[tuple[str, str], float]:
    """:func:`corpus_p_values` of BLEU from the engine's segment statistics, every score by the counts' settings."""
    from .resampling import score_resamples

    chosen = counts.subset(list(systems)) if systems is not None else counts
    return corpus_p_values(chosen.table, lambda sums: score_resamples(sums, chosen.config), chosen.systems,
                           n_trials=n_trials, seed=seed)


def soft_pairwise_accuracy(people: PValues, metric: PValues, *, n_draws: int = 1000,
                           seed: Optional[int] = DEFAULT_SEED) -> SoftPairwiseAccuracy:
    """1 - mean |p_people - p_metric| over the pairs both give, with a bootstrap over systems: draw as many systems
    as there are, with replacement, and average over the drawn pairs of two different systems."""
    import numpy as np

    from .agreement import percentile_interval, system_draws

    if set(people) != set(metric) or not people:
        raise BleuInputError("people's and the metric's p-values must be given for the same pairs of systems")
    names = list(dict.fromkeys(name for pair in people for name in pair))
    gap = np.zeros((len(names), len(names)))
    for (a, b), p in people.items():
        gap[names.index(a), names.index(b)] = gap[names.index(b), names.index(a)] = abs(p - metric[a, b])
    estimate = 1 - float(np.mean([abs(p - metric[pair]) for pair, p in people.items()]))
    draws = system_draws(len(names), n_draws, seed)
    i, j = np.triu_indices(len(names), k=1)
    first, second = draws[:, i], draws[:, j]
    counted = first != second
    with np.errstate(invalid="ignore"):
        values = 1 - (gap[first, second] * counted).sum(axis=1) / counted.sum(axis=1)
    low, high = percentile_interval(values)
    return SoftPairwiseAccuracy(estimate=estimate, low=low, high=high, pairs=len(people))
