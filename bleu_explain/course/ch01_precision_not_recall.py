"""Notebook 01's exercises: plain against modified precision, and recall's trap (the paper's Example 4).

>>> {e.name: e.check(e.solution()).correct for e in EXERCISES}
{'plain_and_modified': True, 'recall_trap': True}
"""

from __future__ import annotations

from typing import Any

from ..api import explain
from ..data import examples
from .answers import agrees, as_number, slip
from .exercise import Exercise, Feedback, capitalised, feedback

CANDIDATE, REFS_2 = examples.REPEATED_WORDS_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES)
REFS_4, GOOD = list(examples.EXAMPLE_4_REFERENCES), examples.EXAMPLE_4_CANDIDATE_2
RECALL_TRAP_EXAMPLE = "I perpetually invariably always do."  # one answer; the learner is asked for their own


def _fractions() -> tuple[str, str]:
    r = explain(CANDIDATE, REFS_2, preset="paper", max_order=1)
    return r.fraction(plain=True), r.fraction()


PLAIN_HOW = ("count the candidate's words found in some reference (fold case first), however often they repeat, "
             "and divide by its length")
MODIFIED_HOW = "add up min(count, max-ref count) of each word instead, and divide by the candidate's length"
AS_ASKED = " (a fraction like \"3/8\" or a number between 0 and 1)"


def check_plain_and_modified(answer: Any) -> Feedback:
    if not isinstance(answer, (tuple, list)) or len(answer) != 2 or any(as_number(a) is None for a in answer):
        return Feedback(False, 'Give a pair of fractions (plain precision, modified precision), e.g. ("3/8", "1/8").')
    (plain, modified), (right_plain, right_modified) = answer, map(as_number, _fractions())
    plain_ok, modified_ok = agrees(plain, right_plain), agrees(modified, right_modified)
    if plain_ok and modified_ok:
        return Feedback(True, "Both right: plain precision credits every word found in a reference; modified "
                              "precision stops crediting a word once the reference that uses it most is used up.")
    slips = {name: slip(given, right) for name, given, right in (("plain", plain, right_plain),
                                                                  ("modified", modified, right_modified))}
    scale = AS_ASKED if any(s and s.written_on for s in slips.values()) else ""
    if all(slips.values()) and len({s.words() for s in slips.values() if s}) == 1:
        return Feedback(False, f"Both {slips['plain'].words('them')}{scale}.", almost=True)  # type: ignore[union-attr]
    if (plain_ok or slips["plain"]) and (modified_ok or slips["modified"]):
        halves = sorted((found is not None, f"your {name} precision is {'right' if found is None else found.words()}")
                        for name, found in slips.items())  # the right half first, the advice last
        return Feedback(False, capitalised("; ".join(words for _, words in halves)) + scale + ".", almost=True)
    if agrees(plain, right_modified) and agrees(modified, right_plain):
        return Feedback(False, "You have them the other way round: plain precision first, then modified.")
    if agrees(modified, right_plain):
        return Feedback(False, ("Your plain precision is right, but your" if plain_ok else "Your") + " modified "
                        "precision is the plain one: every 'the' and 'cat' is credited. Clip each word's count at the "
                        "largest count it has in any ONE reference.")
    if plain_ok or slips["plain"]:
        said = "right" if plain_ok else slips["plain"].words()  # type: ignore[union-attr]
        return Feedback(False, f"Your plain precision is {said}; your modified precision is not: {MODIFIED_HOW}.")
    if modified_ok or slips["modified"]:
        said = "right" if modified_ok else slips["modified"].words()  # type: ignore[union-attr]
        return Feedback(False, f"Your modified precision is {said}; your plain precision is not: {PLAIN_HOW}.")
    return Feedback(False, f"Neither is right yet. Plain: {PLAIN_HOW}. Modified: {MODIFIED_HOW}.")


def _tokens(text: str) -> tuple[str, ...]:
    return explain(text, REFS_4, preset="paper").candidate_tokens


def check_recall_trap(answer: Any) -> Feedback:
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, 'Write your candidate sentence as a string, e.g. "I do always.".')
    if _tokens(answer) == _tokens(examples.EXAMPLE_4_CANDIDATE_1):
        return Feedback(False, "That is the paper's own bad candidate. Make up one of your own.")
    missing = [w for w in dict.fromkeys(w for ref in REFS_4 for w in _tokens(ref)) if w not in _tokens(answer)]
    if missing:
        return Feedback(False, f"It does not recall every reference word yet: it lacks {', '.join(map(repr, missing))}.")
    mine, theirs = (explain(text, REFS_4, preset="paper", max_order=2).bleu for text in (answer, GOOD))
    return feedback(mine < theirs, f'Yes: it recalls every reference word, yet BLEU ranks it below "{GOOD}" ({mine:.4f} '
                    f"against {theirs:.4f}). Recall rewards using all the synonyms; BLEU does not.",
                    f'It recalls every reference word, but scores as high as "{GOOD}": pile up the synonyms.')


def worked_plain_and_modified() -> str:
    clipped = ", ".join(f"'{row['ngram']}' {row['candidate_count']} -> {row['clipped']}"
                        for row in explain(CANDIDATE, REFS_2, preset="paper", max_order=1).ngram_rows(1))
    return f"""**Plain** precision credits every candidate word found in some reference, however often it repeats;
**modified** precision clips each word's count at the most times one reference uses it ({clipped}).

```python
import bleu_explain as bx
r = bx.explain({CANDIDATE!r}, {REFS_2!r}, preset="paper", max_order=1)
(r.fraction(1, plain=True), r.fraction(1))  # r.ngram_table(1) shows each word's counts
```

Answer: **{_fractions()!r}**."""


def worked_recall_trap() -> str:
    return f"""Use every synonym of the references in an order of your own, check that it has every reference word
(recall 1 over their set), then compare its BLEU with the good candidate's.

```python
import bleu_explain as bx
refs, mine = {REFS_4!r}, {RECALL_TRAP_EXAMPLE!r}
def paper(text):
    return bx.explain(text, refs, preset="paper", max_order=2)
print(set().union(*(paper(ref).candidate_tokens for ref in refs)) <= set(paper(mine).candidate_tokens))  # recall 1
print(paper(mine).bleu, paper({GOOD!r}).bleu)  # BLEU lower
mine
```

Answer: **{RECALL_TRAP_EXAMPLE!r}**, or any candidate of your own with all the synonyms and a lower BLEU."""


EXERCISES = [
    Exercise("plain_and_modified", f"Candidate {CANDIDATE!r} against the references of the paper's Example 2, "
             "preset='paper'. Give (plain unigram precision, modified unigram precision).", check_plain_and_modified,
             solution=_fractions, mistake=lambda: (_fractions()[0],) * 2, worked=worked_plain_and_modified),
    Exercise("recall_trap", "Write a candidate of your own that recalls every word of Example 4's references (recall "
             "1 over the set of reference words) but gets a lower BLEU (preset='paper', max_order=2) than "
             f'"{GOOD}".', check_recall_trap, solution=lambda: RECALL_TRAP_EXAMPLE, mistake=lambda: GOOD,
             worked=worked_recall_trap),
]
