"""The one reader of users' files: encodings by byte-order mark, characters no text holds, limits, each refusal
one line naming the file and the line; and the command line, the doctor, the loaders and the live page's boxes
reading alike."""

from __future__ import annotations

import codecs
import gzip
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples, sentences

from bleu_explain.cli import main
from bleu_explain.data import reading
from bleu_explain.data.loaders import read_lines as loader_lines
from bleu_explain.display.html.live_state import box_lines
from bleu_explain.engine.errors import BleuInputError

TEXT = "der Hund bellt\nle chien aboie\n狗在叫\n"
WHERE = "system output file 'hyp.txt'"


def refused(data: bytes, encoding=None, option="-e") -> str:
    with pytest.raises(BleuInputError) as caught:
        reading.decode(data, WHERE, encoding, option=option)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(WHERE), message
    return message


@pytest.mark.parametrize("codec, name, order", [("utf-16-le", "UTF-16", "LE"), ("utf-16-be", "UTF-16", "BE"),
                                                ("utf-32-le", "UTF-32", "LE"), ("utf-32-be", "UTF-32", "BE")])
def test_utf16_and_utf32_are_named_by_their_byte_order_mark(codec, name, order):
    data = {"UTF-16": codecs.BOM_UTF16_LE if order == "LE" else codecs.BOM_UTF16_BE,
            "UTF-32": codecs.BOM_UTF32_LE if order == "LE" else codecs.BOM_UTF32_BE}[name] + TEXT.encode(codec)
    assert refused(data) == (f"{WHERE} is {name} (it starts with a {name} {order} byte-order mark): save it as "
                             f"UTF-8, or pass -e {name.lower()}")
    assert reading.decode(data, WHERE, name.lower()) == TEXT  # told so, it is read (the mark gives the order)
    assert reading.decode(data, WHERE, "utf-16" if name == "UTF-32" else "utf-32") == TEXT  # the mark decides


def test_without_an_encoding_option_the_message_says_how_to_convert():
    data = codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le")
    assert "convert it (iconv -f UTF-16 -t UTF-8)" in refused(data, option=None)


def test_utf8_is_read_with_or_without_its_mark():
    data = TEXT.encode("utf-8")
    assert reading.decode(data, WHERE) == TEXT
    assert reading.decode(codecs.BOM_UTF8 + data, WHERE) == "\ufeff" + TEXT  # kept, as sacreBLEU keeps it
    assert reading.decode(codecs.BOM_UTF8 + data, WHERE, "utf-16") == "\ufeff" + TEXT  # the mark decides
    assert reading.decode(codecs.BOM_UTF8 + data, WHERE, "utf-8-sig") == TEXT  # as asked: the mark dropped
    assert reading.split_lines("\ufeff" + TEXT, WHERE, keep_bom=False) == TEXT.splitlines()


@pytest.mark.parametrize("order", ["LE", "BE"])
def test_utf16_without_a_mark_is_named(order):
    message = refused(TEXT.encode(f"utf-16-{order.lower()}"))
    assert f"looks like UTF-16 {order} without a byte-order mark" in message
    assert message.endswith(f"pass -e utf-16-{order.lower()}")


def test_given_utf16_a_file_that_is_not_is_read_as_utf8():
    # a UTF-8 reference beside a UTF-16 hypothesis, both read with -e utf-16: the reference has no NUL byte,
    # which every UTF-16 text with a line end has
    assert reading.decode(TEXT.encode("utf-8"), WHERE, "utf-16") == TEXT
    assert reading.decode(TEXT.encode("utf-16"), WHERE, "utf-16") == TEXT


@pytest.mark.parametrize("data, words", [
    (b"one\ntwo\x00three\n", "system output file 'hyp.txt', line 2: a NUL character (U+0000)"),
    (b"\x00" * 64, "system output file 'hyp.txt', line 1: a NUL character (U+0000)"),
    (b"one\ntwo\nthr\x07ee\n", "system output file 'hyp.txt', line 3, column 4: control character U+0007"),
    (b"\x1b[31mred\x1b[0m\n", "system output file 'hyp.txt', line 1, column 1: control character U+001B"),
    (b"ok\n\x7f\n", "line 2, column 1: control character U+007F"),
])
def test_nul_and_control_characters_are_refused_with_their_line(data, words):
    assert words in refused(data)


@pytest.mark.parametrize("space", ["\t", "\x0b", "\x0c", "\r", "\x1c", "\x1f", "\u2028", "\u0085", "\u00a0"])
def test_white_space_and_separators_are_text(space):
    text = f"a{space}b\n"
    assert reading.decode(text.encode("utf-8"), WHERE) == text


def test_undecodable_bytes_name_the_file_the_line_and_the_byte():
    message = refused(b"ok\nok\ncaf\xe9\n")
    assert message.startswith(f"{WHERE} is not valid UTF-8: undecodable byte at line 3 (0xe9)")
    assert "pass -e with its encoding" in message
    assert reading.decode(b"caf\xe9\n", WHERE, "latin-1") == "caf\u00e9\n"
    assert "unknown encoding 'klingon' (-e)" in str(pytest.raises(BleuInputError, reading.decode, b"a", WHERE,
                                                                     "klingon", option="-e").value)


def test_gzip_is_read_and_refused_past_the_limit_as_it_decompresses(tmp_path, monkeypatch):
    path = tmp_path / "hyp.txt.gz"
    path.write_bytes(gzip.compress(TEXT.encode("utf-8")))
    assert reading.read_lines(path, WHERE) == TEXT.splitlines()
    monkeypatch.setattr(reading, "MAX_FILE_BYTES", 1 << 20)
    path.write_bytes(gzip.compress(b"a" * (1 << 22)))  # 4 KiB that inflate to 4 MiB
    with pytest.raises(BleuInputError) as caught:
        reading.read_lines(path, WHERE)
    assert str(caught.value).startswith(f"{WHERE} decompresses to more than 1 MiB, the most a file may hold")
    path.write_bytes(b"not gzip at all")
    assert "is not a whole gzip file" in str(pytest.raises(BleuInputError, reading.read_lines, path, WHERE).value)


def test_a_file_past_the_size_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(reading, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "hyp.txt"
    path.write_bytes(b"a b c\n" * 200)
    assert "holds more than 1,000 bytes" in str(pytest.raises(BleuInputError, reading.read_lines, path, WHERE).value)


def test_line_limits(monkeypatch):
    monkeypatch.setattr(reading, "MAX_LINE_CHARACTERS", 10)
    assert "line 2: 11 characters, more than the 10" in str(
        pytest.raises(BleuInputError, reading.split_lines, "short\n" + "x" * 11, WHERE).value)
    monkeypatch.setattr(reading, "MAX_LINES", 3)
    assert "has 4 lines, more than the 3" in str(pytest.raises(BleuInputError, reading.split_lines, "a\nb\nc\nd",
                                                                  WHERE).value)


def test_missing_files_and_folders(tmp_path):
    assert str(pytest.raises(BleuInputError, reading.read_lines, tmp_path / "nope.txt", WHERE).value) == \
        f"cannot read {WHERE}: it does not exist"
    assert "it is not a file" in str(pytest.raises(BleuInputError, reading.read_lines, tmp_path, WHERE).value)


@settings(max_examples=examples(100), deadline=None)
@given(lines=st.lists(sentences(), min_size=1, max_size=5), end=st.sampled_from(["\n", "\r\n"]),
       mark=st.booleans())
def test_every_door_reads_a_utf8_file_into_the_same_lines(tmp_path_factory, lines, end, mark):
    path = tmp_path_factory.mktemp("read") / "ref.txt"
    path.write_bytes((codecs.BOM_UTF8 if mark else b"") + "".join(line + end for line in lines).encode("utf-8"))
    kept = reading.read_lines(path, "reference file")
    assert kept == [("\ufeff" if mark and i == 0 else "") + line for i, line in enumerate(lines)]
    assert loader_lines(path) == lines  # the loaders drop the mark
    assert box_lines(path.read_text(encoding="utf-8")) == kept  # a box holds what the file holds
    assert reading.read_lines(path, "reference file", keep_cr=True) == [line + end[:-1] for line in kept]


# ---------------------------------------------------------------------- through the doors
def run_cli(capsys, *args) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def files(tmp_path):
    refs = ["the cat sat on the mat", "a dog barked at the postman", "it rained all day"]
    hyps = ["the cat sat on a mat", "a dog barked at a postman", "it rained all the day"]
    paths = {"ref": tmp_path / "ref.txt", "hyp": tmp_path / "hyp.txt", "hyp16": tmp_path / "hyp16.txt",
             "nul": tmp_path / "nul.txt", "ctrl": tmp_path / "ctrl.txt"}
    paths["ref"].write_text("\n".join(refs) + "\n", encoding="utf-8")
    paths["hyp"].write_text("\n".join(hyps) + "\n", encoding="utf-8")
    paths["hyp16"].write_bytes(("\n".join(hyps) + "\n").encode("utf-16"))  # with its mark
    paths["nul"].write_bytes(b"\x00" * 60)
    paths["ctrl"].write_bytes(b"the cat\nthe \x08dog\nrain\n")
    return paths


@pytest.mark.parametrize("command", [[], ["doctor"]], ids=["bleu-explain", "bleu-explain doctor"])
@pytest.mark.parametrize("name, message", [
    ("hyp16", "system output file '{path}' is UTF-16 (it starts with a UTF-16 LE byte-order mark): save it as "
              "UTF-8, or pass -e utf-16"),
    ("nul", "system output file '{path}', line 1: a NUL character (U+0000)"),
    ("ctrl", "system output file '{path}', line 2, column 5: control character U+0008"),
])
def test_the_command_line_and_the_doctor_say_it_in_one_line(capsys, files, command, name, message):
    status, out, err = run_cli(capsys, *command, files["ref"], "-i", files[name])
    assert status == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("bleu-explain: error: " + message.format(path=files[name]))


@pytest.mark.parametrize("doctor", [False, True], ids=["bleu-explain", "bleu-explain doctor"])
def test_e_utf16_reads_the_utf16_hypothesis_and_the_utf8_reference(capsys, files, doctor):
    head, tail = (["doctor"], ["--json"]) if doctor else ([], ["-b"])
    _, plain, _ = run_cli(capsys, *head, files["ref"], "-i", files["hyp"], *tail)
    status, wide, err = run_cli(capsys, *head, files["ref"], "-i", files["hyp16"], "-e", "utf-16", *tail)
    assert status == 0 and err == ""
    if doctor:
        assert json.loads(wide)["score"] == json.loads(plain)["score"] and json.loads(wide)["findings"] == []
    else:
        assert wide == plain and float(wide) > 0


def test_a_bad_score_is_refused_before_any_file_is_read(capsys, files, tmp_path):
    status, _, err = run_cli(capsys, "doctor", files["ref"], "-i", tmp_path / "missing.txt", "--score", "high")
    assert status == 1 and "is not a number as BLEU is printed" in err and "missing.txt" not in err
