"""The machinery of the resampling tests: segment statistics as arrays, resampled sums, their scores.

:mod:`bleu_explain.analysis.significance` draws the resamples (sacreBLEU's
random numbers, in sacreBLEU's order); this module turns segment statistics
into a matrix, sums the rows a resample picks, scores every sum with the
engine's one combination, and reads intervals and p-values off the scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from ..engine.config import BleuConfig
from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from ..engine.signature import Signature
    from ..engine.statistics import SegmentStats

#: Rough costs on a laptop-class core, to decide whether work takes more than about a second
#: (and so shows a progress bar): counting one segment of one system, scoring one resample.
_SECONDS_PER_SEGMENT = 1.5e-4
_SECONDS_PER_SCORE = 6e-6
#: Rows of resamples summed at a time (keeps memory flat for 10,000 AR trials).
_CHUNK_ROWS = 1000


# ---------------------------------------------------------------------- statistics as arrays
def stats_matrix(stats: Sequence["SegmentStats"], max_order: int) -> "np.ndarray":
    """Segment statistics as an int64 matrix, one row per segment.

    Columns: hyp_len, ref_len, matches_1..N, totals_1..N (sacreBLEU's layout).
    """
    import numpy as np

    return np.array([[s.hyp_len, s.ref_len, *s.matches, *s.totals] for s in stats], dtype=np.int64).reshape(
        len(stats), 2 + 2 * max_order)


def score_sums(sums: "np.ndarray", config: BleuConfig, float32: bool = False) -> "np.ndarray":
    """Score each row of summed statistics with :func:`~bleu_explain.engine.combine.combine_counts` (0-100 scale).

    ``float32``: hand the matches and totals over as float32 numbers, as
    sacreBLEU's bootstrap does (for the sacreBLEU rules only).
    """
    import numpy as np

    from ..engine.combine import combine_counts

    n = config.max_order
    lengths = sums[:, :2].astype(np.int64).tolist()
    if float32:
        counts = sums[:, 2:].astype(np.float32)
        rows = [list(r) for r in counts]
    else:
        rows = sums[:, 2:].astype(np.int64).tolist()
    out = np.empty(len(rows), dtype=np.float64)
    for i, ((hyp_len, ref_len), row) in enumerate(zip(lengths, rows)):
        out[i] = combine_counts(row[:n], row[n:], hyp_len, ref_len, config).score
    return out


def _resample_sums(matrix: "np.ndarray", idxs: "np.ndarray") -> "np.ndarray":
    """The summed statistics of each resample (rows of ``idxs`` index segments), exactly."""
    import numpy as np

    n_rows, n_seg = idxs.shape
    out = np.empty((n_rows, matrix.shape[1]), dtype=np.int64)
    values = matrix.astype(np.float64)
    for start in range(0, n_rows, _CHUNK_ROWS):
        block = idxs[start:start + _CHUNK_ROWS]
        rows = block.shape[0]
        flat = (block + (np.arange(rows, dtype=np.int64) * n_seg)[:, None]).ravel()
        counts = np.bincount(flat, minlength=rows * n_seg).reshape(rows, n_seg).astype(np.float64)
        out[start:start + rows] = np.rint(counts @ values).astype(np.int64)
    return out


def _select_sums(matrix: "np.ndarray", selector: "np.ndarray") -> "np.ndarray":
    """Rows of ``selector`` (booleans per segment) times the statistics, summed exactly."""
    import numpy as np

    out = np.empty((selector.shape[0], matrix.shape[1]), dtype=np.int64)
    values = matrix.astype(np.float64)
    for start in range(0, selector.shape[0], _CHUNK_ROWS):
        block = selector[start:start + _CHUNK_ROWS].astype(np.float64)
        out[start:start + block.shape[0]] = np.rint(block @ values).astype(np.int64)
    return out


def estimate_ci(scores: "np.ndarray") -> tuple[float, float, float, float]:
    """sacreBLEU's ``estimate_ci``: (mean, half-width, lower, upper) of resampled scores.

    The bounds are the (n // 40)-th scores from each end of the sorted scores.

    >>> estimate_ci(__import__("numpy").arange(40.0))
    (19.5, 18.5, 1.0, 38.0)
    """
    import numpy as np

    ordered = np.sort(np.asarray(scores, dtype=np.float64))
    n = len(ordered)
    if n == 0:
        raise BleuInputError("no resampled scores to estimate an interval from")
    lower_idx = n // 40
    upper_idx = n - lower_idx - 1
    lower, upper = float(ordered[lower_idx]), float(ordered[upper_idx])
    return float(ordered.mean()), 0.5 * (upper - lower), lower, upper


def p_value(sample_statistics: "np.ndarray", observed: float) -> float:
    """(c + 1) / (n + 1), c = how many samples are strictly greater than the observed statistic.

    >>> p_value(__import__("numpy").array([0.1, 0.5, 0.9]), 0.5)
    0.5
    """
    import numpy as np

    c = int(np.sum(np.asarray(sample_statistics) > observed))
    return (c + 1) / (len(sample_statistics) + 1)


# ---------------------------------------------------------------------- inputs
def _check_samples(n_samples: Any, what: str) -> int:
    if isinstance(n_samples, bool) or not isinstance(n_samples, int) or n_samples < 1:
        raise BleuInputError(f"{what} must be a whole number >= 1, got {n_samples!r}")
    return n_samples


def _check_seed(seed: Any) -> Optional[int]:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BleuInputError(f"seed must be a whole number >= 0 or None, got {seed!r}")
    return seed


def _statistics_for(candidates: Sequence[str], references: Sequence[Sequence[str]], config: BleuConfig,
                    progress: Optional[bool], n_scores: int):
    from ..engine.statistics import corpus_statistics
    from ..engine.validation import check_corpus

    cands, refs = check_corpus(candidates, references)
    show = _show_progress(progress, len(cands), n_scores)
    stats, _ = corpus_statistics(cands, refs, config, progress=show)
    return refs, stats, show


def _shared_statistics(baseline: Sequence[str], system: Sequence[str], references: Sequence[Sequence[str]],
                       config: BleuConfig, progress: Optional[bool], n_scores: int):
    """Segment statistics of two systems against the same references (counting the references once)."""
    from ..engine.statistics import corpus_statistics, prepare_references
    from ..engine.validation import check_system

    bl, refs = check_system("baseline", baseline, references)
    sy, _ = check_system("system", system, references)
    show = _show_progress(progress, 2 * len(bl), n_scores)
    prepared = prepare_references(refs, config)
    bl_stats, _ = corpus_statistics(bl, prepared, config, progress=show)
    sy_stats, _ = corpus_statistics(sy, prepared, config, progress=show)
    return refs, bl_stats, sy_stats, show


#: NLTK smoothing methods that look at the last segment's tokens: a resample has no fixed last segment.
_LAST_PAIR_METHODS = ("method5", "method6", "method7")


def _check_resamplable(config: BleuConfig) -> None:
    if config.combine == "nltk" and config.smooth in _LAST_PAIR_METHODS:
        raise BleuInputError(
            f"NLTK's smoothing {config.smooth} reads the tokens of the corpus's LAST segment, so a resampled "
            "corpus would be scored by whichever segment happened to be drawn last; choose another smoothing "
            "(e.g. method1 or method3) for bootstrap and randomization tests"
        )


def _rule_breakdown(stats, config: BleuConfig):
    from ..engine.statistics import score_statistics

    return score_statistics(stats, config)


def _signature(config: BleuConfig, refs: Sequence[Sequence[str]], fields: list[tuple[str, Any]]) -> "Signature":
    """Our signature with sacreBLEU's resampling fields after ``nrefs`` (e.g. ``bs:1000|seed:12345``)."""
    from ..engine.signature import make_signature

    return make_signature(config, [len(r) for r in refs]).with_fields(fields)


def _seed_text(seed: Optional[int]) -> str:
    return "none" if seed is None else str(seed)


def _scores_with_progress(sums: "np.ndarray", config: BleuConfig, float32: bool, show: bool, desc: str):
    """Score rows of summed statistics, with a progress bar when ``show``."""
    import numpy as np

    if not show:
        return score_sums(sums, config, float32)
    from ..engine.progress import progress_bar

    step = 1000
    parts = []
    for start in progress_bar(range(0, len(sums), step), total=-(-len(sums) // step), desc=desc):
        parts.append(score_sums(sums[start:start + step], config, float32))
    return np.concatenate(parts) if parts else np.empty(0)


def _show_progress(progress: Optional[bool], segments: int, scores: int) -> bool:
    """``progress`` if given, else whether the work (counting, then scoring) would take over about a second."""
    if progress is not None:
        return bool(progress)
    return segments * _SECONDS_PER_SEGMENT + scores * _SECONDS_PER_SCORE > 1.0
