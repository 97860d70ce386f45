"""The doctor in Chinese: ``bleu-explain doctor ... --locale zh`` prints each finding's headline, evidence, note and
fix in Chinese (codes, numbers, file names, examples and commands as they are), ``verify --locale zh`` its verdict;
the English report and the JSON stay as they were when no locale is asked for.

"Few English words" is counted as a reader sees a line of the report: outside the finding's code, the quoted
examples and markers ('<unk>', '##AT##'), the options and calls typed as code, numbers, and the names of tools,
presets, tokenizers and BLEU's kept terms (the catalogue test's lists).
"""

from __future__ import annotations

import json
import pickle
import re
import sys
from pathlib import Path

import pytest
from doctor_spoilers import SPOILERS
from test_messages import CJK, DOCTOR_KEPT, kept_names, latin_words

import bleu_explain as bx
from bleu_explain.analysis.doctor.findings import CODES
from bleu_explain.cli import main
from bleu_explain.data.corpus import load_corpus
from bleu_explain.messages import localize

#: At most this many English words on a finding's headline or fix line in the Chinese report.
MOST_ENGLISH_WORDS = 2
#: The spoilings tried: those of tests/doctor_spoilers.py, and a hypothesis with a model's markers left in.
SEVERITY = re.compile(r"^(error|warning|info)\s+([a-z-]+): (.*)$")


def english_words(line: str) -> list[str]:
    """The English words of a line of the Chinese report (see the module's docstring for what is left out)."""
    shown = re.sub(r"\b(?:%s)\b" % "|".join(map(re.escape, CODES)), " ", line)
    shown = re.sub(r"(?<![\w-])--?[A-Za-z][\w-]*|[\w.]+\([^()]*\)|\[[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*\]", " ", shown)
    names = kept_names() | DOCTOR_KEPT
    return [w for w in latin_words(shown) if "_" not in w
            and not all(part in names or len(part) == 1 or re.search(r"\d", part) for part in re.split(r"[-.]", w) if part)]


@pytest.fixture(scope="module")
def spoiled(tmp_path_factory):
    """Spoiled copies of the teaching corpus's S3 against its first reference, as files: (name, hyp, ref)."""
    folder = tmp_path_factory.mktemp("doctor-zh")
    corpus = load_corpus()
    hyps, refs = list(corpus.systems["S3"]), [list(r[:1]) for r in corpus.references]
    out = []
    spoilers = {name: spoil for name, (spoil, _) in SPOILERS.items() if name != "chinese"}
    spoilers["markers"] = lambda h, r: ([line + " <unk> </s>" if i % 3 == 0 else line for i, line in enumerate(h)], r)
    for name, spoil in spoilers.items():
        try:
            h, r = spoil(hyps, refs)
        except TypeError:  # a spoiler of another shape (a Chinese line against itself)
            continue
        hyp, ref = folder / f"{name}.hyp", folder / f"{name}.ref"
        hyp.write_bytes("".join(line + "\n" for line in h).encode("utf-8"))
        ref.write_bytes("".join(rs[0] + "\n" for rs in r).encode("utf-8"))
        out.append((name, str(hyp), str(ref)))
    return out


def doctor(capsys, *args: str) -> tuple[int, str]:
    status = main(["doctor", *args])
    out, _ = capsys.readouterr()
    return status, out


def test_the_chinese_report_says_every_finding_in_chinese(capsys, spoiled):
    seen = set()
    for name, hyp, ref in spoiled:
        status, out = doctor(capsys, ref, "-i", hyp, "--locale", "zh", "--score", "27.3")
        heads = [m for line in out.splitlines() if (m := SEVERITY.match(line))]
        fixes = [line.strip()[len("修正："):] for line in out.splitlines() if line.strip().startswith("修正：")]
        assert heads and len(fixes) == len(heads), (name, out)
        assert out.splitlines()[0].startswith("BLEU = ") and "个句段" in out.splitlines()[0], out
        for (_, code, headline), fix in zip((m.groups() for m in heads), fixes):
            seen.add(code)
            for words in (headline, fix):
                assert CJK.search(words), (name, code, words)
                english = english_words(words)
                assert len(english) <= MOST_ENGLISH_WORDS, (name, code, words, english)
        for label in ("证据：", "得分：", "报告的得分 27.3"):  # the frame's words too
            assert label in out, (name, label)
        frame = re.sub(r"\b(?:%s)\b" % "|".join(map(re.escape, CODES)), " ", out)
        assert not re.search(r"\b(evidence|fix|note|score|with the problem|without)\b", frame), (name, out)
    # the spoilings are named, each in Chinese
    assert {"case-mismatch", "subword-markers", "special-tokens", "empty-segments", "tokenized-input"} <= seen, seen


def test_without_a_locale_the_report_and_the_json_are_english(capsys, spoiled):
    name, hyp, ref = next(s for s in spoiled if s[0] == "lowercased")
    _, default = doctor(capsys, ref, "-i", hyp)
    _, english = doctor(capsys, ref, "-i", hyp, "--locale", "en")
    assert default == english and not CJK.search(default) and "fix: " in default
    _, plain = doctor(capsys, ref, "-i", hyp, "--json")
    document = json.loads(plain)
    assert "locale" not in document and not CJK.search(plain)
    _, chinese = doctor(capsys, ref, "-i", hyp, "--json", "--locale", "zh")
    translated = json.loads(chinese)
    assert translated["locale"] == "zh"
    for en, zh in zip(document["findings"], translated["findings"]):  # the same codes, numbers and lines
        assert {k: v for k, v in en.items() if k not in ("title", "fix", "note", "evidence")} == \
            {k: v for k, v in zh.items() if k not in ("title", "fix", "note", "evidence")}
        assert en["evidence"]["lines"] == zh["evidence"]["lines"]
        assert CJK.search(zh["title"]) and CJK.search(zh["fix"]) and not CJK.search(en["title"] + en["fix"])


def test_a_diagnosis_is_english_strings_that_say_themselves_in_chinese():
    """What the checks say is the English string wherever a string is expected (the doctor's tests compare it), and
    it says itself again in Chinese, also after pickling (the search's worker processes)."""
    corpus = load_corpus()
    hyps, refs = list(corpus.systems["S3"]), [list(r[:2]) for r in corpus.references]
    d = bx.diagnose([h.lower() for h in hyps], refs)
    finding = next(f for f in d.findings if f.code == "case-mismatch")
    assert isinstance(finding.title, str) and finding.title.startswith("the hypothesis is in lower case")
    again = pickle.loads(pickle.dumps(finding))
    assert localize(again.title, "zh") == localize(finding.title, "zh") and CJK.search(localize(finding.title, "zh"))
    assert str(d) == d.text("en") and CJK.search(d.text("zh"))
    assert "参考翻译" in d.text("zh") and "reference 1" in d.text("en")


def test_verify_says_its_verdict_in_chinese(capsys, tmp_path):
    corpus = load_corpus()
    hyps, refs = list(corpus.systems["S3"]), [r[0] for r in corpus.references]
    hyp, ref, receipt = tmp_path / "hyp.txt", tmp_path / "ref.txt", tmp_path / "receipt.json"
    hyp.write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    ref.write_text("".join(r + "\n" for r in refs), encoding="utf-8")
    main([str(ref), "-i", str(hyp), "--receipt", str(receipt)])
    capsys.readouterr()
    assert main(["verify", str(receipt), str(ref), "-i", str(hyp), "--locale", "zh"]) == 0
    assert capsys.readouterr().out.startswith("已复现：BLEU = ")
    hyp.write_text("".join(h + "\n" for h in hyps[:3]) + "changed\n" + "".join(h + "\n" for h in hyps[4:]),
                   encoding="utf-8")
    assert main(["verify", str(receipt), str(ref), "-i", str(hyp), "--locale", "zh"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("未能复现：候选翻译") and "第 4 行" in out, out
    assert main(["verify", str(receipt), str(ref), "-i", str(hyp)]) == 1
    assert capsys.readouterr().out.startswith("not reproduced: line 4 of the hypothesis")


def test_the_doctors_help_names_the_locale(capsys):
    with pytest.raises(SystemExit):
        main(["doctor", "--help"])
    assert "--locale {en,zh}" in capsys.readouterr().out


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([str(Path(__file__))]))
