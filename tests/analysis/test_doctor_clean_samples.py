"""No false alarm: clean samples in six languages (tests/doctor_samples.py, written for these tests) get no
warning and no error; French typography, Korean under 13a and lines translated exactly as the reference included."""

from __future__ import annotations

import pytest
import sacrebleu
from doctor_samples import FRENCH_HYPS, FRENCH_REFS, KOREAN_HYPS, KOREAN_REFS, NBSP, SAMPLES, SOURCE

from bleu_explain.analysis.doctor import diagnose


def serious(d) -> list[str]:
    return [f"{f.severity} {f.code}: {f.title}" for f in d.findings if f.severity in ("error", "warning")]


@pytest.mark.parametrize("language", sorted(SAMPLES))
def test_a_clean_sample_gets_no_warning(language):
    hyps, refs, tokenize = SAMPLES[language]
    d = diagnose(hyps, [[r] for r in refs], tokenize=tokenize, source=SOURCE)
    assert serious(d) == [], str(d)
    assert d.score == pytest.approx(sacrebleu.corpus_bleu(hyps, [refs], tokenize=tokenize).score, abs=1e-9)


def test_french_no_break_spaces_are_not_a_normalization_problem():
    assert any(NBSP + ":" in r for r in FRENCH_REFS)
    d = diagnose(FRENCH_HYPS, [[r] for r in FRENCH_REFS])
    assert "unicode-normalization" not in d.codes


def test_two_of_nine_lines_as_the_reference_is_not_a_leak():
    same = sum(h == r for h, r in zip(FRENCH_HYPS, FRENCH_REFS))
    assert same == 2
    assert "copied-reference" not in diagnose(FRENCH_HYPS, [[r] for r in FRENCH_REFS]).codes


def test_korean_under_13a_is_information_only():
    d = diagnose(KOREAN_HYPS, [[r] for r in KOREAN_REFS], tokenize="13a")
    assert all(f.severity == "info" for f in d.findings if f.code == "cjk-tokenizer")


def test_japanese_under_13a_is_still_an_error():
    """The same check keeps its teeth where it should: Japanese writes no spaces, 13a makes a sentence one token."""
    hyps, refs, _ = SAMPLES["ja"]
    d = diagnose(hyps, [[r] for r in refs], tokenize="13a")
    assert any(f.code == "cjk-tokenizer" and f.severity == "error" for f in d.findings)


@pytest.mark.parametrize("language", ["de", "cs", "ru", "ja"])
def test_the_english_source_given_as_the_output_is_the_wrong_language(language):
    hyps, refs, tokenize = SAMPLES[language]
    d = diagnose(SOURCE, [[r] for r in refs], tokenize=tokenize)
    assert "wrong-language" in d.codes and d.findings[0].severity == "error", str(d)
    with_source = diagnose(SOURCE, [[r] for r in refs], tokenize=tokenize, source=SOURCE)
    assert "copied-source" in with_source.codes, str(with_source)


def test_russian_output_against_czech_references_is_the_wrong_language():
    d = diagnose(SAMPLES["ru"][0], [[r] for r in SAMPLES["cs"][1]])
    assert "wrong-language" in d.codes, str(d)
