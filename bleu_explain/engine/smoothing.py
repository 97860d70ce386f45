"""Smoothing: what each tool puts in place of a precision of 0 (or of an order with no n-grams).

Without smoothing, one order with no match makes the geometric mean, and so
BLEU, 0: common for single sentences. Each tool has its own answer, written
here as that tool writes it; :mod:`bleu_explain.engine.combine` then combines them.

sacreBLEU's ``exp`` (= mteval's default, = NLTK's method3 when every order has
n-grams): the k-th order with no match gets 1 / (2^k * total).

>>> precisions, _, _, _ = sacrebleu_precisions([3, 0, 0, 0], [4, 3, 2, 1], "exp", None, False)
>>> [round(p / 100, 4) for p in precisions]
[0.75, 0.1667, 0.125, 0.125]
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Optional, Sequence, Union

from ..messages.catalogue import say
from .errors import BleuComputationError, BleuInputError
from .floatmath import log
from .precision import modified_precision, modified_precisions

#: sacreBLEU's and multi-bleu.perl's stand-in for log(0)
LOG_ZERO = -9999999999.0


@dataclass(frozen=True)
class SmoothingMethod:
    """One named smoothing method: which tools' rules offer it, what it does, and the value it takes."""

    name: str
    #: the combination rules (see :data:`bleu_explain.engine.config.COMBINE_RULES`) that offer it
    rules: tuple[str, ...]
    #: what it does, in one line (the command line's help, the widgets and the docs show it)
    summary: str
    #: the name of its parameter (None if it takes none) and the tool's default for it
    value_name: Optional[str] = None
    default_value: Optional[float] = None


#: Every smoothing method, by name: the one list the configs, presets, command line, widgets and docs read.
SMOOTHING_METHODS: dict[str, SmoothingMethod] = {m.name: m for m in (
    SmoothingMethod("none", ("sacrebleu", "mteval", "multi-bleu", "paper", "hf-evaluate", "torchmetrics", "d2l"),
                    "no smoothing: an order with no match makes the score 0"),
    SmoothingMethod("floor", ("sacrebleu",), "an order with no match gets floor / total", "floor", 0.1),
    SmoothingMethod("add-k", ("sacrebleu",), "k is added to the matches and totals of orders 2..N", "k", 1.0),
    SmoothingMethod("exp", ("sacrebleu", "mteval"),
                    "the k-th order with no match gets 1 / (2^k x total) (NIST's mteval-v13a.pl)"),
    SmoothingMethod("method0", ("nltk", "nltk-3.2"), "none: a zero precision becomes sys.float_info.min"),
    SmoothingMethod("method1", ("nltk",), "epsilon is added to a zero match count", "epsilon", 0.1),
    SmoothingMethod("method2", ("nltk",), "1 is added to the matches and totals of orders 2..N (Lin and Och 2004)"),
    SmoothingMethod("method3", ("nltk",), "the k-th order with no match gets 1 / (2^k x total) (NIST)"),
    SmoothingMethod("method4", ("nltk",), "like method3, scaled by k / ln(candidate length) (Chen and Cherry 2014)",
                    "k", 5.0),
    SmoothingMethod("method5", ("nltk",), "each precision averaged with its neighbours (Chen and Cherry 2014)"),
    SmoothingMethod("method6", ("nltk",), "orders 3..N interpolated with a prior p_(n-1)^2 / p_(n-2)", "alpha", 5.0),
    SmoothingMethod("method7", ("nltk",), "method4, then method5", "k", 5.0),
    SmoothingMethod("add-one", ("hf-evaluate",),
                    "smooth=True: 1 is added to the matches and totals of every order, unigrams too"),
    SmoothingMethod("add-one-above-unigram", ("torchmetrics",),
                    "smooth=True: 1 is added to the matches and totals of orders 2..N"),
)}


def methods_for(rule: str) -> tuple[str, ...]:
    """The names of the smoothing methods a tool's rules offer, in the table's order.

    >>> methods_for("sacrebleu")
    ('none', 'floor', 'add-k', 'exp')
    """
    return tuple(name for name, method in SMOOTHING_METHODS.items() if rule in method.rules)


def sacrebleu_precisions(
    matches: Sequence[int], totals: Sequence[int], method: str, value: Optional[float], effective_order: bool,
) -> tuple[list[float], int, int, list[str]]:
    """sacreBLEU 2.x ``BLEU.compute_bleu``'s loop over orders, in its percent scale.

    Returns the precisions (0..100; 0 where an order has none), the effective
    order (the highest order with n-grams, if ``effective_order``), the last order
    reached before an order without n-grams stopped the loop, and notes.
    """
    n_orders = len(matches)
    notes: list[str] = []
    precisions = [0.0] * n_orders
    correct: list[float] = list(matches)
    total: list[float] = list(totals)
    smooth_mteval = 1.0
    eff_order = n_orders
    reached = 0
    for n in range(1, n_orders + 1):
        if method == "add-k" and n > 1:
            assert value is not None  # the config gives add-k its default
            correct[n - 1] += value
            total[n - 1] += value
        if total[n - 1] == 0:
            notes.append(say("notes.sacrebleu-stops-effective" if effective_order else "notes.sacrebleu-stops", n=n))
            break
        reached = n
        if effective_order:
            eff_order = n
        if correct[n - 1] == 0:
            if method == "exp":
                smooth_mteval *= 2
                precisions[n - 1] = 100.0 / (smooth_mteval * total[n - 1])
                notes.append(say("notes.exp-smoothing", n=n, k=int(math.log2(smooth_mteval)), total=total[n - 1]))
            elif method == "floor":
                assert value is not None
                precisions[n - 1] = modified_precision(value, total[n - 1], scale=100.0)
                key = "notes.floor-zero" if value == 0 else "notes.floor-above-one" if value > total[n - 1] \
                    else "notes.floor"
                notes.append(say(key, n=n, value=value, total=total[n - 1], log_zero=LOG_ZERO))
            else:
                notes.append(say("notes.log-zero-no-smoothing", n=n, log_zero=LOG_ZERO))
        else:
            precisions[n - 1] = modified_precision(correct[n - 1], total[n - 1], scale=100.0)
    if method == "add-k" and n_orders > 1:
        notes.append(say("notes.add-k", value=value, orders=n_orders))
    return precisions, eff_order, reached, notes


def nltk_precisions(matches: Sequence[int], totals: Sequence[int]) -> list[Fraction]:
    """NLTK's p_n before smoothing: clipped count over (at least 1) candidate n-grams, as exact fractions."""
    # NLTK keeps raw counts in an unnormalised Fraction; our Fraction is the same number.
    return [Fraction(m, t) for m, t in zip(matches, totals)]


#: (candidate tokens, reference tokens) of a corpus's last segment: NLTK's methods 4-7 read it.
LastPair = Optional[tuple[Sequence[str], Sequence[Sequence[str]]]]
#: A precision as NLTK holds it: an exact Fraction, or a float once a method has put one in its place.
NltkPrecision = Union[Fraction, float]
#: One of NLTK's ``SmoothingFunction`` methods: (precisions, matches, totals, candidate length, last segment's
#: tokens, the method's parameter, notes to add to) -> the smoothed precisions.
NltkMethod = Callable[[list[NltkPrecision], Sequence[int], Sequence[int], int, LastPair, Optional[float], list[str]],
                      list[NltkPrecision]]


def _parameter(value: Optional[float], method: str) -> float:
    """A method's parameter (the config always gives its default; a direct call must give it)."""
    if value is None:
        raise BleuInputError(f"NLTK's {method} needs its parameter (smooth_value)")
    return value


def _last_pair(last_pair: LastPair, method: str) -> tuple[Sequence[str], Sequence[Sequence[str]]]:
    """The last segment's tokens, which NLTK's methods 4-7 read (corpus_bleu passes them)."""
    if last_pair is None:
        raise BleuInputError(f"NLTK's {method} reads the last segment's tokens; give last_pair")
    return last_pair


def _nltk_method0(
    out: list[NltkPrecision], matches: Sequence[int], totals: Sequence[int], hyp_len: int, last_pair: LastPair,
    value: Optional[float], notes: list[str],
) -> list[NltkPrecision]:
    for i, m in enumerate(matches):
        if m == 0:
            out[i] = sys.float_info.min
            notes.append(say("notes.nltk-method0", n=i + 1))
    return out


def _nltk_method1(
    out: list[NltkPrecision], matches: Sequence[int], totals: Sequence[int], hyp_len: int, last_pair: LastPair,
    value: Optional[float], notes: list[str],
) -> list[NltkPrecision]:
    value = _parameter(value, "method1")
    for i, m in enumerate(matches):
        if m == 0:
            out[i] = modified_precision(m + value, totals[i])
            notes.append(say("notes.nltk-method1", n=i + 1, value=value))
    return out


def _nltk_method2(
    out: list[NltkPrecision], matches: Sequence[int], totals: Sequence[int], hyp_len: int, last_pair: LastPair,
    value: Optional[float], notes: list[str],
) -> list[NltkPrecision]:
    for i in range(1, len(out)):
        out[i] = Fraction(matches[i] + 1, totals[i] + 1)
    notes.append(say("notes.nltk-method2"))
    return out


def _nltk_method3(
    out: list[NltkPrecision], matches: Sequence[int], totals: Sequence[int], hyp_len: int, last_pair: LastPair,
    value: Optional[float], notes: list[str],
) -> list[NltkPrecision]:
    k = 1
    for i, m in enumerate(matches):
        if m == 0:
            out[i] = 1 / (2 ** k * totals[i])
            notes.append(say("notes.nltk-method3", n=i + 1, k=k, total=totals[i]))
            k += 1
    return out


def _nltk_method4(
    out: list[NltkPrecision], matches: Sequence[int], totals: Sequence[int], hyp_len: int, last_pair: LastPair,
    value: Optional[float], notes: list[str],
) -> list[NltkPrecision]:
    k = 1
    value = _parameter(value, "method4")
    length = hyp_len if hyp_len else len(_last_pair(last_pair, "method4")[0])
    for i, m in enumerate(matches):
        if m == 0 and length > 1:
            numerator = 1 / (2 ** k * value / log(length))
            out[i] = numerator / totals[i]
            notes.append(say("notes.nltk-method4", n=i + 1, k=k, value=value, length=length, total=totals[i]))
            k += 1
    return out


def _nltk_method5(
    out: list[NltkPrecision], matches: Sequence[int], totals: Sequence[int], hyp_len: int, last_pair: LastPair,
    value: Optional[float], notes: list[str],
) -> list[NltkPrecision]:
    from .clipping import clip_order

    cand, refs = _last_pair(last_pair, "method5")
    five = clip_order(cand, refs, 5)
    plus = out + [Fraction(five.matches, max(1, five.total))]
    m_prev = out[0] + 1
    for i, p_i in enumerate(list(out)):
        out[i] = (m_prev + p_i + plus[i + 1]) / 3
        m_prev = out[i]
    notes.append(say("notes.nltk-method5"))
    return out


def _nltk_method6(
    out: list[NltkPrecision], matches: Sequence[int], totals: Sequence[int], hyp_len: int, last_pair: LastPair,
    value: Optional[float], notes: list[str],
) -> list[NltkPrecision]:
    if len(out) < 3:
        raise BleuComputationError("NLTK's smoothing method6 needs at least 3 n-gram orders (NLTK raises IndexError here)")
    if not out[2]:
        raise BleuComputationError(
            "NLTK's smoothing method6 requires a non-zero trigram precision; NLTK raises "
            "AssertionError('This smoothing method requires non-zero precision for bigrams.') here"
        )
    value = _parameter(value, "method6")
    candidate_length = len(_last_pair(last_pair, "method6")[0])
    for i in range(2, len(out)):
        pi0 = 0 if out[i - 2] == 0 else out[i - 1] ** 2 / out[i - 2]
        ngrams = max(0, candidate_length - i)  # the LAST candidate's n-grams of order i + 1
        out[i] = (matches[i] + value * pi0) / (ngrams + value)
    notes.append(say("notes.nltk-method6"))
    return out


def _nltk_method7(
    out: list[NltkPrecision], matches: Sequence[int], totals: Sequence[int], hyp_len: int, last_pair: LastPair,
    value: Optional[float], notes: list[str],
) -> list[NltkPrecision]:
    out = _nltk_method4(out, matches, totals, hyp_len, last_pair, value, notes)
    return _nltk_method5(out, matches, totals, hyp_len, last_pair, value, notes)


#: NLTK 3.10's ``SmoothingFunction().methodN``, by name.
_NLTK_METHODS: dict[str, NltkMethod] = {f"method{i}": method for i, method in enumerate(
    (_nltk_method0, _nltk_method1, _nltk_method2, _nltk_method3, _nltk_method4, _nltk_method5, _nltk_method6,
     _nltk_method7))}


def nltk_smooth(
    method: str, value: Optional[float], p_n: Sequence[NltkPrecision], matches: Sequence[int],
    totals: Sequence[int], hyp_len: int, last_pair: LastPair, notes: list[str],
) -> list[NltkPrecision]:
    """NLTK 3.10 ``SmoothingFunction`` methods 0..7 (epsilon 0.1, alpha 5, k 5), applied to ``p_n``.

    Methods 4-7 read the LAST segment's tokens (``last_pair``), as NLTK's
    ``corpus_bleu`` passes them.
    """
    if method in ("method4", "method5", "method6", "method7"):
        assert last_pair is not None, "NLTK's methods 4-7 read the last segment's tokens"
    return _NLTK_METHODS[method](list(p_n), matches, totals, hyp_len, last_pair, value, notes)


def mteval_smoothed(m: int, t: int, smooth: int) -> tuple[float, int]:
    """mteval-v13a.pl's p_n for one order with ``t`` candidate n-grams, ``m`` of them matched.

    ``smooth`` is the script's running power of 2 (1 before any zero-match
    order); returns p_n and the new power. Call only for t > 0 (an order with
    no n-grams is log 1 in mteval, see :mod:`bleu_explain.engine.combine`).

    >>> mteval_smoothed(0, 3, 1), mteval_smoothed(2, 4, 2)
    ((0.16666666666666666, 2), (0.5, 2))
    """
    if m == 0:
        smooth *= 2
        return 1 / (smooth * t), smooth
    return modified_precision(m, t), smooth


def hf_evaluate_precisions(matches: Sequence[int], totals: Sequence[int], smooth: bool) -> list[float]:
    """Hugging Face evaluate's ``bleu`` precisions: tensorflow/nmt ``compute_bleu``'s loop, line for line.

    ``smooth=True`` (Lin and Och 2004) adds 1 to the matches and to the possible
    matches of *every* order, unigrams included, so an order without n-grams
    gets (0 + 1) / (0 + 1) = 1; unsmoothed, such an order gets 0.

    >>> hf_evaluate_precisions([5, 2, 0], [6, 5, 0], smooth=False)
    [0.8333333333333334, 0.4, 0.0]
    >>> hf_evaluate_precisions([5, 2, 0], [6, 5, 0], smooth=True)
    [0.8571428571428571, 0.5, 1.0]
    """
    if smooth:
        return [modified_precision(m + 1.0, t + 1.0) for m, t in zip(matches, totals)]
    return list(modified_precisions(matches, totals, if_empty=0.0))


def torchmetrics_precisions(matches: Sequence[int], totals: Sequence[int], smooth: bool) -> list[float]:
    """torchmetrics ``_bleu_score_compute``'s precisions (in Python floats; the tool uses float32 tensors).

    ``smooth=True`` adds 1 to the numerator and denominator of orders 2..N and
    then puts the unigram back to numerator / denominator. Call only when every
    order has a match: torchmetrics returns 0 before this when one has none.

    >>> torchmetrics_precisions([5, 2, 1], [6, 5, 4], smooth=True)
    [0.8333333333333334, 0.5, 0.4]
    """
    precisions = list(modified_precisions(matches, totals, if_empty=0.0))  # never empty: every order has a match
    if smooth:
        precisions[1:] = [modified_precision(m + 1.0, t + 1.0) for m, t in zip(matches[1:], totals[1:])]
    return precisions
