"""Exercises of notebook 08 (is the difference real?): a paired bootstrap's p-value and its verdict.

An answer is ``{"p_value": 0.123, "significant": False}`` (or a pair): the paired bootstrap with sacreBLEU's defaults
(1,000 resamples, seed 12345) and the verdict at 0.05. The checkers run the test and name the usual slips: p read the
wrong way round, 1 - p, approximate randomization's p, the whole corpus instead of its first segments.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["few_sentences"].check(ex["few_sentences"].mistake()).message.startswith("Your p-value is right")
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..analysis.significance import paired_approximate_randomization, paired_bootstrap
from ..data.corpus import load_corpus
from .answers import agrees, as_number, as_record, too_few_decimals
from .exercise import Exercise, Feedback

FEW_SEGMENTS, SWAP_EVERY, LEVEL, DECIMALS = 10, 10, 0.05, 3  # p to three decimals: it moves in steps of 1/1001
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
def _p(setup: str, test: str = "bs") -> float:
    """The p-value of a setup's paired bootstrap ("bs") or approximate randomization ("ar"), sacreBLEU's defaults."""
    run = paired_bootstrap if test == "bs" else paired_approximate_randomization
    return run(*_texts(setup), progress=False).p_value


def _check(answer: Any, setup: str, praise: str) -> Feedback:
    fields = as_record(answer, ("p_value", "significant"))
    if fields is None:
        return Feedback(False, "Give a dict with the keys 'p_value' and 'significant', e.g. "
                               "{'p_value': 0.123, 'significant': False}.")
    p, verdict = fields
    if as_number(p) is None or not 0 <= as_number(p) <= 1:  # type: ignore[operator]
        return Feedback(False, "Fill in p_value: run the paired bootstrap and read its .p_value (a number from 0 to 1).")
    if not isinstance(verdict, bool):
        return Feedback(False, "Give 'significant' as True or False: is p below 0.05?")
    right = _p(setup)
    if agrees(p, right, DECIMALS):
        return Feedback(True, praise) if verdict == (right < LEVEL) else Feedback(
            False, "Your p-value is right, but read it the other way round. p is the share of resamples whose "
                   "difference, centred as sacreBLEU centres it, goes beyond the one observed. A SMALL p (below "
                   "0.05) means few do, and the test calls the difference significant.")
    slips = {"That looks like 1 - p: the share of resamples that stay BELOW the observed difference. The p-value "
             "counts those that go beyond it (use .p_value).": lambda: 1 - right,
             "That is approximate randomization's p-value; this exercise asks for the paired bootstrap.":
                 lambda: _p(setup, "ar"),
             f"That is the p-value on the whole corpus. Test only the first {FEW_SEGMENTS} segments: "
             f"corpus.subset(range({FEW_SEGMENTS})).": lambda: _p("whole corpus") if setup == "few_sentences" else -1}
    for message, wrong in slips.items():
        if agrees(p, wrong(), DECIMALS):
            return Feedback(False, message)
    if too_few_decimals(p, right, DECIMALS):
        return Feedback(False, "Close, but rounded too far: give the p-value to three decimals.")
    return Feedback(False, "That is not the p-value I get. Check the data (which system is the baseline?) and keep "
                           "sacreBLEU's defaults for the number of resamples and the seed.")


def _worked(setup: str, what: str) -> str:
    p = _p(setup)
    return f"""{what}

1. The paired bootstrap resamples the segments 1,000 times (seed 12345, sacreBLEU's defaults) and scores both
   systems on each resample.
2. p is the share of resamples whose difference, centred as sacreBLEU centres it, goes beyond the observed one:
   p = {p:.4f}. (Section 6 measures how far this p can be trusted: on equally good systems it runs small.)
3. p is {"below" if p < LEVEL else "not below"} {LEVEL}, so the difference is {"" if p < LEVEL else "not "}significant.

```python
import bleu_explain as bx
{SETUPS[setup]}
test = bx.paired_bootstrap(baseline, system, references, progress=False)
{{"p_value": round(test.p_value, 3), "significant": test.p_value < {LEVEL}}}
```

Answer: **{{'p_value': {p:.3f}, 'significant': {p < LEVEL}}}**."""


def _exercise(name: str, prompt: str, praise: str, what: str) -> Exercise:
    return Exercise(name, prompt + " Give {'p_value': ..., 'significant': ...}, p to three decimals.",
                    lambda answer: _check(answer, name, praise),
                    solution=lambda: {"p_value": _p(name), "significant": _p(name) < LEVEL},
                    mistake=lambda: {"p_value": _p(name), "significant": _p(name) >= LEVEL},
                    worked=lambda: _worked(name, what))


EXERCISES = [
    _exercise("few_sentences", f"On the first {FEW_SEGMENTS} segments of the bundled corpus, is H1 better than S3 "
              "(the baseline) at the 0.05 level by paired bootstrap (sacreBLEU's defaults)?",
              "Right. On so few sentences even a difference of several BLEU points can be luck: the resamples swing "
              "widely. With more sentences the same kind of difference becomes significant.",
              f"Test H1 against S3 (the baseline, first) on the first {FEW_SEGMENTS} segments only."),
    _exercise("overlapping_intervals", f"S3 against S3 with every {SWAP_EVERY}th sentence replaced by S2's: their "
              "bootstrap intervals overlap. Is the difference significant at 0.05 by paired bootstrap (sacreBLEU's "
              "defaults)?", "Right. The two intervals overlap, yet the paired test is sure: both systems are scored "
              "on the SAME resampled sentences, and on most of them they are identical, so the luck of the draw "
              "cancels out.", f"Build the second system: S3 with every {SWAP_EVERY}th sentence (0, 10, 20, ...) "
              "taken from S2, then test it against S3 on the same resampled sentences."),
]
