"""Custom weights: BLEU = BP * exp(sum of w_n log p_n) on the 0..1 scale, under every preset's rules."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import corpora, examples, segments

import bleu_explain as bx

REFS = ["The cat is on the mat.", "There is a cat on the mat."]
CAND = "The cat sat on the mat."

weight_lists = st.lists(st.floats(min_value=0.0, max_value=5.0, allow_nan=False), min_size=1, max_size=6).filter(any)


def test_weights_of_one_do_not_multiply_the_score_by_a_million():
    # sacreBLEU combines percentages; weights that do not sum to 1 must not scale the score by 100^(sum - 1)
    r = bx.explain(CAND, REFS, weights=(1, 1, 1, 1))
    expected = r.brevity_penalty * math.prod(r.precisions)  # exp(sum of log p_n) with w_n = 1
    assert math.isclose(r.bleu, expected, rel_tol=1e-12)
    assert math.isclose(r.score, 100 * expected, rel_tol=1e-12)
    assert 0 <= r.score <= 100


def test_small_weights_agree_with_mteval_rules():
    sb = bx.explain(CAND, REFS, weights=(0.1,) * 4)
    mt = bx.explain(CAND, REFS, weights=(0.1,) * 4, preset="mteval-13a", lowercase=False)
    assert sb.candidate_tokens == mt.candidate_tokens
    assert math.isclose(sb.score, mt.score, rel_tol=1e-12)
    assert math.isclose(sb.bleu, math.prod(p ** 0.1 for p in sb.precisions), rel_tol=1e-12)


def test_uniform_weights_stay_bit_for_bit_sacrebleu():
    from sacrebleu.metrics import BLEU

    theirs = BLEU().sentence_score(CAND, REFS).score
    assert bx.explain(CAND, REFS).score == theirs
    assert bx.explain(CAND, REFS, weights=(0.25,) * 4).score == theirs
    three = BLEU(max_ngram_order=3).sentence_score(CAND, REFS).score
    assert bx.explain(CAND, REFS, weights=(1 / 3,) * 3).score == three


def test_cli_weights_give_a_score_on_the_0_100_scale(tmp_path):
    (tmp_path / "ref.txt").write_text(REFS[0] + "\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text(CAND + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "bleu_explain", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"),
                          "--weights", "1", "1", "1", "1", "-b", "-w", "4"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    expected = bx.explain(CAND, [REFS[0]], weights=(1, 1, 1, 1)).score
    assert float(out.stdout) == pytest.approx(expected, abs=1e-4)
    assert 0 <= float(out.stdout) <= 100


@settings(max_examples=examples(200), deadline=None)
@given(segment=segments(), weights=weight_lists,
       preset=st.sampled_from(["sacrebleu", "nltk", "mteval-13a", "multi-bleu", "paper"]))
def test_any_valid_weights_keep_the_score_on_its_scale(segment, weights, preset):
    # No smoothing method of these presets can push a p_n above 1 (NLTK's method5/7 can; not used here).
    cand, refs = segment
    r = bx.explain(cand, refs, preset=preset, weights=weights)
    assert 0.0 <= r.bleu <= 1.0 + 1e-12
    assert 0.0 <= r.score <= 100.0 + 1e-9
    assert not math.isnan(r.score)


@st.composite
def corpora_matching_every_order(draw):
    """A corpus whose first candidate copies its reference (4+ words), so no order has zero matches."""
    cands, refs = draw(corpora())
    copied = " ".join(draw(st.lists(st.sampled_from(["the", "cat", "sat", "on", "mat", "3.5", "Über"]),
                                    min_size=4, max_size=10)))
    return [copied] + cands, [[copied]] + refs


@settings(max_examples=examples(200), deadline=None)
@given(data=corpora_matching_every_order(),
       weights=st.lists(st.floats(min_value=0.01, max_value=3.0), min_size=4, max_size=4))
def test_sacrebleu_and_mteval_rules_agree_under_any_weights(data, weights):
    """Same tokens (mteval's rules with case kept), no order at zero: the two rules are the same formula."""
    cands, refs = data
    sb = bx.explain_corpus(cands, refs, weights=weights)
    mt = bx.explain_corpus(cands, refs, weights=weights, preset="mteval-13a", lowercase=False)
    assume(all(sb.matches) and sb.hyp_len > 0)
    assert math.isclose(sb.bleu, mt.bleu, rel_tol=1e-9)
    assert math.isclose(sb.score, 100 * mt.bleu, rel_tol=1e-9)


@settings(max_examples=examples(200), deadline=None)
@given(segment=segments(), weights=weight_lists, preset=st.sampled_from(["hf-evaluate", "torchmetrics"]),
       smooth=st.booleans())
def test_the_two_python_libraries_keep_any_weights_on_the_scale(segment, weights, preset, smooth):
    # their +1 smoothing keeps every p_n at most 1: (m + 1)/(t + 1) <= 1 since m <= t
    cand, refs = segment
    try:
        r = bx.explain(cand, refs, preset=preset, weights=weights, smooth=smooth)
    except bx.BleuComputationError as exc:  # evaluate's empty side
        assert preset == "hf-evaluate" and "divides by zero" in str(exc)
        return
    assert 0.0 <= r.bleu <= 1.0 + 1e-12 and not math.isnan(r.bleu)


def test_evaluate_combines_with_its_own_line_so_the_floats_agree():
    from bleu_explain.engine.combine import combine_counts
    from bleu_explain.engine.presets import get_preset

    matches, totals = [7, 4, 2, 1], [9, 8, 7, 6]
    s = combine_counts(matches, totals, hyp_len=9, ref_len=11, config=get_preset("hf-evaluate"))
    # tensorflow/nmt: p_log_sum = sum((1. / max_order) * math.log(p) for p in precisions); bp via the ratio
    p_log_sum = sum((1.0 / 4) * math.log(m / t) for m, t in zip(matches, totals))
    assert s.bleu == math.exp(p_log_sum) * math.exp(1 - 1.0 / (9 / 11))
    assert s.percent is None and s.score == 100 * s.bleu


def test_torchmetrics_returns_zero_before_smoothing_when_an_order_has_no_match():
    from bleu_explain.engine.combine import combine_counts
    from bleu_explain.engine.presets import resolve_config

    s = combine_counts([3, 1, 0], [4, 3, 2], hyp_len=4, ref_len=4, config=resolve_config("torchmetrics", smooth=True,
                                                                                          max_order=3))
    assert s.bleu == 0.0 and s.precisions == (None, None, None)
    assert any("even with smooth=True" in note for note in s.notes)
    hf = combine_counts([3, 1, 0], [4, 3, 2], hyp_len=4, ref_len=4, config=resolve_config("hf-evaluate", smooth=True,
                                                                                           max_order=3))
    assert hf.bleu > 0 and hf.precisions == (4 / 5, 2 / 4, 1 / 3)
