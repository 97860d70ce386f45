"""Notebook 10, is the difference real? Its lesson (pairs of systems, tables of tests) and its exercises.

The lesson is in :mod:`.lesson`, the "Now you try" exercises in :mod:`.exercises`;
both are re-exported here, so the notebook reads ``ch10.ci_table(...)`` and the
checker finds ``EXERCISES``.
"""

from .exercises import EXERCISES
from .lesson import (
    PAPER_PAIRS,
    PAPER_TABLE2_T,
    both_tests,
    ci_by_size,
    ci_table,
    coin_mix,
    equal_pairs_table,
    methods_table,
    mixed_pair,
    p_by_size,
    paired_table,
    side_by_side,
    swap_segments,
)

__all__ = [
    "EXERCISES",
    "PAPER_PAIRS",
    "PAPER_TABLE2_T",
    "both_tests",
    "ci_by_size",
    "ci_table",
    "coin_mix",
    "equal_pairs_table",
    "methods_table",
    "mixed_pair",
    "p_by_size",
    "paired_table",
    "side_by_side",
    "swap_segments",
]
