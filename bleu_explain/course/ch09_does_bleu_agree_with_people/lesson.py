"""The lesson of notebook 09: BLEU against expert MQM and crowd DA on WMT21 Chinese-English and English-German.

Everything is computed from :func:`bleu_explain.data.wmt21.load_wmt21` (the
data are read where ``BLEU_EXPLAIN_DATA`` or the download cache has them),
BLEU by :func:`bleu_explain.explain_systems` with sacreBLEU's defaults against
reference A, chrF by sacreBLEU, the comparisons by
:mod:`bleu_explain.analysis.human`. Results are cached per process, so each
is computed once however often the notebook asks.

>>> PAIR_NAMES["en-de"], HUMAN_NAMES["da"]
('English-German', 'DA (z)')
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Optional, Sequence

from ...analysis import human as hx
from ...data import published
from ...engine.errors import BleuInputError
from .paper import PAPER_SOURCE

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...data.judgments import HumanJudgedTestSet
    from ...display.widgets import BleuExplorer
    from ...results import CorpusExplanation

PAIRS = ("zh-en", "en-de")
PAIR_NAMES = {"zh-en": "Chinese-English", "en-de": "English-German"}
HUMAN_NAMES = {"mqm": "MQM", "da": "DA (z)", "da_raw": "DA (raw)"}
#: The reference every score is computed against, unless said otherwise.
REFERENCE = "A"
#: Block sizes of the "quantity leads to quality" experiment (None: all rated segments).
BLOCK_SIZES: tuple[Optional[int], ...] = (1, 5, 25, 100, None)


# --------------------------------------------------------------------------- data and scores, cached
@lru_cache(maxsize=None)
def load_pair(pair: str) -> HumanJudgedTestSet:
    """The WMT21 test set of ``pair`` with its judgments (loaded once)."""
    from ...data.wmt21 import load_wmt21

    if pair not in PAIRS:
        raise BleuInputError(f"pair must be one of {list(PAIRS)}, got {pair!r}")
    return load_wmt21(pair)


def require_data() -> None:
    """The set-up cell's check: without the WMT21 data, say what is missing and offer the download (a button, and
    the command for a terminal); the cells after it then do nothing until the data are there. See
    :mod:`bleu_explain.display.data_gate`."""
    from ...display.data_gate import require_data as require

    require("wmt21", PAIRS)


def references_for(test_set: HumanJudgedTestSet, names: Sequence[str]) -> list[list[str]]:
    """For each segment, its references ``names`` (e.g. ``["A", "C"]``)."""
    return [list(segment) for segment in zip(*(test_set.references[r] for r in names))]


def studied(pair: str) -> list[str]:
    """The translations with a text and a human score, scored against reference A: zh-en's 23 machine systems
    (all have DA, 8 have MQM); en-de's 8 machine systems with MQM and the human translations C and D."""
    ts = load_pair(pair)
    judged = {s for kind in ts.scores.values() for s in kind.systems}
    return [name for name in ts.translations(REFERENCE) if name in judged]


def machines(pair: str, kind: str = "mqm") -> list[str]:
    """The machine systems of ``pair`` with a ``kind`` score."""
    ts = load_pair(pair)
    return [s for s in studied(pair) if s in ts.systems and s in ts.human(kind).systems]


@lru_cache(maxsize=None)
def _bleu(pair: str, references: tuple[str, ...], names: tuple[str, ...]) -> dict[str, CorpusExplanation]:
    from ...api import explain_systems

    ts = load_pair(pair)
    outputs = ts.translations(list(references))
    return explain_systems({n: outputs[n] for n in names}, references_for(ts, references), progress=False)


def bleu_results(pair: str, references: Sequence[str] = (REFERENCE,),
                 systems: Optional[Sequence[str]] = None) -> dict[str, CorpusExplanation]:
    """Corpus BLEU (sacreBLEU's defaults) of ``systems`` (default: :func:`studied`) against ``references``."""
    everything = tuple(studied(pair))
    names = tuple(systems) if systems is not None else everything
    if tuple(references) == (REFERENCE,) and set(names) <= set(everything):  # score all once, hand out parts
        scored = _bleu(pair, (REFERENCE,), everything)
        return {n: scored[n] for n in names}
    return dict(_bleu(pair, tuple(references), names))


@lru_cache(maxsize=None)
def _chrf(pair: str) -> dict[str, float]:
    from sacrebleu.metrics import CHRF

    ts = load_pair(pair)
    metric = CHRF(references=[ts.references[REFERENCE]])  # the references' n-grams are extracted once
    outputs = ts.translations(REFERENCE)
    return {name: metric.corpus_score(outputs[name], None).score for name in studied(pair)}


def chrf_scores(pair: str) -> dict[str, float]:
    """sacreBLEU's chrF (its defaults: character 6-grams, beta 2) of every studied translation against A."""
    return dict(_chrf(pair))


def bleu_scores(pair: str) -> dict[str, float]:
    """BLEU (0-100) of every studied translation against reference A."""
    return {name: r.score for name, r in bleu_results(pair).items()}


def human_scores(pair: str, kind: str) -> dict[str, float]:
    """System-level human scores of kind ``kind`` for the studied translations that have one."""
    judged = load_pair(pair).human(kind).systems
    return {s: judged[s] for s in studied(pair) if s in judged}


def judgment_summary() -> pd.DataFrame:
    """Per pair and kind of judgment: systems judged, how many we score against reference A (the others have no
    text in the release, or are reference A itself), and the segments rated per system."""
    import pandas as pd

    rows = []
    for pair in PAIRS:
        ts = load_pair(pair)
        texts = set(ts.translations(REFERENCE))
        for kind, judged in ts.scores.items():
            rated = [judged.rated(s) for s in judged.systems]
            rows.append({"data": f"WMT21 {PAIR_NAMES[pair]}", "judgment": HUMAN_NAMES.get(kind, kind),
                         "segments": len(ts), "systems judged": len(judged.systems),
                         "scored here": sum(s in texts for s in judged.systems),
                         "segments rated per system": f"{min(rated)}-{max(rated)}"})
    return pd.DataFrame(rows).set_index(["data", "judgment"])


# --------------------------------------------------------------------------- Figures 5 and 6
def system_table(pair: str) -> pd.DataFrame:
    """One row per studied translation: machine or human, BLEU, chrF and every human score (NaN: not judged),
    best first by MQM where the pair has it for every row, else by DA."""
    import pandas as pd

    ts = load_pair(pair)
    frame = pd.DataFrame({"human translation": {s: s not in ts.systems for s in studied(pair)},
                          "BLEU": bleu_scores(pair), "chrF": chrf_scores(pair)})
    for kind in ts.scores:
        frame[HUMAN_NAMES.get(kind, kind)] = pd.Series(human_scores(pair, kind), dtype=float)
    key = "MQM" if frame["MQM"].notna().all() else "DA (z)"
    frame.index.name = "system"
    return frame.sort_values(key, ascending=False, kind="stable")


def views() -> list[tuple[str, str, list[str], str]]:
    """The sets of systems correlated: (pair, human kind, systems, description)."""
    de_all = [s for s in studied("en-de") if s in human_scores("en-de", "mqm")]
    out = [("zh-en", "mqm", machines("zh-en"), "machine systems with MQM"),
           ("zh-en", "da", machines("zh-en", "da"), "machine systems with DA"),
           ("zh-en", "da_raw", machines("zh-en", "da_raw"), "machine systems with DA"),
           ("en-de", "mqm", machines("en-de"), "machine systems with MQM"),
           ("en-de", "mqm", de_all, "translations: the machine systems and human translations C, D")]
    return out


def correlation_table() -> pd.DataFrame:
    """Pearson's r of BLEU (with its 95% interval) and of chrF with each human score, and the paper's r."""
    import pandas as pd

    rows = []
    for pair, kind, names, what in views():
        human = human_scores(pair, kind)
        b = hx.system_correlation(bleu_scores(pair), human, systems=names)
        c = hx.system_correlation(chrf_scores(pair), human, systems=names)
        rows.append({"data": f"WMT21 {PAIR_NAMES[pair]}", "human score": HUMAN_NAMES[kind],
                     "systems": f"{len(names)} {what}", "BLEU r": b.r, "BLEU r low": b.low, "BLEU r high": b.high,
                     "chrF r": c.r})
    for group, r in published.PAPINENI_CORRELATIONS.items():
        rows.append({"data": f"{PAPER_SOURCE}, {r.where}", "human score": f"{group} judges",
                     "systems": "5: S1-S3 and H1, H2", "BLEU r": r.value})
    return pd.DataFrame(rows)


def spread_table() -> pd.DataFrame:
    """How far apart the systems are: the paper's five (Table 1, two references, x 100) and each WMT21 view."""
    import pandas as pd

    def row(label: str, bleu: dict[str, float], humans: int) -> dict:
        ordered = sorted(bleu.values())
        gaps = [b - a for a, b in zip(ordered, ordered[1:])]
        return {"systems": label, "n": len(bleu), "human translations": humans, "lowest BLEU": ordered[0],
                "highest BLEU": ordered[-1], "range": ordered[-1] - ordered[0],
                "median gap between neighbours": float(pd.Series(gaps).median())}

    table_1 = published.values(published.PAPINENI_TABLE_1)
    rows = [row(f"{PAPER_SOURCE}, Table 1 (x 100)", {k: 100 * v for k, v in table_1.items()}, 2)]
    for pair, kind, names, what in views():
        if kind != "da_raw":
            ts = load_pair(pair)
            rows.append(row(f"WMT21 {pair}, {len(names)} {what}", {n: bleu_scores(pair)[n] for n in names},
                            sum(n not in ts.systems for n in names)))
    return pd.DataFrame(rows).set_index("systems")


# --------------------------------------------------------------------------- Figures 3 and 7
def mqm_order(pair: str) -> list[str]:
    """The studied translations with MQM, worst first (the paper's S1 ... H2 order)."""
    mqm = human_scores(pair, "mqm")
    return sorted(mqm, key=mqm.__getitem__)


def figure_3(pair: str, *, n_samples: int = 1000) -> tuple[pd.DataFrame, pd.DataFrame]:
    """MQM and BLEU differences between neighbours in MQM's order, each with its 95% interval."""
    ts, order = load_pair(pair), mqm_order(pair)
    human = hx.neighbour_differences(ts.human("mqm").segments, order)
    bleu = hx.bleu_neighbour_differences(bleu_results(pair, systems=order), order, n_samples=n_samples)
    return human, bleu


def neighbour_summary(human: pd.DataFrame, bleu: pd.DataFrame) -> pd.Series:
    """Of the neighbour pairs: how many intervals exclude 0 on each side, and on how many BLEU's sign is MQM's."""
    import pandas as pd

    def excludes_zero(table: pd.DataFrame) -> pd.Series:
        return (table["low"] > 0) | (table["high"] < 0)

    same_sign = (human["difference"] * bleu["difference"]) > 0
    return pd.Series({"neighbour pairs": len(human), "MQM: interval excludes 0": int(excludes_zero(human).sum()),
                      "BLEU: interval excludes 0": int(excludes_zero(bleu).sum()),
                      "BLEU's difference has MQM's sign": int(same_sign.sum()),
                      "BLEU excludes 0 with the opposite sign": int((excludes_zero(bleu) & ~same_sign).sum())})


def figure_7(pair: str) -> pd.DataFrame:
    """BLEU, chrF and the human scores of the MQM-judged translations, each normalized by its range: worst 0, best 1."""
    import pandas as pd

    order = mqm_order(pair)
    table = system_table(pair).loc[order]
    columns = [c for c in table.columns if c != "human translation" and c != "DA (raw)" and table[c].notna().all()]
    return pd.DataFrame({c: hx.normalize_by_range(table[c].to_dict()) for c in columns}).loc[order]


# --------------------------------------------------------------------------- quantity leads to quality
def block_table(pair: str) -> pd.DataFrame:
    """BLEU on blocks of growing size against MQM (machine systems with MQM): see
    :func:`~bleu_explain.analysis.human.correlation_by_block_size`."""
    ts = load_pair(pair)
    results = bleu_results(pair, systems=machines(pair))
    return hx.correlation_by_block_size(results, ts.human("mqm").segments, BLOCK_SIZES)


def sentence_level(pair: str) -> hx.Correlation:
    """Kendall's tau of sentence BLEU with segment MQM, pooled over the machine systems and rated segments."""
    ts = load_pair(pair)
    results = bleu_results(pair, systems=machines(pair))
    metric = {name: hx.sentence_bleu(r) for name, r in results.items()}
    return hx.segment_correlation(metric, ts.human("mqm").segments, systems=list(results))


def levels_table() -> pd.DataFrame:
    """:func:`block_table` of both pairs, one above the other."""
    import pandas as pd

    return pd.concat({PAIR_NAMES[pair]: block_table(pair) for pair in PAIRS}, names=["data", "block"])


# --------------------------------------------------------------------------- references, gaps
REFERENCE_SETS = (("A",), ("C",), ("D",), ("A", "C"), ("A", "D"), ("C", "D"), ("A", "C", "D"))


def reference_table(pair: str = "en-de") -> pd.DataFrame:
    """The machine systems with MQM scored against every set of the human references: BLEU and its r with MQM."""
    import pandas as pd

    names = machines(pair)
    mqm = human_scores(pair, "mqm")
    rows = []
    for refs in REFERENCE_SETS:
        bleu = {n: r.score for n, r in bleu_results(pair, refs, names).items()}
        rows.append({"references": "+".join(refs), "n_refs": len(refs), "mean BLEU": sum(bleu.values()) / len(bleu),
                     "lowest": min(bleu.values()), "highest": max(bleu.values()),
                     "r with MQM": hx.system_correlation(bleu, mqm).r,
                     "Kendall tau": hx.system_correlation(bleu, mqm, method="kendall").r})
    return pd.DataFrame(rows).set_index("references")


def gap_datasets() -> dict[str, pd.DataFrame]:
    """Every pair of machine systems, with BLEU's and the people's difference, for each (pair, human score)."""
    out = {}
    for pair, kind, names, _ in views():
        if kind != "da_raw" and all(n in load_pair(pair).systems for n in names):
            label = f"{pair} {HUMAN_NAMES[kind]}, {len(names)} systems"
            out[label] = hx.pairwise_agreement(bleu_scores(pair), human_scores(pair, kind), systems=names)
    return out


def gap_table(datasets: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Agreement by BLEU gap for each dataset, side by side: pairs and the fraction ordered as people order them."""
    import pandas as pd

    parts = {label: hx.agreement_by_gap(pairs)[["pairs", "fraction"]] for label, pairs in datasets.items()}
    return pd.concat(parts, axis=1)


# --------------------------------------------------------------------------- drill down
def disagreements(pair: str, system: str, k: int = 5) -> pd.DataFrame:
    """The ``k`` segments of ``system`` that MQM ranks highest above sentence BLEU, with their texts."""
    ts = load_pair(pair)
    if system not in human_scores(pair, "mqm"):
        raise BleuInputError(f"{system!r} has no MQM scores in {pair}; choose one of {mqm_order(pair)}")
    result = bleu_results(pair, systems=[system])[system]
    table = hx.rank_disagreements(hx.sentence_bleu(result), ts.human("mqm").segments[system]).head(k)
    table = table.rename(columns={"metric": "sentence BLEU", "human": "MQM"})
    table["MQM"] = table["MQM"] + 0.0  # the files write a perfect segment as -0.0
    output = ts.translations(REFERENCE)[system]
    table["source"] = [ts.source[i] if ts.source else "" for i in table.index]
    table[f"reference {REFERENCE}"] = [ts.references[REFERENCE][i] for i in table.index]
    table[system] = [output[i] for i in table.index]
    return table


def explorer_for(pair: str, system: str, segment: int) -> BleuExplorer:
    """The explorer on one segment (0-based) of ``system`` against reference A, with sacreBLEU's settings."""
    from ...display.widgets import BleuExplorer

    ts = load_pair(pair)
    output = ts.translations(REFERENCE)[system]
    return BleuExplorer(output[segment], [ts.references[REFERENCE][segment]], preset="sacrebleu")
