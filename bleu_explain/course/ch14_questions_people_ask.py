"""Notebook 14, questions people ask: its exercise, what NLTK returns when it is handed strings, not token lists.

Given strings, ``sentence_bleu`` iterates them: every character is a token, spaces included. The engine
scores the same tokens with the ``char`` tokenizer once each space is written as a visible mark (``▁``),
which nothing else in the text uses. The module's tests run NLTK itself on these inputs.

>>> round(nltk_on_strings("it is a ship", ["it is ship"]), 4)
0.7176
"""

from __future__ import annotations

from typing import Any

from ..api import explain
from ..data.examples import EXAMPLE_2_CANDIDATE, EXAMPLE_2_REFERENCES
from .answers import agrees, as_number
from .exercise import Exercise, Feedback

#: A space as NLTK sees it in a string: a token of its own (the char tokenizer drops real spaces).
SPACE = "\u2581"


def nltk_on_strings(candidate: str, references: list[str]) -> float:
    """NLTK 3.10's ``sentence_bleu(references, candidate)`` on strings: character n-grams, spaces counted."""
    return explain(candidate.replace(" ", SPACE), [r.replace(" ", SPACE) for r in references], preset="nltk",
                   tokenize="char").bleu


def _example_2(**settings: Any) -> float:
    return explain(EXAMPLE_2_CANDIDATE, list(EXAMPLE_2_REFERENCES), preset="nltk", **settings).bleu


def check_strings(answer: Any) -> Feedback:
    if as_number(answer) is None:
        return Feedback(False, "Give NLTK's score as a number between 0 and 1, to 4 decimals.")
    if agrees(answer, nltk_on_strings(EXAMPLE_2_CANDIDATE, list(EXAMPLE_2_REFERENCES)), 4):
        return Feedback(True, "Right: on characters the seven 'the's share many n-grams with the references.")
    if agrees(answer, _example_2(), 4):
        return Feedback(False, "That is NLTK on token lists (words): about 0. Handed strings, it counts characters.")
    return Feedback(False, "Not yet. Replace every space by \"\u2581\" in the candidate and the references, then "
                           "score them with preset=\"nltk\" and tokenize=\"char\", as section 1 does.")


def worked_strings() -> str:
    value = nltk_on_strings(EXAMPLE_2_CANDIDATE, list(EXAMPLE_2_REFERENCES))
    return f"""Handed strings, NLTK iterates them: every character is a token, spaces too. Write each space as a visible
mark, which the `char` tokenizer keeps, and score with the `nltk` preset: {value:.4f} (on words: {_example_2():.3g}).

```python
import bleu_explain as bx
from bleu_explain.data import examples
visible = lambda text: text.replace(" ", "\u2581")
bx.explain(visible(examples.EXAMPLE_2_CANDIDATE), [visible(r) for r in examples.EXAMPLE_2_REFERENCES],
           preset="nltk", tokenize="char").bleu
```

Answer: **{value:.4f}**."""


EXERCISES = [
    Exercise("nltk_strings", "What does NLTK 3.10's sentence_bleu return for the paper's Example 2 when it is "
             "handed strings instead of token lists (4 decimals)?", check_strings,
             solution=lambda: round(nltk_on_strings(EXAMPLE_2_CANDIDATE, list(EXAMPLE_2_REFERENCES)), 4),
             mistake=lambda: round(_example_2(), 4), worked=worked_strings),
]
