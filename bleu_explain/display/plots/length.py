"""Length: the brevity-penalty curve with the result on it, and sentence BLEU against candidate length.

>>> import bleu_explain as bx
>>> fig = plot_brevity_penalty(bx.explain("of the", ["It is a guide to action."], preset="paper"))
>>> fig.axes[0].get_ylabel()
'brevity penalty BP'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import BleuInputError
from ..palette import CLIPPED_COLOUR, GREY, OKABE_ITO
from .figure import check_result, describe_data, new_figure, set_title

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from ...results import CorpusExplanation
    from .figure import Result


def plot_brevity_penalty(result: Result, *, label: str | None = None, layout: Any = "constrained",
                         figsize: tuple[float, float] = (7.0, 4.0)) -> Figure:
    """The curve BP = exp(1 - r/c) for the result's r, with the result's (c, BP) marked."""
    import numpy as np

    from ...engine.length import brevity_penalty

    check_result(result)
    c, r = result.hyp_len, result.ref_len
    fig, ax = new_figure(figsize, layout=layout)
    right = max(2 * r, c + 2, 4)
    grid = np.linspace(0.05, right, 400)
    ax.plot(grid, [brevity_penalty(x, r, "paper") for x in grid], color=OKABE_ITO["blue"], linewidth=2,
            label="BP = exp(1 \u2212 r/c) for c < r, else 1")
    ax.axvline(r, color=GREY, linestyle="--", linewidth=1)
    ax.text(r, 0.55, f"c = r = {r} ", color=GREY, fontsize=8, va="center", ha="right", rotation=90)
    bp = result.brevity_penalty
    what = "candidate" if hasattr(result, "candidate_tokens") else "corpus"
    ax.plot([c], [bp], marker="o", markersize=9, color=CLIPPED_COLOUR, linestyle="none",
            label=f"this {what}: c = {c}, BP = {bp:.4f}")
    ax.set_xlim(0, right)
    ax.set_ylim(0, 1.08)
    ax.set_xlabel("candidate length c (tokens)")
    ax.set_ylabel("brevity penalty BP")
    ax.legend(loc="lower right", fontsize=8, frameon=False)
    set_title(ax, f"Brevity penalty against candidate length (r = {r})", describe_data(result, label),
              result.config.preset)
    return fig


def plot_sentence_length(corpus: CorpusExplanation, *, label: str | None = None,
                         figsize: tuple[float, float] = (7.0, 4.2)) -> Figure:
    """Sentence BLEU of every segment against the candidate's length, short candidates marked."""
    import numpy as np

    check_result(corpus, "corpus")
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
    set_title(ax, "Sentence BLEU against candidate length", data, corpus.config.preset)
    return fig
