"""Why two tools print two BLEU numbers: the first step where they diverge.

>>> refs = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]
>>> table = compare("it", refs, presets=["nltk-3.2", "nltk"])
>>> table.loc["nltk", "first_divergence_from_nltk-3.2"]
'smoothing'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from ..api import explain_corpus_with_config, explain_with_config, make_config
from ..engine.errors import BleuInputError
from ..engine.presets import PRESETS
from ..engine.steps import STEP_NAMES, same_numbers

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation

#: The steps, in the order the computation takes them (the engine's one vocabulary).
STEP_ORDER = STEP_NAMES


def first_divergence(a, b) -> Optional[str]:
    """The first step at which two results (sentence or corpus) differ, or None if they agree.

    The engine's steps are compared in order (tokens -> counts -> clipping ->
    smoothing -> reference length -> combination); a step differs when the
    numbers it produced differ. For two corpora with different tokenizer
    settings the tokens themselves are compared, segment by segment.
    """
    for step_a, step_b in zip(a.steps(), b.steps()):
        if step_a.name == "tokens" and hasattr(a, "segment_stats") and hasattr(b, "segment_stats"):
            if not same_numbers(step_a, step_b) and _corpus_tokens_differ(a, b):
                return "tokens"
            continue
        if not same_numbers(step_a, step_b):
            return step_a.name
    return None


def _corpus_tokens_differ(a, b) -> bool:
    from ..engine.statistics import tokenizer_for

    ta, tb = tokenizer_for(a.config), tokenizer_for(b.config)
    return any(ta(cand) != tb(cand) or any(ta(r) != tb(r) for r in refs)
               for cand, refs in zip(a.candidates, a.references))


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
    results: dict[str, SentenceExplanation | CorpusExplanation] = {}
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
