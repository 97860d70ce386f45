"""Exercises of notebook 11 (does BLEU agree with people? sentences and pitfalls), on the WMT21 data.

>>> [ex.name for ex in EXERCISES]
['small_gap_agreement']
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..analysis import human as hx
from ..data.parsed_cache import load_wmt21_cached
from .exercise import Exercise, Feedback
from .wmt21_checks import bleu_scores, check_on_wmt21, solution_code

GAP_LIMIT = 2.0


def _pairs(kind: str = "da") -> pd.DataFrame:
    """Every pair of Chinese-English machine systems with a ``kind`` score: BLEU's gap and whether it agrees."""
    ts = load_wmt21_cached("zh-en")
    names = ts.judged(kind, humans=False)
    return hx.pairwise_agreement(bleu_scores("zh-en", "A", names), ts.human(kind).systems, systems=names)


def _small_gap(kind: str = "da", limit: float = GAP_LIMIT, by_bins: bool = False) -> float:
    """The share of pairs with a gap under ``limit`` ordered as people do (``by_bins``: the slip of averaging bins)."""
    pairs = _pairs(kind)
    if by_bins:
        return float(hx.agreement_by_gap(pairs, bins=(0.0, 1.0, limit))["fraction"].mean())
    return float(pairs[pairs["gap"] < limit]["agree"].mean())


def check_small_gap_agreement(answer: Any) -> Feedback:
    """The fraction of zh-en system pairs with a BLEU gap under 2 points that BLEU orders as DA (z) does."""
    return check_on_wmt21(answer, _small_gap, "Yes. On these systems a BLEU lead of under 2 points is little better "
                          "than a coin toss at predicting which system the crowd prefers.", [
                              (lambda f: 1 - f, "That is the fraction where BLEU and DA *disagree*."),
                              (lambda _: _small_gap(by_bins=True), "That is the mean of the two bins' fractions. "
                                                                   "Pool the pairs: the bins hold different numbers "
                                                                   "of pairs."),
                              (lambda _: _small_gap(limit=1.0), "That counts gaps under 1 point only."),
                              (lambda _: _small_gap("mqm"), "That uses MQM's 8 systems; the exercise asks about "
                                                            "DA (z)."),
                          ], "Start from the table of pairs the prompt names: which of its columns says how far "
                             "apart BLEU puts two systems, and which says whether BLEU orders them as people do?")


def worked_small_gap_agreement() -> str:
    pairs = _pairs()
    small = pairs[pairs["gap"] < GAP_LIMIT]
    code = solution_code("zh-en", 'name in ts.systems and name in ts.human("da").systems', "A",
                         'pairs = hx.pairwise_agreement(bleu, ts.human("da").systems, systems=list(bleu))\n'
                         f'round(float(pairs[pairs["gap"] < {GAP_LIMIT:g}]["agree"].mean()), 2)')
    return f"""1. Score the Chinese-English machine systems with DA against reference A and form every pair: {len(pairs)}.
2. Keep the {len(small)} pairs whose BLEU differs by less than {GAP_LIMIT:g} points; BLEU orders
   {int(small["agree"].sum())} of them as DA (z) does. Pool the pairs; do not average bins of different sizes.

{code}

Answer: **{_small_gap():.2f}**: little better than a coin toss."""


EXERCISES = [
    Exercise("small_gap_agreement", "Of the pairs of Chinese-English systems whose BLEU differs by less than 2 points, "
             "what fraction does BLEU order the same way as DA (z)? (a fraction between 0 and 1, two decimals)",
             check_small_gap_agreement, solution=lambda: round(_small_gap(), 2),
             mistake=lambda: round(_small_gap(by_bins=True), 2), worked=worked_small_gap_agreement),
]
