"""The highlighted HTML: marks read off the clipping, escaping, legend, no JavaScript."""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

import bleu_explain as bx
from bleu_explain.display.html.highlight import (
    candidate_marks,
    explanation_html,
    legend_html,
    reference_marks,
    save_html,
)
from bleu_explain.display.html.palette import CLIPPED_COLOUR

CAT_REFS = ["The cat is on the mat.", "There is a cat on the mat."]
ALLOWED_TAGS = {"div", "span", "b", "ul", "li", "wbr"}  # wbr: where a signature may wrap, between its fields


class _Collector(HTMLParser):
    """Tags, attributes and text of an HTML fragment, as a browser would parse them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str]] = []
        self.text: list[str] = []
        self.titles: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:
            self.attrs.append((name, value or ""))
            if name == "title":
                self.titles.append(value or "")

    def handle_data(self, data):
        self.text.append(data)


def parse(fragment: str) -> _Collector:
    collector = _Collector()
    collector.feed(fragment)
    collector.close()
    return collector


def test_example_2_clipping_marks_the_third_the_onwards():
    r = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    marks = candidate_marks(r)
    assert [m.status(1) for m in marks] == ["credited"] * 2 + ["clipped"] * 5
    # the numbers in the marks are the engine's
    first = marks[2].starts[0]
    step = r.clipping[0]
    assert (first.count, first.max_ref_count, first.clipped_count) == (
        step.candidate_counts[("the",)], step.max_ref_counts[("the",)], step.clipped_counts[("the",)]) == (7, 2, 2)
    # no bigram "the the" in any reference: unmatched, not clipped
    assert all(m.status(2) == "unmatched" for m in marks)
    assert marks[0].starts[1].describe().endswith("-> not in any reference")


def test_hover_titles_give_count_max_ref_count_and_clipped_count():
    r = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    titles = parse(explanation_html(r)).titles
    third = [t for t in titles if t.startswith("'the' (token 3 of 7)")]
    assert len(third) == 1
    assert "1-gram 'the': count 7 in the candidate, max-ref count 2, clipped count 2" in third[0]
    assert "occurrence 3: clipped away (beyond the max-ref count)" in third[0]
    first = [t for t in titles if t.startswith("'the' (token 1 of 7)")][0]
    assert "occurrence 1: credited" in first


def test_clipped_occurrences_are_struck_through_in_vermillion():
    r = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    html = explanation_html(r)
    struck = re.findall(r'<span style="[^"]*line-through[^"]*">the</span>', html)
    assert len(struck) == 5
    assert all(CLIPPED_COLOUR in s and "dashed" in s for s in struck)


def test_higher_order_clipping_is_marked_on_the_bars():
    r = bx.explain("the cat the cat the cat", ["the cat sat"], tokenize="none")
    marks = candidate_marks(r)
    assert [m.status(2) for m in marks[:2]] == ["credited", "credited"]
    assert marks[2].starts[1].status == "clipped"  # the second "the cat"
    assert marks[3].status(2) == "clipped"
    assert "repeating-linear-gradient" in explanation_html(r)


def test_reference_tokens_show_what_was_credited():
    r = bx.explain("the the the the the the the.", CAT_REFS, preset="paper")
    ref1 = reference_marks(r, 0)
    assert [m.token for m in ref1 if m.status(1) == "credited"] == ["the", "the"]
    assert ref1[1].token == "cat" and ref1[1].status(1) == "unmatched"
    titles = [t for t in parse(explanation_html(r)).titles if t.startswith("'the' (reference 1")]
    assert "count 2 here (the max-ref count comes from here)" in titles[0]


def test_summary_shows_the_results_numbers():
    r = bx.explain("It is to insure the troops forever hearing the activity guidebook that party direct.",
                   ["It is a guide to action that ensures that the military will forever heed Party commands."])
    html = explanation_html(r)
    assert f'data-score="{r.score!r}"' in html
    assert f"BLEU = {r.score:.2f}" in html
    for m, t in zip(r.matches, r.totals):
        assert f"{m}/{t}" in html
    assert "&rarr; used" in html  # exp smoothing changed the zero-match orders
    assert r.signature in "".join(parse(html).text)
    for note in r.notes:
        assert note in parse(html).text or note.replace("'", "&#x27;") in html


def test_jupyter_shows_a_sentence_explanation_as_its_highlighted_html():
    import importlib

    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        importlib.reload(bx)  # the package registers its HTML form when IPython runs
        r = bx.explain("a b c", ["a b d"])
        formatted, _ = shell.display_formatter.format(r)
        assert formatted["text/html"] == explanation_html(r)
    finally:
        InteractiveShell.clear_instance()


def test_legend_names_every_order_and_the_clipped_mark():
    legend = legend_html(6)
    for n in range(1, 7):
        assert f"{n}-gram match" in legend
    assert "clipped away" in legend
    assert CLIPPED_COLOUR in legend


@pytest.mark.parametrize("tokenize", ["none", "13a", "char", "paper"])
def test_script_candidate_is_shown_as_text(tokenize):
    nasty = '<script>alert("x")</script> <img src=x onerror=alert(1)> "quoted" \' & done'
    r = bx.explain(nasty, [nasty, "<b>bold</b>"], tokenize=tokenize)
    html = explanation_html(r)
    parsed = parse(html)
    assert "<script" not in html.lower() and "<img" not in html.lower()
    assert set(parsed.tags) <= ALLOWED_TAGS
    assert all(not name.startswith("on") for name, _ in parsed.attrs)
    text = "".join(parsed.text)
    for token in r.candidate_tokens:
        assert token in text


def test_whole_script_token_survives_escaping():
    r = bx.explain("<script>alert(1)</script>", ["x"], tokenize="none")
    html = explanation_html(r)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>alert(1)</script>" in "".join(parse(html).text)


def test_attribute_injection_through_a_title_is_escaped():
    r = bx.explain('x" onmouseover="alert(1)', ['x" onmouseover="alert(1)'], tokenize="none")
    parsed = parse(explanation_html(r))
    assert not any(name == "onmouseover" for name, _ in parsed.attrs)
    assert any('onmouseover="alert(1)' in t for t in parsed.titles)


def test_no_javascript_and_no_style_block():
    html = explanation_html(bx.explain("the cat", ["the cat sat"]))
    assert "<script" not in html and "<style" not in html and "javascript:" not in html
    assert not re.search(r"\son\w+=", html)


def test_empty_candidate_is_shown_not_crashed():
    html = explanation_html(bx.explain("", ["the cat"]))
    assert "(no tokens)" in html
    assert "BP = 0 (empty candidate)" in html


@settings(max_examples=examples(60), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab<>&\"' /=x\n")), max_size=30),
       st.lists(st.text(alphabet=st.sampled_from(list("ab<>&\"' x")), max_size=20), min_size=1, max_size=3))
def test_any_text_parses_to_safe_tags_and_keeps_every_token(candidate, references):
    r = bx.explain(candidate, references, tokenize="none")
    parsed = parse(explanation_html(r))
    assert set(parsed.tags) <= ALLOWED_TAGS
    assert all(not name.startswith("on") for name, _ in parsed.attrs)
    text = "".join(parsed.text)
    for token in list(r.candidate_tokens) + [t for ref in r.reference_tokens for t in ref]:
        assert token in text


def test_save_html_writes_a_standalone_page(tmp_path):
    path = tmp_path / "x.html"
    save_html(bx.explain("the <cat>", ["the cat"]), str(path))
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<title>BLEU of: the &lt;cat&gt;</title>" in page


def test_the_steps_render_as_html_from_the_engines_steps():
    from bleu_explain.display.html.highlight import steps_html

    r = bx.explain("it is a <ship>", ["it is a ship"], tokenize="none")
    html = steps_html(r.steps())
    for step in r.steps():
        assert f'data-step="{step.name}"' in html and escape(step.title) in html
    assert "&lt;ship&gt;" in html and "<ship>" not in html  # user text is escaped
