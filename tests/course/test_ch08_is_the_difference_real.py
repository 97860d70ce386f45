"""Notebook 08's exercises: both paired tests' p-values and the verdict by randomization, their slips; what its
build-it-yourself cells rely on; and that it runs with nothing downloaded and nothing cached."""

from __future__ import annotations

import math
from pathlib import Path

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


def test_the_checkers_run_sacrebleus_paired_tests_with_their_defaults(corpus):
    sub = corpus.subset(range(10))
    bs = sig.paired_bootstrap(sub.system("S3"), sub.system("H1"), sub.references, progress=False)
    ar = sig.paired_approximate_randomization(sub.system("S3"), sub.system("H1"), sub.references, progress=False)
    assert (bs.n_samples, bs.seed, ar.n_samples, ar.seed) == (1000, 12345, 10000, 12345)
    assert (ch08._p("few_sentences", "bs"), ch08._p("few_sentences", "ar")) == (bs.p_value, ar.p_value)
    baseline, system, _ = ch08._texts("overlapping_intervals")
    assert [i for i, (a, b) in enumerate(zip(baseline, system)) if a != b] == \
        [i for i in range(0, 120, 10) if corpus.system("S3")[i] != corpus.system("S2")[i]]


@pytest.mark.parametrize("name", ["few_sentences", "overlapping_intervals"])
def test_each_exercise_accepts_its_answer_and_names_the_slips(name):
    ex = next(e for e in exercises_for("08_is_the_difference_real") if e.name == name)
    right = ex.solution()
    p_bs, p_ar, differ = right["p_bootstrap"], right["p_randomization"], right["differ"]
    assert differ == (p_ar < 0.05)
    assert ex.check(right).correct and ex.check((round(p_bs, 3), round(p_ar, 3), differ)).correct
    assert "other way round" in ex.check(ex.mistake()).message
    swapped = {"p_bootstrap": p_ar, "p_randomization": p_bs, "differ": differ}
    assert "swapped" in ex.check(swapped).message
    assert "1 - p" in ex.check({**right, "p_bootstrap": 1 - p_bs}).message
    assert "1 - p" in ex.check({**right, "p_randomization": 1 - p_ar}).message
    assert "1,000 randomization trials" in ex.check({**right, "p_randomization": ch08._p(name, "ar", 1000)}).message
    assert "dict" in ex.check(0.5).message and "True or False" in ex.check({**right, "differ": 1}).message
    assert not ex.check({**right, "p_bootstrap": None}).correct
    for answer in (ex.mistake(), {"p_bootstrap": 0.5, "p_randomization": 0.5, "differ": False}):
        message = ex.check(answer).message
        assert f"{p_bs:.3f}" not in message and f"{p_ar:.3f}" not in message


def test_a_verdict_read_off_the_bootstrap_is_named_where_the_tests_disagree(monkeypatch):
    # where the bootstrap's p is below 0.05 and randomization's is not, a "differ" of True follows the bootstrap
    monkeypatch.setattr(ch08, "_p", lambda setup, test="bs", samples=None: {"bs": 0.03, "ar": 0.08}[test])
    said = ch08._check({"p_bootstrap": 0.03, "p_randomization": 0.08, "differ": True}, "few_sentences", "right")
    assert not said.correct and "follows the bootstrap" in said.message


def test_the_whole_corpus_slip_is_named():
    ex = exercises_for("08_is_the_difference_real")[0]
    corpus = load_corpus()
    right = ex.solution()
    whole = bx.paired_bootstrap(corpus.system("S3"), corpus.system("H1"), corpus.references, progress=False).p_value
    assert "whole corpus" in ex.check({**right, "p_bootstrap": whole}).message


def test_the_worked_solution_decides_by_randomization_and_names_no_missing_section():
    for ex in exercises_for("08_is_the_difference_real"):
        worked = ex.worked()
        assert "randomization's p" in worked and "Section 6" not in worked and "section 6" not in worked


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


@pytest.mark.notebooks
def test_the_notebook_runs_cold_with_no_data_and_an_empty_cache(tmp_path, monkeypatch):
    """Section 5 draws from the bundled measurement: with no WMT21 data and nothing cached, every cell that spoke when
    the notebook was built speaks again, with the same text, and none fails."""
    import nbformat
    from nbclient import NotebookClient

    from bleu_explain.data.download import DATA_ENV
    from bleu_explain.data.parsed_cache import CACHE_ENV

    root = Path(__file__).resolve().parents[2]
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv(CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # pooch's user cache: empty, holds no data
    built = nbformat.read(root / "notebooks" / "08_is_the_difference_real.ipynb", as_version=4)
    nb = nbformat.from_dict(built)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(root / "notebooks")}}).execute()

    def texts(cell):
        return [o.get("text", "") or o.get("data", {}).get("text/plain", "") for o in cell.outputs
                if not {"image/png", "application/vnd.jupyter.widget-view+json"} & set(o.get("data", {}))]

    for old, new in zip(built.cells, nb.cells):
        if new.cell_type != "code":
            continue
        assert not [o for o in new.outputs if o.output_type == "error"], new.source[:60]
        assert bool(old.outputs) == bool(new.outputs), new.source[:60]
        assert texts(old) == texts(new), new.source[:60]
    assert not (tmp_path / "cache" / "bleu-explain" / "wmt21").exists()
