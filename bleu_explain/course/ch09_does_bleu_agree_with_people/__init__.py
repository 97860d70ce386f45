"""Notebook 09, does BLEU agree with people? BLEU against expert MQM and crowd DA on WMT21, and the exercises.

:mod:`.paper` holds the map of which of Papineni et al. (2002)'s figures and
tables the course redoes (their values are in :mod:`bleu_explain.data.published`);
:mod:`.lesson` the computations on the WMT21 data; :mod:`.exercises` the
"Now you try" checkers. Everything the notebook needs is re-exported here:

>>> from bleu_explain.course import ch09_does_bleu_agree_with_people as ch09
>>> ch09.PAIRS, [ex.name for ex in ch09.EXERCISES]
(('zh-en', 'en-de'), ['r_against_reference_c', 'small_gap_agreement'])
"""

from .exercises import EXERCISES
from .lesson import (
    BLOCK_SIZES,
    HUMAN_NAMES,
    PAIR_NAMES,
    PAIRS,
    REFERENCE,
    REFERENCE_SETS,
    bleu_results,
    bleu_scores,
    block_table,
    chrf_scores,
    correlation_table,
    disagreements,
    explorer_for,
    figure_3,
    figure_7,
    gap_datasets,
    gap_table,
    human_scores,
    judgment_summary,
    levels_table,
    load_pair,
    machines,
    mqm_order,
    neighbour_summary,
    reference_table,
    references_for,
    require_data,
    sentence_level,
    spread_table,
    studied,
    system_table,
    views,
)
from .paper import PAPER_SOURCE, coverage

__all__ = [
    "BLOCK_SIZES",
    "EXERCISES",
    "HUMAN_NAMES",
    "PAIRS",
    "PAIR_NAMES",
    "PAPER_SOURCE",
    "REFERENCE",
    "REFERENCE_SETS",
    "bleu_results",
    "bleu_scores",
    "block_table",
    "chrf_scores",
    "correlation_table",
    "coverage",
    "disagreements",
    "explorer_for",
    "figure_3",
    "figure_7",
    "gap_datasets",
    "gap_table",
    "human_scores",
    "judgment_summary",
    "levels_table",
    "load_pair",
    "machines",
    "mqm_order",
    "neighbour_summary",
    "reference_table",
    "references_for",
    "require_data",
    "sentence_level",
    "spread_table",
    "studied",
    "system_table",
    "views",
]
