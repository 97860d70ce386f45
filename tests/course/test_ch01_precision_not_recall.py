"""Notebook 01's exercises: the answers come from an independent count written out here, and each usual slip is
named. (The paper's own fractions for Examples 2 and 4 are tested in tests/test_paper_and_tutorials.py.)"""

from __future__ import annotations

from collections import Counter

import pytest

import bleu_explain as bx
from bleu_explain.course.checker import check
from bleu_explain.data import examples

STEM = "01_precision_not_recall"
EX2_REFS, EX4_REFS = list(examples.EXAMPLE_2_REFERENCES), list(examples.EXAMPLE_4_REFERENCES)


def words(text: str) -> list[str]:
    """What preset="paper" does to these plain sentences: fold case, drop the full stop."""
    return text.lower().replace(".", "").split()


def test_exercise_1_counted_by_hand():
    cand = Counter(words(examples.REPEATED_WORDS_CANDIDATE))
    refs = [Counter(words(r)) for r in EX2_REFS]
    plain = sum(n for w, n in cand.items() if any(r[w] for r in refs))
    clipped = sum(min(n, max(r[w] for r in refs)) for w, n in cand.items())
    assert (plain, clipped, sum(cand.values())) == (7, 5, 8)
    assert check(STEM, "plain_and_modified", ("7/8", "5/8")).correct
    assert check(STEM, "plain_and_modified", (0.875, 0.625)).correct


@pytest.mark.parametrize("answer, start", [
    (("7/8", "7/8"), "Your plain precision is right, but your modified precision is the plain one"),
    (("5/8", "7/8"), "You have them the other way round"),
    (("6/8", "5/8"), "Your modified precision is right; your plain precision is not"),
    (("7/8", "4/8"), "Your plain precision is right; your modified precision is not"),
    (("6/8", "7/8"), "Your modified precision is the plain one"),
    ("7/8", "Give a pair"),
    (("seven", "5/8"), "Give a pair"),
])
def test_exercise_1_names_the_slip(answer, start):
    verdict = check(STEM, "plain_and_modified", answer)
    assert not verdict.correct and verdict.message.startswith(start)


def test_exercise_2_a_candidate_of_ones_own_with_every_synonym_scores_lower():
    mine = "I perpetually invariably always do."
    assert set(words(mine)) == {w for r in EX4_REFS for w in words(r)}
    paper = {text: bx.explain(text, EX4_REFS, preset="paper", max_order=2).bleu
             for text in (mine, examples.EXAMPLE_4_CANDIDATE_2)}
    assert paper[mine] < paper[examples.EXAMPLE_4_CANDIDATE_2]
    assert check(STEM, "recall_trap", mine).correct


@pytest.mark.parametrize("answer, part", [
    (examples.EXAMPLE_4_CANDIDATE_1, "paper's own"),
    ("I always perpetually do.", "'invariably'"),
    (examples.EXAMPLE_4_CANDIDATE_2, "lacks"),
    (42, "as a string"),
    ("   ", "as a string"),
])
def test_exercise_2_says_what_is_missing(answer, part):
    verdict = check(STEM, "recall_trap", answer)
    assert not verdict.correct and part in verdict.message
