"""Notebook 01's tables (plain and modified precision, recall) and the feedback of its exercises.

Expected values come from the paper (Papineni et al. 2002) or from an
independent count written out here, never from the function under test.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

import bleu_explain as bx
from bleu_explain.course import ch01_precision_not_recall as ch01
from bleu_explain.course.answers import as_number
from bleu_explain.course.checker import check
from bleu_explain.data import examples
from bleu_explain.display.tables import beside_paper
from bleu_explain.engine.errors import BleuInputError

STEM = "01_precision_not_recall"
EX2_CAND, EX2_REFS = examples.EXAMPLE_2_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)
EX1_REFS = list(examples.EXAMPLE_1_REFERENCES)
EX4_REFS = list(examples.EXAMPLE_4_REFERENCES)
EX4_BAD, EX4_GOOD = examples.EXAMPLE_4_CANDIDATE_1, examples.EXAMPLE_4_CANDIDATE_2


def words(text: str) -> list[str]:
    """The paper's normalisation for these plain sentences: lowercase, drop the full stop."""
    return text.lower().replace(".", "").split()


# --------------------------------------------------------------------------- plain and modified precision
def test_example_2_plain_and_modified_precision():
    r = bx.explain(EX2_CAND, EX2_REFS, preset="paper", max_order=1)
    table = ch01.precision_comparison(r)
    assert table.loc[1, "plain"] == "7/7" and table.loc[1, "modified"] == "2/7"
    assert table.loc[1, "plain_precision"] == 1.0
    assert table.loc[1, "modified_precision"] == pytest.approx(2 / 7)
    assert (r.fraction(plain=True), r.fraction()) == ("7/7", "2/7")


def test_case_kept_gives_one_seventh():
    r = bx.explain(EX2_CAND, EX2_REFS, preset="paper", lowercase=False, max_order=1)
    assert r.fraction() == "1/7"


def test_example_1_beside_the_paper_all_agree():
    results = {name: bx.explain(c, EX1_REFS, preset="paper", max_order=2)
               for name, c in (("c1", examples.EXAMPLE_1_CANDIDATE_1), ("c2", examples.EXAMPLE_1_CANDIDATE_2))}
    table = beside_paper(results, {"c1": ["17/18", "10/17"], "c2": ["8/14", "1/13"]})
    assert table["agree"].all()
    assert table["computed"].tolist() == ["17/18", "10/17", "8/14", "1/13"]


def test_beside_paper_reports_a_disagreement_and_an_unknown_name():
    r = bx.explain(EX2_CAND, EX2_REFS, preset="paper")
    assert not beside_paper({"x": r}, {"x": ["7/7"]})["agree"].any()
    with pytest.raises(BleuInputError):
        beside_paper({"x": r}, {"y": ["2/7"]})


def test_unclipped_matches_of_a_corpus_sum_the_segments():
    corpus = bx.explain_corpus([EX2_CAND, examples.EXAMPLE_1_CANDIDATE_1], [EX2_REFS, EX1_REFS],
                               preset="paper", max_order=2)
    seg = [corpus.segment(i).unclipped_matches for i in range(2)]
    assert corpus.unclipped_matches == tuple(a + b for a, b in zip(*seg))
    assert corpus.fraction(1, plain=True) == f"{7 + 17}/{7 + 18}"  # only "obeys" is in no reference


@pytest.mark.parametrize("order", [0, 3, 1.0, True, "1"])
def test_fraction_rejects_a_bad_order(order):
    r = bx.explain(EX2_CAND, EX2_REFS, preset="paper", max_order=2)
    with pytest.raises(BleuInputError):
        r.fraction(order)


def test_tables_reject_what_is_not_a_result():
    with pytest.raises(BleuInputError):
        ch01.precision_comparison("the the the")
    with pytest.raises(BleuInputError):
        ch01.check_result(42)


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
    table = ch01.recall_table(candidate, EX4_REFS)
    expected = independent_recall(candidate, EX4_REFS)
    assert table["recall"].tolist() == pytest.approx(
        [expected["ref1"], expected["ref2"], expected["ref3"], expected["all"], expected["set"]])
    assert table["words"].tolist() == [3, 3, 3, 9, 5]


def test_example_4_the_bad_candidate_recalls_more_but_scores_lower():
    table = ch01.recall_vs_bleu({"bad": EX4_BAD, "good": EX4_GOOD}, EX4_REFS, max_order=2)
    assert table.loc["bad", "recall (word set)"] == 1.0 and table.loc["good", "recall (word set)"] == 0.6
    assert table.loc["bad", "recall (all words)"] > table.loc["good", "recall (all words)"]
    assert table.loc["bad", "p1 (modified)"] == table.loc["good", "p1 (modified)"] == 1.0
    assert table.loc["bad", "p2 (modified)"] == 0.5 and table.loc["good", "p2 (modified)"] == 1.0
    assert table.loc["bad", "BLEU"] == pytest.approx(math.sqrt(0.5))
    assert table.loc["good", "BLEU"] == 1.0
    assert bx.explain(EX4_BAD, EX4_REFS).score < bx.explain(EX4_GOOD, EX4_REFS).score


# --------------------------------------------------------------------------- reading answers
@pytest.mark.parametrize("answer, value", [
    ("5/8", 0.625), (" 5 / 8 ", 0.625), ((5, 8), 0.625), (0.625, 0.625), ("0.625", 0.625),
    ("five", None), (None, None), (True, None), ((5, 0), None), ("1/0", None), ((5.0, 8), None),
])
def test_as_number_reads_fractions_and_numbers(answer, value):
    assert as_number(answer) == value


# --------------------------------------------------------------------------- exercise feedback
def test_exercise_1_uses_a_candidate_that_repeats_words():
    assert ch01.PLAIN_AND_MODIFIED_CANDIDATE == examples.REPEATED_WORDS_CANDIDATE
    cand = Counter(words(examples.REPEATED_WORDS_CANDIDATE))
    refs = [Counter(words(r)) for r in EX2_REFS]
    plain = sum(n for w, n in cand.items() if any(r[w] for r in refs))
    clipped = sum(min(n, max(r[w] for r in refs)) for w, n in cand.items())
    assert ch01.plain_and_modified() == (plain / 8, clipped / 8) == (7 / 8, 5 / 8)


def test_exercise_1_feedback_names_the_mistake():
    assert check(STEM, "plain_and_modified", ("7/8", "5/8")).correct
    assert "plain one" in check(STEM, "plain_and_modified", ("7/8", "7/8")).message
    assert "wrong way round" in check(STEM, "plain_and_modified", ("5/8", "7/8")).message
    assert "already clipped" in check(STEM, "plain_and_modified", ("5/8", "1/8")).message
    assert "plain precision is off" in check(STEM, "plain_and_modified", ("6/8", "5/8")).message
    assert "modified one is off" in check(STEM, "plain_and_modified", ("7/8", "4/8")).message
    assert "pair" in check(STEM, "plain_and_modified", "7/8").message


def test_exercise_2_feedback():
    assert "own" in check(STEM, "recall_trap", EX4_BAD).message
    assert "'invariably'" in check(STEM, "recall_trap", "I always perpetually do.").message
    assert check(STEM, "recall_trap", "I perpetually invariably always do.").correct
    assert not check(STEM, "recall_trap", 42).correct
