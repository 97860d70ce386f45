"""Every plot renders to PNG with non-empty, labelled axes, a title that fits, and no pyplot state."""

from __future__ import annotations

import pandas as pd
import pytest
from plot_inputs import BUILDERS

import bleu_explain as bx
from bleu_explain.display import plots
from bleu_explain.engine.errors import BleuInputError


def _drawn(ax) -> int:
    return len(ax.lines) + len(ax.patches) + len(ax.collections) + len(ax.images)


def _titles(fig):
    return [ax.title for ax in fig.axes if ax.get_title()] + ([fig._suptitle] if fig._suptitle else [])


@pytest.mark.parametrize("name", list(BUILDERS))
def test_every_plot_renders_to_png_with_labelled_non_empty_axes_and_titles_inside(name):
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    fig = BUILDERS[name]()
    png = plots.figure_png(fig, dpi=72)  # also lays the figure out, for the title boxes below
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 2000
    assert fig.axes
    for ax in fig.axes:
        assert _drawn(ax) > 0, f"{name}: an empty axes"
        shared = ax.get_shared_y_axes().get_siblings(ax)  # axes sharing y: the first names it
        assert ax.get_xlabel() and any(other.get_ylabel() for other in shared), f"{name}: unlabelled axes"
    titles = [ax.get_title() for ax in fig.axes] + ([fig._suptitle.get_text()] if fig._suptitle else [])
    assert any(titles), f"{name}: no title"
    assert plt.get_fignums() == before  # nothing left in pyplot's state

    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    for title in _titles(fig):
        box = title.get_window_extent(renderer)
        assert box.x0 >= -1 and box.x1 <= width + 1 and box.y1 <= height + 1, \
            f"{name}: title {title.get_text()!r} runs off the figure"


@pytest.mark.parametrize("name", ["precisions", "log combination", "brevity penalty", "means", "sentence length",
                                  "precision by order"])
def test_titles_name_the_preset(name):
    fig = BUILDERS[name]()
    text = " ".join([ax.get_title() for ax in fig.axes] + ([fig._suptitle.get_text()] if fig._suptitle else []))
    assert "preset" in text


@pytest.mark.parametrize("call, message", [
    (lambda: plots.plot_precisions("not a result"), "must be a result"),
    (lambda: plots.plot_sentence_length(bx.explain("a", ["a"])), "needs a corpus result"),
    (lambda: plots.plot_human_correlation({"A": 1, "B": 2}, {"A": 1, "B": 2}), "at least 3 systems"),
    (lambda: plots.plot_precision_by_order({}), "non-empty mapping"),
    (lambda: plots.plot_reference_counts(pd.DataFrame({"x": [1]})), "n_refs"),
    (lambda: plots.plot_significance(), "at least one"),
    (lambda: plots.plot_configurations({"a": "b"}), "must be a result or a number"),
])
def test_bad_input_gives_a_clear_error(call, message):
    with pytest.raises(BleuInputError, match=message):
        call()


def test_the_package_face_exports_every_plot():
    from bleu_explain.display.plots import combination, length, precision, significance, systems

    for module in (precision, combination, length, systems, significance):
        for name in dir(module):
            if name.startswith("plot_"):
                assert getattr(plots, name) is getattr(module, name), name
    assert set(plots.__all__) <= set(dir(plots))
