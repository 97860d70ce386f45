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
