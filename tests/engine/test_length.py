"""Reference length and the brevity penalty, with each tool's answer where a length is 0."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bleu_explain.engine.length import brevity_penalty, choose_ref_length

RULES = ["sacrebleu", "nltk", "mteval", "multi-bleu", "paper"]


def test_best_match_length_ties_go_to_the_shorter_reference():
    assert choose_ref_length(14, [12, 16]) == 12
    assert choose_ref_length(15, [12, 16]) == 16
    assert choose_ref_length(14, [12, 16], "shortest") == 12


@pytest.mark.parametrize("rule", RULES)
@given(c=st.integers(1, 200), r=st.integers(0, 200))
def test_every_tool_draws_the_same_curve_for_a_non_empty_candidate(rule, c, r):
    expected = 1.0 if c >= r else math.exp(1 - r / c)
    assert brevity_penalty(c, r, rule) == expected


@pytest.mark.parametrize("rule, expected", [("sacrebleu", 1.0), ("nltk", 0.0), ("mteval", 0.0), ("paper", 0.0)])
def test_an_empty_candidate_against_empty_references(rule, expected):
    # sacreBLEU only penalises when c < r, so c = r = 0 keeps BP = 1; the others give 0
    assert brevity_penalty(0, 0, rule) == expected


def test_an_empty_candidate_against_a_reference_gets_no_credit():
    assert {brevity_penalty(0, 5, rule) for rule in RULES} == {0.0}
