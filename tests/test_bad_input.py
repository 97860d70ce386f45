"""Every bad input gets a clear error that names the problem."""

from __future__ import annotations

import math

import pytest

import bleu_explain as bx
from bleu_explain.engine.errors import BleuInputError

REFS = ["the cat is on the mat"]


@pytest.mark.parametrize("call,message", [
    (lambda: bx.explain("a cat", "the cat"), "single string"),
    (lambda: bx.explain("a cat", []), "empty"),
    (lambda: bx.explain(None, REFS), "candidate must be a string, got None"),
    (lambda: bx.explain(3, REFS), "candidate must be a string, got int"),
    (lambda: bx.explain(["a", "cat"], REFS), "of tokens"),
    (lambda: bx.explain(b"a cat", REFS), "bytes"),
    (lambda: bx.explain("a cat", ["ok", None]), r"references\[1\] must be a string, got None"),
    (lambda: bx.explain("a cat", [["the", "cat"]]), r"references\[0\] is a list of tokens"),
    (lambda: bx.explain_corpus([], []), "candidates is empty"),
    (lambda: bx.explain_corpus("a cat", [REFS]), "candidates is a single string"),
    (lambda: bx.explain_corpus(["a", "b", "c"], [["x", "y", "z"], ["x2", "y2", "z2"]]), "stream-major"),
    (lambda: bx.explain_corpus(["a", "b"], [["x"], ["y"], ["z"]]), "2 candidates but 3 reference lists"),
    (lambda: bx.explain_corpus(["a", "b"], ["x", "y"]), "flat list of strings"),
    (lambda: bx.explain_corpus(["a", "b"], [["x"], "y"]), r"references\[1\] is a string"),
    (lambda: bx.explain_corpus(["a", "b"], [["x"], []]), r"references\[1\] is empty"),
    (lambda: bx.explain_corpus(["a", None], [["x"], ["y"]]), r"candidates\[1\] must be a string"),
    (lambda: bx.explain("a", REFS, weights=()), "weights is empty"),
    (lambda: bx.explain("a", REFS, weights=(0.5, -0.5)), "negative"),
    (lambda: bx.explain("a", REFS, weights=(0.5, math.nan)), "finite"),
    (lambda: bx.explain("a", REFS, weights=(0.5, "x")), "must be a number"),
    (lambda: bx.explain("a", REFS, weights=(0, 0)), "all weights are zero"),
    (lambda: bx.explain("a", REFS, weights=(0.5, 0.5), max_order=4), "weights has 2 entries but max_order is 4"),
    (lambda: bx.explain("a", REFS, max_order=0), "at least 1"),
    (lambda: bx.explain("a", REFS, max_order=2.5), "whole number"),
    (lambda: bx.explain("a", REFS, max_order=100_000), "max_order is 100000; bleu-explain counts n-grams up to order 1,000"),
    (lambda: bx.explain("a", REFS, preset="nltk", weights=(0.001,) * 1001), "1001 weights give max_order 1001"),
    (lambda: bx.explain("a", REFS, preset="d2l", k=10**9), "max_order is 1000000000"),
    (lambda: bx.explain("a", REFS, preset="bleurt"), "unknown preset 'bleurt'"),
    (lambda: bx.explain("a", REFS, tokenize="moses"), "unknown tokenizer 'moses'"),
    (lambda: bx.explain("a", REFS, smooth="laplace"), "unknown smoothing 'laplace'"),
    (lambda: bx.explain("a", REFS, preset="nltk", smooth="exp"), "choose one of method0"),
    (lambda: bx.explain("a", REFS, smooth="floor", smooth_value=math.nan), "finite number"),
    (lambda: bx.explain("a", REFS, smooth="floor", smooth_value=math.inf), "finite number"),
    (lambda: bx.explain("a", REFS, preset="nltk", smooth="method1", smooth_value=0), "must be positive"),
    (lambda: bx.explain("a", REFS, smooth=True), "on/off switch of hf-evaluate and torchmetrics"),
    (lambda: bx.explain("a", REFS, preset="nltk", smooth=False), "smooth='method0', "),
    (lambda: bx.explain("a", REFS, n_gram=2), "n_gram is torchmetrics' name for max_order"),
    (lambda: bx.explain("a", REFS, preset="torchmetrics", n_gram=2, max_order=3), "disagree"),
    (lambda: bx.explain("a", REFS, preset="hf-evaluate", smooth="exp"), "choose one of none, add-one"),
    (lambda: bx.explain("a", REFS, preset="torchmetrics", smooth=True, smooth_value=1), "not used by smoothing"),
    (lambda: bx.explain("a", REFS, smooth="exp", smooth_value=0.1), "not used by smoothing 'exp'"),
    (lambda: bx.explain("a", REFS, preset="nltk", effective_order=True), "sacreBLEU setting"),
    (lambda: bx.explain("a", REFS, auto_reweigh=True), "NLTK setting"),
    (lambda: bx.explain("a", REFS, lowercase="yes"), "True or False"),
    (lambda: bx.from_streams([["a", "b"], ["c"]]), "different lengths"),
])
def test_bad_input_is_named(call, message):
    with pytest.raises(BleuInputError, match=message):
        call()


def test_input_error_is_a_value_error():
    assert issubclass(BleuInputError, ValueError)


@pytest.mark.parametrize("preset", list(bx.PRESETS))
def test_empty_candidate_and_empty_reference_are_valid(preset):
    for cand, refs in [("", ["a b c"]), ("a b c", [""]), ("", [""])]:
        if preset == "hf-evaluate":
            # the released metric divides by zero here (tensorflow/nmt's ratio = c / r, then 1 / ratio)
            side = "reference" if not refs[0] else "candidate"
            with pytest.raises(bx.BleuComputationError, match=f"the {side} side is empty.*divides by zero"):
                bx.explain(cand, refs, preset=preset)
            continue
        r = bx.explain(cand, refs, preset=preset)
        if preset == "d2l" and not cand and not refs[0]:
            # d2l splits on single spaces: "" is one empty token on each side, and it matches
            assert r.candidate_tokens == ("",) and r.bleu == 1.0
        elif preset == "mteval-13a" and cand:
            # mteval-v13a.pl's formula has no "no matches -> 0" rule (smoothing gives a positive score), and
            # against empty references the script itself dies: the notes say so
            assert 0 < r.bleu < 1 and any("references are empty" in n and "no answer here" in n for n in r.notes)
        else:
            assert r.bleu == 0.0 or (preset == "nltk" and r.bleu < 1e-200)
        assert not math.isnan(r.bleu)
        for p in r.precisions:
            assert p is None or not math.isnan(p)
        r.precision_table(), r.ngram_table(1), r.length_table(), r.steps()


@pytest.mark.parametrize("preset", list(bx.PRESETS))
def test_candidate_shorter_than_max_order_has_no_errors(preset):
    r = bx.explain("cat", ["the cat"], preset=preset, max_order=4)
    assert 0.0 <= r.bleu <= 1.0


def test_nltk_method6_failure_is_explained():
    with pytest.raises(bx.BleuComputationError, match="trigram"):
        bx.explain("a b", ["a b c"], preset="nltk", smooth="method6")


def test_ngram_table_order_out_of_range():
    r = bx.explain("a b", ["a b"])
    with pytest.raises(BleuInputError, match="order must be a whole number from 1 to 4"):
        r.ngram_table(5)


def test_segment_index_out_of_range():
    r = bx.explain_corpus(["a b"], [["a b"]])
    with pytest.raises(BleuInputError, match="segment index"):
        r.segment(3)


@pytest.mark.parametrize("candidate, references, smooth, value", [
    ("the b", REFS, "floor", -0.1),  # the floor given to order 2, which has no match, is negative
    ("a b", ["a c"], "add-k", -0.5),  # order 2: (0 - 0.5) / (1 - 0.5) matches
])
def test_a_negative_precision_is_where_sacrebleu_fails(candidate, references, smooth, value):
    # sacreBLEU takes these values, then fails with 'math domain error' (log of a negative precision)
    with pytest.raises(bx.BleuComputationError, match="precision of order 2 negative.*math domain error"):
        bx.explain(candidate, references, smooth=smooth, smooth_value=value)
