"""Lesson logic of notebooks 07 (reporting: Post 2018) and 08 (reproducing the paper).

The published values are checked for internal consistency (ranges, orderings);
the live values are checked against the engine and against the paper's
qualitative findings on the bundled corpus.
"""

from __future__ import annotations

import math

import pytest

import bleu_explain as bx
from bleu_explain.data.corpus import load_corpus
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.course.lessons import reporting as lr


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


# --------------------------------------------------------------------------- 07: published values
def test_post_table_1_has_every_cell_and_matches_its_ranges():
    table = lr.post_table_1()
    assert table.shape == (8, 12)
    assert table.attrs["source"].startswith("Post (2018)")
    ranges = lr.post_ranges()
    assert len(ranges) == 24
    # every published range but one is the range of the published (rounded) scores
    assert ranges.index[~ranges["agree"]].tolist() == [("uncased", "en-cs")]
    off = ranges.loc[("uncased", "en-cs")]
    assert math.isclose(abs(off["published_range"] - off["range_of_published_scores"]), 0.1, abs_tol=1e-9)
    assert ranges["published_range"].max() == 1.8  # "as high as 1.8" (abstract)


def test_post_metric_beats_basic_uncased_beats_cased_mostly():
    table = lr.post_table_1()
    # case-insensitive scoring is never lower than cased for the same processing
    for processing in ("basic", "split", "unk", "metric"):
        assert (table.loc[("uncased", processing)] >= table.loc[("cased", processing)]).all()


def test_post_arc_and_en_fi():
    scores = lr.post_arc("en-fi")
    assert scores["cased, basic"] == 22.2 and len(scores) == 8
    with pytest.raises(BleuInputError):
        lr.post_arc("xx-yy")
    en_fi = lr.post_en_fi()
    assert en_fi["published_BLEU"].tolist() == [22.04, 25.25]
    assert math.isclose(en_fi["gain_over_1_reference"].iloc[1], 3.21)


def test_plot_post_ranges_is_a_figure():
    from bleu_explain.display.plots import figure_png

    assert figure_png(lr.plot_post_ranges())[:4] == b"\x89PNG"


# --------------------------------------------------------------------------- 07: live values
def test_score_configuration_is_the_engine(corpus):
    r = lr.score_configuration(corpus, "S3", {"refs": [0, 1], "lowercase": True, "tokenize": "intl"})
    refs = [seg[:2] for seg in corpus.references]
    direct = bx.explain_corpus(corpus.system("S3"), refs, lowercase=True, tokenize="intl")
    assert r.score == direct.score
    assert r.signature.startswith("nrefs:2|case:lc|eff:no|tok:intl")


def test_configuration_table_differences(corpus):
    results = lr.score_configurations(corpus, "S3")
    assert list(results) == list(lr.CONFIGURATIONS)
    table = lr.configuration_table(results)
    base = results["sacreBLEU default (13a, cased, 4 refs)"].score
    for label, row in table.iterrows():
        assert math.isclose(row["difference"], results[label].score - base)
    # fewer references: lower score (the references are the biggest effect here)
    assert table.loc["reference 1 only", "score"] < table.loc["references 1+2 only", "score"] < base
    with pytest.raises(BleuInputError):
        lr.configuration_table(results, baseline="nope")
    with pytest.raises(BleuInputError):
        lr.score_configurations(corpus, "S3", {})


def test_tokenizer_case_table(corpus):
    table = lr.tokenizer_case_table(corpus, "S3")
    assert list(table.index) == list(lr.TOKENIZERS)
    assert (table["lowercasing_adds"] > 0).all()
    assert table.loc["char", "cased"] > table.loc["13a", "cased"] > table.loc["none", "cased"]


def test_tokens_table_and_text():
    table = lr.tokens_table("The company's price rose 9.7%.")
    assert table.loc["intl", "n_tokens"] > table.loc["13a", "n_tokens"] > table.loc["none", "n_tokens"]
    text = lr.tokens_text("The company's price rose 9.7%.", ["13a", "none"])
    assert text.splitlines()[0].startswith("13a ") and "company's" in text


def test_first_k_references_rise_and_signatures_count(corpus):
    table = lr.first_k_references(corpus, "S3")
    assert table["score"].is_monotonic_increasing
    assert [s.split("|")[0] for s in table["signature"]] == ["nrefs:1", "nrefs:2", "nrefs:3", "nrefs:4"]


def test_signature_fields_and_diff():
    a = "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    b = "nrefs:1|case:lc|eff:no|tok:intl|smooth:exp|version:2.6.0"
    assert lr.signature_fields(a)["smooth"] == "exp"
    assert lr.signature_diff(a, b)["field"].tolist() == ["case", "tok"]
    assert lr.signature_diff(a, a).empty
    assert lr.signature_diff(a, a + "|weights:1")["second"].tolist() == ["1"]
    with pytest.raises(BleuInputError):
        lr.signature_fields("not a signature")
    with pytest.raises(BleuInputError):
        lr.signature_fields("nrefs:1|oops")


def test_rerun_post_en_fi_without_data_does_nothing(monkeypatch, capsys):
    monkeypatch.delenv(lr.ONLINE_B_ENV, raising=False)
    assert lr.rerun_post_en_fi() is None
    assert lr.ONLINE_B_ENV in capsys.readouterr().out


def test_rerun_post_en_fi_prints_the_loader_error(monkeypatch, capsys, tmp_path):
    import bleu_explain.data.loaders as loaders

    def offline(*args, **kwargs):
        raise BleuInputError("could not get sacreBLEU's test set wmt17/tworefs (en-fi): offline")

    monkeypatch.setattr(loaders, "load_sacrebleu_testset", offline)
    out_file = tmp_path / "online-B.txt"
    out_file.write_text("x\n", encoding="utf-8")
    assert lr.rerun_post_en_fi(str(out_file)) is None
    assert "offline" in capsys.readouterr().out


def test_rerun_post_en_fi_scores_one_and_two_references(monkeypatch, tmp_path):
    import bleu_explain.data.loaders as loaders
    from bleu_explain.data.corpus import TeachingCorpus

    def cached(test_set, langpair, systems):
        assert (test_set, langpair) == ("wmt17/tworefs", "en-fi")
        return TeachingCorpus(references=[["a b c d", "a b c e"], ["e f g h", "e f g i"]],
                              systems={"online-B": ["a b c e", "e f g i"]})

    monkeypatch.setattr(loaders, "load_sacrebleu_testset", cached)
    table = lr.rerun_post_en_fi(str(tmp_path / "any"))
    assert table["n_refs"].tolist() == [1, 2]
    assert table["score"].iloc[1] > table["score"].iloc[0]


# --------------------------------------------------------------------------- 08: the paper
from bleu_explain.analysis.blocks import block_t_test  # noqa: E402
from bleu_explain.course.lessons import paper as lp  # noqa: E402


def test_published_values_are_consistent():
    # Table 1 is ordered worst to best, and its H2 is the "0.2571 against two references" of section 2.3
    values = [lp.PAPER_TABLE_1[s] for s in lp.SYSTEMS]
    assert values == sorted(values)
    assert lp.PAPER_TABLE_1["H2"] == lp.PAPER_FOUR_VS_TWO[2]
    assert all(t > lp.PAPER_T_SIGNIFICANT for t in lp.PAPER_TABLE_2_T.values())
    assert list(lp.correlations_as_published()["published_correlation"]) == [0.99, 0.96]


def test_figures_1_2_findings_hold(corpus):
    for refs in (None, [0, 1]):
        results = lp.system_results(corpus, refs=refs)
        assert lp.ranking_by_order(results)["as_in_paper"].all()
        assert lp.falls_with_n(results).all()
        table = lp.precision_table(results)
        r = results["S3"]
        assert table.loc["S3", "p2"] == r.matches[1] / r.totals[1]


def test_ranking_by_order_notices_a_swap(corpus):
    results = lp.system_results(corpus, systems=["S1", "H2"])
    swapped = lp.ranking_by_order(results, expected=["H2", "S1"])
    assert not swapped["as_in_paper"].any()


def test_table_1_and_four_vs_two(corpus):
    two = lp.system_results(corpus, refs=[0, 1])
    table = lp.table_1_beside_paper(two)
    assert table["paper_rank"].tolist() == table["our_rank"].tolist() == [1, 2, 3, 4, 5]
    assert table.loc["H2", "our_BLEU"] == two["H2"].bleu
    four = lp.four_vs_two(corpus, "H2")
    assert four.loc["2 references", "ours"] == two["H2"].bleu
    assert four.loc["4 references", "ours"] == corpus.explain("H2", preset="paper").bleu
    assert math.isclose(four.loc["ratio 4 / 2", "paper (a human translation)"], 0.3468 / 0.2571)
    with pytest.raises(BleuInputError):
        lp.table_1_beside_paper({})


def test_block_tables(corpus):
    two = corpus.with_references([0, 1])
    result = block_t_test({n: two.system(n) for n in lp.SYSTEMS}, two.references, n_blocks=20, preset="paper",
                          scale=1)
    t = lp.t_beside_paper(result)
    assert list(t.index) == ["S2 vs S1", "S3 vs S2", "H1 vs S3", "H2 vs H1"]
    assert t["paper_t"].tolist() == [6.0, 3.4, 24.0, 11.0]
    assert t["our_significant"].all()
    means = lp.block_means_beside_corpus(result, lp.system_results(two))
    assert (means["difference"].abs() < 0.05).all()


def test_single_reference_draws_match_single_reference_corpus(corpus):
    draws = lp.single_reference_draws(corpus, 3, seed=5)
    for d in range(3):
        single = lp.single_reference_corpus(corpus, seed=5 + d)
        assert all(len(r) == 1 for r in single.references)
        for name in lp.SYSTEMS:
            assert math.isclose(draws.loc[d, name], single.explain(name, preset="paper").bleu, rel_tol=1e-12)
    one = lp.single_reference_scores(corpus, seed=5)
    assert one.loc[5, "S1"] == draws.loc[0, "S1"]
    assert one["stories_per_reference"].iloc[0].count(":") == 4
    # the same reference is used for every sentence of a story
    single = lp.single_reference_corpus(corpus, seed=5)
    choice = single.metadata["reference_per_story"]
    for refs, full, doc in zip(single.references, corpus.references, corpus.docs):
        assert refs == [full[choice[doc]]]
    with pytest.raises(BleuInputError):
        lp.single_reference_draws(corpus, 0)


def test_wmt_correlation_needs_the_variable(monkeypatch, capsys):
    monkeypatch.delenv(lp.WMT_DIR_ENV, raising=False)
    assert lp.human_correlation_from_env() is None
    assert lp.WMT_DIR_ENV in capsys.readouterr().out


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
    monkeypatch.setenv(lp.WMT_DIR_ENV, str(folder))
    table, figure = lp.human_correlation_from_env()
    assert sorted(table.index) == ["bad", "good", "mid"]
    assert table.loc["good", "BLEU"] > table.loc["mid", "BLEU"] > table.loc["bad", "BLEU"]
    assert 0.9 < table.attrs["pearson_r"] <= 1.0
    assert "r = " in figure.axes[0].get_title()


def test_wmt_correlation_reports_problems(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv(lp.WMT_DIR_ENV, str(tmp_path / "missing"))
    assert lp.human_correlation_from_env() is None
    assert "Could not load" in capsys.readouterr().out
    folder = _wmt_folder(tmp_path, {"good": 80.0, "bad": 20.0})
    monkeypatch.setenv(lp.WMT_DIR_ENV, str(folder))
    assert lp.human_correlation_from_env() is None
    assert "fewer than 3" in capsys.readouterr().out
