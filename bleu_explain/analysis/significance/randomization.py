"""Paired approximate randomization (Riezler and Maxwell 2005): ``sacrebleu --paired-ar``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from ...engine.errors import BleuInputError
from .. import resampling as rs
from .results import PairedTestResult, paired_result

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from ...engine.config import BleuConfig
    from ...results import CorpusExplanation


def paired_approximate_randomization(
    baseline: Sequence[str], system: Sequence[str], references: Sequence[Sequence[str]], *,
    n_samples: int = rs.DEFAULT_AR_TRIALS, seed: Optional[int] = rs.DEFAULT_SEED, n_ar_confidence: int = -1,
    preset: str = "sacrebleu", progress: Optional[bool] = None, **settings,
) -> PairedTestResult:
    """Paired approximate randomization (Riezler and Maxwell 2005) as ``sacrebleu --paired-ar`` runs it.

    In each trial every segment's pair of outputs is swapped between the two
    systems with probability 1/2 (sacreBLEU's ``rng.integers(2, size=(n_samples,
    n_segments), dtype=bool)``), giving two pseudo-systems A and B; the
    statistic is |A - B|. ``n_ar_confidence`` > 0 also gives bootstrap means and
    ``±`` for both systems, from the same random numbers sacreBLEU uses
    (the system's resamples are drawn after the swaps, the baseline's from a
    fresh generator with the same seed).

    >>> refs = [["the cat sat on the mat"], ["a dog barked at the postman"]]
    >>> base = ["the cat sat on a mat", "a dog barked at a man"]
    >>> system = ["the cat sat on the mat", "a dog barked at the postman"]
    >>> r = paired_approximate_randomization(base, system, refs, n_samples=99)
    >>> r.test, r.observed_delta == r.system_score - r.baseline_score > 0, len(r.sample_deltas)
    ('ar', True, 99)
    """
    n_samples, seed = rs.check_draws(n_samples, seed)
    _check_ar_confidence(n_ar_confidence)
    config = rs.resampling_config(preset, settings)
    n_scores = 2 * n_samples + 2 * max(n_ar_confidence, 0)
    counted = rs.count_systems([baseline, system], references, config, progress, n_scores)
    return _paired_ar(counted, n_samples, seed, n_ar_confidence)


def paired_approximate_randomization_of_results(
    baseline: CorpusExplanation, system: CorpusExplanation, *, n_samples: int = rs.DEFAULT_AR_TRIALS,
    seed: Optional[int] = rs.DEFAULT_SEED, n_ar_confidence: int = -1, progress: Optional[bool] = None,
) -> PairedTestResult:
    """:func:`paired_approximate_randomization` on two corpus results already computed: the same trials and
    p-value, without counting any n-gram again.

    >>> import numpy as np
    >>> import bleu_explain as bx
    >>> refs = [["it is raining again"], ["the sun shines on the hills"], ["a cold wind blows"]]
    >>> old, new = (bx.explain_corpus(outputs, refs) for outputs in (["it rains again", "sun on hills", "cold wind"],
    ...             ["it is raining again", "the sun shines on hills", "a cold wind blew"]))
    >>> r = paired_approximate_randomization_of_results(old, new, n_samples=99, n_ar_confidence=20)
    >>> texts = paired_approximate_randomization(old.candidates, new.candidates, refs, n_samples=99, n_ar_confidence=20)
    >>> np.array_equal(r.sample_deltas, texts.sample_deltas), r.system_ci == texts.system_ci
    (True, True)
    """
    n_samples, seed = rs.check_draws(n_samples, seed)
    _check_ar_confidence(n_ar_confidence)
    counted = rs.counted_results([baseline, system], progress, 2 * n_samples + 2 * max(n_ar_confidence, 0))
    return _paired_ar(counted, n_samples, seed, n_ar_confidence)


def _check_ar_confidence(n_ar_confidence: Any) -> None:
    if isinstance(n_ar_confidence, bool) or not isinstance(n_ar_confidence, int) or n_ar_confidence == 0 \
            or n_ar_confidence < -1:
        raise BleuInputError(f"n_ar_confidence must be -1 (no interval) or a whole number >= 1, got {n_ar_confidence!r}")


def _paired_ar(counted: rs.CountedSystems, n_samples: int, seed: Optional[int], n_ar_confidence: int) -> PairedTestResult:
    """Approximate randomization itself, on the two systems' segment statistics."""
    import numpy as np

    rng = np.random.default_rng(seed)
    pos_sel = rng.integers(2, size=(n_samples, counted.n_segments), dtype=bool)
    bl_matrix, sy_matrix = counted.matrices()
    # A = pos @ baseline + (1 - pos) @ system = pos @ (baseline - system) + sum(system); B = total - A
    shuf_a = rs.selected_sums(bl_matrix - sy_matrix, pos_sel) + sy_matrix.sum(axis=0)
    shuf_b = (bl_matrix.sum(axis=0) + sy_matrix.sum(axis=0)) - shuf_a
    config, show = counted.config, counted.show_progress
    scores_a = rs.score_resamples(shuf_a, config, progress=show, desc="randomization: pseudo-system A")
    scores_b = rs.score_resamples(shuf_b, config, progress=show, desc="randomization: pseudo-system B")
    intervals: dict[str, Any] = {"n_ar_confidence": n_ar_confidence}
    counts = [("ar", n_samples)]
    if n_ar_confidence > 0:
        intervals.update(_ar_confidence(rng, bl_matrix, sy_matrix, config, seed, n_ar_confidence))
        counts.insert(0, ("bs", n_ar_confidence))
    return paired_result("ar", counted.observed_scores(), (scores_a, scores_b), np.abs(scores_a - scores_b),
                         n_samples=n_samples, seed=seed, signature=counted.signature(counts, seed), **intervals)


def _ar_confidence(rng: "np.random.Generator", bl_matrix: "np.ndarray", sy_matrix: "np.ndarray", config: BleuConfig,
                   seed: Optional[int], n_ar_confidence: int) -> dict[str, float]:
    """sacreBLEU's bootstrap means and ``±`` beside approximate randomization (``--paired-ar-confidence-n``).

    The system's resamples are drawn by the trials' generator after the swaps;
    the baseline's by a fresh generator with the same seed.
    """
    import numpy as np

    n_seg = len(bl_matrix)
    sy_idxs = rs.draw_resamples(rng, n_seg, n_ar_confidence)
    sy_mean, sy_ci, _, _ = rs.estimate_ci(rs.bootstrap_scores(rs.resample_sums(sy_matrix, sy_idxs), config))
    bl_idxs = rs.draw_resamples(np.random.default_rng(seed), n_seg, n_ar_confidence)
    bl_mean, bl_ci, _, _ = rs.estimate_ci(rs.bootstrap_scores(rs.resample_sums(bl_matrix, bl_idxs), config))
    return {"baseline_mean": bl_mean, "baseline_ci": bl_ci, "system_mean": sy_mean, "system_ci": sy_ci}
