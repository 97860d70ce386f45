"""How the precisions combine: the sum in log space, and the geometric against the arithmetic mean.

>>> import bleu_explain as bx
>>> fig = plot_log_combination(bx.explain("the cat sat on the mat", ["the cat is on the mat"], preset="paper"))
>>> fig.axes[0].get_xlabel()
'terms of log BLEU = Σ w_n log p_n + log BP'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...engine.steps import fmt
from ..html.palette import CLIPPED_COLOUR, OKABE_ITO, order_colour
from .figure import Title, check_result, describe_data, new_figure, set_suptitle, set_title
from .style import PlotStyle, plot_style, styled

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from .figure import Result

#: A term smaller than this is a stand-in for log 0 (sacreBLEU's -9999999999, NLTK's log of the smallest float).
OFF_SCALE_LOG = -50.0
_INF = math.inf
#: The colour of the sum of the terms (the log of the geometric mean) and of orders that take no part.
_NEUTRAL = "#777777"


def _log_text(value: float, signed: bool = False) -> str:
    """A log term as short as a bar's label can be: -∞, a huge stand-in as -2.5e9, else three decimals."""
    if value == -_INF:
        return "-\u221e"
    if abs(value) >= 1e5:
        mantissa, exponent = f"{value:.2g}".split("e")
        return f"{mantissa}e{int(exponent)}"
    if value < OFF_SCALE_LOG:  # NLTK's log of the smallest float, -177.1: in a box as narrow as the bar
        return f"{value:.4g}"
    return f"{value:+.3f}" if signed else f"{value:.4g}"


def _has_stand_in(result: Result) -> bool:
    """Whether a term is a tool's stand-in for log 0 (drawn off the scale)."""
    return any(term is not None and term < OFF_SCALE_LOG for term in result.breakdown.log_terms)


def _combination_items(result: Result) -> list[tuple[str, float, float, str, str]]:
    """The bars of the log-space sum: (name, start, end, colour, label), from the result's own terms."""
    b = result.breakdown
    items: list[tuple[str, float, float, str, str]] = []
    level = 0.0
    for i, term in enumerate(b.log_terms):
        n = i + 1
        name = f"w{n}\nlog p{n}"
        if term is None:
            if b.weights[i] > 0 and b.precisions[i] == 0:
                items.append((name, level, -_INF, order_colour(n), "log 0\n= -\u221e"))
                level = -_INF
            else:
                items.append((name, level, level, _NEUTRAL, "not\nused"))
            continue
        items.append((name, level, level + term, order_colour(n), _log_text(term, signed=True)))
        level += term
    if b.orders_used == 0:  # the tool returned 0 before combining anything
        level = -_INF
        items.append(("log mean\n= \u03a3 above", 0.0, level, _NEUTRAL, "no order\nused:\nBLEU = 0"))
    else:
        items.append(("log mean\n= \u03a3 above", 0.0, level, _NEUTRAL, _log_text(level)))
    log_bp = math.log(b.brevity_penalty) if b.brevity_penalty > 0 else -_INF
    items.append(("log BP", level, level + log_bp, CLIPPED_COLOUR, _log_text(log_bp, signed=True)))
    log_bleu = math.log(result.bleu) if result.bleu > 0 else -_INF
    items.append(("log BLEU", 0.0, log_bleu, OKABE_ITO["black"], _log_text(log_bleu)))
    return items


def _draw_term(ax: Any, x: int, item: tuple[str, float, float, str, str], bottom: float, span: float,
               s: PlotStyle) -> None:
    """One bar of the log-space sum, its value written under it; a term off the scale as an arrow and a box."""
    name, start, end, colour, text = item
    s_shown = max(start, bottom)
    note = {"ha": "center", "va": "top", "textcoords": "offset points", "xytext": (0, -3)}
    if end < bottom:  # off the scale: hatched to the bottom, an arrow, the value in a box
        if s_shown > bottom:
            ax.bar(x, bottom - s_shown, 0.6, bottom=s_shown, color=colour, alpha=0.35,
                   hatch="..", edgecolor=colour)
        ax.annotate("", xy=(x, bottom), xytext=(x, bottom + 0.08 * span),
                    arrowprops={"arrowstyle": "-|>", "color": colour, "linewidth": s.guide})
        ax.text(x, bottom + 0.1 * span, text, ha="center", va="bottom",
                bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": colour, "linewidth": s.thin})
    elif start == end:
        ax.plot([x - 0.3, x + 0.3], [s_shown, s_shown], color=colour, linewidth=s.guide)
        ax.annotate(text, (x, s_shown), color=s.guide_colour, **note)
    else:
        ax.bar(x, end - s_shown, 0.6, bottom=s_shown, color=colour)
        ax.annotate(text, (x, min(s_shown, end)), **note)
    if name.startswith("w") and bottom <= end < _INF:  # a dotted step to where the next term starts
        ax.plot([x + 0.3, x + 0.7], [end, end], color=s.guide_colour,
                linewidth=s.thin, linestyle=":")


@styled
def plot_log_combination(result: Result, *, label: str | None = None, layout: Any = "constrained",
                         figsize: tuple[float, float] = (7.6, 4.6), style: str | PlotStyle | None = None) -> Figure:
    """The combination in log space: each w_n log p_n stacks down to the log of the mean, then log BP gives log BLEU.

    A log of 0 (the paper's p_n = 0) and the tools' stand-ins for it
    (sacreBLEU's -9999999999, NLTK's log of the smallest float) are drawn as
    arrows off the bottom, labelled with their value.
    """
    check_result(result)
    s = plot_style(style)
    items = _combination_items(result)
    shown = [v for _, start, end, _, _ in items for v in (start, end) if v >= OFF_SCALE_LOG]
    low = min([*shown, 0.0])
    off_scale = any(min(start, end) < OFF_SCALE_LOG for _, start, end, _, _ in items)
    # below the lowest bar: room for the values written under the bars (and for the boxes of terms off the scale)
    bottom = low * 1.25 - 0.35 - (0.3 * abs(low) + 0.8 if off_scale else 0.0)
    top = max(0.3, 0.15 * abs(bottom))
    fig, ax = new_figure(figsize, layout=layout, style=s)
    for x, item in enumerate(items):
        _draw_term(ax, x, item, bottom, top - bottom, s)
    ax.axhline(0, color=OKABE_ITO["black"], linewidth=s.thin)
    ax.set_xticks(range(len(items)), [item[0] for item in items])
    ax.set_ylim(bottom, top)
    ax.set_ylabel("natural log (0 = a score of 1)")
    ax.set_xlabel("terms of log BLEU = \u03a3 w_n log p_n + log BP")
    exponent = "-inf" if items[-1][2] == -_INF else f"{items[-1][2]:.4g}"
    ax.text(0.99, 0.97, f"BLEU = exp({exponent}) = {fmt(result.bleu)}", transform=ax.transAxes, ha="right", va="top",
            bbox={"boxstyle": "round", "facecolor": "white", "edgecolor": s.faint_colour})
    stand_in = "boxed: off the scale (a tool's stand-in for log 0)" if _has_stand_in(result) else None
    set_title(ax, Title.of("Combining the precisions in log space", describe_data(result, label), stand_in,
                           preset=result.config.preset), s)
    return fig


def _means_when_last_changes(used: list[tuple[int, float, float]], xs: Any) -> tuple[Any, Any]:
    """The arithmetic and the geometric mean of the used precisions as the last one runs over ``xs``."""
    import numpy as np

    weights = np.array([w for _, _, w in used])
    precisions = np.array([p for _, p, _ in used])
    norm = weights / weights.sum()
    last, others = used[-1], used[:-1]
    log_rest = sum(w * math.log(p) for _, p, w in others if p > 0) if all(p > 0 for _, p, _ in others) else -_INF
    with np.errstate(divide="ignore"):
        geometric = np.exp(log_rest + last[2] * np.log(xs)) if log_rest != -_INF else np.zeros_like(xs)
    arithmetic = (norm[:-1] * precisions[:-1]).sum() + norm[-1] * xs
    return arithmetic, geometric


@styled
def plot_means(result: Result, *, label: str | None = None, layout: Any = "constrained",
               figsize: tuple[float, float] = (9.0, 5.4), style: str | PlotStyle | None = None) -> Figure:
    """Geometric against arithmetic mean of the precisions the tool combined.

    Left: the p_n with both means. Right: how each mean moves if only the last
    order's precision changed; the geometric mean (BLEU's) drops to 0 with it.
    One legend, under both, names the two means (with their values).
    """
    import numpy as np

    check_result(result)
    s = plot_style(style)
    b = result.breakdown
    used = [(i + 1, p, w) for i, (p, w) in enumerate(zip(b.precisions, b.weights)) if p is not None and w > 0]
    fig, (left, right) = new_figure(figsize, ncols=2, layout=layout, style=s)
    set_suptitle(fig, Title.of([["Geometric vs arithmetic mean of the precisions",
                                 "the geometric one falls to 0 with any of them"]], describe_data(result, label),
                               preset=result.config.preset), s)
    if not used:
        for ax in (left, right):
            ax.axhline(0, color=s.guide_colour, linewidth=s.guide)
            ax.text(0.5, 0.5, "no order took part:\nBLEU = 0", ha="center", transform=ax.transAxes)
            ax.set_xlabel("n-gram order n")
            ax.set_ylabel("precision")
        return fig
    arithmetic, geometric = b.arithmetic_mean, b.geometric_mean
    orders = [n for n, _, _ in used]
    left.bar(orders, [p for _, p, _ in used], 0.6, color=[order_colour(n) for n in orders])
    lines = [left.axhline(arithmetic, color=OKABE_ITO["black"], linestyle="--", linewidth=s.guide,
                          label=f"arithmetic mean {arithmetic:.4f}"),
             left.axhline(geometric, color=CLIPPED_COLOUR, linewidth=s.line,
                          label=f"geometric mean {geometric:.4f} (BLEU / BP)")]
    left.set_xticks(orders, [f"p{n}\n{p:.3f}" for n, p, _ in used])  # the values under the bars: no line crosses them
    left.set_ylim(0, 1.12)
    left.set_xlabel("n-gram order n, precision")
    left.set_ylabel("precision")
    set_title(left, Title.of("The precisions combined"), s)

    last = used[-1]
    xs = np.linspace(0.0, 1.0, 201)
    arithmetic_curve, geometric_curve = _means_when_last_changes(used, xs)
    right.plot(xs, arithmetic_curve, color=OKABE_ITO["black"], linestyle="--", linewidth=s.guide)
    right.plot(xs, geometric_curve, color=CLIPPED_COLOUR)
    right.plot([last[1]], [geometric], marker="o", markersize=s.marker, color=CLIPPED_COLOUR, linestyle="none")
    right.axvline(last[1], color=s.guide_colour, linewidth=s.thin, linestyle=":")
    right.set_xlim(0, 1)
    right.set_ylim(0, 1.02)
    right.set_xlabel(f"p{last[0]} (the other precisions kept)")
    right.set_ylabel("mean")
    set_title(right, Title.of(f"If only p{last[0]} changed"), s)
    fig.legend(lines, [line.get_label() for line in lines], loc="outside lower center",
               ncols=2 if s.width is None else 1, frameon=False)
    return fig
