"""Systems, configurations and judgments side by side: lines and dots are the results' numbers."""

from __future__ import annotations

import numpy as np
import pytest
from plot_inputs import CAND2, EX1_REFS, SEGMENT_REFS, SYSTEM_B, corpus_a

import bleu_explain as bx
from bleu_explain.display import plots


def test_precision_by_order_lines_are_the_corpus_precisions():
    a, b = corpus_a(), bx.explain_corpus(SYSTEM_B, SEGMENT_REFS)
    ax = plots.plot_precision_by_order({"A": a, "B": b}).axes[0]
    for line, r in zip(ax.lines, (a, b)):
        expected = [m / t for m, t in zip(r.matches, r.totals) if t]
        assert list(line.get_ydata()) == pytest.approx(expected)


def test_configurations_accepts_results_and_compare_tables():
    table = bx.compare(CAND2, EX1_REFS)
    ax = plots.plot_configurations(table).axes[0]
    dots = [float(line.get_xdata()[0]) for line in ax.lines]
    assert dots == pytest.approx(list(table["score"]))
    results = {"13a": bx.explain(CAND2, EX1_REFS), "intl": bx.explain(CAND2, EX1_REFS, tokenize="intl")}
    assert plots.plot_configurations(results).axes[0].get_xlabel() == "BLEU (0-100)"


def test_human_correlation_reports_pearson_r():
    bleu = {"S1": 5.3, "S2": 8.3, "S3": 9.3, "H1": 19.3}
    human = {"S1": 1.6, "S2": 2.4, "S3": 2.3, "H1": 3.4}
    fig = plots.plot_human_correlation(bleu, human)
    r = np.corrcoef(list(human.values()), list(bleu.values()))[0, 1]
    assert f"r = {r:.2f}" in fig.axes[0].get_title()
