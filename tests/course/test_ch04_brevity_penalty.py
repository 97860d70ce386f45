"""Notebook 04's exercises: the right answers from BP = exp(1 - r/c) written out here, each usual slip named.
(The paper's best match length and Example 3 are tested in tests/test_paper_and_tutorials.py.)"""

from __future__ import annotations

import math

import pytest

from bleu_explain.course.checker import check

STEM = "04_brevity_penalty"


def brevity_penalty(c: int, r: int) -> float:
    return 1.0 if c > r else math.exp(1 - r / c)


def test_best_match_is_the_closest_reference_and_its_penalty():
    bp = brevity_penalty(10, 12)  # 10 words against 7, 12 and 16: 12 is two away, 7 three
    assert check(STEM, "best_match", (12, bp)).correct
    assert check(STEM, "best_match", ("12", f"{bp:.2f}")).correct


@pytest.mark.parametrize("answer, start", [
    ((7, 0.5), "7 is the shortest"),
    ((7, 1.0), "Your BP is right for r = 7, so only r is off: 7 is the shortest"),
    ((16, 0.5), "r is the length of the reference closest"),
    ((10, 1.0), "Your BP is right for r = 10, so only r is off: r is the length of the reference closest"),
    ((12, 1.0), "Your r is right; BP is 1 only"),
    ((12, math.exp(1 - 10 / 12)), "Your r is right, but you computed exp(1 - c/r)"),
    ("12", "Give a pair"),
    ((12, "high"), "Give a pair"),
])
def test_best_match_names_the_slip(answer, start):
    feedback = check(STEM, "best_match", answer)
    assert not feedback.correct and feedback.message.startswith(start)


def test_half_penalty_is_the_smallest_whole_c():
    shortest = math.ceil(20 / (1 - math.log(0.5)))  # exp(1 - 20/c) >= 0.5  <=>  c >= 20 / (1 + ln 2)
    assert check(STEM, "half_penalty", shortest).correct
    assert check(STEM, "half_penalty", shortest - 1).message.startswith("Too short")
    assert check(STEM, "half_penalty", shortest + 1).message.startswith(f"A candidate of {shortest + 1} words")
    assert check(STEM, "half_penalty", 20).message.startswith("From c = 20 on BP is 1")
    assert "exp(1 - 2) = 0.37" in check(STEM, "half_penalty", 10).message
    assert not check(STEM, "half_penalty", "twelve").correct
