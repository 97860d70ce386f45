"""Every plot renders to PNG with non-empty, labelled axes, and draws the numbers of the results it is given."""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import bleu_explain as bx
from bleu_explain.display import plots
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.display.highlight import OKABE_ITO

EX1_REFS = [
    "It is a guide to action that ensures that the military will forever heed Party commands.",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party.",
    "It is the practical guide for the army always to heed the directions of the party.",
]
CAND1 = "It is a guide to action which ensures that the military always obeys the commands of the party."
CAND2 = "It is to insure the troops forever hearing the activity guidebook that party direct."
CAT_REFS = ["The cat is on the mat.", "There is a cat on the mat."]

SEGMENT_REFS = [["the cat is on the mat", "there is a cat on the mat"], ["a dog bit the mailman"],
                ["it is a ship", "this is a ship"], ["he was led to the plane"], ["the military heeds the party"],
                ["we always do"], ["it is a guide to action"], ["the troops obey"], ["of the party"],
                ["calm as he was led"], ["the mat is red"], ["a ship it is"]]
SYSTEM_A = ["the cat on the mat", "the dog bit a mailman", "it is ship", "he was taken to the plane",
            "the military heed party", "we do", "it is guide to the action", "troops obey", "of party",
            "calm he was led", "mat is red", "ship it is"]
SYSTEM_B = ["the the the", "dog mailman", "ship", "plane", "military", "do always", "guide", "the troops",
            "party of the", "led calm", "red", "it"]


@dataclass
class FakePairedTest:
    """The fields plot_significance reads, as significance.PairedTestResult names them."""

    test: str
    observed_delta: float
    statistic: float
    p_value: float
    sample_deltas: np.ndarray
    n_samples: int
    seed: int
    baseline_score: float
    system_score: float


def _fake_tests():
    rng = np.random.default_rng(0)
    bs = FakePairedTest("bs", 1.5, 1.5, 0.03, np.abs(rng.normal(0, 0.7, 300)) - 0.5, 300, 1, 20.0, 21.5)
    ar = FakePairedTest("ar", 1.5, 1.5, 0.04, np.abs(rng.normal(0, 0.7, 300)), 300, 1, 20.0, 21.5)
    return bs, ar


def _blocks():
    rng = np.random.default_rng(1)
    frame = pd.DataFrame({s: rng.normal(m, 1.0, 20) for s, m in [("S1", 5), ("S2", 8), ("H1", 19)]})
    return SimpleNamespace(block_scores=frame, means=frame.mean().to_dict(), stds=frame.std().to_dict(),
                           t_statistics={"S1": None, "S2": 6.0, "H1": 24.0})


def _reference_counts():
    rows = [{"n_refs": n, "subset": (k,), "score": 10.0 + 3 * n + k} for n in (1, 2, 3) for k in range(3 if n < 3 else 1)]
    return pd.DataFrame(rows)


def _corpus(preset="sacrebleu"):
    return bx.explain_corpus(SYSTEM_A, SEGMENT_REFS, preset=preset)


BUILDERS = {
    "precisions": lambda: plots.plot_precisions(bx.explain(CAND2, EX1_REFS)),
    "precisions (corpus)": lambda: plots.plot_precisions(_corpus()),
    "log combination": lambda: plots.plot_log_combination(bx.explain(CAND1, EX1_REFS, preset="paper")),
    "log combination (log 0)": lambda: plots.plot_log_combination(bx.explain(CAND2, EX1_REFS, preset="paper")),
    "log combination (stand-in)": lambda: plots.plot_log_combination(bx.explain(CAND2, EX1_REFS, preset="multi-bleu")),
    "log combination (nothing matched)": lambda: plots.plot_log_combination(bx.explain("zzz", EX1_REFS)),
    "brevity penalty": lambda: plots.plot_brevity_penalty(bx.explain("of the", EX1_REFS, preset="paper")),
    "means": lambda: plots.plot_means(bx.explain(CAND1, EX1_REFS, preset="nltk")),
    "means (nothing matched)": lambda: plots.plot_means(bx.explain("zzz", EX1_REFS)),
    "sentence length": lambda: plots.plot_sentence_length(_corpus(), label="system A"),
    "precision by order": lambda: plots.plot_precision_by_order(
        {"A": _corpus(), "B": bx.explain_corpus(SYSTEM_B, SEGMENT_REFS)}),
    "significance": lambda: plots.plot_significance(*_fake_tests()),
    "bootstrap": lambda: plots.plot_bootstrap(SimpleNamespace(score=20.0, lower=18.5, upper=21.4, seed=3,
                                                              sample_scores=np.linspace(18, 22, 200))),
    "blocks": lambda: plots.plot_blocks(_blocks()),
    "reference counts": lambda: plots.plot_reference_counts(_reference_counts()),
    "configurations": lambda: plots.plot_configurations(bx.compare(CAND2, EX1_REFS)),
    "human correlation": lambda: plots.plot_human_correlation(
        {"S1": 5.3, "S2": 8.3, "S3": 9.3, "H1": 19.3, "H2": 25.7}, {"S1": 1.6, "S2": 2.0, "S3": 2.3, "H1": 3.4, "H2": 3.9},
        judges="monolingual"),
}


def _drawn(ax) -> int:
    return len(ax.lines) + len(ax.patches) + len(ax.collections) + len(ax.images)


@pytest.mark.parametrize("name", list(BUILDERS))
def test_every_plot_renders_to_png_with_labelled_non_empty_axes(name):
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    fig = BUILDERS[name]()
    png = plots.figure_png(fig, dpi=50)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 2000
    assert fig.axes
    for ax in fig.axes:
        assert _drawn(ax) > 0, f"{name}: an empty axes"
        assert ax.get_xlabel() and ax.get_ylabel(), f"{name}: unlabelled axes"
    titles = [ax.get_title() for ax in fig.axes] + ([fig._suptitle.get_text()] if fig._suptitle else [])
    assert any(titles), f"{name}: no title"
    assert plt.get_fignums() == before  # nothing left in pyplot's state


@pytest.mark.parametrize("name", ["precisions", "log combination", "brevity penalty", "means", "sentence length",
                                  "precision by order"])
def test_titles_name_the_preset(name):
    fig = BUILDERS[name]()
    text = " ".join([ax.get_title() for ax in fig.axes] + ([fig._suptitle.get_text()] if fig._suptitle else []))
    assert "preset" in text


def _bar_heights(ax, colour):
    from matplotlib.colors import to_hex

    return [p.get_height() for p in ax.patches if to_hex(p.get_facecolor()).lower() == colour.lower()]


def test_precision_bars_are_the_results_fractions():
    r = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    ax = plots.plot_precisions(r).axes[0]
    clipped = _bar_heights(ax, OKABE_ITO["blue"])
    assert clipped == pytest.approx([m / t for m, t in zip(r.matches, r.totals)])
    unclipped = [p.get_height() for p in ax.patches if p.get_hatch()]
    assert unclipped == pytest.approx([u / t for u, t in zip(r.unclipped_matches, r.totals)])
    assert unclipped[0] == 1.0 and clipped[0] == pytest.approx(2 / 7)
    labels = [t.get_text() for t in ax.texts]
    assert "7/7" in labels and "2/7" in labels


def test_precision_plot_redrawn_in_place_matches_a_fresh_one():
    first = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    second = bx.explain(CAND2, EX1_REFS)
    live = plots.PrecisionPlot(4)
    live.draw(first)
    live.draw(second)
    fresh = plots.plot_precisions(second)
    assert [p.get_height() for p in live.ax.patches] == [p.get_height() for p in fresh.axes[0].patches]
    assert [t.get_text() for t in live.ax.texts] == [t.get_text() for t in fresh.axes[0].texts]
    assert live.ax.get_title() == fresh.axes[0].get_title()
    with pytest.raises(BleuInputError, match="orders"):
        live.draw(bx.explain("a b", ["a b"], max_order=2))


def test_orders_without_ngrams_are_labelled():
    ax = plots.plot_precisions(bx.explain("a b", ["a b c"])).axes[0]
    visible = [t.get_text() for t in ax.texts if t.get_visible() and t.get_text()]
    assert "no 3-grams" in visible and "no 4-grams" in visible


def test_smoothed_precision_is_marked():
    r = bx.explain(CAND2, EX1_REFS)  # exp smoothing on orders 3 and 4
    ax = plots.plot_precisions(r).axes[0]
    diamonds = [line for line in ax.lines if line.get_marker() == "D"][0]
    assert list(diamonds.get_ydata()) == pytest.approx([p for p in r.precisions[2:]])
    assert "p_n after smoothing" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_log_combination_terms_add_up_to_log_bleu():
    r = bx.explain(CAND1, EX1_REFS, preset="paper")
    ax = plots.plot_log_combination(r).axes[0]
    heights = [p.get_height() for p in ax.patches]
    terms = heights[: r.config.max_order]
    assert terms == pytest.approx(list(r.breakdown.log_terms))
    assert heights[-1] == pytest.approx(math.log(r.bleu))
    assert any(f"= {r.bleu:.4f}" in t.get_text() for t in ax.texts)


def test_log_combination_marks_log_zero_off_the_scale():
    r = bx.explain(CAND2, EX1_REFS, preset="paper")  # p3 = 0/12: the paper's footnote 5
    ax = plots.plot_log_combination(r).axes[0]
    texts = [t.get_text() for t in ax.texts]
    assert any("log 0" in t for t in texts)
    assert any("exp(-inf) = -" in t or "exp(-inf)" in t for t in texts)


def test_brevity_penalty_point_is_the_results():
    r = bx.explain("of the", EX1_REFS, preset="paper", max_order=2)
    ax = plots.plot_brevity_penalty(r).axes[0]
    point = [line for line in ax.lines if line.get_marker() == "o"][0]
    assert (point.get_xdata()[0], point.get_ydata()[0]) == (r.hyp_len, r.brevity_penalty)
    assert f"r = {r.ref_len}" in ax.get_title()


def test_geometric_mean_is_bleu_over_bp():
    r = bx.explain(CAND1, EX1_REFS, preset="paper")
    left = plots.plot_means(r).axes[0]
    geometric = [line for line in left.lines if "geometric" in line.get_label()][0]
    assert geometric.get_ydata()[0] == pytest.approx(r.bleu / r.brevity_penalty)


def test_sentence_length_plots_every_scored_segment():
    corpus = _corpus()
    ax = plots.plot_sentence_length(corpus).axes[0]
    points = sum(len(c.get_offsets()) for c in ax.collections)
    assert points == len(corpus)
    corpus_line = [line for line in ax.lines if "corpus BLEU" in line.get_label()][0]
    assert corpus_line.get_ydata()[0] == pytest.approx(corpus.score)


def test_precision_by_order_lines_are_the_corpus_precisions():
    a, b = _corpus(), bx.explain_corpus(SYSTEM_B, SEGMENT_REFS)
    ax = plots.plot_precision_by_order({"A": a, "B": b}).axes[0]
    for line, r in zip(ax.lines, (a, b)):
        expected = [m / t for m, t in zip(r.matches, r.totals) if t]
        assert list(line.get_ydata()) == pytest.approx(expected)


def test_configurations_accepts_results_and_compare_tables():
    table = bx.compare(CAND2, EX1_REFS)
    ax = plots.plot_configurations(table).axes[0]
    dots = [float(line.get_xdata()[0]) for line in ax.lines]
    assert dots == pytest.approx(list(table["score"]))
    results = {"13a": bx.explain(CAND2, EX1_REFS), "intl": bx.explain(CAND2, EX1_REFS, tokenize="intl")}
    assert plots.plot_configurations(results).axes[0].get_xlabel() == "BLEU (0-100)"


def test_human_correlation_reports_pearson_r():
    bleu = {"S1": 5.3, "S2": 8.3, "S3": 9.3, "H1": 19.3}
    human = {"S1": 1.6, "S2": 2.4, "S3": 2.3, "H1": 3.4}
    fig = plots.plot_human_correlation(bleu, human)
    r = np.corrcoef(list(human.values()), list(bleu.values()))[0, 1]
    assert f"r = {r:.3f}" in fig.axes[0].get_title()


def test_significance_shades_the_samples_beyond_the_observed_statistic():
    bs, _ = _fake_tests()
    ax = plots.plot_significance(bs).axes[0]
    assert f"p = {bs.p_value:.4f}" in ax.get_title()
    observed = [line for line in ax.lines if line.get_label().startswith("observed")][0]
    assert observed.get_xdata()[0] == bs.statistic
    beyond = int((bs.sample_deltas > bs.statistic).sum())
    assert any(t.get_text() == f"{beyond} beyond the observed one" for t in ax.get_legend().get_texts())


def test_significance_with_the_real_tests():
    significance = pytest.importorskip("bleu_explain.analysis.significance")
    bs = significance.paired_bootstrap(SYSTEM_B, SYSTEM_A, SEGMENT_REFS, n_samples=200, seed=5)
    ar = significance.paired_approximate_randomization(SYSTEM_B, SYSTEM_A, SEGMENT_REFS, n_samples=200, seed=5)
    fig = plots.plot_significance(bs, ar)
    assert plots.figure_png(fig, dpi=40)[:4] == b"\x89PNG"
    assert [f"p = {t.p_value:.4f}" in ax.get_title() for ax, t in zip(fig.axes, (bs, ar))] == [True, True]
    assert all("preset sacrebleu" in ax.get_title() for ax in fig.axes)
    ci = significance.bootstrap_ci(SYSTEM_A, SEGMENT_REFS, n_samples=200, seed=5)
    ax = plots.plot_bootstrap(ci).axes[0]
    assert f"{ci.lower:.2f}" in " ".join(t.get_text() for t in ax.get_legend().get_texts())


def test_blocks_and_reference_counts_with_the_real_experiments():
    blocks = pytest.importorskip("bleu_explain.analysis.blocks")
    result = blocks.block_t_test({"B": SYSTEM_B, "A": SYSTEM_A}, SEGMENT_REFS, n_blocks=4, preset="paper")
    ax = plots.plot_blocks(result).axes[0]
    assert "preset paper" in ax.get_title()
    assert [t.get_text() for t in ax.get_xticklabels()] == ["B", "A"]
    assert any(t.get_text().startswith("t = ") for t in ax.texts) == (result.t_statistics["A"] is not None)
    frame = blocks.reference_count_experiment(["a b c d"], [["a b c d", "a b x y", "x y z w"]], preset="paper",
                                              max_order=2)
    ax = plots.plot_reference_counts(frame, preset="paper").axes[0]
    means = [line for line in ax.lines][0]
    assert list(means.get_xdata()) == [1, 2, 3]
    assert list(means.get_ydata()) == pytest.approx(list(frame.groupby("n_refs")["score"].mean()))
    assert "preset paper" in ax.get_title()
    two = blocks.reference_count_experiment({"B": SYSTEM_B, "A": SYSTEM_A}, [r[:1] * 2 for r in SEGMENT_REFS])
    legend = [t.get_text() for t in plots.plot_reference_counts(two).axes[0].get_legend().get_texts()]
    assert legend == ["B: mean over subsets", "A: mean over subsets"]  # the systems' order is kept


@pytest.mark.parametrize("call, message", [
    (lambda: plots.plot_precisions("not a result"), "must be a result"),
    (lambda: plots.plot_sentence_length(bx.explain("a", ["a"])), "needs a corpus result"),
    (lambda: plots.plot_human_correlation({"A": 1, "B": 2}, {"A": 1, "B": 2}), "at least 3 systems"),
    (lambda: plots.plot_precision_by_order({}), "non-empty mapping"),
    (lambda: plots.plot_reference_counts(pd.DataFrame({"x": [1]})), "n_refs"),
    (lambda: plots.plot_significance(), "at least one"),
    (lambda: plots.plot_configurations({"a": "b"}), "must be a result or a number"),
])
def test_bad_input_gives_a_clear_error(call, message):
    with pytest.raises(BleuInputError, match=message):
        call()
