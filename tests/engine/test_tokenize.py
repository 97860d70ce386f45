"""Tokenizers: ours against sacreBLEU's own (real text, random text, every code point), the white-space
rules of the Perl tools, scoring without sacreBLEU, and the extras' tokenizers and their errors."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import textwrap

import pytest
from conftest import count_oracle, wmt21_folder
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

import bleu_explain as bx
from bleu_explain.engine.errors import BleuInputError, MissingDependencyError
from bleu_explain.engine.tokenize import Tokenizer13a, make_tokenizer, sacrebleu_tokenizer, tokenizer_signature
from bleu_explain.engine.tokenizers import PURE_PYTHON, get_tokenizer

#: The tokenizers whose output is sacreBLEU's, written here in plain Python.
SACREBLEU_PURE = ("13a", "intl", "zh", "char", "none")

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


@functools.cache
def _sacrebleu(name: str):
    from sacrebleu.metrics.bleu import _get_tokenizer

    return _get_tokenizer(name)()


@functools.cache
def _sacrebleu_counts(name: str, lowercase: bool):
    """What sacreBLEU's BLEU counts for a line: its own preprocessing (lowercase, rstrip, tokenize), split."""
    from sacrebleu.metrics import BLEU

    bleu = BLEU(tokenize=name, lowercase=lowercase)
    return lambda line: bleu._preprocess_segment(line).split()


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


@pytest.mark.slow  # every line of every WMT21 file (sources, references, all systems; English, German, Chinese)
@pytest.mark.parametrize("name", ["intl", "zh", "char", "none"])
def test_pure_python_tokenizers_equal_sacrebleus_on_real_test_sets(name):
    lines = _wmt_lines()
    ours, theirs = get_tokenizer(name), _sacrebleu(name)
    assert len(lines) > 50_000
    assert [line for line in lines if ours(line) != theirs(line)] == []
    for lowercase in (False, True):  # what BLEU counts, through the engine's path and sacreBLEU's
        counted, sacre_counted = make_tokenizer(name, lowercase), _sacrebleu_counts(name, lowercase)
        assert [line for line in lines if counted(line) != sacre_counted(line)] == []
    count_oracle("sacrebleu")


# Any character of the Basic Multilingual Plane (surrogates and unassigned code points too), mixed with
# the characters the rules look at: digits, ASCII punctuation and symbols, white space, entities.
RULE_CHARS = list("0123456789.,-'\"$%&;:<>()[]{}!?/@#*+=^_`|~ \t\n") + ["&quot;", "&amp;", "&lt;", "&gt;",
                                                                       "<skipped>", "\u00a0", "\u3000"]
bmp_texts = st.lists(st.one_of(st.characters(max_codepoint=0xFFFF, exclude_categories=()),
                               st.sampled_from(RULE_CHARS)), max_size=40).map("".join)


def _unicode_version_gap() -> dict[int, None]:
    """The characters whose N/P/S class differs between the regex module and unicodedata (see below)."""
    regex = pytest.importorskip("regex", reason="sacreBLEU's intl tokenizer is written with the regex module")
    return {ord(ch): None for ch in _class_differences(regex, 0xFFFF)}


def _class_differences(regex, last: int) -> dict[str, tuple[str, str]]:
    """Code point -> (its unicodedata category, whether regex calls it assigned) where N/P/S membership differs."""
    import re
    import unicodedata

    from bleu_explain.engine.tokenizers.intl import unicode_classes

    everything = "".join(map(chr, range(last + 1)))
    ours = unicode_classes()
    differences = {}
    for major in "NPS":
        theirs = set(regex.findall(rf"\p{{{major}}}", everything))
        mine = set(re.findall(f"[{ours[major]}]", everything))
        for ch in theirs ^ mine:
            differences[ch] = (unicodedata.category(ch), "unassigned" if regex.match(r"\p{Cn}", ch) else "assigned")
    return differences


@settings(max_examples=examples(2000), deadline=None)
@given(text=bmp_texts)
def test_pure_python_tokenizers_equal_sacrebleus_on_any_bmp_text(text):
    text = text.translate(_GAP)  # characters the two Unicode versions classify differently: see the next test
    for name in SACREBLEU_PURE:
        assert get_tokenizer(name)(text) == _sacrebleu(name)(text), name
        for lowercase in (False, True):
            assert make_tokenizer(name, lowercase)(text) == _sacrebleu_counts(name, lowercase)(text), name


_GAP: dict[int, None] = {}


@pytest.fixture(autouse=True, scope="module")
def _version_gap():
    _GAP.update(_unicode_version_gap())


def test_intl_classes_differ_from_the_regex_modules_only_on_characters_one_unicode_version_lacks():
    """Every code point, N/P/S by unicodedata against sacreBLEU's regex module.

    The two carry their own Unicode database, and they disagree only on
    characters one of them does not assign yet. Measured: Python 3.11
    (Unicode 14.0) against regex 2026.11.15 (Unicode 17.0) differ on 1,516 code
    points, 47 of them in the BMP (e.g. U+20C1 SAUDI RIYAL SIGN, U+2427..U+2429,
    U+FBC3..U+FBD2), every one unassigned in Unicode 14.0 and a symbol,
    punctuation or number in 17.0; none occurs in the WMT21 test sets. With a
    newer Python the list shrinks.
    """
    regex = pytest.importorskip("regex", reason="sacreBLEU's intl tokenizer is written with the regex module")
    differences = _class_differences(regex, sys.maxunicode)
    unexplained = {f"U+{ord(ch):04X}": why for ch, why in differences.items()
                   if why[0] != "Cn" and why[1] != "unassigned"}
    assert unexplained == {}


def test_zh_treats_the_code_points_sacrebleu_does_as_chinese():
    from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

    from bleu_explain.engine.tokenizers.zh import is_chinese_char

    # the whole BMP, and a sample above it (sacreBLEU's table only compares with BMP characters)
    code_points = list(range(0x10000)) + list(range(0x10000, sys.maxunicode + 1, 97)) + [0x20000, 0x2A6D6, 0x2F800]
    differ = [f"U+{cp:04X}" for cp in code_points if is_chinese_char(chr(cp)) != TokenizerZh._is_chinese_char(chr(cp))]
    assert differ == []
    # sacreBLEU's quirk, kept: its bounds '\u20000'..'\u2a6d6' make curly quotes and arrows Chinese
    assert get_tokenizer("zh").tokens("“Hi”→") == _sacrebleu("zh")("“Hi”→").split() == ["“", "Hi", "”", "→"]


def test_tok_fields_are_sacrebleus_strings():
    from sacrebleu.metrics import BLEU

    for name in SACREBLEU_PURE:
        assert tokenizer_signature(name) == BLEU(tokenize=name).tokenizer_signature
        theirs = BLEU(tokenize=name)
        theirs.corpus_score(["the cat sat"], [["the cat sat on the mat"]])
        ours = bx.explain("the cat sat", ["the cat sat on the mat"], tokenize=name).signature
        assert ours == str(theirs.get_signature())
    count_oracle("sacrebleu", len(SACREBLEU_PURE))


def test_trailing_white_space_goes_before_tokenizing_as_in_sacrebleu():
    # sacreBLEU tokenizes line.rstrip(): a final "-\n" is a hyphen, not end-of-line hyphenation
    assert make_tokenizer("13a")("a b-\n") == _sacrebleu_counts("13a", False)("a b-\n") == ["a", "b-"]
    # and intl keeps a final "2021." whole unless white space follows it in the stripped line
    assert make_tokenizer("intl")("in 2021. ") == _sacrebleu_counts("intl", False)("in 2021. ") == ["in", "2021."]


def test_unknown_tokenizer_names_the_choices():
    with pytest.raises(BleuInputError, match="unknown tokenizer 'moses'.*13a, intl, zh"):
        get_tokenizer("moses")
    assert sacrebleu_tokenizer("13a") is get_tokenizer("13a")


# --------------------------------------------------------------------------- no sacreBLEU, no regex, no numpy
BLOCKED = ("sacrebleu", "regex", "numpy", "pandas", "matplotlib")
HYPS = ["The cat sat on the mat.", "猫坐在垫子上。", "Prices rose 3.5% in 2021.", "Tom &amp; Jerry"]
REFS = [["The cat is on the mat."], ["猫在垫子上。"], ["Prices rose by 3.5% in 2021."], ["Tom & Jerry"]]
SCORE_EVERYTHING = f"""
import json, sys
for name in {BLOCKED!r}:
    sys.modules[name] = None  # import fails, as where the package cannot be installed (e.g. Pyodide)
import bleu_explain as bx
from bleu_explain.engine.tokenizers import PURE_PYTHON
out = []
for preset in sorted(bx.PRESETS):
    for tok in PURE_PYTHON:
        corpus = bx.explain_corpus({HYPS!r}, {REFS!r}, preset=preset, tokenize=tok)
        sentence = bx.explain({HYPS[0]!r}, {REFS[0]!r}, preset=preset, tokenize=tok)
        out.append([preset, tok, corpus.score, sentence.score, corpus.signature.format()])
loaded = sorted(name for name in sys.modules if name.split(".")[0] in {BLOCKED!r} and sys.modules[name] is not None)
print(json.dumps({{"results": out, "loaded": loaded}}))
"""


def test_every_preset_and_pure_python_tokenizer_scores_without_sacrebleu_regex_numpy_pandas_matplotlib():
    run = subprocess.run([sys.executable, "-c", SCORE_EVERYTHING], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    child = json.loads(run.stdout)
    assert child["loaded"] == []
    # the same scores as with everything installed, and the signatures too (sacreBLEU's version aside)
    from bleu_explain.engine.signature import VERIFIED_SACREBLEU_VERSION

    expected = []
    for preset in sorted(bx.PRESETS):
        for tok in PURE_PYTHON:
            corpus = bx.explain_corpus(HYPS, REFS, preset=preset, tokenize=tok)
            sentence = bx.explain(HYPS[0], REFS[0], preset=preset, tokenize=tok)
            signature = corpus.signature
            if "eff" in signature.fields:  # sacreBLEU's own fields: the version is the verified one
                signature = type(signature)([(k, VERIFIED_SACREBLEU_VERSION if k == "version" else v)
                                             for k, v in signature.fields.items()], signature.preset)
            expected.append([preset, tok, corpus.score, sentence.score, signature.format()])
    assert child["results"] == expected
    assert len(expected) == len(bx.PRESETS) * len(PURE_PYTHON) >= 36


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
