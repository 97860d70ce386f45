"""The pathology catalogue and its gallery: every required candidate, the engine's numbers in every story."""

from __future__ import annotations

import re

import pytest

from bleu_explain.data.pathologies import PATHOLOGIES, get_pathology, scores_by_preset
from bleu_explain.display.widgets import PathologyGallery

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


def test_what_is_displayed_is_kept_in_python_not_read_from_the_page():
    pathology = get_pathology("the x7 (Example 2)")
    gallery = PathologyGallery(pathology.name)
    gallery.story_area.value = gallery.scores_area.value = ""
    assert gallery.displayed_why == pathology.why
    assert gallery.displayed_scores["paper"] == scores_by_preset(pathology).loc["paper", "score"]
