"""What each exercise of notebooks 00, 01, 02, 04, 06 and 13 says to an answer, as a table: the right answer in
several forms (each must be "Correct!"), each half-right pair (which half is right is said), the slips of form (a
right value on the other scale or rounded: "Almost.", never the concept's definition) and the common mistakes.

The right values are computed here, independently of the checkers: by hand for the counts (7/8 and 5/8, 4/10, 4/9,
(k - b)! = 5!), from BP = exp(1 - r/c) for notebook 04, and with the public API for notebook 00's score. Each row
gives the verdict and the words the message starts with (or, for ``in``, holds).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import pytest

import bleu_explain as bx
from bleu_explain.course.answers import parse_answer
from bleu_explain.course.checker import check
from bleu_explain.data import examples

RIGHT, ALMOST, WRONG = "Correct!", "Almost.", "Not yet."
#: Notebook 00: the cat against the second reference alone, on sacreBLEU's 0-100 scale.
SCORE = bx.explain(examples.CAT_CANDIDATE, [examples.EXAMPLE_2_REFERENCES[1]]).score
BOTH_REFERENCES = bx.explain(examples.CAT_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)).score
#: Notebook 04: 10 words against references of 7, 12 and 16: the closest is 12, and the candidate is shorter.
BP = math.exp(1 - 12 / 10)
#: Notebook 04, exercise 2: the smallest c with exp(1 - 20/c) >= 1/2.
HALF = math.ceil(20 / (1 - math.log(0.5)))
#: Notebook 06: "the red ball | hit | a small boy | near | the garden", five pieces.
ORDERS = math.factorial(5)


class Row(NamedTuple):
    notebook: str
    exercise: str
    answer: Any
    verdict: str
    words: str = ""
    where: str = "start"  # or "in"

    def __str__(self) -> str:
        return f"{self.notebook[:2]}-{self.exercise}-{self.answer!r}"[:80]


def rows(notebook: str, exercise: str, *table: tuple) -> list[Row]:
    return [Row(notebook, exercise, *entry) for entry in table]


TABLE = [
    # ----------------------------------------------------------------- 00: one number on the 0-100 scale
    *rows("00_start_here", "score_scale",
          (round(SCORE, 2), RIGHT, "Right: with one reference fewer"),
          (f"{SCORE:.2f}", RIGHT), (round(SCORE, 4), RIGHT), (f"{SCORE:.3f}", RIGHT),
          (round(SCORE / 100, 4), ALMOST, "Right, but on the 0–1 scale: give the score on the 0–100 scale "
                                          "(sacreBLEU's .score, not the paper's .bleu)."),
          (round(SCORE / 100, 2), ALMOST, "Right, but on the 0–1 scale and rounded: give the score on the 0–100 "
                                          "scale, to two decimals"),
          (round(SCORE, 1), ALMOST, "Right to one decimal: give two."),
          (round(SCORE), ALMOST, "Right to a whole number: give two decimals"),
          (round(BOTH_REFERENCES, 2), WRONG, "That is the score against both references"),
          (0, WRONG, "Give a number to two decimals"), ("a lot", WRONG, "Give a number to two decimals")),
    # ----------------------------------------------------------------- 01: a pair, (plain, modified)
    *rows("01_precision_not_recall", "plain_and_modified",
          (("7/8", "5/8"), RIGHT, "Both right"), ((0.875, 0.625), RIGHT), (((7, 8), (5, 8)), RIGHT),
          (["7/8", "5/8"], RIGHT), ((0.88, 0.63), RIGHT), (parse_answer("7/8, 5/8"), RIGHT),
          (("8/8", "5/8"), WRONG, "Your modified precision is right; your plain precision is not: count the "
                                  "candidate's words found in some reference"),
          (("7/8", "6/8"), WRONG, "Your plain precision is right; your modified precision is not: add up "
                                  "min(count, max-ref count)"),
          (("7/8", "7/8"), WRONG, "Your plain precision is right, but your modified precision is the plain one"),
          (("5/8", "7/8"), WRONG, "You have them the other way round"),
          (("6/8", "4/8"), WRONG, "Neither is right yet"),
          ((87.5, 62.5), ALMOST, 'Both right, but on the 0–100 scale: give them on the 0–1 scale (a fraction like '
                                 '"3/8" or a number between 0 and 1).'),
          ((0.9, 0.6), ALMOST, "Both right to one decimal: give two."),
          ((87.5, "5/8"), ALMOST, "Your modified precision is right; your plain precision is right, but on the "
                                  "0–100 scale: give it on the 0–1 scale"),
          ((0.9, 0.625), ALMOST, "Your modified precision is right; your plain precision is right to one decimal: "
                                 "give two."),
          ("7/8", WRONG, "Give a pair"), (("seven", "5/8"), WRONG, "Give a pair")),
    *rows("01_precision_not_recall", "recall_trap",
          ("I perpetually invariably always do.", RIGHT, "Yes: it recalls every reference word"),
          ("i perpetually invariably always do", RIGHT), ("Perpetually I invariably always do.", RIGHT),
          (examples.EXAMPLE_4_CANDIDATE_1, WRONG, "That is the paper's own bad candidate"),
          (examples.EXAMPLE_4_CANDIDATE_2, WRONG, "It does not recall every reference word yet"),
          ("I always perpetually do.", WRONG, "'invariably'", "in"), (42, WRONG, "Write your candidate sentence")),
    # ----------------------------------------------------------------- 02: a precision, as a fraction or a number
    *rows("02_modified_precision", "modified_bigram_precision",
          ("4/10", RIGHT, "Right: each repeated bigram"), ("2/5", RIGHT), (0.4, RIGHT), ((4, 10), RIGHT),
          ("0.40", RIGHT), (parse_answer("4/10"), RIGHT),
          (40, ALMOST, 'Right, but on the 0–100 scale: give the precision on the 0–1 scale (a fraction like "3/10", '
                       "or a number between 0 and 1)."),
          ("40%", ALMOST, "Right, but on the 0–100 scale"),
          ("8/10", WRONG, "You did not clip"), ("6/10", WRONG, "You summed the counts over the references"),
          ("4/5", WRONG, "Your numerator looks right"), ("4/9", WRONG, "Not that."),
          (80, WRONG, "A precision lies between 0 and 1, so 80 looks like a percentage. Read as 0.8: You did not "
                      "clip"),
          (44.44, WRONG, "A precision lies between 0 and 1, so 44.44 looks like a percentage. Read as 0.4444: Not "
                         "that."),
          (150, WRONG, "A precision lies between 0 and 1: matches over candidate n-grams."),
          ("three", WRONG, "Give the precision")),
    *rows("02_modified_precision", "corpus_unigram_precision",
          ("4/9", RIGHT, "Right: the clipped counts"), (0.44, RIGHT), (0.4444, RIGHT), ((4, 9), RIGHT),
          (44.44, ALMOST, "Right, but on the 0–100 scale: give the precision on the 0–1 scale"),
          (0.4, ALMOST, "Right to one decimal: give two."),
          ((2 / 7 + 1) / 2, WRONG, "You averaged the two sentence precisions"), ("9/9", WRONG, "Not that."),
          (64.29, WRONG, "A precision lies between 0 and 1, so 64.29 looks like a percentage. Read as 0.6429: You "
                         "averaged the two sentence precisions"),
          ("four ninths", WRONG, "Give the precision")),
    # ----------------------------------------------------------------- 04: a pair, (r, BP)
    *rows("04_brevity_penalty", "best_match",
          ((12, BP), RIGHT, "Right: the closest reference"), ((12, 0.82), RIGHT), (("12", "0.82"), RIGHT),
          ([12, 0.819], RIGHT), ((12.0, 0.8187), RIGHT), (parse_answer("12, 0.82"), RIGHT),
          ((12, 81.87), ALMOST, "Your r is right; your BP is right, but on the 0–100 scale: give BP on the 0–1 scale "
                                "(BP is a factor between 0 and 1)."),
          ((12, 0.8), ALMOST, "Your r is right; your BP is right to one decimal: give two."),
          ((16, 0.82), WRONG, "Your BP is right, but your r is not: r is the length of the reference closest"),
          ((7, 1.0), WRONG, "Your BP is right for r = 7, so only r is off: 7 is the shortest reference"),
          ((16, 0.5), WRONG, "r is the length of the reference closest"),
          ((12, 1.0), WRONG, "Your r is right; BP is 1 only"),
          ((12, math.exp(1 - 10 / 12)), WRONG, "Your r is right, but you computed exp(1 - c/r)"),
          ("12", WRONG, "Give a pair"), ((12, "high"), WRONG, "Give a pair")),
    *rows("04_brevity_penalty", "half_penalty",
          (HALF, RIGHT, "Right: one word less"), (float(HALF), RIGHT), (str(HALF), RIGHT),
          (HALF - 1, WRONG, "Too short"), (HALF + 1, WRONG, f"A candidate of {HALF + 1} words does reach"),
          (20, WRONG, "From c = 20 on BP is 1"), (10, WRONG, "exp(1 - 2) = 0.37", "in"),
          ("twelve", WRONG, "Give the candidate length")),
    # ----------------------------------------------------------------- 06: a count, and a candidate
    *rows("06_why_bad_candidates_score_high", "same_score_orderings",
          (ORDERS, RIGHT, "Right: the candidate falls into k - b = 5 pieces"), (float(ORDERS), RIGHT),
          (str(ORDERS), RIGHT),
          (5, WRONG, "k - b is the number of pieces"), (math.factorial(10), WRONG, "That counts every ordering"),
          (math.factorial(4), WRONG, "Close"), (math.factorial(6), WRONG, "Close"),
          (6.5, WRONG, "Give a whole number"), (7, WRONG, "Count k")),
    *rows("06_why_bad_candidates_score_high", "beat_the_fluent",
          (examples.OREJUELA_FLUENT, WRONG, "Your candidate copies 5 or more reference tokens in a row: "
                                            "'to Miami , Florida .' (5 tokens)."),
          # a learner's glued runs: "will take him to" before "Miami, Florida." makes one run of eight
          ("the American plane which Orejuela appeared calm as will take him to Miami, Florida. he was led to", WRONG,
           "'will take him to Miami , Florida .' (8 tokens)", "in"),
          ("Miami , Florida . the American plane which he was led to Orejuela appeared calm as will take him to",
           RIGHT, "Yes: "),
          ("Miami, Florida. the American plane which he was led to Orejuela appeared calm as will take him to",
           RIGHT, "Yes: "),  # the same, punctuation as typed: sacreBLEU's tokens split it off
          ("Orejuela appeared calm", WRONG, "Your candidate scores"),
          ("  ", WRONG, "Write your candidate")),
    # ----------------------------------------------------------------- 13: a candidate of four different words
    *rows("13_playground", "nltk_versions_disagree",
          ("ship a it is", RIGHT, "NLTK 3.2 gives"), (" ship a it is ", RIGHT), ("a ship it is", RIGHT),
          ("it it it it it it it", WRONG, "Use at least 4 different words"),
          ("this is a ship", WRONG, "Both versions agree on this one: every order has a match"),
          ("SHIP A IT IS", WRONG, "None of its words is in a reference"),
          (42, WRONG, "Type a candidate sentence as a string")),
]


@pytest.mark.parametrize("row", TABLE, ids=str)
def test_each_answer_gets_its_verdict_and_its_message(row: Row):
    said = check(row.notebook, row.exercise, row.answer).feedback
    assert said.verdict == row.verdict, (said.verdict, said.message)
    if row.where == "start":
        assert said.message.startswith(row.words), said.message
    else:
        assert row.words in said.message, said.message


def test_every_exercise_of_these_notebooks_has_rows_for_right_and_for_wrong():
    from bleu_explain.course.checker import exercises_for

    for notebook in {row.notebook for row in TABLE}:
        for exercise in exercises_for(notebook):
            verdicts = {row.verdict for row in TABLE if (row.notebook, row.exercise) == (notebook, exercise.name)}
            assert {RIGHT, WRONG} <= verdicts, (notebook, exercise.name)


def test_a_slip_is_never_told_the_concept_and_a_half_right_pair_names_the_right_half():
    """The issue's cases: the scale or rounding slip is not answered with the definitions; the two half-right
    pairs of notebook 01 get two different messages, each naming the half that is right."""
    assert "BP is 1 only" not in check("04_brevity_penalty", "best_match", (12, 81.87)).message
    assert "Plain:" not in check("01_precision_not_recall", "plain_and_modified", (87.5, 62.5)).message
    assert "For each distinct bigram" not in check("02_modified_precision", "modified_bigram_precision", 40).message
    assert "Add the segments'" not in check("02_modified_precision", "corpus_unigram_precision", 44.44).message
    plain_wrong = check("01_precision_not_recall", "plain_and_modified", ("8/8", "5/8")).message
    modified_wrong = check("01_precision_not_recall", "plain_and_modified", ("7/8", "6/8")).message
    assert plain_wrong != modified_wrong
    assert plain_wrong.startswith("Your modified precision is right") and modified_wrong.startswith(
        "Your plain precision is right")


def test_the_verdict_shows_almost_apart_from_a_mistake():
    almost = check("04_brevity_penalty", "best_match", (12, 81.87))
    wrong = check("04_brevity_penalty", "best_match", (12, 1.0))
    assert "&#8776; Almost." in almost.feedback._repr_html_() and "&#10008; Not yet." in wrong.feedback._repr_html_()
    assert repr(almost).startswith("Almost. Your r is right") and almost.feedback.verdict == ALMOST
