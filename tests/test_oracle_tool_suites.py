"""sacreBLEU's and NLTK's own BLEU test cases, fed through our presets beside the real tools.

Each case is an input from one of the tools' own test suites, written here as our own
parametrized case whose id says where it comes from (``sacreBLEU test_bleu.py: test_scoring``):

* sacreBLEU 2.6 (github.com/mjpost/sacrebleu): ``test/test_bleu.py``, ``test/test_sentence_bleu.py``,
  ``test/test_significance.py`` and the BLEU checks of ``test.sh``. ``test/test_api.py`` has no BLEU
  case (it checks the test-set database); the others test chrF, TER and the datasets.
* NLTK (github.com/nltk/nltk): ``nltk/test/unit/translate/test_bleu.py``, the doctests of
  ``nltk/translate/bleu_score.py`` and ``nltk/test/bleu.doctest``.

Every test runs the real tool on the same input and asserts that our preset gives its result
(sacreBLEU bit for bit; NLTK within 1e-9 relative, as in ``test_oracle_nltk.py``); where the suite
states an expected value, the suite's own check is applied to our result as well. Where our
preset refuses an input the tool accepts, the case is marked as a strict expected failure that says so.

Not here, because their inputs are not in the installed tools and are not on the package registries:
sacreBLEU's ``test_significance.py`` reads a pickle of WMT17 systems kept in its repository (the same
procedure, tokenize none, 2,000 resamples, 10,000 trials, seed 12345, runs on WMT21 systems in
``test_sacrebleu_significance_procedure_on_wmt21``); ``test.sh``'s regression groups need the WMT17
submissions and sacreBLEU's ``-t wmt17`` download (the same options run beside sacreBLEU on WMT21 outputs in
``test_cli.py``), and its MeCab data is downloaded too (the ja-mecab and ko-mecab tokenizers are checked
against sacreBLEU's in ``tests/engine/test_tokenize.py``).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest
import sacrebleu
from conftest import count_oracle, wmt21_folder
from nltk.translate.bleu_score import (
    SmoothingFunction,
    brevity_penalty,
    closest_ref_length,
    corpus_bleu,
    modified_precision,
    sentence_bleu,
)
from sacrebleu.metrics import BLEU

import bleu_explain as bx
from bleu_explain.api import make_config
from bleu_explain.engine.combine import combine_counts
from bleu_explain.engine.errors import BleuComputationError, BleuInputError


def case(origin: str, *values, marks=()):
    """A test parameter named by where it comes from."""
    return pytest.param(*values, id=origin, marks=marks)


def segments(streams):
    """sacreBLEU's reference streams (one list per reference) as our segment-major lists."""
    return [list(seg) for seg in zip(*streams)]


def assert_sacrebleu_equal(ours, theirs):
    """Our result is sacreBLEU's: the score to the last bit, and the counts and lengths behind it."""
    assert ours.score == theirs.score, (ours.score, theirs.score)
    assert list(ours.matches) == list(theirs.counts) and list(ours.totals) == list(theirs.totals)
    assert (ours.hyp_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
    count_oracle("sacrebleu")


def assert_nltk_equal(ours: float, theirs: float):
    assert math.isclose(ours, theirs, rel_tol=1e-9, abs_tol=0.0), (ours, theirs)
    count_oracle("nltk")


def quietly(function, *args, **kwargs):
    """NLTK warns about orders without matches; the tests compare values, not warnings."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


# =============================================================================== sacreBLEU
# test_bleu.py's inputs
SB_REFS = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]
SB_HYPS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]


def raw_corpus_bleu_ours(hyps, streams, smooth_value=0.1):
    """sacreBLEU's ``raw_corpus_bleu``: no tokenization, floor smoothing, effective order."""
    return bx.explain_corpus(list(hyps), segments(streams), tokenize="none", smooth="floor",
                             smooth_value=smooth_value, effective_order=True)


@pytest.mark.parametrize("hyps,streams,expected", [
    case("sacreBLEU test_bleu.py: test_raw_bleu[no match]", ["this is a test", "another test"], [["ref1", "ref2"]],
         0.0),
    case("sacreBLEU test_bleu.py: test_raw_bleu[identical]", ["this is a test"], [["this is a test"]], 1.0),
    case("sacreBLEU test_bleu.py: test_raw_bleu[one word off]", ["this is a fest"], [["this is a test"]],
         0.223606797749979),
    case("sacreBLEU test_bleu.py: test_effective_order[test]", ["test"], [["a test"]], 0.3678794411714425),
    case("sacreBLEU test_bleu.py: test_effective_order[a test]", ["a test"], [["a test"]], 1.0),
    case("sacreBLEU test_bleu.py: test_effective_order[a little test]", ["a little test"], [["a test"]],
         0.03218297948685433),
])
def test_sacrebleu_raw_corpus_bleu(hyps, streams, expected):
    theirs = sacrebleu.raw_corpus_bleu(hyps, streams, .01)
    ours = raw_corpus_bleu_ours(hyps, streams, .01)
    assert_sacrebleu_equal(ours, theirs)
    assert abs(ours.score / 100 - expected) < 1e-8  # the suite's check


@pytest.mark.parametrize("hyps,kwargs,expected", [
    case("sacreBLEU test_bleu.py: test_corpus_bleu[defaults]", SB_HYPS, {}, 48.530827),
    case("sacreBLEU test_bleu.py: test_corpus_bleu[empty hypotheses]", ("", "", ""), {}, 0.0),
    case("sacreBLEU test_bleu.py: test_corpus_bleu[tokenize none]", SB_HYPS, {"tokenize": "none"}, 49.1919566),
    case("sacreBLEU test_bleu.py: test_corpus_bleu[tokenize 13a]", SB_HYPS, {"tokenize": "13a"}, 48.530827),
    case("sacreBLEU test_bleu.py: test_corpus_bleu[tokenize intl]", SB_HYPS, {"tokenize": "intl"}, 43.91623493),
    case("sacreBLEU test_bleu.py: test_corpus_bleu[smooth none]", SB_HYPS, {"smooth_method": "none"}, 48.530827),
])
def test_sacrebleu_corpus_bleu(hyps, kwargs, expected):
    theirs = sacrebleu.corpus_bleu(hyps, SB_REFS, **kwargs)
    ours = bx.explain_corpus(list(hyps), segments(SB_REFS), tokenize=kwargs.get("tokenize"),
                             smooth=kwargs.get("smooth_method"))
    assert_sacrebleu_equal(ours, theirs)
    assert abs(ours.score - expected) < 1e-8


def test_sacrebleu_statistics():
    """sacreBLEU test_bleu.py: test_statistics."""
    hyps, streams = ["am I am a character sequence"], [["I am a symbol string sequence a a"]]
    theirs = sacrebleu.raw_corpus_bleu(hyps, streams, .01)
    ours = raw_corpus_bleu_ours(hyps, streams, .01)
    assert_sacrebleu_equal(ours, theirs)
    assert (list(ours.matches), list(ours.totals)) == ([4, 2, 1, 0], [6, 5, 4, 3])


def test_sacrebleu_scoring():
    """sacreBLEU test_bleu.py: test_scoring (``BLEU.compute_bleu`` on given statistics, no smoothing)."""
    theirs = BLEU.compute_bleu([9, 7, 5, 3], [10, 8, 6, 4], 11, 11).score
    ours = combine_counts([9, 7, 5, 3], [10, 8, 6, 4], 11, 11, make_config("sacrebleu", smooth="none")).score
    assert ours == theirs
    assert abs(ours / 100 - 0.8375922397) < 1e-8
    count_oracle("sacrebleu")


@pytest.mark.parametrize("smooth_value,expected", [
    case("sacreBLEU test_bleu.py: test_offset[offset 0]", 0.0, 0.0),
    case("sacreBLEU test_bleu.py: test_offset[offset None]", None, 0.1555722182),
    case("sacreBLEU test_bleu.py: test_offset[default offset]", "default", 0.1555722182),
])
def test_sacrebleu_offset(smooth_value, expected):
    hyps, streams = ["am I am a character sequence"], [["I am a symbol string sequence a a"]]
    if smooth_value == "default":
        theirs, ours = sacrebleu.raw_corpus_bleu(hyps, streams), raw_corpus_bleu_ours(hyps, streams)
    else:
        theirs = sacrebleu.raw_corpus_bleu(hyps, streams, smooth_value)
        ours = raw_corpus_bleu_ours(hyps, streams, smooth_value)
    assert_sacrebleu_equal(ours, theirs)
    assert abs(ours.score / 100 - expected) < 1e-8


@pytest.mark.parametrize("common,total,sys_len,ref_len,offset", [
    case("sacreBLEU test_bleu.py: test_degenerate_statistics[0]", [0, 0, 0, 0], [4, 4, 2, 1], 0, 1, 0.0),
    case("sacreBLEU test_bleu.py: test_degenerate_statistics[1]", [0, 0, 0, 0], [10, 11, 12, 0], 14, 10, 0.0),
    case("sacreBLEU test_bleu.py: test_degenerate_statistics[2]", [0, 0, 0, 0], [0, 0, 0, 0], 0, 0, 0.0),
    case("sacreBLEU test_bleu.py: test_degenerate_statistics[3]", [6, 5, 4, 0], [6, 5, 4, 3], 6, 6, 0.0),
    case("sacreBLEU test_bleu.py: test_degenerate_statistics[4]", [0, 0, 0, 0], [0, 0, 0, 0], 0, 0, 0.1),
    case("sacreBLEU test_bleu.py: test_degenerate_statistics[5]", [0, 0, 0, 0], [0, 0, 0, 0], 1, 5, 0.01),
])
def test_sacrebleu_degenerate_statistics(common, total, sys_len, ref_len, offset):
    theirs = BLEU.compute_bleu(list(common), list(total), sys_len, ref_len, smooth_method="floor",
                               smooth_value=offset).score
    config = make_config("sacrebleu", smooth="floor", smooth_value=offset)
    ours = combine_counts(list(common), list(total), sys_len, ref_len, config).score
    assert ours == theirs == 0.0  # the suite asserts exactly 0.0
    count_oracle("sacrebleu")


@pytest.mark.parametrize("order,expected", [
    case(f"sacreBLEU test_bleu.py: test_max_ngram_order[{order}]", order, expected)
    for order, expected in [(1, "77.65"), (2, "60.50"), (3, "53.93"), (4, "48.53"), (5, "46.14"), (6, "43.28")]
])
def test_sacrebleu_max_ngram_order(order, expected):
    theirs = BLEU(max_ngram_order=order).corpus_score(SB_HYPS, SB_REFS)
    ours = bx.explain_corpus(SB_HYPS, segments(SB_REFS), max_order=order)
    assert_sacrebleu_equal(ours, theirs)
    assert f"{ours.score:.2f}" == expected


# test_sentence_bleu.py's inputs (sacreBLEU issues #98 and #141)
SB_SENTENCE_REF = "producţia de zahăr brut se exprimă în zahăr alb;"
SB_SENTENCE_SYS = "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;"
SB_SENTENCE_CASES = [
    ("exp", None, False, "13a", 8.493),
    ("none", None, False, "13a", 0.0),
    ("floor", None, False, "13a", 4.51688),
    ("floor", 0.1, False, "13a", 4.51688),
    ("floor", 0.5, False, "13a", 10.10),
    ("add-k", None, False, "13a", 14.882),
    ("add-k", 1, False, "13a", 14.882),
    ("add-k", 2, False, "13a", 21.389),
    ("exp", None, False, "none", 7.347),
    ("exp", None, False, "intl", 8.493),
    ("exp", None, False, "char", 40.8759),
    ("exp", None, True, "char", 42.0267),
]
SB_ZERO_CASES = [("exp", None), ("none", None), ("floor", None), ("floor", 0.1), ("add-k", None), ("add-k", 1)]


@pytest.mark.parametrize("api", ["compat", "metrics"])
@pytest.mark.parametrize("smooth,value,lowercase,tok,expected", [
    case(f"sacreBLEU test_sentence_bleu.py: test_*_sentence_bleu[{m}-{v}-{lc}-{t}]", m, v, lc, t, e)
    for m, v, lc, t, e in SB_SENTENCE_CASES
])
def test_sacrebleu_sentence_bleu(api, smooth, value, lowercase, tok, expected):
    """test_compat_sentence_bleu (``sacrebleu.compat.sentence_bleu``) and test_api_sentence_bleu (``BLEU``)."""
    if api == "compat":
        theirs = sacrebleu.compat.sentence_bleu(SB_SENTENCE_SYS, [SB_SENTENCE_REF], smooth_method=smooth,
                                                smooth_value=value, tokenize=tok, lowercase=lowercase,
                                                use_effective_order=True)
    else:
        theirs = BLEU(lowercase=lowercase, tokenize=tok, smooth_method=smooth, smooth_value=value,
                      effective_order=True).sentence_score(SB_SENTENCE_SYS, [SB_SENTENCE_REF])
    ours = bx.explain(SB_SENTENCE_SYS, [SB_SENTENCE_REF], smooth=smooth, smooth_value=value, tokenize=tok,
                      lowercase=lowercase, effective_order=True)
    assert ours.score == theirs.score and (ours.hyp_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
    if smooth != "add-k":  # add-k raises sacreBLEU's reported counts; ours are the counts before smoothing
        assert list(ours.matches) == list(theirs.counts)
    count_oracle("sacrebleu")
    assert abs(ours.score - expected) < 1e-3


@pytest.mark.parametrize("smooth,value", [
    case(f"sacreBLEU test_sentence_bleu.py: test_api_sentence_bleu_zero[{m}-{v}]", m, v) for m, v in SB_ZERO_CASES
])
def test_sacrebleu_sentence_bleu_zero(smooth, value):
    theirs = BLEU(tokenize="13a", smooth_method=smooth, smooth_value=value,
                  effective_order=True).sentence_score("this is a cat", ["okay thanks"])
    ours = bx.explain("this is a cat", ["okay thanks"], smooth=smooth, smooth_value=value, effective_order=True)
    assert ours.score == theirs.score
    count_oracle("sacrebleu")
    assert abs(ours.score - 0.0) < 1e-3


@pytest.mark.slow
def test_sacrebleu_significance_procedure_on_wmt21(monkeypatch):
    """sacreBLEU test_significance.py's procedure (PairedTest, tokenize none, bs 2,000, ar 10,000) on WMT21 en-de."""
    from sacrebleu.significance import PairedTest

    from bleu_explain.analysis.significance import (
        paired_approximate_randomization_of_results,
        paired_bootstrap_of_results,
    )

    folder = wmt21_folder()
    if folder is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    ende = folder / "en-de"
    refs = (ende / "ref.A.de").read_text(encoding="utf-8").splitlines()
    names = ["UEdin", "Online-W", "VolcTrans-GLAT"]
    named = [(n, (ende / "sys" / f"{n}.de").read_text(encoding="utf-8").splitlines()) for n in names]
    results = [bx.explain_corpus(hyps, [[r] for r in refs], tokenize="none") for _, hyps in named]
    for test_type, n_samples, ours_test in (("bs", 2000, paired_bootstrap_of_results),
                                            ("ar", 10000, paired_approximate_randomization_of_results)):
        metrics = {"BLEU": BLEU(references=[refs], tokenize="none")}
        theirs = PairedTest(named, metrics, references=None, test_type=test_type, n_samples=n_samples)()[1]["BLEU"]
        for result, their in zip(results[1:], theirs[1:]):
            ours = ours_test(results[0], result, n_samples=n_samples, seed=12345, progress=False)
            assert (ours.system_score, ours.p_value) == (their.score, their.p_value)
            assert (ours.system_mean, ours.system_ci) == (their.mean, their.ci)
            count_oracle("sacrebleu")


# test.sh: its command-line checks that need no download
def test_sacrebleu_control_character_in_a_reference(tmp_path):
    """sacreBLEU test.sh: "Control character tests" -- a carriage return inside a reference line changes nothing."""
    (tmp_path / "buggy").write_bytes(b"Hello! How are you \r doing today?")
    (tmp_path / "okay").write_bytes(b"Hello! How are you doing today?\n")
    scores = {}
    for ref in ("buggy", "okay"):
        outputs = [subprocess.run([sys.executable, "-m", tool, "-w", "2", "-b", ref], cwd=tmp_path,
                                  input=b"Hello! How are you doing today?\n", capture_output=True, timeout=120,
                                  env={**os.environ, "NO_COLOR": "1"})
                   for tool in ("sacrebleu", "bleu_explain")]
        theirs, ours = outputs
        assert (ours.stdout, ours.returncode) == (theirs.stdout, theirs.returncode)
        count_oracle("sacrebleu-cli")
        scores[ref] = ours.stdout
    assert scores["buggy"] == scores["okay"]  # the suite's check




# =============================================================================== NLTK
def nltk_ours(hyp_tokens, refs_tokens, **settings):
    """Our nltk preset on NLTK's token lists (joined with spaces; the preset splits on white space)."""
    return bx.explain(" ".join(hyp_tokens), [" ".join(r) for r in refs_tokens], preset="nltk", **settings)


PAPER_REFS_3 = [
    "It is a guide to action that ensures that the military will forever heed Party commands".split(),
    "It is the guiding principle which guarantees the military forces always being under the command of the "
    "Party".split(),
    "It is the practical guide for the army always to heed the directions of the party".split(),
]
PAPER_HYP_1 = "It is a guide to action which ensures that the military always obeys the commands of the party".split()
PAPER_HYP_2 = "It is to insure the troops forever hearing the activity guidebook that party direct".split()
CAT_REFS = ["the cat is on the mat".split(), "there is a cat on the mat".split()]


@pytest.mark.parametrize("hyp,refs,n,check", [
    case("NLTK test_bleu.py: test_modified_precision[the*, n=1]", "the the the the the the the".split(), CAT_REFS,
         1, lambda p: round(p, 4) == 0.2857 and abs(p - 0.28571428) < 5e-5),
    case("NLTK test_bleu.py: test_modified_precision[the*, n=2]", "the the the the the the the".split(), CAT_REFS,
         2, lambda p: p == 0.0),
    case("NLTK test_bleu.py: test_modified_precision[of the, n=1]", "of the".split(), PAPER_REFS_3, 1,
         lambda p: p == 1.0),
    case("NLTK test_bleu.py: test_modified_precision[of the, n=2]", "of the".split(), PAPER_REFS_3, 2,
         lambda p: p == 1.0),
    case("NLTK test_bleu.py: test_modified_precision[hyp1, n=1]", PAPER_HYP_1, PAPER_REFS_3, 1,
         lambda p: round(p, 4) == 0.9444),
    case("NLTK test_bleu.py: test_modified_precision[hyp2, n=1]", PAPER_HYP_2, PAPER_REFS_3, 1,
         lambda p: round(p, 4) == 0.5714),
    case("NLTK test_bleu.py: test_modified_precision[hyp1, n=2]", PAPER_HYP_1, PAPER_REFS_3, 2,
         lambda p: round(p, 4) == 0.5882 and p == 0.5882352941176471),  # the second check: the bleu_score doctest
    case("NLTK test_bleu.py: test_modified_precision[hyp2, n=2]", PAPER_HYP_2, PAPER_REFS_3, 2,
         lambda p: round(p, 4) == 0.0769),
])
def test_nltk_modified_precision(hyp, refs, n, check):
    fraction = modified_precision(refs, hyp, n=n)  # NLTK keeps the counts: Fraction(clipped, max(1, total))
    ours = nltk_ours(hyp, refs)
    assert (fraction.numerator, fraction.denominator) == (ours.matches[n - 1], max(1, ours.totals[n - 1]))
    precision = ours.breakdown.raw_precisions[n - 1]
    assert precision == float(fraction)
    count_oracle("nltk")
    assert check(precision)


@pytest.mark.parametrize("ref_lengths,hyp_length,check", [
    case("NLTK test_bleu.py: test_brevity_penalty[11, 8 / 7]", (11, 8), 7, lambda bp: abs(bp - 0.8669) < 5e-5),
    case("NLTK test_bleu.py: test_brevity_penalty[11, 8, 6, 7 / 7]", (11, 8, 6, 7), 7, lambda bp: bp == 1.0),
    case("NLTK bleu_score.py doctest: brevity_penalty[12, 15, 17 / 12]", (12, 15, 17), 12, lambda bp: bp == 1.0),
    case("NLTK bleu_score.py doctest: brevity_penalty[28, 28 / 12]", (28, 28), 12,
         lambda bp: bp == 0.2635971381157267),
    case("NLTK bleu_score.py doctest: brevity_penalty[13, 2 / 12]", (13, 2), 12, lambda bp: str(bp).startswith("0.9200")),
    case("NLTK bleu_score.py doctest: brevity_penalty[13, 11 / 12]", (13, 11), 12, lambda bp: bp == 1),
    case("NLTK bleu_score.py doctest: brevity_penalty[11, 13 / 12]", (11, 13), 12, lambda bp: bp == 1),
])
def test_nltk_brevity_penalty(ref_lengths, hyp_length, check):
    refs = [["a"] * n for n in ref_lengths]
    hyp = ["a"] * hyp_length
    closest = closest_ref_length(refs, hyp_length)
    theirs = brevity_penalty(closest, hyp_length)
    ours = nltk_ours(hyp, refs)
    assert ours.ref_len == closest
    assert ours.brevity_penalty == theirs
    count_oracle("nltk")
    assert check(ours.brevity_penalty)


NO_ALIGNMENT = ["The candidate has no alignment to any of the references".split()]
JOHN = "John loves Mary".split()


@pytest.mark.parametrize("refs,hyp,settings,check", [
    *[case(f"NLTK test_bleu.py: test_zero_matches[n={n}]", NO_ALIGNMENT, JOHN, {"weights": (1.0 / n,) * n},
           lambda s: s == 0) for n in range(1, 3)],
    *[case(f"NLTK test_bleu.py: test_full_matches[n={n}]", [JOHN], JOHN, {"weights": (1.0 / n,) * n},
           lambda s: s == 1.0) for n in range(1, 3)],
    case("NLTK test_bleu.py: test_partial_matches_hypothesis_longer_than_reference", [JOHN],
         "John loves Mary who loves Mike".split(), {}, lambda s: round(s, 4) == 0.0),
    case("NLTK test_bleu.py: test_case_where_n_is_bigger_than_hypothesis_length[reference longer]",
         ["John loves Mary ?".split()], JOHN, {"weights": (0.25,) * 4}, lambda s: round(s, 4) == 0.0),
    case("NLTK test_bleu.py: test_case_where_n_is_bigger_than_hypothesis_length[reference == hypothesis]",
         [JOHN], JOHN, {"weights": (0.25,) * 4}, lambda s: round(s, 4) == 0.0),
    case("NLTK test_bleu.py: test_empty_hypothesis", NO_ALIGNMENT, [], {}, lambda s: s == 0),
    case("NLTK test_bleu.py: test_empty_references", [[]], JOHN, {}, lambda s: s == 0),
    case("NLTK test_bleu.py: test_empty_references_and_hypothesis", [[]], [], {}, lambda s: s == 0),
    case("NLTK test_bleu.py: test_reference_or_hypothesis_shorter_than_fourgrams", ["let it go".split()],
         "let go it".split(), {}, lambda s: round(s, 4) == 0.0),
    case("NLTK test_bleu.py: test_numpy_weights", NO_ALIGNMENT, JOHN, {"weights": np.array([0.25] * 4)},
         lambda s: s == 0),
    case("NLTK bleu.doctest: bleu(weights=(1,)) without alignment", NO_ALIGNMENT, JOHN, {"weights": (1,)},
         lambda s: s == 0),
    case("NLTK bleu.doctest: sentence_bleu method4 on 'It is .'", ["It is a place of quiet contemplation .".split()],
         "It is .".split(), {"smooth": "method4"}, lambda s: str(s * 100).startswith("4.4267")),
    case("NLTK bleu_score.py doctest: sentence_bleu(hypothesis1)", PAPER_REFS_3, PAPER_HYP_1, {},
         lambda s: str(s).startswith("0.5045")),
    case("NLTK bleu_score.py doctest: sentence_bleu(hypothesis2)", PAPER_REFS_3, PAPER_HYP_2, {},
         lambda s: round(s, 4) == 0.0),
    case("NLTK bleu_score.py doctest: sentence_bleu(hypothesis2, method1)", PAPER_REFS_3, PAPER_HYP_2,
         {"smooth": "method1"}, lambda s: str(s).startswith("0.0370")),
    case("NLTK bleu_score.py doctest: sentence_bleu(hypothesis1, 5 orders)", PAPER_REFS_3, PAPER_HYP_1,
         {"weights": (1. / 5.,) * 5}, lambda s: str(s).startswith("0.3920")),
    *[case(f"NLTK bleu_score.py doctest: sentence_bleu(hypothesis1, weights list [{k}])", PAPER_REFS_3,
           PAPER_HYP_1, {"weights": (1. / n,) * n}, lambda s, p=prefix: str(s).startswith(p))
      for k, (n, prefix) in enumerate([(2, "0.7453"), (3, "0.6240"), (4, "0.5045")])],
])
def test_nltk_sentence_bleu(refs, hyp, settings, check):
    smoothing = getattr(SmoothingFunction(), settings.get("smooth", "method0"))
    weights = settings.get("weights", (0.25, 0.25, 0.25, 0.25))
    theirs = quietly(sentence_bleu, refs, hyp, weights, smoothing_function=smoothing)
    ours = nltk_ours(hyp, refs, **settings).bleu
    assert_nltk_equal(ours, theirs)
    assert check(ours)


def test_nltk_length_one_hypothesis_with_method4():
    """NLTK test_bleu.py: test_length_one_hypothesis (the suite accepts a score or a ValueError)."""
    refs, hyp = NO_ALIGNMENT, ["Foo"]
    try:
        theirs = quietly(sentence_bleu, refs, hyp, smoothing_function=SmoothingFunction().method4)
    except ValueError:
        with pytest.raises((BleuInputError, BleuComputationError)):
            nltk_ours(hyp, refs, smooth="method4")
        count_oracle("nltk")
        return
    assert_nltk_equal(nltk_ours(hyp, refs, smooth="method4").bleu, theirs)


SMOOTHING_REF = ("It is a guide to action that ensures that the military will forever heed Party commands").split()


@pytest.mark.parametrize("method,prefix", [
    case("NLTK bleu_score.py doctest: SmoothingFunction[no smoothing]", None, "0.4118"),
    *[case(f"NLTK bleu_score.py doctest: SmoothingFunction[method{i}]", f"method{i}", p)
      for i, p in enumerate(["0.4118", "0.4118", "0.4452", "0.4118", "0.4118", "0.4905", "0.4135", "0.4905"])],
])
def test_nltk_smoothing_functions(method, prefix):
    refs, hyp = [SMOOTHING_REF], PAPER_HYP_1
    if method is None:
        theirs = quietly(sentence_bleu, refs, hyp)
        ours = nltk_ours(hyp, refs).bleu
    else:
        theirs = quietly(sentence_bleu, refs, hyp, smoothing_function=getattr(SmoothingFunction(), method))
        ours = nltk_ours(hyp, refs, smooth=method).bleu
    assert_nltk_equal(ours, theirs)
    assert str(ours).startswith(prefix)


# corpus_bleu: the doctest's two-segment corpus and test_bleu.py's TestBLEUWithMultipleWeights
CORPUS_REFS = [list(PAPER_REFS_3),
               ["he was interested in world history because he read the book".split()]]
CORPUS_HYPS = [PAPER_HYP_1, "he read the book because he was interested in world history".split()]


def nltk_corpus_ours(hyps, refs, **settings):
    return bx.explain_corpus([" ".join(h) for h in hyps], [[" ".join(r) for r in seg] for seg in refs],
                             preset="nltk", **settings)


@pytest.mark.parametrize("weights,check", [
    case("NLTK bleu_score.py doctest: corpus_bleu", (0.25,) * 4, lambda s: str(s).startswith("0.5920")),
    case("NLTK bleu_score.py doctest: corpus_bleu(weights=(0.1, 0.3, 0.5, 0.1))", (0.1, 0.3, 0.5, 0.1),
         lambda s: str(s).startswith("0.5818")),
    *[case(f"NLTK bleu_score.py doctest: corpus_bleu(weights list [{k}])", w, lambda s, p=p: str(s).startswith(p))
      for k, (w, p) in enumerate([((0.5, 0.5), "0.8242"), ((0.333, 0.333, 0.334), "0.7067"),
                                  ((0.25,) * 4, "0.5920"), ((0.2,) * 5, "0.4719")])],
    *[case(f"NLTK test_bleu.py: test_corpus_bleu_with_multiple_weights[{w}]", w, None)
      for w in [(1, 0, 0, 0), (0.25, 0.25, 0.25, 0.25), (0, 0, 0, 0, 1)]],
])
def test_nltk_corpus_bleu(weights, check):
    theirs = quietly(corpus_bleu, CORPUS_REFS, CORPUS_HYPS, weights=weights)
    ours = nltk_corpus_ours(CORPUS_HYPS, CORPUS_REFS, weights=weights).bleu
    assert_nltk_equal(ours, theirs)
    if check is not None:
        assert check(ours)


def test_nltk_corpus_bleu_with_a_list_of_weights():
    """NLTK test_bleu.py: test_corpus_bleu_with_multiple_weights -- one call with three weight vectors."""
    weights = [(1, 0, 0, 0), (0.25, 0.25, 0.25, 0.25), (0, 0, 0, 0, 1)]
    theirs = quietly(corpus_bleu, CORPUS_REFS, CORPUS_HYPS, weights=weights)
    ours = [nltk_corpus_ours(CORPUS_HYPS, CORPUS_REFS, weights=w).bleu for w in weights]
    for a, b in zip(ours, theirs):
        assert_nltk_equal(a, b)


def test_nltk_average_of_sentence_scores_is_not_corpus_bleu():
    """NLTK bleu_score.py doctest: (sentence_bleu(seg 1) + sentence_bleu(seg 2)) / 2 is 0.6223..., not 0.5920..."""
    theirs = [quietly(sentence_bleu, refs, hyp) for refs, hyp in zip(CORPUS_REFS, CORPUS_HYPS)]
    ours = [nltk_ours(hyp, refs).bleu for refs, hyp in zip(CORPUS_REFS, CORPUS_HYPS)]
    for a, b in zip(ours, theirs):
        assert_nltk_equal(a, b)
    assert str((ours[0] + ours[1]) / 2).startswith("0.6223")


def test_nltk_corpus_bleu_with_bad_sentence():
    """NLTK test_bleu.py: test_corpus_bleu_with_bad_sentence."""
    hyp = "Teo S yb , oe uNb , R , T t , , t Tue Ar saln S , , 5istsi l , 5oe R ulO sae oR R".split()
    ref = ("Their tasks include changing a pump on the faulty stokehold .Likewise , two species that are very "
           "similar in morphology were distinguished using genetics .").split()
    theirs = quietly(corpus_bleu, [[ref]], [hyp])
    ours = nltk_corpus_ours([hyp], [[ref]]).bleu
    assert_nltk_equal(ours, theirs)
    assert round(ours, 4) == 0.0


def test_nltk_against_mteval13a_on_wmt15():
    """NLTK test_bleu.py: TestBLEUvsMteval13a.test_corpus_bleu (NLTK's wmt15_eval data, orders 1-9)."""
    from nltk.data import find

    try:
        ref_file = find("models/wmt15_eval/ref.ru")
        hyp_file = find("models/wmt15_eval/google.ru")
    except LookupError:
        pytest.skip("needs NLTK's wmt15_eval data (nltk.download('wmt15_eval')), which is downloaded, not installed")
    with open(ref_file, encoding="utf8") as refs_in, open(hyp_file, encoding="utf8") as hyps_in:
        refs = [[line.split()] for line in refs_in]
        hyps = [line.split() for line in hyps_in]
    for i in range(1, 10):
        for method in ("method0", "method3"):
            weights = (1.0 / i,) * i
            theirs = quietly(corpus_bleu, refs, hyps, weights=weights,
                             smoothing_function=getattr(SmoothingFunction(), method))
            assert_nltk_equal(nltk_corpus_ours(hyps, refs, weights=weights, smooth=method).bleu, theirs)
