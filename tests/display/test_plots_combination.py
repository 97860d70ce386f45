"""The log-space sum and the two means are the result's own numbers."""

from __future__ import annotations

import math

import pytest
from plot_inputs import CAND1, CAND2, EX1_REFS

import bleu_explain as bx
from bleu_explain.display import plots


def test_log_combination_terms_add_up_to_log_bleu():
    r = bx.explain(CAND1, EX1_REFS, preset="paper")
    ax = plots.plot_log_combination(r).axes[0]
    heights = [p.get_height() for p in ax.patches]
    terms = heights[: r.config.max_order]
    assert terms == pytest.approx(list(r.breakdown.log_terms))
    assert heights[-1] == pytest.approx(math.log(r.bleu))
    assert any(f"= {r.bleu:.4f}" in t.get_text() for t in ax.texts)


def test_log_combination_marks_log_zero_off_the_scale():
    r = bx.explain(CAND2, EX1_REFS, preset="paper")  # p3 = 0/12: the paper's footnote 5
    ax = plots.plot_log_combination(r).axes[0]
    texts = [t.get_text() for t in ax.texts]
    assert any("log 0" in t for t in texts)
    assert any("exp(-inf) = -" in t or "exp(-inf)" in t for t in texts)


def test_geometric_mean_is_bleu_over_bp():
    r = bx.explain(CAND1, EX1_REFS, preset="paper")
    left = plots.plot_means(r).axes[0]
    geometric = [line for line in left.lines if "geometric" in line.get_label()][0]
    assert geometric.get_ydata()[0] == pytest.approx(r.bleu / r.brevity_penalty)
