"""Notebook 09's exercises: the checkers against the engine's block t-test and scores, and each slip they name."""

from __future__ import annotations

import bleu_explain as bx
from bleu_explain.course.checker import check

STEM = "09_reproducing_the_paper"


def t_of_s3(n_blocks, refs=(0, 1), preset="paper"):
    corpus = bx.load_corpus().with_references(list(refs))
    return bx.block_t_test({n: corpus.system(n) for n in ("S2", "S3")}, corpus.references, n_blocks=n_blocks,
                           preset=preset, progress=False).t_statistics["S3"]


def test_t_with_10_blocks_is_the_engines_and_each_slip_is_named():
    right = t_of_s3(10)
    assert check(STEM, "t_with_10_blocks", round(right, 1)).correct
    assert "wrong sign" in check(STEM, "t_with_10_blocks", round(-right, 1)).message
    assert "20 blocks" in check(STEM, "t_with_10_blocks", round(t_of_s3(20), 1)).message
    assert "all four references" in check(STEM, "t_with_10_blocks", round(t_of_s3(10, (0, 1, 2, 3)), 1)).message
    assert "sacreBLEU" in check(STEM, "t_with_10_blocks", round(t_of_s3(10, preset="sacrebleu"), 1)).message
    assert check(STEM, "t_with_10_blocks", "many").message.startswith("Give the t-statistic")


def test_h2_other_references_is_the_engines_and_each_slip_is_named():
    def h2(refs, preset="paper"):
        return bx.load_corpus().with_references(list(refs)).explain("H2", preset=preset).bleu

    right = h2((2, 3))
    assert check(STEM, "h2_other_references", round(right, 4)).correct
    assert "0-1" in check(STEM, "h2_other_references", round(right * 100, 2)).message
    assert "references 1 and 2" in check(STEM, "h2_other_references", round(h2((0, 1)), 4)).message
    assert "all four" in check(STEM, "h2_other_references", round(h2((0, 1, 2, 3)), 4)).message
    assert "0-based" in check(STEM, "h2_other_references", round(h2((1, 2)), 4)).message
    assert "sacreBLEU" in check(STEM, "h2_other_references", round(h2((2, 3), "sacrebleu"), 4)).message
    assert "rounded too far" in check(STEM, "h2_other_references", round(right, 2)).message
