"""Notebook 11, corpus analysis: reading a corpus score, its n-gram differences and its worst sentences.

Nothing here counts, clips or scores: the sentence statistics come from
:meth:`bleu_explain.results.CorpusExplanation.sentence_table`, the per-sentence
explanations from :meth:`~bleu_explain.results.CorpusExplanation.segment`,
the n-gram credit from :func:`bleu_explain.analysis.systems.ngram_differences`.
What this module adds is the reading: the worst sentences with their
precisions side by side (:func:`worst_table`), what pulls one sentence down
(:func:`diagnosis`), the ranking of systems at every n-gram order
(:func:`ranking_by_order`), two systems sentence by sentence
(:func:`head_to_head`, :func:`tally`), the notebook's hand-counted n-gram
credit beside the package's (:func:`credit_side_by_side`), and the
"Now you try" exercises (``EXERCISES``).

>>> from bleu_explain import explain_corpus
>>> refs = [["the cat sat on the mat"], ["a dog barked at the postman"]]
>>> a = explain_corpus(["the cat sat on a mat", "a dog barked at the man"], refs)
>>> b = explain_corpus(["the cat sat on the mat", "a dog barked at a cat"], refs)
>>> h = head_to_head(a, b, names=("A", "B"))
>>> h["winner"].tolist(), tally(h).to_dict()
(['B', 'A'], {'A': 1, 'B': 1, 'tie': 0})
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ..data.corpus import load_corpus
from ..engine.errors import BleuInputError
from .answers import as_whole_number
from .exercise import Exercise, Feedback

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..analysis.systems import NgramDifferences
    from ..results import CorpusExplanation, SentenceExplanation


# --------------------------------------------------------------------------- the lesson
def _check_corpus_result(result: object) -> None:
    if not hasattr(result, "sentence_table") or not hasattr(result, "segment"):
        raise BleuInputError(f"expected a corpus result (bleu_explain.explain_corpus), got {type(result).__name__}")


def _check_sentence_result(result: object) -> None:
    if not hasattr(result, "ngram_table") or not hasattr(result, "candidate_tokens"):
        raise BleuInputError(f"expected a sentence result (bleu_explain.explain, or a corpus result's .segment(i)), "
                             f"got {type(result).__name__}")


def ranking_by_order(table: pd.DataFrame, columns: tuple[str, ...] = ("p1", "p2", "p3", "p4", "BLEU")
                     ) -> pd.DataFrame:
    """For each column of a system table, the systems from best to worst, joined by ' > '.

    >>> import pandas as pd
    >>> ranking_by_order(pd.DataFrame({"p1": [50.0, 70.0]}, index=["A", "B"]), ("p1",))["best to worst"].tolist()
    ['B > A']
    """
    import pandas as pd

    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise BleuInputError(f"the table has no column(s) {missing}; it has {list(table.columns)}")
    rows = [{"measure": c, "best to worst": " > ".join(str(s) for s in table[c].sort_values(ascending=False).index)}
            for c in columns]
    return pd.DataFrame(rows).set_index("measure")


def worst_table(result: CorpusExplanation, k: int = 5) -> pd.DataFrame:
    """The ``k`` sentences with the lowest sentence BLEU (``result.lowest(k)``), with what makes them low.

    Columns: sentence BLEU (0-100), c and r (candidate and chosen reference
    length), BP, p1..pN as "matches/total", the longest n-gram order with a
    match, and the candidate.
    """
    import pandas as pd

    _check_corpus_result(result)
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise BleuInputError(f"k must be a whole number >= 1, got {k!r}")
    table = result.sentence_table()
    rows = []
    for i in result.lowest(k):
        row = table.loc[i]
        seg = result.segment(i)
        out = {"segment": i,
               "sentence BLEU": None if row["sentence_bleu"] is None else 100 * row["sentence_bleu"],
               "c": int(row["hyp_len"]), "r": int(row["ref_len"]), "BP": seg.brevity_penalty}
        for n in range(1, len(seg.matches) + 1):
            out[f"p{n}"] = f"{int(row[f'matches_{n}'])}/{int(row[f'total_{n}'])}"
        out["longest matched order"] = max((n for n, m in enumerate(seg.matches, 1) if m), default=0)
        out["candidate"] = row["candidate"]
        rows.append(out)
    return pd.DataFrame(rows).set_index("segment")


def unmatched_words(result: SentenceExplanation) -> list[str]:
    """The candidate words that get no credit (in no reference, or clipped away), in candidate order.

    >>> from bleu_explain import explain
    >>> unmatched_words(explain("the cat the cat sat", ["the cat sat on the mat"]))
    ['cat']
    """
    _check_sentence_result(result)
    table = result.ngram_table(1)
    lost = table[table["clipped"] < table["candidate_count"]]
    return lost["ngram"].tolist()


def diagnosis(result: SentenceExplanation) -> pd.DataFrame:
    """What pulls one sentence's BLEU down, in words, read off its explanation.

    Rows: credited words and the ones without credit, the longest credited
    n-gram order, smoothing (which orders had no matches and what value stood
    in for them), the brevity penalty, and the sentence BLEU.

    >>> from bleu_explain import explain
    >>> d = diagnosis(explain("the cat sat on a mat", ["the cat sat on the mat"]))
    >>> d.loc["longest credited n-gram", "finding"]
    'order 4: 1/3 credited'
    """
    import pandas as pd

    _check_sentence_result(result)
    b = result.breakdown
    n_orders = len(b.matches)
    lost = unmatched_words(result)
    rows = {"words credited": (f"{b.matches[0]}/{b.totals[0]}",
                               "no credit: " + ", ".join(lost) if lost else "every word is credited")}
    longest = max((n for n, m in enumerate(b.matches, 1) if m), default=0)
    if longest:
        rows["longest credited n-gram"] = (
            f"order {longest}: {b.matches[longest - 1]}/{b.totals[longest - 1]} credited",
            "no longer n-gram is in any reference" if longest < n_orders
            else "n-grams of every order are credited")
    else:
        rows["longest credited n-gram"] = ("none", "not a single word is in any reference")
    zero = [n for n, m in enumerate(b.matches, 1) if m == 0 and b.totals[n - 1] > 0]
    if zero:
        used = ", ".join(f"p{n} = {b.precisions[n - 1]:.4f}" if b.precisions[n - 1] is not None else f"p{n} dropped"
                         for n in zero)
        rows["smoothing"] = (f"orders {', '.join(map(str, zero))} have no matches",
                             f"{result.config.smooth} smoothing uses {used}")
    else:
        rows["smoothing"] = ("not needed", "every order has at least one match")
    bp_text = "c >= r: no penalty" if b.brevity_penalty == 1 else f"c = {b.hyp_len} < r = {b.ref_len}: too short"
    rows["brevity penalty"] = (f"{b.brevity_penalty:.4f}", bp_text)
    rows["sentence BLEU"] = (f"{b.score:.2f}", f"preset {result.config.preset}")
    return pd.DataFrame.from_dict(rows, orient="index", columns=["finding", "detail"])


def head_to_head(a: CorpusExplanation, b: CorpusExplanation, names: tuple[str, str] = ("A", "B"),
                 tolerance: float = 0.0) -> pd.DataFrame:
    """Two systems' sentence BLEU side by side (0-100), the difference b - a, and the winner of each segment.

    A segment is a ``"tie"`` when the scores differ by ``tolerance`` or less (0: only equal scores tie).
    """
    import pandas as pd

    _check_corpus_result(a)
    _check_corpus_result(b)
    if len(a) != len(b):
        raise BleuInputError(f"the two results have {len(a)} and {len(b)} segments; they must be aligned")
    if len(names) != 2 or names[0] == names[1]:
        raise BleuInputError(f"names must be two different names, got {names!r}")
    sa = a.sentence_table()["sentence_bleu"].astype(float) * 100
    sb = b.sentence_table()["sentence_bleu"].astype(float) * 100
    diff = sb - sa
    winner = [("tie" if abs(d) <= tolerance else names[1] if d > 0 else names[0]) for d in diff]
    return pd.DataFrame({names[0]: sa, names[1]: sb, "difference": diff, "winner": winner},
                        index=a.sentence_table().index)


def tally(table: pd.DataFrame, names: tuple[str, str] | None = None) -> pd.Series:
    """How many segments each system wins in a :func:`head_to_head` table, and how many are ties."""
    import pandas as pd

    if "winner" not in table:
        raise BleuInputError("tally needs the table of head_to_head")
    names = names or (table.columns[0], table.columns[1])
    counts = table["winner"].value_counts()
    return pd.Series({name: int(counts.get(name, 0)) for name in (*names, "tie")}, name="segments won")


# --------------------------------------------------------------------------- the build-it-yourself cell's check
def credit_side_by_side(credit_a: Mapping[tuple[str, ...], int], credit_b: Mapping[tuple[str, ...], int],
                        differences: NgramDifferences, k: int = 10) -> pd.DataFrame:
    """The ``k`` n-grams system B matches most often more than A: hand-counted credit beside the package's.

    ``credit_a``/``credit_b`` map an n-gram (a tuple of tokens) to how often
    each system got credit for it over the corpus, counted by hand;
    ``differences`` is :func:`~bleu_explain.analysis.systems.ngram_differences`
    of the same two systems, on the same tokens. The share is compare-mt's
    (m_A + alpha) / (m_A + m_B + 2 alpha), from the hand counts and from the package.

    >>> from bleu_explain.analysis.systems import ngram_differences
    >>> d = ngram_differences(["a cat"], ["the cat"], [["the cat"]], names=("A", "B"), max_order=1)
    >>> t = credit_side_by_side({("cat",): 1}, {("the",): 1, ("cat",): 1}, d, k=1)
    >>> t["ngram"].tolist(), t["B by hand"].tolist(), t["B bleu_explain"].tolist()
    (['the'], [1], [1])
    >>> bool(t.loc[0, "share by hand"] == t.loc[0, "share bleu_explain"] == 1 / 3)
    True
    """
    import pandas as pd

    a, b = differences.names
    alpha = differences.alpha
    rows = []
    for _, row in differences.better(b, k).iterrows():
        ngram = tuple(str(row["ngram"]).split())
        mine_a, mine_b = credit_a.get(ngram, 0), credit_b.get(ngram, 0)
        rows.append({"ngram": row["ngram"], f"{a} by hand": mine_a, f"{a} bleu_explain": int(row["matches_a"]),
                     f"{b} by hand": mine_b, f"{b} bleu_explain": int(row["matches_b"]),
                     "share by hand": (mine_a + alpha) / (mine_a + mine_b + 2 * alpha),
                     "share bleu_explain": float(row["score"])})
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- the exercises
@cache
def _result(system: str) -> CorpusExplanation:
    """The system's corpus result on the bundled corpus (sacreBLEU's defaults), computed once."""
    return load_corpus().explain(system)


# --------------------------------------------------------------------------- exercise 1
def worst_segment(system: str) -> int:
    """The 0-based index of the system's sentence with the lowest sentence BLEU (the engine's ``lowest(1)``)."""
    return _result(system).lowest(1)[0]


def best_segment(system: str) -> int:
    """The 0-based index of the system's sentence with the highest sentence BLEU (a typical mistake's answer)."""
    table = _result(system).sentence_table()
    return int(table["sentence_bleu"].astype(float).idxmax())


def check_worst_s2(answer: Any) -> Feedback:
    """The segment index (0-based) of S2's lowest sentence BLEU."""
    index = as_whole_number(answer)
    if index is None:
        return Feedback(False, "Give the segment's index as a whole number, as it appears in the sentence table "
                               "(counting from 0).")
    right = worst_segment("S2")
    if index == right:
        return Feedback(True, "Right. Now explain it with s2.segment(...) and read which n-gram orders find no "
                              "match in any reference.")
    if index == right + 1:
        return Feedback(False, "Off by one: the segments are numbered from 0, as in sentence_table() and "
                               "lowest(); you seem to have counted from 1.")
    if index == best_segment("S2"):
        return Feedback(False, "That is S2's BEST sentence. lowest(k) lists the k sentences with the lowest "
                               "sentence BLEU, worst first.")
    for other in ("S3", "S1"):
        if index == worst_segment(other):
            return Feedback(False, f"That is {other}'s worst sentence. Score S2: corpus.explain(\"S2\").")
    if not 0 <= index < len(load_corpus()):
        return Feedback(False, f"There is no segment {index}: they are numbered 0 to {len(load_corpus()) - 1}.")
    return Feedback(False, "Not that one. Score S2 with corpus.explain(\"S2\") and ask for its lowest(1), or sort "
                           "its sentence_table() by sentence_bleu.")


# --------------------------------------------------------------------------- exercise 2
def s2_s3_tally() -> pd.Series:
    """How many segments S2 and S3 each win on sentence BLEU (sacreBLEU's defaults), and the ties."""
    return tally(head_to_head(_result("S2"), _result("S3"), names=("S2", "S3")))


def check_s2_beats_s3(answer: Any) -> Feedback:
    """The number of segments in which S2's sentence BLEU is higher than S3's."""
    count = as_whole_number(answer)
    if count is None:
        return Feedback(False, "Give a count of segments: a whole number.")
    t = s2_s3_tally()
    if count == t["S2"]:
        return Feedback(True, "Right. S3 is far ahead on corpus BLEU, yet the weaker system wins some sentences: "
                              "a corpus score is an average, and single sentences are noisy.")
    if count == t["S3"]:
        return Feedback(False, "You counted the segments S3 wins. The question is the other way round: in how "
                               "many segments is S2's sentence BLEU higher than S3's?")
    if count == t["S2"] + t["tie"] and t["tie"]:
        return Feedback(False, "You also counted the ties. Count only the segments where S2 is strictly higher.")
    if not 0 <= count <= len(load_corpus()):
        return Feedback(False, f"The corpus has {len(load_corpus())} segments; the count must be between 0 and that.")
    return Feedback(False, "Not that count. Put the two systems' sentence BLEU side by side "
                           "(ch11.head_to_head(s2, s3, names=(\"S2\", \"S3\"))) and count the segments S2 wins.")


def worked_worst_s2() -> str:
    """The worked solution: score S2, ask for its lowest sentence, read why it is low."""
    index = worst_segment("S2")
    segment = _result("S2").segment(index)
    precisions = ", ".join(f"p{n} = {segment.fraction(n)}" for n in range(1, len(segment.matches) + 1))
    return f"""1. Score S2 on the bundled corpus with sacreBLEU's defaults: `corpus.explain("S2")`.
2. `lowest(1)` gives the index of the sentence with the lowest sentence BLEU (counting from 0, as
   `sentence_table()` does): {index}.
3. Its explanation shows why: {precisions}, BP = {segment.brevity_penalty:.4f}, sentence BLEU
   {100 * segment.bleu:.2f}.

```python
import bleu_explain as bx
s2 = bx.load_corpus().explain("S2")
s2.lowest(1)[0]
```

Answer: **{index}**."""


def worked_s2_beats_s3() -> str:
    """The worked solution: the two systems' sentence BLEU side by side, counting the segments S2 wins."""
    t = s2_s3_tally()
    return f"""1. Score both systems (sacreBLEU's defaults) and put their sentence BLEU side by side, segment by segment.
2. Count the segments where S2's is strictly higher: {t["S2"]}. (S3 wins {t["S3"]}; {t["tie"]} are ties.)

```python
import bleu_explain as bx
corpus = bx.load_corpus()
s2 = corpus.explain("S2").sentence_table()["sentence_bleu"]
s3 = corpus.explain("S3").sentence_table()["sentence_bleu"]
int((s2 > s3).sum())
```

Answer: **{t["S2"]}**: the weaker system still wins some sentences."""


EXERCISES = [
    Exercise(
        "worst_s2_segment",
        "Which segment (its 0-based index) has S2's lowest sentence BLEU (sacreBLEU's defaults)?",
        check_worst_s2,
        solution=lambda: worst_segment("S2"),
        mistake=lambda: worst_segment("S2") + 1,
        worked=worked_worst_s2,
    ),
    Exercise(
        "s2_beats_s3",
        "In how many of the 120 segments does S2 get a higher sentence BLEU than S3 (sacreBLEU's defaults)?",
        check_s2_beats_s3,
        solution=lambda: int(s2_s3_tally()["S2"]),
        mistake=lambda: int(s2_s3_tally()["S3"]),
        worked=worked_s2_beats_s3,
    ),
]
