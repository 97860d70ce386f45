"""Notebook 06's exercises: the checkers' verdicts and hints, and the worked solution of exercise 2."""

from __future__ import annotations

import itertools
import math

import bleu_explain as bx
from bleu_explain.course import ch06_why_bad_candidates_score_high as ch06
from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "06_why_bad_candidates_score_high"


def test_same_score_orderings_feedback():
    # "the red ball | hit | a small boy | near | the garden": k = 10 words, b = 5 matching bigrams, so 5 pieces
    assert check(STEM, "same_score_orderings", math.factorial(5)).correct
    assert check(STEM, "same_score_orderings", math.factorial(10)).message.startswith("That counts every")
    assert check(STEM, "same_score_orderings", 5).message.startswith("k - b is the number of pieces")
    assert check(STEM, "same_score_orderings", math.factorial(4)).message.startswith("Close")
    assert check(STEM, "same_score_orderings", math.factorial(6)).message.startswith("Close")
    assert check(STEM, "same_score_orderings", 120.0).correct  # a whole number, however written
    assert check(STEM, "same_score_orderings", 6.5).message.startswith("Give a whole number")
    assert check(STEM, "same_score_orderings", 7).message.startswith("Count k")


def test_the_promised_orderings_do_keep_the_score():
    # every ordering of the three pieces scores as the candidate does (the bound the exercise asks for)
    pieces = ["the red ball", "hit", "a small boy", "near", "the garden"]
    scores = {bx.explain(" ".join(order), [ch06.REFERENCE], tokenize="none").score
              for order in itertools.permutations(pieces)}
    assert scores == {bx.explain(ch06.CANDIDATE, [ch06.REFERENCE], tokenize="none").score}


def test_beat_the_fluent_feedback():
    assert check(STEM, "beat_the_fluent", examples.OREJUELA_REFERENCE).message.startswith("Your candidate copies")
    assert check(STEM, "beat_the_fluent", "Orejuela appeared calm").message.startswith("Your candidate scores")
    assert check(STEM, "beat_the_fluent", examples.OREJUELA_FLUENT).message.startswith("Your candidate copies")
    assert check(STEM, "beat_the_fluent", examples.OREJUELA_SCRAMBLED).message.startswith("Your candidate scores")
    assert check(STEM, "beat_the_fluent", "  ").message.startswith("Write your candidate")


def test_the_glued_runs_copy_at_most_four_tokens_and_keep_the_reference_length():
    glued = ch06.glued_runs()
    reference_tokens = bx.tokenize(examples.OREJUELA_REFERENCE, "13a")
    assert sorted(glued.split()) == sorted(reference_tokens)
    result = bx.explain(glued, [examples.OREJUELA_REFERENCE], max_order=5, smooth="none")
    assert result.matches[4] == 0 and result.brevity_penalty == 1.0
    assert check(STEM, "beat_the_fluent", glued).correct


def test_the_pieces_orders_that_keep_the_score_are_counted_with_the_engine():
    """(k - b)! counts the orders of the pieces; each keeps the score only where no two pieces meet as a reference
    bigram. 'a b x c d' against 'a b c d': 'a b | x | c d', 3! = 6 orders, and the two that put 'b' before 'c'
    ('a b c d x', 'x a b c d') gain the bigram 'b c': 4 keep the score, fewer than (k - b)!."""
    assert ch06.pieces(examples.JUNCTION_CANDIDATE, examples.JUNCTION_REFERENCE) == ["a b", "x", "c d"]
    assert ch06.piece_orders_keeping_the_score(examples.JUNCTION_CANDIDATE, examples.JUNCTION_REFERENCE) == (6, 4)
    assert ch06.piece_orders_keeping_the_score(ch06.CANDIDATE, ch06.REFERENCE) == (120, 120)
    right = check(STEM, "same_score_orderings", 120).message
    assert "120 of them keep the score" in right and "'a b x c d': 4 of its 6 orders keep the score" in right
    assert "lower bound" not in right


def test_a_rejected_candidate_is_shown_its_copied_runs():
    assert ch06.copied_runs(examples.OREJUELA_FLUENT) == ["to Miami , Florida ."]
    assert ch06.copied_runs(ch06.glued_runs()) == []
    whole = ch06.copied_runs(examples.OREJUELA_REFERENCE)
    assert whole == [" ".join(bx.tokenize(examples.OREJUELA_REFERENCE, "13a"))]
