"""Notebook 07, one output, many scores: Post (2018)'s published numbers, the same effects live, and the exercises.

:mod:`.lesson` holds the tables and plots the notebook shows; :mod:`.exercises`
its "Now you try" checkers. Everything the notebook needs is re-exported here:

>>> from bleu_explain.course import ch07_one_output_many_scores as ch07
>>> ch07.post_arc("de-en")["cased, metric"], [ex.name for ex in ch07.EXERCISES]
(33.0, ['changed_settings', 'score_under_configuration'])
"""

from .exercises import EXERCISES, signature_pair
from .lesson import (
    CONFIGURATIONS,
    ONLINE_B_ENV,
    POST_2018_ARCS,
    POST_2018_SOURCE,
    TOKENIZERS,
    configuration_table,
    first_k_references,
    plot_post_ranges,
    post_arc,
    post_en_fi,
    post_ranges,
    post_table_1,
    rerun_post_en_fi,
    score_configuration,
    score_configurations,
    signature_diff,
    signature_fields,
    tokenizer_case_table,
    tokens_table,
    tokens_text,
)

__all__ = [
    "CONFIGURATIONS",
    "EXERCISES",
    "ONLINE_B_ENV",
    "POST_2018_ARCS",
    "POST_2018_SOURCE",
    "TOKENIZERS",
    "configuration_table",
    "first_k_references",
    "plot_post_ranges",
    "post_arc",
    "post_en_fi",
    "post_ranges",
    "post_table_1",
    "rerun_post_en_fi",
    "score_configuration",
    "score_configurations",
    "signature_diff",
    "signature_fields",
    "signature_pair",
    "tokenizer_case_table",
    "tokens_table",
    "tokens_text",
]
