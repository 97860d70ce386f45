"""The lesson and exercises of notebook 08 (reproducing Papineni et al. 2002 on the bundled corpus).

The published values (checked in tests/data/test_published.py) are shown as published; the live values are
checked against the engine and against the paper's qualitative findings.
"""

from __future__ import annotations

import math

import pytest

import bleu_explain as bx
from bleu_explain.analysis.blocks import block_t_test
from bleu_explain.course import ch08_reproducing_the_paper as ch08
from bleu_explain.data import published
from bleu_explain.data.corpus import load_corpus
from bleu_explain.engine.errors import BleuInputError


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_the_published_values_shown_are_the_papers():
    assert list(ch08.correlations_as_published()["published_correlation"]) == \
        [r.value for r in published.PAPINENI_CORRELATIONS.values()]
    assert ch08.correlations_as_published().index.tolist() == ["monolingual judges (Figure 5)",
                                                                "bilingual judges (Figure 6)"]


def test_figures_1_2_findings_hold(corpus):
    for refs in (None, [0, 1]):
        results = ch08.system_results(corpus, refs=refs)
        assert ch08.ranking_by_order(results)["as_in_paper"].all()
        assert ch08.falls_with_n(results).all()
        table = ch08.precision_table(results)
        r = results["S3"]
        assert table.loc["S3", "p2"] == r.matches[1] / r.totals[1]


def test_ranking_by_order_notices_a_swap(corpus):
    results = ch08.system_results(corpus, systems=["S1", "H2"])
    swapped = ch08.ranking_by_order(results, expected=["H2", "S1"])
    assert not swapped["as_in_paper"].any()


def test_table_1_and_four_vs_two(corpus):
    two = ch08.system_results(corpus, refs=[0, 1])
    table = ch08.table_1_beside_paper(two)
    assert table["paper_rank"].tolist() == table["our_rank"].tolist() == [1, 2, 3, 4, 5]
    assert table.loc["H2", "our_BLEU"] == two["H2"].bleu
    four = ch08.four_vs_two(corpus, "H2")
    assert four.loc["2 references", "ours"] == two["H2"].bleu
    assert four.loc["4 references", "ours"] == corpus.explain("H2", preset="paper").bleu
    assert math.isclose(four.loc["ratio 4 / 2", "paper (a human translation)"], 0.3468 / 0.2571)
    with pytest.raises(BleuInputError):
        ch08.table_1_beside_paper({})


def test_block_tables(corpus):
    two = corpus.with_references([0, 1])
    result = block_t_test({n: two.system(n) for n in ch08.SYSTEMS}, two.references, n_blocks=20, preset="paper",
                          scale=1)
    t = ch08.t_beside_paper(result)
    assert list(t.index) == ["S2 vs S1", "S3 vs S2", "H1 vs S3", "H2 vs H1"]
    assert t["paper_t"].tolist() == [6.0, 3.4, 24.0, 11.0]
    assert t["our_significant"].all()
    means = ch08.block_means_beside_corpus(result, ch08.system_results(two))
    assert (means["difference"].abs() < 0.05).all()


def test_single_reference_draws_match_single_reference_corpus(corpus):
    draws = ch08.single_reference_draws(corpus, 3, seed=5)
    for d in range(3):
        single = ch08.single_reference_corpus(corpus, seed=5 + d)
        assert all(len(r) == 1 for r in single.references)
        for name in ch08.SYSTEMS:
            assert math.isclose(draws.loc[d, name], single.explain(name, preset="paper").bleu, rel_tol=1e-12)
    one = ch08.single_reference_scores(corpus, seed=5)
    assert one.loc[5, "S1"] == draws.loc[0, "S1"]
    assert one["stories_per_reference"].iloc[0].count(":") == 4
    # the same reference is used for every sentence of a story
    single = ch08.single_reference_corpus(corpus, seed=5)
    choice = single.metadata["reference_per_story"]
    for refs, full, doc in zip(single.references, corpus.references, corpus.docs):
        assert refs == [full[choice[doc]]]
    with pytest.raises(BleuInputError):
        ch08.single_reference_draws(corpus, 0)


def test_wmt_correlation_needs_the_variable(monkeypatch, capsys):
    monkeypatch.delenv(ch08.WMT_DIR_ENV, raising=False)
    assert ch08.human_correlation_from_env() is None
    assert ch08.WMT_DIR_ENV in capsys.readouterr().out


def _wmt_folder(root, scores):
    (root / "references").mkdir()
    (root / "systems").mkdir()
    (root / "references" / "ref.en").write_text("a b c d e\nf g h i j\nk l m n o\n", encoding="utf-8")
    outputs = {"good": "a b c d e\nf g h i j\nk l m n x\n", "mid": "a b c d x\nf g h x j\nk l x n o\n",
               "bad": "a b x d x\nf x h x j\nx l x n x\n"}
    for name, text in outputs.items():
        (root / "systems" / f"test.{name}.en").write_text(text, encoding="utf-8")
    (root / "human_scores.tsv").write_text(
        "system\tscore\n" + "".join(f"{k}\t{v}\n" for k, v in scores.items()), encoding="utf-8")
    return root


def test_wmt_correlation_from_a_folder(monkeypatch, tmp_path):
    folder = _wmt_folder(tmp_path, {"good": 80.0, "mid": 60.0, "bad": 20.0})
    monkeypatch.setenv(ch08.WMT_DIR_ENV, str(folder))
    table, figure = ch08.human_correlation_from_env()
    assert sorted(table.index) == ["bad", "good", "mid"]
    assert table.loc["good", "BLEU"] > table.loc["mid", "BLEU"] > table.loc["bad", "BLEU"]
    assert 0.9 < table.attrs["pearson_r"] <= 1.0
    assert "r = " in figure.axes[0].get_title()


def test_wmt_correlation_reports_problems(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv(ch08.WMT_DIR_ENV, str(tmp_path / "missing"))
    assert ch08.human_correlation_from_env() is None
    assert "Could not load" in capsys.readouterr().out
    folder = _wmt_folder(tmp_path, {"good": 80.0, "bad": 20.0})
    monkeypatch.setenv(ch08.WMT_DIR_ENV, str(folder))
    assert ch08.human_correlation_from_env() is None
    assert "fewer than 3" in capsys.readouterr().out


# --------------------------------------------------------------------------- the block method, built by hand
def test_block_scores_are_corpus_bleu_of_each_block_and_t_is_the_textbook_formula(corpus):
    two = corpus.with_references([0, 1])
    result = block_t_test({n: two.system(n) for n in ("S2", "S3")}, two.references, n_blocks=ch08.PAPER_BLOCKS,
                          preset="paper", scale=1)
    size = len(two.references) // ch08.PAPER_BLOCKS
    by_hand = {}
    for name in ("S2", "S3"):
        by_hand[name] = [_block_bleu(two, name, range(b * size, (b + 1) * size)) for b in range(ch08.PAPER_BLOCKS)]
        assert by_hand[name] == pytest.approx(result.block_scores[name].tolist(), rel=1e-12)
    differences = [b - a for a, b in zip(by_hand["S2"], by_hand["S3"])]
    n = len(differences)
    mean = sum(differences) / n
    std = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
    assert mean / (std / math.sqrt(n)) == pytest.approx(result.t_statistics["S3"], rel=1e-12)


def _block_bleu(corpus, system, segments):
    return bx.explain_corpus([corpus.system(system)[i] for i in segments], [corpus.references[i] for i in segments],
                             preset="paper").bleu


# --------------------------------------------------------------------------- exercises
def test_exercises_name_each_slip():
    exercises = {ex.name: ex for ex in ch08.EXERCISES}
    t = exercises["t_with_10_blocks"]
    right = t.solution()
    assert "wrong sign" in t.check(-right).message
    bleu = exercises["h2_other_references"]
    assert "0-1" in bleu.check(bleu.solution() * 100).message
    assert "references 1 and 2" in bleu.check(bleu.mistake()).message
