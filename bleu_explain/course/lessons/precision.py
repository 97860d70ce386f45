"""Tables for the precision notebooks (01 plain precision and recall, 02 modified precision, 03 combining orders).

Nothing here counts, clips or scores by itself: every number is read off a
result of :func:`bleu_explain.explain` / :func:`bleu_explain.explain_corpus`.
Recall is measured with the engine too, by swapping the roles: the recall of a
reference's words is the (clipped) unigram precision of the reference measured
against the candidate.

The paper's Example 4 (Papineni et al. 2002, section 2.2.1): the bad candidate
"recalls" every reference word.

>>> refs = ["I always do.", "I invariably do.", "I perpetually do."]
>>> recall_table("I always invariably perpetually do.", refs)["recall"].round(4).tolist()
[1.0, 1.0, 1.0, 1.0, 1.0]
>>> recall_table("I always do.", refs)["recall"].round(4).tolist()
[1.0, 0.6667, 0.6667, 0.7778, 0.6]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Mapping, Optional, Sequence, Union

from ...api import explain, explain_corpus
from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...results import CorpusExplanation, SentenceExplanation

    Result = Union[SentenceExplanation, CorpusExplanation]


def _check_result(result: object) -> None:
    if not hasattr(result, "breakdown") or not hasattr(result, "config"):
        raise BleuInputError(f"expected a result of bleu_explain.explain or explain_corpus, got {type(result).__name__}")


def _check_order(result: "Result", order: int) -> None:
    if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= len(result.matches):
        raise BleuInputError(f"order must be a whole number from 1 to {len(result.matches)}, got {order!r}")


def unclipped_matches(result: "Result") -> tuple[int, ...]:
    """Per order, candidate n-grams found in some reference, counted without clipping.

    A sentence result has them as ``unclipped_matches``; for a corpus they are
    summed over its segments.

    >>> r = explain_corpus(["the the the", "a cat"], [["the cat"], ["a cat"]], preset="paper", max_order=2)
    >>> unclipped_matches(r), r.matches
    ((5, 1), (3, 1))
    """
    _check_result(result)
    if hasattr(result, "unclipped_matches"):
        return tuple(result.unclipped_matches)
    sums = [0] * len(result.matches)
    for i in range(len(result)):
        for n, m in enumerate(result.segment(i).unclipped_matches):
            sums[n] += m
    return tuple(sums)


def fraction(result: "Result", order: int = 1, *, plain: bool = False) -> str:
    """The precision of one order as the fraction ``"matches/total"``; ``plain=True`` counts without clipping.

    >>> r = explain("the the the the the the the.", ["The cat is on the mat.", "There is a cat on the mat."],
    ...             preset="paper")
    >>> fraction(r), fraction(r, plain=True)
    ('2/7', '7/7')
    """
    _check_result(result)
    _check_order(result, order)
    top = unclipped_matches(result)[order - 1] if plain else result.matches[order - 1]
    return f"{top}/{result.totals[order - 1]}"


def _ratio(top: int, bottom: int) -> Optional[float]:
    return top / bottom if bottom else None


def precision_comparison(result: "Result") -> "pd.DataFrame":
    """Per order: candidate n-grams, how many occur in some reference, and the clipped matches, as two precisions.

    *Plain* precision counts every candidate n-gram found in some reference;
    *modified* precision clips each n-gram's count at its max-ref count.

    >>> r = explain("the the the the the the the.", ["The cat is on the mat.", "There is a cat on the mat."],
    ...             preset="paper", max_order=2)
    >>> precision_comparison(r)[["plain", "modified"]].values.tolist()
    [['7/7', '2/7'], ['0/6', '0/6']]
    """
    import pandas as pd

    found = unclipped_matches(result)
    rows = []
    for n, (m, t) in enumerate(zip(result.matches, result.totals), 1):
        rows.append({
            "order": n,
            "candidate_ngrams": t,
            "found_in_a_reference": found[n - 1],
            "clipped_matches": m,
            "plain": f"{found[n - 1]}/{t}",
            "plain_precision": _ratio(found[n - 1], t),
            "modified": f"{m}/{t}",
            "modified_precision": _ratio(m, t),
        })
    return pd.DataFrame(rows).set_index("order")


def beside_paper(results: Mapping[str, "Result"], stated: Mapping[str, Sequence[str]]) -> "pd.DataFrame":
    """The fractions a source states next to the ones computed: one row per (name, order).

    ``stated`` maps a result's name to the fractions the source gives for
    orders 1, 2, ... (as typed in the source, e.g. ``["17/18", "10/17"]``).

    >>> r = explain("the the the the the the the.", ["The cat is on the mat.", "There is a cat on the mat."],
    ...             preset="paper")
    >>> beside_paper({"Example 2": r}, {"Example 2": ["2/7"]}).values.tolist()
    [['Example 2', 1, '2/7', '2/7', True]]
    """
    import pandas as pd

    rows = []
    for name, fractions in stated.items():
        if name not in results:
            raise BleuInputError(f"no result named {name!r}; have {list(results)}")
        for n, text in enumerate(fractions, 1):
            computed = fraction(results[name], n)
            rows.append({"example": name, "order": n, "stated": text, "computed": computed,
                         "agree": text.replace(" ", "") == computed})
    return pd.DataFrame(rows, columns=["example", "order", "stated", "computed", "agree"])


# --------------------------------------------------------------------------- recall (notebook 01)
def recall_table(candidate: str, references: Sequence[str], *, preset: str = "paper") -> "pd.DataFrame":
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
    cand = " ".join(base.candidate_tokens)
    ref_texts = [" ".join(tokens) for tokens in base.reference_tokens]

    def swapped(text: str) -> tuple[int, int]:
        r = explain(text, [cand], preset=preset, tokenize="none", max_order=1)
        return r.matches[0], r.totals[0]

    rows = []
    for k, text in enumerate(ref_texts, 1):
        found, words = swapped(text)
        rows.append({"reference_words": f"reference {k}: {text}", "words": words, "supplied_by_candidate": found})
    pooled = explain_corpus(ref_texts, [[cand]] * len(ref_texts), preset=preset, tokenize="none", max_order=1)
    rows.append({"reference_words": "all reference words", "words": pooled.totals[0],
                 "supplied_by_candidate": pooled.matches[0]})
    word_set = list(dict.fromkeys(tok for tokens in base.reference_tokens for tok in tokens))
    found, words = swapped(" ".join(word_set))
    rows.append({"reference_words": "set of reference words: " + " ".join(word_set), "words": words,
                 "supplied_by_candidate": found})
    table = pd.DataFrame(rows)
    table["recall"] = table["supplied_by_candidate"] / table["words"]
    return table.set_index("reference_words")


def recall_vs_bleu(candidates: Mapping[str, str], references: Sequence[str], *,
                   preset: str = "paper", **settings) -> "pd.DataFrame":
    """One row per candidate: recall of the reference words, unigram and bigram precision, and BLEU.

    ``settings`` (e.g. ``max_order=2``) apply to the BLEU column; recall and
    precisions use the preset's tokenization.

    >>> refs = ["I always do.", "I invariably do.", "I perpetually do."]
    >>> t = recall_vs_bleu({"bad": "I always invariably perpetually do.", "good": "I always do."}, refs,
    ...                    max_order=2)
    >>> t["recall (word set)"].round(2).tolist(), t["BLEU"].round(4).tolist()
    ([1.0, 0.6], [0.7071, 1.0])
    """
    import pandas as pd

    rows = []
    for name, text in candidates.items():
        recalls = recall_table(text, references, preset=preset)["recall"]
        r = explain(text, references, preset=preset, max_order=2)
        bleu = explain(text, references, preset=preset, **settings).bleu
        rows.append({
            "candidate": name,
            "text": text,
            "recall (word set)": float(recalls.iloc[-1]),
            "recall (all words)": float(recalls.iloc[-2]),
            "p1 (modified)": _ratio(r.matches[0], r.totals[0]),
            "p2 (modified)": _ratio(r.matches[1], r.totals[1]),
            "BLEU": bleu,
        })
    return pd.DataFrame(rows).set_index("candidate")


# --------------------------------------------------------------------------- corpus level (notebook 02)
def corpus_vs_sentence_average(corpus: "CorpusExplanation") -> "pd.DataFrame":
    """Per order: the corpus modified precision (sums over segments) beside the mean of the sentence precisions.

    The paper (section 2.1.1) sums the clipped counts of all segments and
    divides by all candidate n-grams; averaging each sentence's precision
    instead gives short sentences as much say as long ones. Segments without
    n-grams of an order are left out of that order's average.

    >>> c = explain_corpus(["a b c d e f", "x y"], [["a b c d e f"], ["z w"]], preset="paper", max_order=1)
    >>> corpus_vs_sentence_average(c)[["corpus", "corpus_precision", "mean_of_sentence_precisions"]].values.tolist()
    [['6/8', 0.75, 0.5]]
    """
    import pandas as pd

    if not hasattr(corpus, "sentence_table"):
        raise BleuInputError("corpus_vs_sentence_average needs a result of bleu_explain.explain_corpus")
    table = corpus.sentence_table()
    rows = []
    for n, (m, t) in enumerate(zip(corpus.matches, corpus.totals), 1):
        has = table[f"total_{n}"] > 0
        sentence = table[f"matches_{n}"][has] / table[f"total_{n}"][has]
        rows.append({
            "order": n,
            "corpus": f"{m}/{t}",
            "corpus_precision": _ratio(m, t),
            "sentence_precisions": ", ".join(f"{a}/{b}" for a, b in zip(table[f"matches_{n}"], table[f"total_{n}"])),
            "mean_of_sentence_precisions": float(sentence.mean()) if has.any() else None,
        })
    return pd.DataFrame(rows).set_index("order")


# --------------------------------------------------------------------------- combining orders (notebook 03)
def means_table(results: Mapping[str, "Result"]) -> "pd.DataFrame":
    """Per result: its precisions, their arithmetic and geometric means, BP and BLEU.

    The geometric mean is read off the result's log terms (it is BLEU / BP);
    the arithmetic mean is the weighted mean of the same precisions, the
    alternative Doddington (2002) argued for.

    >>> r = explain("a b c d", ["a b c e"], preset="paper", max_order=2)
    >>> means_table({"x": r})[["p1", "p2", "arithmetic_mean", "geometric_mean"]].round(4).values.tolist()
    [[0.75, 0.6667, 0.7083, 0.7071]]
    """
    import pandas as pd

    rows = []
    for name, r in results.items():
        _check_result(r)
        b = r.breakdown
        row: dict = {"result": name}
        for n, p in enumerate(b.precisions, 1):
            row[f"p{n}"] = p
        row["arithmetic_mean"] = b.arithmetic_mean
        row["geometric_mean"] = b.geometric_mean
        row["brevity_penalty"] = b.brevity_penalty
        row["BLEU"] = r.bleu
        rows.append(row)
    return pd.DataFrame(rows).set_index("result")


def orders_table(candidate: str, references: Sequence[str], *, preset: str = "paper",
                 max_orders: Sequence[int] = (1, 2, 3, 4), **settings) -> "pd.DataFrame":
    """The same candidate scored with each max order: the precisions combined and BLEU.

    >>> refs = ["I always do.", "I invariably do.", "I perpetually do."]
    >>> orders_table("I always invariably perpetually do.", refs)["BLEU"].round(4).tolist()
    [1.0, 0.7071, 0.0, 0.0]
    """
    import pandas as pd

    rows = []
    for n in max_orders:
        r = explain(candidate, references, preset=preset, max_order=n, **settings)
        row: dict = {"max_order": n}
        for k in range(1, max(max_orders) + 1):
            row[f"p{k}"] = fraction(r, k) if k <= n else ""
        row["weights"] = ", ".join(f"{w:.4g}" for w in r.breakdown.weights)
        row["BLEU"] = r.bleu
        rows.append(row)
    return pd.DataFrame(rows).set_index("max_order")


def weights_table(candidate: str, references: Sequence[str], weightings: Mapping[str, Sequence[float]], *,
                  preset: str = "nltk", **settings) -> "pd.DataFrame":
    """The same candidate under several weight vectors (NLTK style: the number of weights is the max order).

    >>> refs = ["I always do.", "I invariably do.", "I perpetually do."]
    >>> t = weights_table("I always do.", refs, {"unigrams only": (1.0,), "uniform 2": (0.5, 0.5)},
    ...                   tokenize="paper", lowercase=True)
    >>> t["BLEU"].round(4).tolist()
    [1.0, 1.0]
    """
    import pandas as pd

    rows = []
    for label, weights in weightings.items():
        r = explain(candidate, references, preset=preset, weights=tuple(weights), **settings)
        rows.append({
            "weighting": label,
            "weights": ", ".join(f"{w:.4g}" for w in r.breakdown.weights),
            "sum_of_weights": math.fsum(r.breakdown.weights),
            "max_order": r.config.max_order,
            "precisions": ", ".join(fraction(r, n) for n in range(1, len(r.matches) + 1)),
            "BLEU": r.bleu,
        })
    return pd.DataFrame(rows).set_index("weighting")
