"""Several systems, configurations or reference sets side by side, and systems against human judgments.

>>> fig = plot_configurations({"13a": 27.3, "intl": 27.9, "none": 25.1})
>>> fig.axes[0].get_xlabel()
'BLEU (0-100)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.errors import BleuInputError
from ..html.palette import OKABE_ITO, series_colour, series_marker
from .figure import Title, check_result, new_figure, presets_of, set_suptitle, set_title
from .scatter import plot_scatter_fit
from .style import PlotStyle, plot_style, styled

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

    from .figure import Result


def _as_results(results: Any, name: str) -> dict:
    if not isinstance(results, Mapping) or not results:
        raise BleuInputError(f"{name} must be a non-empty mapping of name -> result")
    for key, r in results.items():
        check_result(r, f"{name}[{key!r}]")
    return dict(results)


@styled
def plot_precision_by_order(results: Mapping[str, Result], *, title: str | None = None,
                            figsize: tuple[float, float] = (7.0, 4.4), style: str | PlotStyle | None = None) -> Figure:
    """Modified n-gram precision by order for several systems (the paper's Figures 1 and 2)."""
    systems = _as_results(results, "results")
    s = plot_style(style)
    fig, ax = new_figure(figsize, style=s)
    max_order = max(r.config.max_order for r in systems.values())
    for k, (name, r) in enumerate(systems.items()):
        orders = [n for n in range(1, len(r.matches) + 1) if r.totals[n - 1]]
        values = [r.matches[n - 1] / r.totals[n - 1] for n in orders]
        ax.plot(orders, values, marker=series_marker(k), color=series_colour(k), label=str(name))
    ax.set_xticks(range(1, max_order + 1))
    ax.set_xlabel("n-gram order n")
    ax.set_ylabel("modified precision p_n")
    ax.set_ylim(0, 1.02)
    ax.legend(frameon=False, loc="best")
    data = title or "systems " + ", ".join(map(str, systems))
    set_title(ax, Title.of("Modified n-gram precision by order", data, preset=presets_of(systems.values())), s)
    return fig


def _configuration_scores(results: Any) -> dict[str, float]:
    import pandas as pd

    if isinstance(results, pd.DataFrame):
        if "score" not in results.columns:
            raise BleuInputError("the table needs a 'score' column (as bleu_explain.compare returns)")
        return {str(k): float(v) for k, v in results["score"].items()}
    if not isinstance(results, Mapping) or not results:
        raise BleuInputError("results must be a non-empty mapping of label -> result, or bleu_explain.compare's table")
    scores = {}
    for key, value in results.items():
        if hasattr(value, "score") and hasattr(value, "signature"):
            scores[str(key)] = float(value.score)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            scores[str(key)] = float(value)
        else:
            raise BleuInputError(f"results[{key!r}] must be a result or a number, got {type(value).__name__}")
    return scores


@styled
def plot_configurations(results: Mapping[str, Any] | pd.DataFrame, *, title: str | None = None,
                        figsize: tuple[float, float] | None = None, style: str | PlotStyle | None = None) -> Figure:
    """Scores of one output under several configurations, as a dot plot (Post 2018, Table 1 style).

    ``results`` maps a configuration label to a result (or to a score), or is the
    table of :func:`bleu_explain.compare` (one row per preset, a ``score`` column).
    """
    scores = _configuration_scores(results)
    s = plot_style(style)
    names = list(scores)
    values = [scores[n] for n in names]
    fig, ax = new_figure(figsize or (7.5, 1.4 + 0.5 * len(names)), style=s)
    ys = list(range(len(names)))[::-1]
    ax.hlines(ys, min(values), values, color=s.faint_colour, linewidth=s.guide)
    for y, v in zip(ys, values):
        ax.plot([v], [y], marker="o", markersize=s.marker, color=OKABE_ITO["blue"], linestyle="none")
        ax.annotate(f"{v:.2f}", (v, y), xytext=(s.marker, 0), textcoords="offset points", ha="left", va="center")
    ax.set_yticks(ys, names)
    spread = max(values) - min(values)
    pad = max(spread * 0.2, 0.5)
    ax.set_xlim(min(values) - pad, max(values) + pad)
    ax.set_ylim(-0.6, len(names) - 0.4)
    ax.set_xlabel("BLEU (0-100)")
    ax.set_ylabel("configuration")
    data = title or f"the same output under {len(names)} configurations"
    # over the figure, not the axes: the configurations' names take the left of it
    set_suptitle(fig, Title.of([["One output, several configurations", f"spread {spread:.2f} BLEU"]], data), s)
    return fig


@styled
def plot_reference_counts(frame: pd.DataFrame, *, title: str | None = None, preset: str | None = None,
                          figsize: tuple[float, float] = (6.6, 4.2), style: str | PlotStyle | None = None) -> Figure:
    """Score against the number of references: every subset, and the mean per count.

    ``frame`` has columns ``n_refs`` and ``score`` (one row per reference subset),
    as ``reference_count_experiment`` returns; an optional ``system`` column
    draws one line per system.
    """
    import numpy as np

    if not hasattr(frame, "columns") or not {"n_refs", "score"} <= set(frame.columns):
        raise BleuInputError("the table needs columns 'n_refs' and 'score' (one row per reference subset)")
    s = plot_style(style)
    fig, ax = new_figure(figsize, style=s)
    groups = list(frame.groupby("system", sort=False)) if "system" in frame.columns else [(None, frame)]
    rng = np.random.default_rng(0)  # fixed jitter so the figure is the same every time
    for k, (name, part) in enumerate(groups):
        ax.scatter(part["n_refs"] + rng.uniform(-0.06, 0.06, len(part)), part["score"], s=s.dot, alpha=0.6,
                   color=series_colour(k), linewidths=0)
        means = part.groupby("n_refs")["score"].mean()
        ax.plot(means.index, means.values, marker=series_marker(k), color=series_colour(k),
                label=("mean over subsets" if name is None else f"{name}: mean over subsets"))
    ax.set_xticks(sorted(frame["n_refs"].unique()))
    ax.set_xlabel("number of references")
    ax.set_ylabel("BLEU")
    ax.legend(frameon=False, loc="best")
    set_title(ax, Title.of("Score against the number of references",
                           title or "each dot is one subset of the references",
                           preset=preset or frame.attrs.get("preset")), s)
    return fig


def plot_human_correlation(bleu: Mapping[str, float], human: Mapping[str, float], *, judges: str = "human",
                           title: str | None = None, preset: str | None = None,
                           figsize: tuple[float, float] = (6.6, 4.6), style: str | PlotStyle | None = None) -> Figure:
    """BLEU of each system against its human score, with the least-squares line and Pearson's r.

    ``bleu`` and ``human`` map system names to scores; as in the paper's Figures 5
    and 6 (five systems against monolingual and bilingual judges) the human score
    goes across and BLEU up. Drawn by
    :func:`~bleu_explain.display.plots.scatter.plot_scatter_fit`, as is
    :func:`~bleu_explain.display.plots.human.plot_against_human` (the metric
    across, human translations apart).
    """
    both = isinstance(bleu, Mapping) and isinstance(human, Mapping)
    data = title or (f"{sum(name in human for name in bleu)} systems, {judges} judges" if both else None)
    return plot_scatter_fit(human, bleu, x_name=f"{judges} judgments", x_label=f"{judges} judgment (mean score)",
                            y_name="BLEU", title=data, preset=preset, figsize=figsize, style=style)
