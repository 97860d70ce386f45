"""Comparing systems: one table row per system, and the n-grams that separate two systems.

:func:`system_table` gives, for every system, what sacreBLEU prints (BLEU,
p1..p4, BP, length ratio) and the mean and spread of its sentence BLEU.
:func:`ngram_differences` finds the n-grams one system matches in the
references more often than the other, as compare-mt's n-gram report does
(Neubig et al. 2019): each n-gram gets the smoothed share
(m_a + alpha) / (m_a + m_b + 2 alpha) of its matches that come from system A.
Matches are the clipped counts of :mod:`bleu_explain.engine.clipping` (with one
reference this is compare-mt's "match" count; with several, an n-gram is
credited up to its largest count in any one reference, as BLEU credits it).

>>> refs = [["the cat sat on the mat"], ["a dog barked loudly"]]
>>> a = ["the cat sat on a mat", "a dog barked"]
>>> b = ["cat on the mat", "the dog barked loudly"]
>>> t = system_table({"A": a, "B": b}, refs)
>>> list(t.index), list(t.columns[:4])
(['A', 'B'], ['BLEU', 'p1', 'p2', 'p3'])
>>> d = ngram_differences(a, b, refs, names=("A", "B"))
>>> d.better("B", 2)["ngram"].tolist()
['barked loudly', 'dog barked loudly']
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..engine.config import BleuConfig
    from ..results import CorpusExplanation


def _systems_and_refs(systems: Any, references: Optional[Sequence[Sequence[str]]]):
    from ..data.corpus import TeachingCorpus

    human = None
    if isinstance(systems, TeachingCorpus):
        corpus = systems
        if references is None:
            references = corpus.references
        human = corpus.human_scores
        systems = corpus.systems
    if not isinstance(systems, Mapping) or not systems:
        raise BleuInputError("systems must be a TeachingCorpus or a non-empty dict of system name -> outputs")
    if references is None:
        raise BleuInputError("give the references (for each segment, the list of its references)")
    return dict(systems), references, human


def system_table(
    systems: Any,
    references: Optional[Sequence[Sequence[str]]] = None,
    *,
    preset: str = "sacrebleu",
    sentence_effective_order: Optional[bool] = None,
    progress: Optional[bool] = None,
    **settings,
) -> "pd.DataFrame":
    """One row per system: BLEU, p1..pN, BP, ratio, lengths, and sentence BLEU mean and std.

    ``systems``: a :class:`~bleu_explain.data.corpus.TeachingCorpus` (its references
    are used unless others are given; its human scores become a column) or a
    dict name -> outputs. BLEU, the precisions and sentence BLEU are on the
    0-100 scale (as sacreBLEU prints them); precisions are the unsmoothed
    corpus p_n. Sentence BLEU is each segment scored alone; with the sacreBLEU
    rules it uses effective order unless ``sentence_effective_order=False``
    (``sacrebleu.sentence_bleu`` does the same), with other presets the
    preset's own rules. ``sentence_BLEU_std`` is the sample standard deviation.
    """
    import pandas as pd

    from ..api import explain_systems_with_config, make_config

    named, refs, human = _systems_and_refs(systems, references)
    config = make_config(preset, **settings)
    sentence_config = _sentence_config(config, sentence_effective_order)
    items = list(explain_systems_with_config(named, refs, config, progress=False).items())  # references counted once
    if progress or (progress is None and sum(len(v) for v in named.values()) > 20000):
        from ..engine.progress import progress_bar

        items = progress_bar(items, total=len(items), desc="scoring systems")
    rows = []
    for name, result in items:
        row = {"system": name, **_score_columns(result), **_sentence_columns(result, sentence_config)}
        if human is not None:
            row["human_score"] = human.get(name)
        rows.append(row)
    return pd.DataFrame(rows).set_index("system")


def _sentence_config(config: BleuConfig, sentence_effective_order: Optional[bool]) -> Optional[BleuConfig]:
    """The config sentence BLEU is scored with where it is not the corpus's own (None): with the sacreBLEU
    rules, effective order unless turned off."""
    if config.combine == "sacrebleu" and sentence_effective_order is not False and config.weights is None:
        return config.with_overrides(effective_order=True)
    if sentence_effective_order and config.combine != "sacrebleu":
        raise BleuInputError("sentence_effective_order is a sacreBLEU setting; this preset has no effective order")
    return None


def _score_columns(result: CorpusExplanation) -> dict[str, Any]:
    """What sacreBLEU prints of a corpus score: BLEU, p1..pN (0-100), BP, ratio and the two lengths."""
    b = result.breakdown
    row: dict[str, Any] = {"BLEU": b.score}
    for n, p in enumerate(b.raw_precisions, 1):
        row[f"p{n}"] = None if p is None else 100.0 * p
    row["BP"] = b.brevity_penalty
    row["ratio"] = b.hyp_len / b.ref_len if b.ref_len else None
    row["hyp_len"] = b.hyp_len
    row["ref_len"] = b.ref_len
    return row


def _sentence_columns(result: CorpusExplanation, sentence_config: Optional[BleuConfig]) -> dict[str, Optional[float]]:
    """The mean and sample standard deviation of sentence BLEU (0-100), each segment scored alone (with
    ``sentence_config``, or as the result scored its sentences)."""
    import numpy as np

    from ..engine.statistics import score_statistics

    if sentence_config is None:
        sentence = [s for s in result.sentence_scores if s is not None]
    else:
        sentence = [score_statistics([s], sentence_config).bleu for s in result.segment_stats]
    values = 100.0 * np.asarray(sentence, dtype=np.float64)
    return {"sentence_BLEU_mean": float(values.mean()) if len(values) else None,
            "sentence_BLEU_std": float(values.std(ddof=1)) if len(values) > 1 else None}


# ---------------------------------------------------------------------- n-gram differences
@dataclass(frozen=True)
class NgramDifferences:
    """Per n-gram, how often each system matched it in the references, and compare-mt's salience score.

    ``table`` columns: ngram, order, matches_a, matches_b, count_a, count_b
    (occurrences in each system's output) and ``score`` =
    (matches_a + alpha) / (matches_a + matches_b + 2 alpha): near 1 the n-gram
    is matched mostly by A, near 0 mostly by B. Only n-grams matched by at
    least one system are listed.
    """

    table: "pd.DataFrame"
    names: tuple[str, str]
    alpha: float

    def better(self, name: str, k: int = 20) -> "pd.DataFrame":
        """The ``k`` n-grams that system ``name`` matches more often than the other, strongest first."""
        if name not in self.names:
            raise BleuInputError(f"no system named {name!r}; this comparison is between {list(self.names)}")
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise BleuInputError(f"k must be a whole number >= 1, got {k!r}")
        t = self.table
        if name == self.names[0]:
            chosen = t[t["matches_a"] > t["matches_b"]].sort_values(
                ["score", "matches_a", "ngram"], ascending=[False, False, True])
        else:
            chosen = t[t["matches_b"] > t["matches_a"]].sort_values(
                ["score", "matches_b", "ngram"], ascending=[True, False, True])
        return chosen.head(k).reset_index(drop=True)

    def report(self, k: int = 10) -> str:
        """compare-mt-style text: the n-grams each system matches more often."""
        a, b = self.names
        lines = []
        for name in (a, b):
            other = b if name == a else a
            lines.append(f"n-grams that {name} matches more often than {other} (alpha = {self.alpha:g}):")
            key = "matches_a" if name == a else "matches_b"
            okey = "matches_b" if name == a else "matches_a"
            for _, r in self.better(name, k).iterrows():
                share = r["score"] if name == a else 1 - r["score"]
                lines.append(f"  {r['ngram']!s:30} {r[key]:4d} vs {r[okey]:4d}   ({share:.3f})")
        return "\n".join(lines)


def ngram_differences(
    system_a: "Sequence[str] | CorpusExplanation",
    system_b: "Sequence[str] | CorpusExplanation",
    references: Optional[Sequence[Sequence[str]]] = None,
    *,
    names: tuple[str, str] = ("A", "B"),
    min_order: int = 1,
    max_order: Optional[int] = None,
    alpha: float = 1.0,
    preset: Optional[str] = None,
    **settings,
) -> NgramDifferences:
    """compare-mt's n-gram difference analysis between two systems (matches summed over segments).

    Give the two systems' outputs and the references (and the preset and settings to tokenize them with), or
    two corpus results already computed on the same references with the same settings: then the tokens
    those results keep are read, and nothing is tokenized again. ``max_order`` defaults to 4, or to the
    results' own maximum order.

    >>> import bleu_explain as bx
    >>> refs = [["the cat sat on the mat"], ["a dog barked loudly"]]
    >>> a = bx.explain_corpus(["the cat sat on a mat", "a dog barked"], refs)
    >>> b = bx.explain_corpus(["cat on the mat", "the dog barked loudly"], refs)
    >>> ngram_differences(a, b, names=("A", "B")).better("B", 2)["ngram"].tolist()
    ['barked loudly', 'dog barked loudly']
    """
    from ..results import CorpusExplanation

    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not math.isfinite(alpha) or alpha <= 0:
        raise BleuInputError(f"alpha must be a positive number, got {alpha!r}")
    if len(names) != 2 or names[0] == names[1]:
        raise BleuInputError(f"names must be two different names, got {names!r}")
    results = [isinstance(system, CorpusExplanation) for system in (system_a, system_b)]
    if any(results):
        if not all(results):
            raise BleuInputError("give two corpus results, or two lists of outputs with the references; "
                                 "not one of each")
        if references is not None or preset is not None or settings:
            raise BleuInputError("two corpus results carry their references and settings: "
                                 "give no references, preset or settings with them")
        assert isinstance(system_a, CorpusExplanation) and isinstance(system_b, CorpusExplanation)
        segments = _segments_of_results(system_a, system_b, names)
        top = system_a.config.max_order if max_order is None else max_order
        _check_orders(min_order, top)
    else:
        if references is None:
            raise BleuInputError("references are missing: give the references the two systems are scored against")
        top = 4 if max_order is None else max_order
        _check_orders(min_order, top)
        segments = _segments_of_texts(system_a, system_b, references, names, preset or "sacrebleu", settings)
    return _differences(segments, names, min_order, top, float(alpha))


#: One segment, tokenized: system A's output, system B's output, the references.
TokenizedPair = tuple[list[str], list[str], list[list[str]]]


def _segments_of_results(system_a: CorpusExplanation, system_b: CorpusExplanation,
                         names: tuple[str, str]) -> Iterable[TokenizedPair]:
    """The tokens two corpus results keep, segment by segment (nothing is tokenized again)."""
    if system_a.references != system_b.references:
        raise BleuInputError(f"the results of {names[0]!r} and {names[1]!r} were computed on different references")
    if system_a.config != system_b.config:
        raise BleuInputError(f"the results of {names[0]!r} and {names[1]!r} were computed with different settings:"
                             f" {system_a.signature} vs {system_b.signature}")
    (cands_a, refs_a), (cands_b, _) = system_a.tokens, system_b.tokens
    return zip(cands_a, cands_b, refs_a)


def _segments_of_texts(system_a: Any, system_b: Any, references: Sequence[Sequence[str]],
                       names: tuple[str, str], preset: str, settings: dict[str, Any]) -> Iterable[TokenizedPair]:
    """Two systems' outputs and their references, checked and tokenized as ``preset`` and ``settings`` say."""
    from ..api import make_config
    from ..engine.statistics import tokenizer_for
    from ..engine.validation import check_system

    config = make_config(preset, **settings)
    texts_a, refs = check_system(f"system {names[0]!r}", system_a, references)
    texts_b, _ = check_system(f"system {names[1]!r}", system_b, references)
    tok = tokenizer_for(config)
    return ((tok(a), tok(b), [tok(r) for r in seg_refs]) for a, b, seg_refs in zip(texts_a, texts_b, refs))


def _check_orders(min_order: Any, max_order: Any) -> None:
    for label, value in (("min_order", min_order), ("max_order", max_order)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise BleuInputError(f"{label} must be a whole number >= 1, got {value!r}")
    if min_order > max_order:
        raise BleuInputError(f"min_order ({min_order}) is larger than max_order ({max_order})")


def _differences(segments: Iterable[TokenizedPair], names: tuple[str, str], min_order: int, max_order: int,
                 alpha: float) -> NgramDifferences:
    """Sum, over tokenized (candidate A, candidate B, references) segments, each n-gram's clipped matches."""
    import pandas as pd

    from ..engine.clipping import corpus_ngram_credit
    from ..engine.ngrams import ngram_text

    pairs = list(segments)
    credit_a = corpus_ngram_credit(((a, refs) for a, _, refs in pairs), min_order, max_order)
    credit_b = corpus_ngram_credit(((b, refs) for _, b, refs in pairs), min_order, max_order)
    counts: dict[tuple, list[int]] = {}
    for col, credit in ((0, credit_a), (1, credit_b)):
        for ngram, (count, clipped) in credit.items():
            entry = counts.setdefault(ngram, [0, 0, 0, 0])
            entry[col] += clipped
            entry[2 + col] += count
    rows = [{"ngram": ngram_text(g), "order": len(g), "matches_a": v[0], "matches_b": v[1], "count_a": v[2],
             "count_b": v[3], "score": (v[0] + alpha) / (v[0] + v[1] + 2 * alpha)}
            for g, v in counts.items() if v[0] or v[1]]
    table = pd.DataFrame(rows, columns=["ngram", "order", "matches_a", "matches_b", "count_a", "count_b", "score"])
    table = table.sort_values(["score", "ngram"], ascending=[False, True]).reset_index(drop=True)
    return NgramDifferences(table=table, names=(names[0], names[1]), alpha=alpha)
