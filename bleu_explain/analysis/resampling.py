"""The machinery of the resampling tests: segment statistics as arrays, resampled sums, their scores.

The tests of :mod:`bleu_explain.analysis.significance` draw the resamples
(sacreBLEU's random numbers, in sacreBLEU's order) and read their answers off
what this module computes:

1. :func:`count_systems` counts each segment of one or two systems once,
   with the engine's :class:`~bleu_explain.engine.corpus.CorpusStatistics`, the references once for both
   (:func:`counted_results` takes the statistics corpus
   results already hold); :func:`stats_matrix` lays them out as a matrix, one
   row per segment.
2. :func:`draw_resamples` draws sacreBLEU's bootstrap resamples;
   :func:`resample_sums` and :func:`selected_sums` sum the rows a resample
   picks, exactly.
3. :func:`score_resamples` scores every sum as one corpus with
   :func:`bleu_explain.engine.statistics.score_statistics`: the engine's one
   scoring function, so every preset and setting can be tested.
   :func:`bootstrap_scores` scores the bootstrap's sums as sacreBLEU does,
   from float32 statistics.
4. :func:`estimate_ci` and :func:`p_value` read intervals and p-values off the scores.

A resample scores as the corpus of the segments it draws:

>>> import numpy as np
>>> from bleu_explain import explain_corpus
>>> from bleu_explain.engine.presets import get_preset
>>> from bleu_explain.engine.corpus import CorpusStatistics
>>> cands = ["the cat sat on the mat", "a dog barked at the postman today"]
>>> refs = [["the cat sat on a mat"], ["the dog barked at the postman"]]
>>> config = get_preset("sacrebleu")
>>> stats = CorpusStatistics(cands, refs).statistics(config)
>>> matrix = stats_matrix(stats, config.max_order)
>>> matrix.tolist()
[[6, 6, 5, 3, 2, 1, 6, 5, 4, 3], [7, 6, 5, 4, 3, 2, 7, 6, 5, 4]]
>>> scores = score_resamples(resample_sums(matrix, np.array([[0, 1], [1, 1]])), config)
>>> scores.tolist()[1] == explain_corpus([cands[1], cands[1]], [refs[1], refs[1]]).score
True

sacreBLEU's bootstrap divides float32 statistics, which moves a score in its sixth decimal:

>>> [round(s, 7) for s in bootstrap_scores(resample_sums(matrix, np.array([[0, 1], [1, 1]])), config).tolist()]
[58.4289643, 61.4788152]
>>> round(explain_corpus(cands, refs).score, 7)
58.4289629
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ..engine.config import BleuConfig
from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from ..engine.signature import Signature
    from ..engine.statistics import SegmentStats
    from ..results import CorpusExplanation

#: sacreBLEU's defaults: the seed, the bootstrap's resamples, approximate randomization's trials.
DEFAULT_SEED = 12345
DEFAULT_BOOTSTRAP_SAMPLES = 1000
DEFAULT_AR_TRIALS = 10000

#: Rough costs on a laptop-class core, to decide whether work takes more than about a second
#: (and so shows a progress bar): counting one segment of one system, scoring one resample.
_SECONDS_PER_SEGMENT = 1.5e-4
_SECONDS_PER_SCORE = 6e-6
#: Rows of resamples summed (and scored between two steps of a progress bar) at a time:
#: keeps memory flat for 10,000 AR trials.
_CHUNK_ROWS = 1000
#: NLTK smoothing methods that look at the last segment's tokens: a resample has no fixed last segment.
_LAST_PAIR_METHODS = ("method5", "method6", "method7")


# ---------------------------------------------------------------------- inputs
def check_draws(n_samples: Any, seed: Any) -> tuple[int, Optional[int]]:
    """``(n_samples, seed)``, refused unless ``n_samples`` is a whole number >= 1 and ``seed`` a whole number
    >= 0 or None (fresh entropy)."""
    if isinstance(n_samples, bool) or not isinstance(n_samples, int) or n_samples < 1:
        raise BleuInputError(f"n_samples must be a whole number >= 1, got {n_samples!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise BleuInputError(f"seed must be a whole number >= 0 or None, got {seed!r}")
    return n_samples, seed


def check_resamplable(config: BleuConfig) -> BleuConfig:
    """``config``, refused if a resampled corpus cannot be scored by it (NLTK's smoothing methods 5-7)."""
    if config.combine == "nltk" and config.smooth in _LAST_PAIR_METHODS:
        raise BleuInputError(
            f"NLTK's smoothing {config.smooth} reads the tokens of the corpus's LAST segment, so a resampled "
            "corpus would be scored by whichever segment happened to be drawn last; choose another smoothing "
            "(e.g. method1 or method3) for bootstrap and randomization tests"
        )
    return config


def resampling_config(preset: str, settings: dict[str, Any]) -> BleuConfig:
    """The config of ``preset`` with ``settings``, refused if a resample cannot be scored by it."""
    from ..api import make_config

    return check_resamplable(make_config(preset, **settings))


# ---------------------------------------------------------------------- counting, once
@dataclass(frozen=True)
class CountedSystems:
    """What a resampling test starts from: each system's segment statistics, counted once.

    ``statistics`` holds one list per system (baseline first), all against the
    same ``references`` with the same ``config``; ``show_progress``: whether
    the test's work is long enough for progress bars.
    """

    statistics: tuple[Sequence["SegmentStats"], ...]
    references: Sequence[Sequence[str]]
    config: BleuConfig
    show_progress: bool

    @property
    def n_segments(self) -> int:
        """How many segments each system has."""
        return len(self.references)

    def matrices(self) -> list["np.ndarray"]:
        """Each system's :func:`stats_matrix`."""
        return [stats_matrix(stats, self.config.max_order) for stats in self.statistics]

    def observed_scores(self) -> tuple[float, ...]:
        """Each system's corpus score (0-100), by :func:`~bleu_explain.engine.statistics.score_statistics`."""
        from ..engine.statistics import score_statistics

        return tuple(score_statistics(stats, self.config).score for stats in self.statistics)

    def signature(self, counts: list[tuple[str, int]], seed: Optional[int]) -> "Signature":
        """Our signature with sacreBLEU's resampling fields after ``nrefs`` (e.g. ``bs:1000|seed:12345``).

        ``counts``: the tests' names and sample counts (``[("bs", 1000)]``); a seed of None is written ``none``.
        """
        from ..engine.signature import make_signature

        fields: list[tuple[str, Any]] = [*counts, ("seed", "none" if seed is None else str(seed))]
        return make_signature(self.config, [len(r) for r in self.references]).with_fields(fields)


def count_systems(systems: Sequence[Sequence[str]], references: Sequence[Sequence[str]], config: BleuConfig,
                  progress: Optional[bool], n_scores: int) -> CountedSystems:
    """Check and count one system's outputs, or two (baseline, system), counting the references once.

    ``n_scores``: how many resamples will be scored (to guess whether the work takes more than a second).
    """
    from ..engine.corpus import CorpusStatistics, PreparedReferences
    from ..engine.validation import check_corpus, check_system, check_tool_takes

    if len(systems) not in (1, 2):
        raise BleuInputError(f"a resampling test takes one system or two (baseline, system), got {len(systems)}")
    if len(systems) == 1:
        checked = [check_corpus(systems[0], references)]
    else:
        checked = [check_system(label, outputs, references) for label, outputs in zip(("baseline", "system"), systems)]
    refs = checked[0][1]
    check_tool_takes(config, [len(r) for r in refs])  # d2l scores one pair: it has no resamples
    show = wants_progress(progress, len(systems) * len(refs), n_scores)
    prepared = PreparedReferences(refs)
    statistics = tuple(CorpusStatistics(outputs, prepared).statistics(config, progress=show) for outputs, _ in checked)
    return CountedSystems(statistics=statistics, references=refs, config=config, show_progress=show)


def counted_results(results: Sequence["CorpusExplanation"], progress: Optional[bool],
                    n_scores: int) -> CountedSystems:
    """The statistics that one corpus result, or two (baseline, system), already hold: nothing is counted again.

    Two results must score the same segments against the same references with the same settings.
    """
    first = results[0]
    if any(r.config != first.config or len(r) != len(first) or r.references != first.references for r in results):
        raise BleuInputError("the two results must score the same segments against the same references with the "
                             "same settings")
    return CountedSystems(statistics=tuple(r.segment_stats for r in results), references=results[-1].references,
                          config=check_resamplable(first.config), show_progress=wants_progress(progress, 0, n_scores))


def wants_progress(progress: Optional[bool], segments: int, scores: int) -> bool:
    """``progress`` if given, else whether the work (counting, then scoring) would take over about a second."""
    if progress is not None:
        return bool(progress)
    return segments * _SECONDS_PER_SEGMENT + scores * _SECONDS_PER_SCORE > 1.0


# ---------------------------------------------------------------------- statistics as arrays, resampled
def stats_matrix(stats: Sequence["SegmentStats"], max_order: int) -> "np.ndarray":
    """Segment statistics as an int64 matrix, one row per segment.

    Columns: hyp_len, ref_len, matches_1..N, totals_1..N (sacreBLEU's layout).
    """
    import numpy as np

    return np.array([[s.hyp_len, s.ref_len, *s.matches, *s.totals] for s in stats], dtype=np.int64).reshape(
        len(stats), 2 + 2 * max_order)


def draw_resamples(rng: "np.random.Generator", n_segments: int, n_samples: int) -> "np.ndarray":
    """sacreBLEU's bootstrap draw: ``n_samples`` rows of ``n_segments`` segment indices, with replacement.

    >>> draw_resamples(__import__("numpy").random.default_rng(12345), 3, 2).tolist()
    [[2, 0, 2], [0, 0, 2]]
    """
    return rng.choice(n_segments, size=(n_samples, n_segments), replace=True)


def resample_sums(matrix: "np.ndarray", idxs: "np.ndarray") -> "np.ndarray":
    """The summed statistics of each resample (each row of ``idxs`` lists the segments it draws), exactly.

    ``matrix`` may hold several systems' statistics side by side (``numpy.hstack``),
    to count each resample's draws once for all of them.

    >>> import numpy as np
    >>> resample_sums(np.array([[1, 10], [2, 20]]), np.array([[0, 0], [1, 0]])).tolist()
    [[2, 20], [3, 30]]
    """
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


def selected_sums(matrix: "np.ndarray", selector: "np.ndarray") -> "np.ndarray":
    """Each row of ``selector`` (a boolean per segment) times the statistics, summed exactly.

    >>> import numpy as np
    >>> selected_sums(np.array([[1, 10], [2, 20]]), np.array([[True, False], [True, True]])).tolist()
    [[1, 10], [3, 30]]
    """
    import numpy as np

    # Every partial sum is a whole number no larger than a column's sum of magnitudes: below 2**24 float32
    # holds them all exactly (in any order of summation), and halves the work of float64.
    exact_in_float32 = len(matrix) == 0 or int(np.abs(matrix).sum(axis=0).max()) < 2 ** 24
    dtype = np.float32 if exact_in_float32 else np.float64
    out = np.empty((selector.shape[0], matrix.shape[1]), dtype=np.int64)
    values = matrix.astype(dtype)
    for start in range(0, selector.shape[0], _CHUNK_ROWS):
        block = selector[start:start + _CHUNK_ROWS].astype(dtype)
        out[start:start + block.shape[0]] = np.rint(block @ values).astype(np.int64)
    return out


# ---------------------------------------------------------------------- scoring
def score_resamples(sums: "np.ndarray", config: BleuConfig, *, float32: bool = False, progress: bool = False,
                    desc: str = "scoring resamples") -> "np.ndarray":
    """Score each row of summed statistics (:func:`stats_matrix`'s columns) as one corpus (0-100 scale).

    This is how every resample is scored: each row becomes one
    :class:`~bleu_explain.engine.statistics.SegmentStats` holding the sums, and
    :func:`~bleu_explain.engine.statistics.score_statistics` scores it, as it
    scores any corpus. ``float32``: hand the matches and totals over as
    float32 numbers, as sacreBLEU's bootstrap does (for the sacreBLEU rules
    only; see :func:`bootstrap_scores`). ``progress``: a progress bar named ``desc``.

    >>> import numpy as np
    >>> from bleu_explain.engine.presets import get_preset
    >>> sums = np.array([[4, 4, 4, 3, 2, 1, 4, 3, 2, 1], [4, 5, 3, 1, 0, 0, 4, 3, 2, 1]])
    >>> [round(s, 4) for s in score_resamples(sums, get_preset("sacrebleu")).tolist()]
    [100.0, 27.5348]
    """
    import numpy as np

    from ..engine.statistics import score_statistics, summed_statistics

    n = config.max_order
    sums = np.asarray(sums, dtype=np.int64)
    counts = sums.astype(np.float32) if float32 else sums
    scores = np.empty(len(sums), dtype=np.float64)
    starts: Any = range(0, len(sums), _CHUNK_ROWS)
    if progress:
        from ..engine.progress import progress_bar

        starts = progress_bar(starts, total=len(starts), desc=desc)
    for start in starts:
        # row by row: a list of every row would keep thousands of objects alive for the collector to rescan
        for i in range(start, min(start + _CHUNK_ROWS, len(sums))):
            hyp_len, ref_len = sums[i, :2].tolist()
            row = counts[i, 2:] if float32 else counts[i, 2:].tolist()
            scores[i] = score_statistics([summed_statistics(hyp_len, ref_len, row[:n], row[n:])], config).score
    return scores


def bootstrap_scores(sums: "np.ndarray", config: BleuConfig, *, progress: bool = False,
                     desc: str = "bootstrap resamples") -> "np.ndarray":
    """:func:`score_resamples` of bootstrap resamples' sums (:func:`resample_sums`), as sacreBLEU scores them.

    sacreBLEU's bootstrap keeps the statistics as float32 numbers, so the
    precisions of a resample are float32 divisions. With the sacreBLEU rules
    the sums are scored as float32 numbers too, and every resampled score then
    equals sacreBLEU's to the last bit (the counts are whole numbers far
    below 2**24, where float32 is exact; only the division is rounded).
    """
    return score_resamples(sums, config, float32=config.combine == "sacrebleu", progress=progress, desc=desc)


# ---------------------------------------------------------------------- reading the scores
def estimate_ci(scores: "np.ndarray", exact_mean: bool = False) -> tuple[float, float, float, float]:
    """sacreBLEU's ``estimate_ci``: (mean, half-width, lower, upper) of resampled scores.

    The bounds are the (n // 40)-th scores from each end of the sorted scores.
    The mean is numpy's mean of the sorted scores, as in sacreBLEU's paired
    tests; ``exact_mean``: ``statistics.mean`` of them (correctly rounded), as
    in ``Score.estimate_ci``, which ``corpus_score(..., n_bootstrap=...)`` uses.

    >>> estimate_ci(__import__("numpy").arange(40.0))
    (19.5, 18.5, 1.0, 38.0)
    """
    import statistics

    import numpy as np

    ordered = np.sort(np.asarray(scores, dtype=np.float64))
    n = len(ordered)
    if n == 0:
        raise BleuInputError("no resampled scores to estimate an interval from")
    lower_idx = n // 40
    upper_idx = n - lower_idx - 1
    lower, upper = float(ordered[lower_idx]), float(ordered[upper_idx])
    mean = statistics.mean(ordered.tolist()) if exact_mean else float(ordered.mean())
    return mean, 0.5 * (upper - lower), lower, upper


def p_value(sample_statistics: "np.ndarray", observed: float) -> float:
    """(c + 1) / (n + 1), c = how many samples are strictly greater than the observed statistic.

    >>> p_value(__import__("numpy").array([0.1, 0.5, 0.9]), 0.5)
    0.5
    """
    import numpy as np

    c = int(np.sum(np.asarray(sample_statistics) > observed))
    return (c + 1) / (len(sample_statistics) + 1)
