"""Driving BleuExplorer as a student would: what it displays must be what the API computes."""

from __future__ import annotations

import asyncio

import pandas as pd
import pytest
from widget_inputs import CAT_REFS, SHIP_REFS

import bleu_explain as bx
from bleu_explain.display.widgets import BleuExplorer
from bleu_explain.engine.presets import PRESETS


def test_explorer_shows_what_the_api_computes():
    explorer = BleuExplorer("the the the the the the the.", CAT_REFS, preset="paper")
    expected = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    assert explorer.displayed_score == expected.score
    pd.testing.assert_frame_equal(explorer.displayed_tables["precision"], expected.precision_table())
    pd.testing.assert_frame_equal(explorer.displayed_tables["length"], expected.length_table())
    pd.testing.assert_frame_equal(explorer.displayed_tables["ngrams"], expected.ngram_table(1))
    assert "2/7" in explorer.score_area.value


def test_changing_the_text_changes_score_tables_and_plot():
    explorer = BleuExplorer("it is ship", SHIP_REFS)
    png_before = explorer.displayed_png
    explorer.set_candidate("it is a ship")
    expected = bx.explain("it is a ship", SHIP_REFS)
    assert explorer.displayed_score == pytest.approx(70.71067811865476) == expected.score
    pd.testing.assert_frame_equal(explorer.displayed_tables["precision"], expected.precision_table())
    assert "it is a ship" not in explorer.precision_area.value  # the table, not the text
    assert f"{expected.matches[2]}/{expected.totals[2]}" in explorer.score_area.value
    assert explorer.displayed_png[:4] == b"\x89PNG" and explorer.displayed_png != png_before


def test_typing_in_the_box_updates_through_the_observer():
    explorer = BleuExplorer("a", ["a b c d"], delay=0)
    explorer.candidate_box.value = "a b c d"  # what the browser does on a keystroke
    assert explorer.displayed_score == pytest.approx(100.0)
    explorer.reference_rows.children[0].children[0].value = "a b c e"
    assert explorer.displayed_score == pytest.approx(bx.explain("a b c d", ["a b c e"]).score)


def test_references_can_be_added_and_removed():
    explorer = BleuExplorer("it is a ship", ["this is a ship"])
    one = explorer.displayed_score
    explorer.add_reference("it is ship")
    assert explorer.references == ["this is a ship", "it is ship"]
    assert explorer.displayed_score == bx.explain("it is a ship", ["this is a ship", "it is ship"]).score != one
    explorer.reference_rows.children[0].children[1].click()  # the remove button of the first row
    assert explorer.references == ["it is ship"]
    assert explorer.displayed_score == bx.explain("it is a ship", ["it is ship"]).score
    assert explorer.reference_rows.children[0].children[1].disabled  # the last one cannot be removed
    explorer.remove_reference(5)
    assert "no reference 5 to remove" in explorer.displayed_error
    explorer.set_references(SHIP_REFS)
    assert explorer.displayed_error is None
    assert explorer.displayed_score == bx.explain("it is a ship", SHIP_REFS).score
    assert len(explorer.displayed_tables["length"].filter(like="ref").columns) == 4 + 1  # 4 refs + chosen


def test_preset_sets_every_control_and_the_score_follows():
    explorer = BleuExplorer("it is a ship", SHIP_REFS)
    explorer.set_preset("nltk-3.2")
    config, boxes = PRESETS["nltk-3.2"], explorer.settings
    assert (boxes.tokenize_box.value, boxes.lowercase_box.value, boxes.max_order_box.value,
            boxes.smooth_box.value) == (config.tokenize, config.lowercase, config.max_order, config.smooth)
    assert [box.value for box in explorer.settings.weight_boxes] == [0.25, 0.25, 0.25, 0.25]
    assert explorer.config == bx.make_config("nltk-3.2")  # the config the controls show is the preset's
    assert explorer.displayed_score == bx.explain("it is a ship", SHIP_REFS, preset="nltk-3.2").score
    explorer.settings.preset_box.value = "paper"  # through the observer
    assert explorer.displayed_score == bx.explain("it is a ship", SHIP_REFS, preset="paper").score
    assert list(explorer.settings.smooth_box.options) == ["none"]


@pytest.mark.parametrize("options", [
    dict(tokenize="none"), dict(lowercase=True), dict(max_order=2), dict(weights=(0.5, 0.3, 0.2)),
    dict(smooth="floor"), dict(smooth="add-k"), dict(tokenize="char", max_order=6),
])
def test_setting_controls_matches_the_api(options):
    text, refs = "The cat sat on the mat.", CAT_REFS
    explorer = BleuExplorer(text, refs)
    explorer.set_options(**options)
    assert explorer.displayed_error is None
    assert explorer.displayed_score == bx.explain(text, refs, **options).score
    assert explorer.config == bx.explain(text, refs, **options).config
    assert list(explorer.order_box.options) == list(range(1, bx.explain(text, refs, **options).config.max_order + 1))


def test_the_engine_decides_how_weights_and_max_order_go_together():
    explorer = BleuExplorer("a b c", ["a b c"], preset="nltk", delay=0)
    boxes = explorer.settings
    boxes.max_order_box.value = 2  # through the observer, as a student does
    assert explorer.config == bx.make_config("nltk", max_order=2)
    assert [box.value for box in boxes.weight_boxes] == [0.5, 0.5] and boxes.uniform_button.disabled
    assert explorer.displayed_score == bx.explain("a b c", ["a b c"], preset="nltk", max_order=2).score
    boxes.weight_boxes[1].value = 0.0  # typed into the second box
    assert explorer.config.weights == (0.5, 0.0) and not boxes.uniform_button.disabled
    assert explorer.displayed_score == bx.explain("a b c", ["a b c"], preset="nltk", weights=(0.5, 0)).score
    explorer.set_options(weights=(0.2, 0.3, 0.5))  # weights decide the max order, as in the API
    assert boxes.max_order_box.value == 3 and len(boxes.weight_boxes) == 3
    boxes.max_order_box.value = 4  # a new max order drops the weights made for 3 orders
    assert explorer.config == bx.make_config("nltk", max_order=4)
    boxes.weight_boxes[0].value = 1.0
    boxes.uniform_button.click()
    assert explorer.config == bx.make_config("nltk", max_order=4)


def test_a_refused_weight_shows_the_engines_message_and_the_next_good_one_clears_it():
    explorer = BleuExplorer("a b", ["a b"], delay=0)
    explorer.settings.weight_boxes[2].value = -1.0
    assert explorer.displayed_error == "weights[2] is negative (-1.0); weights must be >= 0"
    assert explorer.displayed_score is None
    explorer.settings.weight_boxes[2].value = 0.0
    assert explorer.displayed_error is None
    assert explorer.displayed_score == bx.explain("a b", ["a b"], weights=(0.25, 0.25, 0, 0.25)).score


def test_errors_are_messages_not_tracebacks_and_the_explorer_recovers():
    explorer = BleuExplorer("a b", ["a b"])
    explorer.set_options(weights=(0.5, "<b>x</b>"))
    assert explorer.displayed_score is None
    assert explorer.displayed_error == "weights[1] must be a number, got '<b>x</b>'"  # the engine's message
    assert "&lt;b&gt;x&lt;/b&gt;" in explorer.error_area.value and "<b>x</b>" not in explorer.error_area.value
    assert "Traceback" not in explorer.error_area.value
    assert explorer.displayed_tables == {} and explorer.highlight_area.value == ""
    explorer.set_options(weights=(0.5, 0.5, 0, 0))
    assert explorer.displayed_error is None
    assert explorer.displayed_score == bx.explain("a b", ["a b"], weights=(0.5, 0.5, 0, 0)).score
    explorer.set_options(weights=(1, 1))  # the weights decide the max order, as in the API
    assert explorer.settings.max_order_box.value == 2
    assert explorer.displayed_score == bx.explain("a b", ["a b"], weights=(1, 1)).score
    explorer.set_options(weights=(1, 1), max_order=3)
    assert "weights has 2 entries but max_order is 3" in explorer.displayed_error


def test_an_unscorable_input_is_explained_in_the_widget():
    explorer = BleuExplorer("a b", ["a b"], preset="nltk")
    explorer.set_options(smooth="method6")
    assert explorer.displayed_score is None
    assert "method6" in explorer.displayed_error and "trigram" in explorer.displayed_error


def test_script_candidate_shows_as_text():
    explorer = BleuExplorer("<script>alert(1)</script>", ["<script>alert(1)</script> x"])
    explorer.set_options(tokenize="none")
    for area in (explorer.highlight_area, explorer.score_area, explorer.ngram_area, explorer.steps_area,
                 explorer.precision_area, explorer.length_area):
        assert "<script" not in area.value.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in explorer.displayed_html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in explorer.ngram_area.value
    explorer.set_options(tokenize="13a")
    assert "<script" not in explorer.displayed_html.lower()


@pytest.mark.parametrize("kind", ["precisions", "log combination", "brevity penalty", "means"])
def test_every_plot_kind_draws(kind):
    explorer = BleuExplorer("it is a ship", SHIP_REFS)
    explorer.set_plot(kind)
    assert explorer.displayed_png[:4] == b"\x89PNG"


def test_explorer_debounces_typing_inside_an_event_loop():
    async def typing():
        explorer = BleuExplorer("a", ["a b c d"], delay=0.05)
        first = explorer.displayed_score
        for text in ("a b", "a b c", "a b c d"):
            explorer.candidate_box.value = text
        assert explorer.displayed_score == first  # nothing recomputed yet
        await asyncio.sleep(0.3)
        return explorer.displayed_score

    assert asyncio.run(typing()) == pytest.approx(100.0)


def test_what_is_displayed_is_kept_in_python_not_read_from_the_page():
    explorer = BleuExplorer("it is a ship", SHIP_REFS)
    for area in (explorer.score_area, explorer.error_area, explorer.highlight_area):
        area.value = "<div>edited</div>"
    assert explorer.displayed_score == bx.explain("it is a ship", SHIP_REFS).score
    assert explorer.displayed_error is None
    explorer.set_references([])
    explorer.error_area.value = ""
    assert explorer.displayed_score is None and "references is empty" in explorer.displayed_error


def test_a_plot_error_stays_on_screen_until_a_plot_succeeds(monkeypatch):
    from bleu_explain.display import plots

    def broken(*args, **kwargs):
        raise RuntimeError("no room to draw")

    explorer = BleuExplorer("it is a ship", SHIP_REFS)
    monkeypatch.setattr(plots, "plot_means", broken)
    explorer.set_plot("means")
    assert explorer.displayed_error == "Something went wrong (RuntimeError): no room to draw"
    explorer.set_candidate("it is ship")  # the score updates, the plot still fails: the message stays
    assert explorer.displayed_score == bx.explain("it is ship", SHIP_REFS).score
    assert "no room to draw" in explorer.displayed_error and "no room to draw" in explorer.error_area.value
    assert explorer.displayed_png == b""
    explorer.set_plot("precisions")
    assert explorer.displayed_error is None and explorer.error_area.value == ""
    assert explorer.displayed_png[:4] == b"\x89PNG"


def test_the_python_libraries_presets_are_offered_with_their_smoothing():
    explorer = BleuExplorer("it is a ship", SHIP_REFS)
    assert {"hf-evaluate", "torchmetrics"} <= set(explorer.settings.preset_box.options)
    explorer.set_preset("torchmetrics")
    assert list(explorer.settings.smooth_box.options) == ["none", "add-one-above-unigram"]
    explorer.settings.smooth_box.value = "add-one-above-unigram"
    explorer.update()
    assert explorer.displayed_score == bx.explain("it is a ship", SHIP_REFS, preset="torchmetrics", smooth=True).score
