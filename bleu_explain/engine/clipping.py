"""Modified n-gram precision for one segment: count, max-ref count, clip.

This is the heart of BLEU (Papineni et al. 2002, section 2.1): a candidate
n-gram is credited at most as many times as it occurs in any *single*
reference ("a reference word should be considered exhausted after a matching
candidate word is identified").

The paper's Example 2, case-folded and without the full stop:

>>> cand = "the the the the the the the".split()
>>> refs = ["the cat is on the mat".split(), "there is a cat on the mat".split()]
>>> step = clip_order(cand, refs, 1)
>>> step.candidate_counts[("the",)], step.max_ref_counts[("the",)]
(7, 2)
>>> f"{step.matches}/{step.total}", f"{step.unclipped_matches}/{step.total}"  # modified vs plain precision
('2/7', '7/7')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from .ngrams import Ngram, ngram_counts


@dataclass(frozen=True)
class OrderClipping:
    """Every number of one n-gram order of one segment.

    ``candidate_counts``  how often each n-gram occurs in the candidate.
    ``reference_counts``  the same, for each reference (only n-grams of the candidate
                          are kept: the others cannot be matched).
    ``max_ref_counts``    the largest count of each candidate n-gram in any one reference.
    ``clipped_counts``    min(candidate count, max-ref count): the credited matches.
    """

    order: int
    candidate_counts: Counter
    reference_counts: tuple[dict, ...]
    max_ref_counts: dict
    clipped_counts: dict

    @property
    def matches(self) -> int:
        """Sum of the clipped counts (the numerator of p_n)."""
        return sum(self.clipped_counts.values())

    @property
    def unclipped_matches(self) -> int:
        """Candidate n-grams found in some reference, counted WITHOUT clipping (plain precision's numerator)."""
        return sum(count for ngram, count in self.candidate_counts.items() if self.max_ref_counts[ngram] > 0)

    @property
    def total(self) -> int:
        """Number of candidate n-grams (the denominator of p_n)."""
        return sum(self.candidate_counts.values())


def clip_order(
    candidate: Sequence[str], references: Sequence[Sequence[str]], order: int
) -> OrderClipping:
    """Count, take max-ref counts and clip, for one n-gram order of one segment."""
    candidate_counts = ngram_counts(candidate, order)
    reference_counts = []
    max_ref_counts: dict[Ngram, int] = dict.fromkeys(candidate_counts, 0)
    for reference in references:
        counts = ngram_counts(reference, order)
        # Only the candidate's n-grams matter for clipping.
        kept = {ngram: counts[ngram] for ngram in candidate_counts if ngram in counts}
        reference_counts.append(kept)
        for ngram, count in kept.items():
            if count > max_ref_counts[ngram]:
                max_ref_counts[ngram] = count
    clipped_counts = {
        ngram: min(count, max_ref_counts[ngram]) for ngram, count in candidate_counts.items()
    }
    return OrderClipping(
        order=order,
        candidate_counts=candidate_counts,
        reference_counts=tuple(reference_counts),
        max_ref_counts=max_ref_counts,
        clipped_counts=clipped_counts,
    )


def clip_segment(
    candidate: Sequence[str], references: Sequence[Sequence[str]], max_order: int
) -> list[OrderClipping]:
    """:func:`clip_order` for every order 1..max_order."""
    return [clip_order(candidate, references, n) for n in range(1, max_order + 1)]
