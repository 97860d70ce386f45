"""Notebook 08's exercises: the paired bootstrap's p and verdict, their slips; and what its build-it-yourself cells
rely on."""

from __future__ import annotations

import math

import numpy as np
import pytest

import bleu_explain as bx
from bleu_explain.analysis import significance as sig
from bleu_explain.course import ch08_is_the_difference_real as ch08
from bleu_explain.course.checker import exercises_for
from bleu_explain.data.corpus import load_corpus


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_the_checkers_run_sacrebleus_paired_bootstrap(corpus):
    sub = corpus.subset(range(10))
    bs = sig.paired_bootstrap(sub.system("S3"), sub.system("H1"), sub.references, progress=False)
    assert (bs.n_samples, bs.seed) == (1000, 12345) and ch08._p("few_sentences") == bs.p_value
    baseline, system, _ = ch08._texts("overlapping_intervals")
    assert [i for i, (a, b) in enumerate(zip(baseline, system)) if a != b] == \
        [i for i in range(0, 120, 10) if corpus.system("S3")[i] != corpus.system("S2")[i]]


@pytest.mark.parametrize("name", ["few_sentences", "overlapping_intervals"])
def test_each_exercise_accepts_its_answer_and_names_the_slips(name):
    ex = next(e for e in exercises_for("08_is_the_difference_real") if e.name == name)
    right = ex.solution()
    assert ex.check(right).correct and ex.check((round(right["p_value"], 3), right["significant"])).correct
    assert "other way round" in ex.check(ex.mistake()).message
    assert "1 - p" in ex.check({"p_value": 1 - right["p_value"], "significant": True}).message
    assert "randomization" in ex.check({"p_value": ch08._p(name, "ar"), "significant": True}).message
    assert "dict" in ex.check(0.5).message and "True or False" in ex.check({"p_value": 0.5, "significant": 1}).message
    assert not ex.check({"p_value": None, "significant": True}).correct
    for answer in (ex.mistake(), {"p_value": 0.5, "significant": False}):
        assert f"{right['p_value']:.3f}" not in ex.check(answer).message


def test_the_whole_corpus_slip_is_named():
    ex = exercises_for("08_is_the_difference_real")[0]
    corpus = load_corpus()
    whole = bx.paired_bootstrap(corpus.system("S3"), corpus.system("H1"), corpus.references, progress=False).p_value
    assert "whole corpus" in ex.check({"p_value": whole, "significant": True}).message


def _bleu_from_sums(hyp_len, ref_len, matches, totals):
    """The notebook's hand-written corpus BLEU: sacreBLEU's formula, in percent."""
    precisions = [100 * m / t for m, t in zip(matches, totals)]
    brevity_penalty = 1.0 if hyp_len >= ref_len else math.exp(1 - ref_len / hyp_len)
    return brevity_penalty * math.exp(sum(math.log(p) for p in precisions) / len(precisions))


def test_a_resample_scored_from_summed_statistics_is_the_engines_score_of_that_resample(corpus):
    """What the notebook's build-it-yourself cells rely on: a resample's score needs only the summed statistics, and
    sacreBLEU's draws are numpy's default_rng(seed).choice, row by row as at once."""
    outputs = corpus.system("S3")
    stats = bx.explain_corpus(outputs, corpus.references).segment_stats
    draws = np.random.default_rng(7).choice(len(stats), size=(5, len(stats)))
    rng = np.random.default_rng(7)
    for row in draws.tolist():
        assert rng.choice(len(stats), size=len(stats)).tolist() == row
        sums = (sum(stats[i].hyp_len for i in row), sum(stats[i].ref_len for i in row),
                [sum(stats[i].matches[n] for i in row) for n in range(4)],
                [sum(stats[i].totals[n] for i in row) for n in range(4)])
        engine = bx.explain_corpus([outputs[i] for i in row], [corpus.references[i] for i in row])
        assert _bleu_from_sums(*sums) == engine.score


def test_the_worked_solutions_build_the_data_the_checkers_test():
    for setup, code in ch08.SETUPS.items():
        namespace: dict = {"bx": bx}
        exec(code, namespace)
        assert (namespace["baseline"], namespace["system"], namespace["references"]) == ch08._texts(setup)
