"""Configurations: printable, overridable by keyword, and refusing settings that make no sense."""

from __future__ import annotations

import pytest

from bleu_explain.engine.config import BleuConfig
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.engine.presets import PRESETS, get_preset, resolve_config


def test_every_preset_validates_and_prints_its_settings():
    for name, config in PRESETS.items():
        config.validate()
        assert repr(config).startswith(f"BleuConfig(preset={name!r}")


def test_the_perl_presets_carry_their_white_space_and_case_rules():
    assert (get_preset("mteval-13a").whitespace, get_preset("mteval-13a").case_folding) == ("perl", "ascii")
    assert (get_preset("multi-bleu").whitespace, get_preset("multi-bleu").case_folding) == ("ascii", "ascii")
    assert "whitespace='ascii'" in repr(get_preset("multi-bleu"))


def test_weights_set_the_order_and_max_order_resets_preset_weights():
    assert resolve_config("nltk", weights=(0.5, 0.5)).max_order == 2
    assert resolve_config("nltk", max_order=3).weights is None


@pytest.mark.parametrize("overrides, message", [
    ({"weights": (1, -1)}, "negative"),
    ({"weights": (0, 0)}, "all weights are zero"),
    ({"weights": (float("nan"),)}, "finite"),
    ({"smooth": "method9"}, "unknown smoothing"),
    ({"max_order": 0}, "at least 1"),
    ({"effective_order": True, "weights": (0.5, 0.5)}, "effective_order"),
])
def test_bad_settings_name_the_problem(overrides, message):
    with pytest.raises(BleuInputError, match=message):
        resolve_config("sacrebleu", **overrides)


def test_an_unknown_white_space_rule_is_refused():
    with pytest.raises(BleuInputError, match="whitespace"):
        BleuConfig(preset="x", whitespace="unicode-ish").validate()


@pytest.mark.parametrize("preset, switch", [("hf-evaluate", ("none", "add-one")),
                                            ("torchmetrics", ("none", "add-one-above-unigram"))])
def test_the_tools_on_off_smoothing_switch_names_their_method(preset, switch):
    assert resolve_config(preset, smooth=False).smooth == switch[0]
    assert resolve_config(preset, smooth=True).smooth == switch[1]
    assert resolve_config(preset, smooth=switch[1]).smooth == switch[1]  # the method's own name works too


@pytest.mark.parametrize("preset", ["sacrebleu", "nltk", "nltk-3.2", "mteval-13a", "multi-bleu", "paper"])
@pytest.mark.parametrize("switch", [True, False])
def test_a_bool_smooth_means_nothing_elsewhere_and_is_refused(preset, switch):
    with pytest.raises(BleuInputError, match=f"smooth={switch} is the on/off switch .*the {preset!r} preset names"):
        resolve_config(preset, smooth=switch)


def test_n_gram_is_torchmetrics_max_order():
    assert resolve_config("torchmetrics", n_gram=2).max_order == 2
    assert resolve_config("torchmetrics", n_gram=2, max_order=2).max_order == 2
    with pytest.raises(BleuInputError, match="disagree"):
        resolve_config("torchmetrics", n_gram=2, max_order=3)
    with pytest.raises(BleuInputError, match="n_gram is torchmetrics' name for max_order"):
        resolve_config("hf-evaluate", n_gram=2)


@pytest.mark.parametrize("smooth, value", [("floor", 0), ("floor", 0.0), ("floor", -0.0), ("floor", 2.5),
                                           ("floor", -1), ("add-k", 0), ("add-k", 7), ("add-k", -0.5)])
def test_floor_and_add_k_take_every_value_sacrebleu_takes(smooth, value):
    # sacreBLEU takes any number here (its own tests score floor 0); only NaN and inf, whose scores are nan or inf
    # in sacreBLEU, are refused
    assert resolve_config("sacrebleu", smooth=smooth, smooth_value=value).smooth_parameter == value


@pytest.mark.parametrize("value, message", [(float("nan"), "nan or inf"), (float("inf"), "nan or inf"),
                                            (True, "finite")])
def test_floor_refuses_what_gives_sacrebleu_nonsense(value, message):
    with pytest.raises(BleuInputError, match=message):
        resolve_config("sacrebleu", smooth="floor", smooth_value=value)
