"""One scatter with its fit: each system's score on one measure against another, least-squares lines and r.

The paper's Figures 5 and 6 (BLEU against human judges) and the WMT21 figures
of notebook 9 (MQM or DA against BLEU) are the same picture; both public names,
:func:`~bleu_explain.display.plots.human.plot_against_human` and
:func:`~bleu_explain.display.plots.systems.plot_human_correlation`, draw it with
:func:`plot_scatter_fit`. Pearson's r comes from
:func:`bleu_explain.analysis.human.correlate`; the line is numpy's least-squares
fit of the same points.

>>> fig = plot_scatter_fit({"a": 1.0, "b": 2.0, "c": 2.5}, {"a": 10.0, "b": 19.0, "c": 26.0},
...                        x_name="human", y_name="BLEU")
>>> fig.axes[0].get_title().split("\\n")[0]
'BLEU against human: r = 0.99'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from ...engine.errors import BleuInputError
from ..html.palette import series_colour, series_marker
from .figure import Title, new_figure, set_title
from .labels import place_labels
from .style import PlotStyle, plot_style, styled

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["MAX_NAMED", "plot_scatter_fit"]

#: Beyond this many systems, points are not named by default.
MAX_NAMED = 12


def _fit(ax: Any, x: list[float], y: list[float], label: str, linestyle: str, style: PlotStyle) -> float:
    """Draw the least-squares line of (x, y) over the x they span; return Pearson's r."""
    import numpy as np

    from ...analysis.human import correlate

    r = correlate(x, y).r
    slope, intercept = np.polyfit(x, y, 1)
    xs = np.linspace(min(x), max(x), 50)  # each line only over the systems it was fitted to
    ax.plot(xs, slope * xs + intercept, color=style.guide_colour, linestyle=linestyle,
            linewidth=style.guide, label=f"{label} ({len(x)}): r = {r:.2f}")
    return r


@styled
def plot_scatter_fit(x: Mapping[str, float], y: Mapping[str, float], *, x_name: str, y_name: str,
                     x_label: str | None = None, apart: Iterable[str] = (), apart_name: str = "human translation",
                     names: bool | None = None, title: str | None = None, preset: str | None = None,
                     figsize: tuple[float, float] = (6.6, 4.6), style: str | PlotStyle | None = None) -> Figure:
    """Each system's ``y`` score against its ``x`` score, the least-squares line and Pearson's r.

    Systems named in ``apart`` (human translations, say) are drawn as a second
    series; when there are any, one line and r are given for the other systems
    and one for all. ``names``: write each system's name by its point (default:
    only when there are at most :data:`MAX_NAMED` systems, beyond which they
    cover each other). ``x_label`` is the x axis's label (default ``x_name``).
    """
    if not isinstance(x, Mapping) or not isinstance(y, Mapping):
        raise BleuInputError(f"{x_name} and {y_name} scores must be mappings of system name -> score")
    systems = [n for n in x if n in y]
    if len(systems) < 3:
        raise BleuInputError(f"need at least 3 systems with both a {x_name} and a {y_name} score, got {len(systems)}")
    s = plot_style(style)
    set_apart = set(apart) & set(systems)
    others = [n for n in systems if n not in set_apart]
    # (legend of the points, legend of their line, the systems)
    series = [("machine system" if set_apart else "system", "machine systems" if set_apart else "systems", others),
              (apart_name, "", [n for n in systems if n in set_apart])]
    fig, ax = new_figure(figsize, style=s)
    fits = [(series[0][1], others)] + ([("all", systems)] if set_apart else [])
    summary = []
    for k, (label, group) in enumerate(fits):
        if len(group) >= 3:
            r = _fit(ax, [float(x[n]) for n in group], [float(y[n]) for n in group], label, "-" if k == 0 else "--", s)
            summary.append(f"r = {r:.2f}" + (f" ({label})" if set_apart else ""))
    for k, (label, _, group) in enumerate(series):
        if group:
            ax.plot([x[n] for n in group], [y[n] for n in group], linestyle="none", label=label,
                    marker=series_marker(k), markersize=s.marker, color=series_colour(k))
    ax.margins(x=0.1, y=0.12)
    ax.set_xlabel(x_label or x_name)
    ax.set_ylabel(y_name)
    set_title(ax, Title.of([[f"{y_name} against {x_name}: {summary[0]}", *summary[1:]]],
                           title or f"{len(systems)} systems", preset=preset), s)
    legend = ax.legend(frameon=False, loc="best")
    if (len(systems) <= MAX_NAMED) if names is None else names:
        place_labels(ax, {n: (float(x[n]), float(y[n])) for n in systems}, s, legend=legend)
    return fig
