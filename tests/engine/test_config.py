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
