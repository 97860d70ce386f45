"""Driving the explorers as a student would: what they display must be what the API computes."""

from __future__ import annotations

import asyncio
import re

import pandas as pd
import pytest

import bleu_explain as bx
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.data.pathologies import PATHOLOGIES, get_pathology, scores_by_preset
from bleu_explain.engine.presets import PRESETS
from bleu_explain.display.widgets import (
    BleuExplorer,
    CorpusExplorer,
    Debouncer,
    PathologyGallery,
    PresetDiff,
    SignificanceExplorer,
    parse_weights,
)

SHIP_REFS = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]
CAT_REFS = ["The cat is on the mat.", "There is a cat on the mat."]
SEGMENT_REFS = [["the cat is on the mat", "there is a cat on the mat"], ["a dog bit the mailman", "the dog bit a mailman"],
                ["it is a ship", "this is a ship"], ["he was led to the plane", "he was taken to the plane"],
                ["the military heeds the party", "the army obeys the party"], ["we always do", "we invariably do"]]
SYSTEMS = {
    "weak": ["the the the", "dog mailman", "ship", "plane", "military", "do always"],
    "good": ["the cat is on a mat", "a dog bit the mailman", "it is ship", "he was led to a plane",
             "the military heed the party", "we always do"],
    "fair": ["the cat on mat", "dog bit mailman", "it ship", "he led to the plane", "military party", "we do"],
}


# --------------------------------------------------------------------------- BleuExplorer
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
    config = PRESETS["nltk-3.2"]
    assert (explorer.tokenize_box.value, explorer.lowercase_box.value, explorer.max_order_box.value,
            explorer.smooth_box.value) == (config.tokenize, config.lowercase, config.max_order, config.smooth)
    assert explorer.weights_box.value == "0.25 0.25 0.25 0.25"
    assert explorer.displayed_score == bx.explain("it is a ship", SHIP_REFS, preset="nltk-3.2").score
    explorer.preset_box.value = "paper"  # through the observer
    assert explorer.displayed_score == bx.explain("it is a ship", SHIP_REFS, preset="paper").score
    assert list(explorer.smooth_box.options) == ["none"]


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
    assert list(explorer.order_box.options) == list(range(1, bx.explain(text, refs, **options).config.max_order + 1))


def test_max_order_change_drops_weights_of_the_wrong_length():
    explorer = BleuExplorer("a b c", ["a b c"], preset="nltk")
    explorer.max_order_box.value = 2
    assert explorer.weights_box.value == ""
    assert explorer.displayed_score == bx.explain("a b c", ["a b c"], preset="nltk", max_order=2).score
    explorer.weights_box.value = "0.2 0.3 0.5"  # typed weights decide the max order
    assert explorer.max_order_box.value == 3
    assert explorer.displayed_score == bx.explain("a b c", ["a b c"], preset="nltk", weights=(0.2, 0.3, 0.5)).score


def test_errors_are_messages_not_tracebacks_and_the_explorer_recovers():
    explorer = BleuExplorer("a b", ["a b"])
    explorer.set_options(weights="0.5 <b>x</b>")
    assert explorer.displayed_score is None
    assert "is not a number" in explorer.displayed_error
    assert "&lt;b&gt;x&lt;/b&gt;" in explorer.error_area.value and "<b>x</b>" not in explorer.error_area.value
    assert "Traceback" not in explorer.error_area.value
    assert explorer.displayed_tables == {} and explorer.highlight_area.value == ""
    explorer.set_options(weights="0.5 0.5 0 0")
    assert explorer.displayed_error is None
    assert explorer.displayed_score == bx.explain("a b", ["a b"], weights=(0.5, 0.5, 0, 0)).score
    explorer.set_options(weights=(1, 1))  # the weights decide the max order, as in the API
    assert explorer.max_order_box.value == 2
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


def test_parse_weights_rejects_words():
    assert parse_weights(" uniform ") is None
    assert parse_weights("1;0") == (1.0, 0.0)
    with pytest.raises(BleuInputError, match="'x' is not a number"):
        parse_weights("0.5 x")


# --------------------------------------------------------------------------- debouncing
def test_debouncer_without_a_loop_calls_at_once():
    calls = []
    Debouncer(0.5, lambda: calls.append(1)).trigger()
    assert calls == [1]


def test_debouncer_coalesces_a_burst_of_changes():
    calls = []

    async def burst():
        debouncer = Debouncer(0.05, lambda: calls.append(len(calls)))
        for _ in range(5):
            debouncer.trigger()
            await asyncio.sleep(0.01)
        assert calls == []
        await asyncio.sleep(0.15)

    asyncio.run(burst())
    assert calls == [0]


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


# --------------------------------------------------------------------------- PresetDiff
def test_preset_diff_shows_every_preset_and_the_first_divergence():
    diff = PresetDiff("it is a ship", SHIP_REFS, baseline="sacrebleu")
    scores = diff.displayed_scores
    assert set(scores) == set(PRESETS)
    for name, score in scores.items():
        assert score == bx.explain("it is a ship", SHIP_REFS, preset=name).score
    base = bx.explain("it is a ship", SHIP_REFS, preset="sacrebleu")
    for name, step in diff.displayed_divergence.items():
        if name == "sacrebleu":
            assert step == "-"
        else:
            expected = bx.first_divergence(base, bx.explain("it is a ship", SHIP_REFS, preset=name))
            assert step == (expected or "none")


def test_preset_diff_shows_reference_tokens_where_tokenizers_differ():
    diff = PresetDiff("it is a ship", SHIP_REFS)
    assert diff.displayed_divergence["nltk"] == "tokens"
    assert "ref 4: a ship , it is" in diff.table_area.value  # 13a splits the comma
    assert "ref 4: a ship, it is" in diff.table_area.value  # whitespace tokens keep it


def test_preset_diff_follows_input_and_baseline():
    diff = PresetDiff("it is a ship", SHIP_REFS)
    diff.set_candidate("It is a ship")
    assert diff.displayed_divergence["mteval-13a"] == "tokens"  # mteval lowercases
    diff.set_baseline("nltk")
    assert diff.displayed_divergence["nltk"] == "-"
    assert diff.displayed_divergence["nltk-3.2"] == "smoothing"
    diff.set_references(["It is a ship"])
    assert diff.displayed_scores["sacrebleu"] == pytest.approx(100.0)


def test_preset_diff_errors_are_messages():
    diff = PresetDiff("a", ["a"])
    diff.set_references([])
    assert "references is empty" in diff.displayed_error
    assert diff.displayed_scores == {}
    diff.set_references(["two\nlines"])
    assert "one reference per line" in diff.displayed_error
    diff.set_references(["<script>x</script>"])
    assert diff.displayed_error is None and "<script" not in diff.table_area.value


# --------------------------------------------------------------------------- PathologyGallery
REQUIRED = {
    "it is ship", "it is a ship", "it", "it it it it it it it", "it a b c d e f g h i j k l m n", "ship ship ship",
    "it ship", "It is a guide to action which ensures that the military always obeys the commands of the party.",
    "It is to insure the troops forever hearing the activity guidebook that party direct.",
    "the the the the the the the.", "of the", "I always invariably perpetually do.", "I always do.",
    "The dog snapped at the mailman.", "The mailman nipped at the dog.",
    "Appeared calm when he was taken to the American plane, which will to Miami, Florida.",
    "To Miami, Florida as he was led is to the was take him which will.", "the the the mat on the the.",
}


def test_the_catalogue_has_every_required_candidate():
    assert REQUIRED <= {p.candidate for p in PATHOLOGIES}
    assert len({p.name for p in PATHOLOGIES}) == len(PATHOLOGIES)
    for p in PATHOLOGIES:
        assert p.source and p.why and p.verdict in ("high", "low", "depends on the tool")


@pytest.mark.parametrize("pathology", PATHOLOGIES, ids=lambda p: p.name)
def test_numbers_quoted_in_why_are_the_engines(pathology):
    r = pathology.explain()
    quoted = re.findall(r"p(\d) = (\d+)/(\d+)", pathology.why)
    for n, m, t in quoted:
        assert (r.matches[int(n) - 1], r.totals[int(n) - 1]) == (int(m), int(t)), pathology.name
    for value in re.findall(r"BP = (?:exp\(1 - [\d/]+\) = )?(0\.\d+)", pathology.why):
        assert round(r.brevity_penalty, len(value) - 2) == float(value), pathology.name
    for value in re.findall(r"BLEU = (0\.\d+)", pathology.why):
        assert round(r.bleu, 2) == float(value), pathology.name


@pytest.mark.parametrize("name", [p.name for p in PATHOLOGIES])
def test_gallery_shows_the_scores_of_every_preset(name):
    gallery = PathologyGallery(name)
    table = scores_by_preset(get_pathology(name))
    shown = gallery.displayed_scores
    assert list(shown) == list(table.index)
    for preset, score in shown.items():
        assert score == table.loc[preset, "score"]
    assert gallery.displayed_why == get_pathology(name).why
    assert "data-score" not in gallery.highlight_area.value or gallery.highlight_area.value.count("<div") > 3


def test_gallery_picker_and_highlight_preset():
    gallery = PathologyGallery()
    gallery.picker.value = "the x7 (Example 2)"
    assert gallery.displayed_why.startswith("Standard unigram precision would be 7/7")
    assert gallery.preset_box.value == "paper"
    gallery.set_preset("sacrebleu")
    assert "preset <b>sacrebleu</b>" in gallery.highlight_area.value
    gallery.select("no such example")
    assert "unknown pathology" in gallery.displayed_error


# --------------------------------------------------------------------------- CorpusExplorer
def test_corpus_explorer_scores_sorts_and_explains_rows():
    explorer = CorpusExplorer(systems=SYSTEMS, references=SEGMENT_REFS, system="good")
    expected = bx.explain_corpus(SYSTEMS["good"], SEGMENT_REFS)
    assert explorer.displayed_score == expected.score
    assert explorer.displayed_order == list(range(len(SEGMENT_REFS)))
    explorer.sort_by("sentence_bleu", descending=False)
    scores = expected.sentence_scores
    assert [scores[i] for i in explorer.displayed_order] == sorted(scores)
    explorer.select_segment(explorer.displayed_order[0])
    lowest = explorer.displayed_order[0]
    assert explorer.displayed_segment_score == expected.segment(lowest).score
    assert f"Segment {lowest}" in explorer.sentence_area.value
    explorer.set_system("weak")
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["weak"], SEGMENT_REFS).score
    assert explorer.displayed_segment_score == bx.explain_corpus(SYSTEMS["weak"], SEGMENT_REFS).segment(lowest).score
    explorer.set_preset("paper")
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["weak"], SEGMENT_REFS, preset="paper").score


def test_corpus_explorer_errors_are_messages():
    explorer = CorpusExplorer(systems=SYSTEMS, references=SEGMENT_REFS)
    explorer.select_segment(99)
    assert "segment index must be" in explorer.displayed_error
    explorer.sort_by("nonsense")
    assert "cannot sort by" in explorer.displayed_error
    with pytest.raises(BleuInputError, match="give both"):
        CorpusExplorer(systems=SYSTEMS)


def test_corpus_explorer_escapes_candidates():
    systems = {"x": ["<script>alert(1)</script>"] + SYSTEMS["good"][1:]}
    explorer = CorpusExplorer(systems=systems, references=SEGMENT_REFS)
    explorer.select_segment(0)
    assert "<script" not in explorer.table_area.value + explorer.sentence_area.value


def test_corpus_explorer_on_the_teaching_corpus():
    corpus_module = pytest.importorskip("bleu_explain.data.corpus")
    try:
        corpus = corpus_module.load_corpus()
    except BleuInputError as exc:  # the data files are not in this checkout
        pytest.skip(str(exc))
    explorer = CorpusExplorer(corpus, system="H2")
    assert explorer.displayed_score == bx.explain_corpus(corpus.systems["H2"], corpus.references).score
    assert len(explorer.displayed_order) == len(corpus)


# --------------------------------------------------------------------------- SignificanceExplorer
def test_significance_explorer_shows_the_tests_p_values():
    significance = pytest.importorskip("bleu_explain.analysis.significance")
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
    pytest.importorskip("bleu_explain.analysis.significance")
    explorer = SignificanceExplorer(systems=SYSTEMS, references=SEGMENT_REFS, n_samples=50)
    explorer.set_systems("good", "good")
    assert "the same" in explorer.displayed_error
    assert explorer.displayed_p_values == {} and explorer.plot_image.value == b""
    explorer.set_systems("good", "nonexistent")
    assert "unknown system" in explorer.displayed_error
