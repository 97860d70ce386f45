"""Several systems' segment statistics as one array: scores of any set of segments, blocks and resamples at once.

A corpus score needs nothing but sums of the segment statistics the engine keeps (candidate and
reference lengths, and per order the clipped matches and the candidate n-grams), combined once by
the config's rules. :class:`SegmentCounts` holds those statistics of several systems (as
:func:`bleu_explain.explain_systems` counted them) in one integer array, so that BLEU on a block,
on the rated segments only, or on a thousand bootstrap resamples is a sum and one
:func:`~bleu_explain.engine.statistics.score_statistics` per score: nothing is tokenized or counted again.
It pickles small and fast (a notebook keeps it on disk with
:func:`bleu_explain.data.parsed_cache.on_disk`).

>>> import bleu_explain as bx
>>> refs = [["the cat is on the mat"], ["there is a cat here"], ["it is raining today"]]
>>> results = bx.explain_systems({"A": ["the cat is on a mat", "a cat is here", "it rains today"],
...                               "B": ["the cat on the mat", "there is a cat here", "it is raining"]}, refs)
>>> counts = SegmentCounts.of(results)
>>> counts.scores() == {name: r.score for name, r in results.items()}
True
>>> counts.score("B", [0, 1]) == results["B"].score_segments([0, 1]).score
True
>>> counts.subset(["B"]).scores() == {"B": results["B"].score}
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Optional

from ..engine.config import BleuConfig
from ..engine.errors import BleuComputationError, BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from ..results import CorpusExplanation

#: NLTK's smoothing methods 5-7 read the last segment's tokens, which counts do not keep.
_NEEDS_TOKENS = ("method5", "method6", "method7")


@dataclass(frozen=True, eq=False)
class SegmentCounts:
    """Segment statistics of ``systems`` against the same references with one ``config``.

    ``table[k, i]`` holds system k's statistics of segment i: hyp_len, ref_len, matches_1..N, totals_1..N
    (sacreBLEU's layout), as whole numbers.
    """

    systems: tuple[str, ...]
    table: np.ndarray
    config: BleuConfig

    @classmethod
    def of(cls, results: Mapping[str, CorpusExplanation]) -> SegmentCounts:
        """The statistics that results of :func:`~bleu_explain.explain_systems` (or of ``explain_corpus`` with the same
        references and settings) already hold."""
        import numpy as np

        if not isinstance(results, Mapping) or not results:
            raise BleuInputError("results must be a non-empty dict of system name -> corpus result")
        first = next(iter(results.values()))
        config, n = first.config, len(first)
        if any(r.config != config or len(r) != n or r.references != first.references for r in results.values()):
            raise BleuInputError("every result must score the same segments against the same references with the "
                                 "same settings")
        if config.smooth in _NEEDS_TOKENS:
            raise BleuInputError(f"smoothing {config.smooth!r} reads the tokens of a segment; counts cannot score it")
        rows = [[[s.hyp_len, s.ref_len, *s.matches, *s.totals] for s in r.segment_stats] for r in results.values()]
        table = np.array(rows, dtype=np.int64).reshape(len(results), n, 2 + 2 * config.max_order)
        return cls(systems=tuple(results), table=table, config=config)

    def __len__(self) -> int:
        """The number of segments."""
        return int(self.table.shape[1])

    def _row(self, system: str) -> int:
        if system not in self.systems:
            raise BleuInputError(f"no system {system!r}; the systems are {list(self.systems)}")
        return self.systems.index(system)

    def subset(self, systems: Sequence[str]) -> SegmentCounts:
        """The counts of ``systems`` only, in that order."""
        rows = [self._row(s) for s in systems]
        if not rows:
            raise BleuInputError("name at least one system")
        return replace(self, systems=tuple(systems), table=self.table[rows])

    def _score(self, sums: list[int], config: Optional[BleuConfig] = None) -> float:
        """One row of summed statistics (Python ints, from ``tolist``) scored by the config's rules (0-100)."""
        from ..engine.statistics import score_statistics, summed_statistics

        n = self.config.max_order
        summed = summed_statistics(sums[0], sums[1], sums[2:2 + n], sums[2 + n:])
        return score_statistics([summed], config or self.config).score

    def _segments(self, segments: Optional[Sequence[int]]) -> Sequence[int] | slice:
        if segments is None:
            return slice(None)
        chosen = list(segments)
        if not chosen or any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self) for i in chosen):
            raise BleuInputError(f"segments must be a non-empty list of positions from 0 to {len(self) - 1}")
        return chosen

    def score(self, system: str, segments: Optional[Sequence[int]] = None) -> float:
        """BLEU (0-100) of one system on ``segments`` (default: all), scored as one corpus."""
        return self._score(self.table[self._row(system), self._segments(segments)].sum(axis=0).tolist())

    def scores(self, segments: Optional[Sequence[int]] = None) -> dict[str, float]:
        """BLEU (0-100) of every system on ``segments`` (default: all)."""
        sums = self.table[:, self._segments(segments)].sum(axis=1).tolist()
        return {name: self._score(row) for name, row in zip(self.systems, sums)}

    def sentence_scores(self, system: str, *, effective_order: bool = True) -> list[Optional[float]]:
        """Every segment of ``system`` scored alone (sacreBLEU's ``sentence_bleu`` switches effective order on);
        None where the rules cannot score a sentence alone."""
        config = replace(self.config, effective_order=effective_order) if self.config.combine == "sacrebleu" \
            else self.config
        out: list[Optional[float]] = []
        for row in self.table[self._row(system)].tolist():
            try:
                out.append(self._score(row, config))
            except BleuComputationError:
                out.append(None)
        return out

    def resampled_scores(self, weights: np.ndarray) -> dict[str, np.ndarray]:
        """Every system's BLEU on each resample: row b of ``weights`` says how often each segment is drawn
        (:func:`bleu_explain.analysis.agreement.segment_weights`); the same resamples for every system."""
        import numpy as np

        weights = np.asarray(weights)
        if weights.ndim != 2 or weights.shape[1] != len(self):
            raise BleuInputError(f"weights must have one column per segment ({len(self)}), got shape {weights.shape}")
        flat = self.table.transpose(1, 0, 2).reshape(len(self), -1).astype(np.float64)
        # whole numbers far below 2**53: the float64 product is exact, then rounded back to integers
        sums = np.rint(weights.astype(np.float64) @ flat).astype(np.int64).reshape(len(weights), len(self.systems), -1)
        return {name: np.array([self._score(row) for row in sums[:, k].tolist()])
                for k, name in enumerate(self.systems)}
