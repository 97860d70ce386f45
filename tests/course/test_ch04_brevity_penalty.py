"""Notebook 04's tables (best match length, corpus against sentence penalty) and the feedback of its exercises.

Expected values come from the paper (Papineni et al. 2002, section 2.2.2) or
from the formula BP = exp(1 - r/c) written out here, never from the function
under test.
"""

from __future__ import annotations

import math

import pytest

import bleu_explain as bx
from bleu_explain.course import ch04_brevity_penalty as ch04
from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "04_brevity_penalty"
EX1_REFS = list(examples.EXAMPLE_1_REFERENCES)


def brevity_penalty(c: int, r: int) -> float:
    return 1.0 if c > r else math.exp(1 - r / c)


def test_example_3_has_perfect_precisions_and_only_the_penalty():
    r = bx.explain(examples.EXAMPLE_3_CANDIDATE, EX1_REFS, preset="paper", max_order=2)
    assert (r.matches, r.totals) == ((2, 1), (2, 1))  # the paper: 2/2 and 1/1
    assert (r.hyp_len, r.ref_len) == (2, 16)
    assert r.bleu == pytest.approx(brevity_penalty(2, 16))


def test_the_examples_have_the_papers_lengths():
    assert [len(s.split()) for s in examples.BEST_MATCH_REFERENCES] == [12, 15, 17]
    assert len(examples.BEST_MATCH_CANDIDATE.split()) == 12
    assert len(examples.TIE_CANDIDATE.split()) == 14
    assert len(EX1_REFS[0].split()) == 16  # the tie: 12 and 16 are both two words away from 14


def test_best_match_length_of_the_paper():
    # Papineni et al. (2002), section 2.2.2: references of 12, 15 and 17 words, a 12-word candidate: BP = 1
    table = ch04.length_rule_table(" ".join(["w"] * 12), [" ".join(["r"] * n) for n in (12, 15, 17)])
    assert table.loc["closest", "chosen_r"] == 12 and table.loc["closest", "brevity_penalty"] == 1.0


def test_a_tie_goes_to_the_shorter_reference():
    r = bx.explain(examples.TIE_CANDIDATE, [examples.BEST_MATCH_REFERENCES[0], EX1_REFS[0]], preset="paper")
    assert (r.hyp_len, r.ref_len, r.brevity_penalty) == (14, 12, 1.0)


def test_shortest_is_never_harsher_than_closest():
    table = ch04.length_rule_table(examples.TIE_CANDIDATE, examples.BEST_MATCH_REFERENCES)
    assert table.loc["closest", "chosen_r"] == 15 and table.loc["shortest", "chosen_r"] == 12
    assert table.loc["closest", "brevity_penalty"] == pytest.approx(brevity_penalty(14, 15))
    assert table.loc["shortest", "brevity_penalty"] >= table.loc["closest", "brevity_penalty"]


def test_prefixes_of_a_reference_keep_perfect_precisions():
    table = ch04.prefix_sweep(EX1_REFS, [2, 4, 8, 16], preset="paper", max_order=2)
    assert (table["p1"] == 1.0).all() and (table["p2"] == 1.0).all()
    assert table["brevity_penalty"].tolist() == pytest.approx([brevity_penalty(c, 16) for c in (2, 4, 8, 16)])


def test_corpus_penalty_is_gentler_than_the_mean_of_sentence_penalties():
    cands, refs = zip(*examples.SHORT_AND_LONG_CORPUS)
    corpus = bx.explain_corpus(list(cands), [[r] for r in refs], preset="paper")
    lengths = [(len(c.split()), len(r.split())) for c, r in examples.SHORT_AND_LONG_CORPUS]
    table = ch04.corpus_vs_mean_bp(corpus)
    corpus_bp, mean_bp = table["brevity_penalty"].tolist()
    assert (corpus.hyp_len, corpus.ref_len) == tuple(map(sum, zip(*lengths)))
    assert corpus_bp == pytest.approx(brevity_penalty(corpus.hyp_len, corpus.ref_len))
    assert mean_bp == pytest.approx(sum(brevity_penalty(c, r) for c, r in lengths) / len(lengths))
    assert mean_bp < corpus_bp


# --------------------------------------------------------------------------- the exercises
def test_best_match_right_answer_and_its_rounding():
    bp = brevity_penalty(14, 15)
    assert check(STEM, "best_match", (15, bp)).correct
    assert check(STEM, "best_match", ("15", f"{bp:.2f}")).correct


@pytest.mark.parametrize("answer,start", [
    ((12, 1.0), "12 is the shortest"),
    ((17, 0.5), "That is the longest"),
    ((14, 1.0), "r is the length of a reference"),
    ((15, 1.0), "Your r is right, but BP is 1 only"),
    ((15, math.exp(1 - 14 / 15)), "Your r is right, but you computed exp(1 - c/r)"),
    ("15", "Give a pair"),
])
def test_best_match_names_the_mistake(answer, start):
    feedback = check(STEM, "best_match", answer)
    assert not feedback.correct and feedback.message.startswith(start)


def test_half_penalty_is_the_smallest_whole_c():
    shortest = math.ceil(20 / (1 - math.log(0.5)))  # exp(1 - 20/c) >= 0.5  <=>  c >= 20 / (1 + ln 2)
    assert check(STEM, "half_penalty", shortest).correct
    assert check(STEM, "half_penalty", shortest - 1).message.startswith("Too short")
    assert check(STEM, "half_penalty", shortest + 1).message.startswith(f"A candidate of {shortest + 1} words")
    assert check(STEM, "half_penalty", 20).message.startswith("From c = 20 on BP is 1")
    assert "exp(1 - 2) = 0.37" in check(STEM, "half_penalty", 10).message
