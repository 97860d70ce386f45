"""Lesson logic of notebooks 07 (reporting: Post 2018) and 08 (reproducing the paper).

The published values are checked for internal consistency (ranges, orderings);
the live values are checked against the engine and against the paper's
qualitative findings on the bundled corpus.
"""

from __future__ import annotations

import math

import pytest

import bleu_explain as bx
from bleu_explain.corpus import load_corpus
from bleu_explain.errors import BleuInputError
from bleu_explain.lessons import reporting as lr


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
    from bleu_explain.plots import figure_png

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
    import bleu_explain.loaders as loaders

    def offline(*args, **kwargs):
        raise BleuInputError("could not get sacreBLEU's test set wmt17/tworefs (en-fi): offline")

    monkeypatch.setattr(loaders, "load_sacrebleu_testset", offline)
    out_file = tmp_path / "online-B.txt"
    out_file.write_text("x\n", encoding="utf-8")
    assert lr.rerun_post_en_fi(str(out_file)) is None
    assert "offline" in capsys.readouterr().out


def test_rerun_post_en_fi_scores_one_and_two_references(monkeypatch, tmp_path):
    import bleu_explain.loaders as loaders
    from bleu_explain.corpus import TeachingCorpus

    def cached(test_set, langpair, systems):
        assert (test_set, langpair) == ("wmt17/tworefs", "en-fi")
        return TeachingCorpus(references=[["a b c d", "a b c e"], ["e f g h", "e f g i"]],
                              systems={"online-B": ["a b c e", "e f g i"]})

    monkeypatch.setattr(loaders, "load_sacrebleu_testset", cached)
    table = lr.rerun_post_en_fi(str(tmp_path / "any"))
    assert table["n_refs"].tolist() == [1, 2]
    assert table["score"].iloc[1] > table["score"].iloc[0]
