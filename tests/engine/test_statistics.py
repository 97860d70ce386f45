"""Segment statistics: the corpus path's sums and the explanation's n-gram tables come from the same counts."""

from __future__ import annotations

import gc

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import corpora, examples, segments

import bleu_explain as bx
from bleu_explain.engine.corpus import CorpusStatistics, PreparedReferences
from bleu_explain.engine.statistics import clip_tokens, count_segment, reference_max_counts, tokenizer_for


@settings(max_examples=examples(300), deadline=None)
@given(segment=segments(), preset=st.sampled_from(sorted(bx.PRESETS)), max_order=st.integers(1, 6))
def test_the_tables_of_every_order_add_up_to_the_statistics(segment, preset, max_order):
    cand, refs = segment
    config = bx.make_config(preset, max_order=max_order)
    tok = tokenizer_for(config)
    hyp, ref_tokens = tok(cand), [tok(r) for r in refs]
    detailed, counted = clip_tokens(hyp, ref_tokens, config)
    lean = count_segment(hyp, tuple(len(r) for r in ref_tokens), reference_max_counts(ref_tokens, max_order), config)
    assert lean == detailed
    tables = [counted.clip(n) for n in range(1, max_order + 1)]
    assert tuple(t.matches for t in tables) == detailed.matches
    assert tuple(t.unclipped_matches for t in tables) == detailed.unclipped
    assert tuple(max(t.total, 1) if config.total_at_least_one else t.total for t in tables) == detailed.totals


@settings(max_examples=examples(100), deadline=None)
@given(data=corpora(fixed_refs=True))
def test_prepared_references_give_the_same_statistics(data):
    cands, refs = data
    config = bx.make_config()
    counted, counted_prepared = CorpusStatistics(cands, refs), CorpusStatistics(cands, PreparedReferences(refs))
    direct, last = counted.statistics(config), counted.last_pair(config)
    prepared, last_prepared = counted_prepared.statistics(config), counted_prepared.last_pair(config)
    assert direct == prepared and last == last_prepared


def test_explain_systems_scores_each_system_as_explain_corpus_does():
    refs = [["the cat is on the mat", "there is a cat on the mat"], ["a b c d e", "a b c d f"]]
    systems = {"one": ["the cat sat on the mat", "a b c d"], "two": ["a cat on the mat", "a b c d e"]}
    results = bx.explain_systems(systems, refs, preset="nltk")
    assert list(results) == ["one", "two"]
    for name, hyps in systems.items():
        alone = bx.explain_corpus(hyps, refs, preset="nltk")
        assert results[name].bleu == alone.bleu
        assert results[name].segment_stats == alone.segment_stats
        assert results[name].signature == alone.signature


def test_counting_leaves_the_garbage_collector_as_it_found_it():
    cands, refs = ["a b"] * 3, [["a b c"]] * 3
    gc.disable()
    try:
        CorpusStatistics(cands, refs).statistics(bx.make_config())
        assert not gc.isenabled()
    finally:
        gc.enable()
    CorpusStatistics(cands, refs).statistics(bx.make_config())
    assert gc.isenabled()
