"""Reference length and the brevity penalty, with each tool's answer where a length is 0."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bleu_explain.engine.length import REF_LENGTH_RULES, brevity_penalty, choose_ref_length, choose_reference

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


def test_torchmetrics_gives_a_tie_to_the_first_listed_reference():
    # target_len_list[target_len_diff.index(min(target_len_diff))]: 16 comes first, so 16
    assert choose_ref_length(14, [16, 12], "closest-first") == 16
    assert choose_ref_length(14, [12, 16], "closest-first") == 12
    assert choose_ref_length(14, [16, 12]) == 12  # the others give it to the shorter
    assert choose_ref_length(14, [20, 15, 13], "closest-first") == 15


def test_evaluate_takes_the_shortest_reference_whatever_the_candidate():
    assert choose_ref_length(15, [12, 15, 17], "shortest") == 12


@given(c=st.integers(1, 200), r=st.integers(1, 200))
def test_evaluate_writes_the_penalty_through_the_length_ratio(c, r):
    ratio = float(c) / r
    assert brevity_penalty(c, r, "hf-evaluate") == (1.0 if ratio > 1.0 else math.exp(1 - 1.0 / ratio))
    assert math.isclose(brevity_penalty(c, r, "hf-evaluate"), brevity_penalty(c, r, "paper"), rel_tol=1e-12)


@pytest.mark.parametrize("c, r, side", [(0, 5, "candidate"), (5, 0, "reference"), (0, 0, "reference")])
def test_evaluate_has_no_penalty_for_an_empty_side(c, r, side):
    from bleu_explain.engine.errors import BleuComputationError

    with pytest.raises(BleuComputationError, match=f"the {side} side is empty.*divides by zero"):
        brevity_penalty(c, r, "hf-evaluate")


@given(hyp_len=st.integers(0, 30), ref_lens=st.lists(st.integers(0, 30), min_size=1, max_size=5),
       rule=st.sampled_from(REF_LENGTH_RULES))
def test_the_chosen_reference_has_the_chosen_length(hyp_len, ref_lens, rule):
    k = choose_reference(hyp_len, ref_lens, rule)
    assert ref_lens[k] == choose_ref_length(hyp_len, ref_lens, rule)
    if rule == "closest-first":  # torchmetrics: a tie goes to the first listed
        assert all(abs(hyp_len - r) > abs(hyp_len - ref_lens[k]) for r in ref_lens[:k])


def test_highlighting_marks_the_reference_the_rule_chose():
    import bleu_explain as bx
    from bleu_explain.display.html.highlight import explanation_html

    # c = 2 between references of 3 and 1 tokens: torchmetrics takes the first listed, sacreBLEU the shorter
    for preset, chosen in (("torchmetrics", 0), ("sacrebleu", 1)):
        r = bx.explain("a b", ["a b c", "a"], preset=preset)
        assert r.chosen_reference == chosen
        html = explanation_html(r)
        marked = html.index("its length is the r used for BP")
        assert (marked < html.index("Reference 2")) == (chosen == 0)
