"""The lesson of notebook 07 (one output, many scores): Post (2018)'s published numbers and the same effects, live.

Two kinds of numbers live here, and they are kept apart:

* **Published values** from Post (2018), "A Call for Clarity in Reporting BLEU
  Scores" (WMT 2018): his Table 1 and the WMT17 English-Finnish example of
  section 2.1, read from :mod:`bleu_explain.data.published`. Quoted, never computed.
* **Live values**: one system of the bundled teaching corpus scored under
  several configurations. Every score comes from the engine
  (:func:`bleu_explain.explain_corpus` through the corpus); this module only
  chooses the settings and lays the results out.

The published ranges (largest minus smallest score, leaving out ``unk``) can
be checked from the published scores. All but one agree; uncased en-cs gives
21.3 - 20.6 = 0.7 where the paper prints 0.6 (presumably the range was taken
from unrounded scores):

>>> ranges = post_ranges()
>>> ranges.index[~ranges["agree"]].tolist(), float(ranges["published_range"].max())
([('uncased', 'en-cs')], 1.8)
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ...data import published
from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

    from ...data.corpus import TeachingCorpus
    from ...results import CorpusExplanation

# --------------------------------------------------------------------------- published values (Post 2018)
#: Where Table 1 comes from (the values are in :mod:`bleu_explain.data.published`).
POST_2018_SOURCE = f'{published.POST_2018.citation}, "{published.POST_2018.title}", Table 1'
#: The twelve WMT17 language arcs of Table 1, in the paper's column order.
POST_2018_ARCS = published.POST_ARCS
CASES = ("cased", "uncased")
PROCESSINGS = ("basic", "split", "unk", "metric")


def _post(case: str, processing: str) -> list[float]:
    """One row of Table 1 as published, arc by arc."""
    return [published.POST_TABLE_1[case, processing, arc].value for arc in POST_2018_ARCS]


#: The environment variable naming a file with online-B's WMT17 English-Finnish output (one line per segment).
ONLINE_B_ENV = "BLEU_EXPLAIN_ONLINE_B"


def post_table_1() -> "pd.DataFrame":
    """Post (2018)'s Table 1 as published: rows (case, processing), one column per language arc.

    >>> t = post_table_1()
    >>> t.shape, float(t.loc[("cased", "metric"), "de-en"])
    ((8, 12), 33.0)
    """
    import pandas as pd

    rows = [(case, processing) for case in CASES for processing in PROCESSINGS]
    index = pd.MultiIndex.from_tuples(rows, names=["case", "processing"])
    frame = pd.DataFrame([_post(*row) for row in rows], index=index, columns=list(POST_2018_ARCS))
    frame.attrs["source"] = POST_2018_SOURCE
    return frame


def post_ranges(exclude: Sequence[str] = ("unk",)) -> "pd.DataFrame":
    """Per arc and case: the published range, the range recomputed from the published scores, and whether they agree.

    Post leaves ``unk`` out of the range (it is a mistake, not a configuration).

    >>> row = post_ranges().loc[("cased", "de-en")]
    >>> float(row["published_range"]), float(row["range_of_published_scores"]), bool(row["agree"])
    (1.8, 1.8, True)
    """
    import pandas as pd

    table = post_table_1()
    rows = []
    for case in CASES:
        part = table.loc[case]
        part = part[~part.index.isin(list(exclude))]
        for arc, printed in zip(POST_2018_ARCS, _post(case, "range")):
            recomputed = round(float(part[arc].max() - part[arc].min()), 1)
            rows.append({"case": case, "arc": arc, "published_range": printed,
                         "range_of_published_scores": recomputed, "agree": abs(recomputed - printed) < 1e-9})
    # recomputed from one-decimal scores, a range can be 0.1 off one taken from unrounded scores
    return pd.DataFrame(rows).set_index(["case", "arc"])


def post_arc(arc: str) -> dict[str, float]:
    """One arc's eight published scores, labelled ``"cased, basic"`` etc.

    The dict is what :func:`bleu_explain.display.plots.plot_configurations` draws.

    >>> post_arc("de-en")["uncased, metric"]
    34.2
    """
    if arc not in POST_2018_ARCS:
        raise BleuInputError(f"Post (2018)'s Table 1 has no arc {arc!r}; it has {', '.join(POST_2018_ARCS)}")
    return {f"{case}, {processing}": published.POST_TABLE_1[case, processing, arc].value
            for case in CASES for processing in PROCESSINGS}


def plot_post_ranges(figsize: tuple[float, float] = (8.0, 3.6)) -> "Figure":
    """Bars of Post (2018)'s published ranges per arc, cased and uncased (published values, not computed)."""
    from ...display.plots import SERIES_COLOURS, new_figure

    fig, ax = new_figure(figsize)
    xs = list(range(len(POST_2018_ARCS)))
    width = 0.38
    for k, case in enumerate(CASES):
        values = _post(case, "range")
        offset = (k - 0.5) * width
        ax.bar([x + offset for x in xs], values, width, color=SERIES_COLOURS[k], label=case)
        for x, v in zip(xs, values):
            ax.text(x + offset, v + 0.03, f"{v:.1f}", ha="center", va="bottom", fontsize=7)
    ax.set_xticks(xs, list(POST_2018_ARCS), fontsize=8)
    ax.set_ylabel("range of BLEU (points)")
    ax.set_ylim(0, 2.1)
    ax.legend(fontsize=8, frameon=False, loc="upper left")
    ax.set_title("Post (2018), Table 1, published values: largest minus smallest BLEU of online-B\n"
                 "under basic, split and metric processing (unk left out)", fontsize=10)
    return fig


def post_en_fi() -> "pd.DataFrame":
    """Post (2018)'s WMT17 English-Finnish example as published, with the gain from the second reference.

    >>> post_en_fi()["published_BLEU"].tolist()
    [22.04, 25.25]
    """
    import pandas as pd

    en_fi = published.POST_EN_FI
    frame = pd.DataFrame({"published_BLEU": [r.value for r in en_fi.values()]},
                         index=pd.Index([f"{n} reference{'s' if n > 1 else ''}" for n in en_fi],
                                        name="online-B, WMT17 en-fi"))
    frame["gain_over_1_reference"] = frame["published_BLEU"] - frame["published_BLEU"].iloc[0]
    frame.attrs["source"] = en_fi[1].source
    return frame


# --------------------------------------------------------------------------- live values (the bundled corpus)
#: The tokenizers sacreBLEU offers, as the course shows them.
TOKENIZERS: tuple[str, ...] = ("13a", "intl", "zh", "char", "none")

#: Configurations of one output for the live table: a label -> settings. ``refs`` (0-based reference
#: positions) picks references; ``preset`` and any setting of :func:`bleu_explain.explain` pass through.
CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "sacreBLEU default (13a, cased, 4 refs)": {},
    "lowercased": {"lowercase": True},
    "tokenizer intl": {"tokenize": "intl"},
    "lowercased + intl": {"lowercase": True, "tokenize": "intl"},
    "preset multi-bleu (whitespace tokens)": {"preset": "multi-bleu"},
    "preset paper (no punctuation, lowercased)": {"preset": "paper"},
    "references 1+2 only": {"refs": [0, 1]},
    "reference 1 only": {"refs": [0]},
    "reference 2 only": {"refs": [1]},
}


def score_configuration(corpus: "TeachingCorpus", system: str, settings: Mapping[str, Any]) -> "CorpusExplanation":
    """Corpus BLEU of one system under one configuration (``refs``: reference positions, 0-based).

    >>> from bleu_explain.data.corpus import load_corpus
    >>> r = score_configuration(load_corpus(), "S3", {"refs": [0], "lowercase": True})
    >>> r.signature.split("|")[:2]
    ['nrefs:1', 'case:lc']
    """
    settings = dict(settings)
    refs = settings.pop("refs", None)
    preset = settings.pop("preset", "sacrebleu")
    if refs is not None:
        corpus = corpus.with_references(refs)
    return corpus.explain(system, preset=preset, **settings)


def score_configurations(
    corpus: "TeachingCorpus", system: str, configurations: Optional[Mapping[str, Mapping[str, Any]]] = None
) -> dict[str, "CorpusExplanation"]:
    """One system under every configuration (default :data:`CONFIGURATIONS`): label -> result."""
    configurations = CONFIGURATIONS if configurations is None else configurations
    if not configurations:
        raise BleuInputError("give at least one configuration")
    return {label: score_configuration(corpus, system, settings) for label, settings in configurations.items()}


def configuration_table(results: Mapping[str, "CorpusExplanation"],
                        baseline: Optional[str] = None) -> "pd.DataFrame":
    """One row per configuration: score, its difference from the baseline (the first row by default), BP, signature.

    >>> from bleu_explain.data.corpus import load_corpus
    >>> rs = score_configurations(load_corpus(), "S3", {"default": {}, "lc": {"lowercase": True}})
    >>> t = configuration_table(rs)
    >>> list(t.columns), float(t.loc["default", "difference"])
    (['score', 'difference', 'brevity_penalty', 'signature'], 0.0)
    """
    import pandas as pd

    if not results:
        raise BleuInputError("results is empty")
    baseline = baseline or next(iter(results))
    if baseline not in results:
        raise BleuInputError(f"no configuration named {baseline!r}; have {list(results)}")
    base = results[baseline].score
    rows = [{"configuration": label, "score": r.score, "difference": r.score - base,
             "brevity_penalty": r.brevity_penalty, "signature": r.signature} for label, r in results.items()]
    return pd.DataFrame(rows).set_index("configuration")


def tokenizer_case_table(corpus: "TeachingCorpus", system: str,
                         tokenizers: Sequence[str] = TOKENIZERS) -> "pd.DataFrame":
    """Score of one system for each tokenizer, cased and lowercased (sacreBLEU's defaults otherwise).

    >>> from bleu_explain.data.corpus import load_corpus
    >>> t = tokenizer_case_table(load_corpus(), "S3", ["13a", "none"])
    >>> list(t.columns), bool((t["lowercased"] >= t["cased"]).all())
    (['cased', 'lowercased', 'lowercasing_adds'], True)
    """
    import pandas as pd

    rows = []
    for tok in tokenizers:
        cased = corpus.explain(system, tokenize=tok).score
        lower = corpus.explain(system, tokenize=tok, lowercase=True).score
        rows.append({"tokenizer": tok, "cased": cased, "lowercased": lower, "lowercasing_adds": lower - cased})
    return pd.DataFrame(rows).set_index("tokenizer")


def tokens_table(text: str, tokenizers: Sequence[str] = TOKENIZERS) -> "pd.DataFrame":
    """How each tokenizer splits one text: the number of tokens and the tokens (separated by a middle dot).

    >>> tokens_table("Dr. Li's plan.", ["13a", "none"])["n_tokens"].tolist()
    [5, 3]
    """
    import pandas as pd

    from ...engine.tokenize import tokenize

    rows = []
    for tok in tokenizers:
        tokens = tokenize(text, tok)
        rows.append({"tokenizer": tok, "n_tokens": len(tokens), "tokens": " \u00b7 ".join(tokens)})
    return pd.DataFrame(rows).set_index("tokenizer")


def tokens_text(text: str, tokenizers: Sequence[str] = TOKENIZERS, width: int = 110) -> str:
    """How each tokenizer splits one text, as lines for printing (tokens separated by a middle dot, wrapped).

    >>> print(tokens_text("Dr. Li's plan.", ["13a", "none"]))
    13a    5 tokens: Dr · . · Li's · plan · .
    none   3 tokens: Dr. · Li's · plan.
    """
    import textwrap

    table = tokens_table(text, tokenizers)
    name_width = max(len(t) for t in table.index)
    lines = []
    for tok, row in table.iterrows():
        head = f"{tok:<{name_width}} {row['n_tokens']:>3} tokens: "
        lines.extend(textwrap.wrap(row["tokens"], width=width, initial_indent=head,
                                   subsequent_indent=" " * len(head), break_on_hyphens=False))
    return "\n".join(lines)


def first_k_references(corpus: "TeachingCorpus", system: str, counts: Sequence[int] = (1, 2, 3, 4)) -> "pd.DataFrame":
    """The score with the first k references, for each k, and its signature (which records k but not WHICH ones).

    >>> from bleu_explain.data.corpus import load_corpus
    >>> first_k_references(load_corpus(), "S3", [1, 4])["signature"].str[:7].tolist()
    ['nrefs:1', 'nrefs:4']
    """
    import pandas as pd

    rows = []
    for k in counts:
        r = score_configuration(corpus, system, {"refs": list(range(k))})
        rows.append({"references": "+".join(str(j + 1) for j in range(k)), "n_refs": k, "score": r.score,
                     "brevity_penalty": r.brevity_penalty, "signature": r.signature})
    return pd.DataFrame(rows).set_index("references")


# --------------------------------------------------------------------------- signatures
def signature_fields(signature: str) -> dict[str, str]:
    """A signature's fields as a dict, in their order (read by :class:`bleu_explain.engine.signature.Signature`).

    >>> signature_fields("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0")["tok"]
    '13a'
    """
    from ...engine.signature import Signature

    return dict(Signature.parse(signature).fields)


def signature_diff(a: str, b: str) -> "pd.DataFrame":
    """The fields in which two signatures differ (a field missing from one shows as ``-``).

    >>> signature_diff("nrefs:1|case:mixed|tok:13a", "nrefs:2|case:mixed|tok:13a").to_dict("records")
    [{'field': 'nrefs', 'first': '1', 'second': '2'}]
    """
    import pandas as pd

    from ...engine.signature import Signature

    rows = [{"field": name, "first": first, "second": second}
            for name, (first, second) in Signature.parse(a).differences(b).items()]
    return pd.DataFrame(rows, columns=["field", "first", "second"])


# --------------------------------------------------------------------------- Post's en-fi example on real data
def rerun_post_en_fi(online_b: Optional[str] = None, *, env: str = ONLINE_B_ENV) -> Optional["pd.DataFrame"]:
    """Rerun Post (2018)'s WMT17 English-Finnish example on the real data, if it is there.

    ``online_b`` (or the environment variable ``env``) names a file with the
    online-B system's output for newstest2017 en-fi, one line per segment (from
    WMT17's published system outputs). The two references come from
    sacreBLEU's test set ``wmt17/tworefs`` through
    :func:`bleu_explain.data.loaders.load_sacrebleu_testset`, from sacreBLEU's cache
    (or downloaded once, online). Without a file this prints what to do and
    returns None, touching neither the network nor the disk; a loader error is
    printed as its message.
    """
    path = online_b or os.environ.get(env)
    if not path:
        print(f"No online-B output given: set the environment variable {env} to the file with online-B's "
              "newstest2017 en-fi output, then rerun this cell. Nothing was downloaded or computed.")
        return None
    from ...data.loaders import load_sacrebleu_testset

    try:
        corpus = load_sacrebleu_testset("wmt17/tworefs", "en-fi", systems={"online-B": path})
    except BleuInputError as exc:
        print(exc)
        return None
    return first_k_references(corpus, "online-B", counts=(1, 2))
