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
from ..palette import GREY, LIGHT_GREY, series_colour, series_marker
from .figure import new_figure, set_suptitle, set_title

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["plot_against_human", "plot_block_agreement", "plot_gap_agreement", "plot_neighbours", "plot_normalized"]

#: Beyond this many systems, points are not named by default.
MAX_NAMED = 12
#: Line styles of the three block correlations, in the order of correlation_by_block_size's columns.
_BLOCK_STYLES = {"metric vs all": "-", "metric vs block": ":", "block vs all": "--"}


def _need_columns(frame: Any, columns: Iterable[str], what: str) -> None:
    missing = [c for c in columns if c not in getattr(frame, "columns", ())]
    if missing:
        raise BleuInputError(f"{what} needs columns {missing} (as bleu_explain.analysis.human computes them)")


def _label_points(ax: Any, points: Mapping[str, tuple[float, float]]) -> None:
    """Name each point, nudging a label up where it would sit on a neighbour's (a grey tick joins it to its point)."""
    xs, ys = [p[0] for p in points.values()], [p[1] for p in points.values()]
    x_span, y_span = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    placed: list[tuple[float, float]] = []
    for name, (x, y) in sorted(points.items(), key=lambda item: item[1][1]):
        label_y = y
        for px, py in placed:
            if abs(px - x) < 0.12 * x_span and abs(py - label_y) < 0.06 * y_span:
                label_y = py + 0.06 * y_span
        placed.append((x, label_y))
        moved = label_y != y
        ax.annotate(str(name), (x, y), xytext=(x + 0.015 * x_span, label_y + 0.015 * y_span), fontsize=7.5,
                    arrowprops={"arrowstyle": "-", "color": LIGHT_GREY, "linewidth": 0.8} if moved else None)


def plot_against_human(metric: Mapping[str, float], human: Mapping[str, float], *,
                              humans: Iterable[str] = (), metric_name: str = "BLEU", human_name: str = "MQM",
                              names: bool | None = None, title: str | None = None, preset: str | None = None,
                              figsize: tuple[float, float] = (6.6, 4.6)) -> Figure:
    """Each system's human score against its metric score, least-squares lines and Pearson's r (Figures 5-6).

    Systems named in ``humans`` (human translations) are drawn apart; when
    there are any, the line and r are given for the machine systems alone and
    for everything. ``names``: write each system's name by its point (default:
    only when there are at most :data:`MAX_NAMED` systems, beyond which they cover each other).
    """
    import numpy as np

    from ...analysis.human import correlate

    if not isinstance(metric, Mapping) or not isinstance(human, Mapping):
        raise BleuInputError("metric and human must be mappings of system name -> score")
    systems = [n for n in metric if n in human]
    people = set(humans)
    machines = [n for n in systems if n not in people]
    if len(systems) < 3:
        raise BleuInputError(f"need at least 3 systems with both scores, got {len(systems)}")
    fig, ax = new_figure(figsize)
    groups = [("machine systems", machines, "-")] + ([("all", systems, "--")] if people & set(systems) else [])
    summary = []
    for label, group, style in groups:
        if len(group) < 3:
            continue
        x, y = np.array([metric[n] for n in group]), np.array([human[n] for n in group])
        r = correlate(x.tolist(), y.tolist()).r
        slope, intercept = np.polyfit(x, y, 1)
        xs = np.linspace(x.min(), x.max(), 50)  # each line only over the systems it was fitted to
        ax.plot(xs, slope * xs + intercept, color=GREY, linestyle=style, linewidth=1.4,
                label=f"{label} ({len(group)}): r = {r:.2f}")
        summary.append(f"r = {r:.2f} ({label})")
    for k, (label, group) in enumerate((("machine system", machines),
                                        ("human translation", [n for n in systems if n in people]))):
        if group:
            ax.plot([metric[n] for n in group], [human[n] for n in group], linestyle="none", label=label,
                    marker=series_marker(k), markersize=7, color=series_colour(k))
    if (len(systems) <= MAX_NAMED) if names is None else names:
        _label_points(ax, {n: (float(metric[n]), float(human[n])) for n in systems})
    ax.margins(x=0.08, y=0.1)
    ax.set_xlabel(metric_name)
    ax.set_ylabel(human_name)
    ax.legend(fontsize=8, frameon=False, loc="best")
    set_title(ax, f"{human_name} against {metric_name}: " + ", ".join(summary),
              title or f"{len(systems)} systems", preset)
    return fig


def plot_neighbours(human: pd.DataFrame, metric: pd.DataFrame, *, human_name: str = "MQM",
                               metric_name: str = "BLEU", title: str | None = None, preset: str | None = None,
                               figsize: tuple[float, float] | None = None) -> Figure:
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
    n = len(human)
    fig, axes = new_figure(figsize or (9.0, 1.6 + 0.42 * n), ncols=2, sharey=True)
    ys = list(range(n))[::-1]  # the first pair at the top
    for k, (ax, frame, name) in enumerate(zip(axes, (human, metric), (human_name, metric_name))):
        colour = series_colour(k)
        for y, (_, row) in zip(ys, frame.iterrows()):
            low, high, d = float(row["low"]), float(row["high"]), float(row["difference"])
            ax.plot([low, high], [y, y], color=colour, linewidth=2)
            excludes_zero = low > 0 or high < 0
            ax.plot([d], [y], marker=series_marker(k), markersize=7, color=colour,
                    markerfacecolor=colour if excludes_zero else "white", linestyle="none")
        ax.axvline(0, color=GREY, linewidth=1)
        ax.grid(axis="x", color=LIGHT_GREY, linewidth=0.6)
        ax.set_xlabel(f"{name} difference (better \u2212 worse in the order)")
        set_title(ax, f"{name}: difference and 95% interval", "")
    axes[0].set_yticks(ys, [str(p) for p in human.index], fontsize=8)
    set_suptitle(fig, f"Neighbours in {human_name}'s order: hollow = the interval includes 0", title or "", preset)
    return fig


def plot_normalized(frame: pd.DataFrame, *, title: str | None = None,
                    figsize: tuple[float, float] = (7.6, 4.2)) -> Figure:
    """Scores normalized by their range (0 worst, 1 best), one line per measure, systems in the frame's order
    (Figure 7)."""
    if not hasattr(frame, "columns") or frame.empty:
        raise BleuInputError("frame must be a non-empty table: one row per system, one column per measure")
    fig, ax = new_figure(figsize)
    xs = list(range(len(frame)))
    for k, column in enumerate(frame.columns):
        ax.plot(xs, frame[column].astype(float).tolist(), marker=series_marker(k), color=series_colour(k),
                linewidth=1.8, label=str(column))
    ax.set_xticks(xs, [str(s) for s in frame.index], rotation=30, ha="right", fontsize=8)
    ax.set_ylim(-0.05, 1.05)
    ax.set_ylabel("normalized score: (score \u2212 min) / (max \u2212 min)")
    ax.legend(fontsize=8, frameon=False, loc="upper left")
    set_title(ax, "Scores normalized by their range over the systems", title or f"{len(frame)} systems")
    return fig


def plot_block_agreement(tables: Mapping[str, pd.DataFrame], *, metric_name: str = "BLEU",
                         human_name: str = "MQM", measures: Sequence[str] = ("metric vs all", "block vs all"),
                         title: str | None = None, figsize: tuple[float, float] = (7.4, 4.4)) -> Figure:
    """Mean correlation over systems against the number of segments per block, per data set ("quantity leads to
    quality"); ``tables`` maps a label to a table of ``correlation_by_block_size``, ``measures`` picks its columns."""
    if not isinstance(tables, Mapping) or not tables:
        raise BleuInputError("tables must map a label to a table of correlation_by_block_size")
    unknown = [m for m in measures if m not in _BLOCK_STYLES]
    if unknown or not measures:
        raise BleuInputError(f"measures must be some of {list(_BLOCK_STYLES)}, got {list(measures)}")
    words = {"metric vs all": f"{metric_name} on the block vs {human_name} on all",
             "metric vs block": f"{metric_name} vs {human_name} on the same block",
             "block vs all": f"{human_name} on the block vs {human_name} on all"}
    fig, ax = new_figure(figsize)
    ticks: set[int] = set()
    smallest_all = min(float(t["segments_per_block"].iloc[-1]) for t in tables.values())
    for k, (label, table) in enumerate(tables.items()):
        _need_columns(table, ["segments_per_block", *measures], f"table {label!r}")
        xs = table["segments_per_block"].astype(float).tolist()
        ticks.update(int(x) for x in xs[:-1])  # the last point (every segment) is named by its point instead
        top = max(float(table[c].iloc[-1]) for c in measures)
        left = xs[-1] == smallest_all and len(tables) > 1  # two "all" points sit close: name them apart
        ax.annotate(f"all {int(xs[-1])}", (xs[-1], top), xytext=(-5 if left else 5, 2), textcoords="offset points",
                    ha="right" if left else "left", fontsize=7.5, color=series_colour(k))
        for column in measures:
            ax.plot(xs, table[column].astype(float).tolist(), linestyle=_BLOCK_STYLES[column],
                    marker=series_marker(k), color=series_colour(k), linewidth=1.6, markersize=5,
                    label=f"{label}: {words[column]}")
    ax.set_xscale("log")
    ax.set_xticks(sorted(ticks), [str(t) for t in sorted(ticks)])
    ax.minorticks_off()
    ax.margins(x=0.08)
    ax.axhline(0, color=GREY, linewidth=0.8)
    ax.set_ylim(-0.1, 1.1)
    ax.set_xlabel("segments per block (log scale; the last point: all rated segments)")
    ax.set_ylabel("mean Pearson r over blocks")
    ax.legend(fontsize=7.5, frameon=False, loc="upper left")
    set_title(ax, "Quantity leads to quality: agreement grows with the block", title or "")
    return fig


def plot_gap_agreement(tables: Mapping[str, pd.DataFrame], *, metric_name: str = "BLEU",
                          title: str | None = None, figsize: tuple[float, float] = (7.6, 4.2)) -> Figure:
    """For each bin of the metric's gap, the share of system pairs the metric orders as people do, per data set;
    ``tables`` maps a label to a table of ``agreement_by_gap``."""
    if not isinstance(tables, Mapping) or not tables:
        raise BleuInputError("tables must map a label to a table of agreement_by_gap")
    bins = list(next(iter(tables.values())).index)
    width = 0.8 / len(tables)
    fig, ax = new_figure(figsize)
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
            ax.text(x, fraction + 0.02, f"{int(row['pairs'])}", ha="center", fontsize=7)
    ax.axhline(0.5, color=GREY, linestyle="--", linewidth=1)
    ax.text(len(bins) - 0.45, 0.51, "coin toss", ha="right", va="bottom", fontsize=8, color=GREY)
    ax.set_xticks(range(len(bins)), [str(b) for b in bins])
    ax.set_ylim(0, 1.12)
    ax.set_xlabel(f"{metric_name} gap between the two systems (points)")
    ax.set_ylabel("share of pairs ordered as people order them")
    ax.legend(fontsize=8, frameon=False, loc="upper left")
    set_title(ax, f"How big a {metric_name} gap can you trust?", title or "number over a bar: pairs in the bin")
    return fig
