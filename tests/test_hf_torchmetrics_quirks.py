"""The quirks of Hugging Face evaluate's ``bleu`` and torchmetrics' ``bleu_score``, as properties of the presets.

They need neither tool: ``test_oracle_hf_torchmetrics.py`` compares the presets with the tools themselves.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import corpora, examples, segments

import bleu_explain as bx
from bleu_explain.engine.length import choose_ref_length


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
