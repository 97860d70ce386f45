"""Are a paired test's p-values what they claim? Their spread on equally good systems, and the tests' power.

Each plot reads a result of :mod:`bleu_explain.analysis.significance.calibration` (or any object with the
same fields).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...engine.errors import BleuInputError
from ..html.palette import OKABE_ITO, SERIES_MARKERS, series_colour
from .figure import Title, field, new_figure, set_suptitle, set_title
from .style import PlotStyle, plot_style, styled

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

#: How the plots name each test of the calibration (its :data:`TESTS`).
_NAMES = {"bs": "paired bootstrap (sacreBLEU)", "ar": "approximate randomization (sacreBLEU)",
          "bs-centred": "paired bootstrap, centred on the mean difference"}


def _systems(result: Any) -> str | None:
    systems = field(result, "systems")
    return None if systems is None else "pairs mixed from " + " and ".join(str(s) for s in systems)


@styled
def plot_null_p_values(result: Any, *, tests: Sequence[str] | None = None, level: float = 0.05,
                       figsize: tuple[float, float] = (7.4, 5.0), style: str | PlotStyle | None = None) -> Figure:
    """The share of equally good pairs with p at most x, for every x (each test's ECDF), against the diagonal a
    calibrated p follows: p <= x in a share x of the pairs.

    ``result`` needs ``p_values`` (test -> one p per pair); a curve above the diagonal calls too many equally good
    pairs different. The dotted line marks ``level``.
    """
    import numpy as np

    p_values = field(result, "p_values")
    if not p_values:
        raise BleuInputError("the calibration result needs p_values: a dict of test -> p-values")
    names = list(tests) if tests is not None else list(p_values)
    s = plot_style(style)
    fig, ax = new_figure(figsize, style=s)
    ax.plot([0, 1], [0, 1], color=OKABE_ITO["black"], linewidth=s.guide, linestyle="--",
            label="calibrated: p \u2264 x in a share x of the pairs")
    for k, test in enumerate(names):
        if test not in p_values:
            raise BleuInputError(f"no p-values of test {test!r}; the result has {list(p_values)}")
        ordered = np.sort(np.asarray(p_values[test], dtype=float))
        if ordered.size == 0:
            raise BleuInputError(f"test {test!r} has no p-values")
        shares = np.arange(1, ordered.size + 1) / ordered.size
        ax.step(np.concatenate([[0.0], ordered, [1.0]]), np.concatenate([[0.0], shares, [1.0]]), where="post",
                color=series_colour(k), linewidth=s.line, label=f"{_NAMES.get(test, test)}: "
                f"{int((ordered < level).sum())} of {ordered.size} below {level}")
    ax.axvline(level, color=OKABE_ITO["vermillion"], linewidth=s.guide, linestyle=":")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("p-value x")
    ax.set_ylabel("share of equally good pairs with p \u2264 x")
    fig.legend(loc="outside lower center", ncols=1, frameon=False)
    set_title(ax, Title.of("p-values of equally good systems", _systems(result),
                           f"{len(np.asarray(p_values[names[0]]))} pairs"), s)
    return fig


@styled
def plot_power(result: Any, *, tests: Sequence[str] = ("bs", "ar"), figsize: tuple[float, float] | None = None,
               style: str | PlotStyle | None = None) -> Figure:
    """For each test (a panel each), the share of pairs it calls significant against their mean BLEU difference,
    one line per test-set size; where the table has ``low`` and ``high`` (each share's 95% interval), a bar for it.

    ``result`` needs ``table`` (columns segments, test, mean delta, detected), ``level`` and ``pairs``.
    """
    table = field(result, "table")
    if table is None or not {"segments", "test", "mean delta", "detected"} <= set(table.columns):
        raise BleuInputError("the power result needs a table with columns segments, test, mean delta, detected")
    level = float(field(result, "level", default=0.05))
    s = plot_style(style)
    fig, axes = new_figure(figsize or (5.4 * len(tests), 5.0), ncols=len(tests), squeeze=False, sharey=True, style=s)
    sizes = sorted(set(table["segments"]))
    for ax, test in zip(axes[0], tests):
        rows = table[table["test"] == test]
        if rows.empty:
            raise BleuInputError(f"no row of test {test!r} in the power table")
        for k, n in enumerate(sizes):
            line = rows[rows["segments"] == n].sort_values("mean delta")
            ax.plot(line["mean delta"].abs(), line["detected"], color=series_colour(k), linewidth=s.line,
                    marker=SERIES_MARKERS[k % len(SERIES_MARKERS)], markersize=s.marker,
                    label=f"{n} segments" if ax is axes[0][0] else None)
            if {"low", "high"} <= set(line.columns):
                ax.vlines(line["mean delta"].abs(), line["low"], line["high"], color=series_colour(k),
                          linewidth=s.guide)
        ax.axhline(level, color=OKABE_ITO["vermillion"], linewidth=s.guide, linestyle=":")
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("mean \u0394 BLEU")
        set_title(ax, Title.of(_NAMES.get(test, test)), s)
    axes[0][0].set_ylabel(f"share of pairs with p < {level}")
    counts = [f"{int(n):,}" for n in sorted(set(table["pairs"]))] if "pairs" in table.columns else \
        [str(field(result, "pairs", default="?"))]
    pairs = counts[0] if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    set_suptitle(fig, Title.of("Power: how often a real difference is found", f"{pairs} pairs per point"), s)
    fig.legend(loc="outside lower center", ncols=len(sizes), frameon=False)
    return fig
