"""The d2l preset next to Dive into Deep Learning's own ``d2l.bleu(pred_seq, label_seq, k)``.

Two oracles, both d2l's own function (never a copy of it):

(a) the outputs ``scripts/oracles/d2l.py`` recorded from it (``tests/oracles/d2l.json``: the inputs, the
    outputs, d2l's and Python's versions); compared on every run, it needs nothing installed;
(b) the function itself, taken out of the d2l wheel at test time (``make test`` downloads the pinned wheel
    into ``.venv/oracle-wheels``; ``BLEU_EXPLAIN_D2L_WHEEL`` may name another), on Hypothesis' texts and on
    hand cases. Without the wheel these tests skip and say why.

d2l computes in Python floats (math.exp, math.pow) and the preset does the same operations in the same
order, so the scores must be equal to the last bit.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from conftest import count_oracle
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

import bleu_explain as bx
from bleu_explain.engine.errors import BleuInputError, OutsideToolError

ROOT = Path(__file__).resolve().parents[1]


def _oracle_module():
    spec = importlib.util.spec_from_file_location("d2l_oracle", ROOT / "scripts" / "oracles" / "d2l.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ORACLE = _oracle_module()
RECORDED = json.loads((ROOT / "tests" / "oracles" / "d2l.json").read_text(encoding="utf-8"))


def preset_bleu(pred: str, label: str, k: int) -> float:
    return bx.explain(pred, label, preset="d2l", k=k).bleu


# --------------------------------------------------------------------------- (a) the recorded outputs
def test_the_record_says_what_it_holds():
    assert RECORDED["d2l_version"] == ORACLE.D2L_VERSION and RECORDED["python_version"]
    cases = RECORDED["cases"]
    assert len(cases) >= 300
    assert {"", " ", "a  b"} <= {c["pred"] for c in cases}  # the edge cases are there
    assert any(c["k"] > len(c["pred"].split(" ")) for c in cases)  # k above the candidate's length
    assert sum(c["bleu"] > 0 for c in cases) >= 100 and sum(c["bleu"] == 0 for c in cases) >= 50


def test_every_recorded_case_to_the_last_bit():
    ours = [preset_bleu(c["pred"], c["label"], c["k"]) for c in RECORDED["cases"]]
    different = [(c, mine) for c, mine in zip(RECORDED["cases"], ours) if mine != c["bleu"]]
    count_oracle("d2l-recorded", len(RECORDED["cases"]))
    assert different == []


def test_the_generator_gives_the_recorded_cases():
    # the record is what the script writes today (same seed, same cases)
    assert ORACLE.generate_cases() == [{k: c[k] for k in ("pred", "label", "k")} for c in RECORDED["cases"]]


# --------------------------------------------------------------------------- (b) d2l's function from the wheel
WHEEL = ORACLE.find_wheel()
needs_wheel = pytest.mark.skipif(
    WHEEL is None, reason=f"the d2l wheel is not here: `make test` fetches it (pip download --no-deps "
    f"d2l=={ORACLE.D2L_VERSION} -d .venv/oracle-wheels), or set BLEU_EXPLAIN_D2L_WHEEL")


@pytest.fixture(scope="module")
def d2l_bleu():
    assert WHEEL is not None
    return ORACLE.load_bleu(WHEEL)


HAND_CASES = [
    ("il est riche .", "il est calme .", 2),  # the book's "he's calm ." pair
    ("", "", 2), ("", "a b", 2), ("a b", "", 2), (" ", " ", 4),
    ("a  b", "a b", 2), ("a  b", "a  b", 3), ("a b ", "a b", 2), (" a", "a", 2),  # double and edge spaces
    ("a\tb c", "a b c", 2),  # a tab stays inside a token
    ("a b", "a b c d", 4), ("a", "a", 8), ("a b c", "a b c", 100),  # k above the candidate's length
    ("x y z", "a b c", 2), ("a x b y", "a b", 3),  # no match; no bigram match
    ("the the the the", "the cat the mat", 2),  # clipping
]


@needs_wheel
@pytest.mark.parametrize("pred, label, k", HAND_CASES)
def test_hand_cases(d2l_bleu, pred, label, k):
    count_oracle("d2l")
    assert preset_bleu(pred, label, k) == d2l_bleu(pred, label, k)


TOKENS = st.sampled_from(["the", "cat", "a", "mat", ".", "", "Ünï", "猫", "x\ty"])
TEXTS = st.lists(TOKENS, max_size=12).map(" ".join)


@needs_wheel
@settings(max_examples=examples(300), deadline=None)
@given(pred=TEXTS, label=TEXTS, k=st.integers(1, 7))
def test_random_texts(d2l_bleu, pred, label, k):
    count_oracle("d2l")
    assert preset_bleu(pred, label, k) == d2l_bleu(pred, label, k)


@needs_wheel
@settings(max_examples=examples(200), deadline=None)
@given(pred=TEXTS, edits=st.lists(st.tuples(st.integers(0, 12), TOKENS), max_size=3), k=st.integers(1, 5))
def test_references_close_to_the_candidate(d2l_bleu, pred, edits, k):
    tokens = pred.split(" ")
    for at, token in edits:
        tokens[at % len(tokens)] = token
    label = " ".join(tokens)
    count_oracle("d2l")
    assert preset_bleu(pred, label, k) == d2l_bleu(pred, label, k)


@needs_wheel
def test_record_runs_the_function_it_reads(d2l_bleu):
    cases = [{"pred": "il est riche .", "label": "il est calme .", "k": 2}]
    assert ORACLE.record(cases, WHEEL) == [{"bleu": d2l_bleu("il est riche .", "il est calme .", 2)}]


# --------------------------------------------------------------------------- what d2l cannot take
def test_two_references_say_what_d2l_defines():
    with pytest.raises(OutsideToolError, match="one candidate string and one reference string; this input has 2 "
                                               "references"):
        bx.explain("a b", ["a b", "a c"], preset="d2l")


def test_a_corpus_says_what_d2l_defines():
    with pytest.raises(OutsideToolError, match="a corpus of 2 segments"):
        bx.explain_corpus(["a", "b"], [["a"], ["b"]], preset="d2l")
    with pytest.raises(OutsideToolError, match="a corpus of 2 segments"):
        bx.explain_systems({"A": ["a", "b"]}, [["a"], ["b"]], preset="d2l")
    # one segment with one reference is d2l's pair
    assert bx.explain_corpus(["a b"], [["a b"]], preset="d2l").bleu == 1.0
    assert bx.explain_corpus(["a b"], ["a b"], preset="d2l").bleu == 1.0  # label_seq as d2l takes it


@pytest.mark.parametrize("setting, says", [
    ({"smooth": "exp"}, "smooth='exp' is not a setting of d2l's bleu.*does not smooth"),
    ({"tokenize": "13a"}, "tokenize='13a' is not a setting of d2l's bleu.*single spaces"),
    ({"lowercase": True}, "lowercase=True is not a setting"),
    ({"weights": [0.5, 0.5]}, "weights=.*1/2\\^n"),
    ({"ref_length": "shortest"}, "one reference"),
    ({"effective_order": True}, "effective_order=True is not a setting"),
    ({"k": 0}, "max_order must be at least 1"),
    ({"k": 2, "max_order": 3}, "k=2 and max_order=3 disagree"),
])
def test_settings_d2l_has_no_notion_of(setting, says):
    with pytest.raises(BleuInputError, match=says):
        bx.explain("a b", "a b", preset="d2l", **setting)


def test_k_is_d2l_only():
    with pytest.raises(BleuInputError, match="k is d2l's name for max_order"):
        bx.explain("a b", ["a b"], k=2)


def test_k_defaults_to_the_books_two_and_orders_above_the_candidate_are_not_reached():
    r = bx.explain("a b", "a b c", preset="d2l")
    assert r.config.max_order == 2 and r.breakdown.weights == (0.5, 0.25)
    r = bx.explain("a b", "a b c", preset="d2l", k=4)
    assert [f.kind for f in r.breakdown.fates] == ["used", "used", "dropped", "dropped"]
    assert r.breakdown.orders_used == 2 and r.breakdown.weights == (0.5, 0.25, 0.0, 0.0)
    combination = r.steps()[-1]
    assert "order 3 is not reached: d2l's loop runs over orders 1..min(k, len_pred) = 1..2" in combination.lines
    assert "1/2^n" in combination.text


def test_compare_reports_d2l_where_it_cannot_score_and_leaves_it_out_by_default():
    table = bx.compare("a b", ["a b", "a c"], presets=["d2l", "nltk"])
    assert "one reference string" in table.loc["d2l", "error"]
    assert "d2l" not in bx.compare("a b", ["a b", "a c"]).index
    assert "d2l" in bx.compare("a b", ["a b"]).index
    with pytest.raises(BleuInputError, match="references must be a list of strings, got None"):
        bx.compare("a b", None)  # the input's own error, not one from choosing the presets
