"""Notebook 08, reproducing the paper: Papineni et al. (2002)'s experiments on the bundled corpus, and the exercises.

:mod:`.lesson` holds the tables that put ours beside the paper's published values
(:mod:`bleu_explain.data.published`); :mod:`.exercises` the notebook's "Now you try" checkers. Everything
the notebook needs is re-exported here:

>>> from bleu_explain.course import ch08_reproducing_the_paper as ch08
>>> ch08.SYSTEMS, ch08.PAPER_BLOCKS, [ex.name for ex in ch08.EXERCISES]
(('S1', 'S2', 'S3', 'H1', 'H2'), 20, ['t_with_10_blocks', 'h2_other_references'])
"""

from .exercises import EXERCISES
from .lesson import (
    PAPER_BLOCK_SIZE,
    PAPER_BLOCKS,
    PAPER_SOURCE,
    SYSTEMS,
    WMT_DIR_ENV,
    bleu_and_human,
    block_means_beside_corpus,
    correlations_as_published,
    falls_with_n,
    four_vs_two,
    human_correlation_from_env,
    load_wmt_from_env,
    precision_table,
    ranking_by_order,
    ranking_kept,
    single_reference_corpus,
    single_reference_draws,
    single_reference_scores,
    story_reference_choice,
    system_results,
    t_beside_paper,
    table_1_beside_paper,
)

__all__ = [
    "EXERCISES",
    "PAPER_BLOCKS",
    "PAPER_BLOCK_SIZE",
    "PAPER_SOURCE",
    "SYSTEMS",
    "WMT_DIR_ENV",
    "block_means_beside_corpus",
    "bleu_and_human",
    "correlations_as_published",
    "falls_with_n",
    "four_vs_two",
    "human_correlation_from_env",
    "load_wmt_from_env",
    "precision_table",
    "ranking_by_order",
    "ranking_kept",
    "single_reference_corpus",
    "single_reference_draws",
    "single_reference_scores",
    "story_reference_choice",
    "system_results",
    "t_beside_paper",
    "table_1_beside_paper",
]
