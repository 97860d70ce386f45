"""What every explorer shares: debouncing, the escaped error box, escaped tables."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pandas as pd

from bleu_explain.display.widgets import Debouncer, Explorer, error_html, error_message, frame_html
from bleu_explain.engine.errors import BleuInputError


def test_debouncer_without_a_loop_calls_at_once():
    calls = []
    Debouncer(0.5, lambda: calls.append(1)).trigger()
    assert calls == [1]


def test_debouncer_coalesces_a_burst_of_changes():
    calls = []

    async def burst():
        debouncer = Debouncer(0.05, lambda: calls.append(len(calls)))
        for _ in range(5):
            debouncer.trigger()
            await asyncio.sleep(0.01)
        assert calls == []
        await asyncio.sleep(0.15)

    asyncio.run(burst())
    assert calls == [0]


def test_the_error_box_escapes_the_message_and_has_no_traceback():
    box = error_html('bad <script>alert("x")</script> & more')
    assert "<script" not in box and "&lt;script&gt;" in box and "Traceback" not in box


def test_error_message_names_unexpected_failures_by_kind():
    assert error_message(BleuInputError("weights: 'x' is not a number")) == "weights: 'x' is not a number"
    assert error_message(ZeroDivisionError("division by zero")) == \
        "Something went wrong (ZeroDivisionError): division by zero"


def test_tables_escape_every_cell_and_header():
    frame = pd.DataFrame({"<th>": ["<b>x</b>", 0.5]}, index=pd.Index(["<i>", "y"], name="<n>"))
    table = frame_html(frame, digits=2)
    assert "<b>" not in table and "<i>" not in table and "<th>" not in table.replace("<th style", "")
    assert "&lt;b&gt;x&lt;/b&gt;" in table and "0.50" in table


def test_an_explorer_keeps_its_error_in_python():
    class Minimal(Explorer):
        def __init__(self) -> None:
            super().__init__()
            self.error_area = SimpleNamespace(value="")

    explorer = Minimal()
    explorer._show_error(BleuInputError("no <references>"))
    assert explorer.displayed_error == "no <references>"
    explorer.error_area.value = "anything else"  # what the page holds is not read back
    assert explorer.displayed_error == "no <references>"
    explorer._clear_error()
    assert explorer.displayed_error is None and explorer.error_area.value == ""
