"""A BleuConfig validates itself on construction: every way in gives make_config's BleuInputError.

A config that exists can be scored. Before, ``BleuConfig(...)`` and ``dataclasses.replace`` took what
``make_config`` refuses: sacreBLEU's rules with NLTK's method3 scored "a b c d e" against "a b c x e" as 0.0
(no such sacreBLEU setting), ``combine="nope"`` failed later with a bare KeyError, ``max_order=0`` scored 0.0.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

import bleu_explain as bx
from bleu_explain.api import make_config
from bleu_explain.engine.config import BleuConfig
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.engine.presets import get_preset


def _message(call) -> str:
    with pytest.raises(BleuInputError) as caught:
        call()
    return str(caught.value)


# settings make_config takes by keyword, refused the same way whichever way they come in
REFUSED = [
    ("sacrebleu", {"smooth": "method3"}, "unknown smoothing 'method3' for the 'sacrebleu' rules"),
    ("sacrebleu", {"max_order": 0}, "max_order must be at least 1"),
    ("sacrebleu", {"max_order": -2}, "max_order must be at least 1"),
    ("sacrebleu", {"max_order": 2.0}, "max_order must be a whole number"),
    ("sacrebleu", {"max_order": True}, "max_order must be a whole number"),
    ("nltk", {"weights": (0.5, -0.5)}, "negative"),
    ("nltk", {"weights": (0.0, 0.0)}, "all weights are zero"),
    ("nltk", {"weights": (float("nan"), 1.0)}, "finite"),
    ("nltk", {"weights": (float("inf"), 1.0)}, "finite"),
    ("nltk", {"weights": ("a", "b")}, "must be a number"),
    ("nltk", {"weights": "abcd"}, "sequence of numbers"),
    ("sacrebleu", {"tokenize": "moses"}, "unknown tokenizer 'moses'"),
    ("sacrebleu", {"ref_length": "longest"}, "ref_length must be one of"),
    ("sacrebleu", {"lowercase": "yes"}, "lowercase must be True or False"),
    ("sacrebleu", {"effective_order": 1}, "effective_order must be True or False"),
    ("nltk", {"effective_order": True}, "effective_order is a sacreBLEU setting"),
    ("sacrebleu", {"auto_reweigh": True}, "auto_reweigh is an NLTK setting"),
    ("sacrebleu", {"smooth": "exp", "smooth_value": 0.5}, "smooth_value is not used by smoothing 'exp'"),
    ("sacrebleu", {"smooth": "floor", "smooth_value": float("nan")}, "smooth_value must be a finite number"),
    ("nltk", {"smooth": "method1", "smooth_value": 0.0}, "must be positive"),
    ("nltk", {"smooth": "method1", "smooth_value": "0.1"}, "smooth_value must be a finite number"),
    ("d2l", {"tokenize": "13a"}, "tokenize='13a' is not a setting of d2l's bleu"),
    ("d2l", {"smooth": "exp"}, "smooth='exp' is not a setting of d2l's bleu"),
]


@pytest.mark.parametrize("preset, settings, says", REFUSED)
def test_the_constructor_refuses_what_make_config_refuses_with_the_same_message(preset, settings, says):
    by_keyword = _message(lambda: make_config(preset, **settings))
    fields = dict(settings)
    if "weights" in fields and "max_order" not in fields and isinstance(fields["weights"], tuple):
        fields["max_order"] = len(fields["weights"])  # what make_config does with weights
    constructed = _message(lambda: BleuConfig(**{**_fields(get_preset(preset)), **fields}))
    replaced = _message(lambda: replace(get_preset(preset), **fields))
    assert says in by_keyword
    assert constructed == replaced == by_keyword


def _fields(config: BleuConfig) -> dict:
    from dataclasses import fields

    return {f.name: getattr(config, f.name) for f in fields(config)}


def test_sacrebleu_rules_with_nltks_method3_are_refused_not_scored_zero():
    # the hole the issue names: this config scored "a b c d e" vs "a b c x e" as 0.0; sacreBLEU has no method3
    with pytest.raises(BleuInputError, match="unknown smoothing 'method3' for the 'sacrebleu' rules; choose one of "
                                             "none, floor, add-k, exp"):
        BleuConfig(preset="sacrebleu", smooth="method3")
    # sacreBLEU's own exp smoothing is what its setting gives
    assert round(bx.explain("a b c d e", ["a b c x e"]).score, 2) == 42.73


def test_an_unknown_combination_rule_is_an_input_error_not_a_key_error():
    with pytest.raises(BleuInputError, match="unknown combination rule 'nope'; choose one of sacrebleu, nltk"):
        BleuConfig(preset="mine", combine="nope")


def test_max_order_zero_is_refused_not_scored_zero():
    with pytest.raises(BleuInputError, match="max_order must be at least 1, got 0"):
        BleuConfig(preset="mine", max_order=0)


def test_weights_of_the_wrong_length_are_refused():
    with pytest.raises(BleuInputError, match="weights has 2 entries but max_order is 4"):
        BleuConfig(preset="mine", weights=(0.5, 0.5))


def test_weights_given_as_a_list_become_a_tuple_of_floats():
    config = BleuConfig(preset="mine", combine="nltk", smooth="method0", total_at_least_one=True, weights=[1, 0, 0, 0])
    assert config.weights == (1.0, 0.0, 0.0, 0.0) and all(isinstance(w, float) for w in config.weights)
    hash(config)  # still hashable, as a frozen dataclass should be


def test_hf_evaluates_unstripped_13a_is_refused_with_another_tokenizer_at_construction():
    with pytest.raises(BleuInputError, match="strip_line=False .* tokenizer 13a with case kept only"):
        BleuConfig(preset="mine", tokenize="none", strip_line=False)
    with pytest.raises(BleuInputError, match="strip_line=False"):
        replace(get_preset("hf-evaluate"), lowercase=True)
    # with_overrides switches to sacreBLEU's stripping tokenizer, as before
    assert make_config("hf-evaluate", tokenize="none").strip_line is True


@pytest.mark.parametrize("field, value, says", [
    ("preset", 3, "preset must be a name"),
    ("combine", None, "unknown combination rule None"),
    ("tokenize", ["13a"], "unknown tokenizer"),
    ("case_folding", "turkish", "case_folding must be 'unicode' or 'ascii'"),
    ("whitespace", "unicode-ish", "whitespace must be one of"),
    ("total_at_least_one", "no", "total_at_least_one must be True or False"),
    ("total_at_least_one", 1, "total_at_least_one must be True or False"),
    ("description", None, "description must be a string"),
])
def test_other_fields_are_checked_on_construction(field, value, says):
    with pytest.raises(BleuInputError, match=says):
        BleuConfig(**{"preset": "mine", field: value})


def test_the_nltk_rules_divide_by_at_least_one_and_no_other_rules_do():
    # NLTK's rules without it divided 0 by 0 (a ZeroDivisionError from Fraction(0, 0)) for an order with no
    # n-grams; sacreBLEU's with it scored "a b" against "a b" 59.46 where sacreBLEU gives 0
    with pytest.raises(BleuInputError, match="total_at_least_one=False does not fit the 'nltk' rules"):
        BleuConfig(preset="mine", combine="nltk", smooth="method0")
    with pytest.raises(BleuInputError, match="total_at_least_one=True does not fit the 'sacrebleu' rules"):
        BleuConfig(preset="mine", total_at_least_one=True)
    assert bx.explain("a b", ["a b"]).score == 0.0


def test_with_overrides_names_an_unknown_setting():
    with pytest.raises(BleuInputError, match="unknown setting 'smoothing'"):
        get_preset("sacrebleu").with_overrides(smoothing="exp")


def test_every_valid_config_still_scores():
    for config in (BleuConfig(preset="mine"), replace(get_preset("nltk"), max_order=2, weights=(0.5, 0.5)),
                   get_preset("d2l")):
        score = bx.explain_with_config("a b c d", ["a b c d"], config).score
        assert math.isclose(score, 100.0)
