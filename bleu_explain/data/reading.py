"""The one reader of users' texts: a file's bytes to text to lines, with the same rules and the same one-line
messages wherever a text comes in (the command line, ``bleu-explain doctor``, the data loaders, and the live
page's text boxes, whose texts need no decoding but follow the rest).

* **Encoding.** A byte-order mark names a file's encoding. UTF-8 is read with or without one (the mark is
  kept as the first character, as sacreBLEU's command line keeps it, unless the caller drops it). A UTF-16 or
  UTF-32 mark is read only when the caller was told so (``-e utf-16``); else it is refused by name, with what
  to do. A file without a mark is read in the encoding given (UTF-8 by default), except that a file with no
  NUL byte is not UTF-16 or UTF-32 text (their line ends hold one): given ``-e utf-16``, such a file is read
  as UTF-8, so that a UTF-8 reference beside a UTF-16 hypothesis is not garbled.
* **Characters.** A NUL character, or a control character that is neither white space nor a line end (what
  no text holds, and what the tools treat differently), is refused with its line; so is UTF-16 or UTF-32
  text without a byte-order mark, which reads as UTF-8 with a NUL in every other byte.
* **Lines.** Split at ``\\n`` only (a form feed or U+2028 stays inside its line, as in sacreBLEU); a final
  line end ends the last line rather than starting an empty one; a ``\\r`` before the ``\\n`` is dropped
  unless the caller keeps lines whole (the doctor looks at it).
* **Limits** (:mod:`bleu_explain.engine.limits`): a file past :data:`~bleu_explain.engine.limits.MAX_FILE_BYTES`
  (a ``.gz`` file's decompressed size, counted while decompressing), more than
  :data:`~bleu_explain.engine.limits.MAX_LINES` lines or a line longer than
  :data:`~bleu_explain.engine.limits.MAX_LINE_CHARACTERS` is refused.

Every refusal is a :class:`~bleu_explain.engine.errors.BleuInputError` of one line that names the file (as the
caller calls it: ``where``) and, where the problem is in one place, the line:

>>> decode(b"\\xff\\xfeh\\x00i\\x00", "system output file 'hyp.txt'", option="-e")
Traceback (most recent call last):
...
bleu_explain.engine.errors.BleuInputError: system output file 'hyp.txt' is UTF-16 (it starts with a UTF-16 LE byte-order mark): save it as UTF-8, or pass -e utf-16
>>> decode(b"\\xff\\xfeh\\x00i\\x00", "system output file 'hyp.txt'", "utf-16"), split_lines("a\\r\\nb\\u2028c\\n", "x")
('hi', ['a', 'b\\u2028c'])
"""

from __future__ import annotations

import codecs
import os
import re
from typing import BinaryIO, Callable, Optional, Union

from ..engine.errors import BleuInputError
from ..engine.limits import MAX_FILE_BYTES, MAX_LINE_CHARACTERS, MAX_LINES, size_in_words

PathLike = Union[str, "os.PathLike[str]"]

#: Byte-order marks, longest first (UTF-32 LE's begins with UTF-16 LE's): (mark, encoding, byte order).
BYTE_ORDER_MARKS = ((codecs.BOM_UTF32_LE, "UTF-32", "LE"), (codecs.BOM_UTF32_BE, "UTF-32", "BE"),
                    (codecs.BOM_UTF8, "UTF-8", ""), (codecs.BOM_UTF16_LE, "UTF-16", "LE"),
                    (codecs.BOM_UTF16_BE, "UTF-16", "BE"))
#: Control characters no text holds: C0 controls but the white space (tab, line and form feed, vertical tab,
#: carriage return, and U+001C-U+001F, white space to Python), and DEL.
CONTROL = re.compile("[\x00-\x08\x0e-\x1b\x7f]")
#: How many bytes are looked at to tell UTF-16 text without a byte-order mark.
_SNIFFED = 1 << 16


def read_lines(path: PathLike, where: str, encoding: Optional[str] = None, *, option: Optional[str] = None,
               keep_cr: bool = False, keep_bom: bool = True) -> list[str]:
    """A file's lines: :func:`read_bytes`, :func:`decode`, :func:`split_lines`. ``where`` names the file in
    messages ("system output file 'hyp.txt'"); ``option`` is the caller's option that gives an encoding (the
    command line's ``-e``), if it has one."""
    text = decode(read_bytes(path, where), where, encoding, option=option)
    return split_lines(text, where, keep_cr=keep_cr, keep_bom=keep_bom)


def read_bytes(path: PathLike, where: str) -> bytes:
    """A file's bytes (a ``.gz`` file's decompressed), refused past :data:`MAX_FILE_BYTES`."""
    try:
        with open(path, "rb") as fh:
            if os.fspath(path).endswith(".gz"):
                return _gunzipped(fh, where)
            if os.fstat(fh.fileno()).st_size > MAX_FILE_BYTES:
                raise BleuInputError(_too_large(where, "holds"))
            data = fh.read(MAX_FILE_BYTES + 1)  # (a pipe or a device has no size to look at first)
    except FileNotFoundError:
        raise BleuInputError(f"cannot read {where}: it does not exist") from None
    except IsADirectoryError:
        raise BleuInputError(f"cannot read {where}: it is not a file (a folder)") from None
    except OSError as exc:
        raise BleuInputError(f"cannot read {where}: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise BleuInputError(_too_large(where, "holds"))
    return data


def read_stream(stream: BinaryIO, where: str) -> bytes:
    """What a stream (standard input) holds, refused past :data:`MAX_FILE_BYTES`."""
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise BleuInputError(_too_large(where, "holds"))
    return data


def _gunzipped(fh: BinaryIO, where: str) -> bytes:
    """A gzip file decompressed, stopping as soon as it passes the limit (a small file can inflate to terabytes)."""
    import gzip
    import zlib

    try:
        with gzip.GzipFile(fileobj=fh) as unzipped:
            data = unzipped.read(MAX_FILE_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise BleuInputError(f"{where} is not a whole gzip file ({exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise BleuInputError(_too_large(where, "decompresses to"))
    return data


def _too_large(where: str, verb: str) -> str:
    return (f"{where} {verb} more than {size_in_words(MAX_FILE_BYTES)}, the most a file may hold (see "
            "bleu_explain.engine.limits); split it, or check that it is the text file meant")


def decode(data: bytes, where: str, encoding: Optional[str] = None, *, option: Optional[str] = None) -> str:
    """A file's text: its encoding read off its byte-order mark or given (UTF-8 by default), its characters
    checked (:func:`check_characters`)."""
    given = encoding or "utf-8"
    family = _codec_name(given, option)
    wide = family.startswith(("utf-16", "utf-32"))
    mark = next(((m, name, order) for m, name, order in BYTE_ORDER_MARKS if data.startswith(m)), None)
    if mark is not None and mark[1] != "UTF-8":
        _, name, order = mark
        if not wide:
            remedy = f"pass {option} {name.lower()}" if option else f"convert it (iconv -f {name} -t UTF-8)"
            raise BleuInputError(f"{where} is {name} (it starts with a {name} {order} byte-order mark): save it as "
                                 f"UTF-8, or {remedy}")
        codec = name.lower()  # the codec reads the mark, and the byte order from it
    elif mark is not None:
        codec = given if family.startswith("utf-8") else "utf-8"  # (utf-8-sig, if given, drops the mark)
    elif wide and b"\x00" not in data:
        codec = "utf-8"  # given UTF-16/32, a file that is not (no NUL byte)
    else:
        codec = given
        if not wide:
            _refuse_wide_text_without_mark(data, where, option)
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        shown = encoding if codec == given and encoding else "UTF-8" if codec == "utf-8" else codec
        remedy = f"or pass {option} with its encoding" if option else "e.g. iconv -f latin1 -t utf-8"
        raise BleuInputError(f"{where} is not valid {shown}: undecodable byte at line {line} (0x{data[exc.start]:02x}); "
                             f"save it as UTF-8 ({remedy})") from None
    check_characters(text, where)
    return text


def _codec_name(encoding: str, option: Optional[str]) -> str:
    """Python's name of an encoding (``UTF8`` is ``utf-8``), or the refusal of one it does not know."""
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        raise BleuInputError(f"unknown encoding {encoding!r}" + (f" ({option})" if option else "")) from None


def _refuse_wide_text_without_mark(data: bytes, where: str, option: Optional[str]) -> None:
    """UTF-16 text without a byte-order mark reads as UTF-8 with a NUL in every other byte: say what it is."""
    sample = data[:_SNIFFED]
    if b"\x00" not in sample or len(sample) < 4:
        return
    even, odd = sample[0::2], sample[1::2]
    for order, zeros, others in (("LE", odd, even), ("BE", even, odd)):
        if zeros.count(0) >= 0.9 * len(zeros) and others.count(0) <= 0.1 * len(others):
            codec = f"utf-16-{order.lower()}"
            remedy = f"pass {option} {codec}" if option else f"convert it (iconv -f {codec.upper()} -t UTF-8)"
            raise BleuInputError(f"{where} looks like UTF-16 {order} without a byte-order mark (a NUL in every other "
                                 f"byte): save it as UTF-8, or {remedy}")


def check_characters(text: str, where: str) -> None:
    """Refuse a NUL or a control character that no text holds, naming the line (and the column)."""
    found = CONTROL.search(text)
    if found is None:
        return
    at = found.start()
    line = text.count("\n", 0, at) + 1
    column = at - text.rfind("\n", 0, at)
    if found.group() == "\x00":
        raise BleuInputError(f"{where}, line {line}: a NUL character (U+0000), which no text holds: is it a binary "
                             "file, or UTF-16/UTF-32 saved without a byte-order mark?")
    raise BleuInputError(f"{where}, line {line}, column {column}: control character U+{ord(found.group()):04X}, "
                         "which is not text and which BLEU's tools treat differently: remove it")


def split_lines(text: str, where: str, *, keep_cr: bool = False, keep_bom: bool = True) -> list[str]:
    """A text's lines, split at ``\\n`` only; a ``\\r`` before the ``\\n`` dropped unless ``keep_cr``; a
    byte-order mark at the start dropped unless ``keep_bom``. Refused past the line limits."""
    if not keep_bom and text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if len(lines) > MAX_LINES:
        raise BleuInputError(f"{where} has {len(lines):,} lines, more than the {MAX_LINES:,} a file may have (see "
                             "bleu_explain.engine.limits); split it")
    if lines and max(map(len, lines)) > MAX_LINE_CHARACTERS:
        number = next(i for i, line in enumerate(lines, 1) if len(line) > MAX_LINE_CHARACTERS)
        raise BleuInputError(f"{where}, line {number}: {len(lines[number - 1]):,} characters, more than the "
                             f"{MAX_LINE_CHARACTERS:,} a line may have: is it one segment a line?")
    if keep_cr or "\r" not in text:
        return lines
    return [line[:-1] if line.endswith("\r") else line for line in lines]


#: White space every tool agrees on; the Perl presets strip only these from the end of a line.
_ASCII_SPACE = " \t\n\r\x0b\x0c"


def trailing_space_stripper(whitespace_rule: str) -> Callable[[str], str]:
    """What the command line takes off the end of each line before scoring: sacreBLEU's ``str.rstrip()`` for the
    Python white-space rule, ASCII white space only for the Perl ones (the command line and a receipt read
    lines alike).

    >>> trailing_space_stripper("python")("a b\u3000 "), trailing_space_stripper("perl")("a b\u3000 ")
    ('a b', 'a b\u3000')
    """
    if whitespace_rule == "python":
        return str.rstrip
    return lambda line: line.rstrip(_ASCII_SPACE)
