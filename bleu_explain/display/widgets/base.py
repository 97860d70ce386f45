"""What every explorer shares: the error message shown inside it, debouncing, escaping, layout pieces.

An explorer keeps what it shows in Python: each time it renders, it sets the
``displayed_...`` attributes from the same values it writes into its HTML, so
reading them back never parses the page. Errors become a message inside the
widget (``displayed_error``), never a traceback.

>>> "<b>Cannot compute:</b> x &lt;b&gt; y</div>" in error_html("x <b> y")
True
"""

from __future__ import annotations

import asyncio
import html
import math
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ...engine.errors import BleuComputationError, BleuInputError
from ..html.palette import (
    CLIPPED_COLOUR,
    ERROR_BACKGROUND,
    ERROR_TEXT,
    HAIRLINE,
    HEADER_BACKGROUND,
    INK,
    RULE,
    SELECTED_BACKGROUND,
)

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: Seconds of quiet after the last keystroke before an explorer recomputes.
DEBOUNCE_SECONDS = 0.25
#: Resolution of the explorers' plots (a 6.8-inch figure is 653 pixels wide).
PLOT_DPI = 96
#: The font stack of the explorers' own text.
SANS = "font-family:system-ui, sans-serif;"


def escape(value: Any) -> str:
    """Any value as HTML text or a double-quoted attribute's value: user text never becomes markup."""
    return html.escape(str(value), quote=True)


class Debouncer:
    """Call ``callback`` once, ``delay`` seconds after the last :meth:`trigger`.

    Uses the running asyncio loop (the kernel's, in Jupyter and Voila). Without
    a running loop -- a plain script or a test -- it calls at once.
    """

    def __init__(self, delay: float, callback: Callable[[], None]) -> None:
        self.delay = delay
        self.callback = callback
        self._handle: asyncio.TimerHandle | None = None

    def trigger(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self.delay <= 0:
            self.callback()
            return
        self.cancel()
        self._handle = loop.call_later(self.delay, self._fire)

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _fire(self) -> None:
        self._handle = None
        self.callback()


def error_message(exc: BaseException) -> str:
    """The text shown for an error: the library's own message, or the kind of failure."""
    if isinstance(exc, (BleuInputError, BleuComputationError)):
        return str(exc)
    return f"Something went wrong ({type(exc).__name__}): {exc}"


def error_html(message: str) -> str:
    """An escaped error box (no traceback)."""
    return (f'<div data-error="{escape(message)}" style="border-left:4px solid {CLIPPED_COLOUR}; '
            f'background:{ERROR_BACKGROUND}; color:{ERROR_TEXT}; padding:6px 10px; margin:4px 0; {SANS} '
            f'line-height:1.35;"><b>Cannot compute:</b> {escape(message)}</div>')


def _cell(value: Any, digits: int) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def frame_html(frame: pd.DataFrame, *, index: bool = True, digits: int = 4, max_height: int | None = None,
               highlight_rows: Sequence[Any] = ()) -> str:
    """A small table as HTML with inline styles (every cell escaped)."""
    th = (f"padding:2px 8px; border-bottom:1px solid {RULE}; text-align:right; background:{HEADER_BACKGROUND}; "
          "position:sticky; top:0;")
    td = f"padding:2px 8px; border-bottom:1px solid {HAIRLINE}; text-align:right;"
    names = ([frame.index.name or ""] if index else []) + [str(c) for c in frame.columns]
    head = "".join(f'<th style="{th}">{escape(n)}</th>' for n in names)
    rows = []
    marked = set(highlight_rows)
    for key, values in zip(frame.index, frame.itertuples(index=False, name=None)):
        cells = ([_cell(key, digits)] if index else []) + [_cell(v, digits) for v in values]
        style = f' style="background:{SELECTED_BACKGROUND};"' if key in marked else ""
        rows.append(f"<tr{style}>" + "".join(f'<td style="{td}">{escape(c)}</td>' for c in cells) + "</tr>")
    table = (f'<table style="border-collapse:collapse; font-size:12px; {SANS} color:{INK}; line-height:1.35; '
             f'background:#fff;"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    if max_height:
        return f'<div style="max-height:{max_height}px; overflow:auto;">{table}</div>'
    return table


# --------------------------------------------------------------------------- layout pieces
def text_area(value: str, placeholder: str, rows: int = 2) -> Any:
    """A full-width text box that reports every keystroke."""
    import ipywidgets as w

    return w.Textarea(value=value, placeholder=placeholder, rows=rows, continuous_update=True,
                      layout=w.Layout(width="100%"))


def image() -> Any:
    """An Image widget for a plot, never stretched past the page."""
    import ipywidgets as w

    return w.Image(format="png", layout=w.Layout(max_width="100%", height="auto", align_self="flex-start"))


def show_png(widget: Any, png: bytes) -> None:
    """Put a PNG in an Image widget at its own pixel width (not stretched to the page)."""
    widget.value = png
    if png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) >= 24:
        widget.width = str(int.from_bytes(png[16:20], "big"))


# --------------------------------------------------------------------------- the base class
class Explorer:
    """The parts every explorer shares: the top widget, the error area, quiet updates, display in a notebook.

    A subclass builds ``widget`` and ``error_area`` and, if it recomputes on
    typing, a ``_debouncer`` calling its ``update``.
    """

    widget: Any
    error_area: Any
    _debouncer: Debouncer

    def __init__(self) -> None:
        self.displayed_error: str | None = None  # the message in the error area, or None
        self._syncing = False  # True while the explorer sets its own controls

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _show_error(self, exc: BaseException) -> None:
        """Show ``exc`` as a message inside the explorer."""
        self.displayed_error = error_message(exc)
        self.error_area.value = error_html(self.displayed_error)

    def _clear_error(self) -> None:
        self.displayed_error = None
        self.error_area.value = ""

    def _quietly(self, action: Callable[[], Any]) -> None:
        """Run ``action`` (which sets controls) without the controls' observers reacting."""
        previous, self._syncing = self._syncing, True
        try:
            action()
        finally:
            self._syncing = previous

    def _set_and_update(self, box: Any, value: Any) -> None:
        """Set a control without its observer reacting, then recompute at once."""
        self._quietly(lambda: setattr(box, "value", value))
        self.update()

    def update(self) -> None:  # pragma: no cover -- every explorer has its own
        raise NotImplementedError

    def _unless_syncing(self, react: Callable[[Any], Any]) -> Callable[[Any], None]:
        """An observer that calls ``react(change)`` when the learner changed a control, not the explorer."""
        def observer(change: Any) -> None:
            if not self._syncing:
                react(change)
        return observer

    def _changed(self, _change: Any = None) -> None:
        """A control changed: recompute after a pause, unless the explorer itself changed it."""
        if not self._syncing:
            self._debouncer.trigger()
