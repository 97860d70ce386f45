"""Clipping: a candidate n-gram is credited at most as often as in the one reference where it is most frequent."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bleu_explain.engine.clipping import clip_order

words = st.lists(st.sampled_from(["the", "cat", "mat", "on"]), max_size=10)


def test_the_papers_example_2_is_two_sevenths_after_clipping():
    cand = "the the the the the the the".split()
    refs = ["the cat is on the mat".split(), "there is a cat on the mat".split()]
    step = clip_order(cand, refs, 1)
    assert step.max_ref_counts[("the",)] == 2  # two in reference 1, one in reference 2: the max, not the sum
    assert (step.matches, step.unclipped_matches, step.total) == (2, 7, 7)


def test_max_ref_count_is_per_reference_not_summed():
    step = clip_order(["a", "a", "a"], [["a"], ["a"]], 1)
    assert step.max_ref_counts[("a",)] == 1 and step.matches == 1


@given(cand=words, refs=st.lists(words, min_size=1, max_size=3), n=st.integers(1, 3))
def test_clipped_counts_are_min_of_count_and_max_ref_count(cand, refs, n):
    step = clip_order(cand, refs, n)
    for gram, count in step.candidate_counts.items():
        best = max(ref.get(gram, 0) for ref in step.reference_counts)
        assert step.max_ref_counts[gram] == best
        assert step.clipped_counts[gram] == min(count, best)
    assert 0 <= step.matches <= step.unclipped_matches <= step.total
