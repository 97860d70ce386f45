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
    from bleu_explain.data.corpus import load_corpus

    corpus = load_corpus()  # bundled with the package: never missing
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


def test_load_switches_corpus_and_a_bad_one_leaves_it_shown():
    explorer = CorpusExplorer(systems=SYSTEMS, references=SEGMENT_REFS, system="good")
    explorer.sort_by("hyp_len")
    assert explorer.load(systems={"solo": SYSTEMS["fair"][:2]}, references=SEGMENT_REFS[:2])
    assert explorer.displayed_systems == ["solo"] == list(explorer.system_box.options)
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["fair"][:2], SEGMENT_REFS[:2]).score
    assert sorted(explorer.displayed_order) == [0, 1] and explorer.sort_box.value == "hyp_len"
    assert not explorer.load(systems={"x": ["a"]}, references=[["a"], ["b"]])
    assert explorer.displayed_error and explorer.displayed_systems == ["solo"]
    assert not explorer.load(systems={"solo": ["a", "b"]}, references=SEGMENT_REFS[:2], system="nobody")
    assert "has no system 'nobody'" in explorer.displayed_error
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["fair"][:2], SEGMENT_REFS[:2]).score


def test_a_test_set_with_human_scores_shows_them_beside_bleu():
    from bleu_explain.data.judgments import HumanJudgedTestSet, HumanScores

    mqm = HumanScores(kind="mqm", segments={"good": [0.0, -1.0, None, -5.0, -2.0, 0.0], "fair": [None] * 6},
                      systems={"good": -1.6})
    test_set = HumanJudgedTestSet(name="tiny <set>", references={"A": [r[0] for r in SEGMENT_REFS],
                                                                 "B": [r[1] for r in SEGMENT_REFS]},
                                  systems={"good": SYSTEMS["good"], "fair": SYSTEMS["fair"]}, scores={"mqm": mqm})
    explorer = CorpusExplorer(test_set)
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["good"], SEGMENT_REFS).score
    assert explorer.displayed_human_score == -1.6 and explorer.displayed_human == mqm.segments["good"]
    assert "human (MQM)" in explorer.table_area.value and "tiny &lt;set&gt;" in explorer.summary_area.value
    explorer.sort_by("human")
    assert explorer.displayed_order == [3, 4, 1, 0, 5, 2]
    explorer.set_system("fair")
    assert explorer.displayed_human_score is None and explorer.displayed_human == [None] * 6


def test_human_sort_and_bad_arguments_without_human_scores():
    explorer = CorpusExplorer(systems=SYSTEMS, references=SEGMENT_REFS)
    assert "human" not in explorer.sort_columns and explorer.displayed_human == []
    explorer.sort_by("human")
    assert "no human scores per segment" in explorer.displayed_error
    with pytest.raises(BleuInputError, match="has no system 'nobody'"):
        CorpusExplorer(systems=SYSTEMS, references=SEGMENT_REFS, system="nobody")
    with pytest.raises(BleuInputError, match="not both"):
        CorpusExplorer(object(), systems=SYSTEMS, references=SEGMENT_REFS)
    with pytest.raises(BleuInputError, match="TeachingCorpus"):
        CorpusExplorer(object())


def test_from_folder_with_scores_per_system(tmp_path):
    files = {"references/ref.en": "\n".join(r[0] for r in SEGMENT_REFS) + "\n",
             "systems/good.txt": "\n".join(SYSTEMS["good"]) + "\n",
             "systems/weak.txt": "\n".join(SYSTEMS["weak"]) + "\n",
             "human_scores.tsv": "good\t0.25\nweak\t-0.5\n"}
    for rel, content in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(content, encoding="utf-8")
    explorer = CorpusExplorer.from_folder(tmp_path, preset="paper", system="weak")
    assert explorer.displayed_systems == ["good", "weak"] and explorer.displayed_human_score == -0.5
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["weak"], [[r[0]] for r in SEGMENT_REFS],
                                                         preset="paper").score
    with pytest.raises(BleuInputError, match="no file of scores per segment"):
        CorpusExplorer.from_folder(tmp_path, kind="mqm")
