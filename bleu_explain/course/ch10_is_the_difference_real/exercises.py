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

import math
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ...analysis.significance import paired_bootstrap
from ...data.corpus import load_corpus
from ..checker import Exercise, Feedback
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


# --------------------------------------------------------------------------- reading answers
def read_answer(answer: Any) -> tuple[float | None, Any]:
    """(p_value, significant) from a dict with those keys or a pair.

    Raises TypeError for an answer of another shape, ValueError for a p-value outside 0..1.

    >>> read_answer({"p_value": "0.5", "significant": False}), read_answer((0.01, True))
    ((0.5, False), (0.01, True))
    """
    if isinstance(answer, Mapping):
        if "p_value" not in answer or "significant" not in answer:
            raise TypeError("give a dict with the keys 'p_value' and 'significant'")
        p, verdict = answer["p_value"], answer["significant"]
    elif isinstance(answer, (tuple, list)) and len(answer) == 2:
        p, verdict = answer
    else:
        raise TypeError("give {'p_value': <number>, 'significant': True or False}")
    if p is None:
        return None, verdict
    if isinstance(p, bool):
        raise TypeError("p_value must be a number between 0 and 1, not True/False")
    value = float(p)
    if not math.isfinite(value) or not 0 <= value <= 1:
        raise ValueError(f"p_value must be a number between 0 and 1, got {p!r}")
    return value, verdict


def close(a: float, b: float) -> bool:
    """Equal up to rounding to about three significant digits (p-values are printed rounded)."""
    return abs(a - b) <= max(5e-4, 0.01 * abs(b))


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
    try:
        p, verdict = read_answer(answer)
    except (TypeError, ValueError) as exc:
        return Feedback(False, f"I could not read that answer: {exc}. Example of the shape: "
                               "{'p_value': 0.123, 'significant': False}.")
    if p is None:
        return Feedback(False, "Fill in p_value: run the paired bootstrap and read its .p_value.")
    if not isinstance(verdict, bool):
        return Feedback(False, "Give 'significant' as True or False: is p below 0.05?")
    right, randomization = tests()
    expected_verdict = right.p_value < LEVEL
    if close(p, right.p_value):
        if verdict == expected_verdict:
            return Feedback(True, right_message)
        return Feedback(False, "Your p-value is right, but read it the other way round. p is the share of "
                               "resamples in which chance alone gives a difference at least as large as the one "
                               "observed. A SMALL p (below 0.05) means chance rarely does that: significant. "
                               "A large p means chance easily does: not significant.")
    if close(p, 1 - right.p_value):
        return Feedback(False, "That looks like 1 - p: the share of resamples that stay BELOW the observed "
                               "difference. The p-value counts the resamples that go beyond it (use .p_value).")
    if close(p, randomization.p_value):
        return Feedback(False, "That is approximate randomization's p-value; this exercise asks for the paired "
                               "bootstrap (significance.paired_bootstrap).")
    for message, wrong_p in others.items():
        if close(p, wrong_p()):
            return Feedback(False, message)
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


EXERCISES = [
    Exercise(
        "few_sentences",
        f"On the first {FEW_SEGMENTS} segments of the bundled corpus, is H1 better than S3 (the baseline) at the "
        "0.05 level by paired bootstrap (sacreBLEU's defaults)? Give {'p_value': ..., 'significant': ...}.",
        check_few_sentences,
        solution=lambda: _answer(few_sentences_tests()[0]),
        mistake=lambda: _answer(few_sentences_tests()[0], flip=True),
    ),
    Exercise(
        "overlapping_intervals",
        f"S3 against S3 with every {SWAP_EVERY}th sentence replaced by S2's: their bootstrap intervals overlap. "
        "Is the difference significant at 0.05 by paired bootstrap (sacreBLEU's defaults)? "
        "Give {'p_value': ..., 'significant': ...}.",
        check_overlapping,
        solution=lambda: _answer(overlapping_tests()[0]),
        mistake=lambda: _answer(overlapping_tests()[0], flip=True),
    ),
]
