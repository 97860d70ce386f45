"""The scores notebooks 10 and 11 both start from on the WMT21 data: each segment's references, every translation's
BLEU statistics (sacreBLEU's defaults, by the engine) and its chrF (sacreBLEU's own ``CHRF``).

The notebooks keep what these return on disk with :func:`~bleu_explain.data.parsed_cache.on_disk`, so that a second
run reads the scores instead of computing them again.

>>> from types import SimpleNamespace
>>> references(SimpleNamespace(  # type: ignore[arg-type]
...     references={"A": ["a b", "c d"], "C": ["a c", "c e"]}), ("A", "C"))
[['a b', 'a c'], ['c d', 'c e']]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..data.judgments import HumanJudgedTestSet
from .counts import SegmentCounts


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
