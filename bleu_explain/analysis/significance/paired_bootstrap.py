"""Paired bootstrap resampling (Koehn 2004): ``sacrebleu --paired-bs``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from .. import resampling as rs
from .results import PairedTestResult, paired_result

if TYPE_CHECKING:  # pragma: no cover
    from ...results import CorpusExplanation


def paired_bootstrap(baseline: Sequence[str], system: Sequence[str], references: Sequence[Sequence[str]], *,
                     n_samples: int = rs.DEFAULT_BOOTSTRAP_SAMPLES, seed: Optional[int] = rs.DEFAULT_SEED,
                     preset: str = "sacrebleu", progress: Optional[bool] = None, **settings) -> PairedTestResult:
    """Paired bootstrap resampling (Koehn 2004) as ``sacrebleu --paired-bs`` runs it.

    The same resampled segments are scored for both systems; the statistic is
    |system - baseline|, and the p-value asks how often the resampled
    differences, centred on their mean, exceed the observed difference. The
    baseline's and the system's bootstrap mean and ``±`` come from the same
    resamples (sacreBLEU draws the same indices for both).

    A quirk kept from sacreBLEU: a system compared with itself gets the
    smallest possible p-value, 1 / (n + 1), because every resampled statistic
    is 0 and none is strictly greater than the observed 0 (the same holds for
    approximate randomization).

    >>> refs = [["the cat sat on the mat"], ["a dog barked at the postman"]]
    >>> base = ["the cat sat on a mat", "a dog barked at a man"]
    >>> system = ["the cat sat on the mat", "a dog barked at the postman"]
    >>> r = paired_bootstrap(base, system, refs, n_samples=50)
    >>> r.test, r.observed_delta > 0, 0 < r.p_value <= 1, len(r.sample_deltas)
    ('bs', True, True, 50)
    """
    n_samples, seed = rs.check_draws(n_samples, seed)
    config = rs.resampling_config(preset, settings)
    counted = rs.count_systems([baseline, system], references, config, progress, 2 * n_samples)
    return _paired_bootstrap(counted, n_samples, seed)


def paired_bootstrap_of_results(baseline: CorpusExplanation, system: CorpusExplanation, *,
                                n_samples: int = rs.DEFAULT_BOOTSTRAP_SAMPLES, seed: Optional[int] = rs.DEFAULT_SEED,
                                progress: Optional[bool] = None) -> PairedTestResult:
    """:func:`paired_bootstrap` on two corpus results already computed: the same resamples, scores and p-value,
    without counting any n-gram again.

    >>> from bleu_explain import explain_corpus
    >>> refs = [["the cat sat on the mat"], ["a dog barked at the postman"]]
    >>> base = explain_corpus(["the cat sat on a mat", "a dog barked at a man"], refs)
    >>> system = explain_corpus(["the cat sat on the mat", "a dog barked at the postman"], refs)
    >>> again = paired_bootstrap(base.candidates, system.candidates, refs, n_samples=50)
    >>> paired_bootstrap_of_results(base, system, n_samples=50).p_value == again.p_value
    True
    """
    n_samples, seed = rs.check_draws(n_samples, seed)
    return _paired_bootstrap(rs.counted_results([baseline, system], progress, 2 * n_samples), n_samples, seed)


def _paired_bootstrap(counted: rs.CountedSystems, n_samples: int, seed: Optional[int]) -> PairedTestResult:
    """The paired bootstrap itself, on the two systems' segment statistics."""
    import numpy as np

    idxs = rs.draw_resamples(np.random.default_rng(seed), counted.n_segments, n_samples)
    bl_matrix, sy_matrix = counted.matrices()
    # one count of each resample's draws serves both systems (their statistics side by side)
    sums = rs.resample_sums(np.hstack([bl_matrix, sy_matrix]), idxs)
    width, show = bl_matrix.shape[1], counted.show_progress
    bl_scores = rs.bootstrap_scores(sums[:, :width], counted.config, progress=show, desc="bootstrap: baseline")
    sy_scores = rs.bootstrap_scores(sums[:, width:], counted.config, progress=show, desc="bootstrap: system")
    bl_mean, bl_ci, _, _ = rs.estimate_ci(bl_scores)
    sy_mean, sy_ci, _, _ = rs.estimate_ci(sy_scores)
    sample_diffs = np.abs(sy_scores - bl_scores)
    return paired_result(
        "bs", counted.observed_scores(), (bl_scores, sy_scores), sample_diffs - sample_diffs.mean(),
        n_samples=n_samples, seed=seed, signature=counted.signature([("bs", n_samples)], seed),
        baseline_mean=bl_mean, baseline_ci=bl_ci, system_mean=sy_mean, system_ci=sy_ci,
    )
