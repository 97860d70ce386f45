"""How sure is a BLEU score? Bootstrap intervals and paired significance tests.

These are sacreBLEU's three procedures, drawing the same random numbers in the
same order, so that for the same seed and number of samples they give
sacreBLEU's scores, intervals and p-values:

* :func:`bootstrap_ci` -- ``BLEU().corpus_score(..., n_bootstrap=1000)``: resample
  segments with replacement, score each resample, report the mean and half the
  width of the central 95% of the resampled scores (sacreBLEU's ``± ci``).
* :func:`paired_bootstrap` -- ``sacrebleu --paired-bs``: resample the same
  segments for both systems (Koehn 2004).
* :func:`paired_approximate_randomization` -- ``sacrebleu --paired-ar``: swap
  the two systems' outputs segment by segment at random (Riezler and Maxwell 2005).

Every resample is scored by
:func:`bleu_explain.analysis.resampling.score_resamples`: its summed segment
statistics go through :func:`bleu_explain.engine.statistics.score_statistics`, the
same one computation as everywhere else, so any preset and any setting can be
tested, not only sacreBLEU's. The results keep the resampled scores, so that a
plot can show the distribution and where the observed difference falls.

One module per test: :mod:`.bootstrap`, :mod:`.paired_bootstrap`,
:mod:`.randomization`; what they return is in :mod:`.results`, the table of
several systems in :mod:`.table`, and the machinery they share in
:mod:`bleu_explain.analysis.resampling`.

sacreBLEU's conventions that are kept on purpose:

* ``seed=12345`` and 1,000 bootstrap samples / 10,000 AR trials are the defaults;
  ``seed=None`` draws fresh entropy (sacreBLEU's ``SACREBLEU_SEED=None``).
  sacreBLEU itself treats a seed of 0 in the paired tests as "no seed"; here 0 is
  an ordinary seed.
* The paired tests are two-sided and their p-value is (c + 1) / (n + 1), where
  c counts resamples whose statistic is strictly greater than the observed one.
* In the bootstrap, sacreBLEU keeps the statistics as float32 numbers, so the
  precisions of a resample are float32 divisions. With a sacreBLEU-rule preset
  we score the same float32 sums, and every resampled score
  then equals sacreBLEU's to the last bit (the counts are whole numbers far
  below 2**24, where float32 is exact; only the division is rounded).

>>> hyps = ["the cat sat on the mat", "a dog barked", "it rained all day long"]
>>> refs = [["the cat sat on a mat"], ["the dog barked"], ["it rained all day"]]
>>> r = bootstrap_ci(hyps, refs, n_samples=100)
>>> r.n_samples, len(r.sample_scores), r.lower <= r.mean <= r.upper
(100, 100, True)
"""

from ..resampling import DEFAULT_AR_TRIALS, DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_SEED, estimate_ci, p_value
from .bootstrap import bootstrap_ci, bootstrap_ci_of_result
from .paired_bootstrap import paired_bootstrap, paired_bootstrap_of_results
from .randomization import paired_approximate_randomization, paired_approximate_randomization_of_results
from .results import BootstrapResult, PairedTestResult
from .table import paired_tests_table

__all__ = [
    "DEFAULT_AR_TRIALS",
    "DEFAULT_BOOTSTRAP_SAMPLES",
    "DEFAULT_SEED",
    "BootstrapResult",
    "PairedTestResult",
    "bootstrap_ci",
    "bootstrap_ci_of_result",
    "estimate_ci",
    "p_value",
    "paired_approximate_randomization",
    "paired_approximate_randomization_of_results",
    "paired_bootstrap",
    "paired_bootstrap_of_results",
    "paired_tests_table",
]
