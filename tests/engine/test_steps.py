"""The steps model: built once by the engine, one vocabulary, read by every renderer."""

from __future__ import annotations

import pytest

import bleu_explain as bx
from bleu_explain.engine.steps import STEP_NAMES, first_difference, format_steps

REFS = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]


@pytest.mark.parametrize("preset", sorted(bx.PRESETS))
def test_sentence_and_corpus_steps_use_the_one_vocabulary(preset):
    if preset == "d2l":  # d2l takes one candidate and one reference
        r = bx.explain("it is a ship", REFS[:1], preset=preset)
        c = bx.explain_corpus(["it is a ship"], [REFS[:1]], preset=preset)
    else:
        r = bx.explain("it is a ship", REFS, preset=preset)
        c = bx.explain_corpus(["it is a ship", "ship"], [REFS, REFS], preset=preset)
    assert tuple(s.name for s in r.steps()) == STEP_NAMES
    assert tuple(s.name for s in c.steps()) == STEP_NAMES


def test_the_steps_carry_the_engines_numbers():
    r = bx.explain("it is a ship", REFS)
    steps = {s.name: s for s in r.steps()}
    assert steps["tokens"].numbers["candidate"] == r.candidate_tokens
    assert steps["counts"].numbers["totals"] == r.totals
    assert steps["clipping"].numbers["matches"] == r.matches
    assert steps["smoothing"].numbers["precisions"] == r.precisions
    assert steps["reference length"].numbers == {"ref_len": r.ref_len, "brevity_penalty": r.brevity_penalty}
    assert steps["combination"].numbers["bleu"] == r.bleu


def test_text_cli_and_compare_read_the_same_steps():
    r = bx.explain("it", REFS, preset="nltk-3.2")
    text = r.explain_text()
    for i, step in enumerate(r.steps(), 1):
        assert f"{i}. {step.title}" in text
    assert format_steps(r.steps()) == text
    other = bx.explain("it", REFS, preset="nltk")
    assert bx.first_divergence(r, other) == first_difference(r.steps(), other.steps()) == "smoothing"


def test_a_missing_order_is_said_in_words_not_as_a_stand_in_number():
    text = bx.explain("the cat sat", ["the cat sat"], preset="mteval-13a").explain_text()
    assert "order 4 has no n-grams: mteval counts it as log 1" in text
    assert "-2.5e+09" not in text and "log -" not in text
    text = bx.explain("the cat sat", ["the cat sat"], preset="mteval-13a", smooth="none").explain_text()
    assert "order 4 has no n-grams: the score is 0" in text


@pytest.mark.parametrize("preset, quoted", [
    ("hf-evaluate", "reference_length += min(len(r) for r in references)  (evaluate bleu / nmt_bleu.py)"),
    ("torchmetrics", "target_len += target_len_list[target_len_diff.index(min(target_len_diff))]"),
])
def test_the_python_libraries_steps_quote_the_lines_they_reproduce(preset, quoted):
    r = bx.explain("it is a ship", REFS, preset=preset)
    steps = {s.name: s for s in r.steps()}
    assert any(quoted in line for line in steps["reference length"].source)
    assert all(f"    source: {line}" in str(s) for s in r.steps() for line in s.source)
    assert all(steps[name].source for name in STEP_NAMES)  # every step of these two presets quotes its tool
    assert f"source: {steps['reference length'].source[0]}" in r.explain_text()
    # the other presets quote nothing (their steps are as they were)
    assert not any(s.source for s in bx.explain("it is a ship", REFS).steps())


def test_the_zero_to_one_scale_is_printed_beside_the_score():
    text = bx.explain("it is a ship", REFS, preset="hf-evaluate").explain_text()
    assert "evaluate returns this, on a 0-1 scale; score" in text and "length_ratio = c / r" in text


def test_smoothing_an_order_without_ngrams_adds_log_one_under_evaluate():
    r = bx.explain("the cat", ["the cat sat"], preset="hf-evaluate", smooth=True)
    assert r.precisions[2:] == (1.0, 1.0)
    assert "order 3 has no n-grams: smoothing makes p_3 = (0 + 1)/(0 + 1) = 1, so it adds log 1 = 0" in r.explain_text()


def test_clipped_is_said_only_of_a_count_the_max_ref_count_cut():
    """'sat' is in no reference: it is "not in any reference", never "clipped ... 1 -> 0"; the seven 'the' of the
    paper's Example 2 are clipped to their max-ref count 2."""
    cat = bx.explain("The cat sat on the mat.", ["The cat is on the mat.", "There is a cat on the mat."])
    unigrams = {s.name: s for s in cat.steps()}["clipping"].lines[0]
    assert unigrams == "order 1: 6 of 7 credited after clipping; not in any reference: 'sat'"
    assert "clipped:" not in "\n".join({s.name: s for s in cat.steps()}["clipping"].lines)
    the = bx.explain("the the the the the the the sat.", ["The cat is on the mat.", "There is a cat on the mat."],
                     preset="paper")
    line = {s.name: s for s in the.steps()}["clipping"].lines[0]
    assert line == "order 1: 2 of 8 credited after clipping; clipped: 'the' 7 -> 2; not in any reference: 'sat'"
    assert "not in any reference: 'sat'" in the.explain_text()
