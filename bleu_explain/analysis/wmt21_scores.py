"""The scores notebooks 10 and 11 both start from on the WMT21 data: each segment's references, every translation's
BLEU statistics (sacreBLEU's defaults, by the engine) and its chrF (sacreBLEU's own ``CHRF``), and chrF's segment
statistics (:class:`ChrfCounts`, for a permutation test of chrF as of BLEU).

The notebooks keep what these return on disk with :func:`~bleu_explain.data.parsed_cache.on_disk`, so that a second
run reads the scores instead of computing them again.

>>> from types import SimpleNamespace
>>> references(SimpleNamespace(  # type: ignore[arg-type]
...     references={"A": ["a b", "c d"], "C": ["a c", "c e"]}), ("A", "C"))
[['a b', 'a c'], ['c d', 'c e']]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..data.judgments import HumanJudgedTestSet
from .counts import SegmentCounts

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np


def references(test_set: HumanJudgedTestSet, names: Sequence[str] = ("A",)) -> list[list[str]]:
    """For each segment of ``test_set``, its references ``names``."""
    return [list(refs) for refs in zip(*(test_set.references[name] for name in names))]


def bleu_counts(outputs: Mapping[str, Sequence[str]], refs: Sequence[Sequence[str]]) -> SegmentCounts:
    """Every translation's segment statistics against ``refs`` (one list per segment), with sacreBLEU's defaults."""
    from ..api import explain_systems

    return SegmentCounts.of(explain_systems(outputs, refs, progress=False))


def chrf_scores(outputs: Mapping[str, Sequence[str]], refs: Sequence[Sequence[str]]) -> dict[str, float]:
    """sacreBLEU's chrF of every translation (its defaults: character n-grams up to 6, beta = 2)."""
    from sacrebleu.metrics import CHRF

    metric = CHRF(references=[list(stream) for stream in zip(*refs)])
    return {name: metric.corpus_score(list(lines), None).score for name, lines in outputs.items()}


@dataclass(frozen=True, eq=False)
class ChrfCounts:
    """sacreBLEU's chrF statistics of several systems, segment by segment (its defaults): ``table[k, s]`` holds
    system k's hypothesis, reference and matching character n-gram counts of segment s, order by order, as
    ``CHRF`` sums them for a corpus. A corpus score is a sum of rows and one ``CHRF`` computation (:meth:`score_rows`).
    """

    systems: tuple[str, ...]
    table: np.ndarray

    def score_rows(self, sums: np.ndarray) -> np.ndarray:
        """chrF (0-100) of each row of summed statistics, by sacreBLEU's ``CHRF``."""
        import numpy as np
        from sacrebleu.metrics import CHRF

        metric = CHRF()
        return np.array([metric._compute_score_from_stats(row).score for row in np.asarray(sums).tolist()])

    def scores(self) -> dict[str, float]:
        """Every system's corpus chrF: :func:`chrf_scores`' numbers."""
        return dict(zip(self.systems, self.score_rows(self.table.sum(axis=1)).tolist()))

    def subset(self, systems: Sequence[str]) -> ChrfCounts:
        """The statistics of ``systems`` only, in that order."""
        from ..engine.errors import BleuInputError

        missing = [s for s in systems if s not in self.systems]
        if missing or not systems:
            raise BleuInputError(f"no chrF statistics of {missing or 'any system'}; the systems are {list(self.systems)}")
        return ChrfCounts(systems=tuple(systems), table=self.table[[self.systems.index(s) for s in systems]])

    def resampled_scores(self, weights: np.ndarray) -> dict[str, np.ndarray]:
        """Every system's chrF on each resample (row b of ``weights``: how often each segment is drawn, as
        :meth:`~bleu_explain.analysis.counts.SegmentCounts.resampled_scores` takes them)."""
        import numpy as np

        weights = np.asarray(weights, dtype=np.float64)
        flat = self.table.transpose(1, 0, 2).reshape(self.table.shape[1], -1).astype(np.float64)
        # whole numbers far below 2**53: the float64 product is exact, then rounded back to integers
        sums = np.rint(weights @ flat).astype(np.int64).reshape(len(weights), len(self.systems), -1)
        return {name: self.score_rows(sums[:, k]) for k, name in enumerate(self.systems)}


def chrf_counts(outputs: Mapping[str, Sequence[str]], refs: Sequence[Sequence[str]]) -> ChrfCounts:
    """Every translation's chrF statistics per segment against ``refs``, as sacreBLEU extracts them for a corpus."""
    import numpy as np
    from sacrebleu.metrics import CHRF

    metric = CHRF(references=[list(stream) for stream in zip(*refs)])
    table = np.array([metric._extract_corpus_statistics(list(lines), None) for lines in outputs.values()],
                     dtype=np.int64)
    return ChrfCounts(systems=tuple(outputs), table=table)
