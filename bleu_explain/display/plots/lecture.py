"""The lecture's pictures: a few plain shapes, every word on them given by the caller.

The deck (``lecture/deck.LANG.md``) holds the words of a lecture in one language, the pictures' labels
included; :mod:`bleu_explain.display.export.lecture_pictures` computes each picture's numbers with the
engine and passes them here with the labels of the deck's language. So these functions write no word of
their own, and draw in the style they are given: its sizes, and its font family (a CJK font for a Chinese
deck). Each is a shape a slide needs:

* :func:`plot_token_rows` -- sentences as rows of tokens, each coloured by what clipping made of it;
* :func:`plot_bars` -- groups of bars with a number over each, and guide lines;
* :func:`plot_curves` -- lines and marked points, optionally the diagonal;
* :func:`plot_step_strip` -- BLEU's steps as a strip of boxes, one row of values per tool, one column marked;
* :func:`plot_histograms` -- sampled statistics under a null, beside each other, the observed value marked;
* :func:`plot_named_points` -- named points in groups, with a least-squares line through the first group.

>>> fig = plot_bars({"p1": {"a": 0.5}, "p2": {"a": 0.25}}, value_label="precision", style="projector")
>>> round(fig.get_figwidth() * fig.dpi)
1280
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...engine.errors import BleuInputError
from ..html.palette import CLIPPED_COLOUR, LIGHT_GREY, OKABE_ITO, SERIES_COLOURS, SERIES_MARKERS
from .figure import new_figure, text_width
from .labels import place_labels
from .style import PlotStyle, plot_style, styled

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

#: A token's colour by what clipping made of it (the highlighting's colours).
TOKEN_COLOURS = {"credited": OKABE_ITO["sky blue"], "clipped": CLIPPED_COLOUR, "unmatched": LIGHT_GREY}
#: The size of a slide's picture area, in screen inches (the projector style scales it to 1280 pixels wide).
WIDE = (10.0, 4.2)
#: The colour of marked points.
INK_DOT = "#111111"


def _size(s: PlotStyle, size: tuple[float, float]) -> tuple[float, float]:
    """A lecture picture keeps its own shape (not the 16:9 floor of notebook figures)."""
    return (s.width, size[1] * s.width / size[0]) if s.width else size


@styled
def plot_token_rows(rows: Sequence[tuple[str, Sequence[tuple[str, str]]]], legend: Mapping[str, str], *,
                    size: tuple[float, float] = WIDE, style: str | PlotStyle | None = None) -> Figure:
    """Each row: a name, then its tokens as boxes coloured by status (``credited``, ``clipped``, ``unmatched``),
    wrapped to the width. ``legend`` names the statuses shown (status -> words)."""
    from matplotlib.patches import FancyBboxPatch

    s = plot_style(style)
    fig, ax = new_figure(_size(s, size), layout=None, style=s)
    fig.subplots_adjust(0.01, 0.01, 0.99, 0.99)
    ax.set_axis_off()
    ax.set_xticks([])
    ax.set_yticks([])
    width_pt, height_pt = fig.get_figwidth() * 72, fig.get_figheight() * 72
    font = s.label * 1.15
    pad, gap, line = 0.3 * font, 0.35 * font, 1.9 * font
    x, y = pad, height_pt - line
    for name, tokens in rows:
        x = pad
        ax.text(x / width_pt, y / height_pt, name, fontsize=font, fontweight="bold", va="center",
                transform=ax.transAxes)
        y -= line
        x = pad
        for token, status in tokens:
            if status not in TOKEN_COLOURS:
                raise BleuInputError(f"unknown token status {status!r}; use one of {', '.join(TOKEN_COLOURS)}")
            w = text_width(token, font) + 2 * pad
            if x + w > width_pt - pad:
                x, y = pad, y - line
            ax.add_patch(FancyBboxPatch(((x) / width_pt, (y - 0.62 * font) / height_pt), w / width_pt,
                                        1.24 * font / height_pt, boxstyle="round,pad=0", transform=ax.transAxes,
                                        facecolor=TOKEN_COLOURS[status], edgecolor="none"))
            ax.text((x + pad) / width_pt, y / height_pt, token, fontsize=font, va="center", transform=ax.transAxes,
                    color="white" if status == "clipped" else "black")
            x += w + gap
        y -= 1.35 * line
    handles = [FancyBboxPatch((0, 0), 1, 1, facecolor=TOKEN_COLOURS[k], edgecolor="none") for k in legend]
    fig.legend(handles, list(legend.values()), loc="lower center", ncols=len(legend), frameon=False,
               fontsize=s.text, handlelength=1.2, columnspacing=1.0)
    return fig


def columns(text: str) -> int:
    """How wide a text is drawn, in Latin characters: a Chinese (or other wide) character takes two.

    >>> columns("BLEU"), columns("简洁惩罚因子")
    (4, 12)
    """
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int) -> str:
    r"""``text`` in lines of at most ``width`` columns (:func:`columns`): :func:`textwrap.fill` for Latin text;
    Chinese, written without spaces, may break between any two of its characters.

    >>> wrap("brevity penalty", 9), wrap("简洁惩罚因子", 9), wrap("统计 n-gram", 9)
    ('brevity\npenalty', '简洁惩罚\n因子', '统计\nn-gram')
    """
    import textwrap

    if columns(text) == len(text):
        return textwrap.fill(text, width)
    units = re.findall(r"\s+|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\S", text)  # a Latin word, or one wide character
    lines, line = [], ""
    for unit in units:
        if line.strip() and columns(line + unit.rstrip()) > width:
            lines.append(line.rstrip())
            line = unit.lstrip()
        else:
            line += unit
    return "\n".join(lines + [line.rstrip()])


def _many(groups: Sequence[str]) -> bool:
    """Too many names, or too long, to stand side by side under vertical bars: the bars lie down."""
    return len(groups) > 6 or sum(columns(g) for g in groups) > 60


@styled
def plot_bars(groups: Mapping[str, Mapping[str, float]], *, value_label: str = "",
              texts: Mapping[tuple[str, str], str] | None = None, lines: Sequence[tuple[float, str]] = (),
              limits: tuple[float, float] | None = None, highlight: Sequence[str] = (),
              errors: Mapping[tuple[str, str], tuple[float, float]] | None = None,
              size: tuple[float, float] = WIDE, style: str | PlotStyle | None = None) -> Figure:
    """Bars in groups (group -> bar -> value), a colour per bar name, ``texts`` at the bars' ends ((group, bar) ->
    words; default the value), guide ``lines`` (value, words), ``highlight``: groups or bar names drawn in the
    clipped colour, ``errors``: (group, bar) -> (low, high), an interval drawn across the bar's end. Many groups,
    or long names, are drawn as horizontal bars, a name a row."""
    if not groups:
        raise BleuInputError("plot_bars needs at least one group")
    s = plot_style(style)
    fig, ax = new_figure(_size(s, size), style=s)
    names = list(dict.fromkeys(bar for bars in groups.values() for bar in bars))
    lying = _many(list(groups))
    width = 0.8 / len(names)
    for k, name in enumerate(names):
        at = [i + (k - (len(names) - 1) / 2) * width for i, bars in enumerate(groups.values()) if name in bars]
        values = [bars[name] for bars in groups.values() if name in bars]
        own = SERIES_COLOURS[k % len(SERIES_COLOURS)]
        colours = [CLIPPED_COLOUR if name in highlight or group in highlight else own
                   for group, bars in groups.items() if name in bars]
        (ax.barh if lying else ax.bar)(at, values, width * 0.92, color=colours, label=name)
        _interval_bars(ax, at, [errors.get((g, name)) if errors else None for g, b in groups.items() if name in b],
                       s, lying)
        for x, (group, bars) in zip(at, ((g, b) for g, b in groups.items() if name in b)):
            words = (texts or {}).get((group, name), f"{bars[name]:g}")
            end = max(bars[name], (errors or {}).get((group, name), (0.0, bars[name]))[1])  # beyond its interval
            if lying:
                ax.annotate(words, (end, x), xytext=(4, 0), textcoords="offset points", ha="left",
                            va="center", fontsize=s.text)
            else:  # side by side in a narrow group: turned, so that neighbours' words do not meet
                ax.annotate(words, (x, end), xytext=(0, 4), textcoords="offset points", ha="center",
                            va="bottom", fontsize=s.label if len(names) < 3 else s.text,
                            rotation=0 if len(names) < 3 else 90)
    for k, (value, words) in enumerate(lines):
        (ax.axvline if lying else ax.axhline)(value, color=s.guide_colour, linewidth=s.guide,
                                              linestyle=("--", ":", "-.")[k % 3], label=words)
    _group_ticks(ax, list(groups), s, lying)
    (ax.set_xlabel if lying else ax.set_ylabel)(wrap(value_label, 28))
    if limits:
        (ax.set_xlim if lying else ax.set_ylim)(*limits)
    else:
        ax.margins(**({"x": 0.15} if lying else {"y": 0.18}))
    ax.spines[["top", "right"]].set_visible(False)
    if len(names) > 1 or lines:  # above the axes, where it covers no bar
        handles, words = ax.get_legend_handles_labels()
        keep = [(h, w) for h, w in zip(handles, words) if w]
        if sum(columns(w) for _, w in keep) > 45:  # too wide for a row above: a column above, the axes keep the width
            fig.legend(*zip(*keep), frameon=False, loc="outside upper right", fontsize=s.text, ncols=1)
        else:
            ax.legend(*zip(*keep), frameon=False, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(keep),
                      fontsize=s.text)
    return fig


def _interval_bars(ax: Any, at: Sequence[float], intervals: Sequence[tuple[float, float] | None], s: PlotStyle,
                   lying: bool) -> None:
    """An interval across each bar that has one: a line from low to high with short caps."""
    for x, interval in zip(at, intervals):
        if interval is None:
            continue
        low, high = interval
        draw = ax.hlines if lying else ax.vlines
        draw(x, low, high, color=s.guide_colour, linewidth=s.line)
        caps = ax.vlines if lying else ax.hlines
        caps([low, high], x - 0.06, x + 0.06, color=s.guide_colour, linewidth=s.line)


def _group_ticks(ax: Any, groups: list[str], s: PlotStyle, lying: bool) -> None:
    """The groups' names beside their bars: under them, wrapped to the room a group has, or a row each."""
    import numpy as np

    if lying:
        ax.set_yticks(np.arange(len(groups)), groups, fontsize=s.text)
        ax.invert_yaxis()  # the first group on top, as it is read
        return
    width = max(6, int(60 / len(groups)))
    ax.set_xticks(np.arange(len(groups)), [wrap(g, width) for g in groups], fontsize=s.label)


@styled
def plot_curves(curves: Mapping[str, tuple[Sequence[float], Sequence[float]]], *, x_label: str, y_label: str,
                points: Mapping[str, tuple[float, float]] | None = None, lines: Sequence[tuple[float, str]] = (),
                diagonal: str | None = None, limits: tuple[tuple[float, float], tuple[float, float]] | None = None,
                size: tuple[float, float] = WIDE, style: str | PlotStyle | None = None) -> Figure:
    """Named curves (name -> (xs, ys)), named points, horizontal guide ``lines`` (value, words) and, when
    ``diagonal`` names it, the line y = x."""
    s = plot_style(style)
    fig, ax = new_figure(_size(s, size), style=s)
    for k, (name, (xs, ys)) in enumerate(curves.items()):
        ax.plot(xs, ys, color=SERIES_COLOURS[k % len(SERIES_COLOURS)], label=name,
                linestyle=("-", "--", ":", "-.")[k % 4])
    if diagonal:
        ax.plot([0, 1], [0, 1], color=s.guide_colour, linewidth=s.guide, linestyle=":", label=diagonal)
    for value, words in lines:
        ax.axhline(value, color=s.guide_colour, linewidth=s.guide, linestyle="--")
        ax.annotate(words, (1, value), xycoords=("axes fraction", "data"), xytext=(-4, 4),
                    textcoords="offset points", ha="right", va="bottom", fontsize=s.text, color=s.guide_colour)
    if limits:
        ax.set_xlim(*limits[0])
        ax.set_ylim(*limits[1])
    ax.set_xlabel(x_label)
    ax.set_ylabel(y_label)
    ax.spines[["top", "right"]].set_visible(False)
    if len(curves) + bool(diagonal) > 1:
        handles, words = ax.get_legend_handles_labels()
        if max(columns(w) for w in words) > 45:  # long names would lie over the curves: a column above the axes
            fig.legend(handles, words, frameon=False, loc="outside upper right", fontsize=s.text, ncols=1)
        else:
            ax.legend(frameon=False, loc="best")
    if points:
        ax.scatter([p[0] for p in points.values()], [p[1] for p in points.values()], s=s.dot, color=INK_DOT,
                   zorder=3)
        place_labels(ax, dict(points), s)
    return fig


@styled
def plot_step_strip(steps: Sequence[str], rows: Mapping[str, Sequence[str]], *, marked: int | None = None,
                    marked_label: str = "", size: tuple[float, float] = (10.0, 3.6),
                    style: str | PlotStyle | None = None) -> Figure:
    """BLEU's steps as boxes left to right, each row's value in its box (row name -> one text per step, lines
    broken with newlines); the column ``marked`` framed in the clipped colour with ``marked_label`` over it."""
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    if any(len(values) != len(steps) for values in rows.values()):
        raise BleuInputError("every row needs one value per step")
    s = plot_style(style)
    fig, ax = new_figure(_size(s, size), layout=None, style=s)
    fig.subplots_adjust(0, 0.12 if len(rows) > 1 else 0, 1, 1)
    ax.set_axis_off()
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_xlim(0, len(steps))
    n_rows = len(rows)
    ax.set_ylim(-1.1 * n_rows - 0.1, 1.6 if marked is not None else 1.15)
    for k, step in enumerate(steps):
        edge = CLIPPED_COLOUR if k == marked else s.guide_colour
        ax.add_patch(FancyBboxPatch((k + 0.07, -1.1 * n_rows), 0.86, 1.1 * n_rows + 1.05, boxstyle="round,pad=0.02",
                                    facecolor="#f4f8fb", edgecolor=edge, linewidth=s.line if k == marked else s.thin))
        ax.text(k + 0.5, 0.55, wrap(step, 9), ha="center", va="center", fontsize=s.label,
                fontweight="bold", linespacing=1.1)
        if k + 1 < len(steps):
            ax.add_patch(FancyArrowPatch((k + 0.9, 0.55), (k + 1.1, 0.55), arrowstyle="-|>",
                                         mutation_scale=s.label, color=s.guide_colour, zorder=3))
        for r, (name, values) in enumerate(rows.items()):
            ax.text(k + 0.5, -1.1 * r - 0.5, values[k], ha="center", va="center", fontsize=s.text, linespacing=1.15,
                    color=SERIES_COLOURS[r % len(SERIES_COLOURS)] if n_rows > 1 else "black")
    if marked is not None and marked_label:
        where = {0: ("left", marked + 0.08), len(steps) - 1: ("right", marked + 0.92)}.get(marked, ("center", marked + 0.5))
        ax.text(where[1], 1.35, marked_label, ha=where[0], va="center", fontsize=s.label, color=CLIPPED_COLOUR)
    if n_rows > 1:
        handles = [FancyBboxPatch((0, 0), 1, 1, color=SERIES_COLOURS[r % len(SERIES_COLOURS)]) for r in range(n_rows)]
        fig.legend(handles, list(rows), loc="lower center", ncols=n_rows, frameon=False, fontsize=s.label)
    return fig


@styled
def plot_histograms(panels: Sequence[tuple[str, Sequence[float], float]], *, x_label: str, y_label: str,
                    observed_label: str, size: tuple[float, float] = WIDE,
                    style: str | PlotStyle | None = None) -> Figure:
    """One histogram per panel (title, samples, observed statistic), side by side, the samples at or beyond the
    observed value in the clipped colour and the observed value as a line."""
    import numpy as np

    s = plot_style(style)
    fig, axes = new_figure(_size(s, size), ncols=len(panels), squeeze=False, style=s)
    for ax, (title, samples, observed) in zip(axes[0], panels):
        values = np.asarray(samples, dtype=float)
        edges = np.histogram_bin_edges(np.append(values, observed), bins=30)
        beyond = values >= observed
        ax.hist(values[~beyond], bins=edges, color=OKABE_ITO["sky blue"])
        ax.hist(values[beyond], bins=edges, color=CLIPPED_COLOUR)
        ax.axvline(observed, color=CLIPPED_COLOUR, linewidth=s.line, label=observed_label)
        ax.set_title(wrap(title, max(12, 60 // len(panels))), fontsize=s.text)
        ax.spines[["top", "right"]].set_visible(False)
        ax.set_yticks([])
    axes[0][0].set_ylabel(y_label)
    fig.supxlabel(x_label, fontsize=s.label)
    fig.legend(*axes[0][0].get_legend_handles_labels(), frameon=False, loc="outside lower right", fontsize=s.text)
    return fig


@styled
def plot_named_points(groups: Mapping[str, Mapping[str, tuple[float, float]]], *, x_label: str, y_label: str,
                      fit_label: str | None = None, size: tuple[float, float] = WIDE,
                      style: str | PlotStyle | None = None) -> Figure:
    """Named points (group -> name -> (x, y)), a marker and colour per group, each name beside its point, and
    when ``fit_label`` is given a least-squares line through the first group, named by it."""
    import numpy as np

    s = plot_style(style)
    fig, ax = new_figure(_size(s, size), style=s)
    for k, (group, points) in enumerate(groups.items()):
        xs, ys = [p[0] for p in points.values()], [p[1] for p in points.values()]
        ax.scatter(xs, ys, s=s.dot * 1.4, color=SERIES_COLOURS[k % len(SERIES_COLOURS)],
                   marker=SERIES_MARKERS[k % len(SERIES_MARKERS)], label=group, zorder=3)
        if k == 0 and fit_label and len(xs) > 1:
            slope, intercept = np.polyfit(xs, ys, 1)
            line_x = np.linspace(min(xs), max(xs), 2)
            ax.plot(line_x, slope * line_x + intercept, color=SERIES_COLOURS[0], linewidth=s.guide, linestyle="--",
                    label=fit_label)
    ax.set_xlabel(x_label)
    ax.set_ylabel(y_label)
    ax.margins(0.12)
    ax.spines[["top", "right"]].set_visible(False)
    legend = ax.legend(frameon=False, loc="lower left")
    place_labels(ax, {name: xy for points in groups.values() for name, xy in points.items()}, s, legend=legend)
    return fig
