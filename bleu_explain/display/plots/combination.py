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
from ..palette import CLIPPED_COLOUR, GREY, OKABE_ITO, order_colour
from .figure import check_result, describe_data, new_figure, set_suptitle, set_title

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from .figure import Result

#: A term smaller than this is a stand-in for log 0 (sacreBLEU's -9999999999, NLTK's log of the smallest float).
OFF_SCALE_LOG = -50.0
_INF = math.inf


def _log_text(value: float, signed: bool = False) -> str:
    if value == -_INF:
        return "-\u221e"
    return f"{value:+.3f}" if signed else f"{value:.4g}"


def _combination_items(result: Result) -> list[tuple[str, float, float, str, str]]:
    """The bars of the log-space sum: (name, start, end, colour, label), from the result's own terms."""
    b = result.breakdown
    items: list[tuple[str, float, float, str, str]] = []
    level = 0.0
    for i, term in enumerate(b.log_terms):
        n = i + 1
        name = f"w{n} log p{n}"
        if term is None:
            if b.weights[i] > 0 and b.precisions[i] == 0:
                items.append((name, level, -_INF, order_colour(n), "log 0 = -\u221e"))
                level = -_INF
            else:
                items.append((name, level, level, GREY, "not used"))
            continue
        text = f"{term:+.3f}" if term >= OFF_SCALE_LOG else f"{term:.4g}\n(stand-in\nfor log 0)"
        items.append((name, level, level + term, order_colour(n), text))
        level += term
    if b.orders_used == 0:  # the tool returned 0 before combining anything
        level = -_INF
        items.append(("log mean\n= \u03a3 above", 0.0, level, GREY, "no order used:\nBLEU = 0 at once"))
    else:
        items.append(("log mean\n= \u03a3 above", 0.0, level, GREY, _log_text(level)))
    log_bp = math.log(b.brevity_penalty) if b.brevity_penalty > 0 else -_INF
    items.append(("log BP", level, level + log_bp, CLIPPED_COLOUR, _log_text(log_bp, signed=True)))
    log_bleu = math.log(result.bleu) if result.bleu > 0 else -_INF
    items.append(("log BLEU", 0.0, log_bleu, OKABE_ITO["black"], _log_text(log_bleu)))
    return items


def plot_log_combination(result: Result, *, label: str | None = None, layout: Any = "constrained",
                         figsize: tuple[float, float] = (7.5, 4.2)) -> Figure:
    """The combination in log space: each w_n log p_n stacks down to the log of the mean, then log BP gives log BLEU.

    A log of 0 (the paper's p_n = 0) and the tools' stand-ins for it
    (sacreBLEU's -9999999999, NLTK's log of the smallest float) are drawn as
    arrows off the bottom, labelled with their value.
    """
    check_result(result)
    items = _combination_items(result)
    shown = [v for _, s, e, _, _ in items for v in (s, e) if v >= OFF_SCALE_LOG]
    low = min([*shown, 0.0])
    off_scale = any(min(s, e) < OFF_SCALE_LOG for _, s, e, _, _ in items)
    bottom = low * 1.12 - 0.25 - (0.25 * abs(low) + 0.6 if off_scale else 0.0)
    top = max(0.3, 0.12 * abs(bottom))
    span = top - bottom
    fig, ax = new_figure(figsize, layout=layout)
    for x, (name, start, end, colour, text) in enumerate(items):
        s_shown = max(start, bottom)
        if end < bottom:  # off the scale: hatched to the bottom, an arrow, the value in a box
            if s_shown > bottom:
                ax.bar(x, bottom - s_shown, 0.6, bottom=s_shown, color=colour, alpha=0.35, hatch="..", edgecolor=colour)
            ax.annotate("", xy=(x, bottom), xytext=(x, bottom + 0.08 * span),
                        arrowprops={"arrowstyle": "-|>", "color": colour, "linewidth": 1.5})
            ax.text(x, bottom + 0.1 * span, text, ha="center", va="bottom", fontsize=7.5,
                    bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": colour, "linewidth": 0.8})
        elif start == end:
            ax.plot([x - 0.3, x + 0.3], [s_shown, s_shown], color=colour, linewidth=1.2)
            ax.text(x, s_shown - 0.02 * span, text, ha="center", va="top", fontsize=8, color=GREY)
        else:
            ax.bar(x, end - s_shown, 0.6, bottom=s_shown, color=colour)
            ax.text(x, min(s_shown, end) - 0.02 * span, text, ha="center", va="top", fontsize=8)
        if name.startswith("w") and bottom <= end < _INF:
            ax.plot([x + 0.3, x + 0.7], [end, end], color=GREY, linewidth=0.7, linestyle=":")
    ax.axhline(0, color=OKABE_ITO["black"], linewidth=0.8)
    ax.set_xticks(range(len(items)), [item[0] for item in items], fontsize=8)
    ax.set_ylim(bottom, top)
    ax.set_ylabel("natural log (0 = a score of 1)")
    ax.set_xlabel("terms of log BLEU = \u03a3 w_n log p_n + log BP")
    exponent = "-inf" if items[-1][2] == -_INF else f"{items[-1][2]:.4g}"
    ax.text(0.99, 0.97, f"BLEU = exp({exponent}) = {fmt(result.bleu)}", transform=ax.transAxes, ha="right", va="top",
            fontsize=9, bbox={"boxstyle": "round", "facecolor": "white", "edgecolor": "#cccccc"})
    set_title(ax, "Combining the precisions in log space", describe_data(result, label), result.config.preset)
    return fig


def plot_means(result: Result, *, label: str | None = None, layout: Any = "constrained",
               figsize: tuple[float, float] = (9.0, 4.0)) -> Figure:
    """Geometric against arithmetic mean of the precisions the tool combined.

    Left: the p_n with both means. Right: how each mean moves if only the last
    order's precision changed; the geometric mean (BLEU's) drops to 0 with it.
    """
    import numpy as np

    check_result(result)
    b = result.breakdown
    used = [(i + 1, p, w) for i, (p, w) in enumerate(zip(b.precisions, b.weights)) if p is not None and w > 0]
    fig, (left, right) = new_figure(figsize, ncols=2, layout=layout)
    set_suptitle(fig, "Geometric vs arithmetic mean of the precisions", describe_data(result, label),
                 result.config.preset)
    if not used:
        for ax in (left, right):
            ax.axhline(0, color=GREY)
            ax.text(0.5, 0.5, "no order took part: BLEU = 0", ha="center", transform=ax.transAxes)
            ax.set_xlabel("n-gram order n")
            ax.set_ylabel("precision")
        return fig
    weights = np.array([w for _, _, w in used])
    precisions = np.array([p for _, p, _ in used])
    norm = weights / weights.sum()
    arithmetic, geometric = b.arithmetic_mean, b.geometric_mean
    orders = [n for n, _, _ in used]
    left.bar(orders, precisions, 0.6, color=[order_colour(n) for n in orders])
    for n, p in zip(orders, precisions):
        left.text(n, p + 0.015, f"{p:.3f}", ha="center", va="bottom", fontsize=8)
    left.axhline(arithmetic, color=OKABE_ITO["black"], linestyle="--", linewidth=1.4,
                 label=f"arithmetic mean {arithmetic:.4f}")
    left.axhline(geometric, color=CLIPPED_COLOUR, linewidth=2, label=f"geometric mean {geometric:.4f} (BLEU / BP)")
    left.set_xticks(orders, [f"p{n}" for n in orders])
    left.set_ylim(0, 1.12)
    left.set_xlabel("n-gram order n (precision the tool combined)")
    left.set_ylabel("precision")
    left.legend(loc="upper right", fontsize=8, frameon=False)
    left.set_title("The precisions the tool combined\nand their two means", fontsize=10)

    last, others = used[-1], used[:-1]
    xs = np.linspace(0.0, 1.0, 201)
    log_rest = sum(w * math.log(p) for _, p, w in others if p > 0) if all(p > 0 for _, p, _ in others) else -_INF
    with np.errstate(divide="ignore"):
        geo_curve = np.exp(log_rest + last[2] * np.log(xs)) if log_rest != -_INF else np.zeros_like(xs)
    ari_curve = (norm[:-1] * precisions[:-1]).sum() + norm[-1] * xs
    right.plot(xs, ari_curve, color=OKABE_ITO["black"], linestyle="--", linewidth=1.4, label="arithmetic mean")
    right.plot(xs, geo_curve, color=CLIPPED_COLOUR, linewidth=2, label="geometric mean")
    right.plot([last[1]], [geometric], marker="o", color=CLIPPED_COLOUR, linestyle="none")
    right.axvline(last[1], color=GREY, linewidth=0.8, linestyle=":")
    right.set_xlim(0, 1)
    right.set_ylim(0, 1.02)
    right.set_xlabel(f"p{last[0]} (other precisions kept)")
    right.set_ylabel("mean of the precisions")
    right.legend(loc="upper left", fontsize=8, frameon=False)
    right.set_title(f"If only p{last[0]} changed:\nthe geometric mean falls to 0 with it", fontsize=10)
    return fig

