"""Length plots: the brevity-penalty point and every scored segment are the result's."""

from __future__ import annotations

import pytest
from plot_inputs import EX1_REFS, corpus_a

import bleu_explain as bx
from bleu_explain.display import plots


def test_brevity_penalty_point_is_the_results():
    r = bx.explain("of the", EX1_REFS, preset="paper", max_order=2)
    ax = plots.plot_brevity_penalty(r).axes[0]
    point = [line for line in ax.lines if line.get_marker() == "o"][0]
    assert (point.get_xdata()[0], point.get_ydata()[0]) == (r.hyp_len, r.brevity_penalty)
    assert f"r = {r.ref_len}" in ax.get_title()


def test_sentence_length_plots_every_scored_segment():
    corpus = corpus_a()
    ax = plots.plot_sentence_length(corpus).axes[0]
    points = sum(len(c.get_offsets()) for c in ax.collections)
    assert points == len(corpus)
    corpus_line = [line for line in ax.lines if "corpus BLEU" in line.get_label()][0]
    assert corpus_line.get_ydata()[0] == pytest.approx(corpus.score)
