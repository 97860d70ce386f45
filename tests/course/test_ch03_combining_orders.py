"""Notebook 03's tables (means, max orders, weights) and the feedback of its exercises.

Expected values come from the paper's Example 1 counts (Papineni et al. 2002)
combined by hand here, never from the function under test.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import bleu_explain as bx
from bleu_explain.course import ch03_combining_orders as ch03
from bleu_explain.course.checker import check
from bleu_explain.data import examples
from bleu_explain.engine.errors import BleuInputError

STEM = "03_combining_orders"
EX1_REFS = list(examples.EXAMPLE_1_REFERENCES)
CAND_1, CAND_2 = examples.EXAMPLE_1_CANDIDATE_1, examples.EXAMPLE_1_CANDIDATE_2
#: Candidate 1's modified precisions, orders 1-4 (the paper gives the first two).
P_CAND_1 = [17 / 18, 10 / 17, 7 / 16, 4 / 15]


def test_means_table_geometric_mean_is_bleu_over_bp_and_arithmetic_the_plain_mean():
    c1 = bx.explain(CAND_1, EX1_REFS, preset="paper")
    c2 = bx.explain(CAND_2, EX1_REFS, preset="paper")
    table = ch03.means_table({"c1": c1, "c2": c2})
    assert table.loc["c1", "geometric_mean"] == pytest.approx(math.prod(P_CAND_1) ** 0.25)
    assert table.loc["c1", "arithmetic_mean"] == pytest.approx(sum(P_CAND_1) / 4)
    assert table.loc["c1", "BLEU"] == pytest.approx(table.loc["c1", "geometric_mean"])
    assert table.loc["c2", "geometric_mean"] == 0.0
    assert table.loc["c2", "arithmetic_mean"] == pytest.approx((8 / 14 + 1 / 13) / 4)


def test_means_table_refuses_what_is_not_a_result():
    with pytest.raises(BleuInputError):
        ch03.means_table({"x": "the the the"})


def test_orders_table_scores_each_max_order():
    table = ch03.orders_table(CAND_1, EX1_REFS)
    p = [Fraction(17, 18), Fraction(10, 17), Fraction(7, 16), Fraction(4, 15)]
    for n in range(1, 5):
        assert table.loc[n, "BLEU"] == pytest.approx(float(math.prod(p[:n])) ** (1 / n))
    assert table.loc[4].tolist()[:4] == ["17/18", "10/17", "7/16", "4/15"]
    assert table.loc[1, "p2"] == "" and table.loc[2, "p2"] == "10/17"


def test_weights_table_nltk_weights_are_not_rescaled():
    d2l = (1 / 2, 1 / 4, 1 / 8, 1 / 16)
    table = ch03.weights_table(CAND_1, EX1_REFS, {"d2l": d2l, "BLEU-2": (0.5, 0.5)}, preset="nltk",
                               tokenize="paper", lowercase=True)
    assert table.loc["d2l", "sum_of_weights"] == pytest.approx(0.9375)
    assert table.loc["d2l", "BLEU"] == pytest.approx(math.prod(pn ** w for pn, w in zip(P_CAND_1, d2l)))
    assert table.loc["BLEU-2", "max_order"] == 2
    assert table.loc["BLEU-2", "BLEU"] == pytest.approx(math.sqrt(P_CAND_1[0] * P_CAND_1[1]))


# --------------------------------------------------------------------------- exercise feedback
def test_the_exercises_use_example_1s_poor_candidate():
    assert ch03.CANDIDATE == CAND_2


@pytest.mark.parametrize("answer, words", [
    ((8 / 14 + 1 / 13) / 2, "arithmetic mean"),
    (8 / 14 * 1 / 13, "forgot the root"),
    (0.5 * math.log(8 / 14) + 0.5 * math.log(1 / 13), "log space"),
    ("nothing", "Give a number"),
])
def test_exercise_1_feedback_names_the_slip(answer, words):
    feedback = check(STEM, "geometric_mean", answer)
    assert not feedback.correct and words in feedback.message


def test_exercise_1_spots_the_brevity_penalty():
    r = bx.explain(CAND_2, EX1_REFS, preset="paper", max_order=2)
    assert r.brevity_penalty < 1  # candidate 2 is shorter than its best-match reference
    assert "brevity penalty" in check(STEM, "geometric_mean", r.bleu).message


def test_exercise_2_right_and_wrong_answers():
    assert check(STEM, "geometric_mean", math.sqrt(8 / 14 * 1 / 13)).correct
    assert check(STEM, "largest_nonzero_order", 2).correct
    assert "Try a lower order" in check(STEM, "largest_nonzero_order", 3).message
    assert "higher" in check(STEM, "largest_nonzero_order", 1).message
    assert not check(STEM, "largest_nonzero_order", 5).correct
    assert not check(STEM, "largest_nonzero_order", True).correct
