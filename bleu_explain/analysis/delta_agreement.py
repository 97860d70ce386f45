"""How often do people agree with a metric gap of Δ? A curve with its interval (Kocmi et al. 2024's question).

Kocmi, Zouhar, Federmann and Post (2024, "Navigating the Metrics Maze") turn a metric difference between two
systems into the share of such pairs where people agree with it. This module asks the same of any set of pairs
(:func:`~bleu_explain.analysis.human.pairwise_agreement`: each pair's metric gap and whether people order the
two systems as the metric does), with a model a learner can read:

    P(people agree | gap Δ) = 1 / (1 + exp(-Δ / s)),

one parameter s > 0, fitted by maximum likelihood. At Δ = 0 it is one half, a coin toss (a gap of nothing says
nothing about the order), and it rises towards 1 as the gap grows, faster for a smaller s. It assumes that a large
enough gap is always right, which holds for systems alike in kind, not for a human translation scored against
another one (notebook 10). The interval is a bootstrap over systems (:func:`agreement_curve`): pairs share
systems and are not independent draws, so whole systems are drawn again, their pairs rebuilt and s refitted.

>>> import pandas as pd
>>> pairs = pd.DataFrame({"first": list("aaabbc"), "second": list("bcdcdd"), "gap": [0.2, 1.5, 4.0, 0.8, 2.5, 3.0],
...                       "agree": [False, True, True, True, True, True]})
>>> round(fit_scale(pairs["gap"].to_numpy(), pairs["agree"].to_numpy()), 3)
0.387
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import pandas as pd

#: Gaps (metric points) the curve is read at by default.
GAPS = (0.5, 1.0, 2.0, 3.0, 5.0)


def agreement_at(gap: float, scale: float) -> float:
    """The model's share of pairs people agree with, at a metric gap ``gap``: 1 / (1 + exp(-gap / scale)).

    >>> agreement_at(0.0, 2.0), round(agreement_at(2.0, 2.0), 4)
    (0.5, 0.7311)
    """
    return 1 / (1 + math.exp(-abs(gap) / scale))


def fit_scale(gaps: np.ndarray, agree: np.ndarray) -> float:
    """The s that maximizes the likelihood of ``agree`` (True/False per pair) under the model, searched on a log
    scale from 0.01 to 1,000 metric points (when every pair agrees, the smaller s the better: 0.01 is returned)."""
    import numpy as np
    from scipy import optimize

    gaps, agree = np.abs(np.asarray(gaps, dtype=float)), np.asarray(agree, dtype=bool)
    if gaps.size == 0 or gaps.shape != agree.shape:
        raise BleuInputError("need one gap and one agreement per pair, and at least one pair")

    def negative_log_likelihood(log_scale: float) -> float:
        z = gaps / math.exp(log_scale)
        # log P(agree) = -log(1 + e^-z); log P(disagree) = -z - log(1 + e^-z)
        return float(np.sum(np.logaddexp(0, -z)) + np.sum(z[~agree]))

    found = optimize.minimize_scalar(negative_log_likelihood, bounds=(math.log(0.01), math.log(1000.0)),
                                     method="bounded", options={"xatol": 1e-6})
    return float(math.exp(found.x))


def agreement_curve(pairs: pd.DataFrame, gaps: Sequence[float] = GAPS, *, n_draws: int = 1000,
                    seed: Optional[int] = 12345) -> pd.DataFrame:
    """The fitted share of pairs people agree with at each gap, with the middle 95% of a bootstrap over systems.

    ``pairs``: one row per pair of systems with columns first, second, gap and agree. Returns one row per gap:
    ``agree`` (the model's share), ``low``, ``high``; ``scale`` (the fitted s) and ``pairs`` in the frame's ``attrs``.
    """
    import numpy as np
    import pandas as pd

    from .agreement import percentile_interval, system_draws

    if not {"first", "second", "gap", "agree"} <= set(getattr(pairs, "columns", ())):
        raise BleuInputError("pairs needs columns first, second, gap and agree (as pairwise_agreement gives)")
    names = list(dict.fromkeys([*pairs["first"], *pairs["second"]]))
    gap = np.full((len(names), len(names)), np.nan)
    agree = np.zeros((len(names), len(names)), dtype=bool)
    for row in pairs.itertuples(index=False):
        one, two = names.index(row.first), names.index(row.second)
        gap[one, two] = gap[two, one] = abs(row.gap)
        agree[one, two] = agree[two, one] = bool(row.agree)
    scale = fit_scale(pairs["gap"].to_numpy(), pairs["agree"].to_numpy())
    curves = []
    for drawn in system_draws(len(names), n_draws, seed):
        i, j = np.triu_indices(len(drawn), k=1)
        a, b = drawn[i], drawn[j]
        keep = (a != b) & ~np.isnan(gap[a, b])
        if not keep.any():
            continue
        s = fit_scale(gap[a, b][keep], agree[a, b][keep])
        curves.append([agreement_at(g, s) for g in gaps])
    draws = np.array(curves)
    rows = []
    for k, g in enumerate(gaps):
        low, high = percentile_interval(draws[:, k])
        rows.append({"gap": float(g), "agree": agreement_at(g, scale), "low": low, "high": high})
    table = pd.DataFrame(rows).set_index("gap")
    table.attrs.update(scale=scale, pairs=len(pairs))
    return table
