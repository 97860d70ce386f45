"""Relations between presets that follow from the tools' rules, and the compare() table."""

from __future__ import annotations

import math

from hypothesis import given, settings
from strategies import corpora, examples

import bleu_explain as bx


@settings(max_examples=examples(150), deadline=None)
@given(data=corpora())
def test_mteval_equals_sacrebleu_when_every_order_has_ngrams(data):
    """mteval-v13a and sacreBLEU share 13a and exp smoothing; they differ only when an order has no n-grams,
    when nothing matches at all, and in lowercasing (ASCII only in mteval)."""
    cands, refs = data
    ours = bx.explain_corpus(cands, refs, preset="mteval-13a", lowercase=False)
    sb = bx.explain_corpus(cands, refs)
    if all(sb.totals) and any(sb.matches):
        assert math.isclose(ours.bleu, sb.bleu, rel_tol=1e-12)
    elif not all(sb.totals) and any(sb.matches):
        assert sb.bleu == 0.0 and bx.first_divergence(sb, ours) in ("smoothing", "combination")


@settings(max_examples=examples(150), deadline=None)
@given(data=corpora())
def test_multi_bleu_equals_sacrebleu_without_smoothing(data):
    cands, refs = data
    mb = bx.explain_corpus(cands, refs, preset="multi-bleu")
    sb = bx.explain_corpus(cands, refs, tokenize="none", smooth="none")
    if mb.hyp_len and mb.ref_len:
        assert math.isclose(mb.bleu, sb.bleu, rel_tol=1e-12, abs_tol=1e-300)


def test_mteval_lowercases_ascii_only():
    r = bx.explain("ÉCOLE Paris", ["école paris"], preset="mteval-13a", max_order=1)
    assert r.candidate_tokens == ("École", "paris")  # É is not ASCII: mteval's tr/A-Z/a-z/ keeps it
    s = bx.explain("ÉCOLE Paris", ["école paris"], lowercase=True, max_order=1)
    assert s.candidate_tokens == ("école", "paris")


def test_compare_names_first_divergence():
    refs = ["The cat is on the mat."]
    table = bx.compare("The cat sat on the mat.", refs, presets=["sacrebleu", "multi-bleu", "nltk"])
    # sacreBLEU splits off the final period; multi-bleu and NLTK keep "mat." as one token
    assert table.loc["multi-bleu", "first_divergence_from_sacrebleu"] == "tokens"
    # NLTK replaces the zero 4-gram precision by sys.float_info.min; multi-bleu keeps 0
    assert table.loc["nltk", "first_divergence_from_multi-bleu"] == "smoothing"
    assert table.loc["sacrebleu", "first_divergence_from_sacrebleu"] == "-"


def test_compare_corpus_and_the_effect_of_smoothing():
    cands, refs = ["it is ship"], [["it is a ship"]]
    table = bx.compare(cands, refs, presets=["sacrebleu", "mteval-13a"], lowercase=False)
    assert table.loc["mteval-13a", "first_divergence_from_sacrebleu"] in ("smoothing", "combination")


def test_presets_print_their_settings():
    for name, config in bx.PRESETS.items():
        assert f"preset={name!r}" in repr(config)


def test_steps_are_in_order():
    r = bx.explain("the the the", ["the cat"], preset="paper", max_order=2)
    assert [s.name for s in r.steps()] == ["tokens", "counts", "clipping", "smoothing", "reference length", "combination"]
    assert "'the' 3 -> 1" in r.explain_text()


@settings(max_examples=examples(150), deadline=None)
@given(data=corpora())
def test_hf_evaluate_is_sacrebleu_without_smoothing_against_the_shortest_reference(data):
    """Same 13a tokens, counts and clipping: unsmoothed, evaluate differs from sacreBLEU only in the reference
    length (and its empty sides, where it divides by zero)."""
    cands, refs = data
    try:
        hf = bx.explain_corpus(cands, refs, preset="hf-evaluate")
    except bx.BleuComputationError:
        return
    sb = bx.explain_corpus(cands, refs, smooth="none", ref_length="shortest")
    assert (hf.matches, hf.totals, hf.hyp_len, hf.ref_len) == (sb.matches, sb.totals, sb.hyp_len, sb.ref_len)
    assert math.isclose(hf.bleu, sb.bleu, rel_tol=1e-12, abs_tol=1e-300)


@settings(max_examples=examples(150), deadline=None)
@given(data=corpora())
def test_torchmetrics_smoothing_is_sacrebleus_add_one_and_nltks_method2_when_every_order_matches(data):
    cands, refs = data
    tm = bx.explain_corpus(cands, refs, preset="torchmetrics", smooth=True)
    same_lengths = dict(tokenize="none", ref_length="closest-first")
    addk = bx.explain_corpus(cands, refs, smooth="add-k", smooth_value=1, **same_lengths)
    method2 = bx.explain_corpus(cands, refs, preset="nltk", smooth="method2", **same_lengths)
    plain = bx.explain_corpus(cands, refs, preset="torchmetrics")
    none = bx.explain_corpus(cands, refs, smooth="none", **same_lengths)
    if min(tm.matches) == 0:
        assert tm.bleu == plain.bleu == 0.0  # sacreBLEU's add-k would score it: torchmetrics does not
    else:
        assert math.isclose(tm.bleu, addk.bleu, rel_tol=1e-12)
        if method2.totals == tm.totals:  # NLTK divides by at least 1 in a segment shorter than the order
            assert math.isclose(tm.bleu, method2.bleu, rel_tol=1e-12)
        assert math.isclose(plain.bleu, none.bleu, rel_tol=1e-12)


def test_compare_places_the_reference_length_and_says_it_in_words():
    fifteen = "it is a guide to action that ensures that the military will forever heed commands"
    refs = ["it is the practical guide for the army to heed the party", fifteen]  # 12 and 15 tokens
    table = bx.compare(fifteen, refs, presets=["sacrebleu", "hf-evaluate"])
    assert table.loc["hf-evaluate", "first_divergence_from_sacrebleu"] == "reference length"
    assert table.loc["hf-evaluate", "divergence_from_sacrebleu"] == (
        "reference length: hf-evaluate uses the shortest reference (12) where sacreBLEU uses the closest (15)")
    assert table.loc["sacrebleu", "divergence_from_hf-evaluate"] == (
        "reference length: sacreBLEU uses the closest (15) where hf-evaluate uses the shortest reference (12)")
    assert table.loc["hf-evaluate", "divergence_from_hf-evaluate"] == "-"
