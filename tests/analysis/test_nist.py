"""NIST (Doddington 2002) next to NLTK's corpus_nist, and mteval-v13a.pl's rules written out."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from conftest import count_oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate.nist_score import corpus_nist as nltk_corpus_nist
from strategies import examples

from bleu_explain.analysis.nist import NIST_BETA, corpus_nist, explain_nist, nist_length_penalty
from bleu_explain.engine.errors import BleuInputError
from bleu_explain.engine.tokenize import make_tokenizer

VOCAB = ["the", "a", "cat", "dog", "sat", "on", "mat", "of", "party", "guide", "to", "action", "military",
         "is", "it", "that", "commands", ",", "."]


def nltk_nist(cands, refs, n=5, tokenizer=str.split):
    return nltk_corpus_nist([[tokenizer(r) for r in seg] for seg in refs], [tokenizer(c) for c in cands], n=n)


words = st.sampled_from(VOCAB)
sentence = st.lists(words, min_size=1, max_size=16).map(" ".join)
long_sentence = st.lists(words, min_size=5, max_size=16).map(" ".join)


@st.composite
def single_reference_corpora(draw):
    n = draw(st.integers(1, 6))
    cands = [draw(long_sentence)] + [draw(sentence) for _ in range(n - 1)]  # NLTK needs >= 1 candidate 5-gram
    refs = [[draw(sentence)] for _ in range(n)]
    return cands, refs


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(single_reference_corpora())
def test_equals_nltk_with_one_reference(corpus):
    cands, refs = corpus
    ours = explain_nist(cands, refs, tokenize="none", lowercase=False)
    theirs = nltk_nist(cands, refs)
    assert math.isclose(ours.score, theirs, rel_tol=1e-12, abs_tol=1e-12), (ours.score, theirs)
    count_oracle("nltk")


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_equals_nltk_for_each_max_order(n):
    cands = ["It is a guide to action which ensures that the military always obeys the commands of the party.",
             "the cat sat on the mat quite happily today"]
    refs = [["It is a guide to action that ensures that the military will forever heed Party commands."],
            ["the cat was sitting on the mat today"]]
    tok = make_tokenizer("13a", True, "ascii")
    ours = explain_nist(cands, refs, max_order=n)  # mteval's normalisation by default
    assert math.isclose(ours.score, nltk_nist(cands, refs, n=n, tokenizer=tok), rel_tol=1e-12)
    count_oracle("nltk")


def test_equals_nltk_when_all_references_agree():
    cands = ["the cat sat on the mat", "a dog is on the mat of the party"]
    refs = [["the cat is on the mat"] * 3, ["the dog is on a mat of the party"] * 3]
    ours = explain_nist(cands, refs, tokenize="none", lowercase=False)
    assert math.isclose(ours.score, nltk_nist(cands, refs), rel_tol=1e-12)
    count_oracle("nltk")


def test_nltk_differs_with_several_different_references():
    # NLTK clips against one reference at a time and uses that reference's length; mteval clips against
    # the largest count in any reference and uses the mean reference length.
    cands = ["the cat sat on the mat with the dog"]
    refs = [["the cat sat on a mat", "a dog and the cat were on the mat together today"]]
    ours = explain_nist(cands, refs, tokenize="none", lowercase=False)
    assert not math.isclose(ours.score, nltk_nist(cands, refs), rel_tol=1e-6)
    assert ours.score == pytest.approx(mteval_nist(cands, refs), rel=1e-12)


# ---------------------------------------------------------------------- mteval-v13a.pl's rules, written out
def words2ngrams(words, max_n):
    """mteval's Words2Ngrams: every n-gram up to max_n, counted."""
    count = Counter()
    for i in range(len(words)):
        for j in range(i, min(i + max_n, len(words))):
            count[tuple(words[i:j + 1])] += 1
    return count


def mteval_nist(cands, refs, max_n=5, tokenizer=str.split):
    """NIST as mteval-v13a.pl's compute_ngram_info / score_segment / nist_score compute it."""
    ref_tok = [[tokenizer(r) for r in seg] for seg in refs]
    ngram_count, tot_wrds = Counter(), 0
    for seg in ref_tok:
        for r in seg:
            tot_wrds += len(r)
            ngram_count.update(words2ngrams(r, 9))  # mteval counts up to 9-grams
    info = {g: -math.log((c / ngram_count[g[:-1]]) if len(g) > 1 else c / tot_wrds) / math.log(2)
            for g, c in ngram_count.items()}
    tst_info, tst_cnt, ref_cnt = [0.0] * 10, [0] * 10, [0] * 10
    for cand, seg in zip(cands, ref_tok):
        words = tokenizer(cand)
        tst = words2ngrams(words, 9)
        for j in range(1, 10):
            tst_cnt[j] += len(words) - j + 1 if j <= len(words) else 0
        ref_max = Counter()
        for r in seg:
            for g, c in words2ngrams(r, 9).items():
                ref_max[g] = max(ref_max[g], c)
            for j in range(1, 10):
                ref_cnt[j] += len(r) - j + 1 if j <= len(r) else 0
        for g, c in tst.items():
            if g in ref_max:
                tst_info[len(g)] += info[g] * min(c, ref_max[g])
    nsys = len(refs[0])
    score = sum(tst_info[n] / max(tst_cnt[n], 1) for n in range(1, max_n + 1))
    ratio = tst_cnt[1] / (ref_cnt[1] / nsys)
    if ratio >= 1:
        penalty = 1.0
    elif ratio <= 0:
        penalty = 0.0
    else:
        beta = -math.log(0.5) / math.log(1.5) / math.log(1.5)
        penalty = math.exp(-beta * math.log(ratio) * math.log(ratio))
    return score * penalty


corpora_multi = st.integers(1, 4).flatmap(
    lambda k: st.lists(st.tuples(sentence, st.lists(sentence, min_size=k, max_size=k)), min_size=1, max_size=5))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora_multi)
def test_equals_mteval_rules_with_several_references(pairs):
    cands = [c for c, _ in pairs]
    refs = [r for _, r in pairs]
    ours = explain_nist(cands, refs, tokenize="none", lowercase=False)
    assert math.isclose(ours.score, mteval_nist(cands, refs), rel_tol=1e-12, abs_tol=1e-12)


def test_mteval_normalisation_is_the_default():
    cands = ["The Cat sat on the mat."]
    refs = [["the cat sat on the mat ."]]
    tok = make_tokenizer("13a", True, "ascii")
    assert explain_nist(cands, refs).score == pytest.approx(mteval_nist(cands, refs, tokenizer=tok), rel=1e-12)
    cased = explain_nist(cands, refs, tokenize="none", lowercase=False)
    assert cased.score < explain_nist(cands, refs).score


# ---------------------------------------------------------------------- the parts
def test_information_weights_and_tables():
    refs = [["the cat sat on the mat"], ["the cat ran"]]
    r = explain_nist(["the cat sat", "the dog ran"], refs, tokenize="none", lowercase=False)
    # 9 reference words; "the" occurs 3 times, "the cat" twice, "cat sat" once after 2 "cat"s
    assert r.reference_words == 9
    assert r.info_weight("the") == pytest.approx(math.log2(9 / 3))
    assert r.info_weight("the cat") == pytest.approx(math.log2(3 / 2))
    assert r.info_weight(("cat", "sat")) == pytest.approx(math.log2(2 / 1))
    table = r.info_table()
    assert set(table["ngram"]) == {"the", "cat", "sat", "ran", "the cat", "cat sat", "the cat sat"}
    row = table[table["ngram"] == "the"].iloc[0]
    assert row["matched"] == 2 and row["prefix_count"] == 9 and row["ref_count"] == 3
    assert row["contribution"] == pytest.approx(2 * math.log2(3))
    assert table["contribution"].is_monotonic_decreasing
    assert sum(r.information) == pytest.approx(table["contribution"].sum())
    orders = r.order_table()
    assert list(orders.index) == [1, 2, 3, 4, 5]
    assert orders["cumulative_nist"].iloc[-1] == pytest.approx(r.score)
    with pytest.raises(BleuInputError, match="does not occur in the references"):
        r.info_weight("dog")


def test_length_penalty():
    assert nist_length_penalty(2 / 3) == pytest.approx(0.5, abs=1e-15)
    assert nist_length_penalty(1.0) == 1.0 and nist_length_penalty(1.5) == 1.0
    assert math.exp(-NIST_BETA * math.log(1.5) ** 2) == pytest.approx(0.5)
    # mean reference length: a candidate as long as the mean is not penalised
    r = explain_nist(["a b c d e f"], [["a b c d", "a b c d e f g h"]], tokenize="none")
    assert r.ref_length == 6 and r.length_penalty == 1.0
    short = explain_nist(["a b c d"], [["a b c d e f"]], tokenize="none")
    assert short.length_ratio == pytest.approx(4 / 6) and short.length_penalty == pytest.approx(0.5)


def test_errors_and_edge_cases():
    with pytest.raises(BleuInputError, match="max_order"):
        explain_nist(["a"], [["a"]], max_order=0)
    with pytest.raises(BleuInputError, match="references are empty"):
        explain_nist(["a"], [[""]])
    with pytest.raises(BleuInputError, match="candidates"):
        explain_nist("a b", [["a b"]])
    empty = explain_nist([""], [["a b c"]])
    assert empty.score == 0.0 and empty.length_penalty == 0.0
    assert corpus_nist(["a b c"], [["a b c"]]) == explain_nist(["a b c"], [["a b c"]]).score
