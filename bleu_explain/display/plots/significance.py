"""Is a difference real: paired tests' sampled statistics, a bootstrap interval, BLEU on blocks.

Each plot reads a result of :mod:`bleu_explain.analysis.significance` or
:mod:`bleu_explain.analysis.blocks` (or any object with the same fields); the
preset in a title is the one the result's signature carries.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

from ...analysis.agreement import p_in_words
from ...engine.errors import BleuInputError
from ..html.palette import CLIPPED_COLOUR, OKABE_ITO, series_colour
from .figure import Title, field, new_figure, preset_of, set_suptitle, set_title
from .style import PlotStyle, plot_style, styled

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

_TEST_NAMES = {"bs": "Paired bootstrap", "ar": "Approximate randomization"}
#: What each test's sample_deltas are, named as drawn (the bootstrap's are centred, so they go below 0).
_STATISTIC_LABELS = {
    "bs": "centred statistic (BLEU):\na resample's |\u0394| \u2212 mean |\u0394|",
    "ar": "statistic (BLEU):\n|A \u2212 B|, shuffled systems",
}


def _shared_parts(t: Any) -> tuple[str | None, str | None]:
    """What a test says about the two systems (their scores) and its preset: the same for tests of one pair."""
    scores = None
    if hasattr(t, "baseline_score") and hasattr(t, "system_score"):
        baseline, system = float(t.baseline_score), float(t.system_score)
        scores = f"baseline {baseline:.2f} vs system {system:.2f}, \u0394 = {system - baseline:+.2f}"
    return scores, preset_of(t)


def _draw_test(ax: Any, t: Any, k: int, label: str | None, own: tuple[str | None, str | None],
               s: PlotStyle) -> None:
    """One paired test: its sampled statistics, those beyond the observed one, the observed one, the title
    (with the scores and the preset ``own`` gives, when they are not the figure's)."""
    import numpy as np

    deltas = np.asarray(field(t, "sample_deltas"), dtype=float)
    if deltas.size == 0:
        raise BleuInputError(f"test {k} has no sample_deltas")
    statistic = float(field(t, "statistic", default=abs(float(t.observed_delta))))
    kind = str(field(t, "test", default=""))
    edges = np.histogram_bin_edges(np.append(deltas, statistic), bins=40)
    beyond = deltas > statistic
    seed = field(t, "seed")
    ax.hist(deltas[~beyond], bins=edges, color=OKABE_ITO["sky blue"], edgecolor="white",
            label=f"{field(t, 'n_samples', default=deltas.size)} samples" + (f", seed {seed}" if seed is not None else ""))
    ax.hist(deltas[beyond], bins=edges, color=CLIPPED_COLOUR, alpha=0.6, edgecolor="white",
            label=f"{int(beyond.sum())} beyond the observed")
    ax.axvline(statistic, color=CLIPPED_COLOUR, linewidth=s.line, label=f"observed |\u0394| = {statistic:.2f}")
    ax.set_xlabel(_STATISTIC_LABELS.get(kind, "sampled statistic (BLEU)"))
    ax.set_ylabel("samples")
    ax.margins(y=0.1)
    name = label or _TEST_NAMES.get(kind, kind or "paired test")
    set_title(ax, Title.of([[name, p_in_words(float(t.p_value))]], own[0], preset=own[1]), s)


@styled
def plot_significance(*tests: Any, labels: Sequence[str] | None = None,
                      figsize: tuple[float, float] | None = None, style: str | PlotStyle | None = None) -> Figure:
    """Each paired test's sampled statistic, the observed one, and the share beyond it (the p-value).

    Pass one or more results of ``paired_bootstrap`` / ``paired_approximate_randomization``:
    ``sample_deltas`` are the sampled values of the test statistic, ``statistic``
    the observed one (|observed_delta|), and ``p_value`` counts the samples above it.
    Tests of the same two systems under one preset say so once, over the figure;
    the legend sits below the plots, a column per test.
    """
    if not tests:
        raise BleuInputError("give at least one paired test result")
    s = plot_style(style)
    fig, axes = new_figure(figsize or (5.4 * len(tests), 5.0), ncols=len(tests), squeeze=False, style=s)
    shared = {_shared_parts(t) for t in tests}
    together = len(tests) > 1 and len(shared) == 1
    if together:
        scores, preset = next(iter(shared))
        set_suptitle(fig, Title.of(scores or "Paired tests", preset=preset), s)
    handles: list[Any] = []
    for k, (ax, t) in enumerate(zip(axes[0], tests)):
        own = (None, None) if together else _shared_parts(t)
        _draw_test(ax, t, k, labels[k] if labels and k < len(labels) else None, own, s)
        handles += zip(*ax.get_legend_handles_labels())
    # under the plots, one column per test (its counts are its own), in the order of the plots
    fig.legend(*zip(*handles), loc="outside lower center", ncols=len(tests), frameon=False)
    return fig


@styled
def plot_bootstrap(result: Any, *, label: str | None = None,
                   figsize: tuple[float, float] = (6.6, 4.2), style: str | PlotStyle | None = None) -> Figure:
    """The bootstrap distribution of one system's score with its confidence interval."""
    import numpy as np

    samples = np.asarray(field(result, "sample_scores"), dtype=float)
    if samples.size == 0:
        raise BleuInputError("the bootstrap result has no sample_scores")
    s = plot_style(style)
    lower, upper = float(field(result, "lower")), float(field(result, "upper"))
    score = float(field(result, "score"))
    fig, ax = new_figure(figsize, style=s)
    ax.axvspan(lower, upper, color=OKABE_ITO["yellow"], alpha=0.35, label=f"interval [{lower:.2f}, {upper:.2f}]")
    ax.hist(samples, bins=40, color=OKABE_ITO["sky blue"], edgecolor="white", label=f"{samples.size} resampled scores")
    ax.axvline(score, color=CLIPPED_COLOUR, linewidth=s.line, label=f"score on the test set {score:.2f}")
    ax.set_xlabel("BLEU (0-100)")
    ax.set_ylabel("number of samples")
    ax.margins(y=0.45)  # room for the legend over the bars
    ax.set_ylim(bottom=0)
    ax.legend(loc="upper left", frameon=False)
    seed = field(result, "seed")
    set_title(ax, Title.of("Bootstrap distribution of the score", label or "resampled test set",
                           f"seed {seed}" if seed is not None else None, preset=preset_of(result)), s)
    return fig


def _block_summaries(result: Any, table: Any) -> tuple[Any, Any, Any]:
    """The means, standard deviations and t-statistics a block result carries (computed from its table if not)."""
    means = field(result, "means")
    stds = field(result, "stds", "standard_deviations")
    tstats = field(result, "t_statistics", "t_stats", "t_values")
    return (table.mean() if means is None else means), (table.std() if stds is None else stds), tstats


@styled
def plot_blocks(result: Any, *, title: str | None = None, figsize: tuple[float, float] = (7.4, 4.6),
                style: str | PlotStyle | None = None) -> Figure:
    """Per-system BLEU on blocks of the test set: each block, the mean and one standard deviation (the paper's Table 2).

    ``result`` needs ``block_scores`` (a DataFrame, blocks x systems); the means,
    standard deviations and t-statistics are read from it when present.
    """
    import numpy as np

    table = field(result, "block_scores")
    if table is None or not hasattr(table, "columns"):
        raise BleuInputError("the block result needs block_scores: a DataFrame with one column per system")
    s = plot_style(style)
    systems = list(table.columns)
    means, stds, tstats = _block_summaries(result, table)
    fig, ax = new_figure(figsize, style=s)
    rng = np.random.default_rng(0)  # fixed jitter so the figure is the same every time
    for k, name in enumerate(systems):
        values = np.asarray(table[name], dtype=float)
        ax.scatter(k - 0.1 + rng.uniform(-0.1, 0.1, len(values)), values, s=s.dot * 0.6, color=series_colour(k),
                   alpha=0.5, linewidths=0)
        mean, std = float(means[name]), float(stds[name])
        ax.errorbar([k + 0.15], [mean], yerr=[std], fmt="o", color=OKABE_ITO["black"], markersize=s.marker * 0.8,
                    elinewidth=s.guide, capthick=s.guide)
        ax.annotate(f"{mean:.3g}\n\u00b1{std:.2g}", (k + 0.15, mean), xytext=(s.marker, 0), textcoords="offset points",
                    va="center", ha="left")
    if tstats is not None:
        top = float(np.nanmax(table.to_numpy(dtype=float)))
        for k in range(1, len(systems)):
            value = tstats.get(systems[k]) if hasattr(tstats, "get") else tstats[k]
            if value is None or (isinstance(value, float) and math.isnan(value)):
                continue
            ax.annotate(f"t = {float(value):.1f}", xy=(k - 0.5, top), xytext=(0, 8), textcoords="offset points",
                        ha="center", color=CLIPPED_COLOUR)
    ax.set_xticks(range(len(systems)), [str(system) for system in systems])
    ax.set_xlim(-0.5, len(systems) - 0.1)
    ax.margins(y=0.18)
    ax.set_xlabel("system")
    ax.set_ylabel("BLEU on a block")
    what = [f"BLEU on {len(table)} blocks: mean \u00b1 one standard deviation"]
    if tstats is not None:
        what.append("t: paired t-statistic against the system to the left")
    set_title(ax, Title.of(what, title, preset=preset_of(result)), s)
    return fig
