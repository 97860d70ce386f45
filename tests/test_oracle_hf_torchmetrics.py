"""The hf-evaluate and torchmetrics presets next to Hugging Face evaluate's ``bleu`` and torchmetrics' ``bleu_score``.

Three parts:

(a) the tools' documented examples, as literal values. Neither tool is installed in CI (torchmetrics
    needs torch, evaluate's metric code lives on the Hugging Face Hub), so these state each documented
    example with the value its documentation prints, and say where it is printed; they always run.
(b) oracle comparisons that run the real tools when this machine has them (random corpora from
    Hypothesis, and the real WMT21 en-de test set with its three references and zh-en with one), with
    smoothing on and off and max order 1-4. Tolerances:
    - evaluate: none, equal to the last bit: it computes in Python floats, and we do the same operations in
      the same order (the counts, lengths, precisions, brevity penalty and length ratio too);
    - torchmetrics: relative 1e-5 (absolute 1e-30 for scores float32 cannot hold): it computes in float32
      tensors, about 7 significant digits, and its sum of logs and exp lose a few more units in the last
      place. Its counts (numerator, denominator, lengths) must be equal.
(c) property tests of each tool's quirks, which need neither tool.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import os
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from conftest import count_oracle, wmt21_folder
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from strategies import corpora, examples, segments

import bleu_explain as bx
from bleu_explain.engine.length import choose_ref_length

ORACLE_REASON = "torchmetrics/evaluate are local oracles; CI does not install them"
FLOAT32_REL, FLOAT32_ABS = 1e-5, 1e-30

# The cat/mat example of torchmetrics' docstrings (bleu_score and BLEUScore).
TM_PREDS = ["the cat is on the mat"]
TM_TARGET = [["there is a cat on the mat", "a cat is on the mat"]]

# The examples of evaluate's bleu (its README, "How to Use" and "Examples").
HF_PREDICTIONS = ["hello there general kenobi", "foo bar foobar"]


# --------------------------------------------------------------------------- (a) documented examples
def test_torchmetrics_docstring_example():
    # torchmetrics' bleu_score and BLEUScore docstrings print `tensor(0.7598)` for this example
    r = bx.explain_corpus(TM_PREDS, TM_TARGET, preset="torchmetrics")
    assert round(r.bleu, 4) == 0.7598
    assert bx.explain(TM_PREDS[0], TM_TARGET[0], preset="torchmetrics").bleu == r.bleu


@pytest.mark.parametrize("references, ratio, reference_length", [
    # README "How to Use" and "Examples": the first prediction has 2 references; the shortest ('hello there !') counts
    ([["hello there general kenobi", "hello there !"], ["foo bar foobar"]], 1.1666666666666667, 6),
    # the _KWARGS_DESCRIPTION docstring: "hello there!" is 3 tokens after 13a, so the same numbers
    ([["hello there general kenobi", "hello there!"], ["foo bar foobar"]], 1.1666666666666667, 6),
    # README "Example where each prediction has 1 reference"
    ([["hello there general kenobi"], ["foo bar foobar"]], 1.0, 7),
])
def test_evaluate_documented_examples(references, ratio, reference_length):
    # evaluate's README prints {'bleu': 1.0, 'precisions': [1.0, 1.0, 1.0, 1.0], 'brevity_penalty': 1.0,
    # 'length_ratio': 1.1666666666666667 (or 1.0), 'translation_length': 7, 'reference_length': 6 (or 7)}
    r = bx.explain_corpus(HF_PREDICTIONS, references, preset="hf-evaluate")
    assert hf_result(r) == {"bleu": 1.0, "precisions": [1.0, 1.0, 1.0, 1.0], "brevity_penalty": 1.0,
                            "length_ratio": ratio, "translation_length": 7, "reference_length": reference_length}


def hf_result(r) -> dict:
    """Our result in the shape of evaluate's dict."""
    return {"bleu": r.bleu, "precisions": list(r.precisions), "brevity_penalty": r.brevity_penalty,
            "length_ratio": float(r.hyp_len) / r.ref_len, "translation_length": r.hyp_len,
            "reference_length": r.ref_len}


# --------------------------------------------------------------------------- (b) the real tools
@lru_cache(maxsize=None)
def _hf_bleu_folder() -> Path | None:
    """A folder with evaluate's bleu metric code (bleu.py, nmt_bleu.py, tokenizer_13a.py), if this machine has one.

    ``BLEU_EXPLAIN_HF_BLEU`` names it; else evaluate's own module cache is searched, where
    ``evaluate.load("bleu")`` leaves the code once it has been loaded online.
    """
    named = os.environ.get("BLEU_EXPLAIN_HF_BLEU")
    if named:
        return Path(named) if (Path(named) / "bleu.py").is_file() else None
    import evaluate

    cache = Path(evaluate.config.HF_MODULES_CACHE) / "evaluate_modules" / "metrics" / "evaluate-metric--bleu"
    found = sorted(cache.glob("*/bleu.py"), key=lambda p: p.stat().st_mtime)
    return found[-1].parent if found else None


@lru_cache(maxsize=None)
def _hf_bleu_metric():
    """evaluate's Bleu metric, imported from its files without the Hub (tests never touch the network)."""
    folder = _hf_bleu_folder()
    name = "bleu_explain_oracle_hf_bleu"
    spec = importlib.util.spec_from_loader(name, loader=None, is_package=True)
    package = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    package.__path__ = [str(folder)]
    sys.modules[name] = package
    return importlib.import_module(f"{name}.bleu").Bleu(keep_in_memory=True)


def hf_bleu():
    pytest.importorskip("evaluate", reason=ORACLE_REASON)
    if _hf_bleu_folder() is None:
        pytest.skip("evaluate's bleu metric code is not on this machine (evaluate.load fetches it from the "
                    "Hugging Face Hub, which tests never reach): load it once online, or set BLEU_EXPLAIN_HF_BLEU "
                    "to a folder with evaluate's metrics/bleu files and tensorflow/nmt's scripts/bleu.py "
                    "saved as nmt_bleu.py")
    return _hf_bleu_metric()


def torchmetrics_bleu():
    pytest.importorskip("torchmetrics", reason=ORACLE_REASON)
    from torchmetrics.functional.text import bleu as tm

    return tm


def check_against_evaluate(cands, refs, smooth, max_order, references_as_strings=False) -> None:
    metric = hf_bleu()
    theirs_refs = [r[0] for r in refs] if references_as_strings else refs
    ours = None
    try:
        ours = bx.explain_corpus(cands, refs, preset="hf-evaluate", smooth=smooth, max_order=max_order)
    except bx.BleuComputationError as exc:
        side = "reference" if "reference side" in str(exc) else "candidate"
        with pytest.raises(ZeroDivisionError):  # the released metric divides by zero: we say so instead
            metric.compute(predictions=cands, references=theirs_refs, smooth=smooth, max_order=max_order)
        assert side in str(exc)
        count_oracle("evaluate")
        return
    theirs = metric.compute(predictions=cands, references=theirs_refs, smooth=smooth, max_order=max_order)
    assert hf_result(ours) == theirs  # every number, to the last bit
    count_oracle("evaluate")


def check_against_torchmetrics(cands, refs, smooths, max_order, weights=None, public=True) -> None:
    """Our torchmetrics preset against ``bleu_score`` for each smoothing switch in ``smooths``.

    ``bleu_score`` is ``_bleu_score_update`` (the counts) then ``_bleu_score_compute`` (the score); the
    counts are taken once from the update function and compared exactly, then each score is computed by
    the compute function (and, if ``public``, by ``bleu_score`` itself too).
    """
    tm = torchmetrics_bleu()
    import torch

    numerator, denominator = torch.zeros(max_order), torch.zeros(max_order)
    preds_len, target_len = tm._bleu_score_update(cands, refs, numerator, denominator, torch.tensor(0.0),
                                                  torch.tensor(0.0), max_order, tm._tokenize_fn)
    tool_weights = [1.0 / max_order] * max_order if weights is None else list(weights)
    for smooth in smooths:
        ours = bx.explain_corpus(cands, refs, preset="torchmetrics", n_gram=max_order, smooth=smooth, weights=weights)
        assert list(ours.matches) == [int(x) for x in numerator]
        assert list(ours.totals) == [int(x) for x in denominator]
        assert (ours.hyp_len, ours.ref_len) == (int(preds_len), int(target_len))
        theirs = float(tm._bleu_score_compute(preds_len, target_len, numerator, denominator, max_order, tool_weights,
                                              smooth))
        if public:
            assert float(tm.bleu_score(cands, refs, n_gram=max_order, smooth=smooth, weights=weights)) == theirs
        assert math.isclose(ours.bleu, theirs, rel_tol=FLOAT32_REL, abs_tol=FLOAT32_ABS), (ours.bleu, theirs)
        count_oracle("torchmetrics")


@pytest.mark.parametrize("smooth", [False, True])
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=corpora(), max_order=st.integers(1, 4))
def test_random_corpora_match_evaluate(smooth, data, max_order):
    cands, refs = data
    check_against_evaluate(cands, refs, smooth, max_order)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=corpora(), max_order=st.integers(1, 4), weighted=st.booleans(),
       weights=st.lists(st.floats(0.05, 1.0), min_size=4, max_size=4))
def test_random_corpora_match_torchmetrics(data, max_order, weighted, weights):
    cands, refs = data
    check_against_torchmetrics(cands, refs, (False, True), max_order, weights[:max_order] if weighted else None)


@settings(max_examples=examples(60), deadline=None)
@given(segment=segments(), smooth=st.booleans(), max_order=st.integers(1, 4))
def test_sentences_match_both_tools(segment, smooth, max_order):
    cand, refs = segment
    check_against_evaluate([cand], [refs], smooth, max_order)
    check_against_torchmetrics([cand], [refs], (smooth,), max_order)


def test_evaluate_takes_one_reference_per_segment_as_a_list_of_strings():
    check_against_evaluate(["the cat sat on the mat", "a dog"], [["the cat is on the mat"], ["a dog barks"]],
                           smooth=False, max_order=4, references_as_strings=True)


def test_evaluate_does_not_strip_a_line_before_13a():
    # evaluate's copy of the 13a tokenizer joins "-\n" before anything else and never strips the line
    check_against_evaluate(["the e-\n", "a wall-\nflower"], [["the e"], ["a wallflower"]], smooth=False, max_order=2)


def test_torchmetrics_class_accumulates_as_a_corpus():
    pytest.importorskip("torchmetrics", reason=ORACLE_REASON)
    from torchmetrics.text import BLEUScore

    cands = ["the cat is on the mat", "there is a cat here", "on the mat is a cat"]
    refs = [TM_TARGET[0], ["a cat is here", "there is a cat here today"], ["the cat is on the mat"]]
    metric = BLEUScore(n_gram=3, smooth=True)
    for c, r in zip(cands, refs):
        metric.update([c], [r])
    ours = bx.explain_corpus(cands, refs, preset="torchmetrics", n_gram=3, smooth=True)
    assert math.isclose(ours.bleu, float(metric.compute()), rel_tol=FLOAT32_REL)
    count_oracle("torchmetrics")


def _wmt21(pair: str):
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("real test sets not found: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    from bleu_explain.data.wmt21 import load_wmt21

    return _load_wmt21(pair, str(folder), load_wmt21)


@lru_cache(maxsize=None)
def _load_wmt21(pair, folder, load):
    return load(pair, data_dir=folder)


# en-de has three human references (A, C, D), zh-en one; the first system always runs, every system when slow
_SYSTEM_COUNT = {"en-de": 20, "zh-en": 23}
WMT21_CASES = [pytest.param(pair, i, marks=[] if i == 0 else [pytest.mark.slow], id=f"{pair}-{i}")
               for pair in _SYSTEM_COUNT for i in range(_SYSTEM_COUNT[pair])]


def _wmt21_system(pair: str, index: int):
    data = _wmt21(pair)
    names = sorted(data.systems)
    if index >= len(names):
        pytest.skip(f"WMT21 {pair} has {len(names)} systems")
    refs = [list(segment) for segment in zip(*(data.references[k] for k in sorted(data.references)))]
    return data.systems[names[index]], refs


@pytest.mark.parametrize("pair, index", WMT21_CASES)
def test_wmt21_systems_match_evaluate(pair, index):
    hf_bleu()
    hyps, refs = _wmt21_system(pair, index)
    for smooth in (False, True):
        for max_order in (1, 2, 3, 4):
            check_against_evaluate(hyps, refs, smooth, max_order, references_as_strings=len(refs[0]) == 1)


@pytest.mark.parametrize("pair, index", WMT21_CASES)
def test_wmt21_systems_match_torchmetrics(pair, index):
    torchmetrics_bleu()
    hyps, refs = _wmt21_system(pair, index)
    for max_order in (1, 2, 3, 4):
        check_against_torchmetrics(hyps, refs, (False, True), max_order, public=False)


def test_wmt21_sentences_match_both_tools():
    hf_bleu(), torchmetrics_bleu()
    hyps, refs = _wmt21_system("en-de", 0)
    for i in range(0, len(hyps), 20):
        for smooth in (False, True):
            check_against_evaluate([hyps[i]], [refs[i]], smooth, 4)
        check_against_torchmetrics([hyps[i]], [refs[i]], (False, True), 4)


# --------------------------------------------------------------------------- (c) each quirk, as a property
@settings(max_examples=examples(100), deadline=None)
@given(data=corpora())
def test_hf_evaluate_holds_each_segment_against_its_shortest_reference(data):
    cands, refs = data
    tok = bx.tokenize
    shortest = sum(min(len(tok(r, "13a")) for r in rs) for rs in refs)
    assume(shortest > 0 and any(tok(c, "13a") for c in cands))
    assert bx.explain_corpus(cands, refs, preset="hf-evaluate").ref_len == shortest


@settings(max_examples=examples(100), deadline=None)
@given(hyp_len=st.integers(0, 30), ref_lens=st.lists(st.integers(0, 30), min_size=1, max_size=5))
def test_torchmetrics_ties_go_to_the_first_listed_reference(hyp_len, ref_lens):
    chosen = choose_ref_length(hyp_len, ref_lens, "closest-first")
    distance = min(abs(hyp_len - r) for r in ref_lens)
    assert chosen == next(r for r in ref_lens if abs(hyp_len - r) == distance)
    # sacreBLEU (and NLTK, mteval, multi-bleu) give a tie to the shorter instead
    assert choose_ref_length(hyp_len, ref_lens) == min(r for r in ref_lens if abs(hyp_len - r) == distance)


def test_a_tie_between_references_in_words():
    refs = ["a b c d e f g", "a b c d e"]  # 7 and 5 tokens, the candidate has 6: a tie
    tm = bx.explain("a b c d e f", refs, preset="torchmetrics")
    assert tm.ref_len == 7 and bx.explain("a b c d e f", refs[::-1], preset="torchmetrics").ref_len == 5
    sb = bx.explain("a b c d e f", refs, tokenize="none", smooth="none")
    assert sb.ref_len == 5
    assert bx.divergence_in_words(tm, sb) == (
        "reference length: torchmetrics uses the closest (a tie going to the first listed) (7) where sacreBLEU "
        "uses the closest (5)")


@settings(max_examples=examples(100), deadline=None)
@given(segment=segments(), max_order=st.integers(1, 4))
def test_torchmetrics_never_smooths_the_unigram_and_evaluate_smooths_every_order(segment, max_order):
    cand, refs = segment
    tm = bx.explain(cand, refs, preset="torchmetrics", smooth=True, max_order=max_order)
    if tm.bleu > 0:
        assert tm.precisions[0] == tm.matches[0] / tm.totals[0]
        assert all(p == (m + 1) / (t + 1) for p, m, t in zip(tm.precisions[1:], tm.matches[1:], tm.totals[1:]))
    try:
        hf = bx.explain(cand, refs, preset="hf-evaluate", smooth=True, max_order=max_order)
    except bx.BleuComputationError:
        return
    assert all(p == (m + 1) / (t + 1) for p, m, t in zip(hf.precisions, hf.matches, hf.totals))
    assert hf.bleu > 0  # +1 everywhere: no precision is ever 0


@settings(max_examples=examples(100), deadline=None)
@given(data=corpora(), smooth=st.booleans(), max_order=st.integers(1, 4))
def test_torchmetrics_gives_zero_whenever_an_order_has_no_match_even_with_smoothing(data, smooth, max_order):
    cands, refs = data
    r = bx.explain_corpus(cands, refs, preset="torchmetrics", smooth=smooth, max_order=max_order)
    assert (r.bleu == 0.0) == (min(r.matches) == 0)


@settings(max_examples=examples(100), deadline=None)
@given(data=corpora(), max_order=st.integers(1, 4))
def test_evaluate_without_smoothing_gives_zero_for_any_zero_precision(data, max_order):
    cands, refs = data
    try:
        r = bx.explain_corpus(cands, refs, preset="hf-evaluate", max_order=max_order)
    except bx.BleuComputationError as exc:
        assert "divides by zero" in str(exc)
        return
    assert (r.bleu == 0.0) == (min(r.matches) == 0)


def test_the_quirks_are_steps_with_the_tools_source_lines():
    refs = ["the cat sat on the mat", "the cat sat on the red mat today"]
    hf = bx.explain("the cat sat on the red mat", refs, preset="hf-evaluate", smooth=True)
    steps = {s.name: s for s in hf.steps()}
    assert "reference_length += min(len(r) for r in references)  (evaluate bleu / nmt_bleu.py)" in \
        steps["reference length"].source
    assert any("matches_by_order[i] + 1." in line for line in steps["smoothing"].source)
    tm = bx.explain("the cat sat on the red mat", refs, preset="torchmetrics", smooth=True)
    steps = {s.name: s for s in tm.steps()}
    assert any("target_len_diff.index(min(target_len_diff))" in line for line in steps["reference length"].source)
    assert any("precision_scores[0] = numerator[0] / denominator[0]" in line for line in steps["smoothing"].source)
    assert any("if min(numerator) == 0.0" in line for line in steps["smoothing"].source)
    # an override that leaves the tool's rule leaves its line out
    closest = bx.explain("the cat sat on the red mat", refs, preset="hf-evaluate", ref_length="closest")
    assert not any("min(len(r)" in line for s in closest.steps() for line in s.source)


@pytest.mark.parametrize("preset", ["hf-evaluate", "torchmetrics"])
def test_a_reference_given_as_a_string_is_the_only_reference_as_the_tools_take_it(preset):
    cands = ["the cat is on the mat", "a dog barks"]
    flat = bx.explain_corpus(cands, ["there is a cat on the mat", "the dog barks"], preset=preset)
    nested = bx.explain_corpus(cands, [["there is a cat on the mat"], ["the dog barks"]], preset=preset)
    assert flat.bleu == nested.bleu and flat.references == nested.references
    with pytest.raises(bx.BleuInputError, match="flat list of strings"):  # other tools read a stream there
        bx.explain_corpus(cands, ["there is a cat on the mat", "the dog barks"])
