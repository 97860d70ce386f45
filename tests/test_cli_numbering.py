"""One numbering for people: segments, lines and tokens from 1 in every text the command line prints (--explain,
the doctor's report and its --score evidence), and a forgotten -i named as such."""

from __future__ import annotations

import json
import re

import pytest

from bleu_explain.cli import main


@pytest.fixture()
def files(tmp_path):
    """Two segments: the second differs in case only at its first token, so that lowercasing first changes it."""
    (tmp_path / "hyp.txt").write_text("a cat sat here\nThe dog ran off today\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("a cat sat there\nthe dog ran away today\n", encoding="utf-8")
    (tmp_path / "one.txt").write_text("a cat sat here\n", encoding="utf-8")
    return tmp_path


def run(capsys, *args) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_explain_numbers_the_lowest_scoring_segments_from_1_as_their_lines(capsys, files):
    status, out, _ = run(capsys, files / "ref.txt", "-i", files / "hyp.txt", "--explain", "-f", "text")
    headers = re.findall(r"--- segment (\d+), line (\d+) of the files", out)
    assert status == 0 and sorted(headers) == [("1", "1"), ("2", "2")]
    assert "segment 0" not in out


def test_sentence_level_explain_labels_each_line(capsys, files):
    status, out, _ = run(capsys, files / "ref.txt", "-i", files / "hyp.txt", "-sl", "--explain")
    assert status == 0 and re.findall(r"--- segment (\d+), line \d+ of the files ---", out) == ["1", "2"]


def test_the_doctors_score_evidence_numbers_segments_from_1(capsys, files):
    status, out, _ = run(capsys, files / "ref.txt", "-i", files / "hyp.txt", "-lc", "-b", "-w", "2")
    printed = out.strip()
    status, out, _ = run(capsys, "doctor", files / "ref.txt", "-i", files / "hyp.txt", "--score", printed, "--json")
    differences = [m["difference"] for m in json.loads(out)["matches"] if m["difference"].startswith("tokens")]
    assert status == 0 and differences
    assert all("segment 2's candidate's token 1 is 'the'" in d for d in differences), differences


def test_the_doctors_lines_are_numbered_from_1(capsys, files):
    (files / "blank.txt").write_text("a cat sat here\n\n", encoding="utf-8")
    status, out, _ = run(capsys, "doctor", files / "ref.txt", "-i", files / "blank.txt")
    assert "empty-segments" in out and re.search(r"lines: 2\b", out) and status == 0  # a warning: exit 0


def test_a_forgotten_i_is_named(capsys, files, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"")))
    status, out, err = run(capsys, files / "hyp.txt", files / "one.txt")
    assert status == 1 and out == "" and err.count("\n") == 1
    assert "has 2 lines but system output 'System 1' has 1" in err and "did you mean -i?" in err
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"a cat sat here\n")))
    status, _, err = run(capsys, files / "ref.txt", "-i", files / "one.txt")
    assert status == 1 and "did you mean -i?" not in err  # -i given: the line counts differ, nothing more
