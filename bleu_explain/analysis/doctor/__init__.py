"""The BLEU doctor: from a user's files (and the number they were given) to the cause.

``diagnose(hypotheses, references, score=None, **settings)`` runs one check per
module (:data:`~.diagnose.CHECKS`), scores each problem as found and fixed with
the engine, and, given a reported score, searches the presets for the
configurations that print it (:mod:`.search`).
"""

from .diagnose import CHECKS, diagnose, diagnose_with_config
from .findings import CODES, SEVERITIES, Diagnosis, Evidence, Finding, Match

__all__ = ["CHECKS", "CODES", "SEVERITIES", "Diagnosis", "Evidence", "Finding", "Match", "diagnose",
           "diagnose_with_config"]
