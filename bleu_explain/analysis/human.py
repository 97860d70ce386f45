"""A metric against human judgments: correlations, neighbour differences, pairs, blocks and disagreements.

Papineni et al. (2002, sections 4-5) checked BLEU against people three ways:
the difference of human scores between neighbouring systems with a 95%
interval (Figures 3-4), the correlation of BLEU with the systems' human
scores (Figures 5-6), and the scores normalized by their range (Figure 7).
This module does those and the usual follow-ups for any metric and any human
score (MQM, DA, ...): agreement on pairs of systems by the size of the metric's
gap (Mathur et al. 2020), correlation on blocks of growing size ("quantity
leads to quality", section 6), and the segments where metric and people
disagree most. BLEU itself is always read off the engine's counts
(:class:`~bleu_explain.analysis.counts.SegmentCounts`); the intervals of a
correlation and pairwise accuracy are in :mod:`bleu_explain.analysis.agreement`.

Scores are mappings ``system -> score`` (system level) or ``system -> one
score per segment, None where not rated`` (segment level); higher is better.

>>> correlate([1, 2, 3, 4], [2, 4, 5, 9]).r.__round__(4)
0.9648
>>> normalize_by_range({"S1": 1.0, "S2": 2.0, "S3": 5.0})
{'S1': 0.0, 'S2': 0.25, 'S3': 1.0}
>>> d = paired_difference([-3.0, -1.0, None, -2.0], [-1.0, 0.0, -5.0, -2.0])
>>> d.difference, d.n_segments
(1.0, 3)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Optional, Sequence

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import pandas as pd

    from .counts import SegmentCounts

SegmentScores = Mapping[str, Sequence[Optional[float]]]
METHODS = ("pearson", "kendall", "spearman")
#: The bins of the metric's gap (points on its 0-100 scale) for :func:`agreement_by_gap`.
GAP_BINS = (0.0, 1.0, 2.0, 3.0, 5.0, math.inf)


# ---------------------------------------------------------------------- correlations
@dataclass(frozen=True)
class Correlation:
    """A correlation coefficient with its p-value and, for Pearson's r, a confidence interval.

    ``low``/``high``: Fisher's z interval (tanh(atanh r -+ z / sqrt(n - 3))), for
    Pearson with n >= 4; None otherwise.
    """

    method: str
    r: float
    n: int
    p_value: float
    low: Optional[float] = None
    high: Optional[float] = None
    confidence: float = 0.95

    def __repr__(self) -> str:
        interval = "" if self.low is None else f", {self.confidence:.0%} CI [{self.low:.3f}, {self.high:.3f}]"
        return f"Correlation({self.method} {self.r:.3f}, n={self.n}, p={self.p_value:.3g}{interval})"


def _numbers(values: Sequence[Optional[float]], name: str) -> list[float]:
    out = []
    for i, v in enumerate(values):
        if v is None or isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise BleuInputError(f"{name}[{i}] is {v!r}; correlations need a finite number for every item")
        out.append(float(v))
    return out


def correlate(x: Sequence[float], y: Sequence[float], *, method: str = "pearson",
              confidence: float = 0.95) -> Correlation:
    """Pearson's r (with Fisher's z interval), Kendall's tau-b or Spearman's rho of two equally long lists.

    >>> c = correlate([1, 2, 3, 4, 5], [1, 3, 2, 5, 4], method="kendall")
    >>> c.r, c.low
    (0.6, None)
    """
    from scipy import stats

    if method not in METHODS:
        raise BleuInputError(f"method must be one of {list(METHODS)}, got {method!r}")
    if not 0 < confidence < 1:
        raise BleuInputError(f"confidence must be between 0 and 1, got {confidence!r}")
    xs, ys = _numbers(x, "x"), _numbers(y, "y")
    if len(xs) != len(ys):
        raise BleuInputError(f"x has {len(xs)} values and y has {len(ys)}; a correlation needs pairs")
    if len(xs) < 3:
        raise BleuInputError(f"a correlation needs at least 3 pairs, got {len(xs)}")
    for name, v in (("x", xs), ("y", ys)):
        if min(v) == max(v):
            raise BleuInputError(f"{name} is constant ({v[0]}), so no correlation is defined")
    if method == "pearson":
        r, p = stats.pearsonr(xs, ys)
    elif method == "kendall":
        r, p = stats.kendalltau(xs, ys)
    else:
        r, p = stats.spearmanr(xs, ys)
    r, n = min(1.0, max(-1.0, float(r))), len(xs)
    low = high = None
    if method == "pearson" and n > 3:
        from .agreement import fisher_interval

        low, high = fisher_interval(r, n, confidence)
    return Correlation(method=method, r=r, n=n, p_value=float(p), low=low, high=high, confidence=confidence)


def _common(metric: Mapping[str, float], human: Mapping[str, float], systems: Optional[Sequence[str]]) -> list[str]:
    if not isinstance(metric, Mapping) or not isinstance(human, Mapping):
        raise BleuInputError("metric and human must be mappings of system name -> score")
    names = list(systems) if systems is not None else [s for s in metric if s in human]
    missing = [s for s in names if s not in metric or s not in human]
    if missing:
        raise BleuInputError(f"systems {missing} lack a metric or a human score")
    return names


def system_correlation(metric: Mapping[str, float], human: Mapping[str, float], *,
                       systems: Optional[Sequence[str]] = None, method: str = "pearson") -> Correlation:
    """The correlation over systems of a metric's scores with their human scores (default: every shared system).

    >>> c = system_correlation({"a": 10.0, "b": 20.0, "c": 35.0, "x": 1.0}, {"a": -3.0, "b": -2.0, "c": -1.0})
    >>> c.n, round(c.r, 4)
    (3, 0.9934)
    """
    names = _common(metric, human, systems)
    return correlate([metric[s] for s in names], [human[s] for s in names], method=method)


def normalize_by_range(scores: Mapping[str, float]) -> dict[str, float]:
    """Each score as (score - min) / (max - min) over the systems (the paper's Figure 7): worst 0, best 1."""
    values = _numbers(list(scores.values()), "scores")
    if len(values) < 2 or min(values) == max(values):
        raise BleuInputError("normalizing by the range needs at least two systems with different scores")
    low, span = min(values), max(values) - min(values)
    return {name: (float(v) - low) / span for name, v in scores.items()}


# ---------------------------------------------------------------------- differences between systems
@dataclass(frozen=True)
class Difference:
    """better - worse on the segments both have a score for, with a paired-t interval and the paired t-test's
    two-sided p-value (null: the mean segment difference is 0)."""

    difference: float
    low: float
    high: float
    n_segments: int
    p_value: float = math.nan

    @property
    def significant(self) -> bool:
        """Whether the interval excludes 0."""
        return self.low > 0 or self.high < 0


def paired_difference(worse: Sequence[Optional[float]], better: Sequence[Optional[float]], *,
                      confidence: float = 0.95) -> Difference:
    """Mean segment-score difference (better - worse) and its paired-t interval, as the paper's section 4 tests."""
    from scipy import stats

    if len(worse) != len(better):
        raise BleuInputError(f"the two systems have {len(worse)} and {len(better)} segment scores")
    d = [b - w for w, b in zip(worse, better) if w is not None and b is not None]
    if len(d) < 2:
        raise BleuInputError(f"only {len(d)} segments are rated for both systems; a paired interval needs 2")
    mean = math.fsum(d) / len(d)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in d) / (len(d) - 1))
    half = float(stats.t.ppf(0.5 + confidence / 2, len(d) - 1)) * sd / math.sqrt(len(d))
    p = 1.0 if mean == 0 else 0.0 if sd == 0 else float(2 * stats.t.sf(abs(mean) / (sd / math.sqrt(len(d))), len(d) - 1))
    return Difference(difference=mean, low=mean - half, high=mean + half, n_segments=len(d), p_value=p)


def _pair_label(worse: str, better: str) -> str:
    return f"{better} \u2212 {worse}"


def _neighbours(order: Sequence[str], available: Mapping[str, object], what: str) -> list[tuple[str, str]]:
    if len(order) < 2:
        raise BleuInputError("order must name at least two systems")
    missing = [s for s in order if s not in available]
    if missing:
        raise BleuInputError(f"systems {missing} have no {what}")
    return list(zip(order, order[1:]))


def neighbour_differences(segments: SegmentScores, order: Sequence[str], *,
                          confidence: float = 0.95) -> pd.DataFrame:
    """Human-score differences between neighbours in ``order`` (worst first), each with its paired interval.

    >>> t = neighbour_differences({"A": [1.0, 2.0, 3.0], "B": [2.0, 2.0, 5.0]}, ["A", "B"])
    >>> t.index.tolist(), t["difference"].tolist()
    (['B − A'], [1.0])
    """
    import pandas as pd

    rows = []
    for worse, better in _neighbours(order, segments, "segment scores"):
        d = paired_difference(segments[worse], segments[better], confidence=confidence)
        rows.append({"pair": _pair_label(worse, better), "worse": worse, "better": better,
                     "difference": d.difference, "low": d.low, "high": d.high, "n_segments": d.n_segments,
                     "significant": d.significant})
    return pd.DataFrame(rows).set_index("pair")


def pairwise_agreement(metric: Mapping[str, float], human: Mapping[str, float], *,
                       systems: Optional[Sequence[str]] = None, human_segments: Optional[SegmentScores] = None,
                       metric_draws: Optional[Mapping[str, np.ndarray]] = None) -> pd.DataFrame:
    """Every pair of systems: the metric's and the people's difference (second - first), and whether they agree.

    A pair agrees when both differences have the same sign (a tie on either side does not agree).
    With ``human_segments``: whether people separate the two (:func:`paired_difference`'s 95%
    interval, on the segments both have, excludes 0) and that paired t-test's two-sided p-value
    (``people p``); with ``metric_draws`` (each system's score on
    the same resamples): whether the metric does (the middle 95% of its resampled differences
    excludes 0).

    >>> t = pairwise_agreement({"a": 10.0, "b": 11.5, "c": 20.0}, {"a": -2.0, "b": -3.0, "c": -1.0})
    >>> t[["first", "second", "gap", "agree"]].values.tolist()
    [['a', 'b', 1.5, False], ['a', 'c', 10.0, True], ['b', 'c', 8.5, True]]
    """
    import pandas as pd

    from .agreement import percentile_interval

    names = _common(metric, human, systems)
    rows = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            dm, dh = metric[b] - metric[a], human[b] - human[a]
            row = {"first": a, "second": b, "metric_difference": dm, "human_difference": dh, "gap": abs(dm),
                   "agree": dm * dh > 0}
            if human_segments is not None:
                people = paired_difference(human_segments[a], human_segments[b])
                row["people separate"], row["people p"] = people.significant, people.p_value
            if metric_draws is not None:
                low, high = percentile_interval(metric_draws[b] - metric_draws[a])
                row["metric separates"] = low > 0 or high < 0
            rows.append(row)
    columns = ["first", "second", "metric_difference", "human_difference", "gap", "agree"]
    extra = [c for c in ("people separate", "people p", "metric separates") if rows and c in rows[0]]
    return pd.DataFrame(rows, columns=columns + extra)


def agreement_by_gap(pairs: pd.DataFrame, bins: Sequence[float] = GAP_BINS) -> pd.DataFrame:
    """Of the pairs whose metric gap falls in each bin [low, high), how many the metric orders as people do.

    >>> t = pairwise_agreement({"a": 10.0, "b": 11.5, "c": 20.0}, {"a": -2.0, "b": -3.0, "c": -1.0})
    >>> agreement_by_gap(t, bins=(0, 2, math.inf)).values.tolist()
    [[1.0, 0.0, 0.0], [2.0, 2.0, 1.0]]
    """
    import pandas as pd

    if not {"gap", "agree"} <= set(getattr(pairs, "columns", ())):
        raise BleuInputError("pairs needs columns 'gap' and 'agree' (as pairwise_agreement gives)")
    if len(bins) < 2 or any(b >= c for b, c in zip(bins, bins[1:])):
        raise BleuInputError(f"bins must be at least two increasing edges, got {list(bins)}")
    rows = []
    for low, high in zip(bins, bins[1:]):
        inside = pairs[(pairs["gap"] >= low) & (pairs["gap"] < high)]
        label = f"{low:g}+" if math.isinf(high) else f"{low:g}\u2013{high:g}"
        n, agree = len(inside), int(inside["agree"].sum())
        rows.append({"gap": label, "pairs": n, "agree": agree, "fraction": agree / n if n else math.nan})
    return pd.DataFrame(rows).set_index("gap").astype(float)


def agreement_by_gap_interval(pairs: pd.DataFrame, bins: Sequence[float] = GAP_BINS, *, n_draws: int = 1000,
                              seed: Optional[int] = 12345) -> pd.DataFrame:
    """:func:`agreement_by_gap` with a 95% interval beside each bin's share: the wider of two.

    Pairs share systems, so they are not independent draws, and the exact binomial interval over a bin's pairs is
    too narrow; a bootstrap over systems (each draw takes the systems again with replacement, rebuilds their pairs,
    a system never paired with its own copy, and recomputes each bin's share) allows for that, but cannot widen a
    bin where every pair agrees (or none does). ``low`` and ``high`` span both intervals; NaN for an empty bin.

    >>> scores = {s: float(k) for k, s in enumerate("abcdef")}
    >>> t = pairwise_agreement(scores, {s: -v for s, v in scores.items()})
    >>> [round(x, 3) for x in agreement_by_gap_interval(t, bins=(0, 10), n_draws=100).iloc[0][["fraction", "low", "high"]]]
    [0.0, 0.0, 0.218]
    """
    import numpy as np

    from .agreement import percentile_interval, system_draws
    from .significance.calibration import binomial_interval

    table = agreement_by_gap(pairs, bins)
    names = list(dict.fromkeys([*pairs["first"], *pairs["second"]]))
    index = {name: k for k, name in enumerate(names)}
    gap = np.full((len(names), len(names)), np.nan)
    agree = np.zeros((len(names), len(names)))
    for row in pairs.itertuples(index=False):
        one, two = index[row.first], index[row.second]
        gap[one, two] = gap[two, one] = row.gap
        agree[one, two] = agree[two, one] = float(row.agree)
    shares = np.full((n_draws, len(table)), np.nan)
    for d, drawn in enumerate(system_draws(len(names), n_draws, seed)):
        i, j = np.triu_indices(len(drawn), k=1)
        a, b = drawn[i], drawn[j]
        keep = (a != b) & ~np.isnan(gap[a, b])
        g, y = gap[a, b][keep], agree[a, b][keep]
        for k, (low, high) in enumerate(zip(bins, bins[1:])):
            inside = (g >= low) & (g < high)
            if inside.any():
                shares[d, k] = y[inside].mean()
    bounds = []
    for k, (n, agreed) in enumerate(zip(table["pairs"], table["agree"])):
        if not n:
            bounds.append((math.nan, math.nan))
            continue
        low, high = binomial_interval(int(agreed), int(n))
        if (~np.isnan(shares[:, k])).sum() >= 40:
            drawn_low, drawn_high = percentile_interval(shares[:, k])
            low, high = min(low, drawn_low), max(high, drawn_high)
        bounds.append((low, high))
    return table.assign(low=[b[0] for b in bounds], high=[b[1] for b in bounds])


# ---------------------------------------------------------------------- blocks and segments
def rated_segments(segments: SegmentScores, systems: Sequence[str]) -> list[int]:
    """The segments every one of ``systems`` has a human score for."""
    missing = [s for s in systems if s not in segments]
    if missing:
        raise BleuInputError(f"systems {missing} have no segment scores")
    lists = [segments[s] for s in systems]
    return [i for i in range(len(lists[0])) if all(v[i] is not None for v in lists)]


def _blocks(segments: Sequence[int], block_size: Optional[int]) -> list[list[int]]:
    if block_size is None:
        return [list(segments)]
    if isinstance(block_size, bool) or not isinstance(block_size, int) or not 1 <= block_size <= len(segments):
        raise BleuInputError(f"block_size must be a whole number from 1 to {len(segments)} (or None), "
                             f"got {block_size!r}")
    whole = len(segments) // block_size  # the last, shorter block is dropped: every block has the same size
    return [list(segments[b * block_size:(b + 1) * block_size]) for b in range(whole)]


def _block_weights(n_segments: int, blocks: list[list[int]]) -> np.ndarray:
    import numpy as np

    weights = np.zeros((len(blocks), n_segments), dtype=np.int64)
    for b, block in enumerate(blocks):
        weights[b, block] = 1
    return weights


def block_bleu(counts: SegmentCounts, segments: Sequence[int], block_size: Optional[int]) -> pd.DataFrame:
    """BLEU (0-100) of each system on consecutive blocks of ``segments``, each block's statistics summed and scored
    once (a block of one segment is sentence BLEU with the counts' settings): blocks x systems. ``block_size=None``:
    one block of all ``segments``."""
    import pandas as pd

    blocks = _blocks(segments, block_size)
    scores = counts.resampled_scores(_block_weights(len(counts), blocks))
    return pd.DataFrame(scores, index=pd.RangeIndex(1, len(blocks) + 1, name="block"))[list(counts.systems)]


def block_means(segments: SegmentScores, systems: Sequence[str], rated: Sequence[int],
                block_size: Optional[int]) -> pd.DataFrame:
    """Each system's mean human score on the same blocks as :func:`block_bleu`: blocks x systems."""
    import numpy as np
    import pandas as pd

    blocks = _blocks(rated, block_size)
    scores = np.array([[np.nan if v is None else float(v) for v in segments[s]] for s in systems])
    weights = _block_weights(scores.shape[1], blocks)
    unrated = (weights @ np.isnan(scores).T) > 0
    if unrated.any():
        raise BleuInputError(f"system {systems[int(unrated.any(axis=0).argmax())]!r} has unrated segments in the "
                             "blocks; pass rated_segments(...)")
    means = weights @ np.nan_to_num(scores).T / weights.sum(axis=1, keepdims=True)
    return pd.DataFrame(means, columns=list(systems), index=pd.RangeIndex(1, len(blocks) + 1, name="block"))


def correlation_by_block_size(counts: SegmentCounts, segments: SegmentScores,
                              sizes: Sequence[Optional[int]] = (1, 5, 25, 100, None), *,
                              method: str = "pearson") -> pd.DataFrame:
    """How well a metric computed on a block of segments ranks the systems, for blocks of growing size.

    Only segments rated for every system are used, in their order. For each
    size, the mean over blocks of three correlations over systems (Pearson's r,
    or Kendall's tau-b with ``method="kendall"``): the metric on the block
    against the human score of all rated segments (``metric vs all``), against
    the human score of the same block (``metric vs block``), and the human
    score of the block against that of all rated segments (``block vs all``:
    how noisy the people are on so few segments; the block is part of the
    whole, which flatters it a little). A block where a side is constant gives
    no correlation and is left out of that mean. ``None`` is one block of all
    rated segments: its ``metric vs all`` is the metric on the rated segments
    only, not on the whole test set.
    """
    import numpy as np
    import pandas as pd

    from .agreement import kendall_b_rows, pearson_rows

    rows_of = {"pearson": pearson_rows, "kendall": kendall_b_rows}.get(method)
    if rows_of is None:
        raise BleuInputError(f"method must be 'pearson' or 'kendall', got {method!r}")
    systems = list(counts.systems)
    rated = rated_segments(segments, systems)
    overall = block_means(segments, systems, rated, None).to_numpy()

    def mean_r(x: np.ndarray, y: np.ndarray) -> float:
        values = rows_of(x, np.broadcast_to(y, x.shape))
        return float(np.nanmean(values)) if not np.isnan(values).all() else math.nan

    rows = []
    for size in sizes:
        bleu = block_bleu(counts, rated, size).to_numpy()
        human = block_means(segments, systems, rated, size).to_numpy()
        rows.append({"block": "all" if size is None else str(size),
                     "segments_per_block": len(rated) if size is None else size, "blocks": len(bleu),
                     "metric vs all": mean_r(bleu, overall), "metric vs block": mean_r(bleu, human),
                     "block vs all": mean_r(human, overall)})
    return pd.DataFrame(rows).set_index("block")


def rank_disagreements(metric: Sequence[Optional[float]], human: Sequence[Optional[float]]) -> pd.DataFrame:
    """Segments of one system sorted by how much better people rank them than the metric does.

    Ranks are percentiles among the segments with both scores (ties share
    their mean rank); ``gap`` = human rank - metric rank, so the top rows are
    translations people liked and the metric did not.

    >>> rank_disagreements([10.0, 80.0, 50.0, None], [0.0, -5.0, -1.0, 0.0]).index.tolist()
    [0, 2, 1]
    """
    import pandas as pd

    if len(metric) != len(human):
        raise BleuInputError(f"metric has {len(metric)} segment scores and human has {len(human)}")
    both = [i for i, (m, h) in enumerate(zip(metric, human)) if m is not None and h is not None]
    if not both:
        raise BleuInputError("no segment has both a metric and a human score")
    frame = pd.DataFrame({"metric": [metric[i] for i in both], "human": [human[i] for i in both]},
                         index=pd.Index(both, name="segment"))
    frame["metric_rank"] = frame["metric"].rank(pct=True)
    frame["human_rank"] = frame["human"].rank(pct=True)
    frame["gap"] = frame["human_rank"] - frame["metric_rank"]
    return frame.sort_values(["gap", "human"], ascending=[False, False], kind="stable")
