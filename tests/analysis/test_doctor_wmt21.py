"""The doctor on the real WMT21 test sets: each spoiled case gets its code, clean systems get no warning,
and numbers printed by the tools are traced back to them.

The data come through the package's loader from ``BLEU_EXPLAIN_DATA`` (or
../shared/data/wmt21 beside the checkout); without them these tests skip and say how to get them.
sacreBLEU and NLTK run here. Hugging Face evaluate and torchmetrics are not installed in CI:
their numbers here are the hf-evaluate and torchmetrics presets' own, which
tests/test_oracle_hf_torchmetrics.py (``test_wmt21_systems_match_evaluate``,
``test_wmt21_systems_match_torchmetrics``) holds equal to the real tools on these
very test sets wherever the tools are installed.
"""

from __future__ import annotations

import pytest
import sacrebleu
from conftest import wmt21_folder
from doctor_spoilers import SPOILERS, chinese_against_itself, nfd
from nltk.translate.bleu_score import corpus_bleu

import bleu_explain as bx
from bleu_explain.analysis.doctor import diagnose
from bleu_explain.data.wmt21 import load_wmt21

SYSTEM = "Facebook-AI"
#: The traces search every configuration; the first segments keep them quick.
TRACED = 500


def load_pair(pair: str):
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("the WMT21 data are not here: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    return load_wmt21(pair, data_dir=folder)


@pytest.fixture(scope="module")
def en_de():
    return load_pair("en-de")


@pytest.fixture(scope="module")
def zh_en():
    return load_pair("zh-en")


@pytest.fixture(scope="module")
def two_refs(en_de):
    """Facebook-AI's en-de output with references A and C."""
    refs = [[a, c] for a, c in zip(en_de.references["A"], en_de.references["C"])]
    return list(en_de.systems[SYSTEM]), refs


def serious(d) -> list[str]:
    return [f.code for f in d.findings if f.severity in ("error", "warning")]


def has_empty_lines(system) -> bool:
    return any(not line.strip() for line in system)


@pytest.mark.parametrize("pair", ["en-de", "zh-en"])
def test_clean_systems_get_no_warning_and_no_error(pair, en_de, zh_en):
    data = en_de if pair == "en-de" else zh_en
    for name in list(data.systems)[:3]:
        d = diagnose(data.systems[name], data.references["A"])
        assert serious(d) == [], f"{name}: {d}"


@pytest.mark.slow
@pytest.mark.parametrize("pair", ["en-de", "zh-en"])
def test_every_system_is_clean_but_for_the_empty_lines_it_really_has(pair, en_de, zh_en):
    data = en_de if pair == "en-de" else zh_en
    for name, system in data.systems.items():
        d = diagnose(system, data.references["A"])
        expected = ["empty-segments"] if has_empty_lines(system) else []
        assert serious(d) == expected, f"{name}: {d}"


@pytest.mark.parametrize("name", sorted(SPOILERS))
def test_each_spoiled_case_gets_its_code(two_refs, name):
    spoil, code = SPOILERS[name]
    d = diagnose(*spoil(*two_refs))
    assert code in d.codes, str(d)


def test_shifted_references_are_named_and_repaired(two_refs):
    clean = bx.explain_corpus(*two_refs).score
    finding = diagnose(*SPOILERS["shifted"][0](*two_refs, stream=1)).findings[0]
    # the spoiler drops reference 2's first line (an empty one pads the end): named since issue 36 as that line
    assert finding.code == "missing-lines" and finding.title.startswith("reference 2 has no line for hypothesis line 1")
    assert finding.score_with < clean - 3 and abs(finding.score_without - clean) < 0.5


def test_nfd_german_against_nfc_references(two_refs):
    d = diagnose(*nfd(*two_refs))
    finding = next(f for f in d.findings if f.code == "unicode-normalization")
    assert finding.score_without == pytest.approx(bx.explain_corpus(*two_refs).score, abs=0)
    assert finding.score_with < finding.score_without


def test_chinese_scored_with_13a(zh_en):
    hyps, refs = chinese_against_itself(zh_en.source)
    finding = next(f for f in diagnose(hyps, refs).findings if f.code == "cjk-tokenizer")
    assert finding.severity == "error" and "use 'zh'" in finding.title
    assert finding.score_without == pytest.approx(bx.explain_corpus(hyps, refs, tokenize="zh").score, abs=0)


# ------------------------------------------------------------------ numbers printed by the tools, traced back
@pytest.fixture(scope="module")
def traced(two_refs):
    hyps, refs = two_refs
    return hyps[:TRACED], refs[:TRACED]


def settings_of(d) -> dict:
    return {(m.preset, tuple(m.settings.items())): m for m in d.matches}


def test_sacrebleu_lc_is_traced_back(traced):
    hyps, refs = traced
    printed = f"{sacrebleu.corpus_bleu(hyps, [list(s) for s in zip(*refs)], lowercase=True).score:.2f}"
    found = settings_of(diagnose(hyps, refs, score=printed))
    assert ("sacrebleu", (("lowercase", True), ("references", "all"))) in found


def test_sacrebleu_intl_is_traced_back(traced):
    hyps, refs = traced
    printed = f"{sacrebleu.corpus_bleu(hyps, [list(s) for s in zip(*refs)], tokenize='intl').score:.2f}"
    found = settings_of(diagnose(hyps, refs, score=printed))
    assert ("sacrebleu", (("tokenize", "intl"), ("references", "all"))) in found


def test_nltk_corpus_bleu_is_traced_back(traced):
    hyps, refs = traced
    printed = f"{corpus_bleu([[r.split() for r in rs] for rs in refs], [h.split() for h in hyps]):.4f}"
    d = diagnose(hyps, refs, score=printed)
    assert (d.matches[0].preset, d.matches[0].settings) == ("nltk", {"references": "all"})


@pytest.mark.parametrize("preset", ["hf-evaluate", "torchmetrics"])
def test_evaluate_and_torchmetrics_are_traced_back(traced, preset):
    # the preset's number stands for the tool's (see the module's docstring); printed as the tools print it, 0-1
    hyps, refs = traced
    printed = f"{bx.explain_corpus(hyps, refs, preset=preset).bleu:.4f}"
    d = diagnose(hyps, refs, score=printed)
    assert (preset, (("references", "all"),)) in settings_of(d)


def test_one_unk_in_a_real_system_is_information_not_a_warning(zh_en):
    # A real WMT21 zh-en system leaves one <unk> in 1,948 lines: it is said, but the score hardly moves.
    d = diagnose(zh_en.systems["Machine_Translation"], zh_en.references["A"])
    finding = next(f for f in d.findings if f.code == "special-tokens")
    assert finding.severity == "info" and finding.evidence.count == 1
    assert abs(finding.score_without - finding.score_with) < 0.05


def test_full_width_punctuation_that_hardly_moves_the_score_is_information(en_de):
    # References with full-width "（）！？" (as Japanese and Chinese references write them), a system with ASCII:
    # a difference of form, said, but a warning only when it moves the score by 0.5 BLEU or more.
    hyps, refs = list(en_de.systems[SYSTEM])[:400], list(en_de.references["A"])[:400]
    wide = [r.replace("(", "（").replace(")", "）").replace("!", "！").replace("?", "？") for r in refs]
    finding = next(f for f in diagnose(hyps, [[r] for r in wide]).findings if f.code == "unicode-normalization")
    assert abs(finding.score_without - finding.score_with) < 0.5
    assert finding.severity == "info" and "fixing it moves the score by" in finding.note
    every = [[r.replace(".", "\uff0e").replace(",", "\uff0c")] for r in refs]  # full-width stops and commas: it costs
    big = next(f for f in diagnose(hyps, every).findings if f.code == "unicode-normalization")
    assert big.score_without - big.score_with >= 0.5 and big.severity in ("warning", "error")
