"""Exercises of notebook 09 (does BLEU agree with people?), on the WMT21 data.

Each checker computes the right value from the data and the engine when the answer is checked (the scores are kept
on disk, :func:`~bleu_explain.data.parsed_cache.on_disk`), recognises the usual slips, and never prints the answer.
Without the data a checker says how to get it.

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
    outputs = ts.translations(reference)
    return on_disk(_bleu, {n: outputs[n] for n in names}, [[r] for r in ts.references[reference]])


def _against(reference: str = "C", humans: bool = True, method: str = "pearson") -> float:
    """BLEU of the en-de translations with MQM against ``reference``, correlated with MQM."""
    ts = load_wmt21_cached("en-de")
    mqm = ts.human("mqm").systems
    names = [n for n in ts.translations(reference) if n in mqm and (humans or n in ts.systems)]
    return hx.system_correlation(_scores("en-de", reference, names), mqm, systems=names, method=method).r


def _pairs(kind: str = "da"):
    ts = load_wmt21_cached("zh-en")
    names = [n for n in ts.judged(kind) if n in ts.systems]
    return hx.pairwise_agreement(_scores("zh-en", "A", names), ts.human(kind).systems, systems=names)


def _small_gap_agreement(kind: str = "da", limit: float = GAP_LIMIT) -> float:
    pairs = _pairs(kind)
    return float(pairs[pairs["gap"] < limit]["agree"].mean())


def _data_missing() -> Feedback | None:
    from ..data.wmt21 import wmt21_available

    if wmt21_available():
        return None
    return Feedback(False, "This exercise needs the WMT21 data: run `python -m bleu_explain.data fetch wmt21` "
                           "(or set BLEU_EXPLAIN_DATA to a folder that has it), then try again.")


def _verdict(answer: Any, right: float, right_message: str, slips: list[tuple[Any, str]], hint: str) -> Feedback:
    """The shared end of both checkers: right, a known slip, rounded too far, or the hint."""
    if agrees(answer, right):
        return Feedback(True, right_message)
    for wrong, message in slips:
        if agrees(answer, wrong() if callable(wrong) else wrong):
            return Feedback(False, message)
    if too_few_decimals(answer, right):
        return Feedback(False, "Close, but rounded too far: give two decimals.")
    return Feedback(False, hint)


def check_r_against_reference_c(answer: Any) -> Feedback:
    """Pearson's r of BLEU against reference C with MQM, over the 8 machine systems and human translations A, D."""
    missing = _data_missing()
    if missing or as_number(answer) is None:
        return missing or Feedback(False, "Give Pearson's r as a number, e.g. 0.42.")
    right = _against()
    return _verdict(answer, right, "Yes. Compare it with r against reference A: the human translations are still "
                    "scored as strangers, because a human translation shares fewer n-grams with another human "
                    "translation than the machines share with each other.", [
                        (lambda: _against("A"), "That is r against reference A, from section 3. Score against "
                                                "reference C: translations(\"C\") and references(de, (\"C\",))."),
                        (lambda: _against(humans=False), "That r leaves out the human translations. Against "
                                                         "reference C, A and D are translations to score too."),
                        (lambda: _against(method="kendall"), "That is Kendall's tau. The exercise asks for Pearson's r."),
                        (right ** 2, "That looks like r squared. Give r itself (it can be negative)."),
                    ], "Score the translations that have MQM (de.translations(\"C\")) against reference C, then "
                       "correlate their BLEU with MQM (hx.system_correlation).")


def check_small_gap_agreement(answer: Any) -> Feedback:
    """The fraction of zh-en system pairs with a BLEU gap under 2 points that BLEU orders as DA (z) does."""
    missing = _data_missing()
    value = as_number(answer)
    if missing or value is None:
        return missing or Feedback(False, "Give the fraction (between 0 and 1) as a number, e.g. 0.42.")
    right = _small_gap_agreement()
    if agrees(value / 100, right):  # 56 for 0.56
        return Feedback(False, "Right number, wrong scale: give a fraction between 0 and 1, not a percentage.")
    pairs = _pairs()
    by_bin = hx.agreement_by_gap(pairs, bins=(0.0, 1.0, GAP_LIMIT))["fraction"]
    return _verdict(answer, right, "Yes. On these systems a BLEU lead of under 2 points is little better than a coin "
                    "toss at predicting which system the crowd prefers.", [
                        (1 - right, "That is the fraction where BLEU and DA *disagree*. Count the pairs they order "
                                    "the same way."),
                        (float(by_bin.mean()), "That is the mean of the two bins' fractions. Pool the pairs instead: "
                                               "the bins hold different numbers of pairs."),
                        (lambda: _small_gap_agreement(limit=1.0), "That counts gaps under 1 point only. Take every "
                                                                  "gap under 2."),
                        (lambda: _small_gap_agreement(kind="mqm"), "That uses MQM's 8 systems. The exercise asks "
                                                                   "about DA (z) over all the systems that have it."),
                    ], "Build the pairs with hx.pairwise_agreement(BLEU, DA) over the machine systems with DA, keep "
                       "those with gap < 2, and take the mean of 'agree'.")


def worked_r_against_reference_c() -> str:
    ts = load_wmt21_cached("en-de")
    return f"""1. Against reference C, the translations with MQM are the 8 machine systems and the human translations
   A and D (as `ref-A`, `ref-D`).
2. Score each against C with sacreBLEU's defaults and correlate the scores with MQM: Pearson's r = {_against():.4f}.
3. Against reference A the same correlation is {_against("A"):.4f}: the human translations still score as
   strangers, whichever human wrote the reference.

```python
import bleu_explain as bx
from bleu_explain.analysis import human as hx
from bleu_explain.data.wmt21 import load_wmt21
de = load_wmt21("en-de")
mqm = de.human("mqm").systems
outputs = {{name: lines for name, lines in de.translations("C").items() if name in mqm}}
results = bx.explain_systems(outputs, [[ref] for ref in de.references["C"]], progress=False)
round(hx.system_correlation({{n: r.score for n, r in results.items()}}, mqm).r, 2)
```

Answer: **{_against():.2f}** over {len([n for n in ts.translations("C") if n in ts.human("mqm").systems])} translations."""


def worked_small_gap_agreement() -> str:
    pairs = _pairs()
    small = pairs[pairs["gap"] < GAP_LIMIT]
    return f"""1. Score the Chinese-English machine systems with DA against reference A, and form every pair:
   {len(pairs)} pairs.
2. Keep the pairs whose BLEU differs by less than {GAP_LIMIT:g} points: {len(small)}.
3. Count those that BLEU orders as DA (z) does: {int(small["agree"].sum())} of {len(small)}. Pool the pairs;
   do not average bins of gaps, which hold different numbers of pairs.

```python
import bleu_explain as bx
from bleu_explain.analysis import human as hx
from bleu_explain.data.wmt21 import load_wmt21
zh = load_wmt21("zh-en")
da = zh.human("da").systems
outputs = {{n: lines for n, lines in zh.translations("A").items() if n in zh.systems and n in da}}
results = bx.explain_systems(outputs, [[ref] for ref in zh.references["A"]], progress=False)
pairs = hx.pairwise_agreement({{n: r.score for n, r in results.items()}}, da, systems=list(outputs))
round(float(pairs[pairs["gap"] < {GAP_LIMIT:g}]["agree"].mean()), 2)
```

Answer: **{_small_gap_agreement():.2f}**: little better than a coin toss."""


EXERCISES = [
    Exercise("r_against_reference_c", "Score every English-German translation that has MQM against reference C "
             "instead of A (so the human translations A and D are scored too). What is Pearson's r between their "
             "BLEU and MQM (two decimals)?", check_r_against_reference_c, solution=lambda: round(_against(), 2),
             mistake=lambda: round(_against("A"), 2), worked=worked_r_against_reference_c),
    Exercise("small_gap_agreement", "Of the pairs of Chinese-English systems whose BLEU differs by less than 2 points, "
             "what fraction does BLEU order the same way as DA (z)? (a fraction between 0 and 1, two decimals)",
             check_small_gap_agreement, solution=lambda: round(_small_gap_agreement(), 2),
             mistake=lambda: round(float(hx.agreement_by_gap(_pairs(), bins=(0.0, 1.0, GAP_LIMIT))["fraction"].mean()), 2),
             worked=worked_small_gap_agreement),
]
