"""The bundled teaching corpus: its structure, and the paper's qualitative findings on it.

These tests fail (they do not skip) when a data file is missing.
"""

from __future__ import annotations

import json
import re
from itertools import combinations

import pytest

import bleu_explain as bx
from bleu_explain.analysis.blocks import block_t_test, mean_by_count, reference_count_experiment
from bleu_explain.analysis.systems import system_table
from bleu_explain.data.corpus import (
    TEACHING_CORPUS_DIR,
    TEACHING_CORPUS_FILES,
    TEACHING_SYSTEMS,
    TeachingCorpus,
    load_corpus,
)
from bleu_explain.engine.errors import BleuInputError

RANKING = ["S1", "S2", "S3", "H1", "H2"]  # worst to best
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def corpus() -> TeachingCorpus:
    return load_corpus()


# ---------------------------------------------------------------------- the files
@pytest.mark.parametrize("filename", TEACHING_CORPUS_FILES)
def test_data_file_exists_and_is_jsonl(filename):
    path = TEACHING_CORPUS_DIR / filename
    assert path.is_file(), f"{filename} is missing from {TEACHING_CORPUS_DIR}"
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
    assert len(lines) == 60
    prefix = filename.split("_")[1][0]  # stories_a -> a
    for line in lines:
        record = json.loads(line)
        assert set(record) == {"doc", "seg", "source", "refs", "systems"}
        assert record["doc"].startswith(prefix)


def test_readme_says_what_the_corpus_is():
    text = (TEACHING_CORPUS_DIR / "README.md").read_text(encoding="utf-8")
    for phrase in ("written for this project", "no human judgments", "Not for research claims", "24 invented"):
        assert phrase.lower() in text.lower(), phrase


# ---------------------------------------------------------------------- structure
def test_structure(corpus):
    assert len(corpus) >= 100 and len(corpus) == 120
    assert corpus.system_names == RANKING
    assert set(TEACHING_SYSTEMS) == set(RANKING)
    assert corpus.n_references == 4 and corpus.reference_counts_text == "4"
    docs = corpus.documents()
    assert len(docs) == 24 and docs == sorted(docs) and docs[0] == "a01" and docs[-1] == "b12"
    for doc in docs:
        assert [s for d, s in zip(corpus.docs, corpus.segs) if d == doc] == [1, 2, 3, 4, 5]
    assert corpus.metadata["source_language"] == "zh" and corpus.metadata["target_language"] == "en"
    assert corpus.human_scores is None  # no human judgments are included


def test_every_segment_is_complete(corpus):
    for i in range(len(corpus)):
        assert CJK.search(corpus.sources[i]), f"segment {i} has no Chinese source"
        refs = corpus.references[i]
        assert len(refs) == 4 and all(r.strip() for r in refs)
        assert len(set(refs)) == 4, f"segment {i}: the 4 references are not independent translations"
        assert not any(CJK.search(r) for r in refs)
        for name in RANKING:
            out = corpus.systems[name][i]
            assert out.strip(), f"segment {i}: {name} is empty"
            assert out not in refs, f"segment {i}: {name} copies a reference"


def test_frame_view(corpus):
    df = corpus.to_frame()
    assert df.shape == (120, 3 + 4 + 5)
    assert list(df.columns) == ["doc", "seg", "source", "ref1", "ref2", "ref3", "ref4"] + RANKING
    assert df.loc[0, "S3"] == corpus.systems["S3"][0]
    assert df.loc[119, "ref4"] == corpus.references[119][3]


def test_subsets(corpus):
    two = corpus.with_references([0, 2])
    assert two.references[5] == [corpus.references[5][0], corpus.references[5][2]]
    assert two.metadata["reference_positions"] == [0, 2]
    assert corpus.with_systems(["H2", "S1"]).system_names == ["H2", "S1"]
    first_doc = corpus.subset(range(5))
    assert len(first_doc) == 5 and first_doc.docs == ["a01"] * 5
    with pytest.raises(BleuInputError, match="out of range"):
        corpus.with_references([4])
    with pytest.raises(BleuInputError, match="no system named 'S4'"):
        corpus.system("S4")
    assert len(corpus.reference_streams()) == 4


def test_missing_file_is_an_error(tmp_path):
    (tmp_path / "stories_a.jsonl").write_text((TEACHING_CORPUS_DIR / "stories_a.jsonl").read_text("utf-8"), "utf-8")
    with pytest.raises(BleuInputError, match="stories_b.jsonl is missing"):
        load_corpus(tmp_path)


def test_bad_record_is_an_error(tmp_path):
    good = (TEACHING_CORPUS_DIR / "stories_a.jsonl").read_text("utf-8").split("\n")[0]
    record = json.loads(good)
    record["refs"] = record["refs"][:3]
    (tmp_path / "stories_a.jsonl").write_text(json.dumps(record, ensure_ascii=False) + "\n", "utf-8")
    (tmp_path / "stories_b.jsonl").write_text(good + "\n", "utf-8")
    with pytest.raises(BleuInputError, match="stories_a.jsonl line 1: 'refs' must be a list of 4"):
        load_corpus(tmp_path)


# ---------------------------------------------------------------------- the paper's findings
@pytest.mark.parametrize("preset", ["paper", "sacrebleu"])
def test_precision_falls_with_n_for_every_system(corpus, preset):
    for name in RANKING:
        precisions = corpus.explain(name, preset=preset).breakdown.raw_precisions
        assert all(a > b for a, b in zip(precisions, precisions[1:])), (name, precisions)


@pytest.mark.parametrize("preset", ["paper", "sacrebleu"])
def test_ranking_holds_at_every_order(corpus, preset):
    table = system_table(corpus, preset=preset)
    for column in ["BLEU", "p1", "p2", "p3", "p4", "sentence_BLEU_mean"]:
        values = [table.loc[name, column] for name in RANKING]
        assert values == sorted(values) and len(set(values)) == 5, (column, values)


def test_ranking_holds_with_every_single_reference(corpus):
    for j in range(4):
        single = corpus.with_references([j])
        scores = [single.explain(name, preset="paper").score for name in RANKING]
        assert scores == sorted(scores), (j, scores)


def test_more_references_raise_scores_and_keep_the_ranking(corpus):
    df = reference_count_experiment(corpus.systems, corpus.references, preset="paper")
    means = mean_by_count(df)["mean"].unstack(0)[RANKING]
    for name in RANKING:
        assert list(means[name]) == sorted(means[name]), name
    for n_refs, row in means.iterrows():
        assert list(row) == sorted(row), n_refs
    for subset, group in df.groupby("refs"):
        scores = group.set_index("system").loc[RANKING, "score"].tolist()
        assert scores == sorted(scores), subset


def test_block_method_separates_neighbours(corpus):
    result = block_t_test(corpus.systems, corpus.references, n_blocks=20, preset="paper", scale=1)
    assert result.block_sizes == [6] * 20
    means = [result.means[name] for name in RANKING]
    assert means == sorted(means)
    for name in RANKING[1:]:
        assert result.t_statistics[name] > 1.7, (name, result.t_statistics[name])  # the paper's 95% threshold


def test_signature_and_sacrebleu_agree_on_the_corpus(corpus):
    from sacrebleu.metrics import BLEU

    streams = corpus.reference_streams()
    for name in RANKING:
        ours = corpus.explain(name)
        theirs = BLEU().corpus_score(corpus.systems[name], streams)
        assert ours.score == pytest.approx(theirs.score, rel=1e-12)
        assert ours.signature.startswith("nrefs:4|")


def test_reference_pairs_have_similar_scores(corpus):
    # Each reference, used as the "system", should score well against the other three (they are translations).
    for j in range(4):
        others = [k for k in range(4) if k != j]
        ref_as_system = [refs[j] for refs in corpus.references]
        score = bx.explain_corpus(ref_as_system, corpus.with_references(others).references).score
        assert score > corpus.with_references(others).explain("S1").score
    assert len(list(combinations(range(4), 2))) == 6
