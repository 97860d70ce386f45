"""Oracle tests: the real sacreBLEU next to our `sacrebleu` preset."""

from __future__ import annotations

import math

import pytest
from conftest import count_oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU
from strategies import corpora, examples

import bleu_explain as bx

TOKENIZERS = ["13a", "intl", "zh", "char", "none"]
SMOOTHING = [("exp", None), ("none", None), ("floor", None), ("floor", 0.3), ("floor", 0), ("floor", 2.5), ("add-k", None),
             ("add-k", 2), ("add-k", 0)]


def sacrebleu_score(cands, refs, **kw):
    """Run the real sacreBLEU on segment-major references (padding with None for varying counts)."""
    k = max(len(r) for r in refs)
    streams = [[seg[j] if j < len(seg) else None for seg in refs] for j in range(k)]
    metric = BLEU(**kw)
    score = metric.corpus_score(cands, streams)
    return score, metric.get_signature().format()


def assert_same(ours, theirs, signature, check_counts=True):
    assert ours.score == theirs.score, (ours.score, theirs.score)  # bit for bit, not only within 1e-9
    assert ours.hyp_len == theirs.sys_len
    assert ours.ref_len == theirs.ref_len
    assert math.isclose(ours.brevity_penalty, theirs.bp, rel_tol=1e-12)
    if check_counts:
        assert list(ours.matches) == list(theirs.counts)
        assert list(ours.totals) == list(theirs.totals)
    assert ours.signature == signature


@pytest.mark.parametrize("tokenize", TOKENIZERS)
@pytest.mark.parametrize("smooth,smooth_value", SMOOTHING)
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=corpora(), lowercase=st.booleans(), max_order=st.integers(1, 6), effective_order=st.booleans())
def test_corpus_scores_match_sacrebleu(tokenize, smooth, smooth_value, data, lowercase, max_order, effective_order):
    cands, refs = data
    theirs, signature = sacrebleu_score(
        cands, refs, tokenize=tokenize, lowercase=lowercase, smooth_method=smooth, smooth_value=smooth_value,
        max_ngram_order=max_order, effective_order=effective_order,
    )
    ours = bx.explain_corpus(
        cands, refs, tokenize=tokenize, lowercase=lowercase, smooth=smooth, smooth_value=smooth_value,
        max_order=max_order, effective_order=effective_order,
    )
    # add-k changes sacreBLEU's reported counts; ours are before smoothing
    assert_same(ours, theirs, signature, check_counts=smooth != "add-k")
    count_oracle("sacrebleu")


@pytest.mark.parametrize("tokenize", TOKENIZERS)
@settings(max_examples=examples(60), deadline=None)
@given(data=corpora(max_segments=1), effective_order=st.booleans())
def test_sentence_scores_match_sacrebleu(tokenize, data, effective_order):
    (cand,), (refs,) = data
    metric = BLEU(tokenize=tokenize, effective_order=effective_order)
    theirs = metric.sentence_score(cand, refs)
    ours = bx.explain(cand, refs, tokenize=tokenize, effective_order=effective_order)
    assert_same(ours, theirs, metric.get_signature().format())
    count_oracle("sacrebleu")


def test_notes_examples_run_against_sacrebleu():
    """The examples quoted in the notes, each also run through sacreBLEU here."""
    cases = [
        ("The cat sat on the mat.", ["The cat is on the mat."], {}),
        ("The cat sat on the mat.", ["The cat is on the mat."], {"smooth": "add-k"}),
        ("it", ["this is a ship", "it is ship", "ship it is", "a ship, it is"], {"tokenize": "none"}),
        ("it", ["this is a ship", "it is ship", "ship it is", "a ship, it is"], {"tokenize": "none", "effective_order": True}),
        ("it it it it it it it", ["this is a ship", "it is ship", "ship it is", "a ship, it is"], {"tokenize": "none"}),
    ]
    for cand, refs, kw in cases:
        sb_kw = {("smooth_method" if k == "smooth" else k): v for k, v in kw.items()}
        theirs, sig = sacrebleu_score([cand], [refs], **sb_kw)
        ours = bx.explain(cand, refs, **kw)
        assert_same(ours, theirs, sig, check_counts="smooth" not in kw)
        count_oracle("sacrebleu")


@pytest.mark.parametrize("smooth_value", [0.0, None, 0.01, 2.0])
def test_floor_values_as_sacrebleus_own_test_suite_scores_them(smooth_value):
    """sacreBLEU's test_offset scores floor 0 (and its default 0.1) through raw_corpus_bleu: floor smoothing,
    no tokenization, effective order on. Every value it takes is taken here, and gives its number."""
    import sacrebleu

    hyps, refs = ["am I am a character sequence"], [["I am a symbol string sequence a a"]]
    theirs = sacrebleu.raw_corpus_bleu(hyps, refs, smooth_value)
    ours = bx.explain_corpus(hyps, [list(r) for r in zip(*refs)], tokenize="none", smooth="floor",
                             smooth_value=smooth_value, effective_order=True)
    assert ours.score == theirs.score
    if smooth_value == 0.0:
        assert ours.score == 0.0  # a floor of 0 is no smoothing: the zero 4-gram precision gives 0
    count_oracle("sacrebleu")


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=corpora(max_segments=3), max_order=st.integers(5, 40), effective_order=st.booleans(),
       smooth=st.sampled_from(["exp", "none", "floor", "add-k"]))
def test_orders_past_every_segment_score_as_sacrebleu_scores_them(data, max_order, effective_order, smooth):
    """The counter stops at each segment's length; the orders past it still count as sacreBLEU counts them (zero
    totals, its smoothing and effective order), up to the last bit."""
    cands, refs = data
    theirs, signature = sacrebleu_score(cands, refs, smooth_method=smooth, max_ngram_order=max_order,
                                        effective_order=effective_order)
    ours = bx.explain_corpus(cands, refs, smooth=smooth, max_order=max_order, effective_order=effective_order)
    assert_same(ours, theirs, signature, check_counts=smooth != "add-k")
    count_oracle("sacrebleu")


# ---------------------------------------------------------------------- the Chinese examples (data.examples)
@pytest.mark.parametrize("way, candidate, references, settings", [
    ("characters (zh)", "ZH_CANDIDATE", "ZH_REFERENCES", {"tokenize": "zh"}),
    ("characters (char)", "ZH_CANDIDATE", "ZH_REFERENCES", {"tokenize": "char"}),
    ("13a", "ZH_CANDIDATE", "ZH_REFERENCES", {"tokenize": "13a"}),
    ("words", "ZH_CANDIDATE_WORDS", "ZH_REFERENCES_WORDS", {"tokenize": "none"}),
    ("CWMT's 5-grams", "ZH_CANDIDATE", "ZH_REFERENCES", {"tokenize": "zh", "max_order": 5}),
])
def test_the_chinese_examples_score_as_sacrebleu_scores_them(way, candidate, references, settings):
    from bleu_explain.data import examples as ex

    cands, refs = [getattr(ex, candidate)], [list(getattr(ex, references))]
    theirs, signature = sacrebleu_score(cands, refs, tokenize=settings["tokenize"],
                                        max_ngram_order=settings.get("max_order", 4))
    assert_same(bx.explain_corpus(cands, refs, **settings), theirs, signature)
    count_oracle("sacrebleu")


def test_what_the_chinese_examples_teach():
    """13a splits no Chinese: each sentence is one token and BLEU is 0; characters and words give different BLEUs for
    the same sentences (the words are the characters, segmented); CWMT's 5-grams score lower than 4-grams."""
    from bleu_explain.data import examples as ex

    refs = [list(ex.ZH_REFERENCES)]
    assert ["".join(words.split()) for words in (ex.ZH_CANDIDATE_WORDS, *ex.ZH_REFERENCES_WORDS)] == \
        [ex.ZH_CANDIDATE, *ex.ZH_REFERENCES]
    under_13a = bx.explain_corpus([ex.ZH_CANDIDATE], refs, tokenize="13a")
    assert under_13a.hyp_len == 1 and under_13a.score == 0
    characters = bx.explain_corpus([ex.ZH_CANDIDATE], refs, tokenize="zh")
    words = bx.explain_corpus([ex.ZH_CANDIDATE_WORDS], [list(ex.ZH_REFERENCES_WORDS)], tokenize="none")
    cwmt = bx.explain_corpus([ex.ZH_CANDIDATE], refs, tokenize="zh", max_order=ex.CWMT_MAX_ORDER)
    assert characters.hyp_len == len(ex.ZH_CANDIDATE) and words.hyp_len == len(ex.ZH_CANDIDATE_WORDS.split())
    assert characters.score > cwmt.score > words.score > under_13a.score
