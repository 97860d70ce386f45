"""Notebook 02 (modified precision): the corpus table and the exercises.

The exercises' checkers ask the engine for the right value and recognise the
usual mistakes: not clipping, summing the reference counts instead of taking
their maximum, dividing by the distinct n-grams, and averaging sentence
precisions instead of summing counts over the corpus.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["modified_bigram_precision"].check("8/10").message.startswith("You did not clip")
True
>>> ex["modified_bigram_precision"].check("6/10").message.startswith("You summed")
True

The notebook reads fractions off its results (``result.fraction(n)``) and sets
them beside the paper's with :func:`bleu_explain.display.tables.beside_paper`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..api import explain, explain_corpus
from ..data import examples
from ..engine.errors import BleuInputError
from .answers import agrees, as_fraction_parts, as_number
from .exercise import Exercise, Feedback

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation

__all__ = ["EXERCISES", "corpus_vs_sentence_average"]


def _ratio(top: int, bottom: int) -> float | None:
    return top / bottom if bottom else None


# --------------------------------------------------------------------------- corpus level
def corpus_vs_sentence_average(corpus: CorpusExplanation) -> pd.DataFrame:
    """Per order: the corpus modified precision (sums over segments) beside the mean of the sentence precisions.

    The paper (Papineni et al. 2002, section 2.1.1) sums the clipped counts of
    all segments and divides by all candidate n-grams; averaging each
    sentence's precision instead gives short sentences as much say as long
    ones. Segments without n-grams of an order are left out of that order's
    average.

    >>> c = explain_corpus(["a b c d e f", "x y"], [["a b c d e f"], ["z w"]], preset="paper", max_order=1)
    >>> corpus_vs_sentence_average(c)[["corpus", "corpus_precision", "mean_of_sentence_precisions"]].values.tolist()
    [['6/8', 0.75, 0.5]]
    """
    import pandas as pd

    if not hasattr(corpus, "sentence_table"):
        raise BleuInputError("corpus_vs_sentence_average needs a result of bleu_explain.explain_corpus")
    table = corpus.sentence_table()
    rows = []
    for n, (clipped, total) in enumerate(zip(corpus.matches, corpus.totals), 1):
        has_ngrams = table[f"total_{n}"] > 0
        sentence_precisions = table[f"matches_{n}"][has_ngrams] / table[f"total_{n}"][has_ngrams]
        rows.append({
            "order": n,
            "corpus": f"{clipped}/{total}",
            "corpus_precision": _ratio(clipped, total),
            "sentence_precisions": ", ".join(f"{a}/{b}" for a, b in zip(table[f"matches_{n}"], table[f"total_{n}"])),
            "mean_of_sentence_precisions": float(sentence_precisions.mean()) if has_ngrams.any() else None,
        })
    return pd.DataFrame(rows).set_index("order")


# --------------------------------------------------------------------------- exercise 1: bigrams
#: The candidate of the bigram exercise (scored against Example 2's references).
BIGRAM_CANDIDATE = examples.REPEATED_BIGRAMS_CANDIDATE


def bigram_counts() -> dict[str, int]:
    """The right numerator and denominator, and the numerators of the usual mistakes, from the engine's table."""
    r = explain(BIGRAM_CANDIDATE, examples.EXAMPLE_2_REFERENCES, preset="paper", max_order=2)
    table = r.ngram_table(2)
    reference_columns = [c for c in table.columns if c.startswith("ref") and c.endswith("_count")]
    summed_over_references = table[reference_columns].sum(axis=1)
    clipped_at_the_sum = table["candidate_count"].where(table["candidate_count"] < summed_over_references,
                                                       summed_over_references)
    return {
        "clipped": r.matches[1],
        "total": r.totals[1],
        "distinct": len(table),
        "unclipped": r.unclipped_matches[1],
        "summed_refs": int(clipped_at_the_sum.sum()),
    }


def check_bigram_precision(answer: Any) -> Feedback:
    """The modified bigram precision of BIGRAM_CANDIDATE, as a fraction or a number."""
    if as_number(answer) is None:
        return Feedback(False, "Give the precision as a fraction string like \"3/10\" or a number like 0.3.")
    k = bigram_counts()
    parts = as_fraction_parts(answer)
    if agrees(answer, k["clipped"] / k["total"]):
        return Feedback(True, "Right: each repeated bigram is credited only as often as it occurs in the one "
                              "reference where it is most frequent.")
    if parts == (k["clipped"], k["distinct"]):
        return Feedback(False, "Your numerator looks right, but you divided by the distinct bigrams. Divide by "
                               "ALL candidate bigrams, repeats included: a sentence of w words has w - 1 bigrams.")
    if agrees(answer, k["unclipped"] / k["total"]):
        return Feedback(False, "You did not clip: every candidate bigram found in some reference was credited. "
                               "Credit 'on the' and 'the mat' at most as often as they occur in ONE reference.")
    if agrees(answer, k["summed_refs"] / k["total"]):
        return Feedback(False, "You summed the counts over the references instead of taking the maximum. "
                               "'on the' occurs once in each reference, so its max-ref count is 1, not 2.")
    if parts is not None and parts[1] != k["total"]:
        return Feedback(False, "Check your denominator: it is the number of bigrams in the candidate, repeats "
                               "included (a sentence of w words has w - 1 bigrams).")
    return Feedback(False, "Not that. List the candidate's bigrams with ngram_table(2)'s columns in mind: count, "
                           "count in each reference, max-ref count, clipped count; then add the clipped counts.")


# --------------------------------------------------------------------------- exercise 2: a corpus
#: The tiny corpus of the second exercise: Example 2's and Example 3's candidates with their references.
CORPUS_CANDIDATES = (examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_3_CANDIDATE)
CORPUS_REFERENCES = (examples.EXAMPLE_2_REFERENCES, examples.EXAMPLE_1_REFERENCES)


def corpus_unigram() -> dict[str, float]:
    """The corpus modified unigram precision, the mean of the sentence precisions, and the unclipped precision."""
    c = explain_corpus(list(CORPUS_CANDIDATES), [list(r) for r in CORPUS_REFERENCES], preset="paper", max_order=1)
    table = c.sentence_table()
    return {
        "corpus": c.matches[0] / c.totals[0],
        "average": float((table["matches_1"] / table["total_1"]).mean()),
        "unclipped": sum(c.segment(i).unclipped_matches[0] for i in range(len(c))) / c.totals[0],
    }


def check_corpus_precision(answer: Any) -> Feedback:
    """The corpus-level modified unigram precision of the two-segment corpus."""
    if as_number(answer) is None:
        return Feedback(False, "Give the precision as a fraction string like \"3/10\" or a number like 0.3.")
    k = corpus_unigram()
    if agrees(answer, k["corpus"]):
        return Feedback(True, "Right: the clipped counts of both segments are added up, then divided by all "
                              "candidate words of the corpus.")
    if agrees(answer, k["average"]):
        return Feedback(False, "You averaged the two sentence precisions. The paper (section 2.1.1) adds the "
                               "clipped counts over all segments first and divides by all candidate words.")
    if agrees(answer, k["unclipped"]):
        return Feedback(False, "You did not clip: the seven 'the' of the first segment are not all credited.")
    return Feedback(False, "Not that. Compute each segment's clipped matches and its number of words; add the "
                           "matches, add the words, then divide.")


def worked_bigram_precision() -> str:
    """The worked solution: list the bigrams, clip each at its max-ref count, divide by all bigrams."""
    refs = list(examples.EXAMPLE_2_REFERENCES)
    r = explain(BIGRAM_CANDIDATE, refs, preset="paper", max_order=2)
    lines = "\n".join(f"- `{row['ngram']}`: {row['candidate_count']} in the candidate, at most "
                       f"{row['max_ref_count']} in one reference: {row['clipped']} credited" for row in r.ngram_rows(2))
    return f"""The candidate has {r.hyp_len} words, so {r.totals[1]} bigrams, repeats included. Clip each distinct
bigram's count at the most times ONE reference has it (the maximum over the references, not their sum):

{lines}

Added up: {r.matches[1]} credited of {r.totals[1]}.

```python
import bleu_explain as bx
from bleu_explain.data import examples
r = bx.explain({BIGRAM_CANDIDATE!r}, examples.EXAMPLE_2_REFERENCES, preset="paper", max_order=2)
r.ngram_table(2)  # count, count in each reference, max-ref count, clipped
r.fraction(2)
```

Answer: **{r.fraction(2)}**."""


def worked_corpus_precision() -> str:
    """The worked solution: add the clipped matches of both segments, add their words, then divide."""
    c = explain_corpus(list(CORPUS_CANDIDATES), [list(r) for r in CORPUS_REFERENCES], preset="paper", max_order=1)
    segments = [c.segment(i) for i in range(len(c))]
    steps = "\n".join(f"{i}. {s.candidate!r}: {s.fraction(1)} of its words are credited after clipping."
                       for i, s in enumerate(segments, 1))
    mean = corpus_unigram()["average"]
    return f"""The paper (section 2.1.1) adds the clipped counts of all segments, then divides by all candidate
words; it does not average the sentences' precisions.

{steps}
{len(segments) + 1}. The corpus: ({" + ".join(str(s.matches[0]) for s in segments)}) / \
({" + ".join(str(s.totals[0]) for s in segments)}) = {c.fraction(1)} = {c.matches[0] / c.totals[0]:.4f}.

(The mean of the two sentence precisions, {mean:.4f}, is the usual slip: it gives the two-word sentence as much
say as the seven-word one.)

```python
import bleu_explain as bx
from bleu_explain.data import examples
corpus = bx.explain_corpus([examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_3_CANDIDATE],
                           [examples.EXAMPLE_2_REFERENCES, examples.EXAMPLE_1_REFERENCES],
                           preset="paper", max_order=1)
corpus.sentence_table()[["matches_1", "total_1"]]
corpus.fraction(1)
```

Answer: **{c.fraction(1)}** ({c.matches[0] / c.totals[0]:.4f})."""


EXERCISES = [
    Exercise(
        "modified_bigram_precision",
        f"The modified bigram precision of {BIGRAM_CANDIDATE!r} against the references of the paper's "
        "Example 2 (preset='paper'), as a fraction \"matches/bigrams\".",
        check_bigram_precision,
        solution=lambda: f"{bigram_counts()['clipped']}/{bigram_counts()['total']}",
        mistake=lambda: f"{bigram_counts()['unclipped']}/{bigram_counts()['total']}",
        worked=worked_bigram_precision,
    ),
    Exercise(
        "corpus_unigram_precision",
        f"The corpus-level modified unigram precision of a two-segment corpus: Example 2's candidate with its "
        f"references, and Example 3's candidate {examples.EXAMPLE_3_CANDIDATE!r} with Example 1's references "
        "(preset='paper'): a fraction, or a number to two decimals.",
        check_corpus_precision,
        solution=lambda: corpus_unigram()["corpus"],
        mistake=lambda: str(Fraction(corpus_unigram()["average"]).limit_denominator(100)),
        worked=worked_corpus_precision,
    ),
]
