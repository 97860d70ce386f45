"""Clipped against unclipped precision: the bars are the result's fractions, redrawn in place."""

from __future__ import annotations

import pytest
from plot_inputs import CAND2, CAT_REFS, EX1_REFS

import bleu_explain as bx
from bleu_explain.display import plots
from bleu_explain.display.html.palette import OKABE_ITO
from bleu_explain.engine.errors import BleuInputError


def _bar_heights(ax, colour):
    from matplotlib.colors import to_hex

    return [p.get_height() for p in ax.patches if to_hex(p.get_facecolor()).lower() == colour.lower()]


def test_precision_bars_are_the_results_fractions():
    r = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    ax = plots.plot_precisions(r).axes[0]
    clipped = _bar_heights(ax, OKABE_ITO["blue"])
    assert clipped == pytest.approx([m / t for m, t in zip(r.matches, r.totals)])
    unclipped = [p.get_height() for p in ax.patches if p.get_hatch()]
    assert unclipped == pytest.approx([u / t for u, t in zip(r.unclipped_matches, r.totals)])
    assert unclipped[0] == 1.0 and clipped[0] == pytest.approx(2 / 7)
    labels = [t.get_text() for t in ax.texts]
    assert "7/7" in labels and "2/7" in labels


def test_precision_plot_redrawn_in_place_matches_a_fresh_one():
    first = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    second = bx.explain(CAND2, EX1_REFS)
    live = plots.PrecisionPlot(4)
    live.draw(first)
    live.draw(second)
    fresh = plots.plot_precisions(second)
    assert [p.get_height() for p in live.ax.patches] == [p.get_height() for p in fresh.axes[0].patches]
    assert [t.get_text() for t in live.ax.texts] == [t.get_text() for t in fresh.axes[0].texts]
    assert live.ax.get_title() == fresh.axes[0].get_title()
    with pytest.raises(BleuInputError, match="orders"):
        live.draw(bx.explain("a b", ["a b"], max_order=2))


def test_orders_without_ngrams_are_labelled():
    ax = plots.plot_precisions(bx.explain("a b", ["a b c"])).axes[0]
    visible = [t.get_text() for t in ax.texts if t.get_visible() and t.get_text()]
    assert "no 3-grams" in visible and "no 4-grams" in visible


def test_smoothed_precision_is_marked():
    r = bx.explain(CAND2, EX1_REFS)  # exp smoothing on orders 3 and 4
    ax = plots.plot_precisions(r).axes[0]
    diamonds = [line for line in ax.lines if line.get_marker() == "D"][0]
    assert list(diamonds.get_ydata()) == pytest.approx([p for p in r.precisions[2:]])
    assert "p_n after smoothing" in [t.get_text() for t in ax.get_legend().get_texts()]
