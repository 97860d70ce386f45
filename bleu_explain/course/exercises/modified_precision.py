"""Exercises of notebook 02 (modified precision).

The checkers ask the engine for the right value and recognise the usual
mistakes: not clipping, summing the reference counts instead of taking their
maximum, dividing by the distinct n-grams, and averaging sentence precisions
instead of summing counts over the corpus.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["modified_bigram_precision"].check("8/10").message.startswith("You did not clip")
True
>>> ex["modified_bigram_precision"].check("6/10").message.startswith("You summed")
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...api import explain, explain_corpus
from ...data.pathologies import EXAMPLE_1_REFERENCES  # the paper's Example 1, used by Example 3 too
from . import Exercise, Feedback
from .precision import EXAMPLE_2_REFERENCES, as_fraction_parts, as_number, close

#: The candidate of the bigram exercise (scored against Example 2's references).
BIGRAM_CANDIDATE = "the cat on the mat on the mat on the mat"

#: The tiny corpus of the second exercise: Example 2's and Example 3's candidates with their references.
CORPUS_CANDIDATES = ("the the the the the the the.", "of the")
CORPUS_REFERENCES = (EXAMPLE_2_REFERENCES, EXAMPLE_1_REFERENCES)


def _fraction_text(top: int, bottom: int) -> str:
    return f"{top}/{bottom}"


# --------------------------------------------------------------------------- exercise 1
def bigram_counts() -> dict[str, int]:
    """The right numerator and denominator, and the numerators of the two classic mistakes, from the engine's table."""
    r = explain(BIGRAM_CANDIDATE, list(EXAMPLE_2_REFERENCES), preset="paper", max_order=2)
    table = r.ngram_table(2)
    ref_columns = [c for c in table.columns if c.startswith("ref") and c.endswith("_count")]
    summed = table[ref_columns].sum(axis=1)
    return {
        "clipped": r.matches[1],
        "total": r.totals[1],
        "distinct": len(table),
        "unclipped": r.unclipped_matches[1],
        "summed_refs": int(table["candidate_count"].where(table["candidate_count"] < summed, summed).sum()),
    }


def check_bigram_precision(answer: Any) -> Feedback:
    """The modified bigram precision of BIGRAM_CANDIDATE, as a fraction or a number."""
    value = as_number(answer)
    if value is None:
        return Feedback(False, "Give the precision as a fraction string like \"3/10\" or a number like 0.3.")
    k = bigram_counts()
    parts = as_fraction_parts(answer)
    if close(value, k["clipped"] / k["total"]):
        return Feedback(True, "Right: each repeated bigram is credited only as often as it occurs in the one "
                              "reference where it is most frequent.")
    if parts == (k["clipped"], k["distinct"]):
        return Feedback(False, "Your numerator looks right, but you divided by the distinct bigrams. Divide by "
                               "ALL candidate bigrams, repeats included: a sentence of w words has w - 1 bigrams.")
    if close(value, k["unclipped"] / k["total"]):
        return Feedback(False, "You did not clip: every candidate bigram found in some reference was credited. "
                               "Credit 'on the' and 'the mat' at most as often as they occur in ONE reference.")
    if close(value, k["summed_refs"] / k["total"]):
        return Feedback(False, "You summed the counts over the references instead of taking the maximum. "
                               "'on the' occurs once in each reference, so its max-ref count is 1, not 2.")
    if parts is not None and parts[1] != k["total"]:
        return Feedback(False, "Check your denominator: it is the number of bigrams in the candidate, repeats "
                               "included (a sentence of w words has w - 1 bigrams).")
    return Feedback(False, "Not that. List the candidate's bigrams with ngram_table(2)'s columns in mind: count, "
                           "count in each reference, max-ref count, clipped count; then add the clipped counts.")


# --------------------------------------------------------------------------- exercise 2
def corpus_unigram() -> dict[str, float]:
    """The corpus modified unigram precision and the mean of the sentence precisions, from the engine."""
    c = explain_corpus(list(CORPUS_CANDIDATES), [list(r) for r in CORPUS_REFERENCES], preset="paper", max_order=1)
    table = c.sentence_table()
    return {
        "corpus": c.matches[0] / c.totals[0],
        "average": float((table["matches_1"] / table["total_1"]).mean()),
        "unclipped": sum(c.segment(i).unclipped_matches[0] for i in range(len(c))) / c.totals[0],
    }


def check_corpus_precision(answer: Any) -> Feedback:
    """The corpus-level modified unigram precision of the two-segment corpus."""
    value = as_number(answer)
    if value is None:
        return Feedback(False, "Give the precision as a fraction string like \"3/10\" or a number like 0.3.")
    k = corpus_unigram()
    if close(value, k["corpus"]):
        return Feedback(True, "Right: the clipped counts of both segments are added up, then divided by all "
                              "candidate words of the corpus.")
    if close(value, k["average"]):
        return Feedback(False, "You averaged the two sentence precisions. The paper (section 2.1.1) adds the "
                               "clipped counts over all segments first and divides by all candidate words.")
    if close(value, k["unclipped"]):
        return Feedback(False, "You did not clip: the seven 'the' of the first segment are not all credited.")
    return Feedback(False, "Not that. Compute each segment's clipped matches and its number of words; add the "
                           "matches, add the words, then divide.")


EXERCISES = [
    Exercise(
        "modified_bigram_precision",
        f"The modified bigram precision of {BIGRAM_CANDIDATE!r} against the references of the paper's "
        "Example 2 (preset='paper'), as a fraction \"matches/bigrams\".",
        check_bigram_precision,
        solution=lambda: _fraction_text(bigram_counts()["clipped"], bigram_counts()["total"]),
        mistake=lambda: _fraction_text(bigram_counts()["unclipped"], bigram_counts()["total"]),
    ),
    Exercise(
        "corpus_unigram_precision",
        "The corpus-level modified unigram precision of a two-segment corpus: Example 2's candidate with its "
        "references, and Example 3's candidate 'of the' with Example 1's references (preset='paper').",
        check_corpus_precision,
        solution=lambda: corpus_unigram()["corpus"],
        mistake=lambda: str(Fraction(corpus_unigram()["average"]).limit_denominator(100)),
    ),
]
