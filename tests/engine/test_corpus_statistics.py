"""The corpus counted once: kept statistics, an update after an edit, the segment memo, prepared references.

Every test holds the kept or updated numbers against a fresh count of the same texts, to the last bit.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import corpora, examples, sentences

import bleu_explain as bx
from bleu_explain.engine.corpus import CARRIED, FEW, CorpusStatistics, PreparedReferences, SegmentMemo
from bleu_explain.engine.statistics import sum_statistics

#: Configurations that differ in what the object keeps apart: the tokenizer, the order, the length and totals rules.
CONFIGS = [bx.make_config(), bx.make_config(tokenize="intl", lowercase=True), bx.make_config("nltk"),
           bx.make_config("nltk", smooth="method4"), bx.make_config(max_order=2), bx.make_config("torchmetrics"),
           bx.make_config("mteval-13a"), bx.make_config(ref_length="shortest")]


def fresh(candidates, references, config, refset=None):
    """What a new object counts of these texts: the statistics, the sums and the score."""
    counted = CorpusStatistics(candidates, references)
    return counted.statistics(config, refset), counted.sums(config, refset), counted.score(config, refset).score


def held(counted, config, refset=None):
    return counted.statistics(config, refset), counted.sums(config, refset), counted.score(config, refset).score


@st.composite
def edited(draw, fixed_refs: bool = False):
    """(candidates, references, edited candidates, edited references): some segments changed, some lines inserted
    or removed (which shifts the segments after them)."""
    cands, refs = draw(corpora(max_segments=8, fixed_refs=fixed_refs))
    new_cands, new_refs = list(cands), [list(r) for r in refs]
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(0, len(new_cands) - 1))
        kind = draw(st.sampled_from(["candidate", "reference", "insert", "remove"]))
        if kind == "candidate":
            new_cands[i] = draw(sentences())
        elif kind == "reference":
            new_refs[i][draw(st.integers(0, len(new_refs[i]) - 1))] = draw(sentences())
        elif kind == "insert":
            new_cands.insert(i, draw(sentences()))
            new_refs.insert(i, [draw(sentences()) for _ in new_refs[i]])
        elif len(new_cands) > 1:
            del new_cands[i], new_refs[i]
    return cands, refs, new_cands, new_refs


@settings(max_examples=examples(150), deadline=None)
@given(data=edited(), config=st.sampled_from(CONFIGS), memo=st.booleans())
def test_an_update_equals_a_fresh_count(data, config, memo):
    cands, refs, new_cands, new_refs = data
    counted = CorpusStatistics(cands, refs, memo=memo)
    counted.sums(config)
    counted.statistics(bx.make_config(ref_length="shortest"))  # a second rule, carried too
    updated = counted.updated(new_cands, new_refs)
    assert held(updated, config) == fresh(new_cands, new_refs, config)
    other = bx.make_config("nltk", smooth="method1")  # not counted before the update: counted afresh
    assert held(updated, other) == fresh(new_cands, new_refs, other)


@settings(max_examples=examples(100), deadline=None)
@given(data=corpora(max_segments=6, fixed_refs=True), configs=st.lists(st.sampled_from(CONFIGS), min_size=1,
                                                                       max_size=4))
def test_the_memo_and_every_refset_give_what_a_fresh_count_gives(data, configs):
    cands, refs = data
    counted = CorpusStatistics(cands, refs, memo=True)
    refsets = [None] + [(k,) for k in range(len(refs[0]))] + [tuple(range(len(refs[0])))]
    for config in configs:
        for refset in refsets:
            chosen = [[r[k] for k in refset] for r in refs] if refset else refs
            assert held(counted, config, refset) == fresh(cands, chosen, config)
            assert counted.sums(config, refset) == tuple(sum_statistics(counted.statistics(config, refset),
                                                                        config.max_order))


def test_an_edit_of_one_segment_counts_that_segment_alone():
    cands = [f"the cat number {i} sat on the mat" for i in range(200)]
    refs = [[f"the cat {i} is on the mat", "a cat sat there"] for i in range(200)]
    config = bx.make_config()
    counted = CorpusStatistics(cands, refs)
    assert counted.recounted(config) == 200
    edited = cands[:57] + [cands[57] + " today"] + cands[58:]
    updated = counted.updated(edited, refs)
    assert updated.recounted(config) == 1
    assert held(updated, config) == fresh(edited, refs, config)
    assert counted.updated(edited, refs).updated(edited, refs).recounted(config) == 0  # nothing changed


def test_lines_inserted_are_found_by_their_texts():
    cands = [f"segment {i} of the corpus" for i in range(3 * FEW)]
    refs = [[f"segment {i} of a corpus"] for i in range(3 * FEW)]
    config = bx.make_config()
    counted = CorpusStatistics(cands, refs)
    counted.statistics(config)
    shifted_cands, shifted_refs = ["a new first line"] + cands, [["a new first reference"]] + refs
    updated = counted.updated(shifted_cands, shifted_refs)
    assert updated.recounted(config) == 1  # every segment moved one place down; only the new one is counted
    assert held(updated, config) == fresh(shifted_cands, shifted_refs, config)


def test_an_update_carries_the_last_configurations_and_counts_the_others_when_asked():
    cands, refs = ["the cat sat", "a dog barked"], [["the cat sat down"], ["the dog barked"]]
    configs = [bx.make_config(max_order=n) for n in range(1, CARRIED + 3)]
    counted = CorpusStatistics(cands, refs)
    for config in configs:
        counted.sums(config)
    updated = counted.updated(["the cat sat", "a dog barked loudly"], refs)
    assert [updated.recounted(c) for c in configs] == [2, 2] + [1] * CARRIED


def test_the_memo_counts_a_token_sequence_once_whichever_tokenization_gives_it():
    cands = ["the cat sat on the mat", "There is a dog"]
    refs = [["the cat is on the mat", "a cat sat on a mat"], ["there is a dog here", "a dog is there"]]
    memo = SegmentMemo()
    counted = CorpusStatistics(cands, refs, memo=memo)
    counted.sums(bx.make_config())
    after_one = len(memo)
    assert after_one == 6  # two candidates, four references
    for tokenize in ("intl", "none", "zh"):  # these texts have no punctuation or CJK: the same tokens
        counted.sums(bx.make_config(tokenize=tokenize))
    counted.sums(bx.make_config(), refset=(1,))  # a reference alone: its counts are kept
    assert len(memo) == after_one and counted.tokenizations == 4
    counted.sums(bx.make_config(lowercase=True))  # "There" -> "there": one sequence more
    assert len(memo) == after_one + 1


def test_prepared_references_are_counted_once_for_every_system():
    refs = [["the cat is on the mat", "a cat sat there"], ["there is a dog", "a dog is there"]]
    prepared = PreparedReferences(refs)
    config = bx.make_config()
    systems = [["the cat sat on the mat", "a dog"], ["a cat on a mat", "there is a dog"]]
    for hyps in systems:
        assert held(CorpusStatistics(hyps, prepared), config) == fresh(hyps, refs, config)
    assert len(prepared._counted) == 1  # one tokenization, one order: counted once


def test_the_last_segment_is_read_where_nltk_smoothing_reads_it():
    cands, refs = ["a b c d e", "x"], [["a b c d e"], ["y z"]]
    for smooth in ("method4", "method5", "method6", "method7"):
        config = bx.make_config("nltk", smooth=smooth)
        assert CorpusStatistics(cands, refs).score(config).score == bx.explain_corpus(cands, refs, preset="nltk",
                                                                                        smooth=smooth).score


def test_a_segment_scored_alone_is_its_sentence_bleu():
    cands, refs = ["the cat sat on the mat", "a dog"], [["the cat is on the mat"], ["there is a dog"]]
    counted = CorpusStatistics(cands, refs)
    for i, (cand, seg_refs) in enumerate(zip(cands, refs)):
        assert counted.segment_score(i, bx.make_config()).score == bx.explain(cand, seg_refs).score


def test_a_tool_that_takes_one_pair_refuses_a_corpus_when_scoring():
    counted = CorpusStatistics(["a b", "c d"], [["a b"], ["c d"]])
    with pytest.raises(bx.BleuInputError, match="one candidate string and one reference string"):
        counted.score(bx.make_config("d2l"))
