"""The lecture's numbers and pictures, computed by the package when the deck is built.

Nothing on a slide is typed: a number in the deck's text is a ``{name}`` that :func:`deck_values` fills
(the paper's examples from :mod:`bleu_explain.data.examples`, a paper's stated figures from
:mod:`bleu_explain.data.published`, WMT21's system figures from :mod:`bleu_explain.data.system_figures`),
and each picture is drawn by :data:`PICTURES` from the engine's results with the deck's labels (its
language's words) and a style (its language's font). The paired tests' p-values on equally good systems come
from the measurement bundled with the package (:func:`calibration_p_values`), so no picture needs a download.

>>> values = deck_values()
>>> values["ex2_modified"], values["ex1_c1_p1"]
('2/7', '17/18')
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from ... import api as bx
from ...analysis.significance.calibration import moses_p_ceiling, moses_p_under_normal
from ...data import examples as ex
from ...data import published
from ...data.corpus import load_corpus
from ..plots import lecture as pic
from ..plots.style import PlotStyle

if TYPE_CHECKING:  # pragma: no cover
    from ...data.calibration_figures import CalibrationFigures

Labels = Mapping[str, str]
#: What a picture function returns: a matplotlib Figure (named here without importing matplotlib, which the
#: export folder leaves to plots/).
Figure = Any
#: The preset of Part 1: the paper's own counting (lowercased, punctuation removed).
PAPER = "paper"
#: The teaching corpus's two systems the significance slides compare.
INTERVAL_SYSTEM, PAIR = "S3", ("S2", "S3")
#: The hill climber of notebook 14, section 7: its seed and the tries per sentence.
CLIMB_SEED, CLIMB_STEPS = 2002, 500
#: "Nearly always": the share of pairs BLEU must order as people do, in every bin from a gap on, for the slide
#: to call gaps from there on trustworthy (on the zh-en DA systems, the view with the most pairs).
NEARLY_ALWAYS = 0.85
#: The tools the "one output, many scores" slide shows, and the sentence it scores.
TOOLS_CANDIDATE, TOOLS_REFERENCES = ex.CAT_CANDIDATE, ex.EXAMPLE_2_REFERENCES


def fraction(result: Any, order: int) -> str:
    return str(result.fraction(order))


def two(value: float) -> str:
    return f"{value:.2f}"


def one(value: float) -> str:
    return f"{value:.1f}"


# --------------------------------------------------------------------------- the examples
@lru_cache(maxsize=None)
def paper(candidate: str, references: tuple[str, ...]) -> Any:
    return bx.explain(candidate, references, preset=PAPER)


def example_1() -> tuple[Any, Any]:
    return paper(ex.EXAMPLE_1_CANDIDATE_1, ex.EXAMPLE_1_REFERENCES), paper(ex.EXAMPLE_1_CANDIDATE_2,
                                                                           ex.EXAMPLE_1_REFERENCES)


def example_2() -> Any:
    return paper(ex.EXAMPLE_2_CANDIDATE, ex.EXAMPLE_2_REFERENCES)


def short_corpus() -> tuple[Any, list[Any]]:
    """The five sentences of notebook 04: the corpus result and each sentence's."""
    candidates = [c for c, _ in ex.SHORT_AND_LONG_CORPUS]
    references = [[r] for _, r in ex.SHORT_AND_LONG_CORPUS]
    return (bx.explain_corpus(candidates, references),
            [bx.explain(c, r) for c, r in zip(candidates, references)])


@lru_cache(maxsize=1)
def climbed() -> tuple[list[str], list[str], list[list[str]]]:
    """Notebook 14's hill climber on H1's first three sentences: (before, after, references)."""
    corpus = load_corpus()
    rng = random.Random(CLIMB_SEED)
    before = corpus.system("H1")[:3]
    references = [list(r) for r in corpus.references[:3]]
    after = [_climb(text, refs, rng) for text, refs in zip(before, references)]
    return before, after, references


def _climb(text: str, references: list[str], rng: random.Random) -> str:
    """Random edits with the references' words, kept whenever sentence BLEU does not fall."""
    vocabulary = sorted({w for r in references for w in r.split()})
    words, best = text.split(), bx.explain(text, references).score
    for _ in range(CLIMB_STEPS):
        trial, i = list(words), rng.randrange(len(words))
        move = rng.choice(["insert", "delete", "replace", "swap"])
        if move == "insert":
            trial.insert(i, rng.choice(vocabulary))
        elif move == "delete" and len(trial) > 1:
            del trial[i]
        elif move == "replace":
            trial[i] = rng.choice(vocabulary)
        elif move == "swap" and i + 1 < len(trial):
            trial[i], trial[i + 1] = trial[i + 1], trial[i]
        score = bx.explain(" ".join(trial), references).score
        if score >= best:
            words, best = trial, score
    return " ".join(words)


@lru_cache(maxsize=1)
def teaching_tests() -> tuple[Any, Any, Any]:
    """The teaching corpus's bootstrap interval of one system and the two paired tests of a pair."""
    from ...analysis import significance as sig

    corpus = load_corpus()
    refs = corpus.references
    results = bx.explain_systems({s: corpus.system(s) for s in PAIR}, refs, progress=False)
    interval = sig.bootstrap_ci(corpus.system(INTERVAL_SYSTEM), refs, progress=False)
    bs = sig.paired_bootstrap_of_results(results[PAIR[0]], results[PAIR[1]], progress=False)
    ar = sig.paired_approximate_randomization_of_results(results[PAIR[0]], results[PAIR[1]], progress=False)
    return interval, bs, ar


# --------------------------------------------------------------------------- the significance measurement
def calibration_p_values() -> "CalibrationFigures":
    """The paired tests' p-values on pairs of equally good WMT21 systems (notebook 08, section 5): the measurement
    bundled with the package (:mod:`bleu_explain.data.calibration_figures`), so the deck needs no download."""
    from ...data.calibration_figures import calibration_figures

    return calibration_figures()


def false_positives(test: str, level: float = 0.05) -> tuple[float, float, float]:
    """A test's share of equally good pairs with p < ``level`` (all false alarms), with its exact 95% interval."""
    from ...analysis.significance.calibration import binomial_interval

    p = calibration_p_values().null_p_values[test]
    hits = int((p < level).sum())
    low, high = binomial_interval(hits, len(p))
    return hits / len(p), low, high


@lru_cache(maxsize=1)
def wmt21_views() -> dict[str, Any]:
    """The bundled WMT21 system figures and, per view (label key -> (pair, human score, systems)), its
    agreement by BLEU gap over machine systems."""
    from ...analysis import human as hx
    from ...data.system_figures import load_system_figures

    figures = load_system_figures()
    views = {"de_mqm": ("en-de", "MQM"), "zh_mqm": ("zh-en", "MQM"), "zh_da": ("zh-en", "DA (z)")}
    gaps, machines = {}, {}
    for key, (pair, kind) in views.items():
        table = figures.loc[pair]
        table = table[~table["human translation"] & table[kind].notna()]
        machines[key] = len(table)
        pairs = hx.pairwise_agreement(table["BLEU"].to_dict(), table[kind].to_dict())
        gaps[key] = hx.agreement_by_gap_interval(pairs)
    return {"figures": figures, "gaps": gaps, "machines": machines}


def gap_trust(view: str = "zh_da") -> float:
    """The smallest BLEU gap (a bin's lower edge) from which every bin of ``view`` has at least
    :data:`NEARLY_ALWAYS` of its pairs ordered as people order them."""
    from ...analysis.human import GAP_BINS

    table = wmt21_views()["gaps"][view]
    edges = GAP_BINS[:-1]
    fractions = [float(f) if p else 1.0 for f, p in zip(table["fraction"], table["pairs"])]
    for k, edge in enumerate(edges):
        if all(f >= NEARLY_ALWAYS for f in fractions[k:]):
            return float(edge)
    return float(GAP_BINS[-2])


def correlations() -> dict[str, Any]:
    from ...analysis import agreement as ag

    de = wmt21_views()["figures"].loc["en-de"]
    machines = de.index[~de["human translation"]].tolist()
    return {name: ag.agreement(de["BLEU"].to_dict(), de["MQM"].to_dict(), systems=systems)
            for name, systems in (("machines", machines), ("all", de.index.tolist()))}


# --------------------------------------------------------------------------- the numbers in the deck's words
def _gap_words(labels: Labels) -> str:
    """The share BLEU orders as people do, for gaps under 1 and of 1-2 points, per view (e.g. 'en-de, MQM, 8
    machines: 0.88 (0–1), 1.00 (1–2)')."""
    parts = []
    for key, table in wmt21_views()["gaps"].items():
        shares = [f"{table.loc[gap, 'fraction']:.2f} ({gap})" for gap in table.index[:2] if table.loc[gap, "pairs"]]
        parts.append(f"{labels[key].format(n=wmt21_views()['machines'][key])}: {', '.join(shares)}")
    return " · ".join(parts)


def _calibration_values(labels: Labels) -> dict[str, str]:
    figures = calibration_p_values()
    caption = labels["calibration_caption"].format(n=f"{figures.settings['null pairs']:,}", a=figures.systems[0],
                                                   b=figures.systems[1])
    return {"calibration_caption": caption}


def deck_values(labels: Optional[Labels] = None, lang: str = "en") -> dict[str, str]:
    """Every ``{name}`` the deck's text may use, computed now (``labels``: the deck's, for the few values
    that are sentences; without them those are left out; ``lang``: the deck's language, for the one value the
    package says in words, where two tools first part)."""
    c1, c2 = example_1()
    e2 = example_2()
    e3 = paper(ex.EXAMPLE_3_CANDIDATE, ex.EXAMPLE_1_REFERENCES)
    best = paper(ex.BEST_MATCH_CANDIDATE, ex.BEST_MATCH_REFERENCES)
    corpus, sentences = short_corpus()
    zero_refs = ex.SHIP_REFERENCES[:2]
    zero = paper("it is a ship", zero_refs)
    interval, _, _ = teaching_tests()
    before, after, _ = climbed()
    fits = correlations()
    r_machines = fits["machines"].loc["Pearson r"]
    values = {
        "ex2_plain": f"{e2.unclipped_matches[0]}/{e2.totals[0]}", "ex2_modified": fraction(e2, 1),
        "ex1_c1_p1": fraction(c1, 1), "ex1_c2_p1": fraction(c2, 1),
        "corpus_p1_parts": f"({' + '.join(str(s.matches[0]) for s in sentences)}) / "
                           f"({' + '.join(str(s.totals[0]) for s in sentences)})",
        "corpus_p1": two(corpus.precisions[0]), "mean_p1": two(sum(s.precisions[0] for s in sentences) / len(sentences)),
        "cat_sat": ex.CAT_SAT_CANDIDATE, "cat_sat_ref": ex.CAT_SAT_REFERENCE,
        "ex4_c1": ex.EXAMPLE_4_CANDIDATE_1, "ex4_c2": ex.EXAMPLE_4_CANDIDATE_2,
        "ex3": ex.EXAMPLE_3_CANDIDATE, "ex3_p1": fraction(e3, 1), "ex3_p2": fraction(e3, 2),
        "ex3_c": str(e3.hyp_len), "ex3_r": str(e3.ref_len), "ex3_bp": f"{e3.brevity_penalty:.4f}",
        "best_c": str(best.hyp_len), "best_refs": ", ".join(str(len(t)) for t in best.reference_tokens),
        "best_r": str(best.ref_len), "best_bp": two(best.brevity_penalty),
        "zero_cand": zero.candidate, "zero_ref": " / ".join(zero_refs), "zero_p4": fraction(zero, 4),
        "zero_bleu": two(zero.score),
        "corpus_bleu": one(corpus.score), "mean_sentence_bleu": one(sum(s.score for s in sentences) / len(sentences)),
        "cb_orderings": f"{published.CALLISON_BURCH_EXAMPLE_ORDERINGS.value:,}",
        "nist_bleu_rank": str(published.CALLISON_BURCH_NIST_2005_RANK.value),
        "n_de_machines": str(wmt21_views()["machines"]["de_mqm"]), "n_zh_da": str(wmt21_views()["machines"]["zh_da"]),
        "gap_trust": f"{gap_trust():g}",
        "cb_nist": f"10^{round(math.log10(published.CALLISON_BURCH_NIST_ORDERINGS.value))}",
        "tools_cand": TOOLS_CANDIDATE,
        "post_range": one(max(r.value for (_, processing, _), r in published.POST_TABLE_1.items()
                              if processing == "range")),
        "divergence_words": _divergence(lang)[1],
        "signature": str(bx.explain_corpus([TOOLS_CANDIDATE], [list(TOOLS_REFERENCES)]).signature),
        "interval_system": INTERVAL_SYSTEM, "interval_score": one(interval.score), "interval_low": one(interval.lower),
        "interval_high": one(interval.upper), "interval_n": f"{interval.n_samples:,}",
        "koehn_sentences": str(published.KOEHN_RELIABLE_SENTENCES.value),
        "moses_cap": f"{moses_p_ceiling():.3f}", "null_pairs": f"{calibration_p_values().settings['null pairs']:,}",
        "r_de_machines": two(r_machines[("estimate", "")] if ("estimate", "") in r_machines.index
                             else r_machines.iloc[0]),
        "r_de_machines_low": two(r_machines[("Fisher z", "low")]), "r_de_machines_high": two(r_machines[("Fisher z", "high")]),
        "r_de_all": two(fits["all"].loc["Pearson r"].iloc[0]),
        "climbed": min(after, key=len), "climb_steps": str(CLIMB_STEPS),
        "four_refs": f"{published.PAPINENI_FOUR_VS_TWO[4].value}", "two_refs": f"{published.PAPINENI_FOUR_VS_TWO[2].value}",
    }
    del before
    if labels is not None:
        values["gap_words"] = _gap_words(labels)
        values.update(_calibration_values(labels))
    return values


def _divergence(lang: str = "en") -> tuple[list[Any], str]:
    """sacreBLEU and NLTK on the NLTK tutorial's seven-fold "it": both results and the first step that differs (in
    the words of ``lang``)."""
    from ...analysis.comparison import divergence_in_words

    a = bx.explain(ex.SHIP_REPEATED_IT, ex.SHIP_REFERENCES)
    b = bx.explain(ex.SHIP_REPEATED_IT, ex.SHIP_REFERENCES, preset="nltk")
    return [a, b], divergence_in_words(a, b, ("sacreBLEU", "NLTK"), lang) or ""


# --------------------------------------------------------------------------- the pictures
def _unigram_rows(labels: Labels, results: Mapping[str, Any]) -> list[tuple[str, list[tuple[str, str]]]]:
    from ..html.highlight import candidate_marks

    return [(name, [(m.token, m.status(1)) for m in candidate_marks(result)]) for name, result in results.items()]


def example1_pair(labels: Labels, style: PlotStyle) -> Figure:
    c1, c2 = example_1()
    rows = _unigram_rows(labels, {labels["candidate_1"]: c1, labels["candidate_2"]: c2})
    return pic.plot_token_rows(rows, {"credited": labels["matched"], "unmatched": labels["unmatched"]}, style=style)


def example1_clipping(labels: Labels, style: PlotStyle) -> Figure:
    c1, c2 = example_1()
    rows = _unigram_rows(labels, {f"{labels['candidate_1']}: {fraction(c1, 1)}": c1,
                                  f"{labels['candidate_2']}: {fraction(c2, 1)}": c2})
    return pic.plot_token_rows(rows, {"credited": labels["matched"], "clipped": labels["clipped"],
                                      "unmatched": labels["unmatched"]}, style=style)


def example2_plain(labels: Labels, style: PlotStyle) -> Figure:
    e2 = example_2()
    groups = {labels["plain"]: {"": e2.unclipped_matches[0] / e2.totals[0]},
              labels["modified"]: {"": e2.precisions[0]}}
    texts = {(labels["plain"], ""): f"{e2.unclipped_matches[0]}/{e2.totals[0]}",
             (labels["modified"], ""): fraction(e2, 1)}
    return pic.plot_bars(groups, value_label=labels["precision"], texts=texts, limits=(0, 1.15), style=style,
                         size=(10.0, 4.4))


def example2_clipping(labels: Labels, style: PlotStyle) -> Figure:
    e2 = example_2()
    step = e2.clipping[0]
    gram = ("the",)
    per_ref = {labels["ref_k"].format(k=k): counts.get(gram, 0) for k, counts in enumerate(step.reference_counts, 1)}
    bars = {labels["count"]: step.candidate_counts[gram], **per_ref, labels["max_ref"]: step.max_ref_counts[gram],
            labels["clip"]: step.clipped_counts[gram]}
    groups = {name: {"": value} for name, value in bars.items()}
    texts = {(name, ""): str(value) for name, value in bars.items()}
    return pic.plot_bars(groups, value_label='"the"', texts=texts, highlight=(labels["clip"],), limits=(0, 8),
                         style=style)


def precision_by_order(labels: Labels, style: PlotStyle) -> Figure:
    c1, c2 = example_1()
    groups, texts = {}, {}
    for n in range(1, 5):
        group = labels["order_n"].format(n=n)
        groups[group] = {labels["candidate_1"]: c1.precisions[n - 1], labels["candidate_2"]: c2.precisions[n - 1]}
        texts[(group, labels["candidate_1"])] = fraction(c1, n)
        texts[(group, labels["candidate_2"])] = fraction(c2, n)
    return pic.plot_bars(groups, value_label=labels["precision"], texts=texts, limits=(0, 1.15), style=style)


def geometric_mean(labels: Labels, style: PlotStyle) -> Figure:
    cat = paper(ex.CAT_SAT_CANDIDATE, (ex.CAT_SAT_REFERENCE,))
    groups = {labels["order_n"].format(n=n): {"": p} for n, p in enumerate(cat.precisions, 1)}
    texts = {(labels["order_n"].format(n=n), ""): fraction(cat, n) for n in range(1, 5)}
    arithmetic = sum(cat.precisions) / len(cat.precisions)
    lines = [(arithmetic, f"{labels['arithmetic']} = {arithmetic:.2f}"),
             (cat.breakdown.geometric_mean, f"{labels['geometric']} = {cat.breakdown.geometric_mean:.2f}")]
    return pic.plot_bars(groups, value_label=labels["precision"], texts=texts, lines=lines, limits=(0, 1.0),
                         style=style)


def bp_curve(labels: Labels, style: PlotStyle) -> Figure:
    from ...engine.length import brevity_penalty

    e3 = paper(ex.EXAMPLE_3_CANDIDATE, ex.EXAMPLE_1_REFERENCES)
    c1, _ = example_1()
    ratios = [k / 200 for k in range(1, 301)]
    r = 100
    curve = [brevity_penalty(round(x * r), r) for x in ratios]
    points = {f'"{ex.EXAMPLE_3_CANDIDATE}"': (e3.hyp_len / e3.ref_len, e3.brevity_penalty),
              labels["candidate_1"]: (c1.hyp_len / c1.ref_len, c1.brevity_penalty)}
    return pic.plot_curves({labels["bp_curve"]: ([round(x * r) / r for x in ratios], curve)},
                           x_label=labels["bp_x"], y_label=labels["bp_y"], points=points,
                           limits=((0, 1.5), (0, 1.05)), style=style)


def corpus_bp(labels: Labels, style: PlotStyle) -> Figure:
    corpus, sentences = short_corpus()
    groups = {labels["sentence"].format(k=k): {"": s.brevity_penalty} for k, s in enumerate(sentences, 1)}
    texts = {(labels["sentence"].format(k=k), ""): two(s.brevity_penalty) for k, s in enumerate(sentences, 1)}
    return pic.plot_bars(groups, value_label=labels["sentence_bp"], texts=texts, limits=(0, 1.2),
                         lines=[(corpus.brevity_penalty, f"{labels['corpus_bp']} = {corpus.brevity_penalty:.2f}")],
                         style=style)


def _step_values(result: Any) -> list[str]:
    """The six steps' results, short: tokens, counts, clipped counts, precisions, length and penalty, score."""
    p = [f"{x:.2f}" for x in result.precisions]
    return [str(result.hyp_len), " ".join(str(t) for t in result.totals), " ".join(str(m) for m in result.matches),
            f"{' '.join(p[:2])}\n{' '.join(p[2:])}", f"c={result.hyp_len} r={result.ref_len}\nBP={result.brevity_penalty:.2f}",
            f"{result.score:.1f}"]


def _step_names(labels: Labels) -> list[str]:
    return [labels[k] for k in ("step_tokens", "step_counts", "step_clip", "step_precision", "step_bp",
                                "step_combine")]


def six_steps(labels: Labels, style: PlotStyle) -> Figure:
    c1, _ = example_1()
    return pic.plot_step_strip(_step_names(labels), {labels["candidate_1"]: _step_values(c1)}, style=style)


def divergence(labels: Labels, style: PlotStyle) -> Figure:
    from ...analysis.comparison import STEP_ORDER, first_divergence

    (a, b), _ = _divergence()
    first = first_divergence(a, b)
    marked = list(STEP_ORDER).index(first) if first in STEP_ORDER else None
    return pic.plot_step_strip(_step_names(labels), {"sacreBLEU": _step_values(a), "NLTK": _step_values(b)},
                               marked=marked, marked_label=labels["first_divergence"], size=(10.0, 4.4), style=style)


def smoothing(labels: Labels, style: PlotStyle) -> Figure:
    from ...engine.errors import BleuComputationError, BleuInputError
    from ...engine.smoothing import SMOOTHING_METHODS

    groups, texts = {}, {}
    for method in SMOOTHING_METHODS:
        preset = "nltk" if method.startswith("method") else "sacrebleu"
        try:
            score = bx.explain(ex.CAT_SAT_CANDIDATE, [ex.CAT_SAT_REFERENCE], preset=preset, smooth=method).score
        except (BleuInputError, BleuComputationError):
            continue
        groups[method] = {"": score}
        texts[(method, "")] = f"{score:.0f}"
    return pic.plot_bars(groups, value_label=labels["bleu_sentence"], texts=texts, limits=(0, 100), style=style)


def pathology(labels: Labels, style: PlotStyle) -> Figure:
    dog: dict[str, Any] = {"tokenize": "paper", "lowercase": True}  # notebook 06, section 5: the paper's tokens, smoothed
    scores = {"dog": {labels["faithful"]: bx.explain(ex.DOG_FAITHFUL, [ex.DOG_REFERENCE], **dog).score,
                      labels["swapped"]: bx.explain(ex.DOG_SWAPPED, [ex.DOG_REFERENCE], **dog).score},
              "Orejuela": {labels["fluent"]: bx.explain(ex.OREJUELA_FLUENT, [ex.OREJUELA_REFERENCE],
                                                        preset="mteval-13a").score,
                           labels["scrambled"]: bx.explain(ex.OREJUELA_SCRAMBLED, [ex.OREJUELA_REFERENCE],
                                                           preset="mteval-13a").score}}
    groups = {name: {"": value} for bars in scores.values() for name, value in bars.items()}
    texts = {(name, ""): one(value) for bars in scores.values() for name, value in bars.items()}
    return pic.plot_bars(groups, value_label=labels["bleu_sentence"], texts=texts, style=style,
                         highlight=())


def tools(labels: Labels, style: PlotStyle) -> Figure:
    from ...analysis.comparison import TOOL_NAMES
    from ...engine.errors import BleuComputationError, BleuInputError
    from ...engine.presets import PRESETS

    groups, texts = {}, {}
    for preset in PRESETS:
        try:
            score = bx.explain(TOOLS_CANDIDATE, list(TOOLS_REFERENCES), preset=preset).score
        except (BleuInputError, BleuComputationError):
            continue
        name = labels["tool_paper"] if preset == PAPER else TOOL_NAMES.get(preset, preset)
        groups[name] = {"": score}
        texts[(name, "")] = one(score)
    return pic.plot_bars(groups, value_label=labels["bleu_sentence"], texts=texts, limits=(0, 100), style=style)


def bootstrap(labels: Labels, style: PlotStyle) -> Figure:
    interval, _, _ = teaching_tests()
    fig = pic.plot_histograms([("", interval.sample_scores, interval.upper)], x_label=labels["resampled"],
                              y_label=labels["samples"], observed_label=labels["interval"], style=style)
    ax = fig.axes[0]
    ax.axvline(interval.lower, color=ax.lines[0].get_color(), linewidth=ax.lines[0].get_linewidth())
    return fig


def null_distributions(labels: Labels, style: PlotStyle) -> Figure:
    import numpy as np

    _, bs, ar = teaching_tests()
    centred = np.abs(bs.signed_deltas - bs.signed_deltas.mean())
    panels = [(labels["ar_null"], ar.sample_deltas, ar.statistic), (labels["bs_null"], centred, bs.statistic),
              (labels["moses_null"], bs.sample_deltas, bs.statistic)]
    return pic.plot_histograms(panels, x_label=labels["statistic"], y_label=labels["samples"],
                               observed_label=f"{labels['observed']} |Δ| = {bs.statistic:.2f}", style=style)


def moses_bound(labels: Labels, style: PlotStyle) -> Figure:
    ds = [k / 50 for k in range(0, 201)]
    two_sided = [math.erfc(d / math.sqrt(2)) for d in ds]
    moses = [moses_p_under_normal(d) for d in ds]
    return pic.plot_curves({labels["p_two_sided"]: (ds, two_sided), labels["p_moses"]: (ds, moses)},
                           x_label=labels["d_over_sigma"], y_label=labels["p_value"],
                           lines=[(moses_p_ceiling(), f"{labels['cap']}: {moses_p_ceiling():.3f}")],
                           limits=((0, 4), (0, 1.02)), style=style)


def calibration(labels: Labels, style: PlotStyle) -> Figure:
    import numpy as np

    null = calibration_p_values().null_p_values
    names = {"bs": labels["test_bs"], "ar": labels["test_ar"], "bs-centred": labels["test_centred"]}
    curves = {}
    for test, name in names.items():
        p = np.sort(null[test])
        shares = np.arange(1, len(p) + 1) / len(p)
        rate, low, high = false_positives(test)
        curves[f"{name}: {labels['fp_at']} {rate:.3f} [{low:.3f}, {high:.3f}]"] = (
            [float(x) for x in p] + [1.0], [float(y) for y in shares] + [1.0])
    return pic.plot_curves(curves, x_label=labels["p_value"], y_label=labels["p_at_most"],
                           diagonal=labels["calibrated"], limits=((0, 1), (0, 1.02)), style=style)


def mqm_scatter(labels: Labels, style: PlotStyle) -> Figure:
    de = wmt21_views()["figures"].loc["en-de"]
    groups: dict[str, dict[str, tuple[float, float]]] = {labels["machines"]: {}, labels["humans"]: {}}
    for system, row in de.iterrows():
        group = labels["humans"] if row["human translation"] else labels["machines"]
        groups[group][str(system)] = (float(row["BLEU"]), float(row["MQM"]))
    r = correlations()["machines"].loc["Pearson r"].iloc[0]
    return pic.plot_named_points(groups, x_label=labels["mqm_x"], y_label=labels["mqm_y"],
                                 fit_label=f"r = {r:.2f}", style=style)


def gap_agreement(labels: Labels, style: PlotStyle) -> Figure:
    gaps = wmt21_views()["gaps"]
    groups: dict[str, dict[str, float]] = {}
    texts: dict[tuple[str, str], str] = {}
    errors: dict[tuple[str, str], tuple[float, float]] = {}
    for key, table in gaps.items():
        for gap, row in table.iterrows():
            if row["pairs"]:
                name = labels[key].format(n=wmt21_views()["machines"][key])
                groups.setdefault(str(gap), {})[name] = float(row["fraction"])
                texts[(str(gap), name)] = f"{int(row['pairs'])}"
                errors[(str(gap), name)] = (float(row["low"]), float(row["high"]))
    return pic.plot_bars(groups, value_label=labels["gap_y"], texts=texts, lines=[(0.5, labels["coin"])],
                         limits=(0, 1.35), errors=errors, style=style)


def hill_climb(labels: Labels, style: PlotStyle) -> Figure:
    before, after, refs = climbed()
    groups = {labels["sentence"].format(k=k): {labels["before"]: bx.explain(b, r).score,
                                               labels["after"]: bx.explain(a, r).score}
              for k, (b, a, r) in enumerate(zip(before, after, refs), 1)}
    texts = {(g, name): one(v) for g, bars in groups.items() for name, v in bars.items()}
    return pic.plot_bars(groups, value_label=labels["climb_y"], texts=texts, limits=(0, 100), style=style)


def references_count(labels: Labels, style: PlotStyle) -> Figure:
    values = {labels["refs_4"]: published.PAPINENI_FOUR_VS_TWO[4].value,
              labels["refs_2"]: published.PAPINENI_FOUR_VS_TWO[2].value}
    groups = {name: {"": v} for name, v in values.items()}
    return pic.plot_bars(groups, value_label=labels["refs_y"], limits=(0, 0.45), style=style,
                         texts={(name, ""): f"{v}" for name, v in values.items()})


#: Every picture a slide may name, by name.
PICTURES: dict[str, Callable[[Labels, PlotStyle], Figure]] = {
    f.__name__: f for f in (example1_pair, example1_clipping, example2_plain, example2_clipping, precision_by_order,
                            geometric_mean, bp_curve, corpus_bp, six_steps, divergence, smoothing, pathology, tools,
                            bootstrap, null_distributions, moses_bound, calibration, mqm_scatter, gap_agreement,
                            hill_climb, references_count)}


def demo_states() -> dict[str, Any]:
    """The live page's states the deck's demos open, by the name a demo's ``example=`` gives."""
    from ..html.live_state import LiveState

    before, after, refs = climbed()
    k = after.index(min(after, key=len))
    return {
        "example-1": LiveState(preset=PAPER, hypothesis=ex.EXAMPLE_1_CANDIDATE_1, hypothesis2=ex.EXAMPLE_1_CANDIDATE_2,
                               references=ex.EXAMPLE_1_REFERENCES),
        "example-2": LiveState(preset=PAPER, hypothesis=ex.EXAMPLE_2_CANDIDATE, references=ex.EXAMPLE_2_REFERENCES),
        "example-3": LiveState(preset=PAPER, hypothesis=ex.EXAMPLE_3_CANDIDATE, references=ex.EXAMPLE_1_REFERENCES),
        "dog-swapped": LiveState(hypothesis=ex.DOG_SWAPPED, hypothesis2=ex.DOG_FAITHFUL,
                                 references=(ex.DOG_REFERENCE,), tokenize="paper", lowercase=True),
        "ship-repeated": LiveState(hypothesis=ex.SHIP_REPEATED_IT, references=ex.SHIP_REFERENCES),
        "climbed": LiveState(hypothesis=after[k], hypothesis2=before[k], references=tuple(refs[k])),
    }
