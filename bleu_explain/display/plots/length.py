"""Length: the brevity-penalty curve with the result on it, and sentence BLEU against candidate length.

>>> import bleu_explain as bx
>>> fig = plot_brevity_penalty(bx.explain("of the", ["It is a guide to action."], preset="paper"))
>>> fig.axes[0].get_ylabel()
'brevity penalty BP'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import BleuInputError
from ..html.palette import CLIPPED_COLOUR, OKABE_ITO
from .figure import Title, check_result, describe_data, new_figure, set_title
from .style import PlotStyle, plot_style, styled

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from ...results import CorpusExplanation
    from .figure import Result


@styled
def plot_brevity_penalty(result: Result, *, label: str | None = None, layout: Any = "constrained",
                         figsize: tuple[float, float] = (7.0, 4.2), style: str | PlotStyle | None = None) -> Figure:
    """The curve BP = exp(1 - r/c) for the result's r, with the result's (c, BP) marked."""
    import numpy as np

    from ...engine.length import brevity_penalty

    check_result(result)
    s = plot_style(style)
    c, r = result.hyp_len, result.ref_len
    fig, ax = new_figure(figsize, layout=layout, style=s)
    right = max(3 * r, c + 2, 4)  # room right of c = r, where the curve is flat, for the legend
    grid = np.linspace(0.05, right, 400)
    ax.plot(grid, [brevity_penalty(x, r, "paper") for x in grid], color=OKABE_ITO["blue"],
            label="BP = exp(1 \u2212 r/c) for c < r")
    ax.axvline(r, color=s.guide_colour, linestyle="--", linewidth=s.guide)
    ax.annotate(f"c = r = {r}", (r, 0.5), xytext=(-4, 0), textcoords="offset points", color=s.guide_colour,
                va="center", ha="right", rotation=90)
    bp = result.brevity_penalty
    what = "candidate" if hasattr(result, "candidate_tokens") else "corpus"
    ax.plot([c], [bp], marker="o", markersize=s.marker * 1.2, color=CLIPPED_COLOUR, linestyle="none",
            label=f"this {what}: BP = {bp:.4f}")
    ax.set_xlim(0, right)
    ax.set_ylim(0, 1.08)
    ax.set_xlabel("candidate length c (tokens)")
    ax.set_ylabel("brevity penalty BP")
    ax.legend(loc="lower right", frameon=False)
    set_title(ax, Title.of(f"Brevity penalty against candidate length (r = {r})",
                           describe_data(result, label), f"c = {c}", preset=result.config.preset), s)
    return fig


def _median_by_length(lengths: Any, scores: Any) -> tuple[list[float], list[float]]:
    """The mean length and median score of each of up to eight bins of equal counts (empty with few points)."""
    import numpy as np

    centres: list[float] = []
    medians: list[float] = []
    if len(lengths) < 10:
        return centres, medians
    edges = np.unique(np.quantile(lengths, np.linspace(0, 1, 9)))
    if len(edges) <= 2:
        return centres, medians
    idx = np.clip(np.digitize(lengths, edges[1:-1]), 0, len(edges) - 2)
    for k in range(len(edges) - 1):
        mask = idx == k
        if mask.any():
            centres.append(float(lengths[mask].mean()))
            medians.append(float(np.median(scores[mask])))
    return centres, medians


@styled
def plot_sentence_length(corpus: CorpusExplanation, *, label: str | None = None,
                         figsize: tuple[float, float] = (7.0, 4.4), style: str | PlotStyle | None = None) -> Figure:
    """Sentence BLEU of every segment against the candidate's length, short candidates marked."""
    check_result(corpus, "corpus")
    if not hasattr(corpus, "sentence_table"):
        raise BleuInputError("plot_sentence_length needs a corpus result (bleu_explain.explain_corpus)")
    s = plot_style(style)
    table = corpus.sentence_table()
    scored = table[table["sentence_bleu"].notna()]
    fig, ax = new_figure(figsize, style=s)
    short = scored["hyp_len"] < scored["ref_len"]
    y = scored["sentence_bleu"].astype(float) * 100
    ax.scatter(scored["hyp_len"][~short], y[~short], s=s.dot, alpha=0.6, color=OKABE_ITO["blue"], linewidths=0,
               label="c \u2265 r (no brevity penalty)")
    ax.scatter(scored["hyp_len"][short], y[short], s=s.dot * 1.2, alpha=0.7, color=CLIPPED_COLOUR, marker="^",
               linewidths=0, label="c < r (brevity penalty < 1)")
    centres, medians = _median_by_length(scored["hyp_len"].to_numpy(), y.to_numpy())
    if centres:
        ax.plot(centres, medians, color=OKABE_ITO["black"], label="median by length bin")
    ax.axhline(corpus.score, color=OKABE_ITO["bluish green"], linestyle="--", linewidth=s.guide,
               label=f"corpus BLEU {corpus.score:.2f}")
    ax.set_xlabel("candidate length c (tokens)")
    ax.set_ylabel("sentence BLEU (0-100)")
    ax.set_ylim(-2, 102)
    ax.legend(loc="upper right", frameon=False)
    missing = len(table) - len(scored)
    data = describe_data(corpus, label) + (f" ({missing} unscorable left out)" if missing else "")
    set_title(ax, Title.of("Sentence BLEU against candidate length", data, preset=corpus.config.preset), s)
    return fig
