"""Oracle tests: the real NLTK next to our `nltk` preset, and the legacy 3.2.x rules."""

from __future__ import annotations

import math
import warnings

import pytest
from conftest import count_oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu, sentence_bleu
from strategies import corpora, examples, segments

import bleu_explain as bx
from bleu_explain.engine.errors import BleuComputationError

SHIP_REFS = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]

weights_strategy = st.one_of(
    st.just((0.25, 0.25, 0.25, 0.25)),
    st.lists(st.sampled_from([0.0, 0.1, 0.2, 0.25, 0.5, 1.0, 1.5]), min_size=1, max_size=6)
    .filter(any).map(tuple),
)


def nltk_corpus(cands, refs, weights, method, value, auto_reweigh):
    kwargs = {}
    if value is not None:
        kwargs = {"method1": {"epsilon": value}, "method4": {"k": value}, "method7": {"k": value},
                  "method6": {"alpha": value}}[method]
    smoothing = getattr(SmoothingFunction(**kwargs), method)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return corpus_bleu([[r.split() for r in seg] for seg in refs], [c.split() for c in cands],
                           weights=weights, smoothing_function=smoothing, auto_reweigh=auto_reweigh)


def ours_or_error(cands, refs, **kw):
    try:
        return bx.explain_corpus(cands, refs, preset="nltk", **kw)
    except BleuComputationError as exc:
        return exc


@pytest.mark.parametrize("method", [f"method{i}" for i in range(8)])
@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=corpora(max_segments=4), weights=weights_strategy, auto_reweigh=st.booleans(),
       custom_value=st.booleans())
def test_corpus_bleu_matches_nltk(method, data, weights, auto_reweigh, custom_value):
    cands, refs = data
    value = {"method1": 0.3, "method4": 3.0, "method6": 2.0, "method7": 4.0}.get(method) if custom_value else None
    try:
        theirs = nltk_corpus(cands, refs, weights, method, value, auto_reweigh)
    except (AssertionError, IndexError, ZeroDivisionError) as exc:
        ours = ours_or_error(cands, refs, weights=weights, smooth=method, smooth_value=value, auto_reweigh=auto_reweigh)
        # NLTK fails (method6 without trigram matches); we must fail with a clear message instead
        assert isinstance(ours, BleuComputationError), (exc, ours)
        count_oracle("nltk")
        return
    ours = bx.explain_corpus(cands, refs, preset="nltk", weights=weights, smooth=method, smooth_value=value,
                             auto_reweigh=auto_reweigh)
    assert math.isclose(ours.bleu, theirs, rel_tol=1e-9, abs_tol=0.0), (ours.bleu, theirs)
    count_oracle("nltk")


@settings(max_examples=examples(150), deadline=None)
@given(seg=segments(), weights=weights_strategy)
def test_sentence_bleu_matches_nltk(seg, weights):
    cand, refs = seg
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = sentence_bleu([r.split() for r in refs], cand.split(), weights=weights)
    ours = bx.explain(cand, refs, preset="nltk", weights=weights)
    assert math.isclose(ours.bleu, theirs, rel_tol=1e-9, abs_tol=0.0)
    count_oracle("nltk")


@pytest.mark.parametrize("method", ["method0", "method1", "method3", "method4", "method7"])
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=corpora(max_segments=3), orders=st.integers(5, 40), auto_reweigh=st.booleans())
def test_orders_past_every_segment_score_as_nltk_scores_them(method, data, orders, auto_reweigh):
    """As many uniform weights as orders, most past every segment's length (the counter stops there; NLTK's
    totals of at least 1, its smoothing and auto_reweigh still see every order)."""
    cands, refs = data
    weights = (1 / orders,) * orders
    theirs = nltk_corpus(cands, refs, weights, method, None, auto_reweigh)
    ours = bx.explain_corpus(cands, refs, preset="nltk", weights=weights, smooth=method, auto_reweigh=auto_reweigh)
    assert math.isclose(ours.bleu, theirs, rel_tol=1e-9, abs_tol=0.0), (ours.bleu, theirs)
    count_oracle("nltk")


def test_nltk_tutorial_candidates_with_current_nltk():
    """Current NLTK gives about 2.47e-232 for "it" (sys.float_info.min for the empty orders)."""
    for cand in ["it is ship", "it is a ship", "it", "it it it it it it it", "it a b c d e f g h i j k l m n",
                 "ship ship ship", "it ship"]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = sentence_bleu([r.split() for r in SHIP_REFS], cand.split())
        ours = bx.explain(cand, SHIP_REFS, preset="nltk")
        assert math.isclose(ours.bleu, theirs, rel_tol=1e-9)
        count_oracle("nltk")


# ----------------------------------------------------------------------------- NLTK 3.2.2-3.2.5
# The scores printed in the "Introduction to BLEU in Python" NLTK tutorial, produced by NLTK 3.2.x.
from bleu_explain.data.examples import NLTK_TUTORIAL_PRINTED_SCORES  # noqa: E402


@pytest.mark.parametrize("candidate,printed", NLTK_TUTORIAL_PRINTED_SCORES.items())
def test_nltk_tutorials_printed_scores(candidate, printed):
    assert bx.explain(candidate, SHIP_REFS, preset="nltk-3.2").bleu == printed


def nltk_tutorial_from_scratch(translation, references, weights=(0.25,) * 4):
    """The NLTK tutorial's own from-scratch implementation (numpy replaced by math), which agreed with NLTK 3.2.x."""
    from collections import Counter

    def count_ngram(tokens, n):
        return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))

    def modified_precision(t, refs, n):
        res = {}
        for r in refs:
            for k, v in count_ngram(r, n).items():
                res[k] = max(v, res.get(k, 0))
        ct = count_ngram(t, n)
        clip = {k: min(ct.get(k, 0), res.get(k, 0)) for k in ct}
        return sum(clip.values()) / float(max(sum(ct.values()), 1))

    c = len(translation)
    r = min((len(x) for x in references), key=lambda n: abs(n - c))  # np.argmin: first closest
    bp = 1 if c > r else math.exp(1 - float(r) / c)
    ps = [modified_precision(translation, references, n) for n in range(1, len(weights) + 1)]
    return bp * math.exp(sum(w * math.log(p) if p != 0 else 0 for w, p in zip(weights, ps)))


@settings(max_examples=examples(150), deadline=None)
@given(seg=segments())
def test_legacy_matches_the_nltk_tutorials_implementation(seg):
    cand, refs = seg
    if not cand.split():
        return  # the tutorial's code divides by zero here
    # the tutorial's closest length takes the first closest reference, NLTK the shorter: avoid ties
    lens = [len(r.split()) for r in refs]
    dists = [abs(n - len(cand.split())) for n in lens]
    if dists.count(min(dists)) > 1 and len({n for n, d in zip(lens, dists) if d == min(dists)}) > 1:
        return
    ours = bx.explain(cand, refs, preset="nltk-3.2")
    if ours.matches[0] == 0:
        assert ours.bleu == 0  # NLTK returns 0 without unigram matches; the tutorial's code does not check
        return
    assert math.isclose(ours.bleu, nltk_tutorial_from_scratch(cand.split(), [r.split() for r in refs]), rel_tol=1e-12)
    count_oracle("legacy-nltk")


def test_each_sentence_of_a_corpus_under_method4_scores_as_nltks_sentence_bleu():
    """``sentence_table`` scores each segment alone; NLTK's method4 reads the segment's own tokens (it once failed
    with an AssertionError here)."""
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

    cands = ["it is a ship", "the cat sat on the mat"]
    refs = [["it is ship", "ship it is"], ["the cat is on the mat"]]
    table = bx.explain_corpus(cands, refs, preset="nltk", smooth="method4").sentence_table()
    for i, (cand, seg_refs) in enumerate(zip(cands, refs)):
        theirs = sentence_bleu([r.split() for r in seg_refs], cand.split(),
                               smoothing_function=SmoothingFunction().method4)
        assert table.loc[i, "sentence_bleu"] == pytest.approx(theirs, rel=1e-12)
