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

Every resample is scored by :func:`bleu_explain.engine.combine.combine_counts` from the
summed segment statistics of :func:`bleu_explain.engine.statistics.corpus_statistics`: the
same one computation as everywhere else, so any preset and any setting can be
tested, not only sacreBLEU's. The results keep the resampled scores, so that a
plot can show the distribution and where the observed difference falls.

sacreBLEU's conventions that are kept on purpose:

* ``seed=12345`` and 1,000 bootstrap samples / 10,000 AR trials are the defaults;
  ``seed=None`` draws fresh entropy (sacreBLEU's ``SACREBLEU_SEED=None``).
  sacreBLEU itself treats a seed of 0 in the paired tests as "no seed"; here 0 is
  an ordinary seed.
* The paired tests are two-sided and their p-value is (c + 1) / (n + 1), where
  c counts resamples whose statistic is strictly greater than the observed one.
* In the bootstrap, sacreBLEU keeps the statistics as float32 numbers, so the
  precisions of a resample are float32 divisions. With a sacreBLEU-rule preset
  we give ``combine_counts`` the same float32 sums, and every resampled score
  then equals sacreBLEU's to the last bit (the counts are whole numbers far
  below 2**24, where float32 is exact; only the division is rounded).

>>> hyps = ["the cat sat on the mat", "a dog barked", "it rained all day long"]
>>> refs = [["the cat sat on a mat"], ["the dog barked"], ["it rained all day"]]
>>> r = bootstrap_ci(hyps, refs, n_samples=100)
>>> r.n_samples, len(r.sample_scores), r.lower <= r.mean <= r.upper
(100, 100, True)
"""

from __future__ import annotations

import statistics as _statistics
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ..engine.errors import BleuInputError
from .resampling import (  # noqa: F401  (stats_matrix, score_sums, estimate_ci, p_value: part of this module's API)
    _LAST_PAIR_METHODS,
    _check_resamplable,
    _check_samples,
    _check_seed,
    _resample_sums,
    _rule_breakdown,
    _scores_with_progress,
    _seed_text,
    _select_sums,
    _shared_statistics,
    _show_progress,
    _signature,
    _statistics_for,
    estimate_ci,
    p_value,
    score_sums,
    stats_matrix,
)

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import pandas as pd

    from ..engine.config import BleuConfig
    from ..engine.statistics import SegmentStats
    from ..results import CorpusExplanation


#: sacreBLEU's defaults.
DEFAULT_SEED = 12345
DEFAULT_BOOTSTRAP_SAMPLES = 1000
DEFAULT_AR_TRIALS = 10000

# ---------------------------------------------------------------------- results
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
        """One line in words."""
        name = {"bs": "paired bootstrap", "ar": "approximate randomization"}[self.test]
        verdict = "significant" if self.significant() else "not significant"
        return (f"{name} ({self.n_samples} {'resamples' if self.test == 'bs' else 'trials'}, seed {self.seed}): "
                f"system {self.system_score:.2f} vs baseline {self.baseline_score:.2f}, "
                f"delta {self.observed_delta:+.2f}, p = {self.p_value:.4f} ({verdict} at 0.05)")


# ---------------------------------------------------------------------- single-system bootstrap
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
    n_samples = _check_samples(n_samples, "n_samples")
    seed = _check_seed(seed)
    from ..api import make_config

    config = make_config(preset, **settings)
    _check_resamplable(config)
    refs, stats, show = _statistics_for(candidates, references, config, progress, n_samples)
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
    n_samples = _check_samples(n_samples, "n_samples")
    seed = _check_seed(seed)
    _check_resamplable(result.config)
    show = _show_progress(progress, 0, n_samples)
    return _bootstrap_of_statistics(result.segment_stats, result.references, result.config, n_samples, seed, show)


def _bootstrap_of_statistics(stats: Sequence[SegmentStats], refs: Sequence[Sequence[str]], config: BleuConfig,
                             n_samples: int, seed: Optional[int], show: bool) -> BootstrapResult:
    """The bootstrap itself, on one system's segment statistics."""
    import numpy as np

    observed = _rule_breakdown(stats, config).score
    matrix = stats_matrix(stats, config.max_order)
    rng = np.random.default_rng(seed)
    idxs = rng.choice(len(stats), size=(n_samples, len(stats)), replace=True)
    sums = _resample_sums(matrix, idxs)
    scores = _scores_with_progress(sums, config, config.combine == "sacrebleu", show, "bootstrap resamples")
    ordered = sorted(scores.tolist())
    lower_idx = len(ordered) // 40
    lower, upper = ordered[lower_idx], ordered[len(ordered) - lower_idx - 1]
    return BootstrapResult(
        score=observed,
        mean=float(_statistics.mean(ordered)),
        ci=0.5 * (upper - lower),
        lower=lower,
        upper=upper,
        sample_scores=scores,
        n_samples=n_samples,
        seed=seed,
        signature=_signature(config, refs, [("bs", n_samples), ("seed", _seed_text(seed))]),
    )


# ---------------------------------------------------------------------- paired tests
def paired_bootstrap(
    baseline: Sequence[str],
    system: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES,
    seed: Optional[int] = DEFAULT_SEED,
    preset: str = "sacrebleu",
    progress: Optional[bool] = None,
    **settings,
) -> PairedTestResult:
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

    n_samples = _check_samples(n_samples, "n_samples")
    seed = _check_seed(seed)
    from ..api import make_config

    config = make_config(preset, **settings)
    _check_resamplable(config)
    refs, bl_stats, sy_stats, show = _shared_statistics(baseline, system, references, config, progress,
                                                        2 * n_samples)
    return _paired_bootstrap_of_statistics(bl_stats, sy_stats, refs, config, n_samples, seed, show)


def paired_bootstrap_of_results(baseline: CorpusExplanation, system: CorpusExplanation, *,
                                n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES, seed: Optional[int] = DEFAULT_SEED,
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
    config = system.config
    _check_same_setting(baseline, system)
    n_samples = _check_samples(n_samples, "n_samples")
    seed = _check_seed(seed)
    _check_resamplable(config)
    show = _show_progress(progress, 0, 2 * n_samples)
    return _paired_bootstrap_of_statistics(baseline.segment_stats, system.segment_stats, system.references, config,
                                           n_samples, seed, show)


def _check_same_setting(baseline: CorpusExplanation, system: CorpusExplanation) -> None:
    if baseline.config != system.config or len(baseline) != len(system) or baseline.references != system.references:
        raise BleuInputError("the two results must score the same segments against the same references with the "
                             "same settings")


def _paired_bootstrap_of_statistics(bl_stats: Sequence[SegmentStats], sy_stats: Sequence[SegmentStats],
                                    refs: Sequence[Sequence[str]], config: BleuConfig, n_samples: int,
                                    seed: Optional[int], show: bool) -> PairedTestResult:
    """The paired bootstrap itself, on the two systems' segment statistics."""
    import numpy as np

    bl_score = _rule_breakdown(bl_stats, config).score
    sy_score = _rule_breakdown(sy_stats, config).score
    rng = np.random.default_rng(seed)
    idxs = rng.choice(len(bl_stats), size=(n_samples, len(bl_stats)), replace=True)
    float32 = config.combine == "sacrebleu"
    bl_sums = _resample_sums(stats_matrix(bl_stats, config.max_order), idxs)
    sy_sums = _resample_sums(stats_matrix(sy_stats, config.max_order), idxs)
    bl_scores = _scores_with_progress(bl_sums, config, float32, show, "bootstrap: baseline")
    sy_scores = _scores_with_progress(sy_sums, config, float32, show, "bootstrap: system")
    bl_mean, bl_ci, _, _ = estimate_ci(bl_scores)
    sy_mean, sy_ci, _, _ = estimate_ci(sy_scores)
    diff = abs(bl_score - sy_score)
    sample_diffs = np.abs(sy_scores - bl_scores)
    centred = sample_diffs - sample_diffs.mean()
    return PairedTestResult(
        test="bs",
        baseline_score=bl_score,
        system_score=sy_score,
        observed_delta=sy_score - bl_score,
        statistic=diff,
        p_value=p_value(centred, diff),
        sample_deltas=centred,
        signed_deltas=sy_scores - bl_scores,
        baseline_sample_scores=bl_scores,
        system_sample_scores=sy_scores,
        n_samples=n_samples,
        seed=seed,
        signature=_signature(config, refs, [("bs", n_samples), ("seed", _seed_text(seed))]),
        baseline_mean=bl_mean,
        baseline_ci=bl_ci,
        system_mean=sy_mean,
        system_ci=sy_ci,
    )


def paired_approximate_randomization(
    baseline: Sequence[str],
    system: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    n_samples: int = DEFAULT_AR_TRIALS,
    seed: Optional[int] = DEFAULT_SEED,
    n_ar_confidence: int = -1,
    preset: str = "sacrebleu",
    progress: Optional[bool] = None,
    **settings,
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
    n_samples = _check_samples(n_samples, "n_samples")
    seed = _check_seed(seed)
    _check_ar_confidence(n_ar_confidence)
    from ..api import make_config

    config = make_config(preset, **settings)
    _check_resamplable(config)
    n_scores = 2 * n_samples + 2 * max(n_ar_confidence, 0)
    refs, bl_stats, sy_stats, show = _shared_statistics(baseline, system, references, config, progress, n_scores)
    return _paired_ar_of_statistics(bl_stats, sy_stats, refs, config, n_samples, seed, n_ar_confidence, show)


def paired_approximate_randomization_of_results(
    baseline: CorpusExplanation, system: CorpusExplanation, *, n_samples: int = DEFAULT_AR_TRIALS,
    seed: Optional[int] = DEFAULT_SEED, n_ar_confidence: int = -1, progress: Optional[bool] = None,
) -> PairedTestResult:
    """:func:`paired_approximate_randomization` on two corpus results already computed: the same trials and
    p-value, without counting any n-gram again.

    >>> from bleu_explain import explain_corpus
    >>> refs = [["the cat sat on the mat"], ["a dog barked at the postman"]]
    >>> base = explain_corpus(["the cat sat on a mat", "a dog barked at a man"], refs)
    >>> system = explain_corpus(["the cat sat on the mat", "a dog barked at the postman"], refs)
    >>> again = paired_approximate_randomization(base.candidates, system.candidates, refs, n_samples=99)
    >>> paired_approximate_randomization_of_results(base, system, n_samples=99).p_value == again.p_value
    True
    """
    _check_same_setting(baseline, system)
    n_samples = _check_samples(n_samples, "n_samples")
    seed = _check_seed(seed)
    _check_ar_confidence(n_ar_confidence)
    _check_resamplable(system.config)
    show = _show_progress(progress, 0, 2 * n_samples + 2 * max(n_ar_confidence, 0))
    return _paired_ar_of_statistics(baseline.segment_stats, system.segment_stats, system.references, system.config,
                                    n_samples, seed, n_ar_confidence, show)


def _check_ar_confidence(n_ar_confidence: Any) -> None:
    if isinstance(n_ar_confidence, bool) or not isinstance(n_ar_confidence, int) or n_ar_confidence == 0 \
            or n_ar_confidence < -1:
        raise BleuInputError(f"n_ar_confidence must be -1 (no interval) or a whole number >= 1, got {n_ar_confidence!r}")


def _paired_ar_of_statistics(bl_stats: Sequence[SegmentStats], sy_stats: Sequence[SegmentStats],
                             refs: Sequence[Sequence[str]], config: BleuConfig, n_samples: int, seed: Optional[int],
                             n_ar_confidence: int, show: bool) -> PairedTestResult:
    """Approximate randomization itself, on the two systems' segment statistics."""
    import numpy as np

    bl_score = _rule_breakdown(bl_stats, config).score
    sy_score = _rule_breakdown(sy_stats, config).score
    n_seg = len(bl_stats)
    rng = np.random.default_rng(seed)
    pos_sel = rng.integers(2, size=(n_samples, n_seg), dtype=bool)
    bl_matrix = stats_matrix(bl_stats, config.max_order)
    sy_matrix = stats_matrix(sy_stats, config.max_order)
    # A = pos @ baseline + (1 - pos) @ system = pos @ (baseline - system) + sum(system); B = total - A
    shuf_a = _select_sums(bl_matrix - sy_matrix, pos_sel) + sy_matrix.sum(axis=0)
    shuf_b = (bl_matrix.sum(axis=0) + sy_matrix.sum(axis=0)) - shuf_a
    scores_a = _scores_with_progress(shuf_a, config, False, show, "randomization: pseudo-system A")
    scores_b = _scores_with_progress(shuf_b, config, False, show, "randomization: pseudo-system B")
    diff = abs(bl_score - sy_score)
    sample_stat = np.abs(scores_a - scores_b)
    bl_mean = bl_ci = sy_mean = sy_ci = None
    fields: list[tuple[str, Any]] = []
    if n_ar_confidence > 0:
        float32 = config.combine == "sacrebleu"
        bs_idxs = rng.choice(n_seg, size=(n_ar_confidence, n_seg), replace=True)
        sy_mean, sy_ci, _, _ = estimate_ci(score_sums(_resample_sums(sy_matrix, bs_idxs), config, float32))
        bl_idxs = np.random.default_rng(seed).choice(n_seg, size=(n_ar_confidence, n_seg), replace=True)
        bl_mean, bl_ci, _, _ = estimate_ci(score_sums(_resample_sums(bl_matrix, bl_idxs), config, float32))
        fields.append(("bs", n_ar_confidence))
    fields += [("ar", n_samples), ("seed", _seed_text(seed))]
    return PairedTestResult(
        test="ar",
        baseline_score=bl_score,
        system_score=sy_score,
        observed_delta=sy_score - bl_score,
        statistic=diff,
        p_value=p_value(sample_stat, diff),
        sample_deltas=sample_stat,
        signed_deltas=scores_b - scores_a,
        baseline_sample_scores=scores_a,
        system_sample_scores=scores_b,
        n_samples=n_samples,
        seed=seed,
        signature=_signature(config, refs, fields),
        baseline_mean=bl_mean,
        baseline_ci=bl_ci,
        system_mean=sy_mean,
        system_ci=sy_ci,
        n_ar_confidence=n_ar_confidence,
    )


def paired_tests_table(
    systems: "dict[str, Sequence[str]]",
    references: Sequence[Sequence[str]],
    *,
    baseline: Optional[str] = None,
    test: str = "bs",
    n_samples: Optional[int] = None,
    seed: Optional[int] = DEFAULT_SEED,
    preset: str = "sacrebleu",
    **settings,
) -> "pd.DataFrame":
    """sacreBLEU's paired-test table: every system against the baseline (the first system unless named).

    Columns: score, delta, p_value, significant, and (bs) mean and ci.
    """
    import pandas as pd

    if test not in ("bs", "ar"):
        raise BleuInputError(f"test must be 'bs' (paired bootstrap) or 'ar' (approximate randomization), got {test!r}")
    if not systems:
        raise BleuInputError("give at least two systems to compare")
    names = list(systems)
    base = names[0] if baseline is None else baseline
    if base not in systems:
        raise BleuInputError(f"no system named {base!r}; the systems are {names}")
    if len(names) < 2:
        raise BleuInputError("give at least two systems to compare")
    fn = paired_bootstrap if test == "bs" else paired_approximate_randomization
    n = n_samples or (DEFAULT_BOOTSTRAP_SAMPLES if test == "bs" else DEFAULT_AR_TRIALS)
    rows = []
    first = None
    for name in names:
        if name == base:
            continue
        r = fn(systems[base], systems[name], references, n_samples=n, seed=seed, preset=preset, **settings)
        if first is None:
            first = r
            rows.append({"system": base, "score": r.baseline_score, "delta": 0.0, "p_value": None,
                         "significant": None, "mean": r.baseline_mean, "ci": r.baseline_ci})
        rows.append({"system": name, "score": r.system_score, "delta": r.observed_delta, "p_value": r.p_value,
                     "significant": r.significant(), "mean": r.system_mean, "ci": r.system_ci})
    return pd.DataFrame(rows).set_index("system")
