"""What the plots share: titles wrapped to fit, the preset said once, the preset read off the result."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import bleu_explain as bx
from bleu_explain.display.plots.figure import join_preset, new_figure, preset_of, set_title, text_width, wrap_title
from bleu_explain.engine.presets import get_preset
from bleu_explain.engine.signature import make_signature


def test_wrap_title_breaks_between_parts_first_then_words():
    fits = lambda line: len(line) <= 20  # noqa: E731
    assert wrap_title("short \u00b7 parts", fits) == "short \u00b7 parts"
    assert wrap_title("first part here \u00b7 second part", fits) == "first part here\nsecond part"
    assert wrap_title("a very long part that needs words", fits).split("\n") == ["a very long part", "that needs words"]
    assert wrap_title("what\ndata \u00b7 preset x", fits) == "what\ndata \u00b7 preset x"


def test_text_width_grows_with_the_text_and_the_size():
    assert 0 < text_width("iii") < text_width("mmm")
    assert text_width("BLEU", 21) == pytest.approx(2 * text_width("BLEU", 10.5))


@pytest.mark.parametrize("data", ["20 blocks, preset paper", "corpus, preset 'paper'", 'preset "paper" here'])
def test_the_preset_is_said_once(data):
    assert join_preset(data, "paper") == data
    assert join_preset(data.replace("paper", "nltk"), "paper").count("preset") == 2  # another preset is news


def test_a_preset_name_is_not_mistaken_for_a_longer_one():
    assert join_preset("preset nltk-3.2", "nltk") == "preset nltk-3.2 \u00b7 preset nltk"


def test_a_long_title_is_wrapped_to_its_axes():
    fig, axes = new_figure((8.0, 3.0), ncols=2)
    set_title(axes[0], "Approximate randomization: p = 0.0001",
              "baseline 12.49 vs system 21.73 \u00b7 n = 10000, seed 12345", "sacrebleu")
    lines = axes[0].get_title().split("\n")
    assert len(lines) >= 3 and lines[-1].endswith("preset sacrebleu")
    assert max(text_width(line) for line in lines) <= 4.0 * 72


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
