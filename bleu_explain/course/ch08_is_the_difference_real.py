"""Exercises of notebook 08 (is the difference real?): do two systems differ, by both paired tests?

An answer is ``{"p_bootstrap": 0.123, "p_randomization": 0.234, "differ": False}`` (or a triple): the p-values of
sacreBLEU's paired bootstrap (1,000 resamples, seed 12345) and approximate randomization (10,000 trials, seed 12345),
both two-sided, and the verdict at 0.05 by approximate randomization, the test whose false-positive rate section 5
measured at its level. The checkers run both tests and name the usual slips: the two p-values swapped, 1 - p,
randomization with 1,000 trials, the whole corpus instead of its first segments, the verdict read off the bootstrap.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["few_sentences"].check(ex["few_sentences"].mistake()).message.startswith("Your p-values are right")
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..analysis.significance import (
    DEFAULT_AR_TRIALS,
    DEFAULT_BOOTSTRAP_SAMPLES,
    paired_approximate_randomization,
    paired_bootstrap,
)
from ..data.corpus import load_corpus
from .answers import agrees, as_number, as_record, too_few_decimals
from .exercise import Exercise, Feedback

FEW_SEGMENTS, SWAP_EVERY, LEVEL, DECIMALS = 10, 10, 0.05, 3  # p to three decimals: it moves in steps of 1/1001
FIELDS = ("p_bootstrap", "p_randomization", "differ")
#: The data of each exercise as the worked solution builds them: baseline, system and references.
SETUPS = {
    "few_sentences": (f"corpus = bx.load_corpus().subset(range({FEW_SEGMENTS}))\n"
                      'baseline, system, references = corpus.system("S3"), corpus.system("H1"), corpus.references'),
    "overlapping_intervals": ('corpus = bx.load_corpus()\n'
                              'baseline, s2, references = corpus.system("S3"), corpus.system("S2"), corpus.references\n'
                              f'system = [s2[i] if i % {SWAP_EVERY} == 0 else line for i, line in enumerate(baseline)]'),
}


def _texts(setup: str) -> tuple[list[str], list[str], list[list[str]]]:
    """What :data:`SETUPS` builds ("whole corpus": exercise 1 on all segments, a slip)."""
    corpus = load_corpus()
    if setup == "overlapping_intervals":
        s3, s2 = corpus.system("S3"), corpus.system("S2")
        return s3, [b if i % SWAP_EVERY == 0 else a for i, (a, b) in enumerate(zip(s3, s2))], corpus.references
    if setup == "few_sentences":
        corpus = corpus.subset(range(FEW_SEGMENTS))
    return corpus.system("S3"), corpus.system("H1"), corpus.references


@cache
def _p(setup: str, test: str = "bs", samples: int | None = None) -> float:
    """The p-value of a setup's paired bootstrap ("bs") or approximate randomization ("ar"), sacreBLEU's defaults
    unless ``samples`` says how many resamples or trials."""
    baseline, system, references = _texts(setup)
    if test == "bs":
        return paired_bootstrap(baseline, system, references, progress=False,
                                n_samples=samples or DEFAULT_BOOTSTRAP_SAMPLES).p_value
    return paired_approximate_randomization(baseline, system, references, progress=False,
                                            n_samples=samples or DEFAULT_AR_TRIALS).p_value


def _read(answer: Any) -> tuple[Any, Any, Any] | Feedback:
    fields = as_record(answer, FIELDS)
    if fields is None:
        return Feedback(False, "Give a dict with the keys 'p_bootstrap', 'p_randomization' and 'differ', e.g. "
                               "{'p_bootstrap': 0.123, 'p_randomization': 0.234, 'differ': False}.")
    p_bs, p_ar, verdict = fields
    for name, p in (("p_bootstrap", p_bs), ("p_randomization", p_ar)):
        if as_number(p) is None or not 0 <= as_number(p) <= 1:  # type: ignore[operator]
            return Feedback(False, f"Fill in {name}: run the test and read its .p_value (a number from 0 to 1).")
    if not isinstance(verdict, bool):
        return Feedback(False, "Give 'differ' as True or False: is randomization's p below 0.05?")
    return p_bs, p_ar, verdict


def _slip(p: Any, setup: str, test: str) -> str | None:
    """What a wrong p-value of ``test`` looks like, in words; None if it matches no known slip."""
    right = _p(setup, test)
    slips = {"looks like 1 - p: the share of samples that stay BELOW the observed difference. The p-value counts "
             "those that go beyond it (use .p_value).": lambda: 1 - right,
             f"is the p-value on the whole corpus. Test only the first {FEW_SEGMENTS} segments: "
             f"corpus.subset(range({FEW_SEGMENTS})).": lambda: _p("whole corpus", test) if setup == "few_sentences"
             else -1,
             "comes from 1,000 randomization trials; sacreBLEU's default, and this exercise's, is 10,000.":
                 lambda: _p(setup, "ar", 1000) if test == "ar" else -1}
    return next((message for message, wrong in slips.items() if agrees(p, wrong(), DECIMALS)), None)


def _check(answer: Any, setup: str, praise: str) -> Feedback:
    read = _read(answer)
    if isinstance(read, Feedback):
        return read
    p_bs, p_ar, verdict = read
    right_bs, right_ar = _p(setup, "bs"), _p(setup, "ar")
    if agrees(p_bs, right_ar, DECIMALS) and agrees(p_ar, right_bs, DECIMALS) and not agrees(p_bs, right_bs, DECIMALS):
        return Feedback(False, "The two p-values are swapped: 'p_bootstrap' is the paired bootstrap's "
                               "(paired_bootstrap), 'p_randomization' approximate randomization's.")
    for name, p, test, right in (("p_bootstrap", p_bs, "bs", right_bs), ("p_randomization", p_ar, "ar", right_ar)):
        if agrees(p, right, DECIMALS):
            continue
        slip = _slip(p, setup, test)
        if slip is not None:
            return Feedback(False, f"Your {name} {slip}")
        if too_few_decimals(p, right, DECIMALS):
            return Feedback(False, f"Close, but rounded too far: give {name} to three decimals.")
        return Feedback(False, f"That {name} is not the one I get. Check the data (which system is the baseline?) "
                               "and keep sacreBLEU's defaults for the number of samples and the seed.")
    if verdict != (right_ar < LEVEL):
        by_bootstrap = verdict == (right_bs < LEVEL)
        return Feedback(False, "Your p-values are right, but " + (
            "the verdict follows the bootstrap, whose p section 5 found too small: decide by randomization's p."
            if by_bootstrap else "read the verdict the other way round: the systems differ at 0.05 when "
                                 "randomization's p is BELOW 0.05."))
    return Feedback(True, praise)


def _worked(setup: str, what: str) -> str:
    p_bs, p_ar = _p(setup, "bs"), _p(setup, "ar")
    differ = p_ar < LEVEL
    return f"""{what}

1. The paired bootstrap resamples the segments 1,000 times and approximate randomization swaps the two outputs of
   each segment by a coin 10,000 times (seed 12345, sacreBLEU's defaults). Both ask "do the two differ?", either way.
2. The bootstrap's p = {p_bs:.4f}; randomization's p = {p_ar:.4f}. Section 5 measured the bootstrap's p on equally
   good systems: it runs small, so it is randomization's p that decides.
3. Randomization's p is {"below" if differ else "not below"} {LEVEL}: the two systems {"differ" if differ else
   "are not shown to differ"} at that level{"" if differ else " (which is not the same as equally good: section 5's "
   "power curves say how large a difference this many sentences could miss)"}.

```python
import bleu_explain as bx
{SETUPS[setup]}
bs = bx.paired_bootstrap(baseline, system, references, progress=False)
ar = bx.paired_approximate_randomization(baseline, system, references, progress=False)
{{"p_bootstrap": round(bs.p_value, 3), "p_randomization": round(ar.p_value, 3), "differ": ar.p_value < {LEVEL}}}
```

Answer: **{{'p_bootstrap': {p_bs:.3f}, 'p_randomization': {p_ar:.3f}, 'differ': {differ}}}**."""


def _answer(name: str, flip: bool = False) -> dict[str, Any]:
    return {"p_bootstrap": _p(name, "bs"), "p_randomization": _p(name, "ar"), "differ": (_p(name, "ar") < LEVEL) != flip}


def _exercise(name: str, prompt: str, praise: str, what: str) -> Exercise:
    return Exercise(name, prompt + " Give {'p_bootstrap': ..., 'p_randomization': ..., 'differ': ...}, each p to "
                    "three decimals, and the verdict at 0.05 by randomization.",
                    lambda answer: _check(answer, name, praise), solution=lambda: _answer(name),
                    mistake=lambda: _answer(name, flip=True), worked=lambda: _worked(name, what))


EXERCISES = [
    _exercise("few_sentences", f"On the first {FEW_SEGMENTS} segments of the bundled corpus, do H1 and S3 (the "
              "baseline) differ, by the paired bootstrap and by approximate randomization (sacreBLEU's defaults)?",
              "Right. On so few sentences even a difference of several BLEU points can be luck. Note the bootstrap's "
              "p is the smaller of the two, as section 5 measured: read near 0.05, it would have misled.",
              f"Test H1 against S3 (the baseline, first) on the first {FEW_SEGMENTS} segments only, with both tests."),
    _exercise("overlapping_intervals", f"S3 against S3 with every {SWAP_EVERY}th sentence replaced by S2's: their "
              "bootstrap intervals overlap. Do the two differ, by the paired bootstrap and by approximate "
              "randomization (sacreBLEU's defaults)?", "Right. The two intervals overlap, yet both paired tests are "
              "sure: both systems are scored on the SAME sentences, and on most of them they are identical, so the "
              "luck of the draw cancels out.", f"Build the second system: S3 with every {SWAP_EVERY}th sentence (0, "
              "10, 20, ...) taken from S2, then test it against S3 with both tests."),
]
