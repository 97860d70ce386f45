"""The paper's own statistics: BLEU over blocks of the corpus, and the number of references.

Papineni et al. (2002, section 3, Table 2) split their 500-sentence test corpus
into 20 blocks of 25 sentences, computed BLEU on each block, and reported for
every system the mean and standard deviation over blocks and a paired
t-statistic against the next-worse system ("t > 1.7 is significant at the 95%
level"). They also showed that scores rise with the number of references and
keep the systems' ranking. Both experiments are here, computed with the one
BLEU computation of :mod:`bleu_explain.engine.statistics`.

>>> systems = {"worse": ["a b x y", "c d x y", "e f x y", "g h x y"],
...            "better": ["a b c y", "c d e y", "e f g y", "g h i y"]}
>>> refs = [["a b c d"], ["c d e f"], ["e f g h"], ["g h i j"]]
>>> r = block_t_test(systems, refs, n_blocks=2, preset="paper", max_order=2)
>>> r.block_scores.shape, r.block_sizes
((2, 2), [2, 2])
>>> r.t_statistics["better"] > 0
True
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Optional, Sequence, Union

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


@dataclass(frozen=True)
class BlockResult:
    """BLEU per block and system, with the paper's Table 2 statistics.

    ``block_scores``: DataFrame, one row per block (1..B), one column per system
    (0-100 scale unless ``scale=1`` was asked). ``means``/``stds``: per system
    (sample standard deviation, n - 1). ``t_statistics[name]``: the paired
    t-statistic of a system against its left neighbour in the given order,
    mean(d) / (sd(d) / sqrt(B)) over block differences d (None for the first
    system; +-inf when every block difference is the same non-zero number;
    None also when all differences are 0). ``p_values``: two-sided, from
    Student's t with B - 1 degrees of freedom.
    """

    block_scores: "pd.DataFrame"
    block_sizes: list[int]
    means: dict[str, float]
    stds: dict[str, float]
    t_statistics: dict[str, Optional[float]]
    p_values: dict[str, Optional[float]]
    n_blocks: int
    scale: float
    signature: str

    @property
    def systems(self) -> list[str]:
        return list(self.block_scores.columns)

    def table(self) -> "pd.DataFrame":
        """The paper's Table 2: rows mean, std, t (against the left neighbour); one column per system."""
        import pandas as pd

        rows = [
            [self.means[s] for s in self.systems],
            [self.stds[s] for s in self.systems],
            [self.t_statistics[s] for s in self.systems],
            [self.p_values[s] for s in self.systems],
        ]
        return pd.DataFrame(rows, index=["mean", "std", "t", "p (two-sided)"], columns=self.systems, dtype=object)

    def __repr__(self) -> str:
        parts = ", ".join(f"{s}: {self.means[s]:.2f}±{self.stds[s]:.2f}" for s in self.systems)
        return f"BlockResult({self.n_blocks} blocks; {parts})"


def block_boundaries(n_segments: int, n_blocks: int) -> list[range]:
    """Contiguous blocks whose sizes differ by at most one (the larger ones first).

    >>> [len(b) for b in block_boundaries(10, 3)]
    [4, 3, 3]
    """
    if isinstance(n_blocks, bool) or not isinstance(n_blocks, int) or n_blocks < 2:
        raise BleuInputError(f"n_blocks must be a whole number >= 2, got {n_blocks!r}")
    if n_blocks > n_segments:
        raise BleuInputError(f"n_blocks is {n_blocks} but the corpus has only {n_segments} segments; "
                             "every block needs at least one segment")
    size, extra = divmod(n_segments, n_blocks)
    blocks, start = [], 0
    for b in range(n_blocks):
        end = start + size + (1 if b < extra else 0)
        blocks.append(range(start, end))
        start = end
    return blocks


def _check_systems(systems: Mapping[str, Sequence[str]], references: Sequence[Sequence[str]]):
    from ..engine.validation import check_system

    if not isinstance(systems, Mapping) or not systems:
        raise BleuInputError("systems must be a non-empty dict of system name -> list of outputs")
    checked = {}
    refs = None
    for name, outputs in systems.items():
        cands, refs = check_system(f"system {name!r}", outputs, references)
        checked[name] = cands
    return checked, refs


def paired_t(differences: Sequence[float]) -> tuple[Optional[float], Optional[float]]:
    """Paired t-statistic of a list of differences and its two-sided p-value (df = n - 1).

    >>> t, p = paired_t([1.0, 2.0, 3.0])
    >>> round(t, 4), round(p, 4)
    (3.4641, 0.0742)
    """
    import numpy as np

    d = np.asarray(differences, dtype=np.float64)
    n = len(d)
    if n < 2:
        raise BleuInputError("a paired t-test needs at least two pairs")
    mean = float(d.mean())
    sd = float(d.std(ddof=1))
    if sd == 0.0 or not math.isfinite(sd):
        if mean == 0.0:
            return None, None
        return math.copysign(math.inf, mean), 0.0
    t = mean / (sd / math.sqrt(n))
    from scipy import stats

    return t, float(2 * stats.t.sf(abs(t), df=n - 1))


def block_t_test(
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    n_blocks: int = 20,
    scale: float = 100.0,
    preset: str = "sacrebleu",
    progress: Optional[bool] = None,
    **settings,
) -> BlockResult:
    """The paper's block method (Table 2): BLEU on B contiguous blocks, mean, std, paired t.

    ``systems`` is ordered (e.g. worst to best, as in the paper); each system is
    compared with the one on its left. ``scale=1`` gives BLEU on the paper's
    0..1 scale.
    """
    import numpy as np
    import pandas as pd

    from ..api import explain_systems, make_config
    from ..engine.signature import make_signature

    if scale not in (1, 1.0, 100, 100.0):
        raise BleuInputError(f"scale must be 1 (the paper's 0..1) or 100 (sacreBLEU's 0..100), got {scale!r}")
    config = make_config(preset, **settings)
    checked, refs = _check_systems(systems, references)
    blocks = block_boundaries(len(refs), n_blocks)
    names = list(checked)
    # the references counted once for all systems; each block's statistics summed and scored once
    results = explain_systems(checked, refs, preset=preset, progress=progress, **settings)
    columns = {name: [results[name].score_segments(block).bleu * scale for block in blocks] for name in names}
    frame = pd.DataFrame(columns, index=pd.RangeIndex(1, n_blocks + 1, name="block"))[names]
    means = {n: float(np.mean(frame[n])) for n in names}
    stds = {n: float(np.std(frame[n], ddof=1)) for n in names}
    t_stats: dict[str, Optional[float]] = {names[0]: None}
    p_vals: dict[str, Optional[float]] = {names[0]: None}
    for left, right in zip(names, names[1:]):
        t_stats[right], p_vals[right] = paired_t(frame[right].to_numpy() - frame[left].to_numpy())
    return BlockResult(frame, [len(b) for b in blocks], means, stds, t_stats, p_vals, n_blocks, float(scale),
                       make_signature(config, [len(r) for r in refs]))


# ---------------------------------------------------------------------- references
def reference_count_experiment(
    candidates: Union[Sequence[str], Mapping[str, Sequence[str]]],
    references: Sequence[Sequence[str]],
    *,
    preset: str = "sacrebleu",
    progress: Optional[bool] = None,
    **settings,
) -> "pd.DataFrame":
    """The score with every non-empty subset of the K references (2**K - 1 subsets).

    ``candidates`` is one system's outputs, or a dict name -> outputs (a
    ``system`` column is then added). Every segment must have the same number
    K of references. Columns: [system,] n_refs, subset (0-based reference
    positions), refs (their 1-based names, e.g. ``"1+3"``), score (0-100),
    bp, p1..pN (unsmoothed precisions, 0..1). See :func:`mean_by_count`.

    >>> df = reference_count_experiment(["a b c d"], [["a b c d", "a b x y", "x y z w"]], preset="paper",
    ...                                 max_order=2)
    >>> list(df["refs"]), list(df["n_refs"])
    (['1', '2', '3', '1+2', '1+3', '2+3', '1+2+3'], [1, 1, 1, 2, 2, 2, 3])
    """
    import pandas as pd

    from ..api import make_config
    from ..engine.corpus import CorpusStatistics

    config = make_config(preset, **settings)
    single = not isinstance(candidates, Mapping)
    systems: Mapping[str, Sequence[str]] = {"system": candidates} if single else candidates  # type: ignore[dict-item, assignment]
    checked, refs = _check_systems(systems, references)
    counts = {len(r) for r in refs}
    if len(counts) != 1:
        raise BleuInputError(f"segments have different numbers of references ({sorted(counts)}); the experiment "
                             "needs the same K references in every segment")
    k = counts.pop()
    subsets = [c for size in range(1, k + 1) for c in itertools.combinations(range(k), size)]
    jobs = [(name, subset) for name in checked for subset in subsets]
    iterator = jobs
    if progress or (progress is None and len(jobs) * len(refs) > 20000):
        from ..engine.progress import progress_bar

        iterator = progress_bar(jobs, total=len(jobs), desc="reference subsets")
    rows = []
    counted: dict[str, CorpusStatistics] = {}
    for name, subset in iterator:
        if name not in counted:  # each reference counted once for every subset it is in
            counted = {name: CorpusStatistics(checked[name], refs, memo=True)}
        b = counted[name].score(config, subset)
        row = {} if single else {"system": name}
        row.update({"n_refs": len(subset), "subset": subset, "refs": "+".join(str(j + 1) for j in subset),
                    "score": b.score, "bp": b.brevity_penalty})
        for n, p in enumerate(b.raw_precisions, 1):
            row[f"p{n}"] = p
        rows.append(row)
    return pd.DataFrame(rows)


def mean_by_count(experiment: "pd.DataFrame") -> "pd.DataFrame":
    """Mean, std, min and max score per number of references (and per system, if there are several).

    >>> df = reference_count_experiment(["a b c d"], [["a b c d", "a b x y", "x y z w"]], preset="paper",
    ...                                 max_order=2)
    >>> mean_by_count(df)["n_subsets"].tolist()
    [3, 3, 1]
    """
    if "n_refs" not in experiment or "score" not in experiment:
        raise BleuInputError("mean_by_count needs the table of reference_count_experiment")
    keys = ["system", "n_refs"] if "system" in experiment else ["n_refs"]
    grouped = experiment.groupby(keys, sort=False)["score"]
    out = grouped.agg(["mean", "std", "min", "max", "count"]).rename(columns={"count": "n_subsets"})
    out["std"] = out["std"].fillna(0.0)  # a single subset (all K references) has no spread
    return out
