"""Exercises of notebook 09 (does BLEU agree with people?), on the WMT21 data.

Each checker computes the right value from the data and the engine when the
answer is checked, recognises the usual slips, and never prints the answer.
Without the data a checker says how to get it.
"""

from __future__ import annotations

from typing import Any

from ...analysis import human as hx
from ..answers import agrees, as_number, too_few_decimals
from ..exercise import Exercise, Feedback
from . import lesson

GAP_LIMIT = 2.0


def _data_missing() -> Feedback | None:
    from ...data.wmt21 import wmt21_available

    if wmt21_available():
        return None
    return Feedback(False, "This exercise needs the WMT21 data: run `python -m bleu_explain.data fetch wmt21` "
                           "(or set BLEU_EXPLAIN_DATA to a folder that has it), then try again.")


# --------------------------------------------------------------------------- exercise 1
def _against_c(method: str = "pearson", humans: bool = True) -> float:
    """BLEU against reference C, correlated with MQM over the translations with MQM (humans: A and D too)."""
    ts = lesson.load_pair("en-de")
    mqm = ts.human("mqm").systems
    names = [n for n in ts.translations("C", humans=humans) if n in mqm]
    bleu = {n: r.score for n, r in lesson.bleu_results("en-de", ("C",), names).items()}
    return hx.system_correlation(bleu, mqm, systems=names, method=method).r


def _against_a(humans: bool) -> float:
    names = [n for n in lesson.studied("en-de") if humans or n in lesson.load_pair("en-de").systems]
    return hx.system_correlation(lesson.bleu_scores("en-de"), lesson.human_scores("en-de", "mqm"), systems=names).r


def check_r_against_reference_c(answer: Any) -> Feedback:
    """Pearson's r of BLEU against reference C with MQM, over the 8 machine systems and human translations A, D."""
    missing = _data_missing()
    if missing:
        return missing
    if as_number(answer) is None:
        return Feedback(False, "Give Pearson's r as a number, e.g. 0.42.")
    right = _against_c()
    if agrees(answer, right):
        return Feedback(True, "Yes. Compare it with r against reference A: the human translations are still "
                              "scored as strangers, because a human translation shares fewer n-grams with "
                              "another human translation than the machines share with each other.")
    slips = [
        (_against_a(humans=True), "That is r against reference A, from the table above. Score against "
                                  "reference C: translations(\"C\") and references_for(..., [\"C\"])."),
        (_against_c(humans=False), "That r leaves out the human translations. Against reference C, A and D "
                                   "are translations to score too (ref-A and ref-D)."),
        (_against_c(method="kendall"), "That is Kendall's tau. The exercise asks for Pearson's r."),
        (right ** 2, "That looks like r squared. Give r itself (it can be negative)."),
    ]
    for wrong, message in slips:
        if agrees(answer, wrong):
            return Feedback(False, message)
    if too_few_decimals(answer, right):
        return Feedback(False, "Close, but rounded too far: give two decimals.")
    return Feedback(False, "Score the translations that have MQM (ts.translations(\"C\")) against reference C with "
                           "bx.explain_systems, then correlate their .score with MQM (hx.system_correlation).")


# --------------------------------------------------------------------------- exercise 2
def _small_gap_agreement(kind: str = "da", limit: float = GAP_LIMIT) -> float:
    pairs = hx.pairwise_agreement(lesson.bleu_scores("zh-en"), lesson.human_scores("zh-en", kind),
                                  systems=lesson.machines("zh-en", kind))
    small = pairs[pairs["gap"] < limit]
    return float(small["agree"].mean())


def _mean_of_bins() -> float:
    pairs = hx.pairwise_agreement(lesson.bleu_scores("zh-en"), lesson.human_scores("zh-en", "da"),
                                  systems=lesson.machines("zh-en", "da"))
    table = hx.agreement_by_gap(pairs, bins=(0.0, 1.0, GAP_LIMIT))
    return float(table["fraction"].mean())


def check_small_gap_agreement(answer: Any) -> Feedback:
    """The fraction of zh-en system pairs with a BLEU gap under 2 points that BLEU orders as DA (z) does."""
    missing = _data_missing()
    if missing:
        return missing
    value = as_number(answer)
    if value is None:
        return Feedback(False, "Give the fraction (between 0 and 1) as a number, e.g. 0.42.")
    right = _small_gap_agreement()
    if agrees(answer, right):
        return Feedback(True, "Yes. On these systems a BLEU lead of under 2 points is little better than a coin "
                              "toss at predicting which system the crowd prefers.")
    if agrees(value / 100, right):  # 56 for 0.56
        return Feedback(False, "Right number, wrong scale: give a fraction between 0 and 1, not a percentage.")
    slips = [
        (1 - right, "That is the fraction where BLEU and DA *disagree*. Count the pairs they order the same way."),
        (_mean_of_bins(), "That is the mean of the two bins' fractions. Pool the pairs instead: the bins hold "
                          "different numbers of pairs."),
        (_small_gap_agreement(limit=1.0), "That counts gaps under 1 point only. Take every gap under 2."),
        (_small_gap_agreement(kind="mqm"), "That uses MQM's 8 systems. The exercise asks about DA (z) over all "
                                           "the systems that have it."),
    ]
    for wrong, message in slips:
        if agrees(answer, wrong):
            return Feedback(False, message)
    if too_few_decimals(answer, right):
        return Feedback(False, "Close, but rounded too far: give two decimals.")
    return Feedback(False, "Build the pairs with hx.pairwise_agreement(BLEU, DA) over the systems with DA, keep "
                           "those with gap < 2, and take the mean of 'agree'.")


def worked_r_against_reference_c() -> str:
    """The worked solution: score every translation with MQM against C, then correlate with MQM."""
    ts = lesson.load_pair("en-de")
    mqm = ts.human("mqm").systems
    names = [n for n in ts.translations("C") if n in mqm]
    humans = [n for n in names if n not in ts.systems]
    return f"""1. Against reference C, the translations with MQM are the {len(names) - len(humans)} machine systems and the
   human translations {", ".join(humans)}: {len(names)} in all.
2. Score each against C with sacreBLEU's defaults (`explain_systems`), and correlate the scores with MQM:
   Pearson's r = {_against_c():.4f}.
3. Against reference A the same correlation is {_against_a(humans=True):.4f}: the human translations still
   score as strangers, whichever human wrote the reference.

```python
import bleu_explain as bx
from bleu_explain.analysis import human as hx
from bleu_explain.data.wmt21 import load_wmt21
ts = load_wmt21("en-de")
mqm = ts.human("mqm").systems
outputs = ts.translations("C")  # every translation that can be scored against C
names = [name for name in outputs if name in mqm]
results = bx.explain_systems({{n: outputs[n] for n in names}}, [[ref] for ref in ts.references["C"]], progress=False)
round(hx.system_correlation({{n: r.score for n, r in results.items()}}, mqm, systems=names).r, 2)
```

Answer: **{_against_c():.2f}**."""


def worked_small_gap_agreement() -> str:
    """The worked solution: every pair of systems with DA, those with a BLEU gap under 2, the share ordered alike."""
    pairs = hx.pairwise_agreement(lesson.bleu_scores("zh-en"), lesson.human_scores("zh-en", "da"),
                                  systems=lesson.machines("zh-en", "da"))
    small = pairs[pairs["gap"] < GAP_LIMIT]
    return f"""1. Score the {len(lesson.machines("zh-en", "da"))} Chinese-English machine systems with DA against reference A,
   and form every pair: {len(pairs)} pairs.
2. Keep the pairs whose BLEU differs by less than {GAP_LIMIT:g} points: {len(small)}.
3. Count those that BLEU orders as DA (z) does: {int(small["agree"].sum())} of {len(small)}. Pool the pairs;
   do not average bins of gaps, which hold different numbers of pairs.

```python
import bleu_explain as bx
from bleu_explain.analysis import human as hx
from bleu_explain.data.wmt21 import load_wmt21
ts = load_wmt21("zh-en")
da = ts.human("da").systems
outputs = ts.translations("A")
names = [n for n in outputs if n in ts.systems and n in da]  # the machine systems with DA
results = bx.explain_systems({{n: outputs[n] for n in names}}, [[ref] for ref in ts.references["A"]], progress=False)
pairs = hx.pairwise_agreement({{n: r.score for n, r in results.items()}}, da, systems=names)
round(float(pairs[pairs["gap"] < {GAP_LIMIT:g}]["agree"].mean()), 2)
```

Answer: **{_small_gap_agreement():.2f}**: little better than a coin toss."""


EXERCISES = [
    Exercise(
        "r_against_reference_c",
        "Score every English-German translation that has MQM against reference C instead of A (so the human "
        "translations A and D are scored too). What is Pearson's r between their BLEU and MQM (two decimals)?",
        check_r_against_reference_c,
        solution=lambda: round(_against_c(), 2),
        mistake=lambda: round(_against_a(humans=True), 2),
        worked=worked_r_against_reference_c,
    ),
    Exercise(
        "small_gap_agreement",
        "Of the pairs of Chinese-English systems whose BLEU differs by less than 2 points, what fraction does BLEU "
        "order the same way as DA (z)? (a fraction between 0 and 1, two decimals)",
        check_small_gap_agreement,
        solution=lambda: round(_small_gap_agreement(), 2),
        mistake=lambda: round(_mean_of_bins(), 2),
        worked=worked_small_gap_agreement,
    ),
]
