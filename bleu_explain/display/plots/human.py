"""A metric against human judgments: the paper's Figures 3, 5-6 and 7 on any data, blocks and pairs of systems.

Each plot draws tables or mappings that :mod:`bleu_explain.analysis.human`
computes; nothing here scores a translation.

>>> fig = plot_against_human({"a": 30.0, "b": 31.0, "c": 29.0}, {"a": -1.2, "b": -1.0, "c": -1.6})
>>> fig.axes[0].get_xlabel(), fig.axes[0].get_ylabel()
('BLEU', 'MQM')
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ...engine.errors import BleuInputError
from ..html.palette import series_colour, series_marker
from .figure import Title, new_figure, set_suptitle, set_title, text_width
from .labels import place_labels
from .scatter import MAX_NAMED, plot_scatter_fit
from .style import PlotStyle, plot_style, styled

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["MAX_NAMED", "plot_against_human", "plot_block_agreement", "plot_gap_agreement", "plot_neighbours",
           "plot_normalized"]

#: Line styles of the three block correlations, in the order of correlation_by_block_size's columns.
_BLOCK_STYLES = {"metric vs all": "-", "metric vs block": ":", "block vs all": "--"}


def _need_columns(frame: Any, columns: Iterable[str], what: str) -> None:
    missing = [c for c in columns if c not in getattr(frame, "columns", ())]
    if missing:
        raise BleuInputError(f"{what} needs columns {missing} (as bleu_explain.analysis.human computes them)")


def plot_against_human(metric: Mapping[str, float], human: Mapping[str, float], *,
                       humans: Iterable[str] = (), metric_name: str = "BLEU", human_name: str = "MQM",
                       names: bool | None = None, title: str | None = None, preset: str | None = None,
                       figsize: tuple[float, float] = (6.6, 4.6), style: str | PlotStyle | None = None) -> Figure:
    """Each system's human score against its metric score, least-squares lines and Pearson's r (Figures 5-6).

    The metric goes across and the human score up; systems named in ``humans``
    (human translations) are drawn apart, and the line and r are then given for
    the machine systems alone and for everything. ``names``: write each system's
    name by its point (default: only when there are at most :data:`MAX_NAMED`).
    Drawn by :func:`~bleu_explain.display.plots.scatter.plot_scatter_fit`.
    """
    return plot_scatter_fit(metric, human, x_name=metric_name, y_name=human_name, apart=humans, names=names,
                            title=title, preset=preset, figsize=figsize, style=style)


@styled
def plot_neighbours(human: pd.DataFrame, metric: pd.DataFrame, *, human_name: str = "MQM",
                    metric_name: str = "BLEU", title: str | None = None, preset: str | None = None,
                    figsize: tuple[float, float] | None = None, style: str | PlotStyle | None = None) -> Figure:
    """Differences between neighbouring systems with their 95% intervals: people left, the metric right (Figure 3).

    Both tables are indexed by pair (``"B − A"``) with columns ``difference``,
    ``low`` and ``high``, as ``neighbour_differences`` and
    ``bleu_neighbour_differences`` give them. A hollow mark: the interval
    includes 0.
    """
    for frame, what in ((human, "the human table"), (metric, "the metric table")):
        _need_columns(frame, ("difference", "low", "high"), what)
    if list(human.index) != list(metric.index):
        raise BleuInputError("the two tables must list the same pairs in the same order")
    s = plot_style(style)
    n = len(human)
    fig, axes = new_figure(figsize or (9.0, 1.8 + 0.42 * n), ncols=2, sharey=True, style=s)
    ys = list(range(n))[::-1]  # the first pair at the top
    for k, (ax, frame, name) in enumerate(zip(axes, (human, metric), (human_name, metric_name))):
        colour = series_colour(k)
        for y, (_, row) in zip(ys, frame.iterrows()):
            low, high, d = float(row["low"]), float(row["high"]), float(row["difference"])
            ax.plot([low, high], [y, y], color=colour, linewidth=s.line)
            excludes_zero = low > 0 or high < 0
            ax.plot([d], [y], marker=series_marker(k), markersize=s.marker, color=colour, markeredgewidth=s.thin * 1.5,
                    markerfacecolor=colour if excludes_zero else "white", linestyle="none")
        ax.axvline(0, color=s.guide_colour, linewidth=s.guide)
        ax.grid(axis="x")
        ax.set_xlabel(f"{name} difference")
        set_title(ax, Title.of(name), s)
    axes[0].set_yticks(ys, [str(p) for p in human.index])
    axes[0].set_ylabel("pair")
    set_suptitle(fig, Title.of([[f"Neighbours in {human_name}'s order", "better \u2212 worse, 95% interval",
                                 "hollow: the interval includes 0"]], title, preset=preset), s)
    return fig


@styled
def plot_normalized(frame: pd.DataFrame, *, title: str | None = None,
                    figsize: tuple[float, float] = (7.6, 5.0), style: str | PlotStyle | None = None) -> Figure:
    """Scores normalized by their range (0 worst, 1 best), one line per measure, systems in the frame's order
    (Figure 7)."""
    if not hasattr(frame, "columns") or frame.empty:
        raise BleuInputError("frame must be a non-empty table: one row per system, one column per measure")
    s = plot_style(style)
    fig, ax = new_figure(figsize, style=s)
    xs = list(range(len(frame)))
    for k, column in enumerate(frame.columns):
        ax.plot(xs, frame[column].astype(float).tolist(), marker=series_marker(k), color=series_colour(k),
                label=str(column))
    names = [str(system) for system in frame.index]
    # names side by side if they fit, else upright (slanted names would cover each other's boxes)
    width_pt = max(text_width(name, s.text) for name in names) * len(names) * 1.15
    upright = width_pt > fig.get_figwidth() * 72 * 0.8
    ax.set_xticks(xs, names, rotation=90 if upright else 0)
    ax.set_ylim(-0.05, 1.05)
    ax.set_xlabel("system")
    ax.set_ylabel("normalized score:\n(score \u2212 min) / (max \u2212 min)")
    # under the axes: the lines start at the left and run across, so no corner inside is free
    fig.legend(*ax.get_legend_handles_labels(), frameon=False, loc="outside lower center",
               ncols=min(len(frame.columns), 4))
    set_title(ax, Title.of("Scores normalized by their range over the systems", title or f"{len(frame)} systems"), s)
    return fig


@styled
def plot_block_agreement(tables: Mapping[str, pd.DataFrame], *, metric_name: str = "BLEU",
                         human_name: str = "MQM", measures: Sequence[str] = ("metric vs all", "block vs all"),
                         title: str | None = None, figsize: tuple[float, float] = (7.4, 5.2),
                         style: str | PlotStyle | None = None) -> Figure:
    """Mean correlation over systems against the number of segments per block, per data set ("quantity leads to
    quality"); ``tables`` maps a label to a table of ``correlation_by_block_size``, ``measures`` picks its columns.

    The legend sits below the axes, where it covers no line.
    """
    if not isinstance(tables, Mapping) or not tables:
        raise BleuInputError("tables must map a label to a table of correlation_by_block_size")
    unknown = [m for m in measures if m not in _BLOCK_STYLES]
    if unknown or not measures:
        raise BleuInputError(f"measures must be some of {list(_BLOCK_STYLES)}, got {list(measures)}")
    words = {"metric vs all": f"{metric_name} on the block vs {human_name} on all",
             "metric vs block": f"{metric_name} vs {human_name} on the same block",
             "block vs all": f"{human_name} on the block vs {human_name} on all"}
    s = plot_style(style)
    fig, ax = new_figure(figsize, style=s)
    ticks: set[int] = set()
    ends: dict[str, tuple[float, float]] = {}  # "all N" -> the highest last point of a data set
    colours: dict[str, str] = {}
    for k, (label, table) in enumerate(tables.items()):
        _need_columns(table, ["segments_per_block", *measures], f"table {label!r}")
        xs = table["segments_per_block"].astype(float).tolist()
        ticks.update(int(x) for x in xs[:-1])  # the last point (every segment) is named by its point instead
        name = f"all {int(xs[-1])}" + ("" if f"all {int(xs[-1])}" not in ends else f" ({label})")
        ends[name] = (xs[-1], max(float(table[c].iloc[-1]) for c in measures))
        colours[name] = series_colour(k)
        for column in measures:
            ax.plot(xs, table[column].astype(float).tolist(), linestyle=_BLOCK_STYLES[column],
                    marker=series_marker(k), color=series_colour(k), label=f"{label}: {words[column]}")
    ax.set_xscale("log")
    ax.set_xticks(sorted(ticks), [str(t) for t in sorted(ticks)])
    ax.minorticks_off()
    ax.margins(x=0.15)
    ax.axhline(0, color=s.guide_colour, linewidth=s.thin)
    ax.set_ylim(-0.1, 1.15)
    ax.set_xlabel("segments per block (log scale)")
    ax.set_ylabel("mean Pearson r over blocks")
    fig.legend(*ax.get_legend_handles_labels(), frameon=False, loc="outside lower center", ncols=1)
    set_title(ax, Title.of("Quantity leads to quality: agreement grows with the block", title,
                           "the last point: all rated segments"), s)
    place_labels(ax, ends, s, colours=colours)
    return fig


@styled
def plot_gap_agreement(tables: Mapping[str, pd.DataFrame], *, metric_name: str = "BLEU",
                       title: str | None = None, figsize: tuple[float, float] = (7.6, 4.6),
                       style: str | PlotStyle | None = None) -> Figure:
    """For each bin of the metric's gap, the share of system pairs the metric orders as people do, per data set;
    ``tables`` maps a label to a table of ``agreement_by_gap``."""
    if not isinstance(tables, Mapping) or not tables:
        raise BleuInputError("tables must map a label to a table of agreement_by_gap")
    s = plot_style(style)
    bins = list(next(iter(tables.values())).index)
    width = 0.8 / len(tables)
    fig, ax = new_figure(figsize, style=s)
    for k, (label, table) in enumerate(tables.items()):
        _need_columns(table, ("pairs", "fraction"), f"table {label!r}")
        if list(table.index) != bins:
            raise BleuInputError("every table must have the same bins")
        legend: str | None = label
        for b, (_, row) in enumerate(table.iterrows()):
            x = b - 0.4 + width * (k + 0.5)
            fraction = float(row["fraction"])
            if math.isnan(fraction):  # no pair in this bin
                continue
            ax.bar([x], [fraction], width=width * 0.92, color=series_colour(k), label=legend)
            legend = None
            ax.annotate(f"{int(row['pairs'])}", (x, fraction), xytext=(0, 2), textcoords="offset points",
                        ha="center", va="bottom")
    ax.axhline(0.5, color=s.guide_colour, linestyle="--", linewidth=s.guide, label="a coin toss")
    ax.set_xticks(range(len(bins)), [str(b) for b in bins])
    ax.set_xlim(-0.5, len(bins) - 0.5)
    ax.set_ylim(0, 1.12)
    ax.set_xlabel(f"{metric_name} gap between the two systems (points)")
    ax.set_ylabel("share of pairs ordered\nas people order them")
    handles, labels = ax.get_legend_handles_labels()  # the coin toss (a line) comes first: put it last
    fig.legend(handles[1:] + handles[:1], labels[1:] + labels[:1], frameon=False, loc="outside lower center",
               ncols=min(len(tables), 2))
    set_title(ax, Title.of(f"How big a {metric_name} gap can you trust?",
                           title or "number over a bar: pairs in the bin"), s)
    return fig


@styled
def plot_agreement_curve(curves: Mapping[str, pd.DataFrame], *, metric_name: str = "BLEU", title: str | None = None,
                         figsize: tuple[float, float] = (7.6, 4.6), style: str | PlotStyle | None = None) -> Figure:
    """How often people agree with a metric gap of Δ: for each data set, the fitted share of system pairs people order
    as the metric does, against the gap, with its 95% band; ``curves`` maps a label to a table of
    :func:`~bleu_explain.analysis.delta_agreement.agreement_curve` (indexed by the gap; columns agree, low, high)."""
    if not isinstance(curves, Mapping) or not curves:
        raise BleuInputError("curves must map a label to a table of agreement_curve")
    s = plot_style(style)
    fig, ax = new_figure(figsize, style=s)
    for k, (label, curve) in enumerate(curves.items()):
        _need_columns(curve, ("agree", "low", "high"), f"curve {label!r}")
        gaps = [float(g) for g in curve.index]
        ax.fill_between(gaps, curve["low"], curve["high"], color=series_colour(k), alpha=0.2, linewidth=0)
        ax.plot(gaps, curve["agree"], color=series_colour(k), linewidth=s.line, label=label)
    ax.axhline(0.5, color=s.guide_colour, linestyle="--", linewidth=s.guide, label="a coin toss")
    ax.set_ylim(0.4, 1.02)
    ax.set_xlim(left=0)
    ax.set_xlabel(f"{metric_name} gap between the two systems (points)")
    ax.set_ylabel("share of pairs people\norder as the metric does")
    fig.legend(frameon=False, loc="outside lower center", ncols=min(len(curves) + 1, 2))
    set_title(ax, Title.of(f"How often do people agree with a {metric_name} gap of \u0394?",
                           title or "the fitted curve and its 95% band (bootstrap over systems)"), s)
    return fig
