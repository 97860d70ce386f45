"""Why two tools print two BLEU numbers: the first step where they diverge, by name and in words.

>>> refs = ["this is a ship", "it is ship", "ship it is", "a ship, it is"]
>>> table = compare("it", refs, presets=["nltk-3.2", "nltk"])
>>> table.loc["nltk", "first_divergence_from_nltk-3.2"]
'smoothing'

The same place in words: Hugging Face evaluate holds a candidate against the
shortest reference, sacreBLEU against the closest.

>>> from bleu_explain import explain
>>> refs = ["the cat sat on the mat", "a cat was sitting on the mat today"]
>>> hf = explain("a cat was sitting on the mat now", refs, preset="hf-evaluate")
>>> sb = explain("a cat was sitting on the mat now", refs)
>>> first_divergence(hf, sb), divergence_in_words(hf, sb)
('reference length', 'reference length: hf-evaluate uses the shortest reference (6) where sacreBLEU uses the closest (8)')
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence, Union

from ..api import explain_corpus_with_config, explain_with_config, make_config
from ..engine.errors import BleuComputationError, BleuInputError, OutsideToolError
from ..engine.presets import presets_taking
from ..engine.steps import STEP_NAMES, fmt, same_numbers, term_line

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation

#: The steps, in the order the computation takes them (the engine's one vocabulary).
STEP_ORDER = STEP_NAMES

#: How a sentence names the tool each preset reproduces.
TOOL_NAMES = {"sacrebleu": "sacreBLEU", "nltk": "NLTK", "nltk-3.2": "NLTK 3.2", "mteval-13a": "mteval-13a",
              "multi-bleu": "multi-bleu", "paper": "the paper", "hf-evaluate": "hf-evaluate",
              "torchmetrics": "torchmetrics", "d2l": "d2l"}

#: Each reference-length rule, as short as a comparison says it.
_REF_RULE_WORDS = {"closest": "the closest", "shortest": "the shortest reference",
                   "closest-first": "the closest (a tie going to the first listed)"}

#: Each smoothing method, as a comparison says it.
_SMOOTH_WORDS = {
    "none": "no smoothing", "exp": "exp smoothing", "floor": "floor smoothing", "add-k": "add-k smoothing",
    "add-one": "1 added to matches and totals of every order, unigrams too",
    "add-one-above-unigram": "1 added to matches and totals of orders 2..N",
    **{f"method{i}": f"NLTK's smoothing method{i}" for i in range(8)},
}


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
    return next(_differing_texts(a, b), None) is not None


def _differing_texts(a, b) -> Iterator[tuple[str, Sequence[str], Sequence[str]]]:
    """(which text, its tokens under a, under b) for every text the two results tokenize differently."""
    if not hasattr(a, "segment_stats"):
        texts = [("the candidate", a.candidate_tokens, b.candidate_tokens)]
        texts += [(f"reference {k}", ra, rb) for k, (ra, rb) in enumerate(zip(a.reference_tokens, b.reference_tokens), 1)]
        yield from ((label, ta, tb) for label, ta, tb in texts if tuple(ta) != tuple(tb))
        return
    from ..engine.statistics import tokenizer_for

    tok_a, tok_b = tokenizer_for(a.config), tokenizer_for(b.config)
    for number, (cand, refs) in enumerate(zip(a.candidates, a.references), 1):  # numbered from 1, as lines are
        for label, text in [("candidate", cand)] + [(f"reference {k}", r) for k, r in enumerate(refs, 1)]:
            ta, tb = tok_a(text), tok_b(text)
            if ta != tb:
                yield f"segment {number}'s {label}", ta, tb


def tool_name(result) -> str:
    """How a sentence names the tool whose rules gave this result."""
    return TOOL_NAMES.get(result.config.preset, result.config.preset)


def divergence_in_words(a, b, names: Optional[tuple[str, str]] = None) -> Optional[str]:
    """Where and how result ``a`` first departs from result ``b``, in one sentence; None if they agree.

    The sentence starts with the step's name (as :func:`first_divergence` gives
    it) and then says what each tool does there with its numbers. ``names``
    overrides how the two are called (by default, the tools their presets
    reproduce). Works on sentence and corpus results alike.

    >>> from bleu_explain import explain
    >>> refs = ["there is a cat on the mat", "a cat is on the mat"]
    >>> tm = explain("the cat is on the mat", refs, preset="torchmetrics", smooth=True)
    >>> hf = explain("the cat is on the mat", refs, preset="hf-evaluate", smooth=True)
    >>> divergence_in_words(tm, hf)
    'smoothing: p_1 is 0.8333 under torchmetrics (5/6, not smoothed) where hf-evaluate has 0.8571 ((5 + 1)/(6 + 1), 1 added to matches and totals of every order, unigrams too)'
    """
    step = first_divergence(a, b)
    if step is None:
        return None
    name_a, name_b = names or (tool_name(a), tool_name(b))
    words = _WORDS[step](a, b, name_a, name_b)
    return f"{step}: {words}"


def _tokens_words(a, b, name_a: str, name_b: str) -> str:
    label, ta, tb = next(_differing_texts(a, b))
    i = next((k for k, (x, y) in enumerate(zip(ta, tb)) if x != y), min(len(ta), len(tb)))
    tok_a = repr(ta[i]) if i < len(ta) else "absent"
    tok_b = repr(tb[i]) if i < len(tb) else "absent"
    return (f"{label}'s token {i + 1} is {tok_a} under {name_a} ({len(ta)} tokens) where {name_b} has {tok_b} "
            f"({len(tb)} tokens)")


def _counts_words(a, b, name_a: str, name_b: str) -> str:
    if len(a.totals) != len(b.totals):
        return f"{name_a} counts n-grams of orders 1..{len(a.totals)} where {name_b} counts orders 1..{len(b.totals)}"
    n = next(i for i, (x, y) in enumerate(zip(a.totals, b.totals)) if x != y)
    why = " (NLTK divides by at least 1)" if a.config.total_at_least_one != b.config.total_at_least_one else ""
    return f"{name_a} counts {a.totals[n]} candidate {n + 1}-grams where {name_b} counts {b.totals[n]}{why}"


def _clipping_words(a, b, name_a: str, name_b: str) -> str:
    n = next(i for i, (x, y) in enumerate(zip(a.matches, b.matches)) if x != y)
    return f"{name_a} credits {a.matches[n]} {n + 1}-gram matches where {name_b} credits {b.matches[n]}"


def _how_precision(result, i: int) -> str:
    """How a result came to its p_n: the fraction and its smoothing, or why the order took no part."""
    b, config = result.breakdown, result.config
    p, raw = b.precisions[i], b.raw_precisions[i]
    if p is None:
        return term_line(b, i)
    m, t, method = b.matches[i], b.totals[i], config.smooth
    if method == "add-one" or (method in ("add-one-above-unigram", "method2") and i > 0):
        return f"({m} + 1)/({t} + 1), {_SMOOTH_WORDS[method]}"
    if method == "add-k" and i > 0:
        return f"({m} + k)/({t} + k), add-k smoothing with k = {config.smooth_parameter:g}"
    if raw is not None and math.isclose(p, raw, rel_tol=1e-12):
        return f"{m}/{t}, not smoothed"
    return f"{m}/{t} with {_SMOOTH_WORDS.get(method, method)}"


def _smoothing_words(a, b, name_a: str, name_b: str) -> str:
    pa, pb = a.precisions, b.precisions
    i = next((k for k, (x, y) in enumerate(zip(pa, pb)) if not _same_value(x, y)), min(len(pa), len(pb)))
    if i >= len(pa) or i >= len(pb):
        return f"{name_a} combines {len(pa)} orders where {name_b} combines {len(pb)}"
    n = i + 1
    first = (f"{name_a} has no p_{n} ({_how_precision(a, i)})" if pa[i] is None
             else f"p_{n} is {fmt(pa[i])} under {name_a} ({_how_precision(a, i)})")
    second = (f"{name_b} has none ({_how_precision(b, i)})" if pb[i] is None
              else f"{name_b} has {fmt(pb[i])} ({_how_precision(b, i)})")
    return f"{first} where {second}"


def _ref_length_words(a, b, name_a: str, name_b: str) -> str:
    corpus = " in all" if hasattr(a, "segment_stats") else ""
    if a.ref_len != b.ref_len:
        rule_a = _REF_RULE_WORDS.get(a.config.ref_length, a.config.ref_length)
        rule_b = _REF_RULE_WORDS.get(b.config.ref_length, b.config.ref_length)
        if rule_a == rule_b:
            return f"{name_a} holds the candidate against a reference length of {a.ref_len}{corpus} where " \
                   f"{name_b} has {b.ref_len}"
        return f"{name_a} uses {rule_a} ({a.ref_len}{corpus}) where {name_b} uses {rule_b} ({b.ref_len}{corpus})"
    return (f"with c = {a.hyp_len} and r = {a.ref_len}, {name_a} gives a brevity penalty of {fmt(a.brevity_penalty)} "
            f"where {name_b} gives {fmt(b.brevity_penalty)}")


def _combination_words(a, b, name_a: str, name_b: str) -> str:
    ba, bb = a.breakdown, b.breakdown
    scores = f"BLEU {fmt(ba.bleu)} against {fmt(bb.bleu)}"
    for i in range(min(len(ba.log_terms), len(bb.log_terms))):
        if not _same_value(ba.log_terms[i], bb.log_terms[i]) or not _same_value(ba.weights[i], bb.weights[i]):
            return (f"for order {i + 1}, {name_a}: {term_line(ba, i)}; {name_b}: "
                    f"{term_line(bb, i)} ({scores})")
    return f"the same precisions, weights and brevity penalty combine to {scores} ({name_a} against {name_b})"


def _same_value(x: Any, y: Any) -> bool:
    if x is None or y is None:
        return x is y
    return math.isclose(x, y, rel_tol=1e-12)


_WORDS = {"tokens": _tokens_words, "counts": _counts_words, "clipping": _clipping_words,
          "smoothing": _smoothing_words, "reference length": _ref_length_words,
          "combination": _combination_words}


def _references_per_segment(candidate: Any, references: Any) -> list[int]:
    """How many references each segment has, as far as the input says (malformed input is refused later, by the
    first preset's validation, with its own message)."""
    segments = [references] if isinstance(candidate, str) else references
    try:
        return [1 if isinstance(refs, str) else len(refs) for refs in segments]
    except TypeError:
        return []


def compare(
    candidate, references, presets: Optional[Sequence[str]] = None, **settings
) -> "pd.DataFrame":
    """Score one input under several presets; for each pair, the first step where they diverge.

    ``candidate`` may be one string (with a list of references) or a list of
    candidate strings (with segment-major references) for a corpus. The table has
    one row per preset with its score, p_1..p_N, BP and reference length, one
    column ``first_divergence_from_<preset>`` per preset (the step's name) and
    one ``divergence_from_<preset>`` (the same place in words, see
    :func:`divergence_in_words`). A preset whose tool has no score for the input
    (Hugging Face evaluate on an empty side, NLTK's method6 without trigram
    matches, d2l on two references or a corpus) gets a row with its reason in
    ``error`` and no score. ``presets`` defaults to every preset whose tool takes
    the input (d2l only one candidate with one reference).

    d2l raises p_n to 1/2^n where sacreBLEU weights the orders uniformly:

    >>> table = compare("the cat sat on the mat", ["the cat sat on the red mat"], presets=["d2l", "sacrebleu"],
    ...                 max_order=4)
    >>> table.loc["d2l", "divergence_from_sacrebleu"]
    'combination: for order 1, d2l: w_1 * log p_1 = 0.5000 * log 1.0000 = 0.0000; sacreBLEU: w_1 * log p_1 = 0.2500 * log 1.0000 = 0.0000 (BLEU 0.7530 against 0.6732)'
    """
    import pandas as pd

    if presets is None:
        presets = presets_taking(_references_per_segment(candidate, references))
    if isinstance(presets, str):
        presets = [presets]
    if not presets:
        raise BleuInputError("presets is empty; name at least one preset")
    results = _scored_under(candidate, references, presets, settings)
    scored = [r for r in results.values() if not isinstance(r, BleuComputationError)]
    orders = max((len(r.precisions) for r in scored), default=0)
    columns = (["preset", "bleu", "score"] + [f"p{i}" for i in range(1, orders + 1)]
               + ["brevity_penalty", "hyp_len", "ref_len", "signature"]
               + [f"first_divergence_from_{other}" for other in results]
               + [f"divergence_from_{other}" for other in results] + ["error"])
    rows = [_compared_row(name, results) for name in results]
    return pd.DataFrame(rows, columns=columns).set_index("preset")


#: A preset's result, or why its tool has no score for the input.
_Scored = Union["SentenceExplanation", "CorpusExplanation", BleuComputationError]


def _scored_under(candidate, references, presets: Sequence[str], settings: dict[str, Any]) -> dict[str, _Scored]:
    """The input explained under each preset, or the reason its tool has no score for it."""
    results: dict[str, _Scored] = {}
    for name in presets:
        config = make_config(name, **settings)
        try:
            if isinstance(candidate, str):
                results[name] = explain_with_config(candidate, references, config)
            else:
                results[name] = explain_corpus_with_config(candidate, references, config)
        except (BleuComputationError, OutsideToolError) as exc:  # the tool has no score here: the row says why
            results[name] = BleuComputationError(str(exc))
    return results


def _compared_row(name: str, results: dict[str, _Scored]) -> dict[str, Any]:
    """One preset's row of :func:`compare`: its numbers (or why it has none), and where it departs from each other."""
    r = results[name]
    row: dict[str, Any] = {"preset": name}
    if isinstance(r, BleuComputationError):
        row.update(bleu=math.nan, score=math.nan, error=str(r))
    else:
        row.update(bleu=r.bleu, score=r.score, brevity_penalty=r.brevity_penalty, hyp_len=r.hyp_len,
                   ref_len=r.ref_len, signature=r.signature, error="")
        row.update({f"p{i}": p for i, p in enumerate(r.precisions, 1)})
    for other, o in results.items():
        if other == name:
            step = words = "-"
        elif isinstance(r, BleuComputationError) or isinstance(o, BleuComputationError):
            step = words = "cannot compare"
        else:
            step = first_divergence(o, r) or "none"
            words = divergence_in_words(r, o) or "none"
        row[f"first_divergence_from_{other}"] = step
        row[f"divergence_from_{other}"] = words
    return row
