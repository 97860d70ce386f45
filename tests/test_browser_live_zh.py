"""The live page in Chinese, in Chromium: ``lang=zh`` (or a Chinese browser on a first visit, or the page's menu)
says every word in Chinese, and the page scores a Chinese pair exactly as sacreBLEU does.

"Exactly" as tests/test_browser_live.py says it: the page runs Python 3.14, whose ``sum()`` of floats is compensated
(since 3.12), so its score is compared bit for bit with the engine run by a CPython >= 3.12, and the engine with
sacreBLEU run by this interpreter, bit for bit (sacreBLEU itself moves in the last digit between 3.11 and 3.12); the
page and this interpreter's sacreBLEU agree to 1e-12.

"English interface words" are counted as a reader sees them: every visible text of the page (each menu's shown
choice and each empty box's placeholder included), outside code, the signature, the sentences themselves (the text
boxes and the highlighted tokens) and the names of the things the page computes with: the presets, tokenizers and
smoothing methods (the engine's own lists), the tools and libraries it names, the formula's symbols (a letter,
``p_n``, ``w_n``, ``log``, ``exp``), and BLEU's terms the paper's Chinese translation keeps as they are (BLEU, BP,
n-gram). What is left are English words, and the Chinese page may show at most 3 (it shows none).

The page is built and served as in tests/test_browser_live.py (its fixtures). Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import math
import re
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from test_browser_live import (  # noqa: F401  (the fixtures: pytest finds them here)
    ADDRESSED,
    ARTIFACTS,
    SETTLED,
    browser,
    expected,
    pyodide,
    site,
)
from test_browser_live_class import open_page  # noqa: F401  (the fixture: a page in a browser of some language)

import bleu_explain as bx
from bleu_explain.analysis.comparison import TOOL_NAMES
from bleu_explain.data import examples as ex
from bleu_explain.display.html.live import chinese_examples
from bleu_explain.display.html.live_state import LiveState
from bleu_explain.engine.config import TOKENIZERS
from bleu_explain.engine.presets import PRESETS
from bleu_explain.engine.smoothing import SMOOTHING_METHODS

pytestmark = [pytest.mark.browser]

MOST_ENGLISH_WORDS = 3

#: The page's visible text, as a reader sees it (see the module's docstring for what is left out).
VISIBLE_TEXT = """() => {
  const skip = "code, pre, textarea, input, script, style, noscript, option, .bleu-signature, .bleu-compare-signature, [data-token]";
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(skip) || !n.textContent.trim()) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    parts.push(n.textContent);
  }
  for (const s of document.querySelectorAll("select")) {
    if (s.checkVisibility()) parts.push(s.selectedOptions[0]?.textContent ?? "");
  }
  for (const i of document.querySelectorAll("input[placeholder]")) if (i.checkVisibility() && !i.value) parts.push(i.placeholder);
  return parts.join("\\n");
}"""

#: Names and symbols the Chinese page writes in Latin letters on purpose (beside the engine's own lists).
NAMES = {"BLEU", "BP", "n-gram", "gram", "p_n", "w_n", "log", "exp", "min", "bleu-explain", "Python", "Pyodide", "MPL",
         "MeCab", "SentencePiece", "Jupyter", "UTF", "ASCII", "Tab", "Ctrl", "MB", "CWMT", "sacreBLEU", "NLTK",
         "mteval", "multi-bleu", "flores", "spBLEU", "Orejuela", "ratio", "length_ratio", "evaluate", "d2l.bleu"}


def english_words(text: str, sentences: tuple[str, ...] = ()) -> list[str]:
    """The English words of a text: its runs of Latin letters (with ' or - inside) that are neither a symbol (one
    letter; letters with digits or _, as p_1, w_n, UTF-8, 1-gram), nor a name the page computes with, nor a word of
    the ``sentences`` scored (the steps quote their tokens)."""
    names = NAMES | set(PRESETS) | set(TOKENIZERS) | set(SMOOTHING_METHODS) | set(TOOL_NAMES.values())
    names |= {word for sentence in sentences for word in re.findall(r"[A-Za-z]+", sentence)}
    names |= {part for name in names for part in re.split(r"[-. ]", name)}
    runs = re.findall(r"[A-Za-z0-9_]+(?:['.-][A-Za-z0-9_]+)*", text)
    return [w for w in runs if re.fullmatch(r"[A-Za-z]+(?:['-][A-Za-z]+)*", w) and len(w) > 1 and w not in names]


def chinese_share(text: str) -> float:
    letters = re.findall(r"\S", text)
    return len(re.findall(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]", text)) / max(1, len(letters))


def scored_as_sacrebleu(shown: str, state: LiveState) -> bool:
    """The page's score (``data-bleu-score``) is sacreBLEU's for the state: bit for bit the engine's on CPython >= 3.12
    (the page's Python sums as it does), the engine's bit for bit sacreBLEU's on this interpreter, and the page's
    sacreBLEU's here to 1e-12."""
    from sacrebleu.metrics import BLEU

    theirs = BLEU(tokenize=state.tokenize or "13a", max_ngram_order=state.max_order or 4).corpus_score(
        [state.hypothesis], [[r] for r in state.references]).score
    ours = bx.explain_corpus([state.hypothesis], [list(state.references)], **state.settings()).score
    assert ours == theirs, (ours, theirs)
    assert math.isclose(float(shown), theirs, rel_tol=1e-12), (shown, theirs)
    return shown == expected([state])[0]


def chinese_pair(**extra: str) -> str:
    query = [("preset", "sacrebleu"), ("hyp", ex.ZH_CANDIDATE), *[("ref", r) for r in ex.ZH_REFERENCES],
             ("tokenize", "zh"), ("lang", "zh"), *extra.items()]
    return "?" + urlencode(query)


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_a_chinese_pair_in_chinese_scores_as_sacrebleu_with_no_english_word(open_page, width, height):  # noqa: F811
    page = open_page(chinese_pair(), width=width, height=height)
    state = LiveState(hypothesis=ex.ZH_CANDIDATE, references=ex.ZH_REFERENCES, tokenize="zh")
    assert scored_as_sacrebleu(page.get_attribute("#result", "data-bleu-score"), state)
    shown = page.evaluate(VISIBLE_TEXT)
    english = english_words(shown)
    assert len(english) <= MOST_ENGLISH_WORDS, english
    assert chinese_share(shown) > 0.4, chinese_share(shown)
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing runs off a phone's screen
    assert "修正的 n-gram 精度" in page.inner_text("#steps") and "简洁惩罚因子" in page.inner_text("#steps")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"live-zh-{width}.png"), full_page=True)


def test_the_chinese_examples_score_as_sacrebleu(open_page):  # noqa: F811
    """Each Chinese example of the menu, opened from the menu of the Chinese page: sacreBLEU's number."""
    page = open_page("?lang=zh")
    labels = page.eval_on_selector_all("#example option", "os => os.map(o => o.textContent)")
    for example in chinese_examples():
        state = LiveState.from_query(example["query"])
        page.select_option("#example", index=labels.index(example["label"]["zh"]))
        page.wait_for_function(SETTLED, timeout=60_000)
        assert scored_as_sacrebleu(page.get_attribute("#result", "data-bleu-score"), state), example["label"]["en"]
        assert len(english_words(page.evaluate(VISIBLE_TEXT))) <= MOST_ENGLISH_WORDS, example["label"]["en"]


def test_a_chinese_browser_gets_the_chinese_page_on_a_first_visit_and_its_links_keep_it(open_page):  # noqa: F811
    page = open_page("", locale="zh-CN")
    assert page.inner_text("h1") == "实时 BLEU" and page.input_value("#lang") == "zh"
    assert "修正的 n-gram 精度" in page.inner_text("#steps")  # the paper's Example 1, explained in Chinese
    page.wait_for_function(ADDRESSED)
    assert parse_qs(urlparse(page.input_value("#link")).query)["lang"] == ["zh"]
    # the same link in an English browser opens in Chinese
    other = open_page(urlparse(page.input_value("#link"))._replace(scheme="", netloc="").geturl()
                      .removeprefix("/live.html"))
    assert other.inner_text("h1") == "实时 BLEU" and "修正的 n-gram 精度" in other.inner_text("#steps")


def test_the_switch_says_everything_again_and_back(open_page):  # noqa: F811
    sentences = ("the cat sat on the mat", "the cat is on the mat")
    page = open_page("?" + LiveState(hypothesis=sentences[0], references=sentences[1:]).to_query())
    english = {selector: page.inner_text(selector) for selector in ("h1", "#steps", "#precisions", "legend")}
    score = page.get_attribute("#result", "data-bleu-score")
    page.select_option("#lang", "zh")
    page.wait_for_function("() => document.getElementById('steps').innerText.includes('规范化与分词')")
    page.wait_for_function(SETTLED, timeout=60_000)
    assert page.inner_text("h1") == "实时 BLEU" and page.get_attribute("#result", "data-bleu-score") == score
    assert len(english_words(page.evaluate(VISIBLE_TEXT), sentences)) <= MOST_ENGLISH_WORDS
    page.wait_for_function(ADDRESSED)
    assert parse_qs(urlparse(page.url).query)["lang"] == ["zh"]
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.getElementById('steps').innerText.includes('Normalise and tokenize')")
    page.wait_for_function(SETTLED, timeout=60_000)
    assert {selector: page.inner_text(selector) for selector in english} == english
    page.wait_for_function(ADDRESSED)
    assert "lang" not in parse_qs(urlparse(page.url).query)  # an English browser needs no lang for English


def test_refusals_comparisons_corpora_and_two_candidates_speak_chinese(open_page):  # noqa: F811
    bad = open_page("?" + urlencode({"hyp": "甲\n乙", "ref": "甲", "lang": "zh"}))
    assert bad.inner_text("#error") == "bleu-explain 错误：参考翻译 1 有 1 行，而候选翻译有 2 行；两者必须每个句段一行、行数相同"
    compared = open_page(chinese_pair(compare="nltk"))
    assert "两者最先在" in compared.inner_text(".bleu-compare")
    corpus = open_page("?" + urlencode({"hyp": f"{ex.ZH_CANDIDATE}\n{ex.ZH_REFERENCES[1]}", "tokenize": "zh",
                                        "hyp2": f"{ex.ZH_REFERENCES[1]}\n{ex.ZH_CANDIDATE}", "lang": "zh",
                                        "ref": f"{ex.ZH_REFERENCES[0]}\n{ex.ZH_REFERENCES[0]}"}))
    assert "语料库级 BLEU" in corpus.inner_text("#summary") and not corpus.is_hidden("#segment-picker")
    assert "两个候选翻译" in corpus.inner_text("#differs")
    for page in (compared, corpus):
        english = english_words(page.evaluate(VISIBLE_TEXT))
        assert len(english) <= MOST_ENGLISH_WORDS, english
