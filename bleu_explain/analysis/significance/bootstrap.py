"""A bootstrap confidence interval for one system's score: sacreBLEU's ``corpus_score(..., n_bootstrap=1000)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from ..resampling import (
    DEFAULT_BOOTSTRAP_SAMPLES,
    DEFAULT_SEED,
    bootstrap_scores,
    check_resamplable,
    check_samples,
    check_seed,
    draw_resamples,
    estimate_ci,
    resample_sums,
    resampling_config,
    resampling_signature,
    stats_matrix,
    system_statistics,
    wants_progress,
)
from .results import BootstrapResult

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.config import BleuConfig
    from ...engine.statistics import SegmentStats
    from ...results import CorpusExplanation


def bootstrap_ci(
    candidates: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES,
    seed: Optional[int] = DEFAULT_SEED,
    preset: str = "sacrebleu",
    progress: Optional[bool] = None,
    **settings,
) -> BootstrapResult:
    """A 95% bootstrap confidence interval for a corpus score, as sacreBLEU computes it.

    Draws ``numpy.random.default_rng(seed).choice(n_segments, size=(n_samples,
    n_segments))`` as sacreBLEU does, sums each resample's segment statistics
    and scores the sums. The mean is ``statistics.mean`` of the sorted scores
    (sacreBLEU's ``Score.estimate_ci``).

    >>> from bleu_explain import explain_corpus
    >>> cands, refs = ["a b c d", "b c d e"], [["a b c d"], ["b c d f"]]
    >>> r = bootstrap_ci(cands, refs, n_samples=40, seed=1)
    >>> r.score == explain_corpus(cands, refs).score, len(r.sample_scores), r.signature.split("|")[:3]
    (True, 40, ['nrefs:1', 'bs:40', 'seed:1'])
    """
    n_samples = check_samples(n_samples)
    seed = check_seed(seed)
    config = resampling_config(preset, settings)
    refs, stats, show = system_statistics(candidates, references, config, progress, n_samples)
    return _bootstrap_of_statistics(stats, refs, config, n_samples, seed, show)


def bootstrap_ci_of_result(result: CorpusExplanation, *, n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES,
                           seed: Optional[int] = DEFAULT_SEED, progress: Optional[bool] = None) -> BootstrapResult:
    """:func:`bootstrap_ci` on a corpus result already computed: the same resamples and interval, without
    counting any n-gram again.

    >>> from bleu_explain import explain_corpus
    >>> cands, refs = ["a b c d", "b c d e"], [["a b c d"], ["b c d f"]]
    >>> bootstrap_ci_of_result(explain_corpus(cands, refs), n_samples=40).ci == bootstrap_ci(cands, refs, n_samples=40).ci
    True
    """
    n_samples = check_samples(n_samples)
    seed = check_seed(seed)
    check_resamplable(result.config)
    show = wants_progress(progress, 0, n_samples)
    return _bootstrap_of_statistics(result.segment_stats, result.references, result.config, n_samples, seed, show)


def _bootstrap_of_statistics(stats: Sequence[SegmentStats], refs: Sequence[Sequence[str]], config: BleuConfig,
                             n_samples: int, seed: Optional[int], show: bool) -> BootstrapResult:
    """The bootstrap itself, on one system's segment statistics."""
    import numpy as np

    from ...engine.statistics import score_statistics

    idxs = draw_resamples(np.random.default_rng(seed), len(stats), n_samples)
    scores = bootstrap_scores(resample_sums(stats_matrix(stats, config.max_order), idxs), config, progress=show)
    mean, ci, lower, upper = estimate_ci(scores, exact_mean=True)
    return BootstrapResult(
        score=score_statistics(stats, config).score,
        mean=mean,
        ci=ci,
        lower=lower,
        upper=upper,
        sample_scores=scores,
        n_samples=n_samples,
        seed=seed,
        signature=resampling_signature(config, refs, [("bs", n_samples)], seed),
    )
