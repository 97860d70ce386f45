"""Notebook 09's lesson tables: equally good pairs, swapped segments, intervals and the three methods."""

from __future__ import annotations

import math

import pytest

from bleu_explain.analysis import blocks

from bleu_explain.analysis import significance as sig
from bleu_explain.data.corpus import load_corpus
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.course.lessons import significance as ls


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_coin_mix_gives_each_segment_one_output_of_each_system(corpus):
    s2, s3 = corpus.system("S2"), corpus.system("S3")
    a, b = ls.coin_mix(s3, s2, seed=0)
    assert all({x, y} == {p, q} for x, y, p, q in zip(a, b, s3, s2))
    assert 0 < sum(x == p for x, p in zip(a, s3)) < len(s3)  # both systems get some of each
    assert ls.coin_mix(s3, s2, seed=0) == (a, b)  # deterministic


def test_coin_mix_and_swap_reject_bad_input():
    with pytest.raises(BleuInputError):
        ls.coin_mix(["a"], ["b", "c"], seed=0)
    with pytest.raises(BleuInputError):
        ls.coin_mix(["a"], ["b"], seed=-1)
    with pytest.raises(BleuInputError):
        ls.swap_segments(["a", "b"], ["x", "y"], [2])


def test_mixed_pair_is_not_significant_and_far_pair_is(corpus):
    pair = ls.mixed_pair(corpus, "S3", "S2", seed=0)
    bs, ar = ls.both_tests(pair["mix A"], pair["mix B"], corpus.references)
    assert (bs.n_samples, ar.n_samples, bs.seed) == (1000, 10000, 12345)
    assert bs.p_value > 0.05 and ar.p_value > 0.05
    far_bs, far_ar = ls.both_tests(corpus.system("S1"), corpus.system("S2"), corpus.references)
    assert far_bs.p_value == 1 / 1001 and far_ar.p_value == 1 / 10001


def test_paired_table_lists_each_test(corpus):
    pair = ls.mixed_pair(corpus, "S3", "S2", seed=0)
    bs, ar = ls.both_tests(pair["mix A"], pair["mix B"], corpus.references)
    table = ls.paired_table({"close": (bs, ar)})
    assert list(table.index) == [("close", "paired bootstrap"), ("close", "approximate randomization")]
    assert table["p_value"].tolist() == [bs.p_value, ar.p_value]
    assert not table["significant at 0.05"].any()


def test_ci_table_matches_bootstrap_ci(corpus):
    table = ls.ci_table({"S3": corpus.system("S3")}, corpus.references)
    r = sig.bootstrap_ci(corpus.system("S3"), corpus.references, progress=False)
    assert table.loc["S3", "score"] == r.score and table.loc["S3", "ci"] == r.ci
    assert table.loc["S3", "as sacreBLEU prints it"] == r.format()


def test_intervals_narrow_as_the_test_set_grows(corpus):
    table = ls.ci_by_size(corpus, "S3", [15, 60])
    assert table.loc[15, "width"] > table.loc[60, "width"] > 0


def test_equal_pairs_table_has_one_row_per_coin(corpus):
    table = ls.equal_pairs_table(corpus, "S3", "S2", range(3))
    assert list(table.index) == [0, 1, 2]
    assert (table["delta"] == table["mix B"] - table["mix A"]).all()


def test_p_by_size_uses_the_first_segments(corpus):
    table = ls.p_by_size(corpus, "S3", "H1", [10, 30])
    sub = corpus.subset(range(10))
    bs = sig.paired_bootstrap(sub.system("S3"), sub.system("H1"), sub.references, progress=False)
    assert table.loc[10, "p (bootstrap)"] == bs.p_value


def test_methods_table_agrees_with_block_t_test(corpus):
    table = ls.methods_table(corpus.systems, corpus.references)
    assert list(table.index) == ["S2 vs S1", "S3 vs S2", "H1 vs S3", "H2 vs H1"]
    assert table["paper t (Table 2)"].tolist() == [6.0, 3.4, 24.0, 11.0]
    full = blocks.block_t_test(corpus.systems, corpus.references, n_blocks=20, preset="paper", scale=1,
                               progress=False)
    for (base, other), t in zip(ls.PAPER_PAIRS, table["our t (20 blocks)"]):
        assert math.isclose(t, full.t_statistics[other], rel_tol=1e-12)
    assert (table["our t (20 blocks)"] > 1.7).all()  # the paper's threshold: every neighbour is separated
    with pytest.raises(BleuInputError):
        ls.methods_table(corpus.systems, corpus.references, [("S1", "nobody")])
