"""The message catalogue (bleu_explain/messages): every message in English and Chinese, the Chinese written in Chinese,
the two with the same placeholders and the same markup; every key the package, the page's HTML and its JavaScript
say is in the catalogue, and every message of the page is said somewhere; the Chinese uses one term per concept
(the glossary's, docs/glossary.zh.md)."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import pytest

from bleu_explain.data.pathologies import PATHOLOGIES
from bleu_explain.engine.clipping import CLIPPED, CREDITED, NOT_IN_ANY_REFERENCE
from bleu_explain.engine.config import FIXED_BY_RULE, TOKENIZERS, WHITESPACE_RULES
from bleu_explain.engine.length import REF_LENGTH_RULES
from bleu_explain.engine.presets import PRESETS
from bleu_explain.engine.smoothing import SMOOTHING_METHODS
from bleu_explain.engine.steps import STEP_NAMES
from bleu_explain.messages import LOCALES, Message, Said, known_locale, localize, messages, say, text
from bleu_explain.messages.catalogue import placeholders

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bleu_explain"
WEB = ROOT / "web"
#: Chinese characters and Chinese punctuation.
CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")

#: The Latin-letter words the Chinese may keep: BLEU's terms as the paper's Chinese translation keeps them, the
#: names of tools, libraries, file formats and keys, and the formulas' words (log, exp, min); every setting, preset,
#: tokenizer and smoothing method keeps its name (the engine's lists are added below).
KEPT = {"BLEU", "BP", "n-gram", "gram", "unigram", "bigram", "sacreBLEU", "NLTK", "mteval", "multi-bleu", "perl", "pl",
        "Perl", "Hugging", "Face", "evaluate", "tensorflow", "nmt", "torchmetrics", "d2l", "bleu", "Python", "Pyodide",
        "MeCab", "SentencePiece", "Jupyter", "GitHub", "Pages", "UTF", "ASCII", "Ctrl", "Tab", "MB", "CWMT", "NIST",
        "Lin", "Och", "Papineni", "log", "exp", "min", "ln", "float", "info", "sys", "geo_mean", "numerator", "http",
        "server", "bind", "site", "python", "html", "live", "live.html", "BLEUScore", "bleu_score", "sentence_bleu",
        "corpus_bleu", "compute_bleu", "pred_seq", "label_seq", "len_pred", "str", "split", "smooth", "True",
        "effective_order", "auto_reweigh", "max_order", "smooth_value", "weights", "segment", "locale", "compare",
        "preset", "nan", "inf", "float32", "Illegal", "division", "by", "zero", "c", "U", "N", "k", "lang", "true",
        "false", "explain", "sacrebleu", "corpus_score", "mixed", "length_ratio", "ratio", "Orejuela", "epsilon", "lc",
        "Dive", "into", "Deep", "Learning"}

#: The doctor's and verify's sentences are printed on a terminal, not in HTML: their code is written as it is typed,
#: not in <code>. Their Chinese keeps the commands, options, calls and the names of tools, formats and encodings.
DOCTOR_AREAS = ("doctor.", "verify.")
DOCTOR_KEPT = {"BOM", "FEFF", "BPE", "Moses", "MosesDetokenizer", "sacremoses", "NFC", "NFD", "NFKC", "Unix", "Windows",
               "fairseq", "pip", "install", "sed", "uconv", "any-nfc", "xx", "dos2unix", "spm_decode", "tensor2tensor",
               "get_ende_bleu.sh", "refs", "encoding", "any", "nfc", "WordPiece"}
_TYPED_CODE = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*"  # an option: --source, -tok
                         r"|[\w.]+\([^()]*\)"  # a call: unicodedata.normalize('NFC', line), decode(...)
                         r"|\[[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*\]")  # a list as typed: [[r.split()] for r in refs]


def typed_code_removed(key: str, template: str) -> str:
    """A doctor's or verify's template without the code typed in it (other areas mark their code with <code>)."""
    return _TYPED_CODE.sub(" ", template) if key.startswith(DOCTOR_AREAS) else template


TABLE = messages()


def latin_words(template: str) -> list[str]:
    """The Latin-letter words of a template outside its placeholders, its markup, its <code> and its quoted code."""
    shown = re.sub(r"<code>.*?</code>", " ", template)
    shown = re.sub(r"<[^>]+>|&\w+;", " ", shown)
    shown = re.sub(r"\{[^{}]*\}", " ", shown)
    shown = re.sub(r"'[^']*'", " ", shown)  # a quoted name or a line of a tool's code
    return re.findall(r"[A-Za-z][A-Za-z0-9_.'-]*[A-Za-z0-9_]|[A-Za-z]", shown)


def kept_names() -> set[str]:
    names = set(KEPT) | set(PRESETS) | set(TOKENIZERS) | set(SMOOTHING_METHODS) | set(WHITESPACE_RULES)
    names |= {part for name in names for part in re.split(r"[-.]", name)}
    return names


def test_every_message_is_in_english_and_in_chinese():
    assert LOCALES == ("en", "zh") and len(TABLE) > 300
    for key, said in TABLE.items():
        assert isinstance(said, Said) and said.en.strip() and said.zh.strip(), key


def test_no_chinese_message_is_left_in_english():
    """A message's Chinese differs from its English and is written in Chinese, unless the message holds no words (a
    formula, a name: ``Said.same``); the Latin words left in a Chinese message are names and BLEU's kept terms."""
    names = kept_names() | DOCTOR_KEPT
    sentences = {word for p in PATHOLOGIES for word in re.findall(r"[A-Za-z]+", p.candidate)}  # examples' names
    for key, said in TABLE.items():
        if said.neutral:
            assert said.en == said.zh, key
            continue
        english = [w for w in latin_words(typed_code_removed(key, said.zh)) if "_" not in w  # an identifier: code
                   and not all(part in names or len(part) == 1 or re.search(r"\d", part)
                               for part in re.split(r"[-.]", w) if part)
                   and not (key.startswith("example.name.") and w in sentences)]
        assert not english, f"{key} keeps English words in its Chinese: {english}"
        # written in Chinese, or (a column's title) a formula in place of English words
        assert said.zh != said.en and (CJK.search(said.zh) or latin_words(said.en) != latin_words(said.zh)), key


def test_a_neutral_message_holds_no_words():
    for key, said in TABLE.items():
        if said.neutral:
            words = [w for w in latin_words(said.en) if len(w) > 2 and w not in kept_names()]
            assert not words, (key, words)


def test_both_languages_name_the_same_placeholders_with_the_same_formats():
    for key, said in TABLE.items():
        assert set(placeholders(said.en)) == set(placeholders(said.zh)), key


def test_both_languages_carry_the_same_markup():
    for key, said in TABLE.items():
        assert sorted(re.findall(r"</?\w+", said.en)) == sorted(re.findall(r"</?\w+", said.zh)), key


def test_the_pages_javascript_messages_have_plain_placeholders():
    """The page fills a message's {name} in JavaScript: no formats, no conversions, no doubled braces."""
    for key, said in TABLE.items():
        if key.startswith("page."):
            for text_ in (said.en, said.zh):
                assert "{{" not in text_ and "}}" not in text_, key
                assert all(not spec and not conversion for _, conversion, spec in placeholders(text_)), key


def literal_keys() -> set[str]:
    """Every key the package says with a string literal: say("..."), text("..."), said("...")."""
    keys = set()
    for path in PACKAGE.rglob("*.py"):
        if "node_modules" in path.parts or path.parent.name == "messages":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "say", "text", "said") and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                keys.add(node.args[0].value)
    return keys


def page_keys() -> set[str]:
    """Every key the page's HTML and JavaScript say (data-i18n*, {{t:...}}, {{html:...}}, t("...")), and the site's
    navigation's (page.nav.<part>)."""
    keys = set()
    for path in WEB.glob("*.js"):
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"\bt\(\s*[\"']([\w.-]+)[\"']", source))
        keys |= set(re.findall(r"[\"'](page\.[\w.-]+)[\"']", source))
    html = (WEB / "live.html").read_text(encoding="utf-8")
    keys |= set(re.findall(r"data-i18n(?:-[\w-]+)?=\"([\w.-]+)\"", html))
    keys |= set(re.findall(r"\{\{(?:t|html):([\w.-]+)\}\}", html))
    from bleu_explain.display.export.site import PARTS

    keys |= {f"page.nav.{part}" for part in PARTS}
    keys |= {key for key in TABLE if key.startswith("page.file-")}  # the inline script's, from the page's JSON
    return keys


def test_every_key_said_is_in_the_catalogue_and_every_page_message_is_said():
    said = literal_keys() | page_keys()
    assert not sorted(said - set(TABLE)), sorted(said - set(TABLE))
    page = {key for key in TABLE if key.startswith("page.")}
    assert not sorted(page - page_keys()), f"page messages nobody says: {sorted(page - page_keys())}"


def test_every_family_the_package_says_by_a_computed_key_is_complete():
    """Keys made from a name (f"clip.{fate}", f"preset.{name}", ...) exist for every name the engine has."""
    families = {"clip": (CREDITED, CLIPPED, NOT_IN_ANY_REFERENCE), "preset": tuple(PRESETS), "step": STEP_NAMES,
                "length.rule": REF_LENGTH_RULES, "rule": REF_LENGTH_RULES, "compare.rule": REF_LENGTH_RULES,
                "steps.split": tuple(w for w in WHITESPACE_RULES if w != "python"),
                "verdict": tuple({p.verdict for p in PATHOLOGIES}) + ("depends on the tokenizer",),
                "compare.smooth": tuple(m for m in SMOOTHING_METHODS if not m.startswith("method"))}
    for family, names in families.items():
        missing = [name for name in names if f"{family}.{name}" not in TABLE]
        assert not missing, (family, missing)
    from bleu_explain.results import column_title

    for column in ("order", "matches", "total", "precision", "smoothed_precision", "log_precision", "weight",
                   "weighted_log", "ngram", "candidate_count", "ref3_count", "max_ref_count", "clipped", "unmatched",
                   "candidate_length", "ref2_length", "chosen_ref_length", "rule", "brevity_penalty", "segment",
                   "candidate", "hyp_len", "ref_len", "n_refs", "matches_4", "total_4", "sentence_bleu"):
        assert column_title(column, "zh") != column and column_title(column) == column, column


def test_every_example_of_the_page_is_named_in_every_language():
    for pathology in PATHOLOGIES:
        key = f"example.name.{pathology.name}"
        assert key in TABLE and TABLE[key].en == pathology.name, pathology.name
    from bleu_explain.display.html.live import example_states

    for example in example_states():
        assert set(example["label"]) == set(LOCALES)
        assert example["label"]["en"] == f"{example['name']} ({example['verdict']})"  # the English menu as it was
        assert CJK.search(example["label"]["zh"]), example["label"]


def test_the_engines_words_said_in_english_stay_english_strings():
    """What the engine says with say() is the English string itself wherever a string is expected, and says itself
    again in Chinese; it survives pickling (worker processes)."""
    note = say("notes.paper-zero", n=2)
    assert note == "p_2 = 0: the geometric mean vanishes and BLEU is 0 (the paper's footnote 5)."
    assert isinstance(note, str) and localize(note, "zh") == "p_2 = 0：几何平均为 0，BLEU 也为 0（见论文脚注 5）。"
    assert pickle.loads(pickle.dumps(note)).in_locale("zh") == localize(note, "zh")
    assert localize("a sentence the user typed", "zh") == "a sentence the user typed"
    nested = say("fate.not-reached", n=1, why=say("why.sacrebleu-no-match"))
    assert localize(nested, "zh").startswith("第 1 阶不参与计算")
    assert PRESETS["d2l"].description.in_locale("zh").startswith("《动手学深度学习》")
    assert all(isinstance(why, Message) for rule in FIXED_BY_RULE.values() for _, why in rule.values())
    assert (known_locale("zh-Hans-CN"), known_locale("en_GB"), known_locale("de")) == ("zh", "en", None)
    assert text("steps.length.title") == "Reference length and brevity penalty"


#: docs/glossary.zh.md's table of choices: concept | the term the course uses | the variants learners meet.
GLOSSARY = ROOT / "docs" / "glossary.zh.md"


def chosen_terms() -> list[tuple[str, list[str]]]:
    """(the course's term, its variants) for each row of the glossary's table of choices."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0].startswith("`") is False and cells[-1].startswith("不用："):
            variants = [v.strip(" `") for v in cells[-1].removeprefix("不用：").split("、") if v.strip(" `")]
            rows.append((cells[1].strip("*` "), variants))
    return rows


def test_the_chinese_uses_one_term_per_concept_the_glossarys():
    """The variants the glossary lists (d2l-zh's 精确度, NiuTrans' 短句惩罚因子, ...) are named there, never used by the
    page, the steps, the command line or the deck's screen."""
    from bleu_explain.display.export.lecture import deck_path, read_deck

    rows = chosen_terms()
    assert len(rows) >= 10, rows
    deck = read_deck(deck_path(ROOT / "lecture", "zh"))
    screen = "\n".join(s.title + s.text + s.caption for s in deck.slides) + "\n".join(deck.labels.values())
    chinese = "\n".join(said.zh for said in TABLE.values())
    for terms, variants in rows:
        # a row may choose two terms (分词；分词器), gloss one in brackets (简洁惩罚因子（BP）) or list examples (1-gram、…)
        chosen = [re.sub(r"（.*?）", "", one).strip() for one in terms.split("；") if "…" not in one]
        term = chosen[0]
        for one in chosen:
            assert one in chinese or one in screen, f"the glossary's {one} is used nowhere"
        for variant in (v for v in variants if v != "（无）"):
            assert variant not in chinese, f"the catalogue says {variant} where the glossary chose {term}"
            assert variant not in screen, f"the deck says {variant} where the glossary chose {term}"


@pytest.mark.parametrize("key", ["steps.tokens.title", "notes.d2l-weights", "page.lead", "live.sentence-bleu.differs"])
def test_a_few_messages_read_as_written(key):
    """Spot checks that the tables are wired as the code says them (the rest is the tests of each renderer)."""
    assert text(key, "zh", weights="0.5, 0.25", k=2, total=0.75, score=0.0, length=2, orders="3, 4") != text(
        key, "en", weights="0.5, 0.25", k=2, total=0.75, score=0.0, length=2, orders="3, 4")
