"""Several systems, configurations or reference sets side by side, and systems against human judgments.

>>> fig = plot_configurations({"13a": 27.3, "intl": 27.9, "none": 25.1})
>>> fig.axes[0].get_xlabel()
'BLEU (0-100)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.errors import BleuInputError
from ..palette import GREY, LIGHT_GREY, OKABE_ITO, series_colour, series_marker
from .figure import check_result, new_figure, presets_of, set_title

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


def plot_precision_by_order(results: Mapping[str, Result], *, title: str | None = None,
                            figsize: tuple[float, float] = (7.0, 4.2)) -> Figure:
    """Modified n-gram precision by order for several systems (the paper's Figures 1 and 2)."""
    systems = _as_results(results, "results")
    fig, ax = new_figure(figsize)
    max_order = max(r.config.max_order for r in systems.values())
    for k, (name, r) in enumerate(systems.items()):
        orders = [n for n in range(1, len(r.matches) + 1) if r.totals[n - 1]]
        values = [r.matches[n - 1] / r.totals[n - 1] for n in orders]
        ax.plot(orders, values, marker=series_marker(k), color=series_colour(k), linewidth=1.8, label=str(name))
    ax.set_xticks(range(1, max_order + 1))
    ax.set_xlabel("n-gram order n")
    ax.set_ylabel("modified precision p_n")
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize=8, frameon=False)
    data = title or "systems " + ", ".join(map(str, systems))
    set_title(ax, "Modified n-gram precision by order", data, presets_of(systems.values()))
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


def plot_configurations(results: Mapping[str, Any] | pd.DataFrame, *, title: str | None = None,
                        figsize: tuple[float, float] | None = None) -> Figure:
    """Scores of one output under several configurations, as a dot plot (Post 2018, Table 1 style).

    ``results`` maps a configuration label to a result (or to a score), or is the
    table of :func:`bleu_explain.compare` (one row per preset, a ``score`` column).
    """
    scores = _configuration_scores(results)
    names = list(scores)
    values = [scores[n] for n in names]
    fig, ax = new_figure(figsize or (7.5, 1.2 + 0.45 * len(names)))
    ys = list(range(len(names)))[::-1]
    ax.hlines(ys, min(values), values, color=LIGHT_GREY, linewidth=1)
    for y, v in zip(ys, values):
        ax.plot([v], [y], marker="o", markersize=8, color=OKABE_ITO["blue"], linestyle="none")
        ax.text(v, y + 0.18, f"{v:.2f}", ha="center", va="bottom", fontsize=8)
    ax.set_yticks(ys, names, fontsize=8.5)
    spread = max(values) - min(values)
    pad = max(spread * 0.15, 0.5)
    ax.set_xlim(min(values) - pad, max(values) + pad)
    ax.set_ylim(-0.6, len(names) - 0.2)
    ax.set_xlabel("BLEU (0-100)")
    ax.set_ylabel("configuration")
    data = title or f"the same output under {len(names)} configurations"
    set_title(ax, f"One output, several configurations: spread {spread:.2f} BLEU", data)
    return fig


def plot_reference_counts(frame: pd.DataFrame, *, title: str | None = None, preset: str | None = None,
                          figsize: tuple[float, float] = (6.5, 4.0)) -> Figure:
    """Score against the number of references: every subset, and the mean per count.

    ``frame`` has columns ``n_refs`` and ``score`` (one row per reference subset),
    as ``reference_count_experiment`` returns; an optional ``system`` column
    draws one line per system.
    """
    import numpy as np

    if not hasattr(frame, "columns") or not {"n_refs", "score"} <= set(frame.columns):
        raise BleuInputError("the table needs columns 'n_refs' and 'score' (one row per reference subset)")
    fig, ax = new_figure(figsize)
    groups = list(frame.groupby("system", sort=False)) if "system" in frame.columns else [(None, frame)]
    rng = np.random.default_rng(0)  # fixed jitter so the figure is the same every time
    for k, (name, part) in enumerate(groups):
        ax.scatter(part["n_refs"] + rng.uniform(-0.06, 0.06, len(part)), part["score"], s=18, alpha=0.5,
                   color=series_colour(k))
        means = part.groupby("n_refs")["score"].mean()
        ax.plot(means.index, means.values, marker=series_marker(k), color=series_colour(k), linewidth=1.8,
                label=("mean over subsets" if name is None else f"{name}: mean over subsets"))
    ax.set_xticks(sorted(frame["n_refs"].unique()))
    ax.set_xlabel("number of references")
    ax.set_ylabel("BLEU")
    ax.legend(fontsize=8, frameon=False)
    set_title(ax, "Score against the number of references", title or "each dot is one subset of the references",
              preset or frame.attrs.get("preset"))
    return fig


def plot_human_correlation(bleu: Mapping[str, float], human: Mapping[str, float], *, judges: str = "human",
                           title: str | None = None, preset: str | None = None,
                           figsize: tuple[float, float] = (6.0, 4.4)) -> Figure:
    """BLEU of each system against its human score, with the least-squares line and Pearson's r.

    ``bleu`` and ``human`` map system names to scores (the paper's Figures 5 and 6
    plot the five systems against monolingual and bilingual judges, human scores across).
    :func:`~bleu_explain.display.plots.human.plot_against_human` draws the same with the
    metric across, and apart for human translations. Both take r from
    :func:`~bleu_explain.analysis.human.correlate`.
    """
    import numpy as np

    from ...analysis.human import correlate

    if not isinstance(bleu, Mapping) or not isinstance(human, Mapping):
        raise BleuInputError("bleu and human must be mappings of system name -> score")
    names = [n for n in bleu if n in human]
    if len(names) < 3:
        raise BleuInputError(f"need at least 3 systems with both a BLEU and a human score, got {len(names)}")
    x = np.array([float(human[n]) for n in names])
    y = np.array([float(bleu[n]) for n in names])
    slope, intercept = np.polyfit(x, y, 1)
    r = correlate(x.tolist(), y.tolist()).r
    fig, ax = new_figure(figsize)
    xs = np.linspace(x.min(), x.max(), 50)
    ax.plot(xs, slope * xs + intercept, color=GREY, linewidth=1.5, linestyle="--",
            label=f"least squares: BLEU = {slope:.3g} \u00b7 human {intercept:+.3g}")
    for k, (name, xi, yi) in enumerate(zip(names, x, y)):
        ax.plot([xi], [yi], marker=series_marker(k), markersize=8, color=series_colour(k), linestyle="none")
        ax.annotate(str(name), (xi, yi), textcoords="offset points", xytext=(6, -10), fontsize=9)
    ax.set_xlabel(f"{judges} judgment (mean score)")
    ax.set_ylabel("BLEU")
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    data = title or f"{len(names)} systems, {judges} judges"
    set_title(ax, f"BLEU against {judges} judgments: r = {r:.3f}", data, preset)
    return fig
