"""Is a difference real: paired tests' sampled statistics, a bootstrap interval, BLEU on blocks.

Each plot reads a result of :mod:`bleu_explain.analysis.significance` or
:mod:`bleu_explain.analysis.blocks` (or any object with the same fields); the
preset in a title is the one the result's signature carries.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

from ...engine.errors import BleuInputError
from ..palette import CLIPPED_COLOUR, LIGHT_GREY, OKABE_ITO, series_colour
from .figure import SEP, field, new_figure, preset_of, set_title

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

_TEST_NAMES = {"bs": "Paired bootstrap", "ar": "Approximate randomization"}
#: What each test's sample_deltas are, named as drawn (the bootstrap's are centred, so they go below 0).
_STATISTIC_LABELS = {
    "bs": "centred statistic: a resample's |\u0394| minus the mean |\u0394| (BLEU)",
    "ar": "statistic: |A \u2212 B| of shuffled pseudo-systems (BLEU)",
}


def plot_significance(*tests: Any, labels: Sequence[str] | None = None,
                      figsize: tuple[float, float] | None = None) -> Figure:
    """Each paired test's sampled statistic, the observed one, and the share beyond it (the p-value).

    Pass one or more results of ``paired_bootstrap`` / ``paired_approximate_randomization``:
    ``sample_deltas`` are the sampled values of the test statistic, ``statistic``
    the observed one (|observed_delta|), and ``p_value`` counts the samples above it.
    """
    import numpy as np

    if not tests:
        raise BleuInputError("give at least one paired test result")
    fig, axes = new_figure(figsize or (5.4 * len(tests), 4.0), ncols=len(tests), squeeze=False)
    for k, (ax, t) in enumerate(zip(axes[0], tests)):
        deltas = np.asarray(field(t, "sample_deltas"), dtype=float)
        if deltas.size == 0:
            raise BleuInputError(f"test {k} has no sample_deltas")
        observed = float(t.observed_delta)
        statistic = float(field(t, "statistic", default=abs(observed)))
        kind = str(field(t, "test", default=""))
        edges = np.histogram_bin_edges(np.append(deltas, statistic), bins=40)
        beyond = deltas > statistic
        ax.hist(deltas[~beyond], bins=edges, color=OKABE_ITO["sky blue"], edgecolor="white",
                label=f"{deltas.size} sampled statistics")
        ax.hist(deltas[beyond], bins=edges, color=CLIPPED_COLOUR, alpha=0.6, edgecolor="white",
                label=f"{int(beyond.sum())} beyond the observed one")
        ax.axvline(statistic, color=CLIPPED_COLOUR, linewidth=2,
                   label=f"observed: \u0394 = {observed:+.2f}, |\u0394| = {statistic:.2f}")
        ax.set_xlabel(_STATISTIC_LABELS.get(kind, "sampled statistic (BLEU)"), fontsize=9)
        ax.set_ylabel("number of samples")
        ax.margins(y=0.25)  # room for the legend above the bars
        ax.legend(loc="upper center", fontsize=8, frameon=True, framealpha=0.9, edgecolor=LIGHT_GREY)
        name = labels[k] if labels and k < len(labels) else _TEST_NAMES.get(kind, kind or "paired test")
        parts = []
        if hasattr(t, "baseline_score") and hasattr(t, "system_score"):
            parts.append(f"baseline {float(t.baseline_score):.2f} vs system {float(t.system_score):.2f}")
        seed = field(t, "seed")
        n = field(t, "n_samples", default=deltas.size)
        parts.append(f"n = {n}" + (f", seed {seed}" if seed is not None else ""))
        set_title(ax, f"{name}: p = {float(t.p_value):.4f}", SEP.join(parts), preset_of(t), fontsize=10)
    return fig


def plot_bootstrap(result: Any, *, label: str | None = None,
                   figsize: tuple[float, float] = (6.5, 3.9)) -> Figure:
    """The bootstrap distribution of one system's score with its confidence interval."""
    import numpy as np

    samples = np.asarray(field(result, "sample_scores"), dtype=float)
    if samples.size == 0:
        raise BleuInputError("the bootstrap result has no sample_scores")
    lower, upper = float(field(result, "lower")), float(field(result, "upper"))
    score = float(field(result, "score"))
    fig, ax = new_figure(figsize)
    ax.axvspan(lower, upper, color=OKABE_ITO["yellow"], alpha=0.35, label=f"interval [{lower:.2f}, {upper:.2f}]")
    ax.hist(samples, bins=40, color=OKABE_ITO["sky blue"], edgecolor="white", label=f"{samples.size} resampled scores")
    ax.axvline(score, color=CLIPPED_COLOUR, linewidth=2, label=f"score on the test set {score:.2f}")
    ax.set_xlabel("BLEU (0-100)")
    ax.set_ylabel("number of samples")
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    seed = field(result, "seed")
    data = (label or "resampled test set") + (f"{SEP}seed {seed}" if seed is not None else "")
    set_title(ax, "Bootstrap distribution of the score", data, preset_of(result))
    return fig


def plot_blocks(result: Any, *, title: str | None = None, figsize: tuple[float, float] = (7.0, 4.2)) -> Figure:
    """Per-system BLEU on blocks of the test set: each block, the mean and one standard deviation (the paper's Table 2).

    ``result`` needs ``block_scores`` (a DataFrame, blocks x systems); the means,
    standard deviations and t-statistics are read from it when present.
    """
    import numpy as np

    table = field(result, "block_scores")
    if table is None or not hasattr(table, "columns"):
        raise BleuInputError("the block result needs block_scores: a DataFrame with one column per system")
    systems = list(table.columns)
    means = field(result, "means")
    stds = field(result, "stds", "standard_deviations")
    tstats = field(result, "t_statistics", "t_stats", "t_values")
    means = table.mean() if means is None else means
    stds = table.std() if stds is None else stds
    fig, ax = new_figure(figsize)
    rng = np.random.default_rng(0)  # fixed jitter so the figure is the same every time
    for k, name in enumerate(systems):
        values = np.asarray(table[name], dtype=float)
        ax.scatter(k + rng.uniform(-0.12, 0.12, len(values)), values, s=12, color=series_colour(k), alpha=0.5)
        mean, std = float(means[name]), float(stds[name])
        ax.errorbar([k + 0.28], [mean], yerr=[std], fmt="o", color=OKABE_ITO["black"], capsize=4, markersize=6)
        ax.text(k + 0.36, mean, f"{mean:.3g}\n\u00b1{std:.2g}", fontsize=7.5, va="center")
    if tstats is not None:
        top = float(np.nanmax(table.to_numpy(dtype=float)))
        for k in range(1, len(systems)):
            value = tstats.get(systems[k]) if hasattr(tstats, "get") else tstats[k]
            if value is None or (isinstance(value, float) and math.isnan(value)):
                continue
            ax.annotate(f"t = {float(value):.1f}", xy=(k - 0.5, top), xytext=(0, 8), textcoords="offset points",
                        ha="center", fontsize=8, color=CLIPPED_COLOUR)
    ax.set_xticks(range(len(systems)), [str(s) for s in systems])
    ax.set_xlim(-0.5, len(systems) - 0.2)
    ax.margins(y=0.15)
    ax.set_xlabel("system")
    ax.set_ylabel("BLEU on a block")
    what = f"BLEU on {len(table)} blocks: mean \u00b1 one standard deviation"
    if tstats is not None:
        what += "\nt: paired t-statistic against the system to the left"
    set_title(ax, what, title or "", preset_of(result))
    return fig
