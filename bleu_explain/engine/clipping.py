"""Clipping: each candidate n-gram is credited at most its max-ref count.

This is the heart of BLEU (Papineni et al. 2002, section 2.1): a candidate
n-gram is credited at most as many times as it occurs in any *single*
reference ("a reference word should be considered exhausted after a matching
candidate word is identified").

The counts come from :func:`~bleu_explain.engine.ngrams.count_ngrams`, once per
text. A corpus needs only the per-order sums (:func:`clip_counts`); the
explanation of one segment reads the same counts n-gram by n-gram
(:meth:`CountedSegment.clip`, built when asked for).

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

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .ngrams import Ngram, count_ngrams, ngrams_of_order


def clipped(count: int, max_ref_count: int) -> int:
    """The credit of a candidate n-gram seen ``count`` times: never more than its max-ref count."""
    return min(count, max_ref_count)


# --------------------------------------------------------------------------- the words for what clipping did
#: What became of a candidate n-gram, in the words every renderer uses (the steps, ``--explain``, the
#: highlighting's tooltips, the live page): "clipped" only when a non-zero max-ref count cut its count; an
#: n-gram no reference has is "not in any reference", however often the candidate repeats it. These are the
#: names (the keys of :meth:`OrderClipping.fates`, in English); the catalogue says each in every language
#: (``bleu_explain.messages``, keys ``clip.<name>``).
CREDITED = "credited"
CLIPPED = "clipped"
NOT_IN_ANY_REFERENCE = "not in any reference"
#: The same, said of one occurrence of an n-gram (the highlighting's tooltip).
CLIPPED_AWAY = "clipped away (beyond the max-ref count)"


def credit_fate(count: int, max_ref_count: int) -> str:
    """:data:`CREDITED` when every occurrence is credited, :data:`CLIPPED` when the max-ref count (not zero)
    cut the count, :data:`NOT_IN_ANY_REFERENCE` when no reference has the n-gram.

    >>> credit_fate(2, 3), credit_fate(7, 2), credit_fate(1, 0)
    ('credited', 'clipped', 'not in any reference')
    """
    if max_ref_count <= 0:
        return NOT_IN_ANY_REFERENCE
    return CREDITED if count <= max_ref_count else CLIPPED


def max_ref_counts(reference_counts: Sequence[Mapping[Ngram, int]]) -> Mapping[Ngram, int]:
    """Every reference n-gram with its largest count in any ONE reference (not the sum over references)."""
    if len(reference_counts) == 1:
        return reference_counts[0]
    merged: dict[Ngram, int] = {}
    for counts in reference_counts:
        for ngram, count in counts.items():
            if count > merged.get(ngram, 0):
                merged[ngram] = count
    return merged


def clip_counts(
    candidate_counts: Mapping[Ngram, int], max_ref_count: Mapping[Ngram, int], max_order: int
) -> tuple[list[int], list[int]]:
    """Per order 1..max_order: the clipped matches, and the matches without clipping (plain precision's).

    What a corpus keeps of a segment: sums, not the n-gram tables.
    """
    matches = [0] * (max_order + 1)  # indexed by order; [0] unused
    found = [0] * (max_order + 1)
    for ngram in candidate_counts.keys() & max_ref_count.keys():  # only n-grams some reference has (set op in C)
        count, most = candidate_counts[ngram], max_ref_count[ngram]
        n = len(ngram)
        found[n] += count
        # clipped(count, most), written out: this line runs once per matched n-gram of a whole corpus
        matches[n] += count if count < most else most
    return matches[1:], found[1:]


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
    candidate_counts: Mapping[Ngram, int]
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

    def fates(self) -> dict[str, list[Ngram]]:
        """The candidate's n-grams not credited in full, by :func:`credit_fate` (:data:`CLIPPED`, then
        :data:`NOT_IN_ANY_REFERENCE`), each in the candidate's order.

        >>> table = clip_order("the cat sat the the".split(), ["the cat".split()], 1)
        >>> table.fates()
        {'clipped': [('the',)], 'not in any reference': [('sat',)]}
        """
        found: dict[str, list[Ngram]] = {CLIPPED: [], NOT_IN_ANY_REFERENCE: []}
        for ngram, count in self.candidate_counts.items():
            fate = credit_fate(count, self.max_ref_counts[ngram])
            if fate != CREDITED:
                found[fate].append(ngram)
        return found


@dataclass(frozen=True)
class CountedSegment:
    """One segment's n-grams of every order, counted once: the candidate's and each reference's."""

    candidate_counts: Mapping[Ngram, int]
    reference_counts: tuple[Mapping[Ngram, int], ...]

    @classmethod
    def of(cls, candidate: Sequence[str], references: Sequence[Sequence[str]], max_order: int,
           min_order: int = 1) -> "CountedSegment":
        """Count the n-grams of orders ``min_order``..``max_order`` of a tokenized segment."""
        return cls(candidate_counts=count_ngrams(candidate, max_order, min_order),
                   reference_counts=tuple(count_ngrams(r, max_order, min_order) for r in references))

    def max_ref_counts(self) -> Mapping[Ngram, int]:
        """:func:`max_ref_counts` of this segment's references."""
        return max_ref_counts(self.reference_counts)

    def clip(self, order: int) -> OrderClipping:
        """Count, max-ref count and clip of every candidate n-gram of one order (the explanation's table)."""
        candidate_counts = ngrams_of_order(self.candidate_counts, order)
        reference_counts = tuple({ngram: counts[ngram] for ngram in candidate_counts if ngram in counts}
                                 for counts in self.reference_counts)  # only the candidate's n-grams matter
        most = max_ref_counts(reference_counts) if reference_counts else {}
        max_ref = {ngram: most.get(ngram, 0) for ngram in candidate_counts}
        return OrderClipping(
            order=order,
            candidate_counts=candidate_counts,
            reference_counts=reference_counts,
            max_ref_counts=max_ref,
            clipped_counts={ngram: clipped(count, max_ref[ngram]) for ngram, count in candidate_counts.items()},
        )


def clip_order(
    candidate: Sequence[str], references: Sequence[Sequence[str]], order: int
) -> OrderClipping:
    """Count, take max-ref counts and clip, for one n-gram order of one segment."""
    return CountedSegment.of(candidate, references, order, min_order=order).clip(order)


def corpus_ngram_credit(
    segments: Iterable[tuple[Sequence[str], Sequence[Sequence[str]]]], min_order: int, max_order: int
) -> dict[Ngram, tuple[int, int]]:
    """Every candidate n-gram of orders ``min_order``..``max_order`` in tokenized (candidate, references)
    segments, with its count and its clipped count, each summed over the segments.

    >>> credit = corpus_ngram_credit([("a a b".split(), ["a b".split()]), ("a c".split(), ["c".split()])], 1, 1)
    >>> credit[("a",)], credit[("c",)]
    ((3, 1), (1, 1))
    """
    summed: dict[Ngram, list[int]] = {}
    for candidate, references in segments:
        counted = CountedSegment.of(candidate, references, max_order, min_order)
        for order in range(min_order, max_order + 1):
            table = counted.clip(order)
            for ngram, count in table.candidate_counts.items():
                entry = summed.setdefault(ngram, [0, 0])
                entry[0] += count
                entry[1] += table.clipped_counts[ngram]
    return {ngram: (count, credited) for ngram, (count, credited) in summed.items()}
