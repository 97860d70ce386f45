"""Plots of BLEU results: each function takes results and returns a matplotlib Figure.

Nothing here computes BLEU: every bar, line and point is read off a result (or,
for the brevity-penalty curve, drawn with :func:`bleu_explain.engine.length.brevity_penalty`).
Figures are built with the object-oriented API on a plain
:class:`matplotlib.figure.Figure`, so they work with any backend (Agg included)
and do not pile up in pyplot's state. Colours come from the Okabe-Ito palette.

>>> import bleu_explain as bx
>>> fig = plot_precisions(bx.explain("the the the the the the the.", ["The cat is on the mat.", "There is a cat on the mat."],
...                                  preset="paper"))
>>> fig.axes[0].get_ylabel()
'precision p_n'
>>> figure_png(fig)[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Union

from ..engine.errors import BleuInputError
from .highlight import CLIPPED_COLOUR, OKABE_ITO, order_colour

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..results import CorpusExplanation, SentenceExplanation

    Result = Union[SentenceExplanation, CorpusExplanation]

#: Series colours for systems and configurations, in the order they are used.
SERIES_COLOURS = (OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["bluish green"], OKABE_ITO["reddish purple"],
                  OKABE_ITO["sky blue"], OKABE_ITO["vermillion"], OKABE_ITO["black"], OKABE_ITO["yellow"])
SERIES_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: A term smaller than this is a stand-in for log 0 (sacreBLEU's -9999999999, NLTK's log of the smallest float).
OFF_SCALE_LOG = -50.0
_GREY = "#777777"


# --------------------------------------------------------------------------- helpers
def _ensure_notebook_display() -> None:
    """Let IPython show a bare Figure as PNG when pyplot's inline support is not active."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return
    shell = get_ipython()
    if shell is None:
        return
    from matplotlib.figure import Figure

    formatter = shell.display_formatter.formatters["image/png"]
    try:
        formatter.lookup_by_type(Figure)
    except KeyError:
        formatter.for_type(Figure, figure_png)


def new_figure(figsize: tuple[float, float] = (7.0, 4.0), nrows: int = 1, ncols: int = 1,
               layout: Optional[str] = "constrained", **subplot_kw: Any) -> tuple["Figure", Any]:
    """A Figure (no pyplot state) and its axes (one Axes, or an array for a grid)."""
    from matplotlib.figure import Figure

    _ensure_notebook_display()
    fig = Figure(figsize=figsize, layout=layout)
    axes = fig.subplots(nrows, ncols, **subplot_kw)
    return fig, axes


def figure_png(fig: "Figure", dpi: Optional[float] = None) -> bytes:
    """The figure as PNG bytes (drawn with Agg whatever the backend)."""
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi or fig.dpi)
    return buffer.getvalue()


def _shorten(text: str, width: int = 48) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "\u2026"


def describe_data(result: "Result", label: Optional[str] = None) -> str:
    """How a title names the data: the given label, the candidate's text, or the corpus size."""
    if label:
        return label
    if hasattr(result, "candidate_tokens"):
        return f'candidate "{_shorten(result.candidate)}"'
    return f"corpus of {len(result.candidates)} segments"


def _title(ax: "Axes", what: str, data: str, preset: Optional[str] = None) -> None:
    second = data + (f" \u00b7 preset {preset}" if preset else "")
    ax.set_title(f"{what}\n{second}", fontsize=10.5, y=1.0)  # a fixed y skips matplotlib's costly title placement


def _check_result(result: Any, name: str = "result") -> None:
    if not hasattr(result, "breakdown") or not hasattr(result, "config"):
        raise BleuInputError(f"{name} must be a result of bleu_explain.explain or explain_corpus, got {type(result).__name__}")


def preset_from_signature(signature: Optional[str]) -> Optional[str]:
    """The preset named by a signature: ``preset:<name>``, or sacreBLEU's own fields.

    >>> preset_from_signature("preset:paper|nrefs:4"), preset_from_signature("nrefs:4|case:mixed|eff:no|tok:13a")
    ('paper', 'sacrebleu')
    """
    if not signature:
        return None
    fields = dict(part.split(":", 1) for part in str(signature).split("|") if ":" in part)
    if "preset" in fields:
        return fields["preset"]
    return "sacrebleu" if "tok" in fields else None


def _preset_of(results: Sequence[Any]) -> str:
    presets = sorted({r.config.preset for r in results})
    return presets[0] if len(presets) == 1 else ", ".join(presets)


def _unclipped_matches(result: "Result") -> list[int]:
    """Per order, candidate n-grams found in some reference without clipping (read from the engine's results)."""
    if hasattr(result, "unclipped_matches"):
        return list(result.unclipped_matches)
    out = [0] * result.config.max_order  # a corpus: sum the segments' own counts
    for i in range(len(result)):
        for n, m in enumerate(result.segment(i).unclipped_matches):
            out[n] += m
    return out


# --------------------------------------------------------------------------- one result
class PrecisionPlot:
    """The clipped-vs-unclipped precision figure, built once and redrawn in place.

    :func:`plot_precisions` draws it once; the explorer keeps one and calls
    :meth:`draw` on every keystroke, which is several times faster than
    building a new figure.
    """

    WIDTH = 0.38

    def __init__(self, max_order: int, *, figsize: tuple[float, float] = (7.0, 4.0),
                 layout: Optional[str] = "constrained", dpi: Optional[float] = None) -> None:
        self.max_order = max_order
        self.figure, ax = new_figure(figsize, layout=layout)
        if dpi:
            self.figure.set_dpi(dpi)
        self.ax = ax
        self._background: Any = None
        orders = list(range(1, max_order + 1))
        w = self.WIDTH
        self.unclipped_bars = ax.bar([n - w / 2 for n in orders], [0.0] * max_order, w, color="white",
                                     edgecolor=OKABE_ITO["orange"], hatch="///", linewidth=1.2,
                                     label="unclipped (standard precision)").patches
        self.clipped_bars = ax.bar([n + w / 2 for n in orders], [0.0] * max_order, w, color=OKABE_ITO["blue"],
                                   label="clipped (modified precision)").patches
        self.smoothed, = ax.plot([], [], marker="D", color=OKABE_ITO["black"], markersize=5, linestyle="none",
                                 label="p_n after smoothing")
        self.unclipped_labels = [ax.text(n - w / 2, 0, "", ha="center", va="bottom", fontsize=8) for n in orders]
        self.clipped_labels = [ax.text(n + w / 2, 0, "", ha="center", va="bottom", fontsize=8) for n in orders]
        self.empty_labels = [ax.text(n, 0.03, f"no {n}-grams", ha="center", va="bottom", fontsize=8, color=_GREY,
                                     rotation=90, visible=False) for n in orders]
        ax.set_xticks(orders, [f"{n}-gram" for n in orders])
        ax.set_ylim(0, 1.12)
        ax.set_xlim(0.4, max_order + 0.6)
        ax.set_xlabel("n-gram order n")
        ax.set_ylabel("precision p_n")
        self.title = ax.set_title("", fontsize=10.5, y=1.0)  # a fixed y skips matplotlib's costly title placement
        self._legend_with_smoothing: Optional[bool] = None

    def draw(self, result: "Result", label: Optional[str] = None) -> "Figure":
        """Show ``result`` (its max order must be this plot's)."""
        _check_result(result)
        b = result.breakdown
        if len(b.matches) != self.max_order:
            raise BleuInputError(f"this plot has {self.max_order} orders but the result has {len(b.matches)}")
        unclipped = _unclipped_matches(result)
        xs, ys = [], []
        for i in range(self.max_order):
            total = b.totals[i]
            p_un = unclipped[i] / total if total else 0.0
            p_cl = b.matches[i] / total if total else 0.0
            self.unclipped_bars[i].set_height(p_un)
            self.clipped_bars[i].set_height(p_cl)
            self.empty_labels[i].set_visible(total == 0)
            used = b.precisions[i]
            smoothed = total > 0 and used is not None and not math.isclose(used, p_cl, rel_tol=1e-9, abs_tol=1e-12)
            if smoothed:
                xs.append(i + 1 + self.WIDTH / 2)
                ys.append(used)
            for text, value, top in ((self.unclipped_labels[i], f"{unclipped[i]}/{total}", p_un + 0.015),
                                     (self.clipped_labels[i], f"{b.matches[i]}/{total}",
                                      max(p_cl, used if smoothed else 0.0) + 0.03)):
                text.set_text(value if total else "")
                text.set_y(top)
        self.smoothed.set_data(xs, ys)
        with_smoothing = bool(xs)
        if with_smoothing != self._legend_with_smoothing:
            handles = [self.unclipped_bars[0], self.clipped_bars[0]] + ([self.smoothed] if with_smoothing else [])
            labels = ["unclipped (standard precision)", "clipped (modified precision)", "p_n after smoothing"]
            self.ax.legend(handles=handles, labels=labels[:len(handles)], loc="upper right", fontsize=8, frameon=False)
            self._legend_with_smoothing = with_smoothing
            self._background = None
        self.title.set_text(f"Clipped vs unclipped n-gram precision\n{describe_data(result, label)} "
                            f"\u00b7 preset {result.config.preset}")
        return self.figure


    def _changing_artists(self) -> list:
        return [*self.unclipped_bars, *self.clipped_bars, self.smoothed, *self.unclipped_labels, *self.clipped_labels,
                *self.empty_labels, self.title]

    def render_png(self, result: "Result", label: Optional[str] = None) -> bytes:
        """:meth:`draw` and return the PNG, redrawing only what changes (axes, ticks and legend are kept as pixels).

        The picture is the one :func:`figure_png` gives of the same figure; it is
        just faster, because the unchanging parts are not drawn again.
        """
        import io

        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from PIL import Image

        self.draw(result, label)
        canvas = self.figure.canvas
        if not isinstance(canvas, FigureCanvasAgg):
            canvas = FigureCanvasAgg(self.figure)
            self._background = None
        changing = self._changing_artists()
        if self._background is None:
            for artist in changing:
                artist.set_animated(True)  # left out of a full draw
            canvas.draw()
            self._background = canvas.copy_from_bbox(self.figure.bbox)
        else:
            canvas.restore_region(self._background)
        renderer = canvas.get_renderer()
        for artist in changing:
            artist.draw(renderer)
        width, height = canvas.get_width_height(physical=True)
        image = Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1).convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="png", compress_level=1)
        return buffer.getvalue()


def plot_precisions(result: "Result", *, label: Optional[str] = None, layout: Optional[str] = "constrained",
                    figsize: tuple[float, float] = (7.0, 4.0)) -> "Figure":
    """Per-order precision: unclipped (every n-gram found in some reference) against clipped (modified).

    The fraction above each bar is read from the result; a diamond marks the
    smoothed p_n where the tool used a different value.
    """
    _check_result(result)
    return PrecisionPlot(result.config.max_order, figsize=figsize, layout=layout).draw(result, label)


def plot_log_combination(result: "Result", *, label: Optional[str] = None, layout: Optional[str] = "constrained",
                         figsize: tuple[float, float] = (7.5, 4.2)) -> "Figure":
    """The combination in log space: each w_n log p_n stacks down to the log of the mean, then log BP gives log BLEU.

    A log of 0 (the paper's p_n = 0) and the tools' stand-ins for it
    (sacreBLEU's -9999999999, NLTK's log of the smallest float) are drawn as
    arrows off the bottom, labelled with their value.
    """
    from ..engine.steps import fmt

    _check_result(result)
    b = result.breakdown
    inf = math.inf
    items: list[tuple[str, float, float, str, str]] = []  # (name, start, end, colour, label)
    level = 0.0
    for i, term in enumerate(b.log_terms):
        n = i + 1
        name = f"w{n} log p{n}"
        if term is None:
            if b.weights[i] > 0 and b.precisions[i] == 0:
                items.append((name, level, -inf, order_colour(n), "log 0 = -\u221e"))
                level = -inf
            else:
                items.append((name, level, level, _GREY, "not used"))
            continue
        text = f"{term:+.3f}" if term >= OFF_SCALE_LOG else f"{term:.4g}\n(stand-in\nfor log 0)"
        items.append((name, level, level + term, order_colour(n), text))
        level += term
    if b.orders_used == 0:  # the tool returned 0 before combining anything
        level = -inf
        items.append(("log mean\n= \u03a3 above", 0.0, level, _GREY, "no order used:\nBLEU = 0 at once"))
    else:
        items.append(("log mean\n= \u03a3 above", 0.0, level, _GREY, "-\u221e" if level == -inf else f"{level:.4g}"))
    log_bp = math.log(b.brevity_penalty) if b.brevity_penalty > 0 else -inf
    items.append(("log BP", level, level + log_bp, CLIPPED_COLOUR, "-\u221e" if log_bp == -inf else f"{log_bp:+.3f}"))
    log_bleu = math.log(result.bleu) if result.bleu > 0 else -inf
    items.append(("log BLEU", 0.0, log_bleu, OKABE_ITO["black"], "-\u221e" if log_bleu == -inf else f"{log_bleu:.4g}"))

    shown = [v for _, s, e, _, _ in items for v in (s, e) if v >= OFF_SCALE_LOG]
    low = min(shown + [0.0])
    off_scale = any(min(s, e) < OFF_SCALE_LOG for _, s, e, _, _ in items)
    bottom = low * 1.12 - 0.25 - (0.25 * abs(low) + 0.6 if off_scale else 0.0)
    top = max(0.3, 0.12 * abs(bottom))
    fig, ax = new_figure(figsize, layout=layout)
    for x, (name, start, end, colour, text) in enumerate(items):
        s_shown = max(start, bottom)
        if end < bottom:  # off the scale: hatched to the bottom, an arrow, the value in a box
            if s_shown > bottom:
                ax.bar(x, bottom - s_shown, 0.6, bottom=s_shown, color=colour, alpha=0.35, hatch="..", edgecolor=colour)
            ax.annotate("", xy=(x, bottom), xytext=(x, bottom + 0.08 * (top - bottom)),
                        arrowprops=dict(arrowstyle="-|>", color=colour, linewidth=1.5))
            ax.text(x, bottom + 0.1 * (top - bottom), text, ha="center", va="bottom", fontsize=7.5,
                    bbox=dict(boxstyle="round,pad=0.2", facecolor="white", edgecolor=colour, linewidth=0.8))
        elif start == end:
            ax.plot([x - 0.3, x + 0.3], [s_shown, s_shown], color=colour, linewidth=1.2)
            ax.text(x, s_shown - 0.02 * (top - bottom), text, ha="center", va="top", fontsize=8, color=_GREY)
        else:
            ax.bar(x, end - s_shown, 0.6, bottom=s_shown, color=colour)
            ax.text(x, min(s_shown, end) - 0.02 * (top - bottom), text, ha="center", va="top", fontsize=8)
        if name.startswith("w") and bottom <= end < inf:
            ax.plot([x + 0.3, x + 0.7], [end, end], color=_GREY, linewidth=0.7, linestyle=":")
    ax.axhline(0, color=OKABE_ITO["black"], linewidth=0.8)
    ax.set_xticks(range(len(items)), [item[0] for item in items], fontsize=8)
    ax.set_ylim(bottom, top)
    ax.set_ylabel("natural log (0 = a score of 1)")
    ax.set_xlabel("terms of log BLEU = \u03a3 w_n log p_n + log BP")
    exponent = "-inf" if log_bleu == -inf else f"{log_bleu:.4g}"
    ax.text(0.99, 0.97, f"BLEU = exp({exponent}) = {fmt(result.bleu)}", transform=ax.transAxes, ha="right", va="top",
            fontsize=9, bbox=dict(boxstyle="round", facecolor="white", edgecolor="#cccccc"))
    _title(ax, "Combining the precisions in log space", describe_data(result, label), result.config.preset)
    return fig


def plot_brevity_penalty(result: "Result", *, label: Optional[str] = None, layout: Optional[str] = "constrained",
                         figsize: tuple[float, float] = (7.0, 4.0)) -> "Figure":
    """The curve BP = exp(1 - r/c) for the result's r, with the result's (c, BP) marked."""
    import numpy as np

    from ..engine.length import brevity_penalty

    _check_result(result)
    c, r = result.hyp_len, result.ref_len
    fig, ax = new_figure(figsize, layout=layout)
    right = max(2 * r, c + 2, 4)
    grid = np.linspace(0.05, right, 400)
    ax.plot(grid, [brevity_penalty(x, r, "paper") for x in grid], color=OKABE_ITO["blue"], linewidth=2,
            label="BP = exp(1 \u2212 r/c) for c < r, else 1")
    ax.axvline(r, color=_GREY, linestyle="--", linewidth=1)
    ax.text(r, 0.55, f"c = r = {r} ", color=_GREY, fontsize=8, va="center", ha="right", rotation=90)
    bp = result.brevity_penalty
    ax.plot([c], [bp], marker="o", markersize=9, color=CLIPPED_COLOUR, linestyle="none",
            label=f"this {'candidate' if hasattr(result, 'candidate_tokens') else 'corpus'}: c = {c}, BP = {bp:.4f}")
    ax.set_xlim(0, right)
    ax.set_ylim(0, 1.08)
    ax.set_xlabel("candidate length c (tokens)")
    ax.set_ylabel("brevity penalty BP")
    ax.legend(loc="lower right", fontsize=8, frameon=False)
    _title(ax, f"Brevity penalty against candidate length (r = {r})", describe_data(result, label),
           result.config.preset)
    return fig


def plot_means(result: "Result", *, label: Optional[str] = None, layout: Optional[str] = "constrained",
               figsize: tuple[float, float] = (9.0, 4.0)) -> "Figure":
    """Geometric against arithmetic mean of the precisions the tool combined.

    Left: the p_n with both means. Right: how each mean moves if only the last
    order's precision changed; the geometric mean (BLEU's) drops to 0 with it.
    """
    import numpy as np

    _check_result(result)
    b = result.breakdown
    used = [(i + 1, p, w) for i, (p, w) in enumerate(zip(b.precisions, b.weights)) if p is not None and w > 0]
    fig, (left, right) = new_figure(figsize, ncols=2, layout=layout)
    fig.suptitle(f"Geometric vs arithmetic mean of the precisions\n{describe_data(result, label)} "
                 f"\u00b7 preset {result.config.preset}", fontsize=10.5)
    if not used:
        for ax in (left, right):
            ax.axhline(0, color=_GREY)
            ax.text(0.5, 0.5, "no order took part: BLEU = 0", ha="center", transform=ax.transAxes)
            ax.set_xlabel("n-gram order n")
            ax.set_ylabel("precision")
        return fig
    weights = np.array([w for _, _, w in used])
    precisions = np.array([p for _, p, _ in used])
    norm = weights / weights.sum()
    arithmetic = b.arithmetic_mean
    geometric = b.geometric_mean
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
    log_rest = sum(w * math.log(p) for _, p, w in others if p > 0) if all(p > 0 for _, p, _ in others) else -math.inf
    with np.errstate(divide="ignore"):
        geo_curve = np.exp(log_rest + last[2] * np.log(xs)) if log_rest != -math.inf else np.zeros_like(xs)
    ari_curve = (norm[:-1] * precisions[:-1]).sum() + norm[-1] * xs
    right.plot(xs, ari_curve, color=OKABE_ITO["black"], linestyle="--", linewidth=1.4, label="arithmetic mean")
    right.plot(xs, geo_curve, color=CLIPPED_COLOUR, linewidth=2, label="geometric mean")
    right.plot([last[1]], [geometric], marker="o", color=CLIPPED_COLOUR, linestyle="none")
    right.axvline(last[1], color=_GREY, linewidth=0.8, linestyle=":")
    right.set_xlim(0, 1)
    right.set_ylim(0, 1.02)
    right.set_xlabel(f"p{last[0]} (other precisions kept)")
    right.set_ylabel("mean of the precisions")
    right.legend(loc="upper left", fontsize=8, frameon=False)
    right.set_title(f"If only p{last[0]} changed:\nthe geometric mean falls to 0 with it", fontsize=10)
    return fig


# --------------------------------------------------------------------------- corpora and systems
def plot_sentence_length(corpus: "CorpusExplanation", *, label: Optional[str] = None,
                         figsize: tuple[float, float] = (7.0, 4.2)) -> "Figure":
    """Sentence BLEU of every segment against the candidate's length, short candidates marked."""
    import numpy as np

    _check_result(corpus, "corpus")
    if not hasattr(corpus, "sentence_table"):
        raise BleuInputError("plot_sentence_length needs a corpus result (bleu_explain.explain_corpus)")
    table = corpus.sentence_table()
    scored = table[table["sentence_bleu"].notna()]
    fig, ax = new_figure(figsize)
    short = scored["hyp_len"] < scored["ref_len"]
    y = scored["sentence_bleu"].astype(float) * 100
    ax.scatter(scored["hyp_len"][~short], y[~short], s=14, alpha=0.6, color=OKABE_ITO["blue"],
               label="c \u2265 r (no brevity penalty)")
    ax.scatter(scored["hyp_len"][short], y[short], s=16, alpha=0.7, color=CLIPPED_COLOUR, marker="^",
               label="c < r (brevity penalty < 1)")
    if len(scored) >= 10:
        edges = np.unique(np.quantile(scored["hyp_len"], np.linspace(0, 1, 9)))
        if len(edges) > 2:
            idx = np.clip(np.digitize(scored["hyp_len"], edges[1:-1]), 0, len(edges) - 2)
            centres, medians = [], []
            for k in range(len(edges) - 1):
                mask = idx == k
                if mask.any():
                    centres.append(float(scored["hyp_len"][mask].mean()))
                    medians.append(float(np.median(y[mask])))
            ax.plot(centres, medians, color=OKABE_ITO["black"], linewidth=1.8, label="median by length bin")
    ax.axhline(corpus.score, color=OKABE_ITO["bluish green"], linestyle="--", linewidth=1.2,
               label=f"corpus BLEU {corpus.score:.2f}")
    ax.set_xlabel("candidate length c (tokens)")
    ax.set_ylabel("sentence BLEU (0-100)")
    ax.set_ylim(-2, 102)
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    missing = len(table) - len(scored)
    data = describe_data(corpus, label) + (f" ({missing} unscorable left out)" if missing else "")
    _title(ax, "Sentence BLEU against candidate length", data, corpus.config.preset)
    return fig


def _as_results(results: Any, name: str) -> dict:
    if not isinstance(results, Mapping) or not results:
        raise BleuInputError(f"{name} must be a non-empty mapping of name -> result")
    for key, r in results.items():
        _check_result(r, f"{name}[{key!r}]")
    return dict(results)


def plot_precision_by_order(results: Mapping[str, "Result"], *, title: Optional[str] = None,
                            figsize: tuple[float, float] = (7.0, 4.2)) -> "Figure":
    """Modified n-gram precision by order for several systems (the paper's Figures 1 and 2)."""
    systems = _as_results(results, "results")
    fig, ax = new_figure(figsize)
    max_order = max(r.config.max_order for r in systems.values())
    for k, (name, r) in enumerate(systems.items()):
        orders = [n for n in range(1, len(r.matches) + 1) if r.totals[n - 1]]
        values = [r.matches[n - 1] / r.totals[n - 1] for n in orders]
        ax.plot(orders, values, marker=SERIES_MARKERS[k % len(SERIES_MARKERS)],
                color=SERIES_COLOURS[k % len(SERIES_COLOURS)], linewidth=1.8, label=str(name))
    ax.set_xticks(range(1, max_order + 1))
    ax.set_xlabel("n-gram order n")
    ax.set_ylabel("modified precision p_n")
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize=8, frameon=False)
    data = title or "systems " + ", ".join(map(str, systems))
    _title(ax, "Modified n-gram precision by order", data, _preset_of(list(systems.values())))
    return fig


def plot_configurations(results: Union[Mapping[str, Any], "pd.DataFrame"], *, title: Optional[str] = None,
                        figsize: Optional[tuple[float, float]] = None) -> "Figure":
    """Scores of one output under several configurations, as a dot plot (Post 2018, Table 1 style).

    ``results`` maps a configuration label to a result (or to a score), or is the
    table of :func:`bleu_explain.compare` (one row per preset, a ``score`` column).
    """
    import pandas as pd

    if isinstance(results, pd.DataFrame):
        if "score" not in results.columns:
            raise BleuInputError("the table needs a 'score' column (as bleu_explain.compare returns)")
        scores = {str(k): float(v) for k, v in results["score"].items()}
        signatures = {str(k): str(v) for k, v in results["signature"].items()} if "signature" in results else {}
    elif isinstance(results, Mapping) and results:
        scores, signatures = {}, {}
        for key, value in results.items():
            if hasattr(value, "score") and hasattr(value, "signature"):
                scores[str(key)] = float(value.score)
                signatures[str(key)] = value.signature
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                scores[str(key)] = float(value)
            else:
                raise BleuInputError(f"results[{key!r}] must be a result or a number, got {type(value).__name__}")
    else:
        raise BleuInputError("results must be a non-empty mapping of label -> result, or bleu_explain.compare's table")
    names = list(scores)
    values = [scores[n] for n in names]
    fig, ax = new_figure(figsize or (7.5, 1.2 + 0.45 * len(names)))
    ys = list(range(len(names)))[::-1]
    ax.hlines(ys, min(values), values, color="#dddddd", linewidth=1)
    for y, name, v in zip(ys, names, values):
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
    _title(ax, f"One output, several configurations: spread {spread:.2f} BLEU", data)
    return fig


def plot_human_correlation(bleu: Mapping[str, float], human: Mapping[str, float], *, judges: str = "human",
                           title: Optional[str] = None, preset: Optional[str] = None,
                           figsize: tuple[float, float] = (6.0, 4.4)) -> "Figure":
    """BLEU of each system against its human score, with the least-squares line and Pearson's r.

    ``bleu`` and ``human`` map system names to scores (the paper's Figures 5 and 6
    plot the five systems against monolingual and bilingual judges).
    """
    import numpy as np

    if not isinstance(bleu, Mapping) or not isinstance(human, Mapping):
        raise BleuInputError("bleu and human must be mappings of system name -> score")
    names = [n for n in bleu if n in human]
    if len(names) < 3:
        raise BleuInputError(f"need at least 3 systems with both a BLEU and a human score, got {len(names)}")
    x = np.array([float(human[n]) for n in names])
    y = np.array([float(bleu[n]) for n in names])
    slope, intercept = np.polyfit(x, y, 1)
    r = float(np.corrcoef(x, y)[0, 1])
    fig, ax = new_figure(figsize)
    xs = np.linspace(x.min(), x.max(), 50)
    ax.plot(xs, slope * xs + intercept, color=_GREY, linewidth=1.5, linestyle="--",
            label=f"least squares: BLEU = {slope:.3g} \u00b7 human {intercept:+.3g}")
    for k, (name, xi, yi) in enumerate(zip(names, x, y)):
        ax.plot([xi], [yi], marker=SERIES_MARKERS[k % len(SERIES_MARKERS)], markersize=8,
                color=SERIES_COLOURS[k % len(SERIES_COLOURS)], linestyle="none")
        ax.annotate(str(name), (xi, yi), textcoords="offset points", xytext=(6, -10), fontsize=9)
    ax.set_xlabel(f"{judges} judgment (mean score)")
    ax.set_ylabel("BLEU")
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    data = title or f"{len(names)} systems, {judges} judges"
    _title(ax, f"BLEU against {judges} judgments: r = {r:.3f}", data, preset)
    return fig


# --------------------------------------------------------------------------- significance and blocks
def _field(obj: Any, *names: str, default: Any = None) -> Any:
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    return default


def plot_significance(*tests: Any, labels: Optional[Sequence[str]] = None,
                      figsize: Optional[tuple[float, float]] = None) -> "Figure":
    """Each paired test's sampled statistic, the observed one, and the share beyond it (the p-value).

    Pass one or more results of ``paired_bootstrap`` / ``paired_approximate_randomization``:
    ``sample_deltas`` are the sampled values of the test statistic, ``statistic``
    the observed one (|observed_delta|), and ``p_value`` counts the samples above it.
    """
    import numpy as np

    if not tests:
        raise BleuInputError("give at least one paired test result")
    fig, axes = new_figure(figsize or (5.4 * len(tests), 4.0), ncols=len(tests), squeeze=False)
    names = {"bs": "Paired bootstrap", "ar": "Approximate randomization"}
    xlabels = {"bs": "|system \u2212 baseline| of a resample, minus the mean (BLEU)",
               "ar": "|A \u2212 B| of shuffled pseudo-systems (BLEU)"}
    for k, (ax, t) in enumerate(zip(axes[0], tests)):
        deltas = np.asarray(_field(t, "sample_deltas"), dtype=float)
        if deltas.size == 0:
            raise BleuInputError(f"test {k} has no sample_deltas")
        observed = float(t.observed_delta)
        statistic = float(_field(t, "statistic", default=abs(observed)))
        kind = str(_field(t, "test", default=""))
        edges = np.histogram_bin_edges(np.append(deltas, statistic), bins=40)
        beyond = deltas > statistic
        ax.hist(deltas[~beyond], bins=edges, color=OKABE_ITO["sky blue"], edgecolor="white",
                label=f"{deltas.size} sampled statistics")
        ax.hist(deltas[beyond], bins=edges, color=CLIPPED_COLOUR, alpha=0.6, edgecolor="white",
                label=f"{int(beyond.sum())} beyond the observed one")
        ax.axvline(statistic, color=CLIPPED_COLOUR, linewidth=2,
                   label=f"observed: \u0394 = {observed:+.2f}, |\u0394| = {statistic:.2f}")
        ax.set_xlabel(xlabels.get(kind, "sampled statistic (BLEU)"), fontsize=9)
        ax.set_ylabel("number of samples")
        ax.margins(y=0.25)  # room for the legend above the bars
        ax.legend(loc="upper center", fontsize=8, frameon=True, framealpha=0.9, edgecolor="#dddddd")
        name = labels[k] if labels and k < len(labels) else names.get(kind, kind or "paired test")
        seed = _field(t, "seed")
        scores = ""
        if hasattr(t, "baseline_score") and hasattr(t, "system_score"):
            scores = f"baseline {float(t.baseline_score):.2f} vs system {float(t.system_score):.2f} \u00b7 "
        preset = preset_from_signature(_field(t, "signature"))
        ax.set_title(f"{name}: p = {float(t.p_value):.4f}\n{scores}"
                     f"n = {_field(t, 'n_samples', default=deltas.size)}"
                     + (f", seed {seed}" if seed is not None else "")
                     + (f" \u00b7 preset {preset}" if preset else ""), fontsize=10)
    return fig


def plot_bootstrap(result: Any, *, label: Optional[str] = None,
                   figsize: tuple[float, float] = (6.5, 3.9)) -> "Figure":
    """The bootstrap distribution of one system's score with its confidence interval."""
    import numpy as np

    samples = np.asarray(_field(result, "sample_scores"), dtype=float)
    if samples.size == 0:
        raise BleuInputError("the bootstrap result has no sample_scores")
    lower, upper = float(_field(result, "lower")), float(_field(result, "upper"))
    score = float(_field(result, "score"))
    fig, ax = new_figure(figsize)
    ax.axvspan(lower, upper, color=OKABE_ITO["yellow"], alpha=0.35, label=f"interval [{lower:.2f}, {upper:.2f}]")
    ax.hist(samples, bins=40, color=OKABE_ITO["sky blue"], edgecolor="white", label=f"{samples.size} resampled scores")
    ax.axvline(score, color=CLIPPED_COLOUR, linewidth=2, label=f"score on the test set {score:.2f}")
    ax.set_xlabel("BLEU (0-100)")
    ax.set_ylabel("number of samples")
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    seed = _field(result, "seed")
    _title(ax, "Bootstrap distribution of the score",
           (label or "resampled test set") + (f" \u00b7 seed {seed}" if seed is not None else ""),
           preset_from_signature(_field(result, "signature")))
    return fig


def plot_blocks(result: Any, *, title: Optional[str] = None, figsize: tuple[float, float] = (7.0, 4.2)) -> "Figure":
    """Per-system BLEU on blocks of the test set: each block, the mean and one standard deviation (the paper's Table 2).

    ``result`` needs ``block_scores`` (a DataFrame, blocks x systems); the means,
    standard deviations and t-statistics are read from it when present.
    """
    import numpy as np

    table = _field(result, "block_scores")
    if table is None or not hasattr(table, "columns"):
        raise BleuInputError("the block result needs block_scores: a DataFrame with one column per system")
    systems = list(table.columns)
    means = _field(result, "means")
    stds = _field(result, "stds", "standard_deviations")
    tstats = _field(result, "t_statistics", "t_stats", "t_values")
    means = table.mean() if means is None else means
    stds = table.std() if stds is None else stds
    fig, ax = new_figure(figsize)
    rng = np.random.default_rng(0)  # fixed jitter so the figure is the same every time
    for k, name in enumerate(systems):
        values = np.asarray(table[name], dtype=float)
        ax.scatter(k + rng.uniform(-0.12, 0.12, len(values)), values, s=12, color=SERIES_COLOURS[k % len(SERIES_COLOURS)],
                   alpha=0.5)
        mean, std = float(means[name]), float(stds[name])
        ax.errorbar([k + 0.28], [mean], yerr=[std], fmt="o", color=OKABE_ITO["black"], capsize=4, markersize=6)
        ax.text(k + 0.36, mean, f"{mean:.3g}\n\u00b1{std:.2g}", fontsize=7.5, va="center")
    if tstats is not None:
        top = float(np.nanmax(table.to_numpy(dtype=float)))
        for k in range(1, len(systems)):
            value = tstats.get(systems[k]) if hasattr(tstats, "get") else tstats[k]
            if value is None or (isinstance(value, float) and math.isnan(value)):
                continue
            ax.annotate(f"t = {float(value):.1f}", xy=(k - 0.5, top), xytext=(0, 8), textcoords="offset points",
                        ha="center", fontsize=8, color=CLIPPED_COLOUR)
    ax.set_xticks(range(len(systems)), [str(s) for s in systems])
    ax.set_xlim(-0.5, len(systems) - 0.2)
    ax.margins(y=0.15)
    ax.set_xlabel("system")
    ax.set_ylabel("BLEU on a block")
    preset = preset_from_signature(_field(result, "signature"))
    ax.set_title(f"BLEU on {len(table)} blocks: mean \u00b1 one standard deviation"
                 + ("\nt: paired t-statistic against the system to the left" if tstats is not None else "")
                 + (f"\n{title}" if title else "") + (f" \u00b7 preset {preset}" if preset else ""), fontsize=10.5)
    return fig


def plot_reference_counts(frame: "pd.DataFrame", *, title: Optional[str] = None, preset: Optional[str] = None,
                          figsize: tuple[float, float] = (6.5, 4.0)) -> "Figure":
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
    rng = np.random.default_rng(0)
    for k, (name, part) in enumerate(groups):
        colour = SERIES_COLOURS[k % len(SERIES_COLOURS)]
        ax.scatter(part["n_refs"] + rng.uniform(-0.06, 0.06, len(part)), part["score"], s=18, alpha=0.5, color=colour)
        means = part.groupby("n_refs")["score"].mean()
        ax.plot(means.index, means.values, marker=SERIES_MARKERS[k % len(SERIES_MARKERS)], color=colour, linewidth=1.8,
                label=("mean over subsets" if name is None else f"{name}: mean over subsets"))
    counts = sorted(frame["n_refs"].unique())
    ax.set_xticks(counts)
    ax.set_xlabel("number of references")
    ax.set_ylabel("BLEU")
    ax.legend(fontsize=8, frameon=False)
    _title(ax, "Score against the number of references", title or "each dot is one subset of the references",
           preset or frame.attrs.get("preset"))
    return fig
