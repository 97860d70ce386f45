"""Notebook 07, one output, many scores: its exercises. Both checkers ask the engine on the bundled corpus.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["score_under_configuration"].check(ex["score_under_configuration"].mistake()).message[:30]
'That is the score with all fou'
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..engine.signature import Signature
from .answers import agrees, as_number, as_words, too_few_decimals
from .exercise import Exercise, Feedback

if TYPE_CHECKING:  # pragma: no cover
    from ..results import CorpusExplanation

#: Exercise 1: two reports of S2 (reference positions, settings); the student names the signature fields that differ.
REPORTS: tuple[tuple[tuple[int, ...], dict[str, Any]], ...] = (((0,), {}), ((0, 1), {"lowercase": True}))
#: Exercise 2: the configuration to score S2 under, then what a student may have done instead, with the hint.
TARGET: tuple[tuple[int, ...], dict[str, Any]] = ((0, 1), {"lowercase": True, "tokenize": "intl"})
SLIPS: tuple[tuple[tuple[int, ...], dict[str, Any], str], ...] = (
    ((0, 1, 2, 3), TARGET[1], "That is the score with all four references. Keep only references 1 and 2: "
                              "corpus.with_references([0, 1])."),
    ((0, 1), {"tokenize": "intl"}, "That is the cased score. The configuration is case-insensitive: lowercase=True."),
    ((0, 1), {"lowercase": True}, "That is the score with 13a, sacreBLEU's default. The report asks for tokenize=\"intl\"."),
    ((1, 2), TARGET[1], "Those are references 2 and 3: positions are 0-based, so references 1 and 2 are [0, 1]."),
    ((0, 1, 2, 3), {}, "That is sacreBLEU's default configuration. Apply all three settings of the report."),
)


@lru_cache(maxsize=None)
def _score(refs: tuple[int, ...], **settings: Any) -> "CorpusExplanation":
    from ..data.corpus import load_corpus

    return load_corpus().with_references(list(refs)).explain("S2", **settings)


def _changed() -> dict[str, tuple[str, str]]:
    first, second = (_score(refs, **settings).signature for refs, settings in REPORTS)
    return Signature.parse(first).differences(second)


def check_changed_settings(answer: Any) -> Feedback:
    """The answer names the signature fields that differ (a list of names such as "tok", or one string)."""
    if (words := as_words(answer)) is None:
        return Feedback(False, "Name the fields that differ as a list of strings, e.g. [\"tok\"]: the names before "
                               "the colons in the signatures.")
    given, right = {word.lower().split(":")[0] for word in words}, set(_changed())  # "case:lc" names the field case
    fields = list(Signature.parse(_score(REPORTS[0][0], **REPORTS[0][1]).signature).fields)
    if unknown := sorted(given - set(fields)):
        return Feedback(False, f"{unknown} {'is' if len(unknown) == 1 else 'are'} not a field of these signatures. "
                               f"Use the names before the colons: {', '.join(fields)}.")
    if given == right:
        return Feedback(True, "Yes. The two scores differ in how many references were used and whether case was "
                              "kept, so they cannot be compared, although both are 'BLEU of S2'.")
    if extra := sorted(given - right):
        return Feedback(False, f"{', '.join(extra)} {'is' if len(extra) == 1 else 'are'} the same in both signatures. "
                               "Compare the two strings field by field, from the left: which values differ?")
    missing = len(right - given)
    return Feedback(False, f"Right so far, but {missing} more field{'s' if missing > 1 else ''} changed. Compare the "
                           "two strings field by field, from the left.")


def check_score_under_configuration(answer: Any) -> Feedback:
    """The answer is S2's score (0-100) under the configuration TARGET."""
    if as_number(answer) is None:
        return Feedback(False, "Give the score as a number on sacreBLEU's 0-100 scale, e.g. 12.34.")
    right = _score(TARGET[0], **TARGET[1]).score
    if agrees(answer, right):
        return Feedback(True, "Yes. Written with its signature, a reader can reproduce that score exactly.")
    if agrees(answer, right / 100, decimals=4):
        return Feedback(False, "That is the right score on the paper's 0-1 scale. Signatures and reports use "
                               "sacreBLEU's 0-100 scale: use .score, not .bleu.")
    for refs, settings, message in SLIPS:
        if agrees(answer, _score(refs, **settings).score):
            return Feedback(False, message)
    if too_few_decimals(answer, right):
        return Feedback(False, "Close, but rounded too far: give two decimals.")
    return Feedback(False, "Build the corpus and the settings the exercise describes, then compare your result's "
                           "signature: does each field say what the paper says (references, case, tokenizer)?")


def worked_changed_settings() -> str:
    rows = "\n".join(f"- `{name}`: {a} in the first, {b} in the second" for name, (a, b) in _changed().items())
    return f"""A signature is `field:value` pairs joined by `|`. Compare the two field by field; these differ:

{rows}

The others are the same: the second paper used two references and lowercased, so its "BLEU of S2" is not the
first one's.

```python
import bleu_explain as bx
corpus = bx.load_corpus()
first = corpus.with_references([0]).explain("S2").signature
second = corpus.with_references([0, 1]).explain("S2", lowercase=True).signature
a, b = (dict(field.split(":", 1) for field in s.split("|")) for s in (first, second))
sorted(name for name in a if a[name] != b.get(name))
```

Answer: **{sorted(_changed())!r}**."""


def worked_score_under_configuration() -> str:
    result = _score(TARGET[0], **TARGET[1])
    return f""""Case-insensitive, intl tokenization, references 1 and 2" is three settings: references 1 and 2 only
(`corpus.with_references([0, 1])`, positions count from 0), `lowercase=True` and `tokenize="intl"`. Score S2 with all
three and read the 0-100 `.score`; the signature, {result.signature}, shows all three.

```python
import bleu_explain as bx
result = bx.load_corpus().with_references([0, 1]).explain("S2", lowercase=True, tokenize="intl")
print(result.signature)
round(result.score, 2)
```

Answer: **{result.score:.2f}**."""


EXERCISES = [
    Exercise("changed_settings", "Two papers report BLEU of the same S2 output with the signatures printed above. "
             "Which signature fields differ? Give their names as a list, e.g. [\"tok\"].", check_changed_settings,
             solution=lambda: sorted(_changed()), mistake=lambda: sorted(_changed())[:1], worked=worked_changed_settings),
    Exercise("score_under_configuration", "Score system S2 of the bundled corpus as a paper reporting 'case-insensitive "
             "BLEU, intl tokenization, references 1 and 2' would: the score on the 0-100 scale, to two decimals.",
             check_score_under_configuration, solution=lambda: round(_score(TARGET[0], **TARGET[1]).score, 2),
             mistake=lambda: round(_score(SLIPS[0][0], **SLIPS[0][1]).score, 2), worked=worked_score_under_configuration),
]
