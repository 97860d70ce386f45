"""The exercises of notebook 10 (is the difference real?).

Each exercise asks for the p-value of a paired bootstrap (sacreBLEU's defaults:
1,000 resamples, seed 12345) and the verdict at the 0.05 level, as
``{"p_value": 0.123, "significant": False}`` (a pair ``(0.123, False)`` works
too). The checkers run the test with the package and recognise the usual
mistakes: reading the p-value the wrong way round (a small p means
significant), giving 1 - p, giving approximate randomization's p, or testing
the wrong data.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["few_sentences"].check(ex["few_sentences"].mistake()).message.startswith("Your p-value is right")
True
>>> ex["overlapping_intervals"].check({"p_value": None, "significant": True}).correct
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ...analysis.significance import paired_bootstrap
from ...data.corpus import load_corpus
from ..answers import agrees, as_number, as_record, too_few_decimals
from ..exercise import Exercise, Feedback
from .lesson import both_tests, swap_segments

if TYPE_CHECKING:  # pragma: no cover
    from ...analysis.significance import PairedTestResult

#: What the checkers compare with: the paired bootstrap and approximate randomization of one pair.
Tests = tuple["PairedTestResult", "PairedTestResult"]

#: Exercise 1 tests the first FEW_SEGMENTS segments of the bundled corpus.
FEW_SEGMENTS = 10
#: Exercise 2 replaces every SWAP_EVERY-th S3 sentence (segments 0, 10, 20, ...) by S2's.
SWAP_EVERY = 10
LEVEL = 0.05
#: p-values are asked to three decimals (the bootstrap's p moves in steps of 1/1001).
DECIMALS = 3


# --------------------------------------------------------------------------- the data of the exercises
@cache
def few_sentences_tests() -> Tests:
    """Paired bootstrap and AR of S3 (baseline) vs H1 on the first FEW_SEGMENTS segments."""
    sub = load_corpus().subset(range(FEW_SEGMENTS))
    return both_tests(sub.system("S3"), sub.system("H1"), sub.references)


@cache
def full_corpus_p() -> float:
    """The paired bootstrap p of S3 vs H1 on the whole corpus (a typical mistake's answer)."""
    corpus = load_corpus()
    return paired_bootstrap(corpus.system("S3"), corpus.system("H1"), corpus.references, progress=False).p_value


def swapped_system() -> list[str]:
    """S3 with every SWAP_EVERY-th sentence taken from S2."""
    corpus = load_corpus()
    return swap_segments(corpus.system("S3"), corpus.system("S2"), range(0, len(corpus), SWAP_EVERY))


@cache
def overlapping_tests() -> Tests:
    """Paired bootstrap and AR of S3 (baseline) vs the swapped system."""
    corpus = load_corpus()
    return both_tests(corpus.system("S3"), swapped_system(), corpus.references)


# --------------------------------------------------------------------------- one checker for both
def check_verdict(answer: Any, tests: Callable[[], Tests], others: Mapping[str, Callable[[], float]],
                  right_message: str, wrong_data_hint: str) -> Feedback:
    """Compare (p, verdict) with the engine's paired bootstrap.

    ``tests`` returns the (bootstrap, randomization) results (called only once
    the answer has a p-value); ``others`` maps a message to a function giving
    a typical wrong p-value.
    """
    fields = as_record(answer, ("p_value", "significant"))
    if fields is None:
        return Feedback(False, "Give a dict with the keys 'p_value' and 'significant', e.g. "
                               "{'p_value': 0.123, 'significant': False}.")
    p, verdict = fields
    if p is None:
        return Feedback(False, "Fill in p_value: run the paired bootstrap and read its .p_value.")
    value = as_number(p)
    if value is None or not 0 <= value <= 1:
        return Feedback(False, f"p_value must be a number between 0 and 1, not {p!r}.")
    if not isinstance(verdict, bool):
        return Feedback(False, "Give 'significant' as True or False: is p below 0.05?")
    right, randomization = tests()
    expected_verdict = right.p_value < LEVEL
    if agrees(p, right.p_value, DECIMALS):
        if verdict == expected_verdict:
            return Feedback(True, right_message)
        return Feedback(False, "Your p-value is right, but read it the other way round. p is the share of "
                               "resamples in which chance alone gives a difference at least as large as the one "
                               "observed. A SMALL p (below 0.05) means chance rarely does that: significant. "
                               "A large p means chance easily does: not significant.")
    if agrees(p, 1 - right.p_value, DECIMALS):
        return Feedback(False, "That looks like 1 - p: the share of resamples that stay BELOW the observed "
                               "difference. The p-value counts the resamples that go beyond it (use .p_value).")
    if agrees(p, randomization.p_value, DECIMALS):
        return Feedback(False, "That is approximate randomization's p-value; this exercise asks for the paired "
                               "bootstrap (significance.paired_bootstrap).")
    for message, wrong_p in others.items():
        if agrees(p, wrong_p(), DECIMALS):
            return Feedback(False, message)
    if too_few_decimals(p, right.p_value, DECIMALS):
        return Feedback(False, "Close, but rounded too far: give the p-value to three decimals.")
    return Feedback(False, "That is not the p-value I get. " + wrong_data_hint + " Use sacreBLEU's defaults "
                           "(1,000 resamples, seed 12345): paired_bootstrap(baseline, system, references).")


def check_few_sentences(answer: Any) -> Feedback:
    """Exercise 1: H1 against S3 on the first FEW_SEGMENTS segments."""
    return check_verdict(
        answer, few_sentences_tests,
        {f"That is the p-value on the whole corpus. Test only the first {FEW_SEGMENTS} segments: "
         f"corpus.subset(range({FEW_SEGMENTS})).": full_corpus_p},
        "Right. On so few sentences even a difference of several BLEU points can be luck: the resamples "
        "swing widely. With more sentences the same kind of difference becomes significant.",
        f"Check that you used the first {FEW_SEGMENTS} segments only, with S3 as the baseline and H1 as the system.",
    )


def check_overlapping(answer: Any) -> Feedback:
    """Exercise 2: S3 against S3 with every SWAP_EVERY-th sentence taken from S2."""
    return check_verdict(
        answer, overlapping_tests, {},
        "Right. The two intervals overlap, yet the paired test is sure: both systems are scored on the SAME "
        "resampled sentences, and on most of them they are identical, so the luck of the draw cancels out.",
        "Check the systems: the baseline is S3, the system is ch10.swap_segments(S3, S2, range(0, 120, 10)).",
    )


def _answer(result: PairedTestResult, flip: bool = False) -> dict[str, Any]:
    """The right answer for a result (or, with ``flip``, the verdict read the wrong way round)."""
    verdict = result.p_value < LEVEL
    return {"p_value": result.p_value, "significant": (not verdict) if flip else verdict}


def _worked(test: PairedTestResult, what: str, code: str) -> str:
    """A worked solution of either exercise: the test's numbers, how to read p, and the code."""
    verdict = test.p_value < LEVEL
    return f"""{what}

1. The paired bootstrap resamples the segments 1,000 times (seed 12345, sacreBLEU's defaults) and scores both
   systems on each resample. Observed: {test.baseline_score:.2f} against {test.system_score:.2f}, a difference of
   {test.observed_delta:.2f}.
2. p is the share of resamples in which chance alone gives a difference at least as large: p = {test.p_value:.4f}.
3. p is {"below" if verdict else "not below"} {LEVEL}, so the difference is {"" if verdict else "not "}significant.

```python
import bleu_explain as bx
{code}
test = bx.paired_bootstrap(baseline, system, references, progress=False)
{{"p_value": round(test.p_value, 3), "significant": test.p_value < {LEVEL}}}
```

Answer: **{{'p_value': {test.p_value:.3f}, 'significant': {verdict}}}**."""


def worked_few_sentences() -> str:
    return _worked(few_sentences_tests()[0], f"Test H1 against S3 (the baseline, first) on the first {FEW_SEGMENTS} "
                                             "segments only.",
                   f'corpus = bx.load_corpus().subset(range({FEW_SEGMENTS}))\n'
                   'baseline, system, references = corpus.system("S3"), corpus.system("H1"), corpus.references')


def worked_overlapping() -> str:
    return _worked(overlapping_tests()[0], f"Build the second system: S3 with every {SWAP_EVERY}th sentence (0, "
                                           f"{SWAP_EVERY}, {2 * SWAP_EVERY}, ...) taken from S2. Then test it against "
                                           "S3 on the same resampled sentences.",
                   'corpus = bx.load_corpus()\n'
                   'baseline, s2, references = corpus.system("S3"), corpus.system("S2"), corpus.references\n'
                   f'system = [s2[i] if i % {SWAP_EVERY} == 0 else line for i, line in enumerate(baseline)]')


EXERCISES = [
    Exercise(
        "few_sentences",
        f"On the first {FEW_SEGMENTS} segments of the bundled corpus, is H1 better than S3 (the baseline) at the "
        "0.05 level by paired bootstrap (sacreBLEU's defaults)? Give {'p_value': ..., 'significant': ...}, p to three "
        "decimals.",
        check_few_sentences,
        solution=lambda: _answer(few_sentences_tests()[0]),
        mistake=lambda: _answer(few_sentences_tests()[0], flip=True),
        worked=worked_few_sentences,
    ),
    Exercise(
        "overlapping_intervals",
        f"S3 against S3 with every {SWAP_EVERY}th sentence replaced by S2's: their bootstrap intervals overlap. "
        "Is the difference significant at 0.05 by paired bootstrap (sacreBLEU's defaults)? "
        "Give {'p_value': ..., 'significant': ...}, p to three decimals.",
        check_overlapping,
        solution=lambda: _answer(overlapping_tests()[0]),
        mistake=lambda: _answer(overlapping_tests()[0], flip=True),
        worked=worked_overlapping,
    ),
]
