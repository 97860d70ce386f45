"""From counts to a score: the combination BLEU = BP * exp(sum of w_n log p_n), by each tool's rules.

Each tool combines the same four kinds of numbers (matches, totals, candidate
length, reference length) with slightly different rules; each rule is written
out here as the tool writes it, so that a difference between two tools can be
read off the steps. Smoothing is in :mod:`bleu_explain.engine.smoothing`, the
brevity penalty in :mod:`bleu_explain.engine.length`. Everything is kept in a
:class:`~bleu_explain.engine.breakdown.ScoreBreakdown`, with what each rule did with each order.

The paper's formula, with N = 4 and uniform weights:

>>> from bleu_explain.engine.presets import get_preset
>>> s = combine_counts([17, 10, 5, 3], [18, 17, 16, 15], hyp_len=18, ref_len=16, config=get_preset("paper"))
>>> s.brevity_penalty, round(s.bleu, 4), round((17/18 * 10/17 * 5/16 * 3/15) ** (1/4), 4)
(1.0, 0.4317, 0.4317)
>>> round(s.geometric_mean, 4), round(s.arithmetic_mean, 4), round((17/18 + 10/17 + 5/16 + 3/15) / 4, 4)
(0.4317, 0.5113, 0.5113)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable, Optional, Sequence

from ..messages.catalogue import say
from .breakdown import OrderFate, ScoreBreakdown, not_reached, term_fate, unweighted_fate, zero_breakdown, zero_fate
from .combine_libraries import d2l_rule, hf_evaluate_rule, torchmetrics_rule
from .config import BleuConfig
from .errors import BleuComputationError
from .floatmath import exp, log
from .length import brevity_penalty
from .precision import modified_precisions
from .smoothing import (
    LOG_ZERO,
    LastPair,
    NltkPrecision,
    mteval_smoothed,
    nltk_precisions,
    nltk_smooth,
    sacrebleu_precisions,
)

#: A tool's combination rule: the summed counts and lengths (and the last segment's tokens) -> a breakdown.
CombinationRule = Callable[[Sequence[int], Sequence[int], int, int, BleuConfig, LastPair], ScoreBreakdown]


def combine_counts(
    matches: Sequence[int],
    totals: Sequence[int],
    hyp_len: int,
    ref_len: int,
    config: BleuConfig,
    last_pair: LastPair = None,
) -> ScoreBreakdown:
    """Smooth, weight and combine corpus counts into a score, by the config's rules.

    ``last_pair`` (candidate tokens, reference tokens) of the last segment is
    needed only by NLTK's smoothing methods 5-7, which look at it.
    """
    rule = _RULES[config.combine]
    return rule(tuple(matches), tuple(totals), hyp_len, ref_len, config, last_pair)


def _log_zero(n: int, tool: str) -> OrderFate:
    return OrderFate("log zero", say("fate.log-zero", n=n, tool=tool, log_zero=LOG_ZERO))


# --------------------------------------------------------------------------- sacreBLEU
def _sacrebleu(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig, last_pair: LastPair,
) -> ScoreBreakdown:
    """sacreBLEU 2.x ``BLEU.compute_bleu``, step for step (in its percent scale)."""
    n_orders = config.max_order
    bp = brevity_penalty(hyp_len, ref_len, "sacrebleu")
    if not any(matches):
        return zero_breakdown(matches, totals, hyp_len, ref_len, bp, 0, (None,) * n_orders, (0.0,) * n_orders,
                     [say("notes.sacrebleu-no-match")],
                     not_reached(n_orders, say("why.sacrebleu-no-match")))
    precisions, eff_order, reached, notes = sacrebleu_precisions(
        matches, totals, config.smooth, config.smooth_parameter, config.effective_order)
    negative = [n for n, p in enumerate(precisions[:eff_order], 1) if p < 0]
    if negative:
        raise BleuComputationError(
            f"smooth_value {config.smooth_parameter:g} makes the precision of order {negative[0]} negative "
            f"({precisions[negative[0] - 1] / 100:g}); sacreBLEU takes the value but then fails taking its log "
            "('math domain error'), so there is no score")
    weights = config.weights_for(eff_order) if config.weights is not None else (1.0 / eff_order,) * eff_order
    # sacreBLEU's my_log: log 0 (also -0.0, a floor of -0) is taken as LOG_ZERO
    logs = [(log(p) if p > 0 else LOG_ZERO) for p in precisions[:eff_order]]
    # sacreBLEU works with percentages: log p_n here is log(100 p_n). Report log p_n on the 0..1 scale.
    shift = log(100.0)
    log_terms = [(w * (lg - shift) if lg != LOG_ZERO else w * LOG_ZERO) for w, lg in zip(weights, logs)]
    if all(w == 1.0 / eff_order for w in weights):
        # sacreBLEU's own line, in its percent scale, so that the score is bit-for-bit sacreBLEU's.
        score = bp * exp(sum(logs) / eff_order)
        bleu = score / 100.0
    else:
        # sacreBLEU has no weights. On the percent scale the weights would have to sum to 1, else
        # the score is off by 100^(sum of weights - 1); so combine on the paper's 0..1 scale.
        bleu = bp * exp(math.fsum(log_terms))
        score = 100.0 * bleu
    raw = modified_precisions(matches, totals)
    fates = []
    for i in range(n_orders):
        n = i + 1
        if i >= eff_order:
            fates.append(OrderFate("dropped", say("fate.sacrebleu-effective-order", n=n)))
        elif i >= reached:
            fates.append(OrderFate("log zero", say("fate.sacrebleu-no-ngrams", n=n)))
        elif precisions[i] <= 0:
            fates.append(_log_zero(n, "sacreBLEU"))
        else:
            fates.append(term_fate(raw[i], precisions[i] / 100.0))
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals),
        precisions=tuple((precisions[i] / 100.0 if i < reached else None) for i in range(n_orders)),
        weights=tuple(weights) + (0.0,) * (n_orders - eff_order),
        log_terms=tuple(log_terms) + (None,) * (n_orders - eff_order), fates=tuple(fates),
        orders_used=eff_order, hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu,
        notes=tuple(notes), percent=score,
    )


# --------------------------------------------------------------------------- NLTK
def _nltk(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig, last_pair: LastPair,
    legacy: bool = False,
) -> ScoreBreakdown:
    """NLTK 3.10 ``corpus_bleu`` (``legacy``: 3.2.2-3.2.5), step for step."""
    n_orders = config.max_order
    tool = "NLTK 3.2" if legacy else "NLTK"
    notes: list[str] = []
    bp = brevity_penalty(hyp_len, ref_len, "nltk")
    weights = config.weights_for(n_orders)
    if matches[0] == 0:
        return zero_breakdown(matches, totals, hyp_len, ref_len, bp, 0, (None,) * n_orders, (0.0,) * n_orders,
                     [say("notes.nltk-no-unigram")],
                     not_reached(n_orders, say("why.nltk-no-unigram", tool=tool)))
    fractions = nltk_precisions(matches, totals)
    dropped: dict[int, str] = {}
    if legacy:
        p_n, dropped = _nltk32_stop_at_first_zero(fractions, notes)
    else:
        p_n = nltk_smooth(config.smooth, config.smooth_parameter, list(fractions), matches, totals, hyp_len,
                          last_pair, notes)
    if config.auto_reweigh and hyp_len < 4 and tuple(weights) == (0.25, 0.25, 0.25, 0.25):
        weights = (1 / hyp_len,) * hyp_len
        notes.append(say("notes.auto-reweigh", hyp_len=hyp_len))
        dropped.update({n: say("fate.auto-reweigh-dropped", n=n, kept=hyp_len)
                        for n in range(hyp_len + 1, n_orders + 1) if n not in dropped})
    precisions: list[Optional[float]] = [None] * n_orders
    applied = [0.0] * n_orders
    terms: list[Optional[float]] = [None] * n_orders
    fates = [OrderFate("dropped", dropped[n]) if n in dropped else OrderFate("used") for n in range(1, n_orders + 1)]
    raw = modified_precisions(matches, totals)
    used: list[float] = []
    for i, (w, p) in enumerate(zip(weights, p_n)):
        precisions[i] = float(p)
        if p > 0:
            term = w * log(p)
            terms[i] = term
            applied[i] = w
            used.append(term)
            fates[i] = term_fate(raw[i], float(p))
        else:
            notes.append(say("notes.nltk-left-out", n=i + 1))
            fates[i] = OrderFate("left out", say("fate.nltk-left-out", n=i + 1))
    bleu = bp * exp(math.fsum(used))
    if not legacy and config.smooth in ("method5", "method7") and bleu > 1:
        notes.append(say("notes.nltk-above-one"))
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals),
        precisions=tuple(precisions), weights=tuple(applied), log_terms=tuple(terms), fates=tuple(fates),
        orders_used=len(used), hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


def _nltk32_stop_at_first_zero(fractions: Sequence[Fraction], notes: list[str],
                               ) -> tuple[list[NltkPrecision], dict[int, str]]:
    """NLTK 3.2.2-3.2.5: the precisions up to the first order without a match, and the orders it drops from
    there (their weights are not given to the other orders)."""
    n_orders = len(fractions)
    for i, fraction in enumerate(fractions):
        if fraction.numerator == 0:
            notes.append(say("notes.nltk32-stops", n=i + 1, orders=n_orders))
            return list(fractions[:i]), {n: say("fate.nltk32-dropped", n=n) for n in range(i + 1, n_orders + 1)}
    return list(fractions), {}


def _nltk_legacy(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig, last_pair: LastPair,
) -> ScoreBreakdown:
    return _nltk(matches, totals, hyp_len, ref_len, config, last_pair, legacy=True)


# --------------------------------------------------------------------------- mteval-v13a.pl
def _mteval(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig, last_pair: LastPair,
) -> ScoreBreakdown:
    """mteval-v13a.pl ``bleu_score``: NIST smoothing, and log 1 for an order with no n-grams."""
    n_orders = config.max_order
    notes = []
    bp = brevity_penalty(hyp_len, ref_len, "mteval")
    weights = config.weights_for(n_orders)
    smooth = 1
    precisions: list[Optional[float]] = []
    terms: list[Optional[float]] = []
    fates: list[OrderFate] = []
    iscores: list[float] = []
    if hyp_len == 0:
        notes.append(say("notes.mteval-empty-candidate"))
    if ref_len == 0 and config.smooth == "exp":
        notes.append(say("notes.mteval-empty-references"))
    elif not any(matches) and any(totals) and config.smooth == "exp":
        notes.append(say("notes.mteval-no-match"))
    for n in range(1, n_orders + 1):
        m, t = matches[n - 1], totals[n - 1]
        if m == 0 and config.smooth == "none":
            # --no-smoothing: any order without a match, even one with no candidate n-grams, gives 0.
            notes.append(say("notes.mteval-zero-no-ngrams" if t == 0 else "notes.mteval-zero-no-match", n=n))
            precisions.append(None if t == 0 else 0.0)
            terms.append(None)
            fates.append(zero_fate(n, t))
            fates.extend(OrderFate("not reached", say("fate.already-zero", n=k))
                         for k in range(n + 1, n_orders + 1))
            return zero_breakdown(matches, totals, hyp_len, ref_len, bp, n, tuple(precisions) + (None,) * (n_orders - n),
                         tuple(weights), notes, fates, log_terms=tuple(terms) + (None,) * (n_orders - n))
        if t == 0:
            iscore = 0.0
            precisions.append(None)
            notes.append(say("notes.mteval-log-one", n=n, orders=n_orders))
            fates.append(OrderFate("log 1", say("fate.mteval-log-one", n=n)))
        else:
            p, smooth = mteval_smoothed(m, t, smooth)
            if m == 0:
                notes.append(say("notes.mteval-smoothed", n=n, smooth=smooth, total=t))
            iscore = log(p)
            precisions.append(p)
            fates.append(OrderFate("smoothed") if m == 0 else OrderFate("used"))
        iscores.append(iscore)
        terms.append(weights[n - 1] * iscore)
    if config.weights is None:
        bleu = exp(sum(iscores) / n_orders) * bp  # the script: exp($score / $j) * $exp_len_score
    else:
        bleu = exp(sum(terms)) * bp  # type: ignore[arg-type]
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals),
        precisions=tuple(precisions), weights=tuple(weights), log_terms=tuple(terms), fates=tuple(fates),
        orders_used=n_orders, hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- multi-bleu.perl
def _multi_bleu(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig, last_pair: LastPair,
) -> ScoreBreakdown:
    """multi-bleu.perl: no smoothing, my_log(0) = -9999999999."""
    n_orders = config.max_order
    weights = config.weights_for(n_orders)
    precisions = modified_precisions(matches, totals, if_empty=0.0)
    if ref_len == 0:
        return zero_breakdown(matches, totals, hyp_len, ref_len, 0.0, 0, precisions, tuple(weights),
                     [say("notes.multi-bleu-empty-references")],
                     not_reached(n_orders, say("why.multi-bleu-empty-references")))
    if hyp_len == 0:
        return zero_breakdown(matches, totals, hyp_len, ref_len, 0.0, 0, precisions, tuple(weights),
                     [say("notes.multi-bleu-empty-candidate")],
                     not_reached(n_orders, say("why.multi-bleu-empty-candidate")))
    notes = []
    fates = []
    bp = brevity_penalty(hyp_len, ref_len, "multi-bleu")
    logs = [log(p) if p else LOG_ZERO for p in precisions]
    for n, p in enumerate(precisions, 1):
        if not p:
            notes.append(say("notes.multi-bleu-zero", n=n, log_zero=LOG_ZERO))
            fates.append(_log_zero(n, "multi-bleu.perl") if totals[n - 1] else OrderFate(
                "log zero", say("fate.multi-bleu-no-ngrams", n=n)))
        else:
            fates.append(OrderFate("used"))
    terms = [w * lg for w, lg in zip(weights, logs)]
    if config.weights is None:
        bleu = bp * exp(sum(logs) / n_orders)
    else:
        bleu = bp * exp(sum(terms))
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), precisions=precisions,
        weights=tuple(weights), log_terms=tuple(terms), fates=tuple(fates), orders_used=n_orders, hyp_len=hyp_len,
        ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- the paper
def _paper(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, ref_len: int, config: BleuConfig, last_pair: LastPair,
) -> ScoreBreakdown:
    """Papineni et al. (2002): BP * exp(sum w_n log p_n), BP = 1 if c > r else exp(1 - r/c)."""
    n_orders = config.max_order
    notes = []
    weights = config.weights_for(n_orders)
    bp = brevity_penalty(hyp_len, ref_len, "paper")
    precisions = modified_precisions(matches, totals, if_empty=0.0)
    terms: list[Optional[float]] = []
    fates: list[OrderFate] = []
    for n, (w, p) in enumerate(zip(weights, precisions), 1):
        if w == 0:
            terms.append(w * log(p) if p else 0.0)
            fates.append(unweighted_fate(n))
        elif p == 0:
            notes.append(say("notes.paper-zero", n=n))
            terms.append(None)
            fates.append(zero_fate(n, totals[n - 1]))
        else:
            terms.append(w * log(p))
            fates.append(OrderFate("used"))
    if any(t is None for t in terms) or hyp_len == 0:
        bleu = 0.0
    else:
        bleu = bp * exp(math.fsum(terms))  # type: ignore[arg-type]
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), precisions=precisions,
        weights=tuple(weights), log_terms=tuple(terms), fates=tuple(fates), orders_used=n_orders, hyp_len=hyp_len,
        ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


_RULES: dict[str, CombinationRule] = {
    "sacrebleu": _sacrebleu,
    "nltk": _nltk,
    "nltk-3.2": _nltk_legacy,
    "mteval": _mteval,
    "multi-bleu": _multi_bleu,
    "paper": _paper,
    "hf-evaluate": hf_evaluate_rule,
    "torchmetrics": torchmetrics_rule,
    "d2l": d2l_rule,
}
