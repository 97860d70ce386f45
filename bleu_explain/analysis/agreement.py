"""How well a metric agrees with people, and how sure that is: correlations and pairwise accuracy with intervals.

Three measures over systems, each with 95% intervals:

* **Pearson's r** of the metric's and the people's system scores, with **Fisher's z** interval
  (Fisher 1921): atanh(r) is roughly normal with standard deviation 1 / sqrt(n - 3) when the n
  systems are independent draws from a bivariate normal population.
* **Kendall's tau-b** (Kendall 1945): over pairs of systems, (concordant - discordant) divided by
  the geometric mean of the pairs untied on each side.
* **Pairwise accuracy** (Kocmi et al. 2021): the share of system pairs the metric orders as people do
  (a tie on either side does not count as agreeing). It answers the question a metric is used
  for: which of two systems is better?

and two **bootstraps** (Efron and Tibshirani 1993), which redo the computation on resampled data and
keep the middle 95% of the results (sacreBLEU's rule: drop the n // 40 lowest and highest):

* **over systems**: draw as many systems as there are, with replacement (which systems happened to
  take part); a draw on which a side is constant gives no correlation and is left out;
* **over segments**: draw the test set's segments with replacement, sacreBLEU's draws
  (:func:`segment_weights`), and recompute every system's metric score and human score on them
  (which sentences happened to be translated and judged).

Segment level (:func:`segment_kendall`): Kendall's tau-b pooled over every (system, segment) item,
and the WMT metrics task's **tau-like** (Ma et al. 2018), which compares only translations of the same
source segment, leaves out pairs people tie, and counts a metric's tie as discordant; both with a
bootstrap over segments. (WMT built tau-like on DA from "DARR" pairs, whose DA scores differ by more
than 25 points; on MQM only exact ties are left out here. Ties counted as ties:
:mod:`bleu_explain.analysis.tie_calibration`.)

>>> lo, hi = fisher_interval(0.99, 5)
>>> round(lo, 3), round(hi, 4)
(0.851, 0.9994)
>>> format_p(1.3e-66), format_p(0.04321)
('< 0.0001', '0.0432')
>>> p_in_words(1 / 10001), p_in_words(1 / 1001)
('p < 0.0001', 'p = 0.0010')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Optional

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import pandas as pd

#: Draws of every bootstrap here (sacreBLEU's number) and their seed.
DEFAULT_DRAWS = 1000
DEFAULT_SEED = 12345


# ---------------------------------------------------------------------- reporting
def format_p(p: Optional[float]) -> str:
    """A p-value as a table shows it: four decimals, "< 0.0001" below that (never 0), "" for none."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return ""
    return "< 0.0001" if p < 0.0001 else f"{p:.4f}"


def p_in_words(p: float) -> str:
    """A p-value in a sentence, by :func:`format_p`'s rule: "p < 0.0001" below 0.0001, else "p = 0.0432".

    The floor of 10,000 randomization trials, 1/10,001 = 0.0000999..., is below 0.0001: "p < 0.0001",
    as in a table (sacreBLEU's own output rounds it to "p = 0.0001").
    """
    shown = format_p(p)
    return f"p {shown}" if shown.startswith("<") else f"p = {shown}"


def fisher_interval(r: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Fisher's z interval of a Pearson r over n independent pairs: tanh(atanh r -+ z_(1-a/2) / sqrt(n - 3))."""
    from scipy import stats

    if isinstance(n, bool) or not isinstance(n, int) or n < 4:
        raise BleuInputError(f"Fisher's interval needs at least 4 pairs, got n = {n!r}")
    if not -1 <= r <= 1 or not 0 < confidence < 1:
        raise BleuInputError(f"need -1 <= r <= 1 and 0 < confidence < 1, got r = {r!r}, confidence = {confidence!r}")
    if abs(r) == 1:
        return r, r
    half = float(stats.norm.ppf(0.5 + confidence / 2)) / math.sqrt(n - 3)
    return math.tanh(math.atanh(r) - half), math.tanh(math.atanh(r) + half)


def percentile_interval(values: np.ndarray) -> tuple[float, float]:
    """The middle 95% of the bootstrap values, by sacreBLEU's rule; NaN (draws with no value) left out."""
    import numpy as np

    kept = np.sort(np.asarray(values, dtype=np.float64)[~np.isnan(values)])
    if len(kept) < 40:
        raise BleuInputError(f"only {len(kept)} draws have a value; an interval needs at least 40")
    drop = len(kept) // 40
    return float(kept[drop]), float(kept[len(kept) - drop - 1])


# ---------------------------------------------------------------------- statistics, one per row
def _pairs(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The signs of the differences of every pair of columns (i < j), row by row."""
    import numpy as np

    i, j = np.triu_indices(x.shape[1], k=1)
    return np.sign(x[:, j] - x[:, i]), np.sign(y[:, j] - y[:, i])


def pearson_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Pearson's r of each row of x with the same row of y (NaN where a row is constant)."""
    import numpy as np

    xc, yc = x - x.mean(axis=1, keepdims=True), y - y.mean(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = (xc * yc).sum(axis=1) / np.sqrt((xc * xc).sum(axis=1) * (yc * yc).sum(axis=1))
    return np.where(np.isfinite(r), np.clip(r, -1, 1), np.nan)


def kendall_b_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Kendall's tau-b of each row pair: sum(sx * sy) / sqrt(pairs untied in x * pairs untied in y)."""
    import numpy as np

    sx, sy = _pairs(x, y)
    with np.errstate(invalid="ignore", divide="ignore"):
        tau = (sx * sy).sum(axis=1) / np.sqrt(np.abs(sx).sum(axis=1) * np.abs(sy).sum(axis=1))
    return np.where(np.isfinite(tau), tau, np.nan)


def accuracy_rows(x: np.ndarray, y: np.ndarray, same: Optional[np.ndarray] = None) -> np.ndarray:
    """Pairwise accuracy of each row: the share of pairs whose differences have the same sign. ``same`` marks pairs of
    a system with a copy of itself (a bootstrap over systems), which are no pair of systems and are left out."""
    import numpy as np

    sx, sy = _pairs(x, y)
    counted = np.ones_like(sx, dtype=bool) if same is None else ~same
    with np.errstate(invalid="ignore", divide="ignore"):
        share = ((sx * sy > 0) & counted).sum(axis=1) / counted.sum(axis=1)
    return np.where(np.isfinite(share), share, np.nan)


#: The system-level measures, by the name tables give them.
STATISTICS: dict[str, Callable[..., np.ndarray]] = {
    "Pearson r": pearson_rows, "Kendall tau-b": kendall_b_rows, "pairwise accuracy": accuracy_rows}


# ---------------------------------------------------------------------- resampling
def segment_weights(n_segments: int, n_draws: int = DEFAULT_DRAWS, seed: Optional[int] = DEFAULT_SEED) -> np.ndarray:
    """How often each segment is drawn, for each of ``n_draws`` bootstrap resamples: sacreBLEU's draws
    (``numpy.random.default_rng(seed).choice(n_segments, size=(n_draws, n_segments))``) counted per segment."""
    import numpy as np

    for name, value in (("n_segments", n_segments), ("n_draws", n_draws)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise BleuInputError(f"{name} must be a whole number >= 1, got {value!r}")
    idx = np.random.default_rng(seed).choice(n_segments, size=(n_draws, n_segments), replace=True)
    rows = (idx + (np.arange(n_draws) * n_segments)[:, None]).ravel()
    return np.bincount(rows, minlength=n_draws * n_segments).reshape(n_draws, n_segments)


def resampled_means(segments: Mapping[str, Sequence[Optional[float]]], weights: np.ndarray,
                    systems: Optional[Sequence[str]] = None) -> dict[str, np.ndarray]:
    """Each system's mean segment score on each resample (its rated segments among those drawn; NaN if none)."""
    import numpy as np

    names = list(systems) if systems is not None else list(segments)
    scores = np.array([[np.nan if v is None else float(v) for v in segments[s]] for s in names])
    if scores.shape[1] != weights.shape[1]:
        raise BleuInputError(f"the segment scores have {scores.shape[1]} segments, the weights {weights.shape[1]}")
    rated = ~np.isnan(scores)
    w = weights.astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        means = (w @ np.where(rated, scores, 0.0).T) / (w @ rated.T)
    return {name: means[:, k] for k, name in enumerate(names)}


def system_draws(n_systems: int, n_draws: int = DEFAULT_DRAWS, seed: Optional[int] = DEFAULT_SEED) -> np.ndarray:
    """Which systems each bootstrap-over-systems draw takes: ``n_draws`` rows of ``n_systems`` indices."""
    import numpy as np

    if n_systems < 3:
        raise BleuInputError(f"a bootstrap over systems needs at least 3 systems, got {n_systems}")
    return np.random.default_rng(seed).choice(n_systems, size=(n_draws, n_systems), replace=True)


def _statistic(name: str, x: np.ndarray, y: np.ndarray, same: Optional[np.ndarray] = None) -> np.ndarray:
    return accuracy_rows(x, y, same) if name == "pairwise accuracy" else STATISTICS[name](x, y)


def agreement(metric: Mapping[str, float], human: Mapping[str, float], *, systems: Optional[Sequence[str]] = None,
              metric_draws: Optional[Mapping[str, np.ndarray]] = None,
              human_draws: Optional[Mapping[str, np.ndarray]] = None,
              n_draws: int = DEFAULT_DRAWS, seed: Optional[int] = DEFAULT_SEED) -> pd.DataFrame:
    """Pearson's r, Kendall's tau-b and pairwise accuracy of a metric with people over ``systems``, each with its 95%
    intervals: Fisher's z (r only), a bootstrap over systems, and (given each system's scores on the same segment
    resamples, ``metric_draws`` and ``human_draws``) a bootstrap over segments.

    >>> t = agreement({"a": 1.0, "b": 2.0, "c": 3.0, "d": 4.5, "e": 4.0}, {"a": 1, "b": 3, "c": 2, "d": 5, "e": 4})
    >>> t["estimate"].round(2).tolist(), round(float(t.loc["Pearson r", ("Fisher z", "low")]), 2)
    ([0.88, 0.8, 0.9], 0.01)
    """
    import numpy as np
    import pandas as pd

    names = list(systems) if systems is not None else [s for s in metric if s in human]
    missing = [s for s in names if s not in metric or s not in human]
    if missing or len(names) < 3:
        raise BleuInputError(f"need at least 3 systems with both scores; missing {missing} of {names}")
    x, y = np.array([[metric[s] for s in names]], float), np.array([[human[s] for s in names]], float)
    idx = system_draws(len(names), n_draws, seed)
    i, j = np.triu_indices(len(names), k=1)
    same = idx[:, i] == idx[:, j]
    segments = None
    if metric_draws is not None and human_draws is not None:
        segments = (np.column_stack([metric_draws[s] for s in names]), np.column_stack([human_draws[s] for s in names]))
    rows = {}
    for name in STATISTICS:
        estimate = float(_statistic(name, x, y)[0])
        fisher = fisher_interval(estimate, len(names)) if name == "Pearson r" and len(names) > 3 else (np.nan, np.nan)
        over_systems = percentile_interval(_statistic(name, x[0][idx], y[0][idx], same))
        over_segments = percentile_interval(_statistic(name, *segments)) if segments else (np.nan, np.nan)
        rows[name] = [estimate, *fisher, *over_systems, *over_segments]
    columns = pd.MultiIndex.from_tuples([("estimate", ""), ("Fisher z", "low"), ("Fisher z", "high"),
                                         ("over systems", "low"), ("over systems", "high"),
                                         ("over segments", "low"), ("over segments", "high")])
    return pd.DataFrame.from_dict(rows, orient="index", columns=columns)


def one_statistic(tables: Mapping[str, pd.DataFrame], statistic: str) -> pd.DataFrame:
    """One row of several :func:`agreement` tables (``statistic``: "Pearson r", ...), one row per label; a
    :class:`pandas.Series` with some of the columns (a published r with Fisher's interval) gets NaN in the others."""
    import pandas as pd

    columns = next(t for t in tables.values() if isinstance(t, pd.DataFrame)).columns
    rows = {label: t.loc[statistic] if isinstance(t, pd.DataFrame) else t for label, t in tables.items()}
    return pd.DataFrame(rows).T.reindex(columns=columns)


def differences(scores: Mapping[str, float], draws: Mapping[str, np.ndarray], order: Sequence[str]) -> pd.DataFrame:
    """Differences between neighbours in ``order`` (worst first), each with the middle 95% of its resampled values:
    with :meth:`~bleu_explain.analysis.counts.SegmentCounts.resampled_scores`, a paired bootstrap of each pair."""
    import pandas as pd

    rows = []
    for worse, better in zip(order, order[1:]):
        low, high = percentile_interval(draws[better] - draws[worse])
        rows.append({"pair": f"{better} \u2212 {worse}", "worse": worse, "better": better,
                     "difference": scores[better] - scores[worse], "low": low, "high": high,
                     "significant": low > 0 or high < 0})
    return pd.DataFrame(rows).set_index("pair")


# ---------------------------------------------------------------------- segment level
def _segment_matrix(scores: Mapping[str, Sequence[Optional[float]]], names: Sequence[str]) -> np.ndarray:
    import numpy as np

    return np.array([[np.nan if v is None else float(v) for v in scores[s]] for s in names]).T


def _dense_ranks(values: np.ndarray) -> np.ndarray:
    """Values replaced by their dense ranks as float32 (exact, and the same order and ties), NaN kept."""
    import numpy as np
    from scipy.stats import rankdata

    out = np.full(values.shape, np.nan, dtype=np.float32)
    there = ~np.isnan(values)
    out[there] = rankdata(values[there], method="dense")
    return out


def _pair_sums(x: np.ndarray, y: np.ndarray, chunk: int = 64) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every two segments s, t: over items i of s and j of t, the sums of sx*sy, |sx| and |sy| (sx = sign of
    x_i - x_j; a missing item counts 0). The pooled tau-b of any resample is a quadratic form of these."""
    import numpy as np

    missing = np.isnan(x) | np.isnan(y)  # an item is there only with both scores
    x, y = _dense_ranks(np.where(missing, np.nan, x)), _dense_ranks(np.where(missing, np.nan, y))
    n = len(x)
    out = [np.zeros((n, n)) for _ in range(3)]
    for start in range(0, n, chunk):
        sx = np.nan_to_num(np.sign(x[start:start + chunk, :, None, None] - x[None, None]), copy=False)
        sy = np.nan_to_num(np.sign(y[start:start + chunk, :, None, None] - y[None, None]), copy=False)
        for k, (a, b) in enumerate(((sx, sy), (sx, sx), (sy, sy))):  # a sign squared is its absolute value
            out[k][start:start + chunk] = np.einsum("iajb,iajb->ij", a, b)
    return out[0], out[1], out[2]


def segment_kendall(metric: Mapping[str, Sequence[Optional[float]]], human: Mapping[str, Sequence[Optional[float]]],
                    *, systems: Optional[Sequence[str]] = None, n_draws: int = DEFAULT_DRAWS,
                    seed: Optional[int] = DEFAULT_SEED) -> pd.DataFrame:
    """Kendall's tau-b pooled over every (system, segment) item with both scores, and WMT's tau-like over pairs of
    translations of the same segment, each with a bootstrap over segments (the segments with an item).

    ``p (items independent)`` is scipy's p-value of tau-b, which treats the items as independent: they are not
    (an item shares its segment with the other systems' and its system with its other segments).

    >>> t = segment_kendall({"a": [1.0, 2.0, 3.0], "b": [2.0, 1.0, 2.5]}, {"a": [1, 2, 2], "b": [3, 1, 2]}, n_draws=50)
    >>> t["estimate"].round(3).tolist(), t["items"].tolist()  # the pair people tie (segment 2) is left out of tau-like
    ([0.502, 1.0], [6, 6])
    """
    import numpy as np
    import pandas as pd
    from scipy import stats

    names = list(systems) if systems is not None else [s for s in metric if s in human]
    x, y = _segment_matrix(metric, names), _segment_matrix(human, names)
    both = ~np.isnan(x) & ~np.isnan(y)
    keep = both.any(axis=1)
    x, y, both = np.where(both, x, np.nan)[keep], np.where(both, y, np.nan)[keep], both[keep]
    if both.sum() < 3:
        raise BleuInputError(f"only {int(both.sum())} items have both scores; a correlation needs 3")
    weights = segment_weights(len(x), n_draws, seed).astype(np.float64)
    concordance, untied_x, untied_y = _pair_sums(x, y)

    def quadratic(g: np.ndarray) -> np.ndarray:
        return 0.5 * ((weights @ g) * weights).sum(axis=1)

    with np.errstate(invalid="ignore", divide="ignore"):
        tau_b = quadratic(concordance) / np.sqrt(quadratic(untied_x) * quadratic(untied_y))
    # WMT's tau-like: pairs within a segment, people untied; a metric tie is discordant
    sx, sy = _pairs(x, y)
    judged = ~np.isnan(sx) & ~np.isnan(sy) & (sy != 0)
    conc, disc = (judged & (sx * sy > 0)).sum(axis=1), (judged & (sx * sy <= 0)).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        tau_like = (weights @ (conc - disc)) / (weights @ (conc + disc))
    pooled = stats.kendalltau(x[both], y[both])
    rows = {"Kendall tau-b, pooled": [float(pooled.statistic), *percentile_interval(tau_b), int(both.sum()),
                                      format_p(float(pooled.pvalue))],
            "WMT tau-like, within segments": [float((conc - disc).sum() / (conc + disc).sum()),
                                              *percentile_interval(tau_like), int(both.sum()), ""]}
    table = pd.DataFrame.from_dict(rows, orient="index", columns=["estimate", "low", "high", "items",
                                                                  "p (items independent)"])
    table["segments"] = len(x)
    table["pairs"] = [int(both.sum() * (both.sum() - 1) // 2), int((conc + disc).sum())]
    return table
