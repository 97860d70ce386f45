"""Modified n-gram precision: clipped matches over candidate n-grams, p_n = matches / total.

Every tool divides the same two counts; they differ only in what they do when
the division is impossible (no candidate n-gram of an order) or gives 0
(smoothing, in :mod:`bleu_explain.engine.smoothing`). The division is written
once, here.

The paper's Example 2 (section 2.1): "the the the the the the the" against
references with at most two "the" has modified unigram precision 2/7:

>>> modified_precision(2, 7)
0.2857142857142857
>>> modified_precisions([17, 10, 0], [18, 17, 0])  # None: an order with no n-grams has no precision
(0.9444444444444444, 0.5882352941176471, None)
>>> modified_precisions([3, 0], [4, 0], if_empty=0.0)  # what multi-bleu.perl and the paper's formula use instead
(0.75, 0.0)
>>> modified_precision(3, 4, scale=100.0)  # sacreBLEU computes on its 0..100 scale
75.0
"""

from __future__ import annotations

from typing import Optional, Sequence, overload


def modified_precision(matches: float, total: float, *, scale: float = 1.0) -> float:
    """p_n = ``scale`` * matches / total, for an order with candidate n-grams (``total`` > 0).

    ``scale * matches / total`` is evaluated left to right, as sacreBLEU writes
    ``100. * correct / total``, so that its floats agree to the last bit.
    """
    return scale * matches / total


@overload
def modified_precisions(matches: Sequence[float], totals: Sequence[float], *, if_empty: float,
                        scale: float = 1.0) -> tuple[float, ...]: ...
@overload
def modified_precisions(matches: Sequence[float], totals: Sequence[float], *, if_empty: None = None,
                        scale: float = 1.0) -> tuple[Optional[float], ...]: ...


def modified_precisions(
    matches: Sequence[float], totals: Sequence[float], *, if_empty: Optional[float] = None, scale: float = 1.0
) -> tuple[Optional[float], ...]:
    """:func:`modified_precision` of every order; ``if_empty`` for an order with no candidate n-grams."""
    return tuple(modified_precision(m, t, scale=scale) if t else if_empty for m, t in zip(matches, totals))
