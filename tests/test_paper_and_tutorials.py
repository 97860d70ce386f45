"""Every worked number of the paper (Papineni et al. 2002), the course notes and the two tutorials, from our code."""

from __future__ import annotations

import math
from fractions import Fraction

import bleu_explain as bx

EX1_REFS = [
    "It is a guide to action that ensures that the military will forever heed Party commands.",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party.",
    "It is the practical guide for the army always to heed the directions of the party.",
]
EX1_CAND1 = "It is a guide to action which ensures that the military always obeys the commands of the party."
EX1_CAND2 = "It is to insure the troops forever hearing the activity guidebook that party direct."


def frac(r, order):
    return f"{r.matches[order - 1]}/{r.totals[order - 1]}"


def test_example_1_modified_precisions():
    c1 = bx.explain(EX1_CAND1, EX1_REFS, preset="paper")
    c2 = bx.explain(EX1_CAND2, EX1_REFS, preset="paper")
    assert (frac(c1, 1), frac(c1, 2)) == ("17/18", "10/17")
    assert (frac(c2, 1), frac(c2, 2)) == ("8/14", "1/13")
    assert c1.bleu > c2.bleu


def test_example_1_needs_punctuation_removed():
    """With the final period split off as a token, candidate 1 counts 19 tokens (teaching-facts)."""
    r = bx.explain(EX1_CAND1, EX1_REFS, tokenize="13a", lowercase=True)
    assert r.totals[0] == 19


def test_example_2_needs_case_folding():
    refs = ["The cat is on the mat.", "There is a cat on the mat."]
    cand = "the the the the the the the."
    assert frac(bx.explain(cand, refs, preset="paper"), 1) == "2/7"
    assert frac(bx.explain(cand, refs, preset="paper", lowercase=False), 1) == "1/7"
    # plain (unclipped) precision would be 7/7: every candidate word is in a reference
    r = bx.explain(cand, refs, preset="paper")
    table = r.ngram_table(1)
    assert int(table["candidate_count"].sum()) == 7
    assert all(table["max_ref_count"] > 0)
    assert frac(r, 2) == "0/6"


def test_example_3_short_candidate():
    r = bx.explain("of the", EX1_REFS, preset="paper", max_order=2)
    assert (frac(r, 1), frac(r, 2)) == ("2/2", "1/1")
    assert r.brevity_penalty < 0.001  # only the brevity penalty catches it


def test_example_4_recall_would_prefer_the_bad_candidate():
    refs = ["I always do.", "I invariably do.", "I perpetually do."]
    bad = bx.explain("I always invariably perpetually do.", refs, preset="paper", max_order=1)
    good = bx.explain("I always do.", refs, preset="paper", max_order=1)
    # every word of the bad candidate is in some reference: unigram precision 5/5 ...
    assert frac(bad, 1) == "5/5" and frac(good, 1) == "3/3"
    # ... and it "recalls" more reference words, which is why BLEU does not use recall
    ref_words = set(w for ref in bad.reference_tokens for w in ref)
    assert len(ref_words & set(bad.candidate_tokens)) > len(ref_words & set(good.candidate_tokens))
    # with bigrams the bad candidate loses
    assert bx.explain("I always invariably perpetually do.", refs, preset="paper", max_order=2).bleu < \
        bx.explain("I always do.", refs, preset="paper", max_order=2).bleu


def test_best_match_length_12_15_17():
    refs = [" ".join(f"r{i}w{j}" for j in range(n)) for i, n in enumerate([12, 15, 17])]
    cand = " ".join(f"c{j}" for j in range(12))
    r = bx.explain(cand, refs, preset="paper")
    assert r.ref_len == 12 and r.brevity_penalty == 1.0


def test_corpus_bp_is_not_average_of_sentence_bp():
    """The paper computes r over the corpus; averaging sentence BPs penalises short sentences harshly."""
    cands = ["a b c", "d e f g h i j k"]
    refs = [["a b c d"], ["d e f g h i j"]]
    corpus = bx.explain_corpus(cands, refs, preset="paper", max_order=1)
    avg = sum(corpus.segment(i).brevity_penalty for i in range(2)) / 2
    assert corpus.brevity_penalty == 1.0 and avg < 1.0


def test_step_by_step_tutorials_six_steps():
    """The "BLEU - Bilingual Evaluation Understudy" tutorial: count, per-reference counts, max-ref count, clip, add, divide -> 17/18 and 10/17."""
    r = bx.explain(EX1_CAND1, EX1_REFS, preset="paper")
    table = r.ngram_table(1)
    assert list(table.columns) == ["ngram", "candidate_count", "ref1_count", "ref2_count", "ref3_count",
                                   "max_ref_count", "clipped"]
    assert (table[["ref1_count", "ref2_count", "ref3_count"]].max(axis=1) == table["max_ref_count"]).all()
    assert (table[["candidate_count", "max_ref_count"]].min(axis=1) == table["clipped"]).all()
    the = table.set_index("ngram").loc["the"]
    assert (the.candidate_count, the.max_ref_count, the.clipped) == (3, 4, 3)
    assert Fraction(int(table["clipped"].sum()), int(table["candidate_count"].sum())) == Fraction(17, 18)


def test_nltk_tutorials_clip_example():
    """The "Introduction to BLEU in Python" tutorial: 'is some' against 'this is a test' / 'this is is is test' clips 'is' to 1, 'some' to 0."""
    r = bx.explain("is some", ["this is a test", "this is is is test"], preset="nltk")
    t = r.ngram_table(1).set_index("ngram")
    assert t.loc["is", "clipped"] == 1 and t.loc["some", "clipped"] == 0
    assert t.loc["is", "max_ref_count"] == 3


def test_course_notes_swapped_ngrams_same_score():
    """Course notes: swapping n-grams between non-matching regions does not change BLEU."""
    ref = ["The dog bit the mailman."]
    a = bx.explain("The dog snapped at the mailman.", ref, preset="paper", max_order=2)
    b = bx.explain("The mailman nipped at the dog.", ref, preset="paper", max_order=2)
    assert a.matches[0] == b.matches[0]


def test_mteval_quirk_example_by_hand():
    """Notes: hyps 'a x', 'c d z' vs refs 'a b c', 'c d e f'. mteval adds log 1 for the empty 4-gram order."""
    r = bx.explain_corpus(["a x", "c d z"], [["a b c"], ["c d e f"]], preset="mteval-13a")
    by_hand = math.exp(1 - 7 / 5) * math.exp((math.log(3 / 5) + math.log(1 / 3) + math.log(1 / 2) + 0) / 4)
    assert math.isclose(r.bleu, by_hand, rel_tol=1e-12)
    assert bx.explain_corpus(["a x", "c d z"], [["a b c"], ["c d e f"]]).score == 0.0
    eff = bx.explain_corpus(["a x", "c d z"], [["a b c"], ["c d e f"]], effective_order=True)
    assert math.isclose(eff.bleu, math.exp(1 - 7 / 5) * (3 / 5 * 1 / 3 * 1 / 2) ** (1 / 3), rel_tol=1e-12)
