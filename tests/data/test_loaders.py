"""Loaders for real data, on small fixtures written here (no network)."""

from __future__ import annotations

import urllib.error
from pathlib import Path

import pytest

from bleu_explain.analysis.systems import system_table
from bleu_explain.data.corpus import TeachingCorpus
from bleu_explain.data.loaders import (
    load_sacrebleu_testset,
    load_text_files,
    load_wmt_folder,
    read_human_scores,
    read_lines,
    system_names_from_files,
)
from bleu_explain.engine.errors import BleuInputError

REFS_A = ["The cat sat on the mat.", "It rained all day in Zürich.", "Prices rose 3.5% in May."]
REFS_B = ["A cat was sitting on the mat.", "It was raining the whole day in Zürich.", "In May prices went up 3.5%."]
SYS_1 = ["cat sit on mat", "It rain all day in Zurich.", "Price rise 3.5% May."]
SYS_2 = ["The cat sat on a mat.", "It rained the whole day in Zürich.", "Prices rose by 3.5% in May."]


def write(path: Path, lines, newline="\n", encoding="utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(newline.join(lines).encode(encoding) + newline.encode(encoding))
    return path


# ---------------------------------------------------------------------- plain text
def test_load_text_files(tmp_path):
    refs = [write(tmp_path / "ref.a.txt", REFS_A), write(tmp_path / "ref.b.txt", REFS_B)]
    corpus = load_text_files(refs, {"weak": write(tmp_path / "s1.txt", SYS_1), "good": write(tmp_path / "s2.txt", SYS_2)},
                             source=write(tmp_path / "src.txt", ["猫坐在垫子上。", "苏黎世下了一整天雨。", "五月物价上涨3.5%。"]),
                             name="tiny")
    assert isinstance(corpus, TeachingCorpus)
    assert len(corpus) == 3 and corpus.n_references == 2
    assert corpus.references[1] == [REFS_A[1], REFS_B[1]]
    assert corpus.system_names == ["weak", "good"]
    assert corpus.sources[0] == "猫坐在垫子上。"
    assert corpus.metadata["name"] == "tiny"
    table = system_table(corpus)
    assert table.loc["good", "BLEU"] > table.loc["weak", "BLEU"]


def test_systems_as_a_list_are_named_after_their_files(tmp_path):
    corpus = load_text_files(write(tmp_path / "ref.txt", REFS_A),
                             [write(tmp_path / "newstest.base.en", SYS_1), write(tmp_path / "newstest.big.en", SYS_2)])
    assert corpus.system_names == ["base", "big"]
    assert corpus.n_references == 1


def test_crlf_bom_and_final_newline(tmp_path):
    p = tmp_path / "crlf.txt"
    p.write_bytes(b"\xef\xbb\xbfone\r\ntwo\r\n")
    assert read_lines(p) == ["one", "two"]
    q = tmp_path / "no_final_newline.txt"
    q.write_bytes("a\nb".encode())
    assert read_lines(q) == ["a", "b"]
    r = tmp_path / "blank_lines.txt"
    r.write_bytes(b"a\n\nb\n")
    assert read_lines(r) == ["a", "", "b"]  # an empty segment is a segment
    s = tmp_path / "separator.txt"
    s.write_bytes("a\u2028b\nc\n".encode())
    assert read_lines(s) == ["a\u2028b", "c"]  # only \n ends a line


def test_non_utf8_is_a_clear_error(tmp_path):
    bad = write(tmp_path / "latin1.txt", ["fine", "caf\u00e9"], encoding="latin-1")
    with pytest.raises(BleuInputError, match=r"'latin1.txt' is not valid UTF-8: undecodable byte at line 2"):
        load_text_files(bad, [write(tmp_path / "s.txt", ["a", "b"])])


def test_line_count_mismatch_is_named(tmp_path):
    with pytest.raises(BleuInputError, match=r"same number of lines .*system short: 2"):
        load_text_files(write(tmp_path / "ref.txt", REFS_A), {"short": write(tmp_path / "s.txt", SYS_1[:2])})


def test_missing_and_empty_files(tmp_path):
    with pytest.raises(BleuInputError, match="does not exist"):
        load_text_files(tmp_path / "nope.txt", {"s": tmp_path / "s.txt"})
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(BleuInputError, match="is empty"):
        read_lines(empty)
    with pytest.raises(BleuInputError, match="not a file"):
        read_lines(tmp_path)
    with pytest.raises(BleuInputError, match="at least one reference"):
        load_text_files([], {"s": write(tmp_path / "s.txt", SYS_1)})


def test_system_names_from_files():
    assert system_names_from_files(["newstest2017.online-A.0.en-fi", "newstest2017.uedin-nmt.4893.en-fi"]) == [
        "online-A.0", "uedin-nmt.4893"]
    assert system_names_from_files(["a.txt", "b.txt"]) == ["a", "b"]
    with pytest.raises(BleuInputError, match="same system name"):
        system_names_from_files(["x.txt", "x.out"])


# ---------------------------------------------------------------------- WMT-style folder
def make_wmt_folder(root: Path, scores: str | None = "system\tz\nnewstest.weak.en-de\t-0.4\nnewstest.good.en-de\t0.3\n"):
    write(root / "references" / "newstest.ref-A.en-de", REFS_A)
    write(root / "references" / "newstest.ref-B.en-de", REFS_B)
    write(root / "systems" / "newstest.weak.en-de", SYS_1)
    write(root / "systems" / "newstest.good.en-de", SYS_2)
    write(root / "source.txt", ["s1", "s2", "s3"])
    (root / "systems" / ".hidden").write_text("ignored\n")
    if scores is not None:
        (root / "human_scores.tsv").write_text(scores, encoding="utf-8")
    return root


def test_load_wmt_folder(tmp_path):
    corpus = load_wmt_folder(make_wmt_folder(tmp_path / "wmt"))
    assert isinstance(corpus, TeachingCorpus)
    assert corpus.system_names == ["good", "weak"]  # files in name order, common parts dropped
    assert corpus.n_references == 2 and corpus.references[0] == [REFS_A[0], REFS_B[0]]
    assert corpus.sources == ["s1", "s2", "s3"]
    assert corpus.human_scores == {"good": 0.3, "weak": -0.4}
    table = system_table(corpus)
    assert table.loc["weak", "human_score"] == -0.4
    assert corpus.metadata["name"] == "wmt"


def test_wmt_folder_human_scores_must_name_systems(tmp_path):
    root = make_wmt_folder(tmp_path / "wmt", scores="good\t0.3\nonline-Z\t0.1\n")
    with pytest.raises(BleuInputError, match=r"scores \['online-Z'\], which are not among the systems"):
        load_wmt_folder(root)


def test_wmt_folder_without_scores_and_errors(tmp_path):
    corpus = load_wmt_folder(make_wmt_folder(tmp_path / "plain", scores=None))
    assert corpus.human_scores is None
    (tmp_path / "empty").mkdir()
    with pytest.raises(BleuInputError, match="has no references/ folder"):
        load_wmt_folder(tmp_path / "empty")
    with pytest.raises(BleuInputError, match="is not a folder"):
        load_wmt_folder(tmp_path / "missing")


def test_read_human_scores_errors(tmp_path):
    p = tmp_path / "s.tsv"
    p.write_text("a\t1\nb\tlots\n")
    with pytest.raises(BleuInputError, match="line 2: 'lots' is not a number"):
        read_human_scores(p)
    p.write_text("a 1\n")
    with pytest.raises(BleuInputError, match="system<TAB>score"):
        read_human_scores(p)
    p.write_text("a\t1\na\t2\n")
    with pytest.raises(BleuInputError, match="scored twice"):
        read_human_scores(p)
    p.write_text("a\tnan\n")
    with pytest.raises(BleuInputError, match="not a finite number"):
        read_human_scores(p)


# ---------------------------------------------------------------------- sacreBLEU test sets
@pytest.fixture
def sacrebleu_cache(tmp_path, monkeypatch):
    """Point sacreBLEU's wmt17 data at an empty temporary folder and make any download fail."""
    import sacrebleu.dataset.base as base
    from sacrebleu.dataset import DATASETS

    def no_network(*args, **kwargs):
        raise urllib.error.URLError("no network in tests")

    monkeypatch.setattr(base, "download_file", no_network)
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    dataset = DATASETS["wmt17"]
    monkeypatch.setattr(dataset, "_outdir", str(tmp_path / "wmt17"))
    monkeypatch.setattr(dataset, "_rawdir", str(tmp_path / "wmt17" / "raw"))
    return tmp_path / "wmt17"


def test_sacrebleu_testset_offline_is_a_clear_error(sacrebleu_cache):
    with pytest.raises(BleuInputError) as info:
        load_sacrebleu_testset("wmt17", "en-fi")
    message = str(info.value)
    assert "sacrebleu -t wmt17 -l en-fi --echo src" in message
    assert "URLError" in message and "SACREBLEU" in message and "load_text_files" in message


def test_sacrebleu_testset_from_the_cache(sacrebleu_cache):
    # sacreBLEU's processed files, as its downloader leaves them
    folder = sacrebleu_cache
    write(folder / "wmt17.en-fi.src", ["The cat sat.", "It rained."])
    write(folder / "wmt17.en-fi.ref", ["Kissa istui.", "Satoi."])
    write(folder / "wmt17.en-fi.docid", ["doc1", "doc1"])
    write(folder / "wmt17.en-fi.genre", ["news", "news"])
    write(folder / "wmt17.en-fi.origlang", ["en", "en"])
    corpus = load_sacrebleu_testset("wmt17", "en-fi", systems={"mine": ["Kissa istui.", "Sataa."]})
    assert isinstance(corpus, TeachingCorpus)
    assert corpus.sources == ["The cat sat.", "It rained."]
    assert corpus.references == [["Kissa istui."], ["Satoi."]]
    assert corpus.docs == ["doc1", "doc1"]
    assert corpus.metadata["target_language"] == "fi"
    assert corpus.system_names == ["mine"]
    with pytest.raises(BleuInputError, match="same number of lines"):
        load_sacrebleu_testset("wmt17", "en-fi", systems={"mine": ["only one line"]})


def test_sacrebleu_testset_names_are_checked():
    with pytest.raises(BleuInputError, match="no test set named 'wmt71'.*did you mean"):
        load_sacrebleu_testset("wmt71", "en-fi")
    with pytest.raises(BleuInputError, match="has no language pair 'fi-xx'"):
        load_sacrebleu_testset("wmt17", "fi-xx")
