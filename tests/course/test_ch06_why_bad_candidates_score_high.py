"""Notebook 06: the NLTK tutorial's scores, the permutation count, NIST weights, the nonsense search, the exercises."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

import bleu_explain as bx
from bleu_explain.course import ch06_why_bad_candidates_score_high as ch06
from bleu_explain.course.checker import check
from bleu_explain.data import examples
from bleu_explain.engine.errors import BleuInputError

STEM = "06_why_bad_candidates_score_high"
SHIP_REFERENCES = examples.SHIP_REFERENCES
PRINTED = examples.NLTK_TUTORIAL_PRINTED_SCORES


# --------------------------------------------------------------------------- the NLTK tutorial's scores
def test_the_tutorials_printed_scores_are_reproduced_exactly_by_nltk_3_2():
    table = ch06.tutorial_scores_table()
    assert list(table.index) == list(PRINTED)
    for candidate, printed in PRINTED.items():
        assert table.loc[candidate, "nltk-3.2 (ours)"] == pytest.approx(printed, rel=1e-12)
    assert table["same"].all()


def test_current_nltk_gives_a_tiny_number_for_it():
    table = ch06.tutorial_scores_table()
    assert table.loc["it", "nltk 3.10"] == pytest.approx(2.4655814830110698e-232, rel=1e-9)
    assert table.loc["it", "orders_used"] == 1
    assert table.loc["it is a ship", "orders_used"] == 3


def test_the_dropped_orders_are_explained_in_the_notes():
    r = bx.explain("ship ship ship", list(SHIP_REFERENCES), preset="nltk-3.2")
    assert any("STOPS" in note and "NOT" in note for note in r.notes)
    assert r.bleu == pytest.approx((1 / 3) ** 0.25)


def test_score_table_has_one_column_per_preset():
    table = ch06.score_table({"fluent": examples.OREJUELA_FLUENT, "scrambled": examples.OREJUELA_SCRAMBLED},
                           [examples.OREJUELA_REFERENCE], presets=["paper", "sacrebleu"])
    assert list(table.columns) == ["text", "paper", "sacrebleu"]
    assert table.loc["fluent", "paper"] == pytest.approx(
        bx.explain(examples.OREJUELA_FLUENT, [examples.OREJUELA_REFERENCE], preset="paper").score)


# --------------------------------------------------------------------------- permutations
@pytest.mark.parametrize("k,b,expected", [(6, 2, 24), (10, 2, 40320), (1, 0, 1), (0, 0, 1), (5, 4, 1)])
def test_permutation_bound(k, b, expected):
    assert ch06.permutation_bound(k, b) == expected


@pytest.mark.parametrize("k,b", [(3, 3), (-1, 0), (2, -1), (2.0, 1), (True, 0)])
def test_permutation_bound_rejects_impossible_counts(k, b):
    with pytest.raises(BleuInputError):
        ch06.permutation_bound(k, b)


def test_chunks_cover_the_candidate_and_number_k_minus_b():
    r = bx.explain("on the mat the cat sat quietly today", ["today the cat sat quietly on the mat"], tokenize="none")
    chunks = ch06.matching_chunks(r)
    assert [t for c in chunks for t in c] == list(r.candidate_tokens)
    assert len(chunks) == r.hyp_len - r.matches[1]


def test_every_reordering_of_the_chunks_keeps_the_score():
    cand, ref = "the mailman nipped at the dog", "the dog bit the mailman"
    r = bx.explain(cand, [ref], tokenize="none")
    chunks = ch06.matching_chunks(r)
    scores = {round(bx.explain(" ".join(t for c in order for t in c), [ref], tokenize="none").score, 9)
              for order in itertools.permutations(chunks)}
    assert scores == {round(r.score, 9)}


def test_enumeration_matches_the_bound_for_the_dog_example():
    count = ch06.count_same_score_permutations(examples.DOG_SWAPPED, [examples.DOG_REFERENCE], preset="paper",
                                             max_order=4)
    assert (count.k, count.b) == (6, 2)
    # the paper's preset has no smoothing: p3 = 0 for every ordering, so every ordering scores 0
    assert count.same_score == count.distinct_permutations == math.factorial(6) // 2
    smoothed = ch06.count_same_score_permutations("the mailman nipped at the dog", ["the dog bit the mailman"],
                                                tokenize="none")
    assert smoothed.same_score == smoothed.bound == 24
    assert all(bx.explain(e, ["the dog bit the mailman"], tokenize="none").score == pytest.approx(smoothed.score)
               for e in smoothed.examples)


@pytest.mark.parametrize("cand,ref", [
    ("on the mat the cat sat quietly today", "today the cat sat quietly on the mat"),
    ("the mailman nipped at the dog .", "the dog bit the mailman ."),
])
def test_enumerated_count_is_at_least_the_bound_here(cand, ref):
    count = ch06.count_same_score_permutations(cand, [ref], tokenize="none")
    assert count.same_score >= count.bound
    assert count.summary().loc["(k - b)!", "value"] == count.bound


def test_the_bound_assumes_no_new_match_at_the_junctions():
    # "a b" + "c d" put side by side make the reference bigram "b c": those orderings score higher
    count = ch06.count_same_score_permutations(examples.JUNCTION_CANDIDATE, [examples.JUNCTION_REFERENCE],
                                              tokenize="none")
    assert count.bound == 6 and count.same_score == 4
    assert "a b c d x" not in count.examples
    assert bx.explain("a b c d x", [examples.JUNCTION_REFERENCE], tokenize="none").score > count.score


def test_enumeration_refuses_long_candidates():
    with pytest.raises(BleuInputError, match="limited to 8"):
        ch06.count_same_score_permutations("a b c d e f g h i", ["a b c"], tokenize="none")


# --------------------------------------------------------------------------- NIST information
def test_frequent_words_carry_little_information_and_rare_ones_much():
    corpus = pytest.importorskip("bleu_explain.data.corpus").load_corpus()
    nist = ch06.nist_with_background(examples.OREJUELA_SCRAMBLED, [examples.OREJUELA_REFERENCE], corpus)
    words = ch06.word_information(nist, ["the", "to", "orejuela"])
    assert words.loc["the", "info_bits"] < words.loc["orejuela", "info_bits"]
    assert words.loc["to", "info_bits"] < words.loc["orejuela", "info_bits"]
    assert words.loc["orejuela", "reference_count"] == 1
    # only the candidate's n-grams were matched (the background candidates are empty)
    scrambled = bx.explain(examples.OREJUELA_SCRAMBLED, [examples.OREJUELA_REFERENCE], preset="mteval-13a")
    cand_tokens = set(scrambled.candidate_tokens)
    table = nist.info_table()
    assert set(table[table["order"] == 1]["ngram"]) <= cand_tokens


def test_word_information_of_an_unknown_word_is_an_error():
    from bleu_explain.analysis.nist import explain_nist

    nist = explain_nist(["the cat"], [["the cat sat"]], tokenize="none")
    with pytest.raises(BleuInputError):
        ch06.word_information(nist, ["dog"])


# --------------------------------------------------------------------------- the nonsense search
@pytest.fixture(scope="module")
def found():
    return ch06.nonsense_search([examples.OREJUELA_REFERENCE])


def test_search_is_deterministic(found):
    again = ch06.nonsense_search([examples.OREJUELA_REFERENCE])
    assert (again.candidate, again.score, again.history) == (found.candidate, found.score, found.history)


def test_search_never_copies_more_than_max_copy_tokens(found):
    r = bx.explain(found.candidate, [examples.OREJUELA_REFERENCE], max_order=found.max_copy + 1, smooth="none")
    assert r.matches[found.max_copy] == 0


def test_search_score_is_the_engines_and_beats_both_notes_candidates(found):
    assert found.score == pytest.approx(bx.explain(found.candidate, [examples.OREJUELA_REFERENCE]).score, rel=1e-12)
    for other in (examples.OREJUELA_FLUENT, examples.OREJUELA_SCRAMBLED):
        assert found.score > bx.explain(other, [examples.OREJUELA_REFERENCE]).score
    assert found.history_table()["score"].max() == pytest.approx(found.score)


def test_search_works_with_several_references_and_other_presets():
    refs = [examples.EXAMPLE_1_REFERENCES[0], examples.EXAMPLE_1_REFERENCES[2]]
    result = ch06.nonsense_search(refs, preset="paper", max_copy=3, beam_width=2)
    r = bx.explain(result.candidate, refs, preset="paper", max_order=4, smooth="none")
    assert r.matches[3] == 0  # no reference 4-gram: never more than 3 words copied
    assert result.score == pytest.approx(bx.explain(result.candidate, refs, preset="paper").score)


@pytest.mark.parametrize("kw", [{"max_copy": 0}, {"beam_width": 0}, {"max_copy": True}])
def test_search_rejects_bad_settings(kw):
    with pytest.raises(BleuInputError):
        ch06.nonsense_search(["a b c"], **kw)


# --------------------------------------------------------------------------- from scratch, as the notebook builds it
def clipped_matches(words, references, max_order=4):
    matches = []
    for n in range(1, max_order + 1):
        max_ref_count = Counter()
        for ref in references:
            max_ref_count |= Counter(tuple(ref[i:i + n]) for i in range(len(ref) - n + 1))
        cand_counts = Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))
        matches.append(sum(min(count, max_ref_count[g]) for g, count in cand_counts.items()))
    return matches


def test_nltk_3_2_written_out_reproduces_the_printed_scores():
    ref_words = [r.split() for r in SHIP_REFERENCES]
    for candidate, printed in PRINTED.items():
        words = candidate.split()
        logs = []
        for n, clipped in enumerate(clipped_matches(words, ref_words), 1):
            if clipped == 0:
                break
            logs.append(math.log(clipped / (len(words) - n + 1)) / 4)
        r = min((len(ref) for ref in ref_words), key=lambda length: (abs(length - len(words)), length))
        bp = 1.0 if len(words) > r else math.exp(1 - r / len(words))
        assert bp * math.exp(math.fsum(logs)) == pytest.approx(printed, rel=1e-12)


@pytest.mark.parametrize("cand,ref", [
    ("the mailman nipped at the dog", "the dog bit the mailman"),
    (examples.JUNCTION_CANDIDATE, examples.JUNCTION_REFERENCE),
])
def test_same_clipped_counts_is_same_score_here(cand, ref):
    words, refs = cand.split(), [ref.split()]
    original = clipped_matches(words, refs)
    same = sum(clipped_matches(list(o), refs) == original for o in set(itertools.permutations(words)))
    assert same == ch06.count_same_score_permutations(cand, [ref], tokenize="none").same_score


# --------------------------------------------------------------------------- the exercises
def test_same_score_orderings_feedback():
    # "on the mat | the cat sat quietly | today": k = 8 words, b = 5 matching bigrams, so 3 pieces
    assert check(STEM, "same_score_orderings", math.factorial(3)).correct
    assert check(STEM, "same_score_orderings", math.factorial(8)).message.startswith("That counts every")
    assert check(STEM, "same_score_orderings", 3).message.startswith("k - b is the number of pieces")
    assert check(STEM, "same_score_orderings", math.factorial(4)).message.startswith("Close")
    assert check(STEM, "same_score_orderings", 6.0).correct  # a whole number, however written
    assert check(STEM, "same_score_orderings", 6.5).message.startswith("Give a whole number")


def test_beat_the_fluent_feedback():
    assert check(STEM, "beat_the_fluent", examples.OREJUELA_REFERENCE).message.startswith("Your candidate copies")
    assert check(STEM, "beat_the_fluent", "Orejuela appeared calm").message.startswith("Your candidate scores")
