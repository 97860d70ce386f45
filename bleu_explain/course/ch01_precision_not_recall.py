"""Notebook 01 (precision, not recall): its tables and its exercises.

Nothing here counts, clips or scores by itself: every number is read off a
result of :func:`bleu_explain.explain` / :func:`bleu_explain.explain_corpus`.
Recall is measured with the engine too, by swapping the roles: the recall of a
reference's words is the (clipped) unigram precision of the reference measured
against the candidate.

The paper's Example 4 (Papineni et al. 2002, section 2.2.1): the bad candidate
"recalls" every reference word.

>>> from bleu_explain.data import examples
>>> recall_table(examples.EXAMPLE_4_CANDIDATE_1, examples.EXAMPLE_4_REFERENCES)["recall"].round(4).tolist()
[1.0, 1.0, 1.0, 1.0, 1.0]
>>> recall_table(examples.EXAMPLE_4_CANDIDATE_2, examples.EXAMPLE_4_REFERENCES)["recall"].round(4).tolist()
[1.0, 0.6667, 0.6667, 0.7778, 0.6]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..api import explain, explain_corpus
from ..data import examples
from ..engine.errors import BleuInputError
from .answers import agrees, as_number
from .exercise import Exercise, Feedback, feedback

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation

    Result = SentenceExplanation | CorpusExplanation

__all__ = ["EXERCISES", "check_result", "precision_comparison", "recall_table", "recall_vs_bleu"]


# --------------------------------------------------------------------------- reading a result
def check_result(result: object) -> None:
    """Refuse anything that is not a result of :func:`bleu_explain.explain` or :func:`bleu_explain.explain_corpus`."""
    if not hasattr(result, "breakdown") or not hasattr(result, "config"):
        raise BleuInputError("expected a result of bleu_explain.explain or explain_corpus, "
                             f"got {type(result).__name__}")


def _ratio(top: int, bottom: int) -> float | None:
    return top / bottom if bottom else None


# --------------------------------------------------------------------------- plain and modified precision
def precision_comparison(result: Result) -> pd.DataFrame:
    """Per order: candidate n-grams, how many occur in some reference, and the clipped matches, as two precisions.

    *Plain* precision counts every candidate n-gram found in some reference;
    *modified* precision clips each n-gram's count at its max-ref count.

    >>> r = explain(examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_2_REFERENCES, preset="paper", max_order=2)
    >>> precision_comparison(r)[["plain", "modified"]].values.tolist()
    [['7/7', '2/7'], ['0/6', '0/6']]
    """
    import pandas as pd

    check_result(result)
    found = result.unclipped_matches
    rows = []
    for n, (clipped, total) in enumerate(zip(result.matches, result.totals), 1):
        rows.append({
            "order": n,
            "candidate_ngrams": total,
            "found_in_a_reference": found[n - 1],
            "clipped_matches": clipped,
            "plain": f"{found[n - 1]}/{total}",
            "plain_precision": _ratio(found[n - 1], total),
            "modified": f"{clipped}/{total}",
            "modified_precision": _ratio(clipped, total),
        })
    return pd.DataFrame(rows).set_index("order")


# --------------------------------------------------------------------------- recall
def recall_table(candidate: str, references: Sequence[str], *, preset: str = "paper") -> pd.DataFrame:
    """How many of the references' words the candidate supplies: per reference, pooled, and over the word set.

    Rows: each reference (its words, how many of them the candidate supplies,
    each candidate word used at most once); ``all reference words`` (the same,
    summed over the references); ``set of reference words`` (each distinct
    word once: the paper's "recall computed over the set of all reference
    words", section 2.2.1). Texts are normalised with the preset's tokenizer.

    Every count is the engine's clipped unigram count with the roles swapped:
    the reference (or the word set) is scored against the candidate.
    """
    import pandas as pd

    base = explain(candidate, references, preset=preset, max_order=1)
    candidate_text = " ".join(base.candidate_tokens)
    reference_texts = [" ".join(tokens) for tokens in base.reference_tokens]

    def supplied(text: str) -> tuple[int, int]:
        r = explain(text, [candidate_text], preset=preset, tokenize="none", max_order=1)
        return r.matches[0], r.totals[0]

    rows = []
    for k, text in enumerate(reference_texts, 1):
        found, words = supplied(text)
        rows.append({"reference_words": f"reference {k}: {text}", "words": words, "supplied_by_candidate": found})
    pooled = explain_corpus(reference_texts, [[candidate_text]] * len(reference_texts), preset=preset,
                            tokenize="none", max_order=1)
    rows.append({"reference_words": "all reference words", "words": pooled.totals[0],
                 "supplied_by_candidate": pooled.matches[0]})
    word_set = list(dict.fromkeys(tok for tokens in base.reference_tokens for tok in tokens))
    found, words = supplied(" ".join(word_set))
    rows.append({"reference_words": "set of reference words: " + " ".join(word_set), "words": words,
                 "supplied_by_candidate": found})
    table = pd.DataFrame(rows)
    table["recall"] = table["supplied_by_candidate"] / table["words"]
    return table.set_index("reference_words")


def recall_vs_bleu(candidates: Mapping[str, str], references: Sequence[str], *,
                   preset: str = "paper", **settings: Any) -> pd.DataFrame:
    """One row per candidate: recall of the reference words, unigram and bigram precision, and BLEU.

    ``settings`` (e.g. ``max_order=2``) apply to the BLEU column; recall and
    precisions use the preset's tokenization.

    >>> t = recall_vs_bleu({"bad": examples.EXAMPLE_4_CANDIDATE_1, "good": examples.EXAMPLE_4_CANDIDATE_2},
    ...                    examples.EXAMPLE_4_REFERENCES, max_order=2)
    >>> t["recall (word set)"].round(2).tolist(), t["BLEU"].round(4).tolist()
    ([1.0, 0.6], [0.7071, 1.0])
    """
    import pandas as pd

    rows = []
    for name, text in candidates.items():
        recalls = recall_table(text, references, preset=preset)["recall"]
        r = explain(text, references, preset=preset, max_order=2)
        rows.append({
            "candidate": name,
            "text": text,
            "recall (word set)": float(recalls.iloc[-1]),
            "recall (all words)": float(recalls.iloc[-2]),
            "p1 (modified)": _ratio(r.matches[0], r.totals[0]),
            "p2 (modified)": _ratio(r.matches[1], r.totals[1]),
            "BLEU": explain(text, references, preset=preset, **settings).bleu,
        })
    return pd.DataFrame(rows).set_index("candidate")


# --------------------------------------------------------------------------- exercise 1: plain and modified
#: The candidate of the first exercise, against Example 2's references.
PLAIN_AND_MODIFIED_CANDIDATE = examples.REPEATED_WORDS_CANDIDATE


def plain_and_modified() -> tuple[float, float]:
    """The right answer of exercise 1, from the engine: (plain, modified) unigram precision."""
    r = explain(PLAIN_AND_MODIFIED_CANDIDATE, examples.EXAMPLE_2_REFERENCES, preset="paper", max_order=1)
    return r.unclipped_matches[0] / r.totals[0], r.matches[0] / r.totals[0]


def check_plain_and_modified(answer: Any) -> Feedback:
    """The answer is a pair: (plain unigram precision, modified unigram precision)."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return Feedback(False, "Give a pair: (plain precision, modified precision), e.g. (\"3/8\", \"1/8\").")
    plain, modified = answer
    if as_number(plain) is None or as_number(modified) is None:
        return Feedback(False, "Write each precision as a fraction string like \"3/8\" or as a number like 0.375.")
    right_plain, right_modified = plain_and_modified()
    if agrees(plain, right_plain) and agrees(modified, right_modified):
        return Feedback(True, "Both right: plain precision credits every candidate word found in a reference; "
                              "modified precision stops crediting a word once the reference that uses it most "
                              "is used up.")
    if agrees(plain, right_modified) and agrees(modified, right_plain):
        return Feedback(False, "You have the two the wrong way round: the plain precision is the larger one.")
    if agrees(modified, right_plain):
        return Feedback(False, "Your modified precision is the plain one: every 'the' and 'cat' is credited. "
                               "Clip each word's count at the largest count it has in any ONE reference.")
    if agrees(plain, right_modified):
        return Feedback(False, "Your plain precision is already clipped. Plain precision credits every candidate "
                               "word that occurs in some reference, however often it repeats.")
    if not agrees(plain, right_plain):
        return Feedback(False, "Your plain precision is off. Count the candidate's words that occur in at least "
                               "one reference (lowercase first: the paper folds case), and divide by the "
                               "candidate's length. 'sat' is in no reference.")
    return Feedback(False, "Your plain precision is right; the modified one is off. For each distinct word take "
                           "min(count in the candidate, max count in any one reference) and add these up.")


# --------------------------------------------------------------------------- exercise 2: recall's trap
def _word_set_recall(candidate: str) -> float:
    return float(recall_table(candidate, examples.EXAMPLE_4_REFERENCES)["recall"].iloc[-1])


def _bleu(candidate: str) -> float:
    return explain(candidate, examples.EXAMPLE_4_REFERENCES, preset="paper", max_order=2).bleu


def _normalised(text: str) -> tuple[str, ...]:
    return explain(text, examples.EXAMPLE_4_REFERENCES, preset="paper", max_order=1).candidate_tokens


def check_recall_trap(answer: Any) -> Feedback:
    """A candidate (a string) that recalls every reference word but scores below the good candidate."""
    good = examples.EXAMPLE_4_CANDIDATE_2
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(False, "Write your candidate sentence as a string, e.g. \"I do always.\".")
    if _normalised(answer) == _normalised(examples.EXAMPLE_4_CANDIDATE_1):
        return Feedback(False, "That is the paper's own bad candidate. Make up one of your own: "
                               "change the order or add a word.")
    recall = _word_set_recall(answer)
    if recall < 1:
        table = recall_table(answer, examples.EXAMPLE_4_REFERENCES)
        word_set = table.index[-1].split(": ", 1)[1].split()
        found = set(_normalised(answer))
        missing = [w for w in word_set if w not in found]
        return Feedback(False, f"Your candidate does not recall every reference word yet (recall {recall:.2f}): "
                               f"it lacks {', '.join(repr(w) for w in missing)}.")
    mine, theirs = _bleu(answer), _bleu(good)
    return feedback(mine < theirs,
                    f"Yes: it recalls every reference word, yet BLEU ranks it below \"{good}\" "
                    f"({mine:.4f} against {theirs:.4f}). Recall rewards using all the synonyms; BLEU does not.",
                    f"It recalls every reference word, but it scores as high as \"{good}\" "
                    f"({mine:.4f} against {theirs:.4f}). Aim for a worse translation: pile up the synonyms.")


def _as_fraction_text(value: float) -> str:
    return str(Fraction(value).limit_denominator(100))


def worked_plain_and_modified() -> str:
    """The worked solution: count the words found in a reference, then clip each at its max-ref count."""
    refs = list(examples.EXAMPLE_2_REFERENCES)
    r = explain(PLAIN_AND_MODIFIED_CANDIDATE, refs, preset="paper", max_order=1)
    rows = r.ngram_rows(1)
    absent = [row["ngram"] for row in rows if row["max_ref_count"] == 0]
    clipped = "\n".join(f"- `{row['ngram']}`: {row['candidate_count']} in the candidate, at most "
                         f"{row['max_ref_count']} in one reference: {row['clipped']} credited" for row in rows)
    return f"""With `preset="paper"` the texts are lowercased and the punctuation dropped: the candidate has
{r.totals[0]} words.

1. **Plain** precision credits every candidate word that occurs in some reference, however often it repeats:
   all but {", ".join(f"'{w}'" for w in absent)}, so {r.fraction(1, plain=True)}.
2. **Modified** precision clips each word's count at the most times one reference uses it:

{clipped}

Added up: {r.fraction(1)}.

```python
import bleu_explain as bx
from bleu_explain.data import examples
r = bx.explain({PLAIN_AND_MODIFIED_CANDIDATE!r}, examples.EXAMPLE_2_REFERENCES, preset="paper", max_order=1)
r.ngram_table(1)  # count, count in each reference, max-ref count, clipped
(r.fraction(1, plain=True), r.fraction(1))
```

Answer: **({r.fraction(1, plain=True)!r}, {r.fraction(1)!r})**."""


def worked_recall_trap() -> str:
    """The worked solution: pile up the synonyms, then measure recall and BLEU."""
    refs = list(examples.EXAMPLE_4_REFERENCES)
    good, mine = examples.EXAMPLE_4_CANDIDATE_2, RECALL_TRAP_EXAMPLE
    return f"""Recall rewards a candidate for using every word of the references; BLEU's clipped precision punishes
it for using words no single reference needs together.

1. Use every synonym of the references, in an order of your own: for instance {mine!r}.
2. Check that every reference word is in it (recall 1 over the set of reference words), then compare its BLEU
   with the good candidate's.

```python
import bleu_explain as bx
refs = {refs!r}  # examples.EXAMPLE_4_REFERENCES

def result(text):
    return bx.explain(text, refs, preset="paper", max_order=2)
mine = {mine!r}
reference_words = {{word for ref in refs for word in result(ref).candidate_tokens}}
print(reference_words <= set(result(mine).candidate_tokens))  # recall 1
print(result(mine).bleu, result({good!r}).bleu)
mine
```

This one gets BLEU {_bleu(mine):.4f} against {_bleu(good):.4f} for {good!r}: recall is perfect, BLEU is lower.

Answer: **{mine!r}**, or any candidate with all the synonyms and a lower BLEU."""


#: One answer to the recall trap (the learner is asked for their own).
RECALL_TRAP_EXAMPLE = "I perpetually invariably always do."


EXERCISES = [
    Exercise(
        "plain_and_modified",
        f"Candidate {PLAIN_AND_MODIFIED_CANDIDATE!r} against the references of the paper's Example 2, "
        "preset='paper'. Give (plain unigram precision, modified unigram precision).",
        check_plain_and_modified,
        solution=lambda: tuple(_as_fraction_text(p) for p in plain_and_modified()),
        mistake=lambda: (_as_fraction_text(plain_and_modified()[0]),) * 2,
        worked=worked_plain_and_modified,
    ),
    Exercise(
        "recall_trap",
        "Write a candidate of your own that recalls every word of Example 4's references (recall 1 over the "
        f"set of reference words) but gets a lower BLEU (preset='paper', max_order=2) than "
        f"\"{examples.EXAMPLE_4_CANDIDATE_2}\".",
        check_recall_trap,
        solution=lambda: RECALL_TRAP_EXAMPLE,
        mistake=lambda: examples.EXAMPLE_4_CANDIDATE_2,
        worked=worked_recall_trap,
    ),
]
