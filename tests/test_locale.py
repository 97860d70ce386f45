"""The steps, tables and notes in Chinese: ``explain(..., locale="zh")`` and ``bleu-explain ... --explain --locale zh``
say the same computation in Chinese, with the same numbers, and the English is what it always was."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import bleu_explain as bx
from bleu_explain.data import examples as ex
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.engine.presets import PRESETS

OURS = (sys.executable, "-m", "bleu_explain")
CJK = re.compile(r"[\u3400-\u9fff]")


def numbers(text: str) -> set[str]:
    """The numbers of a text (what the two languages must share; a language may say them in another order, or say a
    0 where the other says "vanishes")."""
    return set(re.findall(r"\d+(?:\.\d+)?", text))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_sentence_in_chinese_has_the_english_steps_numbers(preset):
    refs = list(ex.EXAMPLE_2_REFERENCES) if preset != "d2l" else ex.EXAMPLE_2_REFERENCES[0]
    english = bx.explain(ex.CAT_CANDIDATE, refs, preset=preset)
    chinese = bx.explain(ex.CAT_CANDIDATE, refs, preset=preset, locale="zh")
    assert chinese.score == english.score and chinese.signature == english.signature
    for en, zh in zip(english.steps(), chinese.steps()):
        assert (en.name, en.numbers, en.summary if en.name != "tokens" else "") == \
               (zh.name, zh.numbers, zh.summary if zh.name != "tokens" else "")
        assert CJK.search(zh.title) and not CJK.search(en.title)
        assert numbers(" ".join(zh.lines)) == numbers(" ".join(en.lines)), (preset, en.name)
    assert english.explain_text("zh") == chinese.explain_text() and chinese.explain_text("en") == english.explain_text()


def test_the_tables_and_the_notes_in_chinese():
    r = bx.explain("the the the the the the the.", list(ex.EXAMPLE_2_REFERENCES), preset="paper", locale="zh")
    assert list(r.ngram_table(1).columns) == ["n-gram", "候选计数", "参考翻译 1 中的计数", "参考翻译 2 中的计数",
                                             "最大参考计数", "截断后的计数"]
    assert r.precision_table().index.name == "阶" and "修正的精度 p_n" in r.precision_table().columns
    assert r.notes[0] == "p_2 = 0: the geometric mean vanishes and BLEU is 0 (the paper's footnote 5)."  # the data
    assert "几何平均为 0" in r.explain_text()  # the words
    assert "被截断：'the' 7 -> 2" in r.explain_text()
    corpus = bx.explain_corpus(["the cat sat", "a dog"], [["the cat is here"], ["the dog"]], locale="zh")
    assert corpus.segment(1).locale == "zh" and "句子级 BLEU" in corpus.sentence_table().columns
    assert corpus.length_rows()[0]["rule"] == "最接近的参考长度，对所有句段求和"
    systems = bx.explain_systems({"A": ["a b"], "B": ["a c"]}, [["a b"]], locale="zh")
    assert all(result.locale == "zh" for result in systems.values())


def test_an_unknown_language_is_refused_in_one_line():
    with pytest.raises(BleuInputError, match="locale must be one of en, zh, got 'fr'"):
        bx.explain("a", ["a"], locale="fr")
    assert bx.explain("a", ["a"], locale="zh-TW").locale == "zh"


def test_the_comparison_in_chinese():
    a = bx.explain(ex.SHIP_REPEATED_IT, list(ex.SHIP_REFERENCES))
    b = bx.explain(ex.SHIP_REPEATED_IT, list(ex.SHIP_REFERENCES), preset="nltk")
    english, chinese = bx.divergence_in_words(a, b), bx.divergence_in_words(a, b, locale="zh")
    step = bx.first_divergence(a, b)
    assert english.startswith(f"{step}: ") and chinese.startswith({"tokens": "词元："}.get(step, "?"))
    assert CJK.search(chinese) and numbers(chinese) == numbers(english)


def run(*args: str, stdin: bytes) -> subprocess.CompletedProcess:
    return subprocess.run([*OURS, *args], capture_output=True, input=stdin, timeout=300)


def test_the_command_line_explains_in_chinese(tmp_path):
    ref = tmp_path / "ref.txt"
    ref.write_text("\n".join(ex.ZH_REFERENCES[:1] * 2) + "\n", encoding="utf-8")
    hyp = ("\n".join([ex.ZH_CANDIDATE, ex.ZH_REFERENCES[1]]) + "\n").encode()
    english = run(str(ref), "--explain", "-f", "text", "-tok", "zh", stdin=hyp)
    chinese = run(str(ref), "--explain", "-f", "text", "-tok", "zh", "--locale", "zh", stdin=hyp)
    assert english.returncode == chinese.returncode == 0, chinese.stderr
    out = chinese.stdout.decode()
    assert "得分最低的句子" in out and "修正的 n-gram 精度" in out and "Lowest-scoring" not in out
    assert out.splitlines()[-1] == english.stdout.decode().splitlines()[-1]  # sacreBLEU's score line, as it is
    doc = json.loads(run(str(ref), "--explain", "--locale", "zh", stdin=hyp).stdout)
    assert [s["name"] for s in doc["explanation"]][0] == "tokens" and CJK.search(doc["explanation"][0]["title"])
    one = run(str(ref), "--explain", "-sl", "--locale", "zh", "-tok", "zh", stdin=hyp).stdout.decode()
    assert one.startswith("--- 第 1 个句段，即文件的第 1 行 ---")
    refused = run(str(ref), "--explain", "--locale", "fr", stdin=hyp)
    assert refused.returncode == 2 and b"Traceback" not in refused.stderr
