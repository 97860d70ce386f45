"""Notebook 05's exercises: sacreBLEU's exp smoothing of a word salad, and effective order for a two-word candidate.

>>> salad = EXERCISES[0]
>>> salad.check(salad.solution()).correct, salad.check(salad.mistake()).message.startswith("Those are the raw")
(True, True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..api import explain
from ..data.examples import CAT_SAT_REFERENCE, SHIP_REFERENCES
from .answers import agrees, as_number
from .exercise import Exercise, Feedback

SALAD = "mat on cat the is the"  # every word of the reference, none of its bigrams
EFFECTIVE_CANDIDATE = "ship it"


def _salad() -> Any:
    return explain(SALAD, [CAT_SAT_REFERENCE])  # sacreBLEU's defaults: exp smoothing


def _smoothed() -> tuple[str, ...]:
    return tuple(str(Fraction(p).limit_denominator(1000)) for p in _salad().precisions[1:])


def check_exp_smoothing(answer: Any) -> Feedback:
    if not isinstance(answer, (tuple, list)) or len(answer) != 3 or any(as_number(p) is None for p in answer):
        return Feedback(False, 'Give three precisions (p2, p3, p4), each a fraction like "1/10" or a number.')
    r = _salad()
    if all(agrees(a, p) for a, p in zip(answer, r.precisions[1:])):
        return Feedback(True, "Right: the first order without matches gets 1/(2 x total), the second 1/(4 x total), "
                              "the third 1/(8 x total): each further empty order is halved again.")
    if all(as_number(a) == 0 for a in answer):
        return Feedback(False, "Those are the raw precisions: no bigram, trigram or 4-gram matches. Exp smoothing "
                               "replaces the k-th zero with 1/(2^k x total).")
    if all(agrees(a, 1 / (2 * t)) for a, t in zip(answer, r.totals[1:])):
        return Feedback(False, "You halved every order once. k counts the orders WITHOUT matches so far: the second "
                               "such order gets 1/(4 x total), the third 1/(8 x total).")
    return Feedback(False, "Count the candidate's bigrams, trigrams and 4-grams first (6 words, no punctuation). The "
                           "k-th order without matches gets 1/(2^k x total).")


def _effective() -> Any:
    return explain(EFFECTIVE_CANDIDATE, list(SHIP_REFERENCES), effective_order=True)


def check_effective_order(answer: Any) -> Feedback:
    r = _effective()
    if agrees(answer, r.score):
        return Feedback(True, "Right: only orders 1 and 2 take part, both precisions are 1, and what is left is the "
                              "brevity penalty.")
    if agrees(answer, r.bleu, decimals=4):
        return Feedback(False, "That is the right value on the paper's 0-1 scale; sacreBLEU reports 0-100.")
    if as_number(answer) == 0:
        return Feedback(False, "0 is the score WITHOUT effective order (no trigrams, so sacreBLEU stops). With "
                               "effective_order=True the orders the candidate cannot have are left out.")
    return Feedback(False, "Give a number on the 0-100 scale, e.g. 42.5: work out p1 and p2 (is 'ship it' a bigram of "
                           "some reference?), the closest reference length (13a tokens) and the brevity penalty.")


def worked_exp_smoothing() -> str:
    r = _salad()
    return f"""The candidate's {r.hyp_len} words are all in the reference, but none of its {r.totals[1]} bigrams
({", ".join(f"p{n} = {r.fraction(n)}" for n in range(1, 5))}). Exp smoothing gives the k-th order without
matches 1/(2^k x total): p2 = 1/(2 x {r.totals[1]}), p3 = 1/(4 x {r.totals[2]}), p4 = 1/(8 x {r.totals[3]}).

```python
import bleu_explain as bx
r = bx.explain({SALAD!r}, [{CAT_SAT_REFERENCE!r}])  # sacreBLEU's defaults: exp smoothing
tuple(round(p, 4) for p in r.precisions[1:])  # r.notes says what the smoothing did
```

Answer: **{_smoothed()!r}**."""


def worked_effective_order() -> str:
    r = _effective()
    return f"""{EFFECTIVE_CANDIDATE!r} has {r.hyp_len} tokens, so with `effective_order=True` sacreBLEU combines orders 1
and 2 only, both perfect ({r.fraction(1)}, {r.fraction(2)}). The references have {", ".join(map(str, r.stats.ref_lens))}
tokens (13a splits off the comma); the closest to c = {r.hyp_len} is r = {r.ref_len}, so the score is
100 x exp(1 - {r.ref_len}/{r.hyp_len}).

```python
import bleu_explain as bx
round(bx.explain({EFFECTIVE_CANDIDATE!r}, {list(SHIP_REFERENCES)!r}, effective_order=True).score, 2)
```

Answer: **{r.score:.2f}**."""


EXERCISES = [
    Exercise("exp_smoothing", f"Candidate {SALAD!r} against {CAT_SAT_REFERENCE!r}, sacreBLEU's defaults (exp "
             "smoothing). Give (p2, p3, p4), the precisions sacreBLEU combines for orders 2 to 4.",
             check_exp_smoothing, solution=_smoothed, mistake=lambda: ("0/5", "0/4", "0/3"),
             worked=worked_exp_smoothing),
    Exercise("effective_order", f"Candidate {EFFECTIVE_CANDIDATE!r} against the NLTK tutorial's four 'ship' "
             "references: sacreBLEU's score (0-100, two decimals) with effective_order=True.",
             check_effective_order, solution=lambda: round(_effective().score, 2), mistake=lambda: 0.0,
             worked=worked_effective_order),
]
