"""The combination rules of the Python libraries that training code calls: Hugging Face evaluate, torchmetrics, d2l.

Each is written as its tool writes it (the lines are quoted in the steps, see
:func:`bleu_explain.engine.steps.tool_source`); :mod:`bleu_explain.engine.combine`
holds the other tools' rules and picks one by the config.
"""

from __future__ import annotations

import math
from typing import Optional, Sequence

from ..messages.catalogue import say
from .breakdown import OrderFate, ScoreBreakdown, not_reached, term_fate, unweighted_fate, zero_breakdown, zero_fate
from .config import BleuConfig
from .errors import BleuComputationError
from .floatmath import exp, log
from .length import brevity_penalty
from .precision import modified_precisions
from .smoothing import LastPair, hf_evaluate_precisions, torchmetrics_precisions


# --------------------------------------------------------------------------- Hugging Face evaluate
def hf_evaluate_rule(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig, last_pair: LastPair = None,
) -> ScoreBreakdown:
    """Hugging Face evaluate's ``bleu`` = tensorflow/nmt ``compute_bleu``, line for line, on its 0..1 scale."""
    n_orders = config.max_order
    if ref_len == 0:
        raise BleuComputationError(
            "the reference side is empty: the shortest reference of each segment has no tokens, so "
            "reference_length = 0, and Hugging Face evaluate's bleu divides by zero "
            "(ratio = float(translation_length) / reference_length); it has no score for this input"
        )
    if hyp_len == 0:
        raise BleuComputationError(
            "the candidate side is empty: no candidate token at all, so translation_length = 0, and "
            "Hugging Face evaluate's bleu divides by zero (bp = math.exp(1 - 1. / ratio) with ratio = 0); "
            "it has no score for this input"
        )
    smooth = config.smooth == "add-one"
    notes: list[str] = []
    if smooth:
        notes.append(say("notes.hf-smooth"))
    weights = config.weights_for(n_orders)
    precisions = hf_evaluate_precisions(matches, totals, smooth)
    raw = modified_precisions(matches, totals)
    bp = brevity_penalty(hyp_len, ref_len, "hf-evaluate")
    counted = [p for p, w in zip(precisions, weights) if w > 0]
    if min(counted) > 0:
        if config.weights is None:
            # the tool's own line, so that the floats agree
            p_log_sum = sum((1.0 / n_orders) * log(p) for p in precisions)
        else:
            p_log_sum = sum(w * log(p) for w, p in zip(weights, precisions) if w > 0)
        geo_mean = exp(p_log_sum)
        log_terms: list[Optional[float]] = [w * log(p) if p > 0 else None for w, p in zip(weights, precisions)]
    else:
        geo_mean = 0.0
        log_terms = [w * log(p) if p > 0 and w > 0 else None for w, p in zip(weights, precisions)]
        zero = [str(n) for n, (p, w) in enumerate(zip(precisions, weights), 1) if p == 0 and w > 0]
        notes.append(say("notes.hf-zero", orders=", ".join(zero)))
    fates = []
    for n, (p, w) in enumerate(zip(precisions, weights), 1):
        if w == 0:
            fates.append(unweighted_fate(n))
        elif p == 0:
            fates.append(zero_fate(n, totals[n - 1]))
        elif totals[n - 1] == 0:
            fates.append(OrderFate("log 1", say("fate.hf-log-one", n=n)))
        else:
            fates.append(term_fate(raw[n - 1], p))
    bleu = geo_mean * bp
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals),
        precisions=tuple(precisions), weights=tuple(weights), log_terms=tuple(log_terms), fates=tuple(fates),
        orders_used=n_orders, hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- torchmetrics
def torchmetrics_rule(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig, last_pair: LastPair = None,
) -> ScoreBreakdown:
    """torchmetrics ``_bleu_score_compute``, step for step, in Python floats (the tool uses float32 tensors)."""
    n_orders = config.max_order
    weights = config.weights_for(n_orders)
    smooth = config.smooth == "add-one-above-unigram"
    bp = brevity_penalty(hyp_len, ref_len, "torchmetrics")
    if min(matches) == 0:
        zero = ", ".join(str(n) for n, m in enumerate(matches, 1) if m == 0)
        first = next(n for n, m in enumerate(matches, 1) if m == 0)
        return zero_breakdown(matches, totals, hyp_len, ref_len, bp, 0, (None,) * n_orders, (0.0,) * n_orders,
                     [say("notes.torchmetrics-zero-smoothed" if smooth else "notes.torchmetrics-zero", orders=zero)],
                     not_reached(n_orders, say("why.torchmetrics-no-match", first=first)))
    notes: list[str] = []
    if smooth:
        notes.append(say("notes.torchmetrics-smooth"))
    precisions = torchmetrics_precisions(matches, totals, smooth)
    raw = modified_precisions(matches, totals)
    log_terms = [w * log(p) for w, p in zip(weights, precisions)]
    bleu = bp * exp(sum(log_terms))
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals),
        precisions=tuple(precisions), weights=tuple(weights), log_terms=tuple(log_terms),
        fates=tuple(term_fate(r, p) for r, p in zip(raw, precisions)), orders_used=n_orders,
        hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- d2l (Dive into Deep Learning)
def d2l_weights(orders: int) -> tuple[float, ...]:
    """d2l's weight of each order 1..``orders``: 1/2^n, the exponent it raises p_n to.

    The paper weights its N orders uniformly, w_n = 1/N; d2l's weights fall
    with n and do not sum to 1 (their sum is 1 - 1/2^k), so a longer n-gram
    counts less, not more, in the score.

    >>> d2l_weights(4)
    (0.5, 0.25, 0.125, 0.0625)
    """
    return tuple(math.pow(0.5, n) for n in range(1, orders + 1))


def d2l_rule(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig,
    last_pair: LastPair = None,
) -> ScoreBreakdown:
    """d2l's ``bleu(pred_seq, label_seq, k)``: BP * p_1^(1/2) * p_2^(1/4) * ... over orders 1..min(k, len_pred).

    It starts from the brevity penalty and multiplies in ``p_n ** (1/2^n)`` one
    order at a time, in that order (so the floats are d2l's); an order above the
    candidate's length is never reached; a p_n of 0 makes the score 0.

    >>> from bleu_explain.engine.presets import resolve_config
    >>> b = d2l_rule([3, 1], [4, 3], hyp_len=4, ref_len=5, config=resolve_config("d2l"))
    >>> b.bleu == math.exp(1 - 5 / 4) * math.pow(3 / 4, 0.5) * math.pow(1 / 3, 0.25)
    True
    >>> b = d2l_rule([1, 0, 0], [1, 0, 0], hyp_len=1, ref_len=1, config=resolve_config("d2l", k=3))
    >>> b.bleu, b.fates[1].words
    (1.0, "order 2 is not reached: d2l's loop runs over orders 1..min(k, len_pred) = 1..1")
    """
    k = config.max_order
    bp = brevity_penalty(hyp_len, ref_len, "d2l")
    reached = min(k, hyp_len)
    weights = d2l_weights(reached)
    precisions = modified_precisions(matches[:reached], totals[:reached], if_empty=0.0)
    score = bp
    for p, w in zip(precisions, weights):
        score *= math.pow(p, w)
    notes = [say("notes.d2l-weights", weights=", ".join(f"{w:g}" for w in weights), k=k, total=math.fsum(weights))]
    if reached < k:
        notes.append(say("notes.d2l-stops", hyp_len=hyp_len, reached=reached, k=k))
    fates: list[OrderFate] = []
    log_terms: list[Optional[float]] = []
    for n, (p, w) in enumerate(zip(precisions, weights), 1):
        if p == 0:
            fates.append(OrderFate("zero", say("fate.d2l-zero", n=n)))
            log_terms.append(None)
        else:
            fates.append(OrderFate("used"))
            log_terms.append(w * log(p))
    dropped = [OrderFate("dropped", say("fate.d2l-not-reached", n=n, reached=reached)) for n in range(reached + 1, k + 1)]
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals),
        precisions=tuple(precisions) + (None,) * (k - reached), weights=weights + (0.0,) * (k - reached),
        log_terms=tuple(log_terms) + (None,) * (k - reached), fates=tuple(fates + dropped), orders_used=reached,
        hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=score, notes=tuple(notes),
    )
