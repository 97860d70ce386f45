"""Your own data in the corpus explorer: files set in its FileUploads as ipywidgets 8 gives them, then Load.

Good files are scored as the API scores the same texts; every bad upload is a
message inside the widget naming the file, and the corpus shown before stays.
"""

from __future__ import annotations

import datetime as dt
import html

import pytest
from widget_inputs import SEGMENT_REFS, SYSTEMS

import bleu_explain as bx
from bleu_explain.data.reading import read_lines
from bleu_explain.display.widgets import CorpusExplorer
from bleu_explain.display.widgets.upload import load_uploaded, uploaded_files
from bleu_explain.engine.errors import BleuInputError

REF_A = [r[0] for r in SEGMENT_REFS]
REF_B = [r[1] for r in SEGMENT_REFS]
SEGMENT_SCORES = {"good": [-1.0, 0.0, -2.5, None, -4.0, 0.0], "weak": [-20.0, -15.0, -9.0, -12.0, -25.0, None]}


def text(lines: list[str], end: str = "\n") -> bytes:
    return "".join(line + end for line in lines).encode("utf-8")


def upload_value(*files: tuple[str, bytes]) -> tuple[dict, ...]:
    """A FileUpload value as ipywidgets 8 builds it from the browser's message."""
    when = dt.datetime(2024, 5, 1, tzinfo=dt.timezone.utc)
    return tuple({"name": name, "type": "text/plain", "size": len(content), "content": memoryview(content),
                  "last_modified": when} for name, content in files)


def segment_score_file(scores: dict[str, list[float | None]], names: dict[str, str] | None = None) -> bytes:
    lines = ["system\tseg_id\tscore"]
    for system, values in scores.items():
        lines += [f"{(names or {}).get(system, system)}\t{i}\t{v}" for i, v in enumerate(values, 1)]
    return text(lines)


def press_load(explorer: CorpusExplorer, references=(), systems=(), scores=None) -> None:
    explorer.upload.references.value = upload_value(*references)
    explorer.upload.systems.value = upload_value(*systems)
    explorer.upload.scores.value = upload_value(scores) if scores else ()
    explorer.upload.load_button.click()  # what a click in the page does: no exception may escape


@pytest.fixture()
def explorer() -> CorpusExplorer:
    return CorpusExplorer(systems={"before": SYSTEMS["fair"]}, references=SEGMENT_REFS)


def assert_unchanged(explorer: CorpusExplorer) -> None:
    """The corpus shown before a bad upload is still shown."""
    assert explorer.displayed_source == "the texts given"
    assert explorer.displayed_systems == ["before"]
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["fair"], SEGMENT_REFS).score


def test_good_files_are_scored_as_the_api_scores_their_texts(explorer):
    press_load(explorer, [("newstest.ref.A.en", text(REF_A)), ("newstest.ref.B.en", text(REF_B))],
               [("newstest.good.en", text(SYSTEMS["good"])), ("newstest.weak.en", text(SYSTEMS["weak"]))],
               ("mqm.tsv", segment_score_file(SEGMENT_SCORES)))
    assert explorer.displayed_error is None
    assert explorer.displayed_source == "your files"
    assert explorer.displayed_systems == ["good", "weak"] == list(explorer.system_box.options)
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["good"], SEGMENT_REFS).score
    rated = [v for v in SEGMENT_SCORES["good"] if v is not None]
    assert explorer.displayed_human_score == pytest.approx(sum(rated) / len(rated))
    assert explorer.displayed_human == SEGMENT_SCORES["good"]
    assert ">human<" in explorer.table_area.value and "5 of 6 segments rated" in explorer.summary_area.value
    explorer.sort_by("human", descending=True)
    assert explorer.displayed_order == [1, 5, 0, 2, 4, 3]  # not rated last
    explorer.select_segment(4)
    assert explorer.displayed_segment_human == -4.0 and "human: -4" in explorer.sentence_area.value
    explorer.set_system("weak")
    weak = bx.explain_corpus(SYSTEMS["weak"], SEGMENT_REFS)
    assert explorer.displayed_score == weak.score
    assert explorer.displayed_segment_score == weak.segment(4).score
    assert explorer.displayed_segment_human == -25.0


def test_crlf_files_and_the_cli_read_the_same_segments(explorer, tmp_path):
    odd = ["a line with a form feed \x0c inside", "a line\u2028with a line separator"] + REF_A[2:]
    crlf = text(odd, end="\r\n")
    press_load(explorer, [("ref.txt", crlf)], [("good.txt", text(SYSTEMS["good"], end="\r\n"))])
    assert explorer.displayed_error is None
    path = tmp_path / "ref.txt"
    path.write_bytes(crlf)
    assert explorer.references == [[line] for line in read_lines(str(path), "reference file")]
    assert explorer.references == [[line] for line in odd]
    assert explorer.displayed_score == bx.explain_corpus(SYSTEMS["good"], [[line] for line in odd]).score


def test_a_byte_that_is_not_utf8_is_named_with_its_file_and_line(explorer):
    latin1 = "\n".join(REF_A[:2] + ["caf\u00e9 au lait"] + REF_A[3:]).encode("latin-1") + b"\n"
    press_load(explorer, [("ref.latin1.txt", latin1)], [("good.txt", text(SYSTEMS["good"]))])
    message = explorer.displayed_error
    assert "'ref.latin1.txt' is not valid UTF-8: undecodable byte at line 3" in message
    assert html.escape(message, quote=True) in explorer.error_area.value
    assert_unchanged(explorer)


def test_files_with_different_line_counts_are_refused_not_truncated(explorer):
    press_load(explorer, [("ref.txt", text(REF_A))],
               [("good.txt", text(SYSTEMS["good"])), ("short.txt", text(SYSTEMS["weak"][:4]))])
    message = explorer.displayed_error
    assert "do not have the same number of lines" in message
    assert "ref.txt 6" in message and "good.txt 6" in message and "short.txt 4" in message
    assert_unchanged(explorer)


def test_a_scores_file_naming_an_unknown_system(explorer):
    scores = segment_score_file({"good": SEGMENT_SCORES["good"], "mystery": SEGMENT_SCORES["weak"]})
    press_load(explorer, [("ref.txt", text(REF_A))], [("good.txt", text(SYSTEMS["good"]))], ("scores.tsv", scores))
    message = explorer.displayed_error
    assert "'scores.tsv' scores 'mystery'" in message and "good.txt -> good" in message
    assert_unchanged(explorer)


def test_no_references_no_systems_and_empty_files(explorer):
    press_load(explorer, [], [("good.txt", text(SYSTEMS["good"]))])
    assert explorer.displayed_error.startswith("no reference file")
    assert_unchanged(explorer)
    press_load(explorer, [("ref.txt", text(REF_A))], [])
    assert explorer.displayed_error.startswith("no system output file")
    press_load(explorer, [("ref.txt", b"")], [("good.txt", text(SYSTEMS["good"]))])
    assert "reference file 'ref.txt' is empty" in explorer.displayed_error
    assert_unchanged(explorer)


def test_scores_per_system_are_read_as_the_folder_loader_reads_them(explorer):
    scores = text(["system\tscore", "good.txt\t71.5", "weak\t12"])
    press_load(explorer, [("ref.txt", text(REF_A))],
               [("good.txt", text(SYSTEMS["good"])), ("weak.txt", text(SYSTEMS["weak"]))], ("da.tsv", scores))
    assert explorer.displayed_error is None
    assert explorer.human.systems == {"good": 71.5, "weak": 12.0} and explorer.human.segments == {}
    assert explorer.displayed_human_score == 71.5 and explorer.displayed_human == []
    assert "human" not in explorer.sort_columns
    press_load(explorer, [("ref.txt", text(REF_A))], [("good.txt", text(SYSTEMS["good"]))],
               ("da.tsv", text(["good\t71.5", "other\t3"])))
    assert "'da.tsv' (one score per system)" in explorer.displayed_error and "other" in explorer.displayed_error
    assert explorer.displayed_source == "your files" and explorer.displayed_systems == ["good", "weak"]


def test_bad_scores_lines_and_file_names_are_messages(explorer):
    refs, good = [("ref.txt", text(REF_A))], [("good.txt", text(SYSTEMS["good"]))]
    press_load(explorer, refs, good, ("s.tsv", text(["good 1 -1", "good 9 -2"])))
    assert "line 2: segment id 9 is out of range" in explorer.displayed_error
    press_load(explorer, refs, good, ("s.tsv", text(["good 1 lots"])))
    assert "'lots' is not a number" in explorer.displayed_error
    press_load(explorer, refs, [("good.txt", b"x\n" * 6), ("good.txt", b"y\n" * 6)])
    assert "two system output files are both named 'good.txt'" in explorer.displayed_error
    press_load(explorer, refs, [(".hidden", b"x\n" * 6)])
    assert "starting with '.'" in explorer.displayed_error
    press_load(explorer, [("ref.txt", text(REF_A)), ("ref.text", text(REF_B))], good,
               ("s.tsv", text(["good 1 -1"])))
    assert "two reference files give the same name" in explorer.displayed_error
    assert_unchanged(explorer)


def test_file_names_and_messages_are_escaped(explorer):
    press_load(explorer, [("ref.txt", text(REF_A))], [("<b>bold<b>.txt", text(["<i>x</i>"] * 6))])
    assert explorer.displayed_systems == ["<b>bold<b>"]
    explorer.select_segment(0)
    shown = explorer.summary_area.value + explorer.table_area.value + explorer.sentence_area.value
    assert "<b>bold" not in shown and "&lt;b&gt;bold&lt;b&gt;" in shown and "<i>" not in shown
    press_load(explorer, [("<script>.txt", text(REF_A[:2]))], [("x.txt", text(REF_A))])
    assert "<script>" in explorer.displayed_error and "<script" not in explorer.error_area.value


def test_an_upload_reads_as_the_same_files_in_a_folder(tmp_path):
    files = {"references/ref.A.en": text(REF_A), "references/ref.B.en": text(REF_B),
             "systems/out.good.en": text(SYSTEMS["good"], end="\r\n"), "systems/out.weak.en": text(SYSTEMS["weak"]),
             "seg_scores.tsv": segment_score_file(SEGMENT_SCORES, names={"weak": "out.weak.en"})}
    for rel, content in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(content)
    from_folder = CorpusExplorer.from_folder(tmp_path, system="weak")
    uploaded = load_uploaded([(r.split("/")[1], files[r]) for r in files if r.startswith("references/")],
                             [(s.split("/")[1], files[s]) for s in files if s.startswith("systems/")],
                             ("seg_scores.tsv", files["seg_scores.tsv"]))
    # the upload is the loaders' own test set, as the folder's is
    assert uploaded.systems == from_folder.systems
    assert [list(segment) for segment in zip(*uploaded.references.values())] == from_folder.references
    assert uploaded.scores["human"].segments == from_folder.human.segments == SEGMENT_SCORES
    assert from_folder.displayed_score == bx.explain_corpus(SYSTEMS["weak"], SEGMENT_REFS).score


def test_uploaded_files_reads_what_the_widget_gives():
    assert uploaded_files(upload_value(("a.txt", b"one\n"))) == [("a.txt", b"one\n")]
    assert uploaded_files(()) == []
    with pytest.raises(BleuInputError, match="'name' and 'content'"):
        uploaded_files(["a.txt"])
    with pytest.raises(BleuInputError, match="must be bytes"):
        uploaded_files([{"name": "a.txt", "content": "one"}])
