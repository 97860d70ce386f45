"""Exercises of notebook 07 (one output, many scores).

Both checkers ask the engine: the signatures and the score are computed on the
bundled corpus when the answer is checked, never typed in.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["changed_settings"].check(ex["changed_settings"].solution()).correct
True
>>> ex["score_under_configuration"].check(ex["score_under_configuration"].solution()).correct
True
>>> slip = ex["score_under_configuration"].check(ex["score_under_configuration"].mistake())
>>> slip.message.startswith("That is the score with all four")
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..answers import agrees, as_number, as_words, too_few_decimals
from ..exercise import Exercise, Feedback
from .lesson import score_configuration, signature_diff, signature_fields

if TYPE_CHECKING:  # pragma: no cover
    from ...data.corpus import TeachingCorpus
    from ...results import CorpusExplanation

#: The system both exercises use.
SYSTEM = "S2"

#: Exercise 1: two reports of the same output; the student names the signature fields that differ.
REPORT_A: dict[str, Any] = {"refs": [0]}
REPORT_B: dict[str, Any] = {"refs": [0, 1], "lowercase": True}

#: Exercise 2: the configuration to score under.
TARGET: dict[str, Any] = {"refs": [0, 1], "lowercase": True, "tokenize": "intl"}
#: What a student may have done instead, and what to tell them.
SLIPS: dict[str, tuple[dict[str, Any], str]] = {
    "all references": ({"lowercase": True, "tokenize": "intl"},
                       "That is the score with all four references. Keep only references 1 and 2: "
                       "corpus.with_references([0, 1])."),
    "cased": ({"refs": [0, 1], "tokenize": "intl"},
              "That is the cased score. The configuration is case-insensitive: lowercase=True."),
    "13a": ({"refs": [0, 1], "lowercase": True},
            "That is the score with sacreBLEU's default tokenizer 13a. The configuration asks for tokenize=\"intl\"."),
    "wrong references": ({"refs": [1, 2], "lowercase": True, "tokenize": "intl"},
                         "Those are references 2 and 3: positions are 0-based, so references 1 and 2 are [0, 1]."),
    "default": ({}, "That is sacreBLEU's default configuration. Apply all three settings of the report."),
}


@lru_cache(maxsize=1)
def _corpus() -> "TeachingCorpus":
    from ...data.corpus import load_corpus

    return load_corpus()


def _score(settings: dict[str, Any]) -> "CorpusExplanation":
    """S2 on the bundled corpus under one configuration (see :func:`score_configuration`)."""
    return score_configuration(_corpus(), SYSTEM, settings)


def signature_pair() -> tuple[str, str]:
    """The signatures of the two reports of exercise 1, as the engine writes them."""
    return _score(REPORT_A).signature, _score(REPORT_B).signature


def _changed() -> set[str]:
    return set(signature_diff(*signature_pair())["field"])


def check_changed_settings(answer: Any) -> Feedback:
    """The answer names the signature fields that differ (a list/set of names such as "tok", or one string)."""
    words = as_words(answer)
    if words is None:
        return Feedback(False, "Name the fields that differ as a list of strings, e.g. [\"tok\"]: the names before "
                               "the colons in the signatures.")
    given = {word.lower().split(":")[0] for word in words}  # "case:lc" names the field case
    right = _changed()
    first = signature_pair()[0]
    known = set(signature_fields(first))
    unknown = sorted(given - known)
    if unknown:
        return Feedback(False, f"{unknown} {'is' if len(unknown) == 1 else 'are'} not a field of these signatures. "
                               f"Use the names before the colons: {', '.join(signature_fields(first))}.")
    if given == right:
        return Feedback(True, "Yes. The two scores differ in how many references were used and whether case was "
                              "kept, so they cannot be compared, although both are 'BLEU of S2'.")
    extra, missing = sorted(given - right), sorted(right - given)
    if extra:
        same = ", ".join(extra)
        return Feedback(False, f"{same} {'is' if len(extra) == 1 else 'are'} the same in both signatures. "
                               "Compare the two strings field by field, from the left: which values differ?")
    return Feedback(False, f"Right so far, but {len(missing)} more field{'s' if len(missing) > 1 else ''} "
                           "changed. Compare the two strings field by field, from the left.")


def _target_score() -> float:
    return _score(TARGET).score


def check_score_under_configuration(answer: Any) -> Feedback:
    """The answer is S2's score (0-100) under the configuration of :data:`TARGET`."""
    if as_number(answer) is None:
        return Feedback(False, "Give the score as a number on sacreBLEU's 0-100 scale, e.g. 12.34.")
    right = _target_score()
    if agrees(answer, right):
        return Feedback(True, "Yes. Written with its signature, a reader can reproduce that score exactly.")
    if agrees(answer, right / 100, decimals=4):
        return Feedback(False, "That is the right score on the paper's 0-1 scale. Signatures and reports use "
                               "sacreBLEU's 0-100 scale: use .score, not .bleu.")
    for settings, message in SLIPS.values():
        if agrees(answer, _score(settings).score):
            return Feedback(False, message)
    if too_few_decimals(answer, right):
        return Feedback(False, "Close, but rounded too far: give two decimals.")
    return Feedback(False, "Build the corpus with references 1 and 2 only, then score S2 with "
                           "lowercase=True and tokenize=\"intl\"; check your result's signature says nrefs:2, "
                           "case:lc and tok:intl.")


def worked_changed_settings() -> str:
    """The worked solution: set the two signatures side by side, field by field."""
    first, second = signature_pair()
    diff = signature_diff(first, second)
    rows = "\n".join(f"- `{row.field}`: {row.first} in the first, {row.second} in the second"
                      for row in diff.itertuples())
    same = [name for name in signature_fields(first) if name not in set(diff["field"])]
    return f"""A signature is a list of `field:value` pairs joined by `|`. Compare the two field by field:

```
{first}
{second}
```

These fields differ:

{rows}

The others ({", ".join(same)}) are the same: the second paper used two references and lowercased, so its
"BLEU of S2" is not the first one's.

```python
import bleu_explain as bx
corpus = bx.load_corpus()
first = corpus.with_references([0]).explain("S2").signature
second = corpus.with_references([0, 1]).explain("S2", lowercase=True).signature
a, b = (dict(field.split(":", 1) for field in s.split("|")) for s in (first, second))
sorted(name for name in a if a[name] != b.get(name))
```

Answer: **{sorted(diff["field"])!r}**."""


def worked_score_under_configuration() -> str:
    """The worked solution: keep references 1 and 2, lowercase, tokenize with intl; read .score."""
    result = _score(TARGET)
    return f""""Case-insensitive, intl tokenization, references 1 and 2" is three settings:

1. references 1 and 2 only: `corpus.with_references([0, 1])` (positions count from 0);
2. case-insensitive: `lowercase=True`;
3. intl tokenization: `tokenize="intl"`.

Score S2 with all three and read the 0-100 `.score`; the signature, {result.signature}, shows all three.

```python
import bleu_explain as bx
result = bx.load_corpus().with_references([0, 1]).explain("{SYSTEM}", lowercase=True, tokenize="intl")
print(result.signature)
round(result.score, 2)
```

Answer: **{result.score:.2f}**."""


EXERCISES = [
    Exercise(
        "changed_settings",
        "Two papers report BLEU of the same S2 output with the signatures of signature_pair(). Which signature "
        "fields differ? Give their names as a list, e.g. [\"tok\"].",
        check_changed_settings,
        solution=lambda: sorted(_changed()),
        mistake=lambda: sorted(_changed())[:1],
        worked=worked_changed_settings,
    ),
    Exercise(
        "score_under_configuration",
        "Score system S2 of the bundled corpus as a paper reporting 'case-insensitive BLEU, intl tokenization, "
        "references 1 and 2' would: the score on the 0-100 scale, to two decimals.",
        check_score_under_configuration,
        solution=lambda: round(_target_score(), 2),
        mistake=lambda: round(_score(SLIPS["all references"][0]).score, 2),
        worked=worked_score_under_configuration,
    ),
]
