"""Every plot in both styles: type and lines as large as the style says, no text on other text, nothing cut off.

Each plot of ``plot_inputs.BUILDERS`` is drawn to PNG in the screen and the
projector style; then every piece of text is measured on the drawn figure.
"""

from __future__ import annotations

import itertools

import pytest
from matplotlib.lines import Line2D
from matplotlib.text import Text
from plot_inputs import BUILDERS, LECTURE_BUILDERS

from bleu_explain.display import plots
from bleu_explain.display.plots.style import PROJECTOR, SCREEN, STYLE_ENV, plot_style
from bleu_explain.engine.errors import BleuInputError

STYLES = {"screen": SCREEN, "projector": PROJECTOR}


def _ticks_shown(ax, axis: str) -> list[Text]:
    """The tick labels drawn: visible, not empty, and at a tick inside the axes' view."""
    low, high = sorted(ax.get_xlim() if axis == "x" else ax.get_ylim())
    labels = ax.get_xticklabels() if axis == "x" else ax.get_yticklabels()
    ticks = ax.get_xticks() if axis == "x" else ax.get_yticks()
    return [label for label, tick in zip(labels, ticks)
            if label.get_visible() and label.get_text() and low - 1e-9 <= tick <= high + 1e-9]


def text_boxes(fig) -> list[tuple[str, object]]:
    """(what, box in pixels) of every text drawn: tick labels, axis labels, titles, texts, whole legends."""
    renderer = fig.canvas.get_renderer()
    boxes = []
    for k, ax in enumerate(fig.axes):
        for axis in ("x", "y"):
            boxes += [(f"axes {k} {axis} tick {t.get_text()!r}", t.get_window_extent(renderer))
                      for t in _ticks_shown(ax, axis)]
        for label in (ax.xaxis.label, ax.yaxis.label, ax.title):
            if label.get_visible() and label.get_text():
                boxes.append((f"axes {k} {label.get_text()!r}", label.get_window_extent(renderer)))
        # an annotation's own extent takes in its leader line's box: the text alone is measured
        boxes += [(f"axes {k} text {t.get_text()!r}", Text.get_window_extent(t, renderer)) for t in ax.texts
                  if t.get_visible() and t.get_text()]
        if ax.get_legend():
            boxes.append((f"axes {k} legend", ax.get_legend().get_window_extent(renderer)))
    boxes += [(f"figure legend {k}", legend.get_window_extent(renderer)) for k, legend in enumerate(fig.legends)]
    if fig._suptitle is not None and fig._suptitle.get_text():
        boxes.append(("suptitle", fig._suptitle.get_window_extent(renderer)))
    return boxes


def _overlap(a, b) -> float:
    width = min(a.x1, b.x1) - max(a.x0, b.x0)
    height = min(a.y1, b.y1) - max(a.y0, b.y0)
    return min(width, height)


@pytest.fixture(params=list(STYLES))
def style_env(request, monkeypatch):
    monkeypatch.setenv(STYLE_ENV, request.param)
    return STYLES[request.param]


@pytest.mark.parametrize("name", list(BUILDERS) + list(LECTURE_BUILDERS))
def test_type_and_lines_are_the_styles_and_no_text_covers_other_text(name, style_env):
    """... and a legend's line is dashed only where the line it stands for is."""
    style = style_env
    fig = {**BUILDERS, **LECTURE_BUILDERS}[name]()
    png = plots.figure_png(fig)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert fig.dpi == style.dpi
    if style is PROJECTOR:
        assert round(fig.get_figwidth() * fig.dpi) == 1280, "a projector figure is 1280 pixels wide"

    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    small = sorted({(t.get_fontsize(), t.get_text()) for t in texts if t.get_fontsize() < style.text - 1e-9})
    assert not small, f"{name}: text under {style.text} pt: {small[:5]}"

    lines = [line for line in fig.findobj(Line2D) if line.get_visible() and line.get_linestyle() not in ("None", "")
             and len(line.get_xdata()) > 1]
    thin = [(line.get_label(), line.get_linewidth()) for line in lines if line.get_linewidth() < style.thin - 1e-9]
    assert not thin, f"{name}: lines thinner than {style.thin} pt: {thin[:5]}"

    boxes = text_boxes(fig)
    width, height = fig.bbox.width, fig.bbox.height
    for what, box in boxes:
        assert box.x0 >= -1 and box.y0 >= -1 and box.x1 <= width + 1 and box.y1 <= height + 1, \
            f"{name}: {what} runs off the figure"
    for (what_a, a), (what_b, b) in itertools.combinations(boxes, 2):
        assert _overlap(a, b) <= 1, f"{name}: {what_a} and {what_b} overlap"

    drawn = {line.get_label(): line for ax in fig.axes for line in ax.get_lines()}
    legends = [ax.get_legend() for ax in fig.axes if ax.get_legend()] + list(fig.legends)
    for legend in legends:
        for handle, text in zip(legend.legend_handles, legend.get_texts()):
            if isinstance(handle, Line2D) and text.get_text() in drawn:
                assert handle.get_linestyle() == drawn[text.get_text()].get_linestyle(), (name, text.get_text())
                assert handle.get_linewidth() >= style.guide - 1e-9, (name, text.get_text())


def test_the_projector_style_is_larger_than_the_screen_style_in_every_measure():
    for field in ("text", "label", "title", "line", "guide", "thin", "marker", "dot"):
        assert getattr(PROJECTOR, field) > getattr(SCREEN, field), field
    assert SCREEN.text >= 10 and PROJECTOR.text >= 18


def test_a_plot_takes_its_style_by_keyword_over_the_environment(monkeypatch):
    import bleu_explain as bx

    monkeypatch.setenv(STYLE_ENV, "projector")
    result = bx.explain("the cat sat on the mat", ["the cat is on the mat"])
    assert plots.plot_precisions(result).dpi == PROJECTOR.dpi
    fig = plots.plot_precisions(result, style="screen")
    assert fig.dpi == SCREEN.dpi and fig.axes[0].xaxis.label.get_fontsize() == SCREEN.label
    monkeypatch.setenv(STYLE_ENV, "poster")
    with pytest.raises(BleuInputError, match=f"unknown plot style 'poster' .from the environment variable {STYLE_ENV}"):
        plots.plot_precisions(result)
    assert plot_style("screen") is SCREEN
