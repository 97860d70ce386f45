"""The rules of mteval-v13a.pl and multi-bleu.perl, each stated as an example with the value the script printed.

Neither script can be installed from a package registry, so the tests cannot run
them. Each value below was printed by the real script (from the Moses decoder's
``scripts/generic``; mteval with Debian's libxml-twig-perl) on the input shown,
and the test holds our preset to it. ``PRINTED`` quotes what the script wrote.
"""

from __future__ import annotations

import math

import pytest

import bleu_explain as bx

CAT = "the cat sat on the mat"


# --------------------------------------------------------------------------- mteval-v13a.pl
def test_mteval_no_smoothing_gives_0_for_an_order_without_ngrams():
    # mteval-v13a.pl --no-smoothing, hypothesis and reference "the cat sat": PRINTED "BLEU score = 0.0000"
    r = bx.explain("the cat sat", ["the cat sat"], preset="mteval-13a", smooth="none")
    assert r.bleu == 0.0
    assert any("no candidate n-grams and smoothing is off" in note for note in r.notes)
    # with its default smoothing the missing order is log 1, divided by N = 4: exp(-3/4 * 0)... = 1 * BP
    smoothed = bx.explain("the cat sat", ["the cat sat"], preset="mteval-13a")
    assert smoothed.bleu == 1.0


def test_mteval_does_not_split_on_unit_separator():
    # Perl's \s does not match U+001F, so "the\x1fcat" is one token: 5 tokens. PRINTED "BLEU score = 0.5475"
    r = bx.explain("the\x1fcat sat on the mat", [CAT], preset="mteval-13a")
    assert len(r.candidate_tokens) == 5 and r.candidate_tokens[0] == "the\x1fcat"
    assert f"{r.bleu:.4f}" == "0.5475"


def test_mteval_counts_an_order_without_ngrams_as_log_1():
    # hyps "a x", "c d z"; refs "a b c", "c d e f" (no 4-gram in the corpus). PRINTED "BLEU score = 0.3769"
    r = bx.explain_corpus(["a x", "c d z"], [["a b c"], ["c d e f"]], preset="mteval-13a")
    assert f"{r.bleu:.4f}" == "0.3769"


def test_mteval_lowercases_ascii_letters_only():
    # without -c, tr/[A-Z]/[a-z]/ leaves "É" alone: "ÉCOLE" matches "École", not "école"
    r = bx.explain("ÉCOLE", ["école"], preset="mteval-13a", max_order=1)
    assert r.candidate_tokens == ("École",) and r.matches == (0,)


# --------------------------------------------------------------------------- multi-bleu.perl
def test_multi_bleu_lowercases_ascii_only():
    # multi-bleu.perl -lc reads bytes: Ä stays Ä. PRINTED "BLEU = 0.00, 50.0/33.3/0.0/0.0 (...)"
    r = bx.explain("ÄITI ON KOTONA TÄNÄÄN", ["äiti on kotona tänään"], preset="multi-bleu", lowercase=True)
    assert r.bleu == 0.0
    assert "/".join(f"{100 * p:.1f}" for p in r.precisions) == "50.0/33.3/0.0/0.0"


@pytest.mark.parametrize("space", ["\u00a0", "\u2009", "\u3000", "\u2028", "\u0085"])
def test_multi_bleu_splits_on_ascii_white_space_only(space):
    # a no-break space joins two words for multi-bleu.perl: 5 tokens. PRINTED "BLEU = 54.75, ..."
    r = bx.explain(f"the{space}cat sat on the mat", [CAT], preset="multi-bleu")
    assert len(r.candidate_tokens) == 5
    assert f"{r.score:.2f}" == "54.75"


def test_ascii_white_space_is_white_space_for_every_tool():
    for preset in ("multi-bleu", "mteval-13a", "sacrebleu"):
        assert bx.explain("the\tcat sat on the\x0bmat", [CAT], preset=preset).bleu == pytest.approx(1.0)


@pytest.mark.parametrize("preset", ["mteval-13a", "multi-bleu"])
def test_every_hypothesis_empty_the_perl_script_dies_and_we_say_so(preset):
    # Both scripts die here (log of 0 / division by zero); our answer is defined, and the notes say why.
    r = bx.explain_corpus(["", ""], [[CAT], [CAT]], preset=preset)
    assert r.bleu == 0.0 and not math.isnan(r.score)
    assert any("has no answer here" in note for note in r.notes)
