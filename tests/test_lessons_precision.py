"""The lesson tables of notebooks 01-03 and the feedback of their exercises.

Expected values come from the paper (Papineni et al. 2002) or from an
independent count written out here, never from the function under test.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

import bleu_explain as bx
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.course.exercises import check
from bleu_explain.course.lessons import precision as lp

EX2_REFS = ["The cat is on the mat.", "There is a cat on the mat."]
EX2_CAND = "the the the the the the the."
EX1_REFS = [
    "It is a guide to action that ensures that the military will forever heed Party commands.",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party.",
    "It is the practical guide for the army always to heed the directions of the party.",
]
EX1_CAND1 = "It is a guide to action which ensures that the military always obeys the commands of the party."
EX1_CAND2 = "It is to insure the troops forever hearing the activity guidebook that party direct."
EX4_REFS = ["I always do.", "I invariably do.", "I perpetually do."]
EX4_BAD = "I always invariably perpetually do."
EX4_GOOD = "I always do."


def words(text: str) -> list[str]:
    """The paper's normalisation for these plain sentences: lowercase, drop the full stop."""
    return text.lower().replace(".", "").split()


# --------------------------------------------------------------------------- plain and modified precision
def test_example_2_plain_and_modified_precision():
    r = bx.explain(EX2_CAND, EX2_REFS, preset="paper", max_order=1)
    table = lp.precision_comparison(r)
    assert table.loc[1, "plain"] == "7/7" and table.loc[1, "modified"] == "2/7"
    assert table.loc[1, "plain_precision"] == 1.0
    assert table.loc[1, "modified_precision"] == pytest.approx(2 / 7)
    assert (lp.fraction(r, plain=True), lp.fraction(r)) == ("7/7", "2/7")


def test_case_kept_gives_one_seventh():
    r = bx.explain(EX2_CAND, EX2_REFS, preset="paper", lowercase=False, max_order=1)
    assert lp.fraction(r) == "1/7"


def test_example_1_beside_the_paper_all_agree():
    results = {name: bx.explain(c, EX1_REFS, preset="paper", max_order=2)
               for name, c in (("c1", EX1_CAND1), ("c2", EX1_CAND2))}
    table = lp.beside_paper(results, {"c1": ["17/18", "10/17"], "c2": ["8/14", "1/13"]})
    assert table["agree"].all()
    assert table["computed"].tolist() == ["17/18", "10/17", "8/14", "1/13"]


def test_beside_paper_reports_a_disagreement_and_an_unknown_name():
    r = bx.explain(EX2_CAND, EX2_REFS, preset="paper")
    assert not lp.beside_paper({"x": r}, {"x": ["7/7"]})["agree"].any()
    with pytest.raises(BleuInputError):
        lp.beside_paper({"x": r}, {"y": ["2/7"]})


def test_unclipped_matches_of_a_corpus_sum_the_segments():
    corpus = bx.explain_corpus([EX2_CAND, EX1_CAND1], [EX2_REFS, EX1_REFS], preset="paper", max_order=2)
    seg = [corpus.segment(i).unclipped_matches for i in range(2)]
    assert lp.unclipped_matches(corpus) == tuple(a + b for a, b in zip(*seg))
    assert lp.fraction(corpus, 1, plain=True) == f"{7 + 17}/{7 + 18}"  # only "obeys" is in no reference


@pytest.mark.parametrize("order", [0, 3, 1.0, True, "1"])
def test_fraction_rejects_a_bad_order(order):
    r = bx.explain(EX2_CAND, EX2_REFS, preset="paper", max_order=2)
    with pytest.raises(BleuInputError):
        lp.fraction(r, order)


def test_tables_reject_what_is_not_a_result():
    with pytest.raises(BleuInputError):
        lp.precision_comparison("the the the")
    with pytest.raises(BleuInputError):
        lp.corpus_vs_sentence_average(bx.explain(EX2_CAND, EX2_REFS))


# --------------------------------------------------------------------------- recall
def independent_recall(candidate: str, references: list[str]) -> dict[str, float]:
    """Recall written out with Counters: per reference, pooled, and over the word set."""
    cand = Counter(words(candidate))
    out = {}
    found_all = words_all = 0
    for k, ref in enumerate(references, 1):
        ref_counts = Counter(words(ref))
        found = sum(min(n, cand[w]) for w, n in ref_counts.items())
        out[f"ref{k}"] = found / sum(ref_counts.values())
        found_all += found
        words_all += sum(ref_counts.values())
    out["all"] = found_all / words_all
    word_set = {w for ref in references for w in words(ref)}
    out["set"] = sum(1 for w in word_set if cand[w]) / len(word_set)
    return out


@pytest.mark.parametrize("candidate", [EX4_BAD, EX4_GOOD, "do do do I", "nothing matches here"])
def test_recall_table_matches_an_independent_count(candidate):
    table = lp.recall_table(candidate, EX4_REFS)
    expected = independent_recall(candidate, EX4_REFS)
    assert table["recall"].tolist() == pytest.approx(
        [expected["ref1"], expected["ref2"], expected["ref3"], expected["all"], expected["set"]])
    assert table["words"].tolist() == [3, 3, 3, 9, 5]


def test_example_4_the_bad_candidate_recalls_more_but_scores_lower():
    table = lp.recall_vs_bleu({"bad": EX4_BAD, "good": EX4_GOOD}, EX4_REFS, max_order=2)
    assert table.loc["bad", "recall (word set)"] == 1.0 and table.loc["good", "recall (word set)"] == 0.6
    assert table.loc["bad", "recall (all words)"] > table.loc["good", "recall (all words)"]
    assert table.loc["bad", "p1 (modified)"] == table.loc["good", "p1 (modified)"] == 1.0
    assert table.loc["bad", "p2 (modified)"] == 0.5 and table.loc["good", "p2 (modified)"] == 1.0
    assert table.loc["bad", "BLEU"] == pytest.approx(math.sqrt(0.5))
    assert table.loc["good", "BLEU"] == 1.0
    assert bx.explain(EX4_BAD, EX4_REFS).score < bx.explain(EX4_GOOD, EX4_REFS).score


# --------------------------------------------------------------------------- corpus level
def test_corpus_precision_sums_before_dividing():
    corpus = bx.explain_corpus([EX1_CAND1, EX1_CAND2], [EX1_REFS, EX1_REFS], preset="paper", max_order=2)
    table = lp.corpus_vs_sentence_average(corpus)
    assert table["corpus"].tolist() == ["25/32", "11/30"]  # 17+8 / 18+14 and 10+1 / 17+13
    assert table.loc[1, "mean_of_sentence_precisions"] == pytest.approx((17 / 18 + 8 / 14) / 2)
    assert table.loc[2, "mean_of_sentence_precisions"] == pytest.approx((10 / 17 + 1 / 13) / 2)
    assert table.loc[1, "sentence_precisions"] == "17/18, 8/14"


def test_sentence_average_leaves_out_segments_without_ngrams_of_an_order():
    corpus = bx.explain_corpus(["a b", "x"], [["a b"], ["y"]], preset="paper", max_order=2)
    table = lp.corpus_vs_sentence_average(corpus)
    assert table.loc[2, "mean_of_sentence_precisions"] == 1.0  # only "a b" has a bigram
    assert table.loc[1, "mean_of_sentence_precisions"] == 0.5


# --------------------------------------------------------------------------- combining orders
def test_means_table_geometric_mean_is_bleu_over_bp_and_arithmetic_the_plain_mean():
    c1 = bx.explain(EX1_CAND1, EX1_REFS, preset="paper")
    c2 = bx.explain(EX1_CAND2, EX1_REFS, preset="paper")
    table = lp.means_table({"c1": c1, "c2": c2})
    p = [17 / 18, 10 / 17, 7 / 16, 4 / 15]
    assert table.loc["c1", "geometric_mean"] == pytest.approx(math.prod(p) ** 0.25)
    assert table.loc["c1", "arithmetic_mean"] == pytest.approx(sum(p) / 4)
    assert table.loc["c1", "BLEU"] == pytest.approx(table.loc["c1", "geometric_mean"])
    assert table.loc["c2", "geometric_mean"] == 0.0
    assert table.loc["c2", "arithmetic_mean"] == pytest.approx((8 / 14 + 1 / 13) / 4)


def test_orders_table_scores_each_max_order():
    table = lp.orders_table(EX1_CAND1, EX1_REFS)
    p = [Fraction(17, 18), Fraction(10, 17), Fraction(7, 16), Fraction(4, 15)]
    for n in range(1, 5):
        assert table.loc[n, "BLEU"] == pytest.approx(float(math.prod(p[:n])) ** (1 / n))
    assert table.loc[4].tolist()[:4] == ["17/18", "10/17", "7/16", "4/15"]
    assert table.loc[1, "p2"] == "" and table.loc[2, "p2"] == "10/17"


def test_weights_table_nltk_weights_are_not_rescaled():
    d2l = (1 / 2, 1 / 4, 1 / 8, 1 / 16)
    table = lp.weights_table(EX1_CAND1, EX1_REFS, {"d2l": d2l, "BLEU-2": (0.5, 0.5)}, preset="nltk",
                             tokenize="paper", lowercase=True)
    p = [17 / 18, 10 / 17, 7 / 16, 4 / 15]
    assert table.loc["d2l", "sum_of_weights"] == pytest.approx(0.9375)
    assert table.loc["d2l", "BLEU"] == pytest.approx(math.prod(pn ** w for pn, w in zip(p, d2l)))
    assert table.loc["BLEU-2", "max_order"] == 2
    assert table.loc["BLEU-2", "BLEU"] == pytest.approx(math.sqrt(p[0] * p[1]))


# --------------------------------------------------------------------------- exercise feedback
def test_exercise_01_feedback_names_the_mistake():
    stem = "01_precision_not_recall"
    assert check(stem, "plain_and_modified", ("7/8", "5/8")).correct
    assert "plain one" in check(stem, "plain_and_modified", ("7/8", "7/8")).message
    assert "wrong way round" in check(stem, "plain_and_modified", ("5/8", "7/8")).message
    assert "own" in check(stem, "recall_trap", EX4_BAD).message
    assert not check(stem, "recall_trap", 42).correct


@pytest.mark.parametrize("answer, start", [
    ("8/10", "You did not clip"),
    ("6/10", "You summed the counts over the references"),
    ("4/5", "Your numerator looks right"),
    ("4/9", "Check your denominator"),
])
def test_exercise_02_feedback_tells_the_mistakes_apart(answer, start):
    feedback = check("02_modified_precision", "modified_bigram_precision", answer)
    assert not feedback.correct and feedback.message.startswith(start)


def test_exercise_02_accepts_an_equivalent_fraction_and_spots_averaging():
    assert check("02_modified_precision", "modified_bigram_precision", "2/5").correct
    assert check("02_modified_precision", "corpus_unigram_precision", "4/9").correct
    assert "averaged" in check("02_modified_precision", "corpus_unigram_precision", (2 / 7 + 1) / 2).message


@pytest.mark.parametrize("answer, words", [
    ((8 / 14 + 1 / 13) / 2, "arithmetic mean"),
    (8 / 14 * 1 / 13, "forgot the root"),
    (0.5 * math.log(8 / 14) + 0.5 * math.log(1 / 13), "log space"),
])
def test_exercise_03_feedback_names_the_slip(answer, words):
    feedback = check("03_combining_orders", "geometric_mean", answer)
    assert not feedback.correct and words in feedback.message


def test_exercise_03_right_answers():
    assert check("03_combining_orders", "geometric_mean", math.sqrt(8 / 14 * 1 / 13)).correct
    assert check("03_combining_orders", "largest_nonzero_order", 2).correct
    assert not check("03_combining_orders", "largest_nonzero_order", 3).correct
