"""Tokenizers: the fast 13a against sacreBLEU's own, and the white-space rules of the Perl tools."""

from __future__ import annotations

import pytest
from conftest import wmt21_folder
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

from bleu_explain.engine.tokenize import Tokenizer13a, make_tokenizer

# Characters that the 13a rules treat specially, plus letters, digits, spaces and non-ASCII.
ALPHABET = list("aZ09 .,-'\"&;<>()/:@[]`{}~!#$%*+=?\\^_|\t") + ["&quot;", "&amp;", "&lt;", "&gt;", "<skipped>",
                                                              "é", "猫", "\u00a0", "\u2028", "\x1f"]
texts = st.lists(st.sampled_from(ALPHABET), max_size=40).map("".join)


def _sacrebleu_13a():
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a as Theirs

    return Theirs()


@settings(max_examples=examples(2000), deadline=None)
@given(text=texts)
def test_fast_13a_equals_sacrebleu_13a(text):
    assert Tokenizer13a()(text) == _sacrebleu_13a()(text)


def _wmt_lines() -> list[str]:
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("real test sets not found: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    lines: list[str] = []
    for path in sorted(folder.glob("*/*")) + sorted(folder.glob("*/sys/*")):
        if path.is_file() and path.suffix in (".en", ".de", ".zh"):
            lines += path.read_text(encoding="utf-8").split("\n")
    return lines


@pytest.mark.slow  # 72,797 lines, through both tokenizers
def test_fast_13a_equals_sacrebleu_13a_on_real_test_sets():
    lines = _wmt_lines()
    theirs = _sacrebleu_13a()
    mismatches = [line for line in lines if Tokenizer13a()(line) != theirs(line)]
    assert len(lines) > 50_000 and mismatches == []


@pytest.mark.parametrize("text, python, perl, ascii_only", [
    # U+001F: a separator for Python's str.split, a letter for Perl's \s
    ("the\x1fcat", ["the", "cat"], ["the\x1fcat"], ["the\x1fcat"]),
    # no-break space, thin space, ideographic space, line separator, next line: white space in Perl's \s on
    # text (mteval) but bytes of a word for multi-bleu.perl, which reads bytes
    ("a\u00a0b", ["a", "b"], ["a", "b"], ["a\u00a0b"]),
    ("a\u2009b", ["a", "b"], ["a", "b"], ["a\u2009b"]),
    ("a\u3000b", ["a", "b"], ["a", "b"], ["a\u3000b"]),
    ("a\u2028b", ["a", "b"], ["a", "b"], ["a\u2028b"]),
    ("a\x85b", ["a", "b"], ["a", "b"], ["a\x85b"]),
    # ASCII white space is white space everywhere
    ("a\tb\x0bc\x0cd\re ", ["a", "b", "c", "d", "e"], ["a", "b", "c", "d", "e"], ["a", "b", "c", "d", "e"]),
    # a trailing U+001F is stripped by Python, kept by Perl
    ("a b\x1f", ["a", "b"], ["a", "b\x1f"], ["a", "b\x1f"]),
])
def test_whitespace_rules(text, python, perl, ascii_only):
    assert make_tokenizer("none")(text) == python
    assert make_tokenizer("none", whitespace="perl")(text) == perl
    assert make_tokenizer("none", whitespace="ascii")(text) == ascii_only


def test_placeholders_never_collide_with_the_text():
    # a line that already holds the first noncharacters still comes back exactly
    text = "\ufdd0 x\x1fy \ufdd1"
    assert make_tokenizer("none", whitespace="perl")(text) == ["\ufdd0", "x\x1fy", "\ufdd1"]
    assert make_tokenizer("13a", whitespace="perl")("a\x1fb.") == ["a\x1fb", "."]
