"""The doctor traces a number d2l's own ``bleu`` printed back to the d2l preset.

The numbers are d2l 1.0.3's outputs, recorded from its function by ``scripts/oracles/d2l.py``
(``tests/oracles/d2l.json``); the doctor is given each as a learner would report it, to four decimals.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bleu_explain as bx

RECORDED = json.loads((Path(__file__).resolve().parents[1] / "oracles" / "d2l.json").read_text(encoding="utf-8"))
#: Cases at d2l's own k (2, as its book calls it) whose score is neither 0 nor 1, so that it says something.
TRACED = [case for case in RECORDED["cases"]
          if case["k"] == 2 and 0.01 < case["bleu"] < 0.99 and "" not in case["pred"].split(" ")
          and "" not in case["label"].split(" ")][:12]


def test_there_are_cases_to_trace():
    assert len(TRACED) >= 8


@pytest.mark.parametrize("case", TRACED, ids=lambda case: f"{case['pred'][:24]}|{case['bleu']:.4f}")
def test_a_score_d2l_printed_is_traced_to_the_d2l_preset(case):
    reported = f"{case['bleu']:.4f}"
    diagnosis = bx.diagnose([case["pred"]], [[case["label"]]], score=reported)
    d2l_matches = [match for match in diagnosis.matches if match.preset == "d2l"]
    assert d2l_matches, (reported, [m.text() for m in diagnosis.matches])
    assert abs(d2l_matches[0].score - 100 * case["bleu"]) < 1e-9
    assert "score-not-reproduced" not in diagnosis.codes
