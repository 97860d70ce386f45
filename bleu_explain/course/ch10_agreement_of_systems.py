"""Exercises of notebook 10 (does BLEU agree with people?), on the WMT21 data.

Each checker computes the right value from the data and the engine when an answer is checked (the scores are kept on
disk, :func:`~bleu_explain.data.parsed_cache.on_disk`), names the usual slips, and never prints the answer; without
the data it says how to get them.

>>> [ex.name for ex in EXERCISES]
['r_against_reference_c', 'small_gap_agreement']
"""

from __future__ import annotations

from typing import Any

from ..analysis import human as hx
from ..data.parsed_cache import load_wmt21_cached, on_disk
from .answers import agrees, as_number, too_few_decimals
from .exercise import Exercise, Feedback

GAP_LIMIT = 2.0


def _bleu(outputs: dict[str, list[str]], refs: list[list[str]]) -> dict[str, float]:
    from ..api import explain_systems

    return {name: r.score for name, r in explain_systems(outputs, refs, progress=False).items()}


def _scores(pair: str, reference: str, names: list[str]) -> dict[str, float]:
    """BLEU (sacreBLEU's defaults) of ``names`` against one reference, kept on disk."""
    ts = load_wmt21_cached(pair)
    return on_disk(_bleu, {n: ts.translations(reference)[n] for n in names}, [[r] for r in ts.references[reference]])


def _against(reference: str = "C", humans: bool = True, method: str = "pearson") -> float:
    """r of en-de BLEU against ``reference`` with MQM, over the translations with MQM (machines only unless humans)."""
    ts = load_wmt21_cached("en-de")
    mqm = ts.human("mqm").systems
    names = [n for n in ts.translations(reference) if n in mqm and (humans or n in ts.systems)]
    return hx.system_correlation(_scores("en-de", reference, names), mqm, systems=names, method=method).r


def _pairs(kind: str = "da"):
    ts = load_wmt21_cached("zh-en")
    names = [n for n in ts.judged(kind) if n in ts.systems]
    return hx.pairwise_agreement(_scores("zh-en", "A", names), ts.human(kind).systems, systems=names)


def _small_gap(kind: str = "da", limit: float = GAP_LIMIT, by_bins: bool = False) -> float:
    """The share of pairs with a gap under ``limit`` ordered as people do (``by_bins``: the slip of averaging bins)."""
    pairs = _pairs(kind)
    if by_bins:
        return float(hx.agreement_by_gap(pairs, bins=(0.0, 1.0, limit))["fraction"].mean())
    return float(pairs[pairs["gap"] < limit]["agree"].mean())


def _check(answer: Any, right: Any, praise: str, slips: list[tuple[Any, str]], hint: str) -> Feedback:
    """Right, a named slip (a value or a function giving it), rounded too far, or the hint; without data, how to get it."""
    from ..data.wmt21 import wmt21_available

    if not wmt21_available():
        return Feedback(False, "This exercise needs the WMT21 data: run `python -m bleu_explain.data fetch wmt21` "
                               "(or set BLEU_EXPLAIN_DATA to a folder that has it), then try again.")
    number = as_number(answer)
    if number is None:
        return Feedback(False, "Give a number, e.g. 0.42.")
    value = right()
    if agrees(answer, value):
        return Feedback(True, praise)
    if agrees(number / 100, value):  # 56 for 0.56
        return Feedback(False, "Right number, wrong scale: give the value itself, not a percentage.")
    for wrong, message in slips:
        if agrees(answer, wrong(value)):
            return Feedback(False, message)
    return Feedback(False, "Close, but rounded too far: give two decimals." if too_few_decimals(answer, value) else hint)


def check_r_against_reference_c(answer: Any) -> Feedback:
    """Pearson's r of BLEU against reference C with MQM, over the 8 machine systems and human translations A, D."""
    return _check(answer, _against, "Yes. Compare it with r against reference A: the human translations are still "
                  "scored as strangers, because a human translation shares fewer n-grams with another human "
                  "translation than the machines share with each other.", [
                      (lambda _: _against("A"), "That is r against reference A, from section 3. Score against "
                                                "reference C: translations(\"C\") and references(de, (\"C\",))."),
                      (lambda _: _against(humans=False), "That r leaves out the human translations A and D."),
                      (lambda _: _against(method="kendall"), "That is Kendall's tau; the exercise asks for Pearson's r."),
                      (lambda r: r * r, "That looks like r squared. Give r itself (it can be negative)."),
                  ], "Score the translations that have MQM (de.translations(\"C\")) against reference C, then "
                     "correlate their BLEU with MQM (hx.system_correlation).")


def check_small_gap_agreement(answer: Any) -> Feedback:
    """The fraction of zh-en system pairs with a BLEU gap under 2 points that BLEU orders as DA (z) does."""
    return _check(answer, _small_gap, "Yes. On these systems a BLEU lead of under 2 points is little better than a "
                  "coin toss at predicting which system the crowd prefers.", [
                      (lambda f: 1 - f, "That is the fraction where BLEU and DA *disagree*."),
                      (lambda _: _small_gap(by_bins=True), "That is the mean of the two bins' fractions. Pool the "
                                                           "pairs: the bins hold different numbers of pairs."),
                      (lambda _: _small_gap(limit=1.0), "That counts gaps under 1 point only."),
                      (lambda _: _small_gap("mqm"), "That uses MQM's 8 systems; the exercise asks about DA (z)."),
                  ], "Build the pairs with hx.pairwise_agreement(BLEU, DA) over the machine systems with DA, keep "
                     "those with gap < 2, and take the mean of 'agree'.")


def _code(pair: str, keep: str, reference: str, last: str) -> str:
    return f"""```python
import bleu_explain as bx
from bleu_explain.analysis import human as hx
from bleu_explain.data.wmt21 import load_wmt21
ts = load_wmt21("{pair}")
outputs = {{name: lines for name, lines in ts.translations("{reference}").items() if {keep}}}
results = bx.explain_systems(outputs, [[ref] for ref in ts.references["{reference}"]], progress=False)
bleu = {{name: r.score for name, r in results.items()}}
{last}
```"""


def worked_r_against_reference_c() -> str:
    return f"""1. Against reference C, the translations with MQM are the 8 machine systems and human translations A and D.
2. Score each against C with sacreBLEU's defaults and correlate with MQM: r = {_against():.4f} (against reference
   A: {_against("A"):.4f}). The human translations still score as strangers, whoever wrote the reference.

{_code("en-de", 'name in ts.human("mqm").systems', "C", 'round(hx.system_correlation(bleu, ts.human("mqm").systems).r, 2)')}

Answer: **{_against():.2f}**."""


def worked_small_gap_agreement() -> str:
    pairs = _pairs()
    small = pairs[pairs["gap"] < GAP_LIMIT]
    return f"""1. Score the Chinese-English machine systems with DA against reference A and form every pair: {len(pairs)}.
2. Keep the {len(small)} pairs whose BLEU differs by less than {GAP_LIMIT:g} points; BLEU orders
   {int(small["agree"].sum())} of them as DA (z) does. Pool the pairs; do not average bins of different sizes.

{_code("zh-en", 'name in ts.systems and name in ts.human("da").systems', "A",
       'pairs = hx.pairwise_agreement(bleu, ts.human("da").systems, systems=list(bleu))' + chr(10)
       + f'round(float(pairs[pairs["gap"] < {GAP_LIMIT:g}]["agree"].mean()), 2)')}

Answer: **{_small_gap():.2f}**: little better than a coin toss."""


EXERCISES = [
    Exercise("r_against_reference_c", "Score every English-German translation that has MQM against reference C "
             "instead of A (so the human translations A and D are scored too). What is Pearson's r between their "
             "BLEU and MQM (two decimals)?", check_r_against_reference_c, solution=lambda: round(_against(), 2),
             mistake=lambda: round(_against("A"), 2), worked=worked_r_against_reference_c),
    Exercise("small_gap_agreement", "Of the pairs of Chinese-English systems whose BLEU differs by less than 2 points, "
             "what fraction does BLEU order the same way as DA (z)? (a fraction between 0 and 1, two decimals)",
             check_small_gap_agreement, solution=lambda: round(_small_gap(), 2),
             mistake=lambda: round(_small_gap(by_bins=True), 2), worked=worked_small_gap_agreement),
]
