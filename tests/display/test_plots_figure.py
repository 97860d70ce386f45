"""What the plots share: titles kept as parts and wrapped to fit, the preset read off the result."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import bleu_explain as bx
from bleu_explain.display.plots.figure import Title, new_figure, preset_of, set_title, text_width, wrap_parts
from bleu_explain.display.plots.style import SCREEN
from bleu_explain.engine.presets import get_preset
from bleu_explain.engine.signature import make_signature


def test_a_title_breaks_between_parts_first_then_words():
    fits = lambda line: len(line) <= 20  # noqa: E731
    assert wrap_parts(["short", "parts"], fits) == ["short \u00b7 parts"]
    assert wrap_parts(["first part here", "second part"], fits) == ["first part here", "second part"]
    assert wrap_parts(["a very long part that needs words"], fits) == ["a very long part", "that needs words"]
    assert Title.of("what", "data", preset="x").lines(fits) == ["what", "data \u00b7 preset x"]


def test_a_title_is_its_parts_as_the_plot_made_them():
    title = Title.of(["line one", ["a", "b"]], "data", None, "", preset="paper")
    assert title.parts == (("line one",), ("a", "b"), ("data", "preset paper"))
    assert Title.of("what").parts == (("what",),)  # no data, no preset: no second line
    # the preset is a part of its own, whatever the data says: nothing reads the text back
    assert Title.of("what", "preset nltk-3.2", preset="nltk").lines()[-1] == "preset nltk-3.2 \u00b7 preset nltk"


def test_text_width_grows_with_the_text_and_the_size():
    assert 0 < text_width("iii", 10) < text_width("mmm", 10)
    assert text_width("BLEU", 21) == pytest.approx(2 * text_width("BLEU", 10.5))


def test_a_long_title_is_wrapped_to_its_axes():
    fig, axes = new_figure((8.0, 3.0), ncols=2)
    set_title(axes[0], Title.of("Approximate randomization: p < 0.0001", "baseline 12.49 vs system 21.73",
                                "n = 10000, seed 12345", preset="sacrebleu"), SCREEN)
    lines = axes[0].get_title().split("\n")
    assert len(lines) >= 3 and lines[-1].endswith("preset sacrebleu")
    assert max(text_width(line, SCREEN.title) for line in lines) <= 4.0 * 72


def test_the_preset_is_read_off_the_result_not_parsed():
    r = bx.explain("a b c", ["a b c"], preset="nltk")
    assert preset_of(r) == "nltk"
    # a config wins over whatever a signature string says
    assert preset_of(SimpleNamespace(config=SimpleNamespace(preset="paper"), signature="tok:13a|eff:no")) == "paper"
    # analysis results carry a Signature, which knows its preset
    signature = make_signature(get_preset("mteval-13a"), [1])
    assert preset_of(SimpleNamespace(signature=signature)) == "mteval-13a"
    # a bare string a user passes is parsed
    assert preset_of(SimpleNamespace(signature="preset:paper|nrefs:1")) == "paper"
    assert preset_of(SimpleNamespace(signature="nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp")) == "sacrebleu"
    assert preset_of(SimpleNamespace(signature="not a signature")) is None
    assert preset_of(SimpleNamespace()) is None
