"""The lesson and exercises of notebook 07 (one output, many scores: Post 2018).

The published values are checked for internal consistency (ranges, orderings);
the live values are checked against the engine.
"""

from __future__ import annotations

import math

import pytest

import bleu_explain as bx
from bleu_explain.course import ch07_one_output_many_scores as ch07
from bleu_explain.data.corpus import load_corpus
from bleu_explain.engine.errors import BleuInputError


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


# --------------------------------------------------------------------------- published values
def test_post_table_1_has_every_cell_and_matches_its_ranges():
    table = ch07.post_table_1()
    assert table.shape == (8, 12)
    assert table.attrs["source"].startswith("Post (2018)")
    ranges = ch07.post_ranges()
    assert len(ranges) == 24
    # every published range but one is the range of the published (rounded) scores
    assert ranges.index[~ranges["agree"]].tolist() == [("uncased", "en-cs")]
    off = ranges.loc[("uncased", "en-cs")]
    assert math.isclose(abs(off["published_range"] - off["range_of_published_scores"]), 0.1, abs_tol=1e-9)
    assert ranges["published_range"].max() == 1.8  # "as high as 1.8" (abstract)


def test_post_metric_beats_basic_uncased_beats_cased_mostly():
    table = ch07.post_table_1()
    # case-insensitive scoring is never lower than cased for the same processing
    for processing in ("basic", "split", "unk", "metric"):
        assert (table.loc[("uncased", processing)] >= table.loc[("cased", processing)]).all()


def test_post_arc_and_en_fi():
    scores = ch07.post_arc("en-fi")
    assert scores["cased, basic"] == 22.2 and len(scores) == 8
    with pytest.raises(BleuInputError):
        ch07.post_arc("xx-yy")
    en_fi = ch07.post_en_fi()
    assert en_fi["published_BLEU"].tolist() == [22.04, 25.25]
    assert math.isclose(en_fi["gain_over_1_reference"].iloc[1], 3.21)


def test_plot_post_ranges_is_a_figure():
    from bleu_explain.display.plots import figure_png

    assert figure_png(ch07.plot_post_ranges())[:4] == b"\x89PNG"


# --------------------------------------------------------------------------- live values
def test_score_configuration_is_the_engine(corpus):
    r = ch07.score_configuration(corpus, "S3", {"refs": [0, 1], "lowercase": True, "tokenize": "intl"})
    refs = [seg[:2] for seg in corpus.references]
    direct = bx.explain_corpus(corpus.system("S3"), refs, lowercase=True, tokenize="intl")
    assert r.score == direct.score
    assert r.signature.startswith("nrefs:2|case:lc|eff:no|tok:intl")


def test_configuration_table_differences(corpus):
    results = ch07.score_configurations(corpus, "S3")
    assert list(results) == list(ch07.CONFIGURATIONS)
    table = ch07.configuration_table(results)
    base = results["sacreBLEU default (13a, cased, 4 refs)"].score
    for label, row in table.iterrows():
        assert math.isclose(row["difference"], results[label].score - base)
    # fewer references: lower score (the references are the biggest effect here)
    assert table.loc["reference 1 only", "score"] < table.loc["references 1+2 only", "score"] < base
    with pytest.raises(BleuInputError):
        ch07.configuration_table(results, baseline="nope")
    with pytest.raises(BleuInputError):
        ch07.score_configurations(corpus, "S3", {})


def test_tokenizer_case_table(corpus):
    table = ch07.tokenizer_case_table(corpus, "S3")
    assert list(table.index) == list(ch07.TOKENIZERS)
    assert (table["lowercasing_adds"] > 0).all()
    assert table.loc["char", "cased"] > table.loc["13a", "cased"] > table.loc["none", "cased"]


def test_tokens_table_and_text():
    table = ch07.tokens_table("The company's price rose 9.7%.")
    assert table.loc["intl", "n_tokens"] > table.loc["13a", "n_tokens"] > table.loc["none", "n_tokens"]
    text = ch07.tokens_text("The company's price rose 9.7%.", ["13a", "none"])
    assert text.splitlines()[0].startswith("13a ") and "company's" in text


def test_first_k_references_rise_and_signatures_count(corpus):
    table = ch07.first_k_references(corpus, "S3")
    assert table["score"].is_monotonic_increasing
    assert [s.split("|")[0] for s in table["signature"]] == ["nrefs:1", "nrefs:2", "nrefs:3", "nrefs:4"]


def test_signature_fields_and_diff():
    a = "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    b = "nrefs:1|case:lc|eff:no|tok:intl|smooth:exp|version:2.6.0"
    assert ch07.signature_fields(a)["smooth"] == "exp"
    assert ch07.signature_diff(a, b)["field"].tolist() == ["case", "tok"]
    assert ch07.signature_diff(a, a).empty
    assert ch07.signature_diff(a, a + "|weights:1")["second"].tolist() == ["1"]
    with pytest.raises(BleuInputError):
        ch07.signature_fields("not a signature")
    with pytest.raises(BleuInputError):
        ch07.signature_fields("nrefs:1|oops")


def test_rerun_post_en_fi_without_data_does_nothing(monkeypatch, capsys):
    monkeypatch.delenv(ch07.ONLINE_B_ENV, raising=False)
    assert ch07.rerun_post_en_fi() is None
    assert ch07.ONLINE_B_ENV in capsys.readouterr().out


def test_rerun_post_en_fi_prints_the_loader_error(monkeypatch, capsys, tmp_path):
    import bleu_explain.data.loaders as loaders

    def offline(*args, **kwargs):
        raise BleuInputError("could not get sacreBLEU's test set wmt17/tworefs (en-fi): offline")

    monkeypatch.setattr(loaders, "load_sacrebleu_testset", offline)
    out_file = tmp_path / "online-B.txt"
    out_file.write_text("x\n", encoding="utf-8")
    assert ch07.rerun_post_en_fi(str(out_file)) is None
    assert "offline" in capsys.readouterr().out


def test_rerun_post_en_fi_scores_one_and_two_references(monkeypatch, tmp_path):
    import bleu_explain.data.loaders as loaders
    from bleu_explain.data.corpus import TeachingCorpus

    def cached(test_set, langpair, systems):
        assert (test_set, langpair) == ("wmt17/tworefs", "en-fi")
        return TeachingCorpus(references=[["a b c d", "a b c e"], ["e f g h", "e f g i"]],
                              systems={"online-B": ["a b c e", "e f g i"]})

    monkeypatch.setattr(loaders, "load_sacrebleu_testset", cached)
    table = ch07.rerun_post_en_fi(str(tmp_path / "any"))
    assert table["n_refs"].tolist() == [1, 2]
    assert table["score"].iloc[1] > table["score"].iloc[0]


# --------------------------------------------------------------------------- exercises
def test_signature_pair_differs_in_nrefs_and_case():
    first, second = ch07.signature_pair()
    assert ch07.signature_diff(first, second)["field"].tolist() == ["nrefs", "case"]


def test_exercises_name_each_slip():
    exercises = {ex.name: ex for ex in ch07.EXERCISES}
    changed = exercises["changed_settings"]
    assert "not a field" in changed.check(["colour"]).message
    assert "the same in both" in changed.check(["nrefs", "case", "tok"]).message
    assert "more field" in changed.check(["nrefs"]).message
    score = exercises["score_under_configuration"]
    right = score.solution()
    assert "0-1 scale" in score.check(right / 100).message
    for settings, message in ch07.exercises.SLIPS.values():
        slip = round(ch07.score_configuration(load_corpus(), ch07.exercises.SYSTEM, settings).score, 2)
        assert score.check(slip).message == message
