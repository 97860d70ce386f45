"""The rules of mteval-v13a.pl and multi-bleu.perl, each stated as an example with the value the script printed.

Neither script can be installed from a package registry, so the tests cannot run
them. Each value below was printed by the real script (from the Moses decoder's
``scripts/generic``, run with perl 5.36 and, for mteval, Debian's
libxml-twig-perl; mteval read the texts verbatim in its SGML files, with -b for
BLEU only) on the input shown, and the test holds our preset to it. ``PRINTED``
quotes what the script wrote. Verified this way: the white space each script
splits on, ASCII-only lowercasing, entities in other case (replaced only in
lower case, before lowercasing), --no-smoothing, an order without n-grams,
ties of the closest reference length, empty hypotheses and references, and
whole WMT21 systems at corpus and segment level.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from conftest import count_oracle, wmt21_folder

import bleu_explain as bx

CAT = "the cat sat on the mat"


def multi_bleu_line(r) -> str:
    """Our result printed as multi-bleu.perl prints its one line."""
    precisions = "/".join(f"{100 * (p or 0.0):.1f}" for p in r.precisions)
    ratio = r.hyp_len / r.ref_len if r.ref_len else 0.0
    return (f"BLEU = {r.score:.2f}, {precisions} (BP={r.brevity_penalty:.3f}, ratio={ratio:.3f}, "
            f"hyp_len={r.hyp_len}, ref_len={r.ref_len})")


# --------------------------------------------------------------------------- mteval-v13a.pl
def test_mteval_no_smoothing_gives_0_for_an_order_without_ngrams():
    # mteval-v13a.pl --no-smoothing, hypothesis and reference "the cat sat": PRINTED "BLEU score = 0.0000"
    r = bx.explain("the cat sat", ["the cat sat"], preset="mteval-13a", smooth="none")
    assert r.bleu == 0.0
    assert any("no candidate n-grams and smoothing is off" in note for note in r.notes)
    # with its default smoothing the missing order is log 1, still divided by N = 4. PRINTED "BLEU score = 1.0000"
    smoothed = bx.explain("the cat sat", ["the cat sat"], preset="mteval-13a")
    assert smoothed.bleu == 1.0


@pytest.mark.parametrize("joiner", ["\x1c", "\x1d", "\x1e", "\x1f", "\u200b", "\u180e"])
def test_mteval_does_not_split_where_perls_white_space_does_not_match(joiner):
    # Perl's \s does not match U+001C..U+001F: 5 tokens. PRINTED "BLEU score = 0.5475" (0.547518253506945)
    r = bx.explain(f"the{joiner}cat sat on the mat", [CAT], preset="mteval-13a")
    assert len(r.candidate_tokens) == 5
    assert math.isclose(r.bleu, 0.547518253506945, rel_tol=1e-12)


@pytest.mark.parametrize("space", ["\u00a0", "\u2009", "\u3000", "\u2028", "\u2029", "\u0085", "\u1680",
                                   "\u202f", "\u205f", "\x0b", "\x0c", "\r", "\t"])
def test_mteval_splits_on_unicode_white_space(space):
    # Perl's \s on decoded text matches these: 6 tokens. PRINTED "BLEU score = 1.0000"
    r = bx.explain(f"the{space}cat sat on the mat", [CAT], preset="mteval-13a")
    assert len(r.candidate_tokens) == 6 and r.bleu == 1.0


QUIRK = (["a x", "c d z"], [["a b c"], ["c d e f"]])  # no 4-gram in the whole corpus


def test_mteval_counts_an_order_without_ngrams_as_log_1():
    # PRINTED "BLEU score = 0.3769" (0.376948662989337); with --no-smoothing "BLEU score = 0.0000"
    assert math.isclose(bx.explain_corpus(*QUIRK, preset="mteval-13a").bleu, 0.376948662989337, rel_tol=1e-12)
    assert bx.explain_corpus(*QUIRK, preset="mteval-13a", smooth="none").bleu == 0.0
    # multi-bleu.perl on the same corpus
    assert multi_bleu_line(bx.explain_corpus(*QUIRK, preset="multi-bleu")) == (
        "BLEU = 0.00, 60.0/33.3/0.0/0.0 (BP=0.670, ratio=0.714, hyp_len=5, ref_len=7)")


def test_one_token_hypotheses():
    corpus = (["a", "b"], [["a b c"], ["b"]])
    # mteval PRINTED "0.3679", with --no-smoothing "0.0000"
    assert f"{bx.explain_corpus(*corpus, preset='mteval-13a').bleu:.4f}" == "0.3679"
    assert bx.explain_corpus(*corpus, preset="mteval-13a", smooth="none").bleu == 0.0
    assert multi_bleu_line(bx.explain_corpus(*corpus, preset="multi-bleu")) == (
        "BLEU = 0.00, 100.0/0.0/0.0/0.0 (BP=0.368, ratio=0.500, hyp_len=2, ref_len=4)")


def test_closest_reference_length_ties_go_to_the_shorter_in_both_scripts():
    # hypothesis of 4 tokens, references of 3 and 5 (either order): both scripts use 3
    for refs in (["a b c", "a b c d e"], ["a b c d e", "a b c"]):
        assert bx.explain("a b c d", refs, preset="mteval-13a").ref_len == 3
        assert multi_bleu_line(bx.explain("a b c d", refs, preset="multi-bleu")) == (
            "BLEU = 100.00, 100.0/100.0/100.0/100.0 (BP=1.000, ratio=1.333, hyp_len=4, ref_len=3)")


def test_mteval_lowercases_ascii_letters_only():
    # without -c, tr/[A-Z]/[a-z]/ leaves "É" alone: "ÉCOLE" matches "École", not "école"
    r = bx.explain("ÉCOLE", ["école"], preset="mteval-13a", max_order=1)
    assert r.candidate_tokens == ("École",) and r.matches == (0,)


def test_mteval_replaces_lower_case_entities_only_and_lowercases_after():
    # mteval-v13a.pl replaces &quot; &amp; &lt; &gt; (and strips <skipped>) before tr/[A-Z]/[a-z]/, so an entity
    # in other case stays three tokens. Hypothesis "Tom &AMP; Jerry", reference "tom & jerry", -d 3 PRINTED
    # "sys 'sys', seg 1: tom & amp ; jerry" and --metricsMATR-output 0.236435402250794 (BLEU score = 0.2364)
    r = bx.explain("Tom &AMP; Jerry", ["tom & jerry"], preset="mteval-13a")
    assert r.candidate_tokens == ("tom", "&", "amp", ";", "jerry")
    assert math.isclose(r.bleu, 0.236435402250794, rel_tol=1e-12)
    # with -c (case kept) PRINTED "Tom & AMP ; Jerry" and 0.106821751599059
    cased = bx.explain("Tom &AMP; Jerry", ["tom & jerry"], preset="mteval-13a", lowercase=False)
    assert cased.candidate_tokens == ("Tom", "&", "AMP", ";", "Jerry")
    assert math.isclose(cased.bleu, 0.106821751599059, rel_tol=1e-12)
    # the lower-case entity is replaced: PRINTED "tom & jerry" and 1
    assert bx.explain("Tom &amp; Jerry", ["tom & jerry"], preset="mteval-13a").bleu == 1.0
    # all four, and <SKIPPED>: PRINTED "tom & amp ; jerry & quot ; hi & quot ; & lt ; 3 & gt ;" and 0.0509121282309775;
    # "a < skipped > b & amp ; c" and 0.11339582221952 (&amp;AMP; is replaced once, then lowercased)
    r = bx.explain("Tom &AMP; Jerry &Quot;Hi&Quot; &LT;3 &GT;", ['tom & jerry "hi" <3 >'], preset="mteval-13a")
    assert " ".join(r.candidate_tokens) == "tom & amp ; jerry & quot ; hi & quot ; & lt ; 3 & gt ;"
    assert math.isclose(r.bleu, 0.0509121282309775, rel_tol=1e-12)
    r = bx.explain("a <SKIPPED> b &amp;AMP; c", ["a b & c"], preset="mteval-13a")
    assert " ".join(r.candidate_tokens) == "a < skipped > b & amp ; c"
    assert math.isclose(r.bleu, 0.11339582221952, rel_tol=1e-12)


def test_sacrebleu_lowercases_first_so_there_an_upper_case_entity_is_replaced():
    # the other order, run side by side: sacreBLEU's lowercase=True makes &AMP; one "&"
    from sacrebleu.metrics import BLEU

    r = bx.explain("Tom &AMP; Jerry", ["tom & jerry"], preset="sacrebleu", lowercase=True)
    theirs = BLEU(lowercase=True).corpus_score(["Tom &AMP; Jerry"], [["tom & jerry"]])
    assert r.candidate_tokens == ("tom", "&", "jerry") and r.score == theirs.score and r.hyp_len == theirs.sys_len
    count_oracle("sacrebleu")


# --------------------------------------------------------------------------- multi-bleu.perl
def test_multi_bleu_lowercases_ascii_only():
    # multi-bleu.perl -lc reads bytes: Ä stays Ä.
    hyp, ref = "ÄITI ON KOTONA TÄNÄÄN", ["äiti on kotona tänään"]
    assert multi_bleu_line(bx.explain(hyp, ref, preset="multi-bleu", lowercase=True)) == (
        "BLEU = 0.00, 50.0/33.3/0.0/0.0 (BP=1.000, ratio=1.000, hyp_len=4, ref_len=4)")
    assert multi_bleu_line(bx.explain(hyp, ref, preset="multi-bleu")) == (
        "BLEU = 0.00, 0.0/0.0/0.0/0.0 (BP=1.000, ratio=1.000, hyp_len=4, ref_len=4)")
    # mteval PRINTED "0.3195" (ASCII-only lowercasing) and with -c "0.0799"
    assert f"{bx.explain(hyp, ref, preset='mteval-13a').bleu:.4f}" == "0.3195"
    assert f"{bx.explain(hyp, ref, preset='mteval-13a', lowercase=False).bleu:.4f}" == "0.0799"


@pytest.mark.parametrize("space", ["\u00a0", "\u2009", "\u3000", "\u2028", "\u2029", "\u0085", "\x1c", "\x1f",
                                   "\u1680", "\u202f", "\u205f"])
def test_multi_bleu_splits_on_ascii_white_space_only(space):
    # multi-bleu.perl reads bytes: these join two words, 5 tokens
    r = bx.explain(f"the{space}cat sat on the mat", [CAT], preset="multi-bleu")
    assert len(r.candidate_tokens) == 5
    assert multi_bleu_line(r) == "BLEU = 54.75, 80.0/75.0/66.7/50.0 (BP=0.819, ratio=0.833, hyp_len=5, ref_len=6)"


@pytest.mark.parametrize("space", ["\x0b", "\x0c", "\r", "\t"])
def test_multi_bleu_splits_on_ascii_white_space(space):
    r = bx.explain(f"the{space}cat sat on the mat", [CAT], preset="multi-bleu")
    assert multi_bleu_line(r) == (
        "BLEU = 100.00, 100.0/100.0/100.0/100.0 (BP=1.000, ratio=1.000, hyp_len=6, ref_len=6)")


def test_ascii_white_space_is_white_space_for_every_tool():
    for preset in ("multi-bleu", "mteval-13a", "sacrebleu"):
        assert bx.explain("the\tcat sat on the\x0bmat", [CAT], preset=preset).bleu == pytest.approx(1.0)


@pytest.mark.parametrize("preset", ["mteval-13a", "multi-bleu"])
def test_every_hypothesis_empty_the_perl_script_dies_and_we_say_so(preset):
    # mteval dies "Can't take log of 0 at ... line 854."; multi-bleu "Illegal division by zero at ... line 154".
    # Our answer is defined, and the notes say that the tool has none.
    r = bx.explain_corpus(["", ""], [[CAT], [CAT]], preset=preset)
    assert r.bleu == 0.0 and not math.isnan(r.score)
    assert any("has no answer here" in note for note in r.notes)
    # mteval --no-smoothing PRINTED "BLEU score = 0.0000"
    assert bx.explain_corpus(["", ""], [[CAT], [CAT]], preset="mteval-13a", smooth="none").bleu == 0.0


def test_every_reference_empty():
    # mteval dies "Illegal division by zero at ... line 854." (the length ratio); we say so
    r = bx.explain_corpus(["a b", "c"], [[""], [""]], preset="mteval-13a")
    assert any("references are empty" in note and "no answer here" in note for note in r.notes)
    # multi-bleu PRINTED "BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)" and exits 1
    assert bx.explain_corpus(["a b", "c"], [[""], [""]], preset="multi-bleu").bleu == 0.0


# --------------------------------------------------------------------------- whole WMT21 systems
def _system(pair: str, name: str) -> tuple[list[str], list[list[str]]]:
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("real test sets not found: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    target = pair.split("-")[1]
    read = lambda path: Path(path).read_text(encoding="utf-8").split("\n")[:-1]  # noqa: E731
    hyps = read(folder / pair / "sys" / f"{name}.{target}")
    refs = read(folder / pair / f"ref.A.{target}")
    return hyps, [[r] for r in refs]


@pytest.mark.parametrize("pair, name, mteval, mteval_cased, multi, multi_lc", [
    ("en-de", "HuaweiTSC", 0.301802170087037, "0.2977",
     "BLEU = 25.58, 54.4/32.0/20.2/13.1 (BP=0.983, ratio=0.983, hyp_len=24134, ref_len=24557)", "26.00"),
    ("zh-en", "Online-G", "0.2873", "0.2719",
     "BLEU = 22.48, 53.1/28.7/17.2/11.1 (BP=0.967, ratio=0.968, hyp_len=61039, ref_len=63084)", "23.92"),
])
def test_whole_systems_as_the_perl_scripts_print_them(pair, name, mteval, mteval_cased, multi, multi_lc):
    hyps, refs = _system(pair, name)
    default = bx.explain_corpus(hyps, refs, preset="mteval-13a")
    if isinstance(mteval, str):  # "BLEU score = 0.2873"
        assert f"{default.bleu:.4f}" == mteval
    else:  # the full-precision value of its --metricsMATR output
        assert math.isclose(default.bleu, mteval, rel_tol=1e-12)
    assert bx.explain_corpus(hyps, refs, preset="mteval-13a", smooth="none").bleu == default.bleu
    assert f"{bx.explain_corpus(hyps, refs, preset='mteval-13a', lowercase=False).bleu:.4f}" == mteval_cased
    assert multi_bleu_line(bx.explain_corpus(hyps, refs, preset="multi-bleu")) == multi
    assert f"{bx.explain_corpus(hyps, refs, preset='multi-bleu', lowercase=True).score:.2f}" == multi_lc
