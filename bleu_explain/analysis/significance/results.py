"""What the resampling tests return: a bootstrap interval, or a paired test with its resampled scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from ..resampling import p_value

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np


@dataclass(frozen=True)
class BootstrapResult:
    """A bootstrap confidence interval for one system's corpus score (0-100 scale).

    ``ci`` is sacreBLEU's ``±``: half the distance between the 2.5% and 97.5%
    resampled scores (the n//40-th from each end of the sorted scores);
    ``lower``/``upper`` are those two scores; ``mean`` is the mean of the
    resampled scores (sacreBLEU prints ``μ = mean ± ci``).
    """

    score: float
    mean: float
    ci: float
    lower: float
    upper: float
    sample_scores: "np.ndarray"
    n_samples: int
    seed: Optional[int]
    signature: str

    def __repr__(self) -> str:
        return (f"BootstrapResult(score={self.score:.2f}, mean={self.mean:.2f}, ci={self.ci:.2f}, "
                f"lower={self.lower:.2f}, upper={self.upper:.2f}, n_samples={self.n_samples}, seed={self.seed})")

    def format(self, width: int = 2) -> str:
        """As sacreBLEU prints it: ``25.32 (μ = 25.30 ± 0.84)``."""
        return f"{self.score:.{width}f} (μ = {self.mean:.{width}f} ± {self.ci:.{width}f})"


@dataclass(frozen=True)
class PairedTestResult:
    """A paired significance test of ``system`` against ``baseline`` (scores on the 0-100 scale).

    ``observed_delta`` is system - baseline. ``statistic`` is what the test
    compares: ``|observed_delta|``. ``sample_deltas`` are the resampled values of
    the test's statistic (for ``bs``: |system - baseline| of each resample minus
    their mean; for ``ar``: |A - B| of each shuffled pair of pseudo-systems);
    ``p_value`` = (number of sample_deltas > statistic + 1) / (n_samples + 1).
    ``signed_deltas`` are the resampled system - baseline differences (bs) or
    B - A differences (ar, B being the system when nothing is swapped), and
    ``baseline_sample_scores``/``system_sample_scores`` the resampled scores
    themselves. ``system_mean``/``system_ci`` (and the baseline's) are
    sacreBLEU's bootstrap mean and ``±`` (for ``ar`` only with ``n_ar_confidence``).
    """

    test: str
    baseline_score: float
    system_score: float
    observed_delta: float
    statistic: float
    p_value: float
    sample_deltas: "np.ndarray"
    signed_deltas: "np.ndarray"
    baseline_sample_scores: "np.ndarray"
    system_sample_scores: "np.ndarray"
    n_samples: int
    seed: Optional[int]
    signature: str
    baseline_mean: Optional[float] = None
    baseline_ci: Optional[float] = None
    system_mean: Optional[float] = None
    system_ci: Optional[float] = None
    n_ar_confidence: int = -1

    def __repr__(self) -> str:
        return (f"PairedTestResult(test={self.test!r}, baseline_score={self.baseline_score:.2f}, "
                f"system_score={self.system_score:.2f}, observed_delta={self.observed_delta:+.2f}, "
                f"p_value={self.p_value:.4f}, n_samples={self.n_samples}, seed={self.seed})")

    def significant(self, level: float = 0.05) -> bool:
        """Whether p < level (sacreBLEU marks a system with ``*`` at p < 0.05)."""
        return self.p_value < level

    def summary(self) -> str:
        """One line in words (the p-value as a table shows it: "p < 0.0001" at 10,000 trials' floor)."""
        from ..agreement import p_in_words

        name = {"bs": "paired bootstrap", "ar": "approximate randomization"}[self.test]
        verdict = "significant" if self.significant() else "not significant"
        return (f"{name} ({self.n_samples} {'resamples' if self.test == 'bs' else 'trials'}, seed {self.seed}): "
                f"system {self.system_score:.2f} vs baseline {self.baseline_score:.2f}, "
                f"delta {self.observed_delta:+.2f}, {p_in_words(self.p_value)} ({verdict} at 0.05)")


def paired_result(test: str, observed: Sequence[float], resampled: "Sequence[np.ndarray]",
                  sample_deltas: "np.ndarray", *, n_samples: int, seed: Optional[int], signature: str,
                  **intervals) -> PairedTestResult:
    """A :class:`PairedTestResult` from what a paired test computed.

    ``observed``: the (baseline, system) scores; ``resampled``: their scores in
    every resample (for ``ar``: pseudo-systems A and B); ``sample_deltas``: the
    test's statistic in every resample. The statistic is |baseline - system|
    and the p-value is :func:`~bleu_explain.analysis.resampling.p_value`'s.
    ``intervals``: the bootstrap means and ``±`` (``baseline_mean`` ...) and ``n_ar_confidence``.

    >>> import numpy as np
    >>> r = paired_result("ar", (20.0, 25.0), (np.array([22.0, 25.0]), np.array([23.0, 20.0])), np.array([1.0, 5.0]),
    ...                   n_samples=2, seed=1, signature="nrefs:1|ar:2|seed:1")
    >>> r.observed_delta, r.statistic, r.p_value, r.signed_deltas.tolist()
    (5.0, 5.0, 0.3333333333333333, [1.0, -5.0])
    """
    bl_score, sy_score = observed
    bl_scores, sy_scores = resampled
    statistic = abs(bl_score - sy_score)
    return PairedTestResult(
        test=test,
        baseline_score=bl_score,
        system_score=sy_score,
        observed_delta=sy_score - bl_score,
        statistic=statistic,
        p_value=p_value(sample_deltas, statistic),
        sample_deltas=sample_deltas,
        signed_deltas=sy_scores - bl_scores,
        baseline_sample_scores=bl_scores,
        system_sample_scores=sy_scores,
        n_samples=n_samples,
        seed=seed,
        signature=signature,
        **intervals,
    )
