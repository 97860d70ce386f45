"""Where two results first diverge: the step's name, and the same place in words, for sentences and corpora."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import corpora, examples

import bleu_explain as bx
from bleu_explain.analysis.comparison import divergence_in_words, first_divergence
from bleu_explain.engine.errors import OutsideToolError

SHIP_REFS = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]


def test_tokens_in_words():
    sb = bx.explain("The cat sat on the mat.", ["The cat is on the mat."])
    tm = bx.explain("The cat sat on the mat.", ["The cat is on the mat."], preset="torchmetrics")
    assert divergence_in_words(tm, sb) == (
        "tokens: the candidate's token 6 is 'mat.' under torchmetrics (6 tokens) where sacreBLEU has 'mat' (7 tokens)")


def test_tokens_of_a_corpus_name_the_segment():
    cands, refs = ["a b c", "the cat."], [["a b c"], ["the cat ."]]
    sb = bx.explain_corpus(cands, refs)
    tm = bx.explain_corpus(cands, refs, preset="torchmetrics")
    assert divergence_in_words(tm, sb) == (
        "tokens: segment 2's candidate's token 2 is 'cat.' under torchmetrics (2 tokens) where sacreBLEU has 'cat' "
        "(3 tokens)")


def test_counts_in_words():
    nltk = bx.explain("it", SHIP_REFS, preset="nltk")
    mb = bx.explain("it", SHIP_REFS, preset="multi-bleu")
    assert divergence_in_words(nltk, mb) == (
        "counts: NLTK counts 1 candidate 2-grams where multi-bleu counts 0 (NLTK divides by at least 1)")


def test_smoothing_in_words():
    refs = ["there is a cat on the mat", "a cat is on the mat"]
    tm = bx.explain("the cat is on the mat", refs, preset="torchmetrics", smooth=True)
    hf = bx.explain("the cat is on the mat", refs, preset="hf-evaluate", smooth=True)
    assert divergence_in_words(hf, tm) == (
        "smoothing: p_1 is 0.8571 under hf-evaluate ((5 + 1)/(6 + 1), 1 added to matches and totals of every order, "
        "unigrams too) where torchmetrics has 0.8333 (5/6, not smoothed)")


def test_torchmetrics_zero_even_with_smoothing_in_words():
    refs = ["the cat sat on the mat"]
    tm = bx.explain("the cat on the mat", refs, preset="torchmetrics", smooth=True)
    hf = bx.explain("the cat on the mat", refs, preset="hf-evaluate", smooth=True)
    assert tm.bleu == 0 and hf.bleu > 0
    assert divergence_in_words(tm, hf) == (
        "smoothing: torchmetrics has no p_1 (order 1 takes no part: order 4 has no match, so torchmetrics returns 0 "
        "at once, smoothing or not) where hf-evaluate has 1.0000 ((5 + 1)/(5 + 1), 1 added to matches and totals "
        "of every order, unigrams too)")


def test_combination_in_words():
    mt = bx.explain_corpus(["a x", "c d z"], [["a b c"], ["c d e f"]], preset="mteval-13a", lowercase=False)
    sb = bx.explain_corpus(["a x", "c d z"], [["a b c"], ["c d e f"]])
    assert divergence_in_words(mt, sb) == (
        "combination: for order 4, mteval-13a: order 4 has no n-grams: mteval counts it as log 1 = 0 (and still "
        "divides by N); sacreBLEU: order 4 has no n-grams: sacreBLEU takes p_4 = 0, so the score is 0 "
        "(BLEU 0.3769 against 0.0000)")


def test_agreement_is_none_and_names_can_be_given():
    a = bx.explain("it is a ship", SHIP_REFS)
    assert divergence_in_words(a, bx.explain("it is a ship", SHIP_REFS)) is None
    b = bx.explain("it is a ship", SHIP_REFS, preset="hf-evaluate")
    c = bx.explain("it is a ship", SHIP_REFS, preset="torchmetrics")
    assert divergence_in_words(b, c, names=("A", "B")).split(":")[0] == first_divergence(b, c)
    assert " under A " in divergence_in_words(b, c, names=("A", "B"))


@settings(max_examples=examples(100), deadline=None)
@given(data=corpora(), presets=st.lists(st.sampled_from(sorted(bx.PRESETS)), min_size=2, max_size=2, unique=True))
def test_the_words_start_with_the_step_first_divergence_names(data, presets):
    cands, refs = data
    try:
        a, b = (bx.explain_corpus(cands, refs, preset=p) for p in presets)
    except (bx.BleuComputationError, OutsideToolError):  # a tool without a score (d2l: more than one pair)
        return
    step = first_divergence(a, b)
    words = divergence_in_words(a, b)
    assert (step is None) == (words is None)
    if step is not None:
        assert words.startswith(f"{step}: ")


def test_compare_gives_a_row_with_the_reason_where_a_tool_has_no_score():
    table = bx.compare("", ["the cat"], presets=["sacrebleu", "hf-evaluate"])
    assert math.isnan(table.loc["hf-evaluate", "score"])
    assert "divides by zero" in table.loc["hf-evaluate", "error"]
    assert table.loc["sacrebleu", "first_divergence_from_hf-evaluate"] == "cannot compare"
    assert table.loc["sacrebleu", "error"] == "" and table.loc["sacrebleu", "score"] == 0.0
