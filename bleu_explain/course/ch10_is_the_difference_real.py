"""Exercises of notebook 10 (is the difference real?): a paired bootstrap's p-value and its verdict.

Each answer is ``{"p_value": 0.123, "significant": False}`` (or a pair): the paired bootstrap with sacreBLEU's defaults
(1,000 resamples, seed 12345) and the verdict at 0.05. The checkers run the test and recognise the usual slips: p read
the wrong way round, 1 - p, approximate randomization's p, the wrong data.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["few_sentences"].check(ex["few_sentences"].mistake()).message.startswith("Your p-value is right")
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ..analysis.significance import paired_approximate_randomization, paired_bootstrap
from ..data.corpus import load_corpus
from .answers import agrees, as_number, as_record, too_few_decimals
from .exercise import Exercise, Feedback

FEW_SEGMENTS, SWAP_EVERY, LEVEL, DECIMALS = 10, 10, 0.05, 3  # p to three decimals: it moves in steps of 1/1001


def _texts(exercise: str) -> tuple[list[str], list[str], list[list[str]]]:
    """(baseline, system, references) of an exercise."""
    corpus = load_corpus()
    if exercise == "few_sentences":
        sub = corpus.subset(range(FEW_SEGMENTS))
        return sub.system("S3"), sub.system("H1"), sub.references
    s3, s2 = corpus.system("S3"), corpus.system("S2")
    return s3, [b if i % SWAP_EVERY == 0 else a for i, (a, b) in enumerate(zip(s3, s2))], corpus.references


@cache
def _p(exercise: str, test: str = "bs") -> float:
    run = paired_bootstrap if test == "bs" else paired_approximate_randomization
    return run(*_texts(exercise), progress=False).p_value


def _check(answer: Any, exercise: str, slips: dict[str, Callable[[], float]], right_message: str) -> Feedback:
    fields = as_record(answer, ("p_value", "significant"))
    if fields is None:
        return Feedback(False, "Give a dict with the keys 'p_value' and 'significant', e.g. "
                               "{'p_value': 0.123, 'significant': False}.")
    p, verdict = fields
    value = as_number(p)
    if value is None or not 0 <= value <= 1:
        return Feedback(False, "Fill in p_value: run the paired bootstrap and read its .p_value (a number from 0 to 1).")
    if not isinstance(verdict, bool):
        return Feedback(False, "Give 'significant' as True or False: is p below 0.05?")
    right = _p(exercise)
    if agrees(p, right, DECIMALS):
        if verdict == (right < LEVEL):
            return Feedback(True, right_message)
        return Feedback(False, "Your p-value is right, but read it the other way round. p is the share of resamples "
                               "in which chance alone gives a difference at least as large as the one observed. A "
                               "SMALL p (below 0.05) means chance rarely does that: significant.")
    for message, wrong in {"That looks like 1 - p: the share of resamples that stay BELOW the observed difference. "
                           "The p-value counts those that go beyond it (use .p_value).": lambda: 1 - right,
                           "That is approximate randomization's p-value; this exercise asks for the paired "
                           "bootstrap.": lambda: _p(exercise, "ar"), **slips}.items():
        if agrees(p, wrong(), DECIMALS):
            return Feedback(False, message)
    if too_few_decimals(p, right, DECIMALS):
        return Feedback(False, "Close, but rounded too far: give the p-value to three decimals.")
    return Feedback(False, "That is not the p-value I get. Check the data: S3 is the baseline. Use sacreBLEU's "
                           "defaults (1,000 resamples, seed 12345): bx.paired_bootstrap(baseline, system, references).")


def check_few_sentences(answer: Any) -> Feedback:
    """Exercise 1: H1 against S3 on the first FEW_SEGMENTS segments."""
    def whole_corpus() -> float:
        corpus = load_corpus()
        return paired_bootstrap(corpus.system("S3"), corpus.system("H1"), corpus.references, progress=False).p_value

    return _check(answer, "few_sentences", {f"That is the p-value on the whole corpus. Test only the first "
                                            f"{FEW_SEGMENTS} segments: corpus.subset(range({FEW_SEGMENTS})).": whole_corpus},
                  "Right. On so few sentences even a difference of several BLEU points can be luck: the resamples "
                  "swing widely. With more sentences the same kind of difference becomes significant.")


def check_overlapping(answer: Any) -> Feedback:
    """Exercise 2: S3 against S3 with every SWAP_EVERY-th sentence taken from S2."""
    return _check(answer, "overlapping_intervals", {},
                  "Right. The two intervals overlap, yet the paired test is sure: both systems are scored on the SAME "
                  "resampled sentences, and on most of them they are identical, so the luck of the draw cancels out.")


def _worked(exercise: str, what: str, code: str) -> str:
    test = paired_bootstrap(*_texts(exercise), progress=False)
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


def _answer(exercise: str, flip: bool = False) -> dict[str, Any]:
    p = _p(exercise)
    return {"p_value": p, "significant": (p >= LEVEL) if flip else (p < LEVEL)}


EXERCISES = [
    Exercise("few_sentences", f"On the first {FEW_SEGMENTS} segments of the bundled corpus, is H1 better than S3 (the "
             "baseline) at the 0.05 level by paired bootstrap (sacreBLEU's defaults)? Give {'p_value': ..., "
             "'significant': ...}, p to three decimals.", check_few_sentences,
             solution=lambda: _answer("few_sentences"), mistake=lambda: _answer("few_sentences", flip=True),
             worked=lambda: _worked("few_sentences", f"Test H1 against S3 (the baseline, first) on the first "
                                    f"{FEW_SEGMENTS} segments only.",
                                    f'corpus = bx.load_corpus().subset(range({FEW_SEGMENTS}))\n'
                                    'baseline, system, references = corpus.system("S3"), corpus.system("H1"), '
                                    'corpus.references')),
    Exercise("overlapping_intervals", f"S3 against S3 with every {SWAP_EVERY}th sentence replaced by S2's: their "
             "bootstrap intervals overlap. Is the difference significant at 0.05 by paired bootstrap (sacreBLEU's "
             "defaults)? Give {'p_value': ..., 'significant': ...}, p to three decimals.", check_overlapping,
             solution=lambda: _answer("overlapping_intervals"),
             mistake=lambda: _answer("overlapping_intervals", flip=True),
             worked=lambda: _worked("overlapping_intervals", f"Build the second system: S3 with every {SWAP_EVERY}th "
                                    "sentence (0, 10, 20, ...) taken from S2. Then test it against S3 on the same "
                                    "resampled sentences.",
                                    'corpus = bx.load_corpus()\n'
                                    'baseline, s2, references = corpus.system("S3"), corpus.system("S2"), '
                                    'corpus.references\n'
                                    f'system = [s2[i] if i % {SWAP_EVERY} == 0 else line for i, line in '
                                    'enumerate(baseline)]')),
]
