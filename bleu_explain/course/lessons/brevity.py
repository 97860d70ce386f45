"""Tables for notebook 04 (the brevity penalty); every number comes from the engine.

The paper's Example 3 (Papineni et al. 2002, section 2.2): the candidate
"of the" has perfect precisions, and only the brevity penalty catches it.

>>> table = prefix_sweep(EXAMPLE_1_REFERENCES, [2, 8, 16], preset="paper", max_order=2)
>>> table["c"].tolist(), table["r"].tolist(), table["p1"].tolist(), table["p2"].tolist()
([2, 8, 16], [16, 16, 16], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0])
>>> table["brevity_penalty"].round(4).tolist()
[0.0009, 0.3679, 1.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from ...data.pathologies import EXAMPLE_1_REFERENCES  # noqa: F401  (re-exported: the paper's Example 1, used by Example 3)

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...results import CorpusExplanation

#: A small corpus whose long sentences run a word over and whose short ones fall a word or two short.
SHORT_AND_LONG_CORPUS: tuple[tuple[str, str], ...] = (
    ("The minister said that the talks would continue in Geneva next week.",
     "The minister said the talks would continue next week in Geneva."),
    ("Thank you.", "Thank you very much."),
    ("In the first quarter of the year prices rose very sharply.",
     "Prices rose sharply in the first quarter of the year."),
    ("He never came.", "He did not come."),
    ("The bank expects that growth will slow after the summer holidays.",
     "The bank expects growth to slow down after the summer holidays."),
)


def prefix_sweep(references: Sequence[str], lengths: Iterable[int], reference_index: int = 0,
                 preset: str = "paper", **settings) -> "pd.DataFrame":
    """Score the first c words of one reference, for every c in ``lengths``.

    A prefix of a reference has only correct n-grams, so its precisions are
    perfect; the table shows that the brevity penalty alone brings its BLEU
    down. Columns: candidate, c, r, p1..pN, brevity_penalty, bleu.
    """
    import pandas as pd

    from ...api import explain

    words = references[reference_index].split()
    rows = []
    for c in lengths:
        r = explain(" ".join(words[:c]), list(references), preset=preset, **settings)
        row = {"candidate": r.candidate, "c": r.hyp_len, "r": r.ref_len}
        for n, p in enumerate(r.precisions, 1):
            row[f"p{n}"] = p
        row["brevity_penalty"] = r.brevity_penalty
        row["bleu"] = r.bleu
        rows.append(row)
    return pd.DataFrame(rows)


def length_rule_table(candidate: str, references: Sequence[str], preset: str = "paper",
                      rules: Sequence[str] = ("closest", "shortest"), **settings) -> "pd.DataFrame":
    """One row per reference-length rule: the lengths, the chosen r and BP (computed by the engine).

    >>> t = length_rule_table("a b c d e f g h i j k l m n",
    ...                       ["a b c d e f g h i j k l", "a b c d e f g h i j k l m n o",
    ...                        "a b c d e f g h i j k l m n o p q"], tokenize="none")
    >>> t[["c", "reference_lengths", "chosen_r"]].values.tolist()
    [[14, '12, 15, 17', 15], [14, '12, 15, 17', 12]]
    """
    import pandas as pd

    from ...api import explain

    rows = []
    for rule in rules:
        r = explain(candidate, list(references), preset=preset, ref_length=rule, **settings)
        rows.append({"rule": rule, "c": r.hyp_len,
                     "reference_lengths": ", ".join(str(n) for n in r.stats.ref_lens),
                     "chosen_r": r.ref_len, "brevity_penalty": r.brevity_penalty, "bleu": r.bleu})
    return pd.DataFrame(rows).set_index("rule")


def bp_by_segment(result: "CorpusExplanation") -> "pd.DataFrame":
    """Per segment of a corpus result: c, r and the brevity penalty the segment would get alone.

    >>> from bleu_explain import explain_corpus
    >>> cands, refs = zip(*SHORT_AND_LONG_CORPUS)
    >>> corpus = explain_corpus(list(cands), [[r] for r in refs], preset="paper")
    >>> bp_by_segment(corpus)["sentence_bp"].round(3).tolist()
    [1.0, 0.368, 1.0, 0.717, 1.0]
    """
    import pandas as pd

    rows = []
    for i in range(len(result)):
        seg = result.segment(i)
        rows.append({"segment": i, "candidate": seg.candidate, "c": seg.hyp_len, "r": seg.ref_len,
                     "sentence_bp": seg.brevity_penalty})
    return pd.DataFrame(rows).set_index("segment")


def corpus_vs_mean_bp(result: "CorpusExplanation") -> "pd.DataFrame":
    """The paper's corpus brevity penalty beside the mean of the sentence penalties.

    The corpus penalty uses the summed lengths (sum of c against sum of r);
    the other row averages the penalty each segment would get alone.

    >>> from bleu_explain import explain_corpus
    >>> cands, refs = zip(*SHORT_AND_LONG_CORPUS)
    >>> t = corpus_vs_mean_bp(explain_corpus(list(cands), [[r] for r in refs], preset="paper"))
    >>> t["brevity_penalty"].round(4).tolist()
    [0.9747, 0.8169]
    """
    import pandas as pd

    per_segment = bp_by_segment(result)
    return pd.DataFrame([
        {"how": f"corpus: BP with c = {result.hyp_len} and r = {result.ref_len} summed over segments",
         "brevity_penalty": result.brevity_penalty},
        {"how": f"mean of the {len(per_segment)} sentence BPs",
         "brevity_penalty": float(per_segment["sentence_bp"].mean())},
    ]).set_index("how")
