"""SignificanceExplorer: the p-values shown are the tests' own; errors are messages."""

from __future__ import annotations

from widget_inputs import SEGMENT_REFS, SYSTEMS

from bleu_explain.display.widgets import SignificanceExplorer


def test_significance_explorer_shows_the_tests_p_values():
    from bleu_explain.analysis import significance
    explorer = SignificanceExplorer(systems=SYSTEMS, references=SEGMENT_REFS, baseline="weak", system="good",
                                    n_samples=200, seed=7)
    bs = significance.paired_bootstrap(SYSTEMS["weak"], SYSTEMS["good"], SEGMENT_REFS, n_samples=200, seed=7)
    ar = significance.paired_approximate_randomization(SYSTEMS["weak"], SYSTEMS["good"], SEGMENT_REFS,
                                                       n_samples=200, seed=7)
    assert explorer.displayed_p_values == {"bs": bs.p_value, "ar": ar.p_value}
    assert explorer.plot_image.value[:4] == b"\x89PNG"
    explorer.set_test("ar")
    explorer.samples_box.value = 100  # through the observer (no event loop here: at once)
    assert explorer.displayed_p_values == {"ar": significance.paired_approximate_randomization(
        SYSTEMS["weak"], SYSTEMS["good"], SEGMENT_REFS, n_samples=100, seed=7).p_value}


def test_significance_explorer_errors_are_messages():
    explorer = SignificanceExplorer(systems=SYSTEMS, references=SEGMENT_REFS, n_samples=50)
    explorer.set_systems("good", "good")
    assert "the same" in explorer.displayed_error
    assert explorer.displayed_p_values == {} and explorer.plot_image.value == b""
    explorer.set_systems("good", "nonexistent")
    assert "unknown system" in explorer.displayed_error


def test_what_is_displayed_is_kept_in_python_not_read_from_the_page():
    explorer = SignificanceExplorer(systems=SYSTEMS, references=SEGMENT_REFS, n_samples=50, test="bs")
    explorer.summary_area.value = ""
    assert explorer.displayed_p_values == {"bs": explorer.tests["bs"].p_value}
