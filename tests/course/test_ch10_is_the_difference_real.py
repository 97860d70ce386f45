"""Notebook 10's module: equally good pairs, swapped segments, intervals, the three methods, the checks."""

from __future__ import annotations

import math
import random

import pytest

import bleu_explain as bx
from bleu_explain.analysis import blocks
from bleu_explain.analysis import significance as sig
from bleu_explain.course import ch10_is_the_difference_real as ch10
from bleu_explain.course.checker import exercises_for
from bleu_explain.data.corpus import load_corpus
from bleu_explain.engine.errors import BleuInputError


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_coin_mix_gives_each_segment_one_output_of_each_system(corpus):
    s2, s3 = corpus.system("S2"), corpus.system("S3")
    a, b = ch10.coin_mix(s3, s2, seed=0)
    assert all({x, y} == {p, q} for x, y, p, q in zip(a, b, s3, s2))
    assert 0 < sum(x == p for x, p in zip(a, s3)) < len(s3)  # both systems get some of each
    assert ch10.coin_mix(s3, s2, seed=0) == (a, b)  # deterministic


def test_coin_mix_and_swap_reject_bad_input():
    with pytest.raises(BleuInputError):
        ch10.coin_mix(["a"], ["b", "c"], seed=0)
    with pytest.raises(BleuInputError):
        ch10.coin_mix(["a"], ["b"], seed=-1)
    with pytest.raises(BleuInputError):
        ch10.swap_segments(["a", "b"], ["x", "y"], [2])


def test_mixed_pair_is_not_significant_and_far_pair_is(corpus):
    pair = ch10.mixed_pair(corpus, "S3", "S2", seed=0)
    bs, ar = ch10.both_tests(pair["mix A"], pair["mix B"], corpus.references)
    assert (bs.n_samples, ar.n_samples, bs.seed) == (1000, 10000, 12345)
    assert bs.p_value > 0.05 and ar.p_value > 0.05
    far_bs, far_ar = ch10.both_tests(corpus.system("S1"), corpus.system("S2"), corpus.references)
    assert far_bs.p_value == 1 / 1001 and far_ar.p_value == 1 / 10001


def test_paired_table_lists_each_test(corpus):
    pair = ch10.mixed_pair(corpus, "S3", "S2", seed=0)
    bs, ar = ch10.both_tests(pair["mix A"], pair["mix B"], corpus.references)
    table = ch10.paired_table({"close": (bs, ar)})
    assert list(table.index) == [("close", "paired bootstrap"), ("close", "approximate randomization")]
    assert table["p_value"].tolist() == [bs.p_value, ar.p_value]
    assert not table["significant at 0.05"].any()


def test_ci_table_matches_bootstrap_ci(corpus):
    table = ch10.ci_table({"S3": corpus.system("S3")}, corpus.references)
    r = sig.bootstrap_ci(corpus.system("S3"), corpus.references, progress=False)
    assert table.loc["S3", "score"] == r.score and table.loc["S3", "ci"] == r.ci
    assert table.loc["S3", "as sacreBLEU prints it"] == r.format()


def test_intervals_narrow_as_the_test_set_grows(corpus):
    table = ch10.ci_by_size(corpus, "S3", [15, 60])
    assert table.loc[15, "width"] > table.loc[60, "width"] > 0


def test_equal_pairs_table_has_one_row_per_coin(corpus):
    table = ch10.equal_pairs_table(corpus, "S3", "S2", range(3))
    assert list(table.index) == [0, 1, 2]
    assert (table["delta"] == table["mix B"] - table["mix A"]).all()


def test_p_by_size_uses_the_first_segments(corpus):
    table = ch10.p_by_size(corpus, "S3", "H1", [10, 30])
    sub = corpus.subset(range(10))
    bs = sig.paired_bootstrap(sub.system("S3"), sub.system("H1"), sub.references, progress=False)
    assert table.loc[10, "p (bootstrap)"] == bs.p_value


def test_methods_table_agrees_with_block_t_test(corpus):
    table = ch10.methods_table(corpus.systems, corpus.references)
    assert list(table.index) == ["S2 vs S1", "S3 vs S2", "H1 vs S3", "H2 vs H1"]
    assert table["paper t (Table 2)"].tolist() == [6.0, 3.4, 24.0, 11.0]
    full = blocks.block_t_test(corpus.systems, corpus.references, n_blocks=20, preset="paper", scale=1,
                               progress=False)
    for (base, other), t in zip(ch10.PAPER_PAIRS, table["our t (20 blocks)"]):
        assert math.isclose(t, full.t_statistics[other], rel_tol=1e-12)
    assert (table["our t (20 blocks)"] > 1.7).all()  # the paper's threshold: every neighbour is separated
    with pytest.raises(BleuInputError):
        ch10.methods_table(corpus.systems, corpus.references, [("S1", "nobody")])


def test_side_by_side_puts_by_hand_beside_the_package():
    table = ch10.side_by_side({"p-value": (0.148, 0.146), "flips": (210, 187)})
    assert list(table.columns) == ["by hand", "bleu_explain"]
    assert table.loc["flips"].tolist() == [210, 187]
    with pytest.raises(BleuInputError):
        ch10.side_by_side({"p-value": 0.148})


def _bleu_from_sums(hyp_len, ref_len, matches, totals):
    """The notebook's hand-written corpus BLEU: sacreBLEU's formula, in percent."""
    precisions = [100 * m / t for m, t in zip(matches, totals)]
    brevity_penalty = 1.0 if hyp_len >= ref_len else math.exp(1 - ref_len / hyp_len)
    return brevity_penalty * math.exp(sum(math.log(p) for p in precisions) / len(precisions))


def test_a_resample_scored_from_summed_statistics_is_the_engines_score_of_that_resample(corpus):
    """What the notebook's build-it-yourself cells rely on: a resample's score needs only the summed statistics."""
    outputs = corpus.system("S3")
    stats = bx.explain_corpus(outputs, corpus.references).segment_stats
    rng = random.Random(7)
    for _ in range(5):
        resample = [rng.randrange(len(stats)) for _ in stats]
        sums = (sum(stats[i].hyp_len for i in resample), sum(stats[i].ref_len for i in resample),
                [sum(stats[i].matches[n] for i in resample) for n in range(4)],
                [sum(stats[i].totals[n] for i in resample) for n in range(4)])
        engine = bx.explain_corpus([outputs[i] for i in resample], [corpus.references[i] for i in resample])
        assert _bleu_from_sums(*sums) == engine.score


def test_the_exercises_are_found_in_the_notebooks_module():
    assert exercises_for("10_is_the_difference_real") == list(ch10.EXERCISES)
