"""PresetDiff: every preset's score and the first step where it departs from the baseline, as the API says."""

from __future__ import annotations

import re

import pytest
from widget_inputs import SHIP_REFS

import bleu_explain as bx
from bleu_explain.display.widgets import PresetDiff
from bleu_explain.engine.presets import PRESETS


def test_preset_diff_shows_every_preset_and_the_first_divergence():
    diff = PresetDiff("it is a ship", SHIP_REFS, baseline="sacrebleu")
    scores = diff.displayed_scores
    assert set(scores) == set(PRESETS)
    # d2l scores one candidate against one reference: with four its row has no score and says so
    assert scores.pop("d2l") is None and diff.displayed_divergence.pop("d2l") == "cannot compare"
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
    assert "reference 4: a ship , it is" in diff.table_area.value  # 13a splits the comma
    assert "reference 4: a ship, it is" in diff.table_area.value  # whitespace tokens keep it


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


def _tokens_cells(table_html: str) -> list[str]:
    row = re.search(r"<tr><td[^>]*>tokens</td>(.*?)</tr>", table_html, re.S).group(1)
    return re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)


def test_tokens_of_a_long_sentence_scroll_in_a_box_of_limited_height():
    long = ("It is a guide to action which ensures that the military always obeys the commands of the party, "
            "and it does so without fail in every season of the year.")
    refs = [long.replace("military", "army"), long.replace("party", "Party"), long.upper(), long.lower()]
    diff = PresetDiff(long, refs)
    cells = _tokens_cells(diff.table_area.value)
    assert len(cells) == len(PRESETS)
    assert cells.pop(list(PRESETS).index("d2l")) == "-"  # d2l has no score for four references
    for cell in cells:
        box = re.match(r'<div class="bleu-explain-tokens" style="([^"]*)">', cell)
        assert box, cell[:80]
        style = dict(part.strip().split(":", 1) for part in box.group(1).split(";") if part.strip())
        assert style["overflow"].strip() == "auto"
        height = style["max-height"].strip()
        assert height.endswith("em") and float(height[:-2]) <= 10  # about 7 lines, whatever the sentence
        assert cell.count('<div style="margin-bottom:2px;">') == 1 + len(refs)  # one line per text
    assert "reference 4: " + long.lower().replace(",", " ,").replace(".", " .") in diff.table_area.value


def test_the_numbers_are_compares_and_it_says_in_words_how_each_preset_departs():
    diff = PresetDiff("it is a ship", SHIP_REFS, baseline="sacrebleu")
    table = bx.compare("it is a ship", SHIP_REFS, presets=list(PRESETS))
    assert diff.displayed_words == table["divergence_from_sacrebleu"].to_dict()
    assert diff.displayed_words["nltk"].startswith("tokens: ")
    assert "how it departs" in diff.table_area.value
    diff.set_baseline("nltk")  # every pair is in the table: nothing is scored again
    assert diff.table is not None and diff.displayed_words == table["divergence_from_nltk"].to_dict()


def test_a_preset_that_cannot_score_the_input_says_why():
    diff = PresetDiff("a b", ["a b"], presets=["sacrebleu", "hf-evaluate"])
    diff.set_candidate("")
    assert diff.displayed_scores["hf-evaluate"] is None and "hf-evaluate" not in diff.results
    assert diff.displayed_divergence["hf-evaluate"] == "cannot compare"
    assert diff.displayed_scores["sacrebleu"] == bx.explain("", ["a b"]).score


def test_what_is_displayed_is_kept_in_python_not_read_from_the_page():
    diff = PresetDiff("it is a ship", SHIP_REFS)
    scores, steps = dict(diff.displayed_scores), dict(diff.displayed_divergence)
    diff.table_area.value = ""
    assert diff.displayed_scores == scores and diff.displayed_divergence == steps
    assert scores["nltk"] == bx.explain("it is a ship", SHIP_REFS, preset="nltk").score
