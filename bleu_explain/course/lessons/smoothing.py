"""Tables for notebook 05 (smoothing and sentence BLEU); every score comes from the engine.

A sentence often has no matching 4-gram, and then unsmoothed BLEU is 0.
Each smoothing method replaces the zero differently:

>>> table = smoothing_table([("the cat sat on a mat", ["the cat is on the mat"])])
>>> table.loc[("sacreBLEU", "none"), "the cat sat on a mat"], table.loc[("sacreBLEU", "exp"), "the cat sat on a mat"]
('0', '19.30')
>>> table.loc[("NLTK", "method6"), "the cat sat on a mat"][:41]
"NLTK's smoothing method6 requires a non-z"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Optional, Sequence

from ...engine.errors import BleuComputationError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...data.corpus import TeachingCorpus

#: The four references of course seed 003 ("Introduction to BLEU in Python").
SHIP_REFERENCES: tuple[str, ...] = ("this is a ship", "it is ship", "ship it is", "a ship, it is")


#: Three short segments (candidate, references) for corpus-level demonstrations.
SMALL_CORPUS: tuple[tuple[str, list[str]], ...] = (
    ("the cat sat on the mat", ["the cat is on the mat"]),
    ("it is a ship", ["this is a ship", "it is ship"]),
    ("a dog barked loudly at the postman this morning", ["the dog barked at the postman this morning"]),
)


@dataclass(frozen=True)
class SmoothingMethod:
    """One smoothing method of one tool: the preset and ``smooth`` value that select it, and what it does."""

    tool: str
    smooth: str
    preset: str
    what: str


#: sacreBLEU's four methods and NLTK's SmoothingFunction methods 0-7 (defaults: epsilon 0.1, alpha 5, k 5).
SMOOTHING_METHODS: tuple[SmoothingMethod, ...] = (
    SmoothingMethod("sacreBLEU", "none", "sacrebleu", "no smoothing: a zero precision makes BLEU 0"),
    SmoothingMethod("sacreBLEU", "floor", "sacrebleu", "a zero match count becomes 0.1"),
    SmoothingMethod("sacreBLEU", "add-k", "sacrebleu", "add 1 to the matches and totals of orders 2 and up"),
    SmoothingMethod("sacreBLEU", "exp", "sacrebleu", "the k-th order without matches gets 1/(2^k x total) (the default)"),
    SmoothingMethod("NLTK", "method0", "nltk", "none: a zero precision becomes the smallest float, so BLEU is tiny, not 0"),
    SmoothingMethod("NLTK", "method1", "nltk", "a zero match count becomes epsilon = 0.1"),
    SmoothingMethod("NLTK", "method2", "nltk", "add 1 to the matches and totals of orders 2 and up"),
    SmoothingMethod("NLTK", "method3", "nltk", "the k-th order without matches gets 1/(2^k x total), like sacreBLEU's exp"),
    SmoothingMethod("NLTK", "method4", "nltk", "like method3, scaled by ln(length)/5: shorter sentences get less"),
    SmoothingMethod("NLTK", "method5", "nltk", "each p_n becomes the mean of itself and its two neighbours"),
    SmoothingMethod("NLTK", "method6", "nltk", "orders 3 and up are interpolated with the prior p_(n-1)^2 / p_(n-2)"),
    SmoothingMethod("NLTK", "method7", "nltk", "method4, then method5"),
)


def format_score(score: float) -> str:
    """A 0-100 score as a table shows it: two decimals, or two significant digits when it is tiny.

    >>> format_score(37.9917), format_score(7.262e-76), format_score(0.0)
    ('37.99', '7.3e-76', '0')
    """
    if score == 0:
        return "0"
    if abs(score) >= 0.01:
        return f"{score:.2f}"
    return f"{score:.2g}"


def smoothing_scores(candidate: str, references: Sequence[str],
                     methods: Iterable[SmoothingMethod] = SMOOTHING_METHODS) -> list[tuple[SmoothingMethod, Optional[float], str]]:
    """For each method: the method, the score (0-100) or None, and the tool's error message ('' if none)."""
    from ...api import explain

    out = []
    for m in methods:
        try:
            out.append((m, explain(candidate, list(references), preset=m.preset, smooth=m.smooth).score, ""))
        except BleuComputationError as exc:
            out.append((m, None, str(exc)))
    return out


def smoothing_table(pairs: Sequence[tuple[str, Sequence[str]]],
                    methods: Iterable[SmoothingMethod] = SMOOTHING_METHODS) -> "pd.DataFrame":
    """Sentence BLEU (0-100, as text) of each candidate under every smoothing method, side by side.

    ``pairs`` holds (candidate, references). Rows are indexed by (tool,
    smoothing); a column "what it does" describes the method, then one column
    per candidate. Where a tool cannot score a sentence (NLTK's method6 without
    a trigram match) the cell holds its error message instead of a number.
    """
    import pandas as pd

    methods = list(methods)
    rows = {(m.tool, m.smooth): {"what it does": m.what} for m in methods}
    for candidate, references in pairs:
        for m, score, error in smoothing_scores(candidate, references, methods):
            rows[(m.tool, m.smooth)][candidate] = error if score is None else format_score(score)
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.names = ["tool", "smoothing"]
    return table


def effective_order_table(candidate: str, references: Sequence[str], preset: str = "sacrebleu",
                          **settings) -> "pd.DataFrame":
    """sacreBLEU's score of one sentence without and with ``effective_order``.

    >>> effective_order_table("it", SHIP_REFERENCES)["score"].round(2).tolist()
    [0.0, 13.53]
    """
    import pandas as pd

    from ...api import explain

    rows = []
    for flag in (False, True):
        r = explain(candidate, list(references), preset=preset, effective_order=flag, **settings)
        rows.append({"effective_order": flag, "score": r.score, "orders_combined": r.breakdown.orders_used,
                     "brevity_penalty": r.brevity_penalty, "signature": r.signature, "note": " ".join(r.notes)})
    return pd.DataFrame(rows).set_index("effective_order")


def zero_match_table(corpus: "TeachingCorpus", preset: str = "sacrebleu", **settings) -> "pd.DataFrame":
    """Per system: how many of its sentences have no match at each n-gram order, and in the whole corpus.

    The last column is the corpus's own count at the highest order: summed
    over all segments, it is far from zero.
    """
    import pandas as pd

    rows = []
    for name in corpus.system_names:
        result = corpus.explain(name, preset=preset, **settings)
        table = result.sentence_table()
        row = {"system": name, "sentences": len(table)}
        for n in range(1, result.config.max_order + 1):
            row[f"no {n}-gram match"] = int((table[f"matches_{n}"] == 0).sum())
        row[f"corpus {result.config.max_order}-gram matches"] = result.matches[-1]
        rows.append(row)
    return pd.DataFrame(rows).set_index("system")


def sentence_vs_corpus(corpus: "TeachingCorpus", preset: str = "sacrebleu", **settings) -> "pd.DataFrame":
    """Per system: corpus BLEU beside the mean of its sentence BLEUs (both 0-100, same settings)."""
    import pandas as pd

    rows = []
    for name in corpus.system_names:
        result = corpus.explain(name, preset=preset, **settings)
        scores = result.sentence_scores
        mean = 100 * sum(scores) / len(scores)
        rows.append({"system": name, "corpus_bleu": result.score, "mean_sentence_bleu": mean,
                     "difference": mean - result.score})
    return pd.DataFrame(rows).set_index("system")


def order_dependence(candidates: Sequence[str], references: Sequence[Sequence[str]],
                     methods: Iterable[str] = tuple(f"method{k}" for k in range(8)),
                     preset: str = "nltk") -> "pd.DataFrame":
    """NLTK corpus BLEU (0-100) of a corpus in its order and reversed, for each smoothing method.

    In NLTK's ``corpus_bleu`` smoothing looks at the LAST sentence pair, so
    methods 5-7 change when the segments are reordered.

    >>> cands, refs = zip(*SMALL_CORPUS)
    >>> t = order_dependence(cands, refs)
    >>> t["same"].tolist()
    [True, True, True, True, True, False, False, False]
    """
    import pandas as pd

    from ...api import explain_corpus

    rows = []
    for method in methods:
        row: dict = {"smoothing": method}
        for label, cands, refs in (("as given", list(candidates), list(references)),
                                   ("reversed", list(candidates)[::-1], list(references)[::-1])):
            try:
                row[label] = explain_corpus(cands, refs, preset=preset, smooth=method).score
            except BleuComputationError as exc:
                row[label] = float("nan")
                row["error"] = str(exc)
        row["same"] = bool(abs(row["as given"] - row["reversed"]) <= 1e-9 * max(1.0, abs(row["as given"])))
        rows.append(row)
    return pd.DataFrame(rows).set_index("smoothing")
