"""Why two tools print two BLEU numbers: the first step where they diverge.

>>> refs = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]
>>> table = compare("it", refs, presets=["nltk-3.2", "nltk"])
>>> table.loc["nltk", "first_divergence_from_nltk-3.2"]
'smoothing'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Optional, Sequence

from ..api import make_config, explain_with_config, explain_corpus_with_config
from ..engine.errors import BleuInputError
from ..engine.presets import PRESETS

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: The steps, in the order the computation takes them.
STEP_ORDER = ("tokens", "counts", "clipping", "smoothing", "reference length", "combination")


def _close(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-12)


def first_divergence(a, b) -> Optional[str]:
    """The first step at which two results (sentence or corpus) differ, or None if they agree.

    tokens -> counts (candidate n-grams per order) -> clipping (matches) ->
    smoothing (the p_n combined) -> reference length (r and BP) -> combination.
    """
    if hasattr(a, "candidate_tokens") and hasattr(b, "candidate_tokens"):
        if a.candidate_tokens != b.candidate_tokens or a.reference_tokens != b.reference_tokens:
            return "tokens"
    elif hasattr(a, "segment_stats") and hasattr(b, "segment_stats"):
        from ..engine.statistics import tokenizer_for

        ta, tb = tokenizer_for(a.config), tokenizer_for(b.config)
        if ta is not tb:
            for cand, refs in zip(a.candidates, a.references):
                if ta(cand) != tb(cand) or any(ta(r) != tb(r) for r in refs):
                    return "tokens"
    n = min(len(a.totals), len(b.totals))
    if len(a.totals) != len(b.totals) or a.totals[:n] != b.totals[:n]:
        return "counts"
    if a.matches != b.matches:
        return "clipping"
    if len(a.precisions) != len(b.precisions) or not all(_close(x, y) for x, y in zip(a.precisions, b.precisions)):
        return "smoothing"
    if a.ref_len != b.ref_len or not _close(a.brevity_penalty, b.brevity_penalty):
        return "reference length"
    if not _close(a.bleu, b.bleu) or a.breakdown.weights != b.breakdown.weights:
        return "combination"
    return None


def compare(
    candidate, references, presets: Sequence[str] = tuple(PRESETS), **settings
) -> "pd.DataFrame":
    """Score one input under several presets; for each pair, the first step where they diverge.

    ``candidate`` may be one string (with a list of references) or a list of
    candidate strings (with segment-major references) for a corpus. The table has
    one row per preset with its score, p_1..p_N, BP and reference length, and one
    column ``first_divergence_from_<preset>`` per preset.
    """
    import pandas as pd

    if isinstance(presets, str):
        presets = [presets]
    if not presets:
        raise BleuInputError("presets is empty; name at least one preset")
    corpus = not isinstance(candidate, str)
    results = {}
    for name in presets:
        config = make_config(name, **settings)
        if corpus:
            results[name] = explain_corpus_with_config(candidate, references, config)
        else:
            results[name] = explain_with_config(candidate, references, config)
    rows = []
    for name, r in results.items():
        row = {"preset": name, "bleu": r.bleu, "score": r.score}
        for i, p in enumerate(r.precisions, 1):
            row[f"p{i}"] = p
        row["brevity_penalty"] = r.brevity_penalty
        row["hyp_len"] = r.hyp_len
        row["ref_len"] = r.ref_len
        row["signature"] = r.signature
        for other, o in results.items():
            row[f"first_divergence_from_{other}"] = first_divergence(o, r) or ("-" if other == name else "none")
        rows.append(row)
    return pd.DataFrame(rows).set_index("preset")
