"""Notebook 02's exercises: a modified bigram precision by hand, and a corpus precision that is no average.

>>> bigrams = EXERCISES[0]
>>> bigrams.check("8/10").message.startswith("You did not clip"), bigrams.check("6/10").message.startswith("You summed")
(True, True)
"""

from __future__ import annotations

from typing import Any, Callable

from ..api import explain, explain_corpus
from ..data import examples
from .answers import agrees, as_fraction_parts, as_number
from .exercise import Exercise, Feedback, slip_feedback

CANDIDATE, REFS_2 = examples.REPEATED_BIGRAMS_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)
CORPUS = ([examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_3_CANDIDATE], [REFS_2, list(examples.EXAMPLE_1_REFERENCES)])
A_NUMBER = 'Give the precision as a fraction like "3/10" or a number like 0.3.'
AS_ASKED = ' (a fraction like "3/10", or a number between 0 and 1)'


def _bigrams() -> Any:
    return explain(CANDIDATE, REFS_2, preset="paper", max_order=2)


def check_bigram_precision(answer: Any) -> Feedback:
    r = _bigrams()
    rows, total = r.ngram_rows(2), r.totals[1]
    summed = sum(min(row["candidate_count"], sum(v for k, v in row.items() if k.startswith("ref"))) for row in rows)
    if agrees(answer, r.matches[1] / total):
        return Feedback(True, "Right: each repeated bigram is credited only as often as it occurs in the one reference "
                              "where it is most frequent.")
    if as_fraction_parts(answer) == (r.matches[1], len(rows)):
        return Feedback(False, "Your numerator looks right, but you divided by the distinct bigrams. Divide by ALL "
                               "candidate bigrams, repeats included: w words have w - 1 bigrams.")
    if agrees(answer, r.unclipped_matches[1] / total):
        return Feedback(False, "You did not clip: every candidate bigram found in some reference was credited. Credit "
                               "'on the' and 'the mat' at most as often as they occur in ONE reference.")
    if agrees(answer, summed / total):
        return Feedback(False, "You summed the counts over the references instead of taking the maximum. 'on the' "
                               "occurs once in each reference, so its max-ref count is 1, not 2.")
    return _slip_or(answer, r.matches[1] / total, "Not that. For each distinct bigram: count, count in each "
                    "reference, max-ref count, clipped; add the clipped counts, divide by all bigrams.",
                    check_bigram_precision)


def _slip_or(answer: Any, right: float, wrong: str, check: Callable[[Any], Feedback]) -> Feedback:
    """The right precision written another way (a percentage, or rounded) said so; a percentage of another value
    read as the fraction it stands for and checked again (80 is 0.8: not clipped); else ``wrong``, or how to write
    a precision."""
    slipped = slip_feedback(answer, right, what="the precision", also=AS_ASKED)
    if slipped is not None:
        return slipped
    number = as_number(answer)
    if number is None:
        return Feedback(False, A_NUMBER)
    if 1 < number <= 100:
        return Feedback(False, f"A precision lies between 0 and 1, so {answer!r} looks like a percentage. Read as "
                               f"{number / 100:g}: {check(number / 100).message}")
    if not 0 <= number <= 1:
        return Feedback(False, f"A precision lies between 0 and 1: matches over candidate n-grams. {wrong}")
    return Feedback(False, wrong)


def _corpus() -> Any:
    return explain_corpus(*CORPUS, preset="paper", max_order=1)


def _mean_of_sentences() -> float:
    segments = [_corpus().segment(i) for i in range(len(CORPUS[0]))]
    return sum(s.matches[0] / s.totals[0] for s in segments) / len(segments)


def check_corpus_precision(answer: Any) -> Feedback:
    if agrees(answer, _corpus().matches[0] / _corpus().totals[0]):
        return Feedback(True, "Right: the clipped counts of both segments are added up, then divided by all candidate "
                              "words of the corpus.")
    if agrees(answer, _mean_of_sentences()):
        return Feedback(False, "You averaged the two sentence precisions. The paper (section 2.1.1) adds the clipped "
                               "counts over all segments first and divides by all candidate words.")
    return _slip_or(answer, _corpus().matches[0] / _corpus().totals[0], "Not that. Add the segments' clipped "
                    "matches, add their words, then divide.", check_corpus_precision)


def worked_bigram_precision() -> str:
    r = _bigrams()
    clipped = ", ".join(f"'{row['ngram']}' {row['candidate_count']} -> {row['clipped']}" for row in r.ngram_rows(2))
    return f"""The candidate's {r.hyp_len} words make {r.totals[1]} bigrams, repeats included. Clip each distinct bigram's
count at the most times ONE reference has it (the maximum over the references, not their sum): {clipped}.

```python
import bleu_explain as bx
bx.explain({CANDIDATE!r}, {REFS_2!r}, preset="paper", max_order=2).fraction(2)
```

Answer: **{r.fraction(2)}**."""


def worked_corpus_precision() -> str:
    c, segments = _corpus(), ", ".join(_corpus().segment(i).fraction(1) for i in range(len(CORPUS[0])))
    return f"""The paper (section 2.1.1) adds the clipped counts of all segments ({segments}), then divides by all
candidate words. Averaging the sentences' precisions ({_mean_of_sentences():.4f}) would give the two-word sentence
as much say as the seven-word one.

```python
import bleu_explain as bx
from bleu_explain.data import examples
bx.explain_corpus([examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_3_CANDIDATE],
                  [examples.EXAMPLE_2_REFERENCES, examples.EXAMPLE_1_REFERENCES], preset="paper", max_order=1).fraction(1)
```

Answer: **{c.fraction(1)}** ({c.matches[0] / c.totals[0]:.4f})."""


EXERCISES = [
    Exercise("modified_bigram_precision", f"The modified bigram precision of {CANDIDATE!r} against the references of "
             "the paper's Example 2 (preset='paper'), as a fraction \"matches/bigrams\".", check_bigram_precision,
             solution=lambda: _bigrams().fraction(2), mistake=lambda: _bigrams().fraction(2, plain=True),
             worked=worked_bigram_precision),
    Exercise("corpus_unigram_precision", "The corpus-level modified unigram precision of a two-segment corpus: "
             f"Example 2's candidate with its references, and Example 3's candidate {examples.EXAMPLE_3_CANDIDATE!r} "
             "with Example 1's references (preset='paper'): a fraction, or a number to two decimals.",
             check_corpus_precision, solution=lambda: _corpus().fraction(1), mistake=_mean_of_sentences,
             worked=worked_corpus_precision),
]
