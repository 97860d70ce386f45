"""A bootstrap confidence interval for one system's score: sacreBLEU's ``corpus_score(..., n_bootstrap=1000)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from .. import resampling as rs
from .results import BootstrapResult

if TYPE_CHECKING:  # pragma: no cover
    from ...results import CorpusExplanation


def bootstrap_ci(candidates: Sequence[str], references: Sequence[Sequence[str]], *,
                 n_samples: int = rs.DEFAULT_BOOTSTRAP_SAMPLES, seed: Optional[int] = rs.DEFAULT_SEED,
                 preset: str = "sacrebleu", progress: Optional[bool] = None, **settings) -> BootstrapResult:
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
    n_samples, seed = rs.check_draws(n_samples, seed)
    config = rs.resampling_config(preset, settings)
    return _bootstrap(rs.count_systems([candidates], references, config, progress, n_samples), n_samples, seed)


def bootstrap_ci_of_result(result: CorpusExplanation, *, n_samples: int = rs.DEFAULT_BOOTSTRAP_SAMPLES,
                           seed: Optional[int] = rs.DEFAULT_SEED, progress: Optional[bool] = None) -> BootstrapResult:
    """:func:`bootstrap_ci` on a corpus result already computed: the same resamples and interval, without
    counting any n-gram again.

    >>> from bleu_explain import explain_corpus
    >>> cands, refs = ["a b c d", "b c d e"], [["a b c d"], ["b c d f"]]
    >>> bootstrap_ci_of_result(explain_corpus(cands, refs), n_samples=40).ci == bootstrap_ci(cands, refs, n_samples=40).ci
    True
    """
    n_samples, seed = rs.check_draws(n_samples, seed)
    return _bootstrap(rs.counted_results([result], progress, n_samples), n_samples, seed)


def _bootstrap(counted: rs.CountedSystems, n_samples: int, seed: Optional[int]) -> BootstrapResult:
    """The bootstrap itself, on one system's segment statistics."""
    import numpy as np

    (matrix,), (score,) = counted.matrices(), counted.observed_scores()
    idxs = rs.draw_resamples(np.random.default_rng(seed), counted.n_segments, n_samples)
    scores = rs.bootstrap_scores(rs.resample_sums(matrix, idxs), counted.config, progress=counted.show_progress)
    mean, ci, lower, upper = rs.estimate_ci(scores, exact_mean=True)
    return BootstrapResult(score=score, mean=mean, ci=ci, lower=lower, upper=upper, sample_scores=scores,
                           n_samples=n_samples, seed=seed, signature=counted.signature([("bs", n_samples)], seed))
