"""From counts to a score: the combination BLEU = BP * exp(sum of w_n log p_n), by each tool's rules.

Each tool combines the same four kinds of numbers (matches, totals, candidate
length, reference length) with slightly different rules; each rule is written
out here as the tool writes it, so that a difference between two tools can be
read off the steps. Smoothing is in :mod:`bleu_explain.engine.smoothing`, the
brevity penalty in :mod:`bleu_explain.engine.length`. Everything is kept in a
:class:`ScoreBreakdown`.

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
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from .config import BleuConfig
from .errors import BleuComputationError
from .floatmath import exp, log
from .length import brevity_penalty
from .smoothing import (
    LOG_ZERO,
    hf_evaluate_precisions,
    mteval_smoothed,
    nltk_precisions,
    nltk_smooth,
    sacrebleu_precisions,
    torchmetrics_precisions,
)

LastPair = Optional[tuple[Sequence[str], Sequence[Sequence[str]]]]


@dataclass(frozen=True)
class ScoreBreakdown:
    """Every number between the counts and the final score.

    ``matches``/``totals`` are the counts before smoothing; ``precisions`` are the
    p_n actually combined (after smoothing), ``None`` where an order took no part
    (no candidate n-grams, or dropped by the tool); ``weights`` are the weights
    applied (0 for an order that does not count); ``log_terms`` are w_n * log p_n.
    """

    matches: tuple[int, ...]
    totals: tuple[int, ...]
    raw_precisions: tuple[Optional[float], ...]
    precisions: tuple[Optional[float], ...]
    weights: tuple[float, ...]
    log_terms: tuple[Optional[float], ...]
    orders_used: int
    hyp_len: int
    ref_len: int
    brevity_penalty: float
    bleu: float
    notes: tuple[str, ...] = field(default=())
    #: the tool's own 0..100 number where it computes on that scale (sacreBLEU), kept to the last bit
    percent: Optional[float] = None

    @property
    def score(self) -> float:
        """BLEU on sacreBLEU's 0..100 scale."""
        return self.percent if self.percent is not None else 100.0 * self.bleu

    @property
    def geometric_mean(self) -> float:
        """exp(sum of w_n log p_n): the precisions as the rule combined them, before the brevity penalty.

        0 where the rule gave 0 for the precisions (no match at all, or a p_n of 0 without smoothing).
        """
        terms = [t for t in self.log_terms if t is not None]
        if not terms or (self.bleu == 0 and self.brevity_penalty > 0):
            return 0.0
        return exp(math.fsum(terms))

    @property
    def arithmetic_mean(self) -> float:
        """The weighted arithmetic mean of the p_n that took part (Doddington's alternative to the geometric mean)."""
        used = [(p, w) for p, w in zip(self.precisions, self.weights) if p is not None and w > 0]
        weight = math.fsum(w for _, w in used)
        return math.fsum(p * w for p, w in used) / weight if weight else 0.0


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
    return rule(list(matches), list(totals), hyp_len, ref_len, config, last_pair)


def _raw(matches: Sequence[int], totals: Sequence[int]) -> tuple[Optional[float], ...]:
    return tuple(m / t if t else None for m, t in zip(matches, totals))


def _zero(matches: list[int], totals: list[int], hyp_len: int, ref_len: int, bp: float, orders_used: int,
          precisions: tuple[Optional[float], ...], weights: tuple[float, ...], notes: list[str],
          log_terms: Optional[tuple[Optional[float], ...]] = None) -> ScoreBreakdown:
    """A breakdown whose score is 0 before any combination (the tool stopped early)."""
    n_orders = len(matches)
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), raw_precisions=_raw(matches, totals), precisions=precisions,
        weights=weights, log_terms=log_terms if log_terms is not None else (None,) * n_orders,
        orders_used=orders_used, hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=0.0, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- sacreBLEU
def _sacrebleu(matches, totals, hyp_len, ref_len, config, last_pair) -> ScoreBreakdown:
    """sacreBLEU 2.x ``BLEU.compute_bleu``, step for step (in its percent scale)."""
    n_orders = config.max_order
    bp = brevity_penalty(hyp_len, ref_len, "sacrebleu")
    if not any(matches):
        return _zero(matches, totals, hyp_len, ref_len, bp, 0, (None,) * n_orders, (0.0,) * n_orders,
                     ["No n-gram of any order matched: sacreBLEU returns 0 straight away."])
    precisions, eff_order, reached, notes = sacrebleu_precisions(
        matches, totals, config.smooth, config.smooth_parameter, config.effective_order)
    weights = config.weights_for(eff_order) if config.weights is not None else (1.0 / eff_order,) * eff_order
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
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), raw_precisions=_raw(matches, totals),
        precisions=tuple((precisions[i] / 100.0 if i < reached else None) for i in range(n_orders)),
        weights=tuple(weights) + (0.0,) * (n_orders - eff_order),
        log_terms=tuple(log_terms) + (None,) * (n_orders - eff_order),
        orders_used=eff_order, hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu,
        notes=tuple(notes), percent=score,
    )


# --------------------------------------------------------------------------- NLTK
def _nltk(matches, totals, hyp_len, ref_len, config, last_pair, legacy=False) -> ScoreBreakdown:
    """NLTK 3.10 ``corpus_bleu`` (``legacy``: 3.2.2-3.2.5), step for step."""
    n_orders = config.max_order
    notes: list[str] = []
    bp = brevity_penalty(hyp_len, ref_len, "nltk")
    weights = config.weights_for(n_orders)
    if matches[0] == 0:
        return _zero(matches, totals, hyp_len, ref_len, bp, 0, (None,) * n_orders, (0.0,) * n_orders,
                     ["No unigram matched: NLTK returns 0 straight away."])
    p_n = nltk_precisions(matches, totals)
    if legacy:
        kept = []
        for i, p in enumerate(p_n):
            if p.numerator == 0:
                notes.append(f"Order {i+1} has no matches: NLTK 3.2.x warns and STOPS here; orders {i+1}..{n_orders} "
                             f"are dropped and their weights are NOT given to the other orders.")
                break
            kept.append(p)
        p_n = kept
    else:
        p_n = nltk_smooth(config.smooth, config.smooth_parameter, p_n, matches, totals, hyp_len, last_pair, notes)
    if config.auto_reweigh and hyp_len < 4 and tuple(weights) == (0.25, 0.25, 0.25, 0.25):
        weights = (1 / hyp_len,) * hyp_len
        notes.append(f"auto_reweigh: the candidate corpus has {hyp_len} tokens, so the weights become 1/{hyp_len} "
                     f"for orders 1..{hyp_len}.")
    precisions: list[Optional[float]] = [None] * n_orders
    applied = [0.0] * n_orders
    terms: list[Optional[float]] = [None] * n_orders
    used: list[float] = []
    for i, (w, p) in enumerate(zip(weights, p_n)):
        precisions[i] = float(p)
        if p > 0:
            term = w * log(p)
            terms[i] = term
            applied[i] = w
            used.append(term)
        else:
            notes.append(f"Order {i+1}: precision is 0 after smoothing; NLTK leaves it out of the sum.")
    bleu = bp * exp(math.fsum(used))
    if not legacy and config.smooth in ("method5", "method7") and bleu > 1:
        notes.append("The score exceeds 1: a known property of NLTK's method5/method7.")
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), raw_precisions=_raw(matches, totals),
        precisions=tuple(precisions), weights=tuple(applied), log_terms=tuple(terms), orders_used=len(used),
        hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


def _nltk_legacy(matches, totals, hyp_len, ref_len, config, last_pair) -> ScoreBreakdown:
    return _nltk(matches, totals, hyp_len, ref_len, config, last_pair, legacy=True)


# --------------------------------------------------------------------------- mteval-v13a.pl
def _mteval(matches, totals, hyp_len, ref_len, config, last_pair) -> ScoreBreakdown:
    """mteval-v13a.pl ``bleu_score``: NIST smoothing, and log 1 for an order with no n-grams."""
    n_orders = config.max_order
    notes = []
    bp = brevity_penalty(hyp_len, ref_len, "mteval")
    weights = config.weights_for(n_orders)
    smooth = 1
    precisions: list[Optional[float]] = []
    terms: list[Optional[float]] = []
    iscores: list[float] = []
    if hyp_len == 0:
        notes.append("The candidate is empty: mteval-v13a.pl itself has no answer here (it dies taking the log "
                     "of a zero length penalty); we report BP = 0 and BLEU = 0.")
    if ref_len == 0 and config.smooth == "exp":
        notes.append("The references are empty: mteval-v13a.pl itself has no answer here (it dies dividing by the "
                     "reference length 0 when it prints the length ratio); we report what its formula gives.")
    elif not any(matches) and any(totals) and config.smooth == "exp":
        notes.append("No n-gram matched at all, yet mteval-v13a.pl has no special case for it: smoothing "
                     "still gives a positive score (sacreBLEU returns 0 here).")
    for n in range(1, n_orders + 1):
        m, t = matches[n - 1], totals[n - 1]
        if m == 0 and config.smooth == "none":
            # --no-smoothing: any order without a match, even one with no candidate n-grams, gives 0.
            why = "has no candidate n-grams" if t == 0 else "has no matches"
            notes.append(f"Order {n} {why} and smoothing is off: mteval's score is 0.")
            precisions.append(None if t == 0 else 0.0)
            terms.append(None)
            return _zero(matches, totals, hyp_len, ref_len, bp, n, tuple(precisions) + (None,) * (n_orders - n),
                         tuple(weights), notes, log_terms=tuple(terms) + (None,) * (n_orders - n))
        if t == 0:
            iscore = 0.0
            precisions.append(None)
            notes.append(f"Order {n} has no candidate n-grams: mteval counts it as log 1 = 0 but still divides "
                         f"by N = {n_orders}.")
        else:
            p, smooth = mteval_smoothed(m, t, smooth)
            if m == 0:
                notes.append(f"Order {n} has no matches: mteval uses 1/({smooth} x {t}).")
            iscore = log(p)
            precisions.append(p)
        iscores.append(iscore)
        terms.append(weights[n - 1] * iscore)
    if config.weights is None:
        bleu = exp(sum(iscores) / n_orders) * bp  # the script: exp($score / $j) * $exp_len_score
    else:
        bleu = exp(sum(terms)) * bp  # type: ignore[arg-type]
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), raw_precisions=_raw(matches, totals),
        precisions=tuple(precisions), weights=tuple(weights), log_terms=tuple(terms), orders_used=n_orders,
        hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- multi-bleu.perl
def _multi_bleu(matches, totals, hyp_len, ref_len, config, last_pair) -> ScoreBreakdown:
    """multi-bleu.perl: no smoothing, my_log(0) = -9999999999."""
    n_orders = config.max_order
    weights = config.weights_for(n_orders)
    precisions = tuple((m / t if t else 0.0) for m, t in zip(matches, totals))
    if ref_len == 0:
        return _zero(matches, totals, hyp_len, ref_len, 0.0, 0, precisions, tuple(weights),
                     ["The references are empty: multi-bleu.perl prints BLEU = 0 and exits."])
    if hyp_len == 0:
        return _zero(matches, totals, hyp_len, ref_len, 0.0, 0, precisions, tuple(weights),
                     ["The candidate is empty: multi-bleu.perl itself has no answer here (it dies with "
                      "'Illegal division by zero'); we report BP = 0 and BLEU = 0."])
    notes = []
    bp = brevity_penalty(hyp_len, ref_len, "multi-bleu")
    logs = [log(p) if p else LOG_ZERO for p in precisions]
    for n, p in enumerate(precisions, 1):
        if not p:
            notes.append(f"Order {n} has precision 0 and there is no smoothing: log(0) is taken as {LOG_ZERO:.0f}, "
                         "so the score is 0.")
    terms = [w * lg for w, lg in zip(weights, logs)]
    if config.weights is None:
        bleu = bp * exp(sum(logs) / n_orders)
    else:
        bleu = bp * exp(sum(terms))
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), raw_precisions=_raw(matches, totals), precisions=precisions,
        weights=tuple(weights), log_terms=tuple(terms), orders_used=n_orders, hyp_len=hyp_len, ref_len=ref_len,
        brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- the paper
def _paper(matches, totals, hyp_len, ref_len, config, last_pair) -> ScoreBreakdown:
    """Papineni et al. (2002): BP * exp(sum w_n log p_n), BP = 1 if c > r else exp(1 - r/c)."""
    n_orders = config.max_order
    notes = []
    weights = config.weights_for(n_orders)
    bp = brevity_penalty(hyp_len, ref_len, "paper")
    precisions = tuple((m / t if t else 0.0) for m, t in zip(matches, totals))
    terms: list[Optional[float]] = []
    for n, (w, p) in enumerate(zip(weights, precisions), 1):
        if p == 0 and w > 0:
            notes.append(f"p_{n} = 0: the geometric mean vanishes and BLEU is 0 (the paper's footnote 5).")
            terms.append(None)
        else:
            terms.append(w * log(p) if p else 0.0)
    if any(t is None for t in terms) or hyp_len == 0:
        bleu = 0.0
    else:
        bleu = bp * exp(math.fsum(terms))  # type: ignore[arg-type]
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), raw_precisions=_raw(matches, totals), precisions=precisions,
        weights=tuple(weights), log_terms=tuple(terms), orders_used=n_orders, hyp_len=hyp_len, ref_len=ref_len,
        brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- Hugging Face evaluate
def _hf_evaluate(matches, totals, hyp_len, ref_len, config, last_pair) -> ScoreBreakdown:
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
        notes.append("smooth=True: 1 is added to the matches and possible matches of every order, unigrams "
                     "included (Lin and Och 2004).")
    weights = config.weights_for(n_orders)
    precisions = hf_evaluate_precisions(matches, totals, smooth)
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
        notes.append(f"Precision 0 at order(s) {', '.join(zero)} and no smoothing: evaluate's geo_mean is 0, "
                     "so BLEU is 0.")
    bleu = geo_mean * bp
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), raw_precisions=_raw(matches, totals),
        precisions=tuple(precisions), weights=tuple(weights), log_terms=tuple(log_terms), orders_used=n_orders,
        hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


# --------------------------------------------------------------------------- torchmetrics
def _torchmetrics(matches, totals, hyp_len, ref_len, config, last_pair) -> ScoreBreakdown:
    """torchmetrics ``_bleu_score_compute``, step for step, in Python floats (the tool uses float32 tensors)."""
    n_orders = config.max_order
    weights = config.weights_for(n_orders)
    smooth = config.smooth == "add-one-above-unigram"
    bp = brevity_penalty(hyp_len, ref_len, "torchmetrics")
    if min(matches) == 0:
        zero = ", ".join(str(n) for n, m in enumerate(matches, 1) if m == 0)
        return _zero(matches, totals, hyp_len, ref_len, bp, 0, (None,) * n_orders, (0.0,) * n_orders,
                     [f"No match at order(s) {zero}: torchmetrics returns 0 at once (min(numerator) == 0)"
                      + (", even with smooth=True." if smooth else ".")])
    notes: list[str] = []
    if smooth:
        notes.append("smooth=True: 1 is added to the matches and totals of orders 2..N; the unigram precision "
                     "stays matches / total.")
    precisions = torchmetrics_precisions(matches, totals, smooth)
    log_terms = [w * log(p) for w, p in zip(weights, precisions)]
    bleu = bp * exp(sum(log_terms))
    return ScoreBreakdown(
        matches=tuple(matches), totals=tuple(totals), raw_precisions=_raw(matches, totals),
        precisions=tuple(precisions), weights=tuple(weights), log_terms=tuple(log_terms), orders_used=n_orders,
        hyp_len=hyp_len, ref_len=ref_len, brevity_penalty=bp, bleu=bleu, notes=tuple(notes),
    )


_RULES: dict[str, Callable[..., ScoreBreakdown]] = {
    "sacrebleu": _sacrebleu,
    "nltk": _nltk,
    "nltk-3.2": _nltk_legacy,
    "mteval": _mteval,
    "multi-bleu": _multi_bleu,
    "paper": _paper,
    "hf-evaluate": _hf_evaluate,
    "torchmetrics": _torchmetrics,
}
