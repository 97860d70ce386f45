"""From counts to a score: smoothing, brevity penalty and the combination.

Each tool combines the same four kinds of numbers (matches, totals, candidate
length, reference length) with slightly different rules; each rule is written
out here as the tool writes it, so that a difference between two tools can be
read off the steps. Everything is kept in a :class:`ScoreBreakdown`.

The paper's formula, with N = 4 and uniform weights:

>>> s = combine_counts([17, 10, 5, 3], [18, 17, 16, 15], hyp_len=18, ref_len=16,
...                    config=__import__("bleu_explain").presets.get_preset("paper"))
>>> s.brevity_penalty, round(s.bleu, 4), round((17/18 * 10/17 * 5/16 * 3/15) ** (1/4), 4)
(1.0, 0.4317, 0.4317)
>>> round(s.geometric_mean, 4), round(s.arithmetic_mean, 4), round((17/18 + 10/17 + 5/16 + 3/15) / 4, 4)
(0.4317, 0.5113, 0.5113)
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Sequence

from .config import BleuConfig
from .errors import BleuComputationError

#: sacreBLEU's and multi-bleu.perl's stand-in for log(0)
LOG_ZERO = -9999999999.0


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
        return math.exp(math.fsum(terms))

    @property
    def arithmetic_mean(self) -> float:
        """The weighted arithmetic mean of the p_n that took part (Doddington's alternative to the geometric mean)."""
        used = [(p, w) for p, w in zip(self.precisions, self.weights) if p is not None and w > 0]
        weight = math.fsum(w for _, w in used)
        return math.fsum(p * w for p, w in used) / weight if weight else 0.0


def brevity_penalty(hyp_len: int, ref_len: int, rule: str) -> float:
    """BP = 1 if the candidate is long enough, else exp(1 - r/c); 0 for an empty candidate.

    This is the curve all tools share (they differ only in corner cases such as
    an empty candidate against empty references, which each rule below handles
    as its tool does); the plots draw it.

    >>> brevity_penalty(12, 12, "paper"), round(brevity_penalty(7, 12, "paper"), 4)
    (1.0, 0.4895)
    """
    if hyp_len == 0:
        return 0.0
    if hyp_len >= ref_len:
        return 1.0
    return math.exp(1 - ref_len / hyp_len)


def combine_counts(
    matches: Sequence[int],
    totals: Sequence[int],
    hyp_len: int,
    ref_len: int,
    config: BleuConfig,
    last_pair: Optional[tuple[Sequence[str], Sequence[Sequence[str]]]] = None,
) -> ScoreBreakdown:
    """Smooth, weight and combine corpus counts into a score, by the config's rules.

    ``last_pair`` (candidate tokens, reference tokens) of the last segment is
    needed only by NLTK's smoothing methods 5-7, which look at it.
    """
    rule = _RULES[config.combine]
    return rule(list(matches), list(totals), hyp_len, ref_len, config, last_pair)


def _raw(matches, totals):
    return tuple(m / t if t else None for m, t in zip(matches, totals))


# --------------------------------------------------------------------------- sacreBLEU
def _sacrebleu(matches, totals, hyp_len, ref_len, config, last_pair):
    """sacreBLEU 2.x ``BLEU.compute_bleu``, step for step (in its percent scale)."""
    n_orders = config.max_order
    notes = []
    bp = 1.0
    if hyp_len < ref_len:
        bp = math.exp(1 - ref_len / hyp_len) if hyp_len > 0 else 0.0
    raw = _raw(matches, totals)
    precisions = [0.0] * n_orders
    if not any(matches):
        notes.append("No n-gram of any order matched: sacreBLEU returns 0 straight away.")
        return ScoreBreakdown(tuple(matches), tuple(totals), raw, tuple([None] * n_orders), (0.0,) * n_orders,
                              (None,) * n_orders, 0, hyp_len, ref_len, bp, 0.0, tuple(notes))
    value = config.smooth_parameter
    correct = list(matches)
    total = list(totals)
    smooth_mteval = 1.0
    eff_order = n_orders
    reached = 0
    for n in range(1, n_orders + 1):
        if config.smooth == "add-k" and n > 1:
            correct[n - 1] += value
            total[n - 1] += value
        if total[n - 1] == 0:
            notes.append(f"No candidate {n}-grams: sacreBLEU stops here; order {n} and above keep precision 0"
                         + (" (effective order ends the mean before them)." if config.effective_order
                            else " and the score becomes 0 (effective order is off)."))
            break
        reached = n
        if config.effective_order:
            eff_order = n
        if correct[n - 1] == 0:
            if config.smooth == "exp":
                smooth_mteval *= 2
                precisions[n - 1] = 100.0 / (smooth_mteval * total[n - 1])
                notes.append(f"Order {n} has no matches: exp smoothing uses 1/(2^{int(math.log2(smooth_mteval))} x {total[n-1]:g}).")
            elif config.smooth == "floor":
                precisions[n - 1] = 100.0 * value / total[n - 1]
                notes.append(f"Order {n} has no matches: floor smoothing uses {value:g}/{total[n-1]:g}.")
            else:
                notes.append(f"Order {n} has no matches and no smoothing: log(0) is taken as {LOG_ZERO:.0f}, so the score is 0.")
        else:
            precisions[n - 1] = 100.0 * correct[n - 1] / total[n - 1]
    if config.smooth == "add-k" and n_orders > 1:
        notes.append(f"add-k smoothing added {value:g} to the matches and totals of orders 2..{n_orders}.")
    weights = config.weights_for(eff_order) if config.weights is not None else (1.0 / eff_order,) * eff_order
    logs = [(math.log(p) if p > 0 else LOG_ZERO) for p in precisions[:eff_order]]
    # sacreBLEU works with percentages: log p_n here is log(100 p_n). Report log p_n on the 0..1 scale.
    shift = math.log(100.0)
    log_terms = [(w * (lg - shift) if lg != LOG_ZERO else w * LOG_ZERO) for w, lg in zip(weights, logs)]
    if all(w == 1.0 / eff_order for w in weights):
        # sacreBLEU's own line, in its percent scale, so that the score is bit-for-bit sacreBLEU's.
        score = bp * math.exp(sum(logs) / eff_order)
        bleu = score / 100.0
    else:
        # sacreBLEU has no weights. On the percent scale the weights would have to sum to 1, else
        # the score is off by 100^(sum of weights - 1); so combine on the paper's 0..1 scale.
        bleu = bp * math.exp(math.fsum(log_terms))
        score = 100.0 * bleu
    shown = tuple((precisions[i] / 100.0 if i < reached else None) for i in range(n_orders))
    return ScoreBreakdown(tuple(matches), tuple(totals), raw, shown,
                          tuple(weights) + (0.0,) * (n_orders - eff_order),
                          tuple(log_terms) + (None,) * (n_orders - eff_order),
                          eff_order, hyp_len, ref_len, bp, bleu, tuple(notes), percent=score)


# --------------------------------------------------------------------------- NLTK
def _nltk_precisions(matches, totals):
    # NLTK keeps raw counts in an unnormalised Fraction; our Fraction is the same number.
    return [Fraction(m, t) for m, t in zip(matches, totals)]


def _nltk_smooth(config, p_n, matches, totals, hyp_len, last_pair, notes):
    """NLTK 3.10 SmoothingFunction methods 0..7 (epsilon 0.1, alpha 5, k 5)."""
    method = config.smooth
    value = config.smooth_parameter
    out: list = list(p_n)
    if method == "method0":
        for i, m in enumerate(matches):
            if m == 0:
                out[i] = sys.float_info.min
                notes.append(f"Order {i+1} has no matches: NLTK (method0) warns and uses sys.float_info.min "
                             "as its precision, so the score is tiny but not 0.")
        return out
    if method == "method1":
        for i, m in enumerate(matches):
            if m == 0:
                out[i] = (m + value) / totals[i]
                notes.append(f"Order {i+1}: method1 adds epsilon={value:g} to the zero count.")
        return out
    if method == "method2":
        for i in range(1, len(out)):
            out[i] = Fraction(matches[i] + 1, totals[i] + 1)
        notes.append("method2 adds 1 to the matches and totals of every order >= 2.")
        return out
    if method == "method3":
        k = 1
        for i, m in enumerate(matches):
            if m == 0:
                out[i] = 1 / (2 ** k * totals[i])
                notes.append(f"Order {i+1}: method3 uses 1/(2^{k} x {totals[i]}).")
                k += 1
        return out
    if method in ("method4", "method7"):
        k = 1
        length = hyp_len if hyp_len else len(last_pair[0])
        for i, m in enumerate(matches):
            if m == 0 and length > 1:
                numerator = 1 / (2 ** k * value / math.log(length))
                out[i] = numerator / totals[i]
                notes.append(f"Order {i+1}: method4 uses 1/(2^{k} x {value:g}/ln {length}) / {totals[i]}.")
                k += 1
        if method == "method4":
            return out
    if method in ("method5", "method7"):
        from .clipping import clip_order

        cand, refs = last_pair
        five = clip_order(cand, refs, 5)
        p5 = Fraction(five.matches, max(1, five.total))
        plus = out + [p5]
        m_prev = out[0] + 1
        for i, p_i in enumerate(list(out)):
            out[i] = (m_prev + p_i + plus[i + 1]) / 3
            m_prev = out[i]
        notes.append("method5 averages each precision with its neighbours; the order after the last is "
                     "always the LAST segment's 5-gram precision (so corpus scores depend on segment order "
                     "and can exceed 1).")
        return out
    if method == "method6":
        if len(out) < 3:
            raise BleuComputationError("NLTK's smoothing method6 needs at least 3 n-gram orders (NLTK raises IndexError here)")
        if not out[2]:
            raise BleuComputationError(
                "NLTK's smoothing method6 requires a non-zero trigram precision; NLTK raises "
                "AssertionError('This smoothing method requires non-zero precision for bigrams.') here"
            )
        from .ngrams import ngram_counts

        cand = last_pair[0]
        for i in range(2, len(out)):
            pi0 = 0 if out[i - 2] == 0 else out[i - 1] ** 2 / out[i - 2]
            length = sum(ngram_counts(cand, i + 1).values())
            out[i] = (matches[i] + value * pi0) / (length + value)
        notes.append("method6 interpolates orders >= 3 with a prior p_{n-1}^2/p_{n-2}, dividing by the LAST "
                     "segment's n-gram count.")
        return out
    raise AssertionError(method)  # validated in BleuConfig


def _nltk(matches, totals, hyp_len, ref_len, config, last_pair, legacy=False):
    """NLTK 3.10 ``corpus_bleu`` (``legacy``: 3.2.2-3.2.5), step for step."""
    n_orders = config.max_order
    notes: list[str] = []
    if hyp_len > ref_len:
        bp = 1.0
    elif hyp_len == 0:
        bp = 0.0
    else:
        bp = math.exp(1 - ref_len / hyp_len)
    raw = _raw(matches, totals)
    weights = config.weights_for(n_orders)
    if matches[0] == 0:
        notes.append("No unigram matched: NLTK returns 0 straight away.")
        return ScoreBreakdown(tuple(matches), tuple(totals), raw, (None,) * n_orders, (0.0,) * n_orders,
                              (None,) * n_orders, 0, hyp_len, ref_len, bp, 0.0, tuple(notes))
    p_n = _nltk_precisions(matches, totals)
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
        p_n = _nltk_smooth(config, p_n, matches, totals, hyp_len, last_pair, notes)
    if config.auto_reweigh and hyp_len < 4 and tuple(weights) == (0.25, 0.25, 0.25, 0.25):
        weights = (1 / hyp_len,) * hyp_len
        notes.append(f"auto_reweigh: the candidate corpus has {hyp_len} tokens, so the weights become 1/{hyp_len} "
                     f"for orders 1..{hyp_len}.")
    precisions: list[Optional[float]] = [None] * n_orders
    applied = [0.0] * n_orders
    terms: list[Optional[float]] = [None] * n_orders
    used = []
    for i, (w, p) in enumerate(zip(weights, p_n)):
        precisions[i] = float(p)
        if p > 0:
            terms[i] = w * math.log(p)
            applied[i] = w
            used.append(terms[i])
        else:
            notes.append(f"Order {i+1}: precision is 0 after smoothing; NLTK leaves it out of the sum.")
    s = bp * math.exp(math.fsum(used))
    if not legacy and config.smooth in ("method5", "method7") and s > 1:
        notes.append("The score exceeds 1: a known property of NLTK's method5/method7.")
    return ScoreBreakdown(tuple(matches), tuple(totals), raw, tuple(precisions), tuple(applied), tuple(terms),
                          len(used), hyp_len, ref_len, bp, s, tuple(notes))


def _nltk_legacy(matches, totals, hyp_len, ref_len, config, last_pair):
    return _nltk(matches, totals, hyp_len, ref_len, config, last_pair, legacy=True)


# --------------------------------------------------------------------------- mteval-v13a.pl
def _mteval(matches, totals, hyp_len, ref_len, config, last_pair):
    """mteval-v13a.pl ``bleu_score``: NIST smoothing, and log 1 for an order with no n-grams."""
    n_orders = config.max_order
    notes = []
    bp = math.exp(min(0.0, 1 - ref_len / hyp_len)) if hyp_len > 0 else 0.0
    raw = _raw(matches, totals)
    weights = config.weights_for(n_orders)
    smooth = 1
    precisions: list[Optional[float]] = []
    terms: list[Optional[float]] = []
    iscores: list[float] = []
    if hyp_len == 0:
        notes.append("The candidate is empty: mteval-v13a.pl itself has no answer here (it dies taking the log "
                     "of a zero length penalty); we report BP = 0 and BLEU = 0.")
    if not any(matches) and any(totals) and config.smooth == "exp":
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
            return ScoreBreakdown(tuple(matches), tuple(totals), raw, tuple(precisions) + (None,) * (n_orders - n),
                                  tuple(weights), tuple(terms) + (None,) * (n_orders - n), n, hyp_len, ref_len,
                                  bp, 0.0, tuple(notes))
        if t == 0:
            iscore = 0.0
            precisions.append(None)
            notes.append(f"Order {n} has no candidate n-grams: mteval counts it as log 1 = 0 but still divides "
                         f"by N = {n_orders}.")
        elif m == 0:
            smooth *= 2
            iscore = math.log(1 / (smooth * t))
            precisions.append(1 / (smooth * t))
            notes.append(f"Order {n} has no matches: mteval uses 1/({smooth} x {t}).")
        else:
            iscore = math.log(m / t)
            precisions.append(m / t)
        iscores.append(iscore)
        terms.append(weights[n - 1] * iscore)
    if config.weights is None:
        score = math.exp(sum(iscores) / n_orders) * bp  # the script: exp($score / $j) * $exp_len_score
    else:
        score = math.exp(sum(terms)) * bp
    return ScoreBreakdown(tuple(matches), tuple(totals), raw, tuple(precisions), tuple(weights), tuple(terms),
                          n_orders, hyp_len, ref_len, bp, score, tuple(notes))


# --------------------------------------------------------------------------- multi-bleu.perl
def _multi_bleu(matches, totals, hyp_len, ref_len, config, last_pair):
    """multi-bleu.perl: no smoothing, my_log(0) = -9999999999."""
    n_orders = config.max_order
    notes = []
    raw = _raw(matches, totals)
    weights = config.weights_for(n_orders)
    precisions = [(m / t if t else 0.0) for m, t in zip(matches, totals)]
    if ref_len == 0:
        notes.append("The references are empty: multi-bleu.perl prints BLEU = 0 and exits.")
        return ScoreBreakdown(tuple(matches), tuple(totals), raw, tuple(precisions), tuple(weights),
                              (None,) * n_orders, 0, hyp_len, ref_len, 0.0, 0.0, tuple(notes))
    if hyp_len == 0:
        notes.append("The candidate is empty: multi-bleu.perl itself has no answer here (it dies with "
                     "'Illegal division by zero'); we report BP = 0 and BLEU = 0.")
        return ScoreBreakdown(tuple(matches), tuple(totals), raw, tuple(precisions), tuple(weights),
                              (None,) * n_orders, 0, hyp_len, ref_len, 0.0, 0.0, tuple(notes))
    bp = math.exp(1 - ref_len / hyp_len) if hyp_len < ref_len else 1.0
    logs = [math.log(p) if p else LOG_ZERO for p in precisions]
    for n, p in enumerate(precisions, 1):
        if not p:
            notes.append(f"Order {n} has precision 0 and there is no smoothing: log(0) is taken as {LOG_ZERO:.0f}, so the score is 0.")
    terms = [w * lg for w, lg in zip(weights, logs)]
    if config.weights is None:
        score = bp * math.exp(sum(logs) / n_orders)
    else:
        score = bp * math.exp(sum(terms))
    return ScoreBreakdown(tuple(matches), tuple(totals), raw, tuple(precisions), tuple(weights), tuple(terms),
                          n_orders, hyp_len, ref_len, bp, score, tuple(notes))


# --------------------------------------------------------------------------- the paper
def _paper(matches, totals, hyp_len, ref_len, config, last_pair):
    """Papineni et al. (2002): BP * exp(sum w_n log p_n), BP = 1 if c > r else exp(1 - r/c)."""
    n_orders = config.max_order
    notes = []
    raw = _raw(matches, totals)
    weights = config.weights_for(n_orders)
    if hyp_len > ref_len:
        bp = 1.0
    else:
        bp = math.exp(1 - ref_len / hyp_len) if hyp_len else 0.0
    precisions = [(m / t if t else 0.0) for m, t in zip(matches, totals)]
    terms: list[Optional[float]] = []
    for n, (w, p) in enumerate(zip(weights, precisions), 1):
        if p == 0 and w > 0:
            notes.append(f"p_{n} = 0: the geometric mean vanishes and BLEU is 0 (the paper's footnote 5).")
            terms.append(None)
        else:
            terms.append(w * math.log(p) if p else 0.0)
    if any(t is None for t in terms) or hyp_len == 0:
        score = 0.0
    else:
        score = bp * math.exp(math.fsum(terms))  # type: ignore[arg-type]
    return ScoreBreakdown(tuple(matches), tuple(totals), raw, tuple(precisions), tuple(weights), tuple(terms),
                          n_orders, hyp_len, ref_len, bp, score, tuple(notes))


_RULES = {
    "sacrebleu": _sacrebleu,
    "nltk": _nltk,
    "nltk-3.2": _nltk_legacy,
    "mteval": _mteval,
    "multi-bleu": _multi_bleu,
    "paper": _paper,
}
