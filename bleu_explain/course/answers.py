"""Reading a learner's answer, once for every checker: typed text to a value, a value to a number, and one rule
for when a number is close enough.

An answer reaches a checker either as the value a notebook cell holds (``answer = (15, 0.93)``) or as
text typed into the answer box, which :func:`parse_answer` turns into the same value without running
anything. A checker then reads it with :func:`as_number` (numbers, fractions ``"3/8"`` or ``(3, 8)``),
:func:`as_whole_number`, :func:`as_words` or :func:`as_record` (a dict or a tuple of fields), and
compares a number with the engine's by :func:`agrees`.

**The tolerance rule.** An answer agrees with the computed value to the decimals the learner wrote:
0.93 is right for 0.9311 (within 0.005), 0.9311 too (within 0.00005), 0.9312 is not. A whole
number must be exact; a fraction (``"2/7"``) is exact too, up to rounding error. Writing fewer
decimals than the exercise asks for (``decimals``, two unless its prompt says otherwise) does not
widen the tolerance beyond half a unit of that decimal, so "0.9" for 0.93 fails; the checker can
say so with :func:`too_few_decimals`.

>>> agrees(0.93, 0.9311), agrees("0.9311", 0.9311), agrees(0.9312, 0.93106), agrees(0.9, 0.93)
(True, True, False, False)
>>> agrees("2/7", 2 / 7), agrees(0.29, 2 / 7), agrees(15, 15), agrees(15, 14.6)
(True, True, True, False)
"""

from __future__ import annotations

import ast
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from numbers import Integral, Real
from typing import Any, Optional

#: Decimals an exercise asks for unless its prompt says otherwise: the floor of the tolerance rule.
DECIMALS = 2
#: However many decimals were written, a difference this small (relative to the value, at least 1) is rounding
#: error: an answer computed another way (``math.exp`` by hand against the engine) still agrees.
ROUNDING_ERROR = 1e-12
#: Typed answers longer than this are taken as text, never parsed.
MAX_PARSED_LENGTH = 2000
_WORDS = {"true": True, "false": False}


# --------------------------------------------------------------------------- typed text -> value
class _Unreadable(Exception):
    """A piece of a typed answer that is not a plain value."""


def _value(node: ast.AST) -> Any:
    """A plain value from a parsed answer: numbers, text, True/False/None, a/b, tuples, lists, dicts."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, (bool, int, float, str))):
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd))
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) in (int, float)):
        number: float = node.operand.value  # type: ignore[assignment]  # an int or a float, tested above
        return -number if isinstance(node.op, ast.USub) else number
    if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.left, ast.Constant)
            and isinstance(node.right, ast.Constant) and type(node.left.value) is int and type(node.right.value) is int):
        return f"{node.left.value}/{node.right.value}"  # kept as written: "4/10" is not "2/5" to a checker
    if isinstance(node, ast.Tuple):
        return tuple(_value(e) for e in node.elts)
    if isinstance(node, ast.List):
        return [_value(e) for e in node.elts]
    if isinstance(node, ast.Dict) and all(k is not None for k in node.keys):
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values)}  # type: ignore[arg-type]
    if isinstance(node, ast.Name):  # an unquoted word: true/false, or the word itself
        return _WORDS.get(node.id.lower(), node.id)
    raise _Unreadable(type(node).__name__)


def parse_answer(text: str) -> Any:
    """A typed answer as the value a cell would hold: nothing is ever executed.

    Numbers, fractions (kept as written, ``"2/7"``), tuples, lists and dicts are read
    as Python literals; an unquoted word is text; anything else (a sentence) is the
    text itself.

    >>> parse_answer("12.34"), parse_answer(" 2/7 "), parse_answer("(4, 7)"), parse_answer("2/7, 1/7")
    (12.34, '2/7', (4, 7), ('2/7', '1/7'))
    >>> parse_answer("{'p_value': 0.03, 'significant': true}"), parse_answer("tok, case")
    ({'p_value': 0.03, 'significant': True}, ('tok', 'case'))
    >>> parse_answer("it is a ship"), parse_answer('"ship"'), parse_answer("__import__('os')"), parse_answer("")
    ('it is a ship', 'ship', "__import__('os')", None)
    """
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_PARSED_LENGTH:
        return text
    try:
        return _value(ast.parse(text, mode="eval").body)
    except (_Unreadable, SyntaxError, ValueError, TypeError, RecursionError, MemoryError):
        return text


def read_as(text: str) -> str | None:
    """How a typed answer was read, when that is not plainly the text itself (shown under the feedback).

    >>> read_as("2/7, 1/7"), read_as("48.89"), read_as("it is a ship"), read_as("4/10")
    ("('2/7', '1/7')", None, None, None)
    """
    value = parse_answer(text)
    if value is None or isinstance(value, str) or repr(value) == text.strip():
        return None
    return repr(value)


def answer_hint(example: Any) -> str:
    """What a typed answer should look like, from the shape of the cell's answer (never its value).

    >>> answer_hint((None, None)), answer_hint({"p_value": None, "significant": True}), answer_hint(["version"])
    ('(…, …)', "{'p_value': …, 'significant': …}", '["…", …]')
    """
    if isinstance(example, tuple) and example:
        return "(" + ", ".join("…" for _ in example) + ")"
    if isinstance(example, list):
        return '["…", …]'
    if isinstance(example, Mapping) and example:
        return "{" + ", ".join(f"{key!r}: …" for key in example) + "}"
    if isinstance(example, str):
        return "your text, no quotes needed"
    return "a number, a fraction like 3/8, or text"


# --------------------------------------------------------------------------- value -> number, words, fields
def as_fraction_parts(answer: Any) -> tuple[int, int] | None:
    """Numerator and denominator when the answer was written as a fraction (``"4/10"`` or ``(4, 10)``), else None.

    >>> as_fraction_parts("4/10"), as_fraction_parts((4, 10)), as_fraction_parts(0.4)
    ((4, 10), (4, 10), None)
    """
    if isinstance(answer, tuple) and len(answer) == 2 and all(
            isinstance(x, Integral) and not isinstance(x, bool) for x in answer):
        return int(answer[0]), int(answer[1])
    if isinstance(answer, str) and answer.count("/") == 1:
        top, bottom = answer.replace(" ", "").split("/")
        if top.isdigit() and bottom.isdigit():
            return int(top), int(bottom)
    return None


def as_number(answer: Any) -> float | None:
    """A number given as ``0.625``, ``"0.625"``, ``"5/8"``, ``Fraction(5, 8)`` or ``(5, 8)``; None if it is none of these.

    >>> as_number("5/8"), as_number((5, 8)), as_number(0.625), as_number(" 0.625 "), as_number(5)
    (0.625, 0.625, 0.625, 0.625, 5.0)
    >>> as_number("five"), as_number(True), as_number("1/0"), as_number(None), as_number(float("nan"))
    (None, None, None, None, None)
    """
    if isinstance(answer, bool) or answer is None:
        return None
    if isinstance(answer, tuple):
        parts = as_fraction_parts(answer)
        return parts[0] / parts[1] if parts and parts[1] else None
    if isinstance(answer, str):
        try:
            answer = Fraction(answer.replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            return None
    if isinstance(answer, Real):
        value = float(answer)
        return value if math.isfinite(value) else None
    return None


def as_whole_number(answer: Any) -> int | None:
    """A whole number given as ``7``, ``7.0`` or ``"7"``; None for anything else (``7.5``, ``True``, a word).

    >>> as_whole_number(7), as_whole_number(7.0), as_whole_number("7"), as_whole_number(7.5), as_whole_number(True)
    (7, 7, 7, None, None)
    """
    if isinstance(answer, Integral) and not isinstance(answer, bool):
        return int(answer)
    value = as_number(answer) if not isinstance(answer, tuple) else None
    return int(value) if value is not None and value.is_integer() else None


def as_words(answer: Any) -> list[str] | None:
    """Words given as one text (``"tok, case"`` or ``"tok case"``) or as a list, tuple or set of texts; None else.

    >>> as_words("tok, case"), as_words(["nrefs ", "case"]), as_words(("tok",)), as_words(3), as_words([])
    (['tok', 'case'], ['nrefs', 'case'], ['tok'], None, None)
    """
    if isinstance(answer, str):
        words = answer.replace(",", " ").split()
    elif isinstance(answer, (list, tuple, set, frozenset)) and all(isinstance(a, str) for a in answer):
        words = [a.strip() for a in answer if a.strip()]
    else:
        return None
    return words or None


def as_record(answer: Any, fields: Sequence[str]) -> tuple[Any, ...] | None:
    """The values of ``fields`` from a dict with those keys or a tuple/list of that many values, in order; else None.

    >>> as_record({"p_value": 0.03, "significant": True}, ("p_value", "significant")), as_record((0.03, True), "ab")
    ((0.03, True), (0.03, True))
    >>> as_record({"p": 0.03}, ("p_value", "significant")), as_record(0.03, ("p_value", "significant"))
    (None, None)
    """
    if isinstance(answer, Mapping):
        return tuple(answer[f] for f in fields) if all(f in answer for f in fields) else None
    if isinstance(answer, (tuple, list)) and len(answer) == len(fields):
        return tuple(answer)
    return None


# --------------------------------------------------------------------------- close enough
def decimals_written(answer: Any) -> int | None:
    """How many decimals the answer was written with: 0 for a whole number, None for an exact fraction.

    A float's decimals are those of its shortest form (``0.930`` typed is the float 0.93: two).

    >>> decimals_written(0.93), decimals_written("0.9300"), decimals_written(15), decimals_written(1e-05)
    (2, 4, 0, 5)
    >>> decimals_written("2/7"), decimals_written((2, 7)), decimals_written("x")
    (None, None, None)
    """
    if isinstance(answer, Integral) and not isinstance(answer, bool):
        return 0
    if isinstance(answer, str) and "/" not in answer:
        text = answer.strip()
    elif isinstance(answer, float) or (isinstance(answer, Real) and not isinstance(answer, (bool, Fraction))):
        text = repr(float(answer))
    else:
        return None
    try:
        exponent = Decimal(text).as_tuple().exponent
    except InvalidOperation:
        return None
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def agrees(answer: Any, value: float | None, decimals: int = DECIMALS) -> bool:
    """Whether ``answer`` is ``value`` to the decimals the learner wrote (at least ``decimals`` count; see above).

    >>> agrees(0.93, 0.93106), agrees(0.931, 0.93106), agrees(0.9311, 0.93106), agrees(0.93, 0.936)
    (True, True, True, False)
    >>> agrees(4.2, 4.23, decimals=1), agrees(4.2, 4.23), agrees(36.79, 36.787944), agrees(37, 36.787944)
    (True, False, True, False)
    >>> agrees("five", 5), agrees(None, 5), agrees(5, None)
    (False, False, False)
    """
    number = as_number(answer)
    if number is None or value is None or not math.isfinite(value):
        return False
    written = decimals_written(answer)
    tolerance = ROUNDING_ERROR * max(1.0, abs(value))
    if written:  # half a unit of the last decimal written, but never coarser than the exercise's decimals
        tolerance = max(tolerance, 0.5 * 10.0 ** -max(written, decimals) * (1 + ROUNDING_ERROR))
    return abs(number - value) <= tolerance


def too_few_decimals(answer: Any, value: float, decimals: int = DECIMALS) -> bool:
    """Whether the answer is ``value`` rounded to fewer decimals than the exercise asks for (say so, not "wrong").

    >>> too_few_decimals(0.9, 0.93), too_few_decimals(0.93, 0.93), too_few_decimals(0.8, 0.93)
    (True, False, False)
    """
    written = decimals_written(answer)
    number = as_number(answer)
    return (written is not None and written < decimals and number is not None
            and abs(number - value) <= 0.5 * 10.0 ** -written * (1 + ROUNDING_ERROR))


# --------------------------------------------------------------------------- right, but written another way
#: The two scales BLEU and its parts are written on: the paper's 0 to 1, sacreBLEU's 0 to 100 (and percentages).
UNIT_SCALE, PERCENT_SCALE = "0–1", "0–100"
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
#: A whole number counts as a rounding of a value only from this size on (38 for 37.68; never 1 for 0.82).
WHOLE_ROUNDING_FROM = 10


def number_in_words(n: int) -> str:
    """A small count in words, a larger one in digits.

    >>> number_in_words(2), number_in_words(12)
    ('two', '12')
    """
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


@dataclass(frozen=True)
class Slip:
    """A right value written another way: on the other scale (``written_on``, the scale of the answer), or rounded
    to fewer decimals than asked (``written``, the decimals it has), or both.

    >>> print(Slip(expected=UNIT_SCALE, written_on=PERCENT_SCALE).words("BP"))
    right, but on the 0–100 scale: give BP on the 0–1 scale
    >>> print(Slip(expected=UNIT_SCALE, written=1, decimals=2).words())
    right to one decimal: give two
    >>> print(Slip(expected=PERCENT_SCALE, written_on=UNIT_SCALE, written=2, decimals=2).words("the score"))
    right, but on the 0–1 scale and rounded: give the score on the 0–100 scale, to two decimals
    """

    expected: str
    written_on: Optional[str] = None
    written: Optional[int] = None
    decimals: int = DECIMALS

    def words(self, what: str = "it") -> str:
        """What to say, in lower case (a message or one half of a pair's starts with it)."""
        asked = f"{number_in_words(self.decimals)} decimal{'s' if self.decimals != 1 else ''}"
        if self.written_on and self.written is not None:
            return (f"right, but on the {self.written_on} scale and rounded: give {what} on the {self.expected} "
                    f"scale, to {asked}")
        if self.written_on:
            return f"right, but on the {self.written_on} scale: give {what} on the {self.expected} scale"
        if self.written == 0:
            return f"right to a whole number: give {asked}"
        written = f"{number_in_words(self.written or 0)} decimal{'s' if self.written != 1 else ''}"
        return f"right to {written}: give {number_in_words(self.decimals)}"


def _rounded_short(answer: Any, value: float, decimals: int) -> Optional[int]:
    """The decimals written, when the answer is ``value`` rounded to fewer of them than ``decimals``; else None."""
    written = decimals_written(answer)
    if written is None or not too_few_decimals(answer, value, decimals):
        return None
    if written == 0 and abs(value) < WHOLE_ROUNDING_FROM:
        return None  # 1 for 0.82 is no rounding of it, and 0 for 0.004 says nothing
    return written


def slip(answer: Any, value: Optional[float], decimals: int = DECIMALS, scale: str = UNIT_SCALE) -> Optional[Slip]:
    """How ``answer`` is ``value`` written another way, when it is not ``value`` as asked: on the other scale (100
    times a 0–1 value, a hundredth of a 0–100 one), rounded to fewer decimals than ``decimals``, or both; None
    when it is right as asked, or not ``value`` at all. ``scale`` is the scale ``value`` is on.

    >>> slip(81.87, 0.81873), slip(0.8, 0.81873), slip(0.82, 0.81873), slip(0.75, 0.81873)
    (Slip(expected='0–1', written_on='0–100', written=None, decimals=2), Slip(expected='0–1', written_on=None, written=1, decimals=2), None, None)
    >>> slip(0.3768, 37.685, scale=PERCENT_SCALE).written_on, slip(38, 37.685, scale=PERCENT_SCALE).written
    ('0–1', 0)
    >>> slip(1, 0.81873), slip(40, 0.4), slip("2/5", 0.4), slip("40%", 0.4).written_on
    (None, Slip(expected='0–1', written_on='0–100', written=None, decimals=2), None, '0–100')
    """
    if isinstance(answer, str) and answer.strip().endswith("%"):  # "40%" typed: a number on the 0-100 scale
        answer = answer.strip()[:-1]
    if value is None or not math.isfinite(value) or as_number(answer) is None or agrees(answer, value, decimals):
        return None
    other = PERCENT_SCALE if scale == UNIT_SCALE else UNIT_SCALE
    factor, shift = (100.0, -2) if scale == UNIT_SCALE else (0.01, 2)  # 0.8187 is 81.87 with two decimals fewer
    if value != 0:
        moved, moved_decimals = value * factor, max(decimals + shift, 0)
        if agrees(answer, moved, moved_decimals):
            return Slip(expected=scale, written_on=other, decimals=decimals)
        written = _rounded_short(answer, moved, moved_decimals)
        if written is not None:
            return Slip(expected=scale, written_on=other, written=written, decimals=decimals)
    written = _rounded_short(answer, value, decimals)
    return None if written is None else Slip(expected=scale, written=written, decimals=decimals)
