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
from ..messages.catalogue import DEFAULT_LOCALE, messages, text

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation

#: The steps, in the order the computation takes them (the engine's one vocabulary).
STEP_ORDER = STEP_NAMES

#: How a sentence names the tool each preset reproduces.
TOOL_NAMES = {"sacrebleu": "sacreBLEU", "nltk": "NLTK", "nltk-3.2": "NLTK 3.2", "mteval-13a": "mteval-13a",
              "multi-bleu": "multi-bleu", "paper": "the paper", "hf-evaluate": "hf-evaluate",
              "torchmetrics": "torchmetrics", "d2l": "d2l"}

#: Each reference-length rule, as short as a comparison says it (in English; the catalogue says it in every
#: language, keys ``compare.rule.*``).
_REF_RULE_WORDS = {rule: text(f"compare.rule.{rule}") for rule in ("closest", "shortest", "closest-first")}


def _smooth_words(method: str, locale: str = DEFAULT_LOCALE) -> str:
    """Each smoothing method, as a comparison says it."""
    if method.startswith("method"):
        return text("compare.smooth.nltk", locale, method=method)
    return text(f"compare.smooth.{method}", locale) if f"compare.smooth.{method}" in messages() else method


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


def _differing_texts(a, b, locale: str = DEFAULT_LOCALE) -> Iterator[tuple[str, Sequence[str], Sequence[str]]]:
    """(which text, its tokens under a, under b) for every text the two results tokenize differently."""
    if not hasattr(a, "segment_stats"):
        texts = [(text("compare.text.candidate", locale), a.candidate_tokens, b.candidate_tokens)]
        texts += [(text("compare.text.reference", locale, k=k), ra, rb)
                  for k, (ra, rb) in enumerate(zip(a.reference_tokens, b.reference_tokens), 1)]
        yield from ((label, ta, tb) for label, ta, tb in texts if tuple(ta) != tuple(tb))
        return
    from ..engine.statistics import tokenizer_for

    tok_a, tok_b = tokenizer_for(a.config), tokenizer_for(b.config)
    for number, (cand, refs) in enumerate(zip(a.candidates, a.references), 1):  # numbered from 1, as lines are
        labelled = [(text("compare.text.segment-candidate", locale, number=number), cand)]
        labelled += [(text("compare.text.segment-reference", locale, number=number, k=k), r)
                     for k, r in enumerate(refs, 1)]
        for label, source in labelled:
            ta, tb = tok_a(source), tok_b(source)
            if ta != tb:
                yield label, ta, tb


def tool_name(result, locale: str = DEFAULT_LOCALE) -> str:
    """How a sentence names the tool whose rules gave this result."""
    if result.config.preset == "paper":
        return text("compare.the-paper", locale)
    return TOOL_NAMES.get(result.config.preset, result.config.preset)


def divergence_in_words(a, b, names: Optional[tuple[str, str]] = None, locale: str = DEFAULT_LOCALE) -> Optional[str]:
    """Where and how result ``a`` first departs from result ``b``, in one sentence; None if they agree.

    The sentence starts with the step's name (as :func:`first_divergence` gives
    it) and then says what each tool does there with its numbers. ``names``
    overrides how the two are called (by default, the tools their presets
    reproduce). Works on sentence and corpus results alike. ``locale="zh"`` says it in Chinese.

    >>> from bleu_explain import explain
    >>> refs = ["there is a cat on the mat", "a cat is on the mat"]
    >>> tm = explain("the cat is on the mat", refs, preset="torchmetrics", smooth=True)
    >>> hf = explain("the cat is on the mat", refs, preset="hf-evaluate", smooth=True)
    >>> divergence_in_words(tm, hf)
    'smoothing: p_1 is 0.8333 under torchmetrics (5/6, not smoothed) where hf-evaluate has 0.8571 ((5 + 1)/(6 + 1), 1 added to matches and totals of every order, unigrams too)'
    >>> divergence_in_words(tm, hf, locale="zh")
    '平滑：p_1 在 torchmetrics 下是 0.8333（5/6，未平滑），而 hf-evaluate 下是 0.8571（(5 + 1)/(6 + 1), 每一阶（包括 1-gram）的匹配数和总数都加 1）'
    """
    step = first_divergence(a, b)
    if step is None:
        return None
    name_a, name_b = names or (tool_name(a, locale), tool_name(b, locale))
    words = _WORDS[step](a, b, name_a, name_b, locale)
    return text("compare.sentence", locale, step=text(f"step.{step}", locale), words=words)


def _tokens_words(a, b, name_a: str, name_b: str, locale: str) -> str:
    label, ta, tb = next(_differing_texts(a, b, locale))
    i = next((k for k, (x, y) in enumerate(zip(ta, tb)) if x != y), min(len(ta), len(tb)))
    absent = text("compare.absent", locale)
    tok_a = repr(ta[i]) if i < len(ta) else absent
    tok_b = repr(tb[i]) if i < len(tb) else absent
    return text("compare.tokens", locale, label=label, i=i + 1, tok_a=tok_a, name_a=name_a, len_a=len(ta),
                name_b=name_b, tok_b=tok_b, len_b=len(tb))


def _counts_words(a, b, name_a: str, name_b: str, locale: str) -> str:
    if len(a.totals) != len(b.totals):
        return text("compare.counts.orders", locale, name_a=name_a, a=len(a.totals), name_b=name_b, b=len(b.totals))
    n = next(i for i, (x, y) in enumerate(zip(a.totals, b.totals)) if x != y)
    why = text("compare.counts.nltk", locale) if a.config.total_at_least_one != b.config.total_at_least_one else ""
    return text("compare.counts", locale, name_a=name_a, a=a.totals[n], n=n + 1, name_b=name_b, b=b.totals[n],
                why=why)


def _clipping_words(a, b, name_a: str, name_b: str, locale: str) -> str:
    n = next(i for i, (x, y) in enumerate(zip(a.matches, b.matches)) if x != y)
    return text("compare.clipping", locale, name_a=name_a, a=a.matches[n], n=n + 1, name_b=name_b, b=b.matches[n])


def _how_precision(result, i: int, locale: str = DEFAULT_LOCALE) -> str:
    """How a result came to its p_n: the fraction and its smoothing, or why the order took no part."""
    b, config = result.breakdown, result.config
    p, raw = b.precisions[i], b.raw_precisions[i]
    if p is None:
        return term_line(b, i, locale)
    m, t, method = b.matches[i], b.totals[i], config.smooth
    if method == "add-one" or (method in ("add-one-above-unigram", "method2") and i > 0):
        return text("compare.how.plus-one", locale, m=m, t=t, words=_smooth_words(method, locale))
    if method == "add-k" and i > 0:
        return text("compare.how.add-k", locale, m=m, t=t, k=config.smooth_parameter)
    if raw is not None and math.isclose(p, raw, rel_tol=1e-12):
        return text("compare.how.not-smoothed", locale, m=m, t=t)
    return text("compare.how.smoothed", locale, m=m, t=t, words=_smooth_words(method, locale))


def _smoothing_words(a, b, name_a: str, name_b: str, locale: str) -> str:
    pa, pb = a.precisions, b.precisions
    i = next((k for k, (x, y) in enumerate(zip(pa, pb)) if not _same_value(x, y)), min(len(pa), len(pb)))
    if i >= len(pa) or i >= len(pb):
        return text("compare.smoothing.orders", locale, name_a=name_a, a=len(pa), name_b=name_b, b=len(pb))
    n = i + 1
    first = (text("compare.smoothing.none-a", locale, name_a=name_a, n=n, how=_how_precision(a, i, locale))
             if pa[i] is None else
             text("compare.smoothing.a", locale, n=n, p=fmt(pa[i]), name_a=name_a, how=_how_precision(a, i, locale)))
    second = (text("compare.smoothing.none-b", locale, name_b=name_b, how=_how_precision(b, i, locale))
              if pb[i] is None else
              text("compare.smoothing.b", locale, name_b=name_b, p=fmt(pb[i]), how=_how_precision(b, i, locale)))
    return text("compare.smoothing", locale, first=first, second=second)


def _ref_length_words(a, b, name_a: str, name_b: str, locale: str) -> str:
    corpus = text("compare.length.in-all", locale) if hasattr(a, "segment_stats") else ""
    if a.ref_len != b.ref_len:
        if a.config.ref_length == b.config.ref_length:
            return text("compare.length.same-rule", locale, name_a=name_a, a=a.ref_len, corpus=corpus,
                        name_b=name_b, b=b.ref_len)
        rule_a, rule_b = (text(f"compare.rule.{r}", locale) if f"compare.rule.{r}" in messages() else r
                          for r in (a.config.ref_length, b.config.ref_length))
        return text("compare.length.rules", locale, name_a=name_a, rule_a=rule_a, a=a.ref_len, corpus=corpus,
                    name_b=name_b, rule_b=rule_b, b=b.ref_len)
    return text("compare.length.bp", locale, c=a.hyp_len, r=a.ref_len, name_a=name_a, a=fmt(a.brevity_penalty),
                name_b=name_b, b=fmt(b.brevity_penalty))


def _combination_words(a, b, name_a: str, name_b: str, locale: str) -> str:
    ba, bb = a.breakdown, b.breakdown
    scores = text("compare.scores", locale, a=fmt(ba.bleu), b=fmt(bb.bleu))
    for i in range(min(len(ba.log_terms), len(bb.log_terms))):
        if not _same_value(ba.log_terms[i], bb.log_terms[i]) or not _same_value(ba.weights[i], bb.weights[i]):
            return text("compare.combination", locale, n=i + 1, name_a=name_a, term_a=term_line(ba, i, locale),
                        name_b=name_b, term_b=term_line(bb, i, locale), scores=scores)
    return text("compare.combination.same", locale, scores=scores, name_a=name_a, name_b=name_b)


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
