"""Notebook 06, why bad candidates score high: the lesson's tables and searches, and the exercises.

``lesson`` reproduces the NLTK tutorial's scores, counts the reorderings that
keep a score (Callison-Burch, Osborne and Koehn 2006), weighs n-grams as NIST
does (Doddington 2002) and searches for nonsense with a high BLEU;
``exercises`` holds the notebook's "Now you try" checkers.
"""

from .exercises import EXERCISES, check_beat_the_fluent, check_same_score_orderings
from .lesson import (
    PermutationCount,
    SearchResult,
    count_same_score_permutations,
    matching_chunks,
    nist_with_background,
    nonsense_search,
    permutation_bound,
    reference_pieces,
    score_table,
    tutorial_scores_table,
    word_information,
)

__all__ = [
    "EXERCISES",
    "PermutationCount",
    "SearchResult",
    "check_beat_the_fluent",
    "check_same_score_orderings",
    "count_same_score_permutations",
    "matching_chunks",
    "nist_with_background",
    "nonsense_search",
    "permutation_bound",
    "reference_pieces",
    "score_table",
    "tutorial_scores_table",
    "word_information",
]
