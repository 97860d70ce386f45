"""Reading the files as sacreBLEU's command line reads them, with the one reader's rules.

* Files are read by :mod:`bleu_explain.data.reading` (as the doctor, the data
  loaders and the live page read theirs): UTF-8 by default, or the encoding
  ``-e`` gives, a byte-order mark naming a file's own (a UTF-8 one kept as the
  first character, as sacreBLEU keeps it); NUL and control characters refused
  with their line; a ``.gz`` file read through gzip, within the size limit.
* Files are split at ``\\n`` only (a form feed or U+2028 inside a line stays in
  it); standard input is read with universal newlines (``\\r\\n`` and a lone
  ``\\r`` end a line too).
* Each line loses its trailing white space (sacreBLEU's ``line.rstrip()``); for
  the Perl presets only ASCII white space, so that a character the Perl tool does
  not count as white space stays in the last token, as the tool keeps it.
* ``-nr N`` splits each reference line on tabs into N references; on standard
  input, tabs separate several systems.
* Nothing is truncated: counts that differ are refused (sacreBLEU refuses too).
"""

from __future__ import annotations

import re
import sys
from typing import Callable, Sequence

from ..data.reading import decode, read_lines, read_stream
from .options import EXIT_FIELDS, EXIT_INPUT, CliError


def file_lines(path: str, what: str, encoding: str, whole: bool = False) -> list[str]:
    """The lines of a file given on the command line (``what``: "reference", "system output"), split at
    ``\\n`` only, with a ``\\r`` before the ``\\n`` dropped unless ``whole`` (the doctor keeps lines whole)."""
    return read_lines(path, f"{what} file {path!r}", encoding, option="-e", keep_cr=whole)


def read_references(paths: Sequence[str], num_refs: int, encoding: str, strip: Callable[[str], str],
                    whole: bool = False) -> list[list[str]]:
    """The reference streams (one list per reference), as sacreBLEU builds them (``whole``: each line as the file
    holds it, as the doctor reads them)."""
    streams: list[list[str]] = [[] for _ in range(max(len(paths), num_refs))]
    for number, path in enumerate(paths):
        for lineno, line in enumerate(file_lines(path, "reference", encoding, whole), 1):
            line = strip(line)
            if num_refs == 1:
                streams[number].append(line)
                continue
            fields = line.split("\t", num_refs - 1)
            if len(fields) != num_refs:
                raise CliError(f"reference file {path!r}, line {lineno}: expected {num_refs} tab-separated "
                               f"references (-nr {num_refs}), found {len(fields)}", EXIT_FIELDS)
            for k, ref in enumerate(fields):
                streams[k].append(ref)
    return streams


def split_universal_newlines(text: str) -> list[str]:
    r"""Lines as Python's text files read them with universal newlines: ``\r\n``, ``\r`` and ``\n`` end a line.

    >>> split_universal_newlines("a\r\nb\rc\u2028d\n")
    ['a', 'b', 'c\u2028d']
    """
    lines = re.split(r"\r\n|\r|\n", text)
    if lines[-1] == "" and len(lines) > 1:
        lines.pop()
    return lines


def read_stdin_systems(encoding: str, strip: Callable[[str], str]) -> list[list[str]]:
    """Systems from standard input: one per tab-separated column; the first line says how many."""
    text = decode(read_stream(sys.stdin.buffer, "standard input"), "standard input", encoding, option="-e")
    lines = split_universal_newlines(text)
    # An empty input is one empty line (sacreBLEU reads the first line before looking further).
    systems = [[field] for field in strip(lines[0]).split("\t")]
    for lineno, line in enumerate(lines[1:], 2):
        fields = strip(line).split("\t")
        if len(fields) != len(systems):
            raise CliError(f"standard input, line {lineno}: {len(fields)} tab-separated systems, but the first "
                           f"line has {len(systems)}", EXIT_FIELDS)
        for system, sentence in zip(systems, fields):
            system.append(strip(sentence))
    return systems


def read_file_systems(paths: Sequence[str], encoding: str, strip: Callable[[str], str],
                      paired: bool) -> tuple[list[list[str]], list[str]]:
    """Systems from files, named by their paths; in a paired test the baseline given again is skipped."""
    systems: list[list[str]] = []
    names: list[str] = []
    for path in paths:
        if path in names:
            if paired and path == names[0]:
                continue  # sacreBLEU ignores the baseline given again
            raise CliError(f"{path!r} is given twice as a system; give each system once", EXIT_INPUT)
        systems.append([strip(line) for line in file_lines(path, "system output", encoding)])
        names.append(path)
    return systems, names
