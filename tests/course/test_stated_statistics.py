"""Every statistic the prose of notebooks 08, 10 and 11 states is shown first by a cell that computes it.

A number typed into prose goes stale the day the data, a seed or the code changes; the course's rule is that a
statistic in prose is one a visible cell printed above it (or a figure quoted from ``data/published.py`` with its
source). This test reads each built notebook in order and, for every markdown cell, finds the statistics it states:

* every decimal number (``0.425``, ``−0.63``, ``[0.043, 0.121]``), and
* every count stated as "N of M" (``26 of the 28``).

Each must appear in the output of a code cell *before* it: printed as written, or printed with more decimals and
rounding to it; or be the value of a fraction written beside it (``1/1,001 = 0.000999...``: arithmetic, not data). A handful of numbers are not statistics of the data but constants of the method (the level 0.05, a
coin's one half, the normal quantile 1.96, the r of 0.8 the primer picks as an example): :data:`CONSTANTS` lists
them, each with why. Numbers in code spans (between backticks), in links and in headings are not statements of a
result. The check itself is tested on a made-up notebook: a stale number is found.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from pathlib import Path

import nbformat
import pytest

from bleu_explain.data import published

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ("08_is_the_difference_real", "10_agreement_of_systems", "11_agreement_of_segments")

#: Numbers that are constants of a method or an example's own input, not results: the value and why.
CONSTANTS = {
    "0.05": "the significance level every test is read at",
    "0.5": "one half: a coin toss, a calibrated median p",
    "1.96": "the normal quantile of a 95% interval (Fisher's interval by hand)",
    "0.8": "the r the primer picks to show Fisher's interval on eight systems",
    "0.10": "two one-sided tests at 0.05 make one two-sided test at 0.10 (arithmetic of the level)",
    "0.1": "the same level written short",
    "2.5": "2.5% in each tail of a 95% interval",
}
_NUMBER = re.compile(r"(?<![\w.])[−-]?\d+(?:,\d{3})*\.\d+(?![\w.]*\d)")
_OF = re.compile(r"\b(\d[\d,]*) of (?:the |its )?(\d[\d,]*)\b")
_FRACTION = re.compile(r"\b(\d[\d,]*)/(\d[\d,]*) = ([−-]?\d+\.\d+)")


def _plain(number: str) -> str:
    return number.replace("−", "-").replace(",", "")


def prose(text: str) -> str:
    """A markdown cell without what states no result: code spans, links' targets, headings, HTML."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]+>", " ", text)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def shown(outputs: list) -> str:
    """What a code cell printed or displayed, as text."""
    parts = []
    for output in outputs:
        parts.append(output.get("text", ""))
        data = output.get("data", {})
        parts.append(data.get("text/plain", "") + "\n" + data.get("text/markdown", ""))
    return "\n".join(parts)


def printed_numbers(text: str) -> set[str]:
    return {_plain(n) for n in re.findall(r"[−-]?\d+(?:,\d{3})*(?:\.\d+)?", text)}


def rounds_to(stated: str, printed: set[str]) -> bool:
    """Whether a printed number is the stated one, or rounds to it (half up or half even)."""
    if stated in printed:
        return True
    places = Decimal(1).scaleb(-len(stated.split(".")[1])) if "." in stated else Decimal(1)
    target = Decimal(stated)
    for value in printed:
        number = Decimal(value)
        if any(number.quantize(places, rounding=mode) == target for mode in (ROUND_HALF_UP, ROUND_HALF_EVEN)):
            return True
    return False


def is_value_of(numerator: str, denominator: str, written: str) -> bool:
    """Whether ``written`` is numerator / denominator, rounded or cut to its decimals ("0.000999..." for 1/1,001)."""
    exact, value = int(_plain(numerator)) / int(_plain(denominator)), float(_plain(written))
    step = 10 ** -len(_plain(written).split(".")[1])
    return abs(exact - value) <= step / 2 or value <= exact < value + step


def published_values() -> set[str]:
    values = set()
    for name in dir(published):
        record = getattr(published, name)
        records = record.values() if isinstance(record, dict) else [record]
        values |= {_plain(repr(r.value)) for r in records if isinstance(r, published.Published)}
    return values


def unsupported(cells: list) -> list[str]:
    """Every statistic stated in prose that no earlier output shows, as "cell N: number"."""
    quoted = published_values()
    printed: set[str] = set()
    missing = []
    for index, cell in enumerate(cells):
        if cell.cell_type == "code":
            printed |= printed_numbers(shown(cell.get("outputs", [])))
            continue
        text = prose(cell.source)
        arithmetic = {_plain(x) for a, b, x in _FRACTION.findall(text) if is_value_of(a, b, x)}
        stated = [_plain(n) for n in _NUMBER.findall(text) if _plain(n) not in arithmetic]
        stated += [_plain(n) for pair in _OF.findall(text) for n in pair]
        for number in stated:
            if number in CONSTANTS or number in quoted or rounds_to(number, printed):
                continue
            missing.append(f"cell {index}: {number}")
    return missing


@pytest.mark.parametrize("stem", NOTEBOOKS)
def test_every_statistic_in_prose_is_shown_by_a_cell_above_it(stem):
    cells = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4).cells
    assert unsupported(cells) == []


def test_a_number_typed_into_prose_is_found():
    cells = [nbformat.v4.new_code_cell("x", outputs=[nbformat.v4.new_output("stream", text="rate 0.1149\n")]),
             nbformat.v4.new_markdown_cell("The rate is 0.115 [0.074, 0.168], and 26 of the 28 pairs agree."),
             nbformat.v4.new_markdown_cell("The level 0.05; `0.999` in code; 1/8 = 0.125, not 1/8 = 0.2\n## 4.2 a heading")]
    assert unsupported(cells) == ["cell 1: 0.074", "cell 1: 0.168", "cell 1: 26", "cell 1: 28", "cell 2: 0.2"]
    assert rounds_to("0.115", {"0.1149"}) and rounds_to("-0.63", {"-0.629"}) and not rounds_to("0.12", {"0.1149"})
    assert prose("## 5. Measure\nSee [09](09_reproducing_the_paper.ipynb), p = 0.3") == "See [09], p = 0.3"


def test_the_constants_are_few_and_say_why():
    assert len(CONSTANTS) <= 10 and all(reason for reason in CONSTANTS.values())
