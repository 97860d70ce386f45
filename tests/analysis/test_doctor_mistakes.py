"""The mistakes people make when computing BLEU, run with the REAL tool here, then traced by the doctor.

Each test runs sacreBLEU or NLTK the wrong way on the first 100 lines of a WMT21 en-de system, prints the number
as the tool prints it, and asks the doctor for that number: a match must name the mistake and its score must
print as the tool's number. torchmetrics is not installed here: its tie rule is checked against its recording
(tests/oracles/torchmetrics.json.gz, written by scripts/record_oracles.py). Chance is measured, not assumed:
arbitrary numbers near a true score are traced and the share matched is compared with the share the doctor
says.
"""

from __future__ import annotations

import random
import warnings

import pytest
import sacrebleu
from conftest import wmt21_folder
from nltk.translate.bleu_score import corpus_bleu

from bleu_explain.analysis.doctor import diagnose
from bleu_explain.analysis.doctor.mistakes import compound_split
from bleu_explain.data.wmt21 import load_wmt21

LINES = 100


@pytest.fixture(scope="module")
def texts():
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("the WMT21 data are not here: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    pair = load_wmt21("en-de", data_dir=folder)
    return list(pair.systems["Facebook-AI"])[:LINES], list(pair.references["A"])[:LINES]


def traced(hyps, refs, printed: str, words: str):
    """The match naming the mistake (by ``words`` in its sentence); its score must print as ``printed``."""
    d = diagnose(hyps, [[r] for r in refs], score=printed)
    named = [m for m in d.matches if words in m.mistake]
    assert named, f"{printed}: no match says {words!r}: {[m.mistake for m in d.matches]}"
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    scale = 1.0 if float(printed) <= 1.0 and "0-1 scale" not in named[0].mistake and named[0].preset != "sacrebleu" \
        else 100.0
    value = named[0].score * scale / 100.0
    assert f"{value:.{decimals}f}" == printed or "0-1 scale" in named[0].mistake
    return d, named[0]


def test_nltk_given_strings_counts_characters(texts):
    hyps, refs = texts
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        real = corpus_bleu([[r] for r in refs], hyps)  # strings, not token lists: the mistake
    _, match = traced(hyps, refs, f"{real:.3f}", "given strings")
    assert match.preset == "nltk" and match.score / 100 == pytest.approx(real, abs=1e-9)


def test_nltk_given_unnested_references(texts):
    hyps, refs = texts
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        real = corpus_bleu([r.split() for r in refs], [h.split() for h in hyps])
    _, match = traced(hyps, refs, f"{real:.4f}", "un-nested")
    assert match.preset == "nltk" and match.score / 100 == pytest.approx(real, abs=1e-9)


def test_sacrebleu_given_unnested_references(texts):
    hyps, refs = texts
    real = sacrebleu.corpus_bleu(hyps, refs).score  # refs instead of [refs]: the mistake
    _, match = traced(hyps, refs, f"{real:.2f}", "un-nested")
    assert match.preset == "sacrebleu" and match.score == pytest.approx(real, abs=1e-9)


@pytest.mark.parametrize("order", [1, 2, 3])
def test_bleu_n_by_nltk_weights(texts, order):
    hyps, refs = texts
    real = corpus_bleu([[r.split()] for r in refs], [h.split() for h in hyps], weights=(1 / order,) * order)
    d, match = traced(hyps, refs, f"{real:.4f}", f"BLEU-{order}")
    assert match.score / 100 == pytest.approx(real, abs=1e-9)
    if d.agreement:  # torchmetrics' n_gram and NLTK's weights give the very same score: said so
        assert "agree here" in d.agreement or "round alike" in d.agreement


@pytest.mark.parametrize("order", [2, 3])
def test_bleu_n_by_sacrebleu_max_order(texts, order):
    from sacrebleu.metrics import BLEU

    hyps, refs = texts
    real = BLEU(max_ngram_order=order).corpus_score(hyps, [refs]).score
    _, match = traced(hyps, refs, f"{real:.2f}", f"BLEU-{order}")
    assert match.score == pytest.approx(real, abs=1e-9)


def test_a_0_1_score_read_on_the_0_100_scale(texts):
    hyps, refs = texts
    real = sacrebleu.corpus_bleu(hyps, [refs]).score / 100
    _, match = traced(hyps, refs, f"{real:.4f}", "0-1 scale")
    assert match.score == pytest.approx(real * 100, abs=1e-9)


@pytest.mark.parametrize("tokenize, words", [("char", "char tokenizer"), ("intl", ""), ("zh", "")])
def test_sacrebleu_tokenizers(texts, tokenize, words):
    hyps, refs = texts
    real = sacrebleu.corpus_bleu(hyps, [refs], tokenize=tokenize).score
    d = diagnose(hyps, [[r] for r in refs], score=f"{real:.2f}")
    named = [m for m in d.matches if f"tok:{tokenize}" in m.signature and words in m.mistake]
    assert named and named[0].score == pytest.approx(real, abs=1e-9)


def test_multi_bleu_on_compound_split_text(texts):
    from sacrebleu.metrics import BLEU

    hyps, refs = texts
    # multi-bleu.perl is not here: its counting is sacreBLEU's with no tokenizer on text tokenized before
    # (tests/test_oracle_multibleu.py holds the preset to the real script); the split is tensor2tensor's Perl line
    split_h = [compound_split(" ".join(sacrebleu.tokenizers.tokenizer_13a.Tokenizer13a()(h).split())) for h in hyps]
    split_r = [compound_split(" ".join(sacrebleu.tokenizers.tokenizer_13a.Tokenizer13a()(r).split())) for r in refs]
    real = BLEU(tokenize="none").corpus_score(split_h, [split_r]).score
    tokenized_h = [" ".join(sacrebleu.tokenizers.tokenizer_13a.Tokenizer13a()(h).split()) for h in hyps]
    tokenized_r = [" ".join(sacrebleu.tokenizers.tokenizer_13a.Tokenizer13a()(r).split()) for r in refs]
    if not any("-" in h for h in tokenized_h):
        pytest.skip("no compound in these lines")
    _, match = traced(tokenized_h, tokenized_r, f"{real:.2f}", "##AT##")
    assert match.score == pytest.approx(real, abs=0.005)


def test_chance_is_measured_on_arbitrary_numbers(texts):
    """The doctor's chance share against the share of arbitrary numbers near the true score that it matches."""
    hyps, refs = texts
    true = sacrebleu.corpus_bleu(hyps, [refs]).score
    rng = random.Random(3)
    tried = [f"{true + rng.uniform(-4, 4):.1f}" for _ in range(12)]
    matched, said = 0, []
    for number in tried:
        d = diagnose(hyps, [[r] for r in refs], score=number)
        matched += bool(d.matches)
        said.append(d.chance_share)
        # a sentence says what the share means, and a high share is said to be chance
        assert d.chance and (d.chance_share < 0.25 or d.chance.startswith("chance alone explains"))
    measured = matched / len(tried)
    mean_said = sum(said) / len(said)
    # the doctor's share is measured on the same window of numbers: the arbitrary numbers' share agrees with it
    # within what 12 draws can tell (a binomial's two standard errors at the doctor's share, and 0.15 at least)
    spread = max(0.15, 2 * (mean_said * (1 - mean_said) / len(tried)) ** 0.5)
    assert abs(measured - mean_said) <= spread, (measured, mean_said)


def test_averaged_sentence_bleu_is_information_at_two_digits(texts):
    hyps, refs = texts
    mean = sum(sacrebleu.sentence_bleu(h, [r]).score for h, r in zip(hyps, refs)) / len(hyps)
    d = diagnose(hyps, [[r] for r in refs], score=f"{mean:.1f}")
    found = [f for f in d.findings if f.code == "averaged-sentence-bleu"]
    assert all(f.severity == "info" for f in found)


def test_torchmetrics_first_listed_reference_on_ties():
    """torchmetrics' recorded number on a length tie (it takes the first listed reference, sacreBLEU the shorter)."""
    from recorded_oracles import case_text, runs_by_case

    run = next(r for r in runs_by_case("torchmetrics")["edge-tie-between-references"]
               if r["settings"] == {"n_gram": 4, "smooth": False})
    hyps, refs = case_text("edge-tie-between-references")
    printed = f"{run['output']['score']:.4f}"  # as torchmetrics prints its tensor
    d = diagnose(hyps, refs, score=printed)
    named = [m for m in d.matches if "first listed reference" in m.mistake]
    assert named and named[0].preset == "torchmetrics", [(m.preset, m.mistake) for m in d.matches]
    assert f"{named[0].score / 100:.4f}" == printed


@pytest.mark.parametrize("language, tokenize", [("ja", "ja-mecab"), ("ko", "ko-mecab"), ("ja", "char")])
def test_sacrebleu_mecab_and_char_tokenizers_on_the_samples(language, tokenize):
    """sacreBLEU's -l en-ja / en-ko tokenizers (MeCab, installed here) and char, traced on text written for the tests."""
    from doctor_samples import SAMPLES
    from sacrebleu.metrics import BLEU

    hyps, refs, _ = SAMPLES[language]
    real = BLEU(tokenize=tokenize).corpus_score(hyps, [refs]).score
    d = diagnose(hyps, [[r] for r in refs], score=f"{real:.2f}")
    named = [m for m in d.matches if f"tok:{tokenize}" in m.signature]
    assert named and named[0].score == pytest.approx(real, abs=1e-9), [m.signature for m in d.matches]
    assert "char tokenizer on text with spaces" not in named[0].mistake  # Japanese has no spaces: no mistake


def test_compound_split_is_the_perl_line(texts):
    """tensor2tensor's Perl line, run here with perl, gives what compound_split gives on real German."""
    import shutil
    import subprocess

    if shutil.which("perl") is None:
        pytest.skip("perl is not installed")
    hyps, _ = texts
    done = subprocess.run(["perl", "-ple", "s{(\\S)-(\\S)}{$1 ##AT##-##AT## $2}g"], input="\n".join(hyps) + "\n",
                          capture_output=True, text=True, encoding="utf-8", check=True)
    assert done.stdout.split("\n")[:-1] == [compound_split(h) for h in hyps]
