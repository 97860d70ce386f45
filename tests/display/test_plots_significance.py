"""Significance and block plots: what they draw is the tests' numbers, named as drawn, the preset said once."""

from __future__ import annotations

import pytest
from plot_inputs import SEGMENT_REFS, SYSTEM_A, SYSTEM_B, fake_tests

from bleu_explain.display import plots


def test_significance_shades_the_samples_beyond_the_observed_statistic():
    bs, _ = fake_tests()
    ax = plots.plot_significance(bs).axes[0]
    assert f"p = {bs.p_value:.4f}" in ax.get_title()
    observed = [line for line in ax.lines if line.get_label().startswith("observed")][0]
    assert observed.get_xdata()[0] == bs.statistic
    beyond = int((bs.sample_deltas > bs.statistic).sum())
    legend = ax.figure.legends[0]  # under the plots
    assert any(t.get_text() == f"{beyond} beyond the observed" for t in legend.get_texts())


def test_significance_with_the_real_tests():
    from bleu_explain.analysis import significance
    bs = significance.paired_bootstrap(SYSTEM_B, SYSTEM_A, SEGMENT_REFS, n_samples=200, seed=5)
    ar = significance.paired_approximate_randomization(SYSTEM_B, SYSTEM_A, SEGMENT_REFS, n_samples=200, seed=5)
    fig = plots.plot_significance(bs, ar)
    assert plots.figure_png(fig, dpi=40)[:4] == b"\x89PNG"
    assert [f"p = {t.p_value:.4f}" in ax.get_title() for ax, t in zip(fig.axes, (bs, ar))] == [True, True]
    # the two tests compare the same systems under one preset: said once, over both
    suptitle = fig._suptitle.get_text()
    assert "preset sacrebleu" in suptitle and f"baseline {bs.baseline_score:.2f}" in suptitle
    assert not any("preset" in ax.get_title() for ax in fig.axes)
    alone = plots.plot_significance(bs).axes[0].get_title()
    assert "preset sacrebleu" in alone and f"baseline {bs.baseline_score:.2f}" in alone
    ci = significance.bootstrap_ci(SYSTEM_A, SEGMENT_REFS, n_samples=200, seed=5)
    ax = plots.plot_bootstrap(ci).axes[0]
    assert f"{ci.lower:.2f}" in " ".join(t.get_text() for t in ax.get_legend().get_texts())


def test_blocks_and_reference_counts_with_the_real_experiments():
    from bleu_explain.analysis import blocks
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


def test_the_bootstrap_axis_names_the_centred_statistic_it_draws():
    from bleu_explain.analysis import significance
    bs = significance.paired_bootstrap(SYSTEM_B, SYSTEM_A, SEGMENT_REFS, n_samples=200, seed=5)
    assert (bs.sample_deltas < 0).any()  # centred: signed bars
    label = plots.plot_significance(bs).axes[0].get_xlabel()
    assert label.startswith("centred statistic") and "\u2212 mean |\u0394|" in label
    assert not label.startswith("|")


def test_approximate_randomization_title_fits_with_sacrebleus_defaults():
    from bleu_explain.analysis import significance
    bs = significance.paired_bootstrap(SYSTEM_B, SYSTEM_A, SEGMENT_REFS, seed=12345)
    ar = significance.paired_approximate_randomization(SYSTEM_B, SYSTEM_A, SEGMENT_REFS, seed=12345)
    fig = plots.plot_significance(bs, ar)
    plots.figure_png(fig, dpi=72)
    renderer = fig.canvas.get_renderer()
    assert "preset sacrebleu" in fig._suptitle.get_text()
    legend = " ".join(t.get_text() for t in fig.legends[0].get_texts())
    assert "1000 samples, seed 12345" in legend and "10000 samples, seed 12345" in legend
    for ax in fig.axes:
        box = ax.title.get_window_extent(renderer)
        assert 0 <= box.x0 and box.x1 <= fig.bbox.width, ax.get_title()


@pytest.mark.parametrize("title", ["20 blocks of 6 segments, references 1 and 2", None])
def test_block_titles_say_the_preset_once(title):
    from bleu_explain.analysis import blocks
    result = blocks.block_t_test({"B": SYSTEM_B, "A": SYSTEM_A}, SEGMENT_REFS, n_blocks=4, preset="paper")
    text = plots.plot_blocks(result, title=title).axes[0].get_title()
    assert text.count("preset") == 1 and "paper" in text
