"""The result of combining: every number between the counts and the score, and what became of each order.

A :class:`ScoreBreakdown` is built by one tool's rule in
:mod:`bleu_explain.engine.combine`. The rule that decides what to do with an
n-gram order (drop it, leave it out, stop at it, make the score 0) records that
decision once, as an :class:`OrderFate`; the steps, the comparisons and the
renderers read it instead of working it out again. One distinction is read from
the numbers, by :func:`term_fate`: whether an order that entered the sum was
"used" as counted or "smoothed" is whether the precision the rule used equals
matches / total (to 1e-12 relative, as sacreBLEU's percent round trip needs).

>>> from bleu_explain.engine.presets import get_preset
>>> from bleu_explain.engine.combine import combine_counts
>>> b = combine_counts([3, 1, 0, 0], [4, 3, 2, 1], hyp_len=4, ref_len=4, config=get_preset("sacrebleu"))
>>> [fate.kind for fate in b.fates]
['used', 'used', 'smoothed', 'smoothed']
>>> b = combine_counts([3, 1, 0], [3, 2, 1], hyp_len=3, ref_len=3, config=get_preset("torchmetrics"))
>>> b.fates[0].words
'order 1 takes no part: order 3 has no match, so torchmetrics returns 0 at once, smoothing or not'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional, Sequence

from ..messages.catalogue import say
from .floatmath import exp
from .precision import modified_precisions

#: What a tool's rules can do with an n-gram order.
FATES = {
    "used": "its p_n, as counted, enters the weighted sum of logs",
    "smoothed": "its p_n, changed by smoothing, enters the weighted sum of logs",
    "log 1": "it has no n-grams and the tool adds log 1 = 0 for it",
    "log zero": "its p_n is 0 and enters as the tool's stand-in for log 0, so the score is 0",
    "zero": "its p_n is 0 (or it has no n-grams) and the score is 0",
    "left out": "its p_n is 0 after smoothing and the tool leaves it out of the sum",
    "dropped": "the tool drops it (effective order, NLTK 3.2's stop, NLTK's auto_reweigh, d2l's loop stopping at "
               "the candidate's length)",
    "unweighted": "its weight is 0: it takes no part",
    "not reached": "the tool returned 0 before combining it",
}


@dataclass(frozen=True)
class OrderFate:
    """What the rules did with one order: a kind of :data:`FATES` and, for every kind but ``used`` and
    ``smoothed`` (which the numbers say), the tool's action in words."""

    kind: str
    words: str = ""

    def __post_init__(self) -> None:
        if self.kind not in FATES:
            raise ValueError(f"unknown fate {self.kind!r}; one of {', '.join(FATES)}")


@dataclass(frozen=True)
class ScoreBreakdown:
    """Every number between the counts and the final score.

    ``matches``/``totals`` are the counts before smoothing; ``precisions`` are the
    p_n actually combined (after smoothing), ``None`` where an order took no part
    (no candidate n-grams, or dropped by the tool); ``weights`` are the weights
    applied (0 for an order that does not count); ``log_terms`` are w_n * log p_n;
    ``fates`` say what the rules did with each order.
    """

    matches: tuple[int, ...]
    totals: tuple[int, ...]
    precisions: tuple[Optional[float], ...]
    weights: tuple[float, ...]
    log_terms: tuple[Optional[float], ...]
    fates: tuple[OrderFate, ...]
    orders_used: int
    hyp_len: int
    ref_len: int
    brevity_penalty: float
    bleu: float
    notes: tuple[str, ...] = field(default=())
    #: the tool's own 0..100 number where it computes on that scale (sacreBLEU), kept to the last bit
    percent: Optional[float] = None

    @property
    def raw_precisions(self) -> tuple[Optional[float], ...]:
        """The p_n as counted, matches / totals, before smoothing (None where an order has no n-grams)."""
        return modified_precisions(self.matches, self.totals)

    @property
    def score(self) -> float:
        """BLEU on sacreBLEU's 0..100 scale."""
        return self.percent if self.percent is not None else 100.0 * self.bleu

    @property
    def geometric_mean(self) -> float:
        """exp(sum of w_n log p_n): the precisions as the rule combined them, before the brevity penalty.

        0 where the rule gave 0 for the precisions (no match at all, or a p_n of 0 without smoothing).
        """
        terms = [t for t in self.log_terms if t is not None]
        if not terms or (self.bleu == 0 and self.brevity_penalty > 0):
            return 0.0
        return exp(math.fsum(terms))

    @property
    def arithmetic_mean(self) -> float:
        """The weighted arithmetic mean of the p_n that took part (Doddington's alternative to the geometric mean)."""
        used = [(p, w) for p, w in zip(self.precisions, self.weights) if p is not None and w > 0]
        weight = math.fsum(w for _, w in used)
        return math.fsum(p * w for p, w in used) / weight if weight else 0.0


# ---------------------------------------------------------------- building breakdowns (the rules' shared pieces)
def term_fate(raw: Optional[float], used: float) -> OrderFate:
    """An order whose p_n entered the sum: "used" when ``used`` equals the counted precision ``raw`` (to 1e-12
    relative: sacreBLEU's p_n goes through percent and back), else "smoothed"."""
    if raw is not None and math.isclose(used, raw, rel_tol=1e-12):
        return OrderFate("used")
    return OrderFate("smoothed")


def zero_fate(n: int, total: int) -> OrderFate:
    """Order ``n`` makes the score 0: it has no n-grams (``total`` 0), or none of them matched."""
    return OrderFate("zero", say("fate.zero-no-ngrams", n=n) if total == 0 else say("fate.zero-no-match", n=n))


def unweighted_fate(n: int) -> OrderFate:
    """Order ``n`` has weight 0, so it takes no part whatever its precision."""
    return OrderFate("unweighted", say("fate.unweighted", n=n))


def not_reached(n_orders: int, why: str) -> tuple[OrderFate, ...]:
    """Every order, when the tool returned 0 before combining: ``why`` (a message of the catalogue, said of each)."""
    return tuple(OrderFate("not reached", say("fate.not-reached", n=n, why=why)) for n in range(1, n_orders + 1))


def zero_breakdown(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, bp: float, orders_used: int,
    precisions: tuple[Optional[float], ...], weights: tuple[float, ...], notes: Sequence[str],
    fates: Sequence[OrderFate], log_terms: Optional[tuple[Optional[float], ...]] = None,
) -> ScoreBreakdown:
    """A breakdown whose score is 0 before any combination (the tool stopped early)."""
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), precisions=precisions, weights=weights,
        log_terms=log_terms if log_terms is not None else (None,) * len(matches), fates=tuple(fates),
        orders_used=orders_used, hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=0.0, notes=tuple(notes),
    )
