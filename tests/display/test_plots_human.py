"""Plots of a metric against human judgments: each renders to PNG and draws the numbers it is given."""

from __future__ import annotations

import math

import matplotlib.colors as mcolors
import numpy as np
import pandas as pd
import pytest
from scipy import stats

from bleu_explain.analysis import human as hx
from bleu_explain.display import plots
from bleu_explain.display.html import palette
from bleu_explain.engine.errors import BleuInputError

METRIC = {"a": 29.3, "b": 29.9, "c": 31.3, "d": 30.0, "H1": 26.3, "H2": 25.1}
HUMAN = {"a": -1.74, "b": -1.51, "c": -1.04, "d": -1.34, "H1": -0.51, "H2": -0.52}
SEGMENTS = {"a": [-3.0, -2.0, -1.0, -4.0], "b": [-2.0, -2.0, 0.0, -3.0], "c": [0.0, -1.0, 0.0, -1.0]}


def png(fig) -> bytes:
    data = plots.figure_png(fig)
    assert data[:4] == b"\x89PNG"
    return data


def test_against_human_fits_machines_and_everything():
    fig = plots.plot_against_human(METRIC, HUMAN, humans=["H1", "H2"], title="made-up")
    png(fig)
    ax = fig.axes[0]
    machines = ["a", "b", "c", "d"]
    r_machines = stats.pearsonr([METRIC[n] for n in machines], [HUMAN[n] for n in machines])[0]
    r_all = stats.pearsonr(list(METRIC.values()), list(HUMAN.values()))[0]
    assert f"r = {r_machines:.2f} (machine systems)" in ax.get_title()
    assert f"r = {r_all:.2f} (all)" in ax.get_title()
    points = [line for line in ax.lines if line.get_linestyle() == "None"]
    assert [list(p.get_xdata()) for p in points] == [[METRIC[n] for n in machines], [26.3, 25.1]]
    assert points[1].get_color() == palette.series_colour(1)  # human translations in the second series colour
    assert {t.get_text() for t in ax.texts} == set(METRIC)  # six systems: every point named


def test_against_human_names_points_only_when_few():
    many = {f"s{k}": float(k) for k in range(20)}
    human = {f"s{k}": float(k % 7) for k in range(20)}
    ax = plots.plot_against_human(many, human).axes[0]
    assert not ax.texts
    assert plots.plot_against_human(many, human, names=True).axes[0].texts


def test_against_human_refuses_too_few_systems():
    with pytest.raises(BleuInputError, match="at least 3"):
        plots.plot_against_human({"a": 1.0, "b": 2.0}, {"a": 1.0, "b": 2.0, "c": 0.0})


def test_neighbours_draw_the_intervals():
    human = hx.neighbour_differences(SEGMENTS, ["a", "b", "c"])
    metric = pd.DataFrame({"difference": [0.6, 1.4], "low": [-0.2, 0.9], "high": [1.3, 2.0]}, index=human.index)
    fig = plots.plot_neighbours(human, metric, title="made-up")
    png(fig)
    left, right = fig.axes
    intervals = [sorted(line.get_xdata()) for line in right.lines if len(line.get_xdata()) == 2
                 and line.get_ydata()[0] == line.get_ydata()[1]]
    assert [-0.2, 1.3] in [list(i) for i in intervals] and [0.9, 2.0] in [list(i) for i in intervals]
    marks = [line for line in right.lines if line.get_marker() not in ("None", "")]
    hollow = [mcolors.same_color(m.get_markerfacecolor(), "white") for m in marks]
    assert hollow == [True, False]  # the first interval includes 0
    assert [t.get_text() for t in left.get_yticklabels()] == list(human.index)
    with pytest.raises(BleuInputError, match="same pairs"):
        plots.plot_neighbours(human, metric.iloc[::-1])
    with pytest.raises(BleuInputError, match="low"):
        plots.plot_neighbours(human, metric.drop(columns="low"))


def test_normalized_lines_are_the_columns():
    frame = pd.DataFrame({"BLEU": hx.normalize_by_range(METRIC), "MQM": hx.normalize_by_range(HUMAN)})
    fig = plots.plot_normalized(frame)
    png(fig)
    ax = fig.axes[0]
    assert [list(line.get_ydata()) for line in ax.lines] == [frame["BLEU"].tolist(), frame["MQM"].tolist()]
    assert [t.get_text() for t in ax.get_xticklabels()] == list(METRIC)
    with pytest.raises(BleuInputError, match="non-empty"):
        plots.plot_normalized(pd.DataFrame())


def block_table(shift: float) -> pd.DataFrame:
    return pd.DataFrame({"segments_per_block": [1, 5, 25, 400], "blocks": [400, 80, 16, 1],
                         "metric vs all": [0.1 + shift, 0.3, 0.5, 0.7], "metric vs block": [0.05, 0.1, 0.2, 0.7],
                         "block vs all": [0.05, 0.1, 0.3, 1.0]}, index=pd.Index(["1", "5", "25", "all"], name="block"))


def test_block_agreement_draws_the_chosen_measures():
    fig = plots.plot_block_agreement({"one": block_table(0.0), "two": block_table(0.05)})
    png(fig)
    ax = fig.axes[0]
    assert len(ax.lines) == 2 * 2 + 1  # two measures per data set, and the zero line
    assert list(ax.lines[0].get_ydata()) == [0.1, 0.3, 0.5, 0.7]
    assert ax.get_xscale() == "log" and "all 400" in {t.get_text() for t in ax.texts}
    three = plots.plot_block_agreement({"one": block_table(0.0)},
                                       measures=["metric vs all", "metric vs block", "block vs all"])
    assert len(three.axes[0].lines) == 3 + 1
    with pytest.raises(BleuInputError, match="measures"):
        plots.plot_block_agreement({"one": block_table(0.0)}, measures=["nonsense"])


def test_gap_agreement_bars_are_the_fractions():
    pairs = hx.pairwise_agreement(METRIC, HUMAN, systems=["a", "b", "c", "d"])
    table = hx.agreement_by_gap(pairs, bins=(0, 1, 2, math.inf))
    fig = plots.plot_gap_agreement({"made-up": table})
    png(fig)
    ax = fig.axes[0]
    heights = [bar.get_height() for bar in ax.patches]
    assert heights == [f for f in table["fraction"].tolist() if not np.isnan(f)]
    other = hx.agreement_by_gap(pairs, bins=(0, 2, math.inf))
    with pytest.raises(BleuInputError, match="same bins"):
        plots.plot_gap_agreement({"one": table, "two": other})
