"""Notebook 10's exercise on the WMT21 data: the checker's value against sacreBLEU and scipy, its slips, and
what it says without the data."""

from __future__ import annotations

import pytest
from conftest import count_oracle, wmt21_folder
from scipy import stats

from bleu_explain.course import ch10_agreement_of_systems as ch10
from bleu_explain.course.checker import exercises_for


@pytest.fixture(scope="module")
def data():
    if wmt21_folder() is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    from bleu_explain.data.parsed_cache import load_wmt21_cached

    return {pair: load_wmt21_cached(pair) for pair in ("zh-en", "en-de")}


@pytest.mark.slow
def test_r_against_reference_c_is_sacrebleus_bleu_correlated_by_scipy(data):
    from sacrebleu.metrics import BLEU

    de = data["en-de"]
    mqm = de.human("mqm").systems
    outputs = {name: lines for name, lines in de.translations("C").items() if name in mqm}
    assert sorted(n for n in outputs if n not in de.systems) == ["ref-A", "ref-D"] and len(outputs) == 10
    bleu = {name: BLEU().corpus_score(lines, [de.references["C"]]).score for name, lines in outputs.items()}
    count_oracle("sacrebleu", len(bleu))
    names = list(bleu)
    assert ch10._against() == pytest.approx(stats.pearsonr([bleu[n] for n in names], [mqm[n] for n in names])[0])


@pytest.mark.slow
def test_exercises_accept_the_answer_and_name_the_slip(data):
    for ex in exercises_for("10_agreement_of_systems"):
        assert ex.check(ex.solution()).correct, ex.name
        wrong = ex.check(ex.mistake())
        assert not wrong.correct and wrong.message
        assert not ex.check(None).correct and not ex.check("0.5").correct
    (ex,) = exercises_for("10_agreement_of_systems")
    assert "reference A" in ex.check(ex.mistake()).message
    assert "percentage" in ex.check(round(ex.solution() * 100)).message



# --------------------------------------------------------------------------- the notebook with nothing downloaded
@pytest.mark.notebooks
def test_with_an_empty_data_folder_the_notebook_draws_bleu_against_people_from_the_bundle(tmp_path, monkeypatch):
    import socket
    from pathlib import Path

    import nbformat
    from nbclient import NotebookClient

    from bleu_explain.data.download import DATA_ENV, DATA_URL_ENV

    root = Path(__file__).resolve().parents[2]
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "empty"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with socket.socket() as s:  # a port nothing listens on: a download could reach nothing
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv(DATA_URL_ENV, f"http://127.0.0.1:{port}")
    nb = nbformat.read(root / "notebooks" / "10_agreement_of_systems.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    for cell in code:
        cell.outputs = []
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(root / "notebooks")}}).execute()
    assert not [o for c in code for o in c.outputs if o.output_type == "error" or "Traceback" in o.get("text", "")]

    def shown(needle):
        cell = next(c for c in code if needle in c.source)
        return [o.get("data", {}) for o in cell.outputs]

    # the bundled figures: the table, the scatter with the human translations, the correlations with their
    # intervals, and agreement by BLEU gap (a plot and its numbers)
    assert any("ref-C" in d.get("text/html", "") and "MQM" in d.get("text/html", "")
               for d in shown("figures = load_system_figures()"))
    assert any("image/png" in d for d in shown("plots.plot_against_human(de_figures"))
    correlations = "".join(d.get("text/plain", "") for d in shown("ag.one_statistic(brief,"))
    assert "en-de MQM, 8 machines + humans C, D" in correlations and "-0.63" in correlations
    assert "Fisher z" in correlations and "over systems" in correlations
    assert any("image/png" in d for d in shown("plots.plot_gap_agreement(brief_gaps"))
    assert "fraction" in "".join(d.get("text/plain", "") for d in shown("brief_gaps.items()"))
    # then the gate says how to get the rest, and the cells after it wait quietly
    gate = next(k for k, c in enumerate(code) if "require_data(" in c.source)
    assert "python -m bleu_explain.data fetch wmt21" in "".join(d.get("text/plain", "") for d in shown("require_data("))
    assert not [c.source[:60] for c in code[gate + 1:] if c.outputs]
