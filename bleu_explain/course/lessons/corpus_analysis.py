"""Tables for notebook 10 (corpus analysis); every number is read off the engine's results.

Nothing here counts, clips or scores: the sentence statistics come from
:meth:`bleu_explain.results.CorpusExplanation.sentence_table`, the per-sentence
explanations from :meth:`~bleu_explain.results.CorpusExplanation.segment`.
What this module adds is the reading: the worst sentences with their
precisions side by side (:func:`worst_table`), what pulls one sentence down
(:func:`diagnosis`), the ranking of systems at every n-gram order
(:func:`ranking_by_order`), and two systems sentence by sentence
(:func:`head_to_head`, :func:`tally`).

>>> from bleu_explain import explain_corpus
>>> refs = [["the cat sat on the mat"], ["a dog barked at the postman"]]
>>> a = explain_corpus(["the cat sat on a mat", "a dog barked at the man"], refs)
>>> b = explain_corpus(["the cat sat on the mat", "a dog barked at a cat"], refs)
>>> h = head_to_head(a, b, names=("A", "B"))
>>> h["winner"].tolist(), tally(h).to_dict()
(['B', 'A'], {'A': 1, 'B': 1, 'tie': 0})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...results import CorpusExplanation, SentenceExplanation


def _check_corpus_result(result: object) -> None:
    if not hasattr(result, "sentence_table") or not hasattr(result, "segment"):
        raise BleuInputError(f"expected a corpus result (bleu_explain.explain_corpus), got {type(result).__name__}")


def _check_sentence_result(result: object) -> None:
    if not hasattr(result, "ngram_table") or not hasattr(result, "candidate_tokens"):
        raise BleuInputError(f"expected a sentence result (bleu_explain.explain, or a corpus result's .segment(i)), "
                             f"got {type(result).__name__}")


def ranking_by_order(table: "pd.DataFrame", columns: tuple[str, ...] = ("p1", "p2", "p3", "p4", "BLEU")
                     ) -> "pd.DataFrame":
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


def worst_table(result: "CorpusExplanation", k: int = 5) -> "pd.DataFrame":
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


def unmatched_words(result: "SentenceExplanation") -> list[str]:
    """The candidate words that get no credit (in no reference, or clipped away), in candidate order.

    >>> from bleu_explain import explain
    >>> unmatched_words(explain("the cat the cat sat", ["the cat sat on the mat"]))
    ['cat']
    """
    _check_sentence_result(result)
    table = result.ngram_table(1)
    lost = table[table["clipped"] < table["candidate_count"]]
    return lost["ngram"].tolist()


def diagnosis(result: "SentenceExplanation") -> "pd.DataFrame":
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


def head_to_head(a: "CorpusExplanation", b: "CorpusExplanation", names: tuple[str, str] = ("A", "B"),
                 tolerance: float = 0.0) -> "pd.DataFrame":
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


def tally(table: "pd.DataFrame", names: Optional[tuple[str, str]] = None) -> "pd.Series":
    """How many segments each system wins in a :func:`head_to_head` table, and how many are ties."""
    import pandas as pd

    if "winner" not in table:
        raise BleuInputError("tally needs the table of head_to_head")
    names = names or (table.columns[0], table.columns[1])
    counts = table["winner"].value_counts()
    return pd.Series({name: int(counts.get(name, 0)) for name in (*names, "tie")}, name="segments won")
