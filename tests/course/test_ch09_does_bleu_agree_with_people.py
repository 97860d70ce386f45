"""Notebook 09's module: the paper's quoted values and coverage map, and (with the WMT21 data) the lesson's
tables against sacreBLEU and scipy, and the exercises."""

from __future__ import annotations

import pytest
from conftest import count_oracle, wmt21_folder
from scipy import stats

from bleu_explain.analysis import human as hx
from bleu_explain.course import ch09_does_bleu_agree_with_people as ch09
from bleu_explain.course.checker import exercises_for
from bleu_explain.engine.errors import BleuInputError

#: Every test here reads both WMT21 test sets and scores every system (chrF included): a minute of CPU.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def data():
    if wmt21_folder() is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    return {pair: ch09.load_pair(pair) for pair in ch09.PAIRS}


# --------------------------------------------------------------------------- without data
def test_coverage_lists_every_figure_and_table_once():
    table = ch09.coverage()
    assert sorted(table.index) == sorted([f"Figure {k}" for k in range(1, 8)] + ["Table 1", "Table 2"])
    assert set(table["status"]) <= {"replicated", "quoted", "not reproducible"}
    assert all("notebook 08" in table.loc[i, "where"] for i in ("Figure 1", "Figure 2", "Table 1", "Table 2"))
    assert all("WMT21" in table.loc[f"Figure {k}", "where"] for k in (3, 5, 6, 7))
    assert "0.326" in table.loc["Figure 3", "paper_values"] and "0.114" in table.loc["Figure 3", "paper_values"]
    assert table.loc["Figure 5", "paper_values"] == "r = 0.99" and table.loc["Figure 6", "paper_values"] == "r = 0.96"


def test_unknown_pair_is_refused():
    with pytest.raises(BleuInputError, match="pair"):
        ch09.load_pair("fr-en")


# --------------------------------------------------------------------------- with the data
def test_bleu_and_chrf_are_sacrebleus(data):
    from sacrebleu.metrics import BLEU, CHRF

    de = data["en-de"]
    for name in ("ref-C", "Facebook-AI"):
        output = de.translations("A")[name]
        assert ch09.bleu_scores("en-de")[name] == pytest.approx(BLEU().corpus_score(output, [de.references["A"]]).score)
        assert ch09.chrf_scores("en-de")[name] == pytest.approx(CHRF().corpus_score(output, [de.references["A"]]).score)
        count_oracle("sacrebleu", 2)


def test_studied_translations(data):
    assert len(ch09.studied("zh-en")) == len(data["zh-en"].systems)  # every machine system has DA
    assert "ref-A" not in ch09.studied("en-de") and {"ref-C", "ref-D"} <= set(ch09.studied("en-de"))
    assert set(ch09.machines("en-de")) == {s for s in data["en-de"].mqm_systems if s in data["en-de"].systems}


def test_system_table_and_correlations(data):
    de = ch09.system_table("en-de")
    assert de["human translation"].sum() == 2 and de["MQM"].is_monotonic_decreasing
    table = ch09.correlation_table()
    for _, row in table.dropna(subset=["chrF r"]).iterrows():
        pair = "zh-en" if "Chinese" in row["data"] else "en-de"
        kind = {v: k for k, v in ch09.HUMAN_NAMES.items()}[row["human score"]]
        n = int(row["systems"].split()[0])
        view = next(v for v in ch09.views() if v[0] == pair and v[1] == kind and len(v[2]) == n)
        bleu, human = ch09.bleu_scores(pair), ch09.human_scores(pair, kind)
        assert row["BLEU r"] == pytest.approx(stats.pearsonr([bleu[s] for s in view[2]], [human[s] for s in view[2]])[0])
        assert row["BLEU r low"] < row["BLEU r"] < row["BLEU r high"]
    assert table["BLEU r"].tail(2).tolist() == [0.99, 0.96]


def test_figure_3_tables_use_mqm_order(data):
    human, bleu = ch09.figure_3("en-de", n_samples=50)
    order = ch09.mqm_order("en-de")
    assert list(human["worse"]) == order[:-1] and list(bleu["better"]) == order[1:]
    assert (human["difference"] >= 0).all()  # ordered by the mean MQM of the same rated segments
    summary = ch09.neighbour_summary(human, bleu)
    assert summary["neighbour pairs"] == len(order) - 1


def test_figure_7_is_normalized(data):
    frame = ch09.figure_7("zh-en")
    assert list(frame.columns) == ["BLEU", "chrF", "MQM", "DA (z)"]
    assert (frame.min() == 0).all() and (frame.max() == 1).all()
    assert frame["MQM"].is_monotonic_increasing


def test_blocks_and_sentence_level(data):
    table = ch09.block_table("en-de")
    assert table.index.tolist() == ["1", "5", "25", "100", "all"]
    assert table.loc["all", "block vs all"] == pytest.approx(1.0)
    tau = ch09.sentence_level("en-de")
    assert -1 <= tau.r <= 1 and tau.method == "kendall"


def test_reference_table_scores_rise_with_references(data):
    table = ch09.reference_table("en-de")
    assert table["n_refs"].tolist() == [1, 1, 1, 2, 2, 2, 3]
    single = table.loc[["A", "C", "D"], "mean BLEU"]
    assert table.loc["A+C+D", "mean BLEU"] > table.loc[["A+C", "A+D", "C+D"], "mean BLEU"].max() > single.max()


def test_gap_table_counts_every_pair(data):
    datasets = ch09.gap_datasets()
    for label, pairs in datasets.items():
        n = int(label.split(", ")[1].split()[0])
        assert len(pairs) == n * (n - 1) // 2
        assert hx.agreement_by_gap(pairs)["pairs"].sum() == len(pairs)


def test_drill_down_and_explorer_agree(data):
    worst = ch09.disagreements("en-de", "ref-C", k=3)
    assert len(worst) == 3 and worst["gap"].is_monotonic_decreasing
    segment = int(worst.index[0])
    explorer = ch09.explorer_for("en-de", "ref-C", segment)
    assert explorer.displayed_score == pytest.approx(worst.loc[segment, "sentence BLEU"])
    with pytest.raises(BleuInputError, match="no MQM"):
        ch09.disagreements("en-de", "Online-A")


def test_exercises_accept_the_answer_and_name_the_slip(data):
    for ex in exercises_for("09_does_bleu_agree_with_people"):
        assert ex.check(ex.solution()).correct, ex.name
        wrong = ex.check(ex.mistake())
        assert not wrong.correct and wrong.message
        assert not ex.check(None).correct and not ex.check("0.5").correct
    ex1, ex2 = exercises_for("09_does_bleu_agree_with_people")
    assert "reference A" in ex1.check(ex1.mistake()).message
    assert "Pool" in ex2.check(ex2.mistake()).message
    right = ex2.solution()
    assert "percentage" in ex2.check(right * 100).message


def test_feedback_never_contains_the_answer(data):
    for ex in exercises_for("09_does_bleu_agree_with_people"):
        right = ex.solution()
        for answer in (ex.mistake(), 0.0, right + 0.3):
            message = ex.check(answer).message
            assert f"{right:.2f}" not in message and f"{right}" not in message


def test_without_data_the_checker_says_how_to_get_it(monkeypatch):
    from bleu_explain.course.ch09_does_bleu_agree_with_people import exercises

    monkeypatch.setattr("bleu_explain.data.wmt21.wmt21_available", lambda *a, **k: False)
    for ex in exercises.EXERCISES:
        feedback = ex.check(0.5)
        assert not feedback.correct and "fetch wmt21" in feedback.message
