"""Exercises of notebook 10 (does BLEU agree with people? systems), on the WMT21 data.

>>> [ex.name for ex in EXERCISES]
['r_against_reference_c']
"""

from __future__ import annotations

from typing import Any

from ..analysis import human as hx
from ..data.parsed_cache import load_wmt21_cached
from .exercise import Exercise, Feedback
from .wmt21_checks import bleu_scores, check_on_wmt21, solution_code


def _against(reference: str = "C", humans: bool = True, method: str = "pearson") -> float:
    """r of en-de BLEU against ``reference`` with MQM, over the translations with MQM (machines only unless humans)."""
    ts = load_wmt21_cached("en-de")
    mqm = ts.human("mqm").systems
    names = ts.judged("mqm", reference, humans=humans)
    return hx.system_correlation(bleu_scores("en-de", reference, names), mqm, systems=names, method=method).r


def check_r_against_reference_c(answer: Any) -> Feedback:
    """Pearson's r of BLEU against reference C with MQM, over the 8 machine systems and human translations A, D."""
    slips = [
        (lambda _: _against("A"), "That is r against reference A, from section 3. Score against reference C: "
                                  "translations(\"C\") and references(de, (\"C\",))."),
        (lambda _: _against(humans=False), "That r leaves out the human translations A and D."),
        (lambda _: _against(method="kendall"), "That is Kendall's tau; the exercise asks for Pearson's r."),
        (lambda r: r * r, "That looks like r squared. Give r itself (it can be negative)."),
    ]
    return check_on_wmt21(answer, _against, "Yes. Compare it with r against reference A: the human translations are "
                          "still scored as strangers, because a human translation shares fewer n-grams with another "
                          "human translation than the machines share with each other.", slips,
                          "Score the translations that have MQM (de.translations(\"C\")) against reference C, then "
                          "correlate their BLEU with MQM (hx.system_correlation).")


def worked_r_against_reference_c() -> str:
    return f"""1. Against reference C, the translations with MQM are the 8 machine systems and human translations A and D.
2. Score each against C with sacreBLEU's defaults and correlate with MQM: r = {_against():.4f} (against reference
   A: {_against("A"):.4f}). The human translations still score as strangers, whoever wrote the reference.

{solution_code("en-de", 'name in ts.human("mqm").systems', "C",
               'round(hx.system_correlation(bleu, ts.human("mqm").systems).r, 2)')}

Answer: **{_against():.2f}**."""


EXERCISES = [
    Exercise("r_against_reference_c", "Score every English-German translation that has MQM against reference C "
             "instead of A (so the human translations A and D are scored too). What is Pearson's r between their "
             "BLEU and MQM (two decimals)?", check_r_against_reference_c, solution=lambda: round(_against(), 2),
             mistake=lambda: round(_against("A"), 2), worked=worked_r_against_reference_c),
]
