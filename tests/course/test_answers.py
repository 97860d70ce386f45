"""The one answer reader and the one tolerance rule every checker uses."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import examples

from bleu_explain.course.answers import (
    agrees,
    as_number,
    as_record,
    as_whole_number,
    as_words,
    decimals_written,
    parse_answer,
    slip,
    too_few_decimals,
)

COURSE = Path(__file__).resolve().parents[2] / "bleu_explain" / "course"


# --------------------------------------------------------------------------- value -> number, words, fields
@pytest.mark.parametrize("answer, number", [
    (0.625, 0.625), ("0.625", 0.625), (" 5/8 ", 0.625), ((5, 8), 0.625), (Fraction(5, 8), 0.625), (5, 5.0),
    (np.float64(0.625), 0.625), (np.int64(5), 5.0), ("1e-3", 0.001),
    (True, None), (None, None), ("five", None), ("5/0", None), ((5, 0), None), ((5, 8, 1), None),
    (float("inf"), None), ("nan", None), ([5, 8], None),
])
def test_as_number_reads_numbers_fractions_and_pairs(answer, number):
    assert as_number(answer) == number


def test_whole_numbers_words_and_records():
    assert [as_whole_number(a) for a in (7, 7.0, "7", np.int64(7), 7.5, "7.5", True, None, (7, 1))] == \
        [7, 7, 7, 7, None, None, None, None, None]
    assert as_words("nrefs, case") == as_words("nrefs case") == as_words(["nrefs", " case "]) == ["nrefs", "case"]
    assert as_words({"tok"}) == ["tok"] and as_words("") is None and as_words([1, 2]) is None
    assert as_record([0.5, False], ("p_value", "significant")) == (0.5, False)
    assert as_record({"p_value": 0.5}, ("p_value", "significant")) is None


# --------------------------------------------------------------------------- the tolerance rule
@pytest.mark.parametrize("answer, written", [
    (0.93, 2), ("0.930", 3), (0.9311, 4), (15, 0), (15.0, 1), ("15", 0), (1e-05, 5), (np.float64(0.25), 2),
    ("2/7", None), ((2, 7), None), (Fraction(2, 7), None), ("x", None), (True, None),
])
def test_decimals_written(answer, written):
    assert decimals_written(answer) == written


def test_the_rule_as_the_course_states_it():
    value = 0.93106
    assert agrees(0.93, value) and agrees(0.931, value) and agrees(0.9311, value)
    assert not agrees(0.9312, value) and not agrees(0.94, value)
    assert not agrees(0.9, value), "the floor: fewer decimals than asked do not widen the tolerance"
    assert too_few_decimals(0.9, value) and not too_few_decimals(0.93, value) and not too_few_decimals(0.8, value)
    assert agrees(15, 15) and not agrees(15, 15.4), "a whole number is exact"
    assert agrees("2/7", 2 / 7) and agrees((2, 7), 2 / 7) and not agrees("2/7", 0.2857)
    assert agrees(4.2, 4.23, decimals=1) and not agrees(4.2, 4.23)
    assert agrees(0.1 + 0.2, 0.3), "rounding error is never a mistake"


@settings(max_examples=examples(200))
@given(value=st.floats(-1000, 1000, allow_nan=False), decimals=st.integers(2, 6))
def test_a_value_rounded_to_the_decimals_asked_agrees_and_one_unit_off_does_not(value, decimals):
    rounded = round(value, decimals)
    assert agrees(rounded, value, decimals)
    unit = 10.0 ** -decimals
    assume(abs(abs(value - rounded) - unit / 2) > unit * 1e-6)  # a value half-way between two roundings agrees with both
    assert not agrees(round(rounded + unit, decimals), value, decimals)
    assert not agrees(round(rounded - unit, decimals), value, decimals)


@settings(max_examples=examples(100))
@given(st.text(max_size=40))
def test_typed_text_gives_a_value_never_an_error(text):
    value = parse_answer(text)
    # whatever was typed, the readers answer with a value or None, never an exception
    as_number(value), as_whole_number(value), as_words(value), agrees(value, 0.5), decimals_written(value)


def test_no_checker_keeps_a_tolerance_or_a_reader_of_its_own():
    """Every checker in course/ compares numbers with agrees() and reads answers with answers.py."""
    offenders = []
    for path in sorted(COURSE.rglob("*.py")):
        if path.name == "answers.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and "TOLERANCE" in node.id:
                offenders.append(f"{path.name}: {node.id}")
            if isinstance(node, ast.FunctionDef) and node.name in {"close", "_close", "as_float", "_as_number",
                                                                   "read_answer", "_as_int", "_as_fields"}:
                offenders.append(f"{path.name}: def {node.name}")
    assert offenders == []


# --------------------------------------------------------------------------- right, but written another way
@pytest.mark.parametrize("answer, value, scale, said", [
    (81.87, 0.81873, "0–1", "right, but on the 0–100 scale: give it on the 0–1 scale"),
    ("81.87%", 0.81873, "0–1", "right, but on the 0–100 scale: give it on the 0–1 scale"),
    (0.8, 0.81873, "0–1", "right to one decimal: give two"),
    (0.3768, 37.685, "0–100", "right, but on the 0–1 scale: give it on the 0–100 scale"),
    (0.38, 37.685, "0–100", "right, but on the 0–1 scale and rounded: give it on the 0–100 scale, to two decimals"),
    (38, 37.685, "0–100", "right to a whole number: give two decimals"),
    (37.7, 37.685, "0–100", "right to one decimal: give two"),
])
def test_a_right_value_written_another_way_is_named(answer, value, scale, said):
    found = slip(answer, value, scale=scale)
    assert found is not None and found.words() == said


@pytest.mark.parametrize("answer, value, scale", [
    (0.82, 0.81873, "0–1"),  # right as asked
    (1, 0.81873, "0–1"),  # BP = 1 is a mistake of understanding, not a rounding of 0.82
    (0.75, 0.81873, "0–1"), (82.5, 0.81873, "0–1"), ("2/5", 0.4, "0–1"), ("x", 0.4, "0–1"), (0, 0.004, "0–1"),
    (37.68, 37.685, "0–100"), (37, 37.685, "0–100"),
])
def test_a_wrong_value_or_a_right_one_is_no_slip(answer, value, scale):
    assert slip(answer, value, scale=scale) is None


@settings(max_examples=examples(100))
@given(value=st.floats(0.001, 0.999), decimals=st.integers(2, 4))
def test_every_value_on_the_other_scale_is_said_so(value, decimals):
    percent = round(value * 100, max(decimals - 2, 0) + 2)
    found = slip(percent, value, decimals)
    assert found is not None and found.written_on == "0–100"
