"""CorpusExplorer: the corpus score, the sort order and the chosen sentence are the API's."""

from __future__ import annotations

import pytest
from widget_inputs import SEGMENT_REFS, SYSTEMS

import bleu_explain as bx
from bleu_explain.display.widgets import CorpusExplorer
from bleu_explain.engine.errors import BleuInputError


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


def test_what_is_displayed_is_kept_in_python_not_read_from_the_page():
    explorer = CorpusExplorer(systems=SYSTEMS, references=SEGMENT_REFS, system="good")
    explorer.sort_by("hyp_len", descending=True)
    explorer.select_segment(2)
    for area in (explorer.summary_area, explorer.table_area, explorer.sentence_area):
        area.value = ""
    expected = bx.explain_corpus(SYSTEMS["good"], SEGMENT_REFS)
    assert explorer.displayed_score == expected.score
    lengths = expected.sentence_table()["hyp_len"]
    assert [lengths[i] for i in explorer.displayed_order] == sorted(lengths, reverse=True)
    assert explorer.selected_segment == 2 and explorer.displayed_segment_score == expected.segment(2).score
