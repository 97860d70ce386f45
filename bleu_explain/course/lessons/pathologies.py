"""Moved: notebook 06's lessons are in :mod:`bleu_explain.course.ch06_why_bad_candidates_score_high`.

The NLTK tutorial's printed scores are
:data:`bleu_explain.data.examples.NLTK_TUTORIAL_PRINTED_SCORES`; the alias
below remains for an old import only. Delete this module once nothing imports it.
"""

from ...data.examples import NLTK_TUTORIAL_PRINTED_SCORES as SEED_003_PRINTED

__all__ = ["SEED_003_PRINTED"]
