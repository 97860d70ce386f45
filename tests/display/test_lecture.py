"""The lecture's deck as its source says it: 40-60 slides, minutes adding up to 80-90 with the 60- and 45-minute
cuts inside their lengths, one message a slide (a title, at most 45 words on the screen on nine slides in ten,
notes and a question on every one), every number computed, every picture drawn, every demo an address the live
page reads. The deck in a browser is tests/test_browser_lecture.py's."""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_explain.display.export import lecture
from bleu_explain.display.export.lecture_pictures import (
    PICTURES,
    calibration_p_values,
    deck_values,
    demo_states,
    false_positives,
)
from bleu_explain.display.html.live_state import LiveState
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.engine.presets import PRESETS

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "lecture"


@pytest.fixture(scope="module")
def deck() -> lecture.Deck:
    return lecture.read_deck(lecture.deck_path(DECKS))


@pytest.fixture(scope="module")
def filled(deck) -> lecture.Deck:
    return lecture.fill(deck, deck_values(deck.labels))


def test_the_deck_is_a_90_minute_lecture_with_60_and_45_minute_cuts(deck):
    assert 40 <= len(deck.slides) <= 60
    assert 80 <= deck.minutes(90) <= 90
    assert 50 <= deck.minutes(60) <= 60
    assert 38 <= deck.minutes(45) <= 45
    assert all(s.minutes >= 1 for s in deck.slides)


def test_every_slide_has_a_message_notes_and_a_question(filled):
    for slide in filled.slides:
        assert slide.title and slide.notes and slide.ask.endswith("?"), slide.id
        assert len(slide.title) <= 100, slide.id


def test_few_slides_carry_more_than_45_words(filled):
    wordy = [(s.id, s.screen_words()) for s in filled.slides if s.screen_words() > 45]
    assert len(wordy) <= 0.1 * len(filled.slides), wordy


def test_every_number_is_computed_and_every_name_known(deck, filled):
    assert "{" not in "".join(s.title + s.text + s.caption + s.notes for s in filled.slides)
    broken = lecture.parse_deck(lecture.EXAMPLE.replace("Few words.", "{no_such_value}"))
    with pytest.raises(BleuInputError, match="no_such_value"):
        lecture.fill(broken, deck_values(deck.labels))


def test_the_paper_examples_are_the_papers_figures(filled):
    """The slides' numbers are the engine's, and those are the paper's stated ones."""
    values = deck_values()
    assert (values["ex2_plain"], values["ex2_modified"]) == ("7/7", "2/7")
    assert (values["ex1_c1_p1"], values["ex1_c2_p1"]) == ("17/18", "8/14")
    assert (values["ex3_p1"], values["ex3_p2"]) == ("2/2", "1/1")


def test_the_moses_cap_on_the_slide_is_the_bound_the_bundled_measurement_meets():
    """The slide's 0.425 is P(|Z| > sqrt(2/pi)); the bundled p-values of sacreBLEU's bootstrap on equally good
    pairs reach it and do not pass it by more than the resamples' own step."""
    figures = calibration_p_values()
    cap = float(deck_values()["moses_cap"])
    assert cap == 0.425
    largest = float(figures.null_p_values["bs"].max())
    assert cap - 0.01 <= largest <= cap + 0.01, largest


def test_the_calibration_legend_gives_each_rate_with_its_interval():
    for test in ("bs", "ar", "bs-centred"):
        rate, low, high = false_positives(test)
        assert low <= rate <= high and 0 < high - low < 0.1
    assert false_positives("bs")[1] > 0.05  # sacreBLEU's bootstrap: the interval lies above the level


def test_every_picture_is_drawn_and_every_demo_is_read_by_the_live_page(deck):
    named = {s.picture for s in deck.slides if s.picture}
    assert named <= set(PICTURES)
    assert len(named) >= 12
    demos = [s for s in deck.slides if s.demo]
    assert len(demos) >= 4 and sum(1 for s in demos if not s.optional) >= 1
    for slide in demos:
        state = LiveState.from_query(lecture.demo_query(slide.demo))
        assert state.hypothesis and state.references and state.preset in PRESETS, slide.id
        assert not state.compare or state.compare in PRESETS, slide.id
    assert set(demo_states()) >= {dict(p.split("=") for p in s.demo.split("&"))["example"] for s in demos}


def test_the_labels_of_every_picture_are_in_the_deck(deck, tmp_path):
    """Each picture is drawn with the deck's labels only: a missing key fails here, not in a lecture hall."""
    from bleu_explain.display.plots.style import PROJECTOR

    for name in ("example1_clipping", "six_steps", "gap_agreement", "moses_bound"):
        PICTURES[name](deck.labels, PROJECTOR)
    with pytest.raises(KeyError):
        PICTURES["six_steps"]({}, PROJECTOR)


def test_a_translation_is_a_second_file_of_the_same_shape(deck, tmp_path):
    """The words live in one file per language: a deck.xx.md with the same ids, minutes and keys builds."""
    translated = (DECKS / "deck.en.md").read_text(encoding="utf-8").replace("lang: en", "lang: xx")
    (tmp_path / "deck.xx.md").write_text(translated, encoding="utf-8")
    other = lecture.read_deck(lecture.deck_path(tmp_path, "xx"))
    assert [s.id for s in other.slides] == [s.id for s in deck.slides] and other.lang == "xx"
    assert lecture.lecture_folder(Path("site"), "xx") == Path("site/lecture/xx")
    assert lecture.demo_src("preset=paper", 2) == "../../live.html?preset=paper&projector=1"
    with pytest.raises(FileNotFoundError, match="decks: xx"):
        lecture.deck_path(tmp_path, "zz")


def test_bad_sources_are_refused_in_one_line():
    for broken, message in ((lecture.EXAMPLE.replace("minutes: 2", "minutes: two"), "whole number"),
                            (lecture.EXAMPLE.replace("optional: 60", "optional: 30"), "optional"),
                            (lecture.EXAMPLE.replace("## A first message", "A first message"), "no '## ' title"),
                            (lecture.EXAMPLE.replace("=== two", "=== one"), "repeat")):
        with pytest.raises(BleuInputError, match=message):
            lecture.parse_deck(broken)


def test_the_page_marks_minutes_cuts_notes_and_demos(filled):
    demos = {s.id: lecture.demo_src(lecture.demo_query(s.demo), 1) for s in filled.slides if s.demo}
    page = lecture.deck_html(filled, {"idea": "pictures/example1_pair.png"}, demos, "reveal")
    assert page.count("<section ") == len(filled.slides)
    assert page.count("data-minutes=") == len(filled.slides)
    assert page.count('<aside class="notes">') == len(filled.slides)
    assert page.count('data-optional="60"') == sum(s.optional == "60" for s in filled.slides)
    assert page.count('<iframe class="demo" data-src="../live.html?') == len(demos)
    assert "https://" not in page and "http://" not in page


def test_the_speaker_notes_document_is_the_decks(filled):
    """docs/speaker_notes.md is written from the deck (python scripts/build_lecture.py --docs)."""
    assert (ROOT / "docs" / "speaker_notes.md").read_text(encoding="utf-8") == lecture.notes_document(filled)
