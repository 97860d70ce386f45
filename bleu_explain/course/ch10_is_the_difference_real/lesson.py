"""The lesson of notebook 10 (is the difference real?): pairs of systems and tables of tests.

Nothing here counts, clips or scores: intervals and p-values are those of
:mod:`bleu_explain.analysis.significance` (sacreBLEU's procedures), block statistics
those of :mod:`bleu_explain.analysis.blocks` (the paper's Table 2). What this module
adds is the set-up of the lesson:

* :func:`coin_mix` makes two systems that are *equally good by construction*:
  a fair coin decides, segment by segment, which of the two gets the better
  system's output and which the worse one's. Any difference between them is
  luck, so they show what differences chance alone produces.
* :func:`swap_segments` makes a system that differs from another in a few
  segments only (a close pair whose difference is real).
* Tables: intervals per system (:func:`ci_table`), per test-set size
  (:func:`ci_by_size`, :func:`p_by_size`), paired tests side by side
  (:func:`paired_table`), many equally good pairs (:func:`equal_pairs_table`),
  the three methods beside the paper's t values (:func:`methods_table`), and
  the notebook's hand-built tests beside the package's (:func:`side_by_side`).

>>> better = ["a b c d", "e f g h", "i j k l", "m n o p"]
>>> worse = ["a x c y", "e y g x", "i x k y", "m y o x"]
>>> a, b = coin_mix(better, worse, seed=1)
>>> all({x, y} == {p, q} for x, y, p, q in zip(a, b, better, worse))  # each segment: one of each
True
>>> swap_segments(better, worse, [0, 2])
['a x c y', 'e f g h', 'i x k y', 'm n o p']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...analysis.significance import (
    DEFAULT_AR_TRIALS,
    DEFAULT_BOOTSTRAP_SAMPLES,
    DEFAULT_SEED,
    bootstrap_ci,
    paired_approximate_randomization,
    paired_bootstrap,
)
from ...data import published
from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...analysis.significance import PairedTestResult
    from ...data.corpus import TeachingCorpus

#: The paired t values of the paper's Table 2 (Papineni et al. 2002: 20 blocks of 25 sentences, each system
#: against its left neighbour), by (baseline, system). Quoted from :mod:`bleu_explain.data.published`, not computed.
PAPER_TABLE2_T: dict[tuple[str, str], float] = published.values(published.PAPINENI_TABLE_2_T)

#: The paper's neighbours in Table 2, worst to best.
PAPER_PAIRS: tuple[tuple[str, str], ...] = tuple(PAPER_TABLE2_T)


# ---------------------------------------------------------------------- making pairs
def _check_same_length(first: Sequence[str], second: Sequence[str]) -> None:
    if isinstance(first, str) or isinstance(second, str):
        raise BleuInputError("give each system as a list of output lines, not one string")
    if len(first) != len(second):
        raise BleuInputError(f"the two systems have {len(first)} and {len(second)} lines; they must be aligned")


def coin_mix(better: Sequence[str], worse: Sequence[str], seed: int) -> tuple[list[str], list[str]]:
    """Two equally good systems made of ``better`` and ``worse``: a fair coin per segment decides who gets which.

    In each segment system A gets one of the two outputs and system B the
    other (``numpy.random.default_rng(seed).integers(2, size=n)``: 1 gives A the
    better output). Both are half better, half worse in expectation, so the
    difference between A and B is due to chance alone.

    >>> coin_mix(["good 1", "good 2", "good 3", "good 4"], ["bad 1", "bad 2", "bad 3", "bad 4"], seed=6)
    (['bad 1', 'good 2', 'good 3', 'bad 4'], ['good 1', 'bad 2', 'bad 3', 'good 4'])
    """
    import numpy as np

    _check_same_length(better, worse)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BleuInputError(f"seed must be a whole number >= 0, got {seed!r}")
    coins = np.random.default_rng(seed).integers(2, size=len(better)).astype(bool)
    a = [b if c else w for b, w, c in zip(better, worse, coins)]
    b = [w if c else b for b, w, c in zip(better, worse, coins)]
    return a, b


def mixed_pair(corpus: TeachingCorpus, better: str, worse: str, seed: int) -> dict[str, list[str]]:
    """:func:`coin_mix` of two systems of a corpus, as ``{"mix A": ..., "mix B": ...}``."""
    a, b = coin_mix(corpus.system(better), corpus.system(worse), seed)
    return {"mix A": a, "mix B": b}


def swap_segments(system: Sequence[str], other: Sequence[str], segments: Iterable[int]) -> list[str]:
    """``system`` with the outputs of ``other`` in the given segments (0-based).

    >>> swap_segments(["a", "b", "c"], ["x", "y", "z"], range(0, 3, 2))
    ['x', 'b', 'z']
    """
    _check_same_length(system, other)
    chosen = set()
    for i in segments:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(system):
            raise BleuInputError(f"segment {i!r} is not a position from 0 to {len(system) - 1}")
        chosen.add(i)
    return [other[i] if i in chosen else line for i, line in enumerate(system)]


# ---------------------------------------------------------------------- intervals
def ci_table(systems: Mapping[str, Sequence[str]], references: Sequence[Sequence[str]], *,
             n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES, seed: int | None = DEFAULT_SEED,
             preset: str = "sacrebleu", **settings: Any) -> pd.DataFrame:
    """One row per system: score, bootstrap mean, sacreBLEU's ``±`` and the interval (0-100 scale).

    >>> refs = [["the cat sat"], ["a dog ran off"], ["it was cold"]]
    >>> t = ci_table({"A": ["the cat sat", "a dog ran", "it is cold"]}, refs, n_samples=40)
    >>> list(t.columns)
    ['score', 'mean', 'ci', 'lower', 'upper', 'as sacreBLEU prints it']
    """
    import pandas as pd

    rows = []
    for name, outputs in systems.items():
        r = bootstrap_ci(outputs, references, n_samples=n_samples, seed=seed, preset=preset, progress=False,
                         **settings)
        rows.append({"system": name, "score": r.score, "mean": r.mean, "ci": r.ci, "lower": r.lower,
                     "upper": r.upper, "as sacreBLEU prints it": r.format()})
    return pd.DataFrame(rows).set_index("system")


def ci_by_size(corpus: TeachingCorpus, system: str, sizes: Iterable[int], *,
               n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES, seed: int | None = DEFAULT_SEED,
               preset: str = "sacrebleu") -> pd.DataFrame:
    """The bootstrap interval of one system on the first n segments, for each n in ``sizes``."""
    import pandas as pd

    rows = []
    for n in sizes:
        sub = corpus.subset(range(n))
        r = bootstrap_ci(sub.system(system), sub.references, n_samples=n_samples, seed=seed, preset=preset,
                         progress=False)
        rows.append({"segments": n, "score": r.score, "lower": r.lower, "upper": r.upper, "ci": r.ci,
                     "width": r.upper - r.lower})
    return pd.DataFrame(rows).set_index("segments")


# ---------------------------------------------------------------------- paired tests
def paired_table(tests: Mapping[str, Any]) -> pd.DataFrame:
    """Paired test results side by side: scores, difference, p-value and the verdict at 0.05.

    ``tests`` maps a label (e.g. ``"S2 vs S1"``) to one result of
    ``paired_bootstrap``/``paired_approximate_randomization`` or a tuple of them.

    >>> refs = [["the cat sat"], ["a dog ran off"], ["it was cold"]]
    >>> t = paired_bootstrap(["the cat", "a dog", "it was"], ["the cat sat", "a dog ran", "it was cold"], refs,
    ...                      n_samples=40)
    >>> paired_table({"B vs A": t}).index.tolist()
    [('B vs A', 'paired bootstrap')]
    """
    import pandas as pd

    names = {"bs": "paired bootstrap", "ar": "approximate randomization"}
    rows = []
    for label, results in tests.items():
        for t in (results if isinstance(results, (tuple, list)) else (results,)):
            rows.append({"comparison": label, "test": names.get(t.test, t.test), "samples": t.n_samples,
                         "baseline": t.baseline_score, "system": t.system_score, "delta": t.observed_delta,
                         "p_value": t.p_value, "significant at 0.05": t.significant(0.05)})
    return pd.DataFrame(rows).set_index(["comparison", "test"])


def both_tests(baseline: Sequence[str], system: Sequence[str], references: Sequence[Sequence[str]], *,
               seed: int | None = DEFAULT_SEED, preset: str = "sacrebleu",
               **settings: Any) -> tuple[PairedTestResult, PairedTestResult]:
    """Paired bootstrap (1,000 resamples) and approximate randomization (10,000 trials), sacreBLEU's defaults."""
    bs = paired_bootstrap(baseline, system, references, n_samples=DEFAULT_BOOTSTRAP_SAMPLES, seed=seed,
                          preset=preset, progress=False, **settings)
    ar = paired_approximate_randomization(baseline, system, references, n_samples=DEFAULT_AR_TRIALS, seed=seed,
                                          preset=preset, progress=False, **settings)
    return bs, ar


def equal_pairs_table(corpus: TeachingCorpus, better: str, worse: str, seeds: Iterable[int], *,
                      n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES, seed: int | None = DEFAULT_SEED,
                      preset: str = "sacrebleu") -> pd.DataFrame:
    """For each coin seed, an equally good pair (:func:`coin_mix`) and its paired bootstrap p-value.

    ``seed`` is the bootstrap's seed (sacreBLEU's 12345); the coin seeds make the pairs.
    """
    import pandas as pd

    rows = []
    for coin in seeds:
        a, b = coin_mix(corpus.system(better), corpus.system(worse), coin)
        t = paired_bootstrap(a, b, corpus.references, n_samples=n_samples, seed=seed, preset=preset, progress=False)
        rows.append({"coin seed": coin, "mix A": t.baseline_score, "mix B": t.system_score,
                     "delta": t.observed_delta, "p_value": t.p_value, "significant at 0.05": t.significant(0.05)})
    return pd.DataFrame(rows).set_index("coin seed")


def p_by_size(corpus: TeachingCorpus, baseline: str, system: str, sizes: Iterable[int], *,
              seed: int | None = DEFAULT_SEED, preset: str = "sacrebleu") -> pd.DataFrame:
    """Both paired tests of two systems on the first n segments, for each n in ``sizes``."""
    import pandas as pd

    rows = []
    for n in sizes:
        sub = corpus.subset(range(n))
        bs, ar = both_tests(sub.system(baseline), sub.system(system), sub.references, seed=seed, preset=preset)
        rows.append({"segments": n, "delta": bs.observed_delta, "p (bootstrap)": bs.p_value,
                     "p (randomization)": ar.p_value})
    return pd.DataFrame(rows).set_index("segments")


# ---------------------------------------------------------------------- the paper's block method
def methods_table(systems: Mapping[str, Sequence[str]], references: Sequence[Sequence[str]],
                  pairs: Sequence[tuple[str, str]] = PAPER_PAIRS, *, n_blocks: int = 20, preset: str = "paper",
                  seed: int | None = DEFAULT_SEED, paper_t: Mapping[tuple[str, str], float] = PAPER_TABLE2_T,
                  ) -> pd.DataFrame:
    """For each (baseline, system) pair: the paper's t (quoted), our block t and its p, and both paired tests.

    The block t is :func:`bleu_explain.analysis.blocks.block_t_test` on the two systems
    (``n_blocks`` contiguous blocks, BLEU on the paper's 0..1 scale; t does not
    depend on the scale). The paired tests use sacreBLEU's sample counts and
    seed with the same ``preset``. ``paper t`` is empty for pairs not in the paper.
    """
    import pandas as pd

    from ...analysis.blocks import block_t_test

    rows = []
    for base, other in pairs:
        if base not in systems or other not in systems:
            missing = base if base not in systems else other
            raise BleuInputError(f"no system named {missing!r}; the systems are {list(systems)}")
        block = block_t_test({base: systems[base], other: systems[other]}, references, n_blocks=n_blocks,
                             scale=1, preset=preset, progress=False)
        bs, ar = both_tests(systems[base], systems[other], references, seed=seed, preset=preset)
        rows.append({"pair": f"{other} vs {base}", "delta (BLEU)": bs.observed_delta,
                     "paper t (Table 2)": paper_t.get((base, other)),
                     f"our t ({n_blocks} blocks)": block.t_statistics[other],
                     "p (block t)": block.p_values[other], "p (bootstrap)": bs.p_value,
                     "p (randomization)": ar.p_value})
    return pd.DataFrame(rows).set_index("pair")


# ---------------------------------------------------------------------- the build-it-yourself cells' check
def side_by_side(rows: Mapping[str, tuple[Any, Any]]) -> pd.DataFrame:
    """What a notebook cell computed by hand next to what the package computed, one row per quantity.

    Numbers keep their type and every digit (a count stays a count), so equal values read equal.

    >>> side_by_side({"flips": (210, 187), "p-value": (0.148851, 0.145854)})
              by hand bleu_explain
    flips         210          187
    p-value  0.148851     0.145854
    """
    import pandas as pd

    for label, pair in rows.items():
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise BleuInputError(f"row {label!r}: give a pair (by hand, bleu_explain), got {pair!r}")
    return pd.DataFrame.from_dict(dict(rows), orient="index", columns=["by hand", "bleu_explain"], dtype=object)
