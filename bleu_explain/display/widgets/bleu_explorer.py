"""Live explorers (ipywidgets 8): type, change a setting, and see every number of BLEU change.

* :class:`BleuExplorer` -- one candidate and its references, every setting, highlighting, tables, plots.
* :class:`PresetDiff` -- one input through every preset side by side, with the first step where they diverge.
* :class:`PathologyGallery` -- the catalogue of pathological candidates, scored under each preset.
* :class:`CorpusExplorer` -- a system's sentence table, sortable; pick a row to explain that sentence.
* :class:`SignificanceExplorer` -- two systems, a paired test, its distribution and p-value.

Each explorer is displayed like a widget (put it last in a cell) and has a small
programmatic interface (``set_...`` methods, ``update()``, ``displayed_...``
properties) that reads back what is on screen. Typing triggers a debounced
update; the ``set_...`` methods update at once. Errors are shown as a message
inside the explorer, never as a traceback.

>>> explorer = BleuExplorer("the cat sat on the mat", ["the cat is on the mat"])
>>> round(explorer.displayed_score, 2)
37.99
>>> explorer.set_references([])
>>> explorer.displayed_score is None, explorer.displayed_error
(True, 'references is empty; BLEU needs at least one reference translation')
"""

from __future__ import annotations

import asyncio
import html
import math
import re
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence

from ..engine.errors import BleuComputationError, BleuInputError
from .highlight import CLIPPED_COLOUR, OKABE_ITO, explanation_html, score_summary_html

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation

#: Seconds of quiet after the last keystroke before an explorer recomputes.
DEBOUNCE_SECONDS = 0.25

_SCORE_RE = re.compile(r'data-score="([^"]+)"')
_ERROR_RE = re.compile(r'data-error="([^"]*)"')


# --------------------------------------------------------------------------- shared pieces
class Debouncer:
    """Call ``callback`` once, ``delay`` seconds after the last :meth:`trigger`.

    Uses the running asyncio loop (the kernel's, in Jupyter and Voila). Without
    a running loop -- a plain script or a test -- it calls at once.
    """

    def __init__(self, delay: float, callback: Callable[[], None]) -> None:
        self.delay = delay
        self.callback = callback
        self._handle: Optional[asyncio.TimerHandle] = None

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
    return (f'<div data-error="{html.escape(message, quote=True)}" style="border-left:4px solid {CLIPPED_COLOUR}; '
            f'background:#fdf0e8; color:#5a1e00; padding:6px 10px; margin:4px 0; font-family:system-ui, sans-serif; line-height:1.35;">'
            f'<b>Cannot compute:</b> {html.escape(message)}</div>')


def frame_html(frame: "pd.DataFrame", *, index: bool = True, digits: int = 4, max_height: Optional[int] = None,
               highlight_rows: Sequence[Any] = ()) -> str:
    """A small table as HTML with inline styles (every cell escaped)."""
    def cell(value: Any) -> str:
        if value is None or (isinstance(value, float) and math.isnan(value)):
            return "-"
        if isinstance(value, float):
            return f"{value:.{digits}f}"
        return str(value)

    th = "padding:2px 8px; border-bottom:1px solid #999; text-align:right; background:#f4f4f4; position:sticky; top:0;"
    td = "padding:2px 8px; border-bottom:1px solid #e4e4e4; text-align:right;"
    names = ([frame.index.name or ""] if index else []) + [str(c) for c in frame.columns]
    head = "".join(f'<th style="{th}">{html.escape(n)}</th>' for n in names)
    rows = []
    marked = set(highlight_rows)
    for key, values in zip(frame.index, frame.itertuples(index=False, name=None)):
        cells = ([cell(key)] if index else []) + [cell(v) for v in values]
        style = ' style="background:#fff6cc;"' if key in marked else ""
        rows.append(f"<tr{style}>" + "".join(f'<td style="{td}">{html.escape(c)}</td>' for c in cells) + "</tr>")
    table = (f'<table style="border-collapse:collapse; font-size:12px; font-family:system-ui, sans-serif; color:#111; line-height:1.35; '
             f'background:#fff;"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    if max_height:
        return f'<div style="max-height:{max_height}px; overflow:auto;">{table}</div>'
    return table


def _parse_score(value: str) -> Optional[float]:
    match = _SCORE_RE.search(value)
    return float(match.group(1)) if match else None


def _parse_error(value: str) -> Optional[str]:
    match = _ERROR_RE.search(value)
    return html.unescape(match.group(1)) if match else None


def parse_weights(text: str) -> Optional[tuple[float, ...]]:
    """Weights typed by a student: blank or 'uniform' means uniform; else numbers separated by spaces or commas.

    >>> parse_weights(""), parse_weights("0.5, 0.5")
    (None, (0.5, 0.5))
    """
    cleaned = text.strip()
    if not cleaned or cleaned.lower() == "uniform":
        return None
    values = []
    for part in re.split(r"[\s,;]+", cleaned):
        try:
            values.append(float(part))
        except ValueError:
            raise BleuInputError(f"weights: {part!r} is not a number; type numbers such as 0.25 0.25 0.25 0.25, "
                                 "or leave the box empty for uniform weights") from None
    return tuple(values)


class _Explorer:
    """The parts every explorer shares: the top widget, the error area, display in a notebook."""

    widget: Any

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _show_error(self, area: Any, exc: BaseException) -> None:
        area.value = error_html(error_message(exc))

    @property
    def displayed_error(self) -> Optional[str]:
        """The error message on screen, or None."""
        return _parse_error(self.error_area.value)


def _text_area(value: str, placeholder: str, rows: int = 2) -> Any:
    import ipywidgets as w

    return w.Textarea(value=value, placeholder=placeholder, rows=rows, continuous_update=True,
                      layout=w.Layout(width="100%"))


def _image() -> Any:
    import ipywidgets as w

    return w.Image(format="png", layout=w.Layout(max_width="100%", height="auto", align_self="flex-start"))


def _show_png(image: Any, png: bytes) -> None:
    """Put a PNG in an Image widget at its own pixel width (not stretched to the page)."""
    image.value = png
    if png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) >= 24:
        image.width = str(int.from_bytes(png[16:20], "big"))


# --------------------------------------------------------------------------- BleuExplorer
PLOT_KINDS = ("precisions", "log combination", "brevity penalty", "means")
#: Resolution of the explorer's plots (a 6.4-inch figure is 614 pixels wide).
PLOT_DPI = 96


class BleuExplorer(_Explorer):
    """Explore one candidate's BLEU: edit the texts and the settings, watch every number.

    ``preset`` chooses the starting settings; the tokenizer, case, max order,
    weights and smoothing controls start at the preset's values and override it.
    """

    def __init__(self, candidate: str = "the the the the the the the.",
                 references: Sequence[str] = ("The cat is on the mat.", "There is a cat on the mat."),
                 *, preset: str = "sacrebleu", plot: str = "precisions", delay: float = DEBOUNCE_SECONDS) -> None:
        import ipywidgets as w

        from ..engine.config import TOKENIZERS
        from ..engine.presets import PRESETS

        self.result: Optional["SentenceExplanation"] = None
        self._precision_plot: Any = None  # kept between updates and redrawn in place
        self.displayed_tables: dict[str, "pd.DataFrame"] = {}
        self._syncing = False
        self._debouncer = Debouncer(delay, self.update)

        self.candidate_box = _text_area(candidate, "candidate translation", rows=2)
        self.reference_rows = w.VBox()
        self.add_button = w.Button(description="Add reference", icon="plus", layout=w.Layout(width="150px"))
        self.add_button.on_click(lambda _: self.add_reference(""))
        self.preset_box = w.Dropdown(options=list(PRESETS), value=preset, description="preset")
        self.tokenize_box = w.Dropdown(options=list(TOKENIZERS), description="tokenizer")
        self.lowercase_box = w.Checkbox(description="lowercase", indent=False)
        self.max_order_box = w.BoundedIntText(min=1, max=9, description="max order", layout=w.Layout(width="160px"))
        self.weights_box = w.Text(placeholder="uniform", description="weights", continuous_update=True)
        self.smooth_box = w.Dropdown(description="smoothing")
        self.order_box = w.Dropdown(options=[1, 2, 3, 4], value=1, description="n-gram table",
                                    layout=w.Layout(width="190px"))
        self.plot_box = w.ToggleButtons(options=list(PLOT_KINDS), value=plot)

        self.score_area = w.HTML()
        self.error_area = w.HTML()
        self.highlight_area = w.HTML()
        # CSS classes for browser tests and course styling
        self.candidate_box.add_class("bleu-explain-candidate")
        self.score_area.add_class("bleu-explain-score")
        self.error_area.add_class("bleu-explain-error")
        self.highlight_area.add_class("bleu-explain-highlight")
        self.precision_area = w.HTML()
        self.ngram_area = w.HTML()
        self.length_area = w.HTML()
        self.steps_area = w.HTML()
        self.plot_image = _image()
        tables = w.Tab(children=[self.precision_area, w.VBox([self.order_box, self.ngram_area]), self.length_area,
                                 self.steps_area])
        for i, title in enumerate(["precisions", "n-grams", "lengths", "steps"]):
            tables.set_title(i, title)

        settings = w.VBox([
            w.HBox([self.preset_box, self.tokenize_box, self.lowercase_box]),
            w.HBox([self.max_order_box, self.weights_box, self.smooth_box]),
        ])
        self.widget = w.VBox([
            w.HTML("<b>Candidate</b>"), self.candidate_box,
            w.HTML("<b>References</b>"), self.reference_rows, self.add_button,
            settings, self.error_area, self.score_area, self.highlight_area,
            tables, self.plot_box, self.plot_image,
        ])

        self._apply_preset(preset)
        for ref in references:
            self._add_row(ref)
        self._refresh_remove_buttons()
        self.candidate_box.observe(self._changed, "value")
        for box in (self.tokenize_box, self.lowercase_box, self.smooth_box):
            box.observe(self._changed, "value")
        self.weights_box.observe(self._weights_changed, "value")
        self.preset_box.observe(self._preset_changed, "value")
        self.max_order_box.observe(self._max_order_changed, "value")
        self.order_box.observe(lambda _: self._render_ngrams(), "value")
        self.plot_box.observe(lambda _: self._render_plot(), "value")
        self.update()

    # ------------------------------------------------------------------ programmatic interface
    @property
    def candidate(self) -> str:
        return self.candidate_box.value

    @property
    def references(self) -> list[str]:
        return [row.children[0].value for row in self.reference_rows.children]

    def set_candidate(self, text: str) -> None:
        """Replace the candidate and update at once."""
        self._quietly(lambda: setattr(self.candidate_box, "value", text))
        self.update()

    def set_references(self, references: Sequence[str]) -> None:
        """Replace all references and update at once."""
        if isinstance(references, str):
            references = [references]
        self.reference_rows.children = ()
        for ref in references:
            self._add_row(ref)
        self._refresh_remove_buttons()
        self.update()

    def add_reference(self, text: str = "") -> None:
        self._add_row(text)
        self._refresh_remove_buttons()
        self.update()

    def remove_reference(self, index: int) -> None:
        rows = list(self.reference_rows.children)
        if isinstance(index, bool) or not isinstance(index, int) or not -len(rows) <= index < len(rows):
            self._show_error(self.error_area, BleuInputError(
                f"there is no reference {index!r} to remove; the references are numbered 0 to {len(rows) - 1}"))
            return
        del rows[index]
        self.reference_rows.children = tuple(rows)
        self._refresh_remove_buttons()
        self.update()

    def set_preset(self, preset: str) -> None:
        """Choose a preset: every setting control goes back to the preset's value."""
        self._quietly(lambda: self._apply_preset(preset))
        self.update()

    def set_options(self, *, tokenize: Optional[str] = None, lowercase: Optional[bool] = None,
                    max_order: Optional[int] = None, weights: Any = None, smooth: Optional[str] = None) -> None:
        """Set any of the setting controls (``weights``: a sequence, or the text a student would type)."""
        def apply() -> None:
            if tokenize is not None:
                self.tokenize_box.value = tokenize
            if lowercase is not None:
                self.lowercase_box.value = bool(lowercase)
            if weights is not None:
                self.weights_box.value = weights if isinstance(weights, str) else " ".join(f"{x:g}" for x in weights)
            if max_order is not None:
                self.max_order_box.value = max_order
                if weights is None:
                    self._reset_weights_if_mismatched()
            elif weights is not None:
                self._order_follows_weights()
            if smooth is not None:
                self.smooth_box.value = smooth
        self._quietly(apply)
        self.update()

    def set_plot(self, kind: str) -> None:
        self.plot_box.value = kind

    @property
    def displayed_score(self) -> Optional[float]:
        """The score on screen (0-100), or None while an error is shown."""
        return _parse_score(self.score_area.value)

    @property
    def displayed_html(self) -> str:
        """The highlighted candidate and references as shown."""
        return self.highlight_area.value

    @property
    def displayed_png(self) -> bytes:
        return bytes(self.plot_image.value)

    # ------------------------------------------------------------------ computing and drawing
    def config(self):
        """The configuration the controls describe."""
        from ..api import make_config

        return make_config(self.preset_box.value, tokenize=self.tokenize_box.value, lowercase=self.lowercase_box.value,
                           max_order=self.max_order_box.value, weights=parse_weights(self.weights_box.value),
                           smooth=self.smooth_box.value)

    def update(self) -> None:
        """Recompute and redraw everything now (the controls call this after a short pause)."""
        from ..api import explain_with_config

        self._debouncer.cancel()
        try:
            result = explain_with_config(self.candidate, self.references, self.config())
            self.result = result
            self.score_area.value = score_summary_html(result)
            self.highlight_area.value = explanation_html(result, summary=False)
            self._render_tables()
            self._render_plot()
        except Exception as exc:  # shown in the widget, never as a traceback
            self.result = None
            self._show_error(self.error_area, exc)
            self.score_area.value = '<div style="font-size:22px; font-weight:700; color:#777;">BLEU &mdash;</div>'
            for area in (self.highlight_area, self.precision_area, self.ngram_area, self.length_area, self.steps_area):
                area.value = ""
            self.displayed_tables = {}
            self.plot_image.value = b""
            return
        self.error_area.value = ""

    def _render_tables(self) -> None:
        result = self.result
        precision = result.precision_table()
        length = result.length_table()
        self.displayed_tables = {"precision": precision, "length": length}
        self.precision_area.value = frame_html(precision)
        self.length_area.value = frame_html(length, index=False)
        self.steps_area.value = ('<pre style="font-size:12px; white-space:pre-wrap; color:#111; background:#fff; line-height:1.35;">'
                                 f"{html.escape(result.explain_text())}</pre>")
        orders = list(range(1, result.config.max_order + 1))
        if list(self.order_box.options) != orders:
            keep = self.order_box.value if self.order_box.value in orders else 1
            self._quietly(lambda: setattr(self.order_box, "options", orders))
            self._quietly(lambda: setattr(self.order_box, "value", keep))
        self._render_ngrams()

    def _render_ngrams(self) -> None:
        if self.result is None or self._syncing:
            return
        order = self.order_box.value or 1
        table = self.result.ngram_table(order)
        self.displayed_tables["ngrams"] = table
        self.ngram_area.value = frame_html(table, index=False, max_height=260)

    def _render_plot(self) -> None:
        if self.result is None:
            return
        from . import plots

        kind = self.plot_box.value
        size = (6.4, 3.3)
        try:
            if kind == "precisions":
                order = self.result.config.max_order
                if self._precision_plot is None or self._precision_plot.max_order != order:
                    self._precision_plot = plots.PrecisionPlot(order, figsize=size, layout=None, dpi=PLOT_DPI)
                    self._precision_plot.figure.subplots_adjust(left=0.1, right=0.98, top=0.8, bottom=0.16)
                _show_png(self.plot_image, self._precision_plot.render_png(self.result))
                return
            elif kind == "brevity penalty":
                fig = plots.plot_brevity_penalty(self.result, layout=None, figsize=size)
                fig.subplots_adjust(left=0.1, right=0.98, top=0.8, bottom=0.16)
            elif kind == "log combination":
                fig = plots.plot_log_combination(self.result, figsize=(7.0, 3.8), layout=None)
                fig.subplots_adjust(left=0.1, right=0.98, top=0.85, bottom=0.2)
            else:
                fig = plots.plot_means(self.result, figsize=(8.5, 3.8), layout=None)
                fig.subplots_adjust(left=0.08, right=0.98, top=0.72, bottom=0.14, wspace=0.25)
            _show_png(self.plot_image, plots.figure_png(fig, dpi=PLOT_DPI))
        except Exception as exc:
            self._show_error(self.error_area, exc)

    # ------------------------------------------------------------------ control plumbing
    def _quietly(self, action: Callable[[], None]) -> None:
        previous, self._syncing = self._syncing, True
        try:
            action()
        finally:
            self._syncing = previous

    def _changed(self, _change: Any = None) -> None:
        if not self._syncing:
            self._debouncer.trigger()

    def _apply_preset(self, preset: str) -> None:
        from ..engine.config import SMOOTHING_BY_RULE
        from ..engine.presets import get_preset

        config = get_preset(preset)
        self.preset_box.value = preset
        self.tokenize_box.value = config.tokenize
        self.lowercase_box.value = config.lowercase
        self.max_order_box.value = config.max_order
        self.weights_box.value = "" if config.weights is None else " ".join(f"{x:g}" for x in config.weights)
        self.smooth_box.options = list(SMOOTHING_BY_RULE[config.combine])
        self.smooth_box.value = config.smooth

    def _preset_changed(self, change: Any) -> None:
        if self._syncing:
            return
        try:
            self._quietly(lambda: self._apply_preset(change["new"]))
        except Exception as exc:
            self._show_error(self.error_area, exc)
            return
        self._debouncer.trigger()

    def _reset_weights_if_mismatched(self) -> None:
        try:
            weights = parse_weights(self.weights_box.value)
        except BleuInputError:
            return
        if weights is not None and len(weights) != self.max_order_box.value:
            self.weights_box.value = ""

    def _order_follows_weights(self) -> None:
        """Typed weights decide the max order (as ``weights=`` does in the API)."""
        try:
            weights = parse_weights(self.weights_box.value)
        except BleuInputError:
            return
        if weights is not None and 1 <= len(weights) <= self.max_order_box.max:
            self.max_order_box.value = len(weights)

    def _weights_changed(self, _change: Any) -> None:
        if self._syncing:
            return
        self._quietly(self._order_follows_weights)
        self._debouncer.trigger()

    def _max_order_changed(self, _change: Any) -> None:
        if self._syncing:
            return
        self._quietly(self._reset_weights_if_mismatched)
        self._debouncer.trigger()

    def _add_row(self, text: str) -> None:
        import ipywidgets as w

        box = _text_area(text, "reference translation", rows=1)
        box.add_class("bleu-explain-reference")
        remove = w.Button(icon="times", tooltip="remove this reference", layout=w.Layout(width="40px"))
        row = w.HBox([box, remove])
        box.observe(self._changed, "value")
        remove.on_click(lambda _b, row=row: self._remove_row(row))
        self.reference_rows.children = tuple(self.reference_rows.children) + (row,)

    def _remove_row(self, row: Any) -> None:
        rows = list(self.reference_rows.children)
        if row in rows:
            self.remove_reference(rows.index(row))

    def _refresh_remove_buttons(self) -> None:
        rows = self.reference_rows.children
        for row in rows:
            row.children[1].disabled = len(rows) <= 1


# --------------------------------------------------------------------------- PresetDiff
_STEP_ROWS = ("tokens", "counts", "clipping", "smoothing", "reference length", "combination")


def _step_values(result: "SentenceExplanation") -> dict[str, str]:
    """What each step produced, as text, for one preset."""
    from ..engine.steps import fmt

    return {
        "tokens": "\n".join([f"candidate: {' '.join(result.candidate_tokens) or '(empty)'}"]
                            + [f"ref {k}: {' '.join(r) or '(empty)'}" for k, r in enumerate(result.reference_tokens, 1)]),
        "counts": " ".join(str(t) for t in result.totals),
        "clipping": " ".join(str(m) for m in result.matches),
        "smoothing": " ".join(fmt(p) for p in result.precisions),
        "reference length": f"r = {result.ref_len}, BP = {fmt(result.brevity_penalty)}",
        "combination": f"{result.score:.2f}",
    }


_STEP_LABELS = {
    "tokens": "tokens",
    "counts": "counts: candidate n-grams per order",
    "clipping": "clipping: matches per order",
    "smoothing": "smoothing: p_n combined",
    "reference length": "reference length and BP",
    "combination": "combination: BLEU",
}


class PresetDiff(_Explorer):
    """One input through every preset, side by side, with the first step where each departs from a baseline."""

    def __init__(self, candidate: str = "it is a ship",
                 references: Sequence[str] = ("this is a ship", "it is ship", "ship it is", "a ship, it is"),
                 *, baseline: str = "sacrebleu", presets: Optional[Sequence[str]] = None,
                 delay: float = DEBOUNCE_SECONDS) -> None:
        import ipywidgets as w

        from ..engine.presets import PRESETS

        self.presets = list(presets or PRESETS)
        self.results: dict[str, Any] = {}
        self.divergence: dict[str, Optional[str]] = {}
        self._syncing = False
        self._debouncer = Debouncer(delay, self.update)
        self.candidate_box = _text_area(candidate, "candidate translation")
        self.references_box = _text_area("\n".join(references), "references, one per line", rows=4)
        self.baseline_box = w.Dropdown(options=self.presets, value=baseline, description="baseline")
        self.error_area = w.HTML()
        self.table_area = w.HTML()
        self.widget = w.VBox([w.HTML("<b>Candidate</b>"), self.candidate_box,
                              w.HTML("<b>References</b> (one per line)"), self.references_box,
                              self.baseline_box, self.error_area, self.table_area])
        for box in (self.candidate_box, self.references_box, self.baseline_box):
            box.observe(self._changed, "value")
        self.update()

    def _changed(self, _change: Any = None) -> None:
        if not self._syncing:
            self._debouncer.trigger()

    @property
    def references(self) -> list[str]:
        return [line for line in self.references_box.value.split("\n") if line.strip()]

    def set_candidate(self, text: str) -> None:
        self._syncing = True
        self.candidate_box.value = text
        self._syncing = False
        self.update()

    def set_references(self, references: Sequence[str]) -> None:
        if isinstance(references, str):
            references = [references]
        for i, ref in enumerate(references):
            if not isinstance(ref, str) or "\n" in ref:
                self._show_error(self.error_area, BleuInputError(
                    f"references[{i}] must be one line of text; this box takes one reference per line"))
                return
        self._syncing = True
        self.references_box.value = "\n".join(references)
        self._syncing = False
        self.update()

    def set_baseline(self, preset: str) -> None:
        self._syncing = True
        self.baseline_box.value = preset
        self._syncing = False
        self.update()

    @property
    def displayed_scores(self) -> dict[str, Optional[float]]:
        """Score shown for each preset (None where that tool cannot score the input)."""
        found = dict(re.findall(r'data-preset="([^"]+)" data-score="([^"]*)"', self.table_area.value))
        return {p: (float(found[p]) if found.get(p) else None) for p in self.presets if p in found}

    @property
    def displayed_divergence(self) -> dict[str, str]:
        """The first step shown for each preset where it departs from the baseline ('none' if it never does)."""
        return dict(re.findall(r'data-divergence-preset="([^"]+)" data-step="([^"]*)"', self.table_area.value))

    def update(self) -> None:
        """Score the input under every preset and redraw the table now."""
        from .. import first_divergence
        from ..api import explain

        self._debouncer.cancel()
        try:
            candidate, references = self.candidate_box.value, self.references
            results: dict[str, Any] = {}
            for name in self.presets:
                try:
                    results[name] = explain(candidate, references, preset=name)
                except BleuComputationError as exc:
                    results[name] = exc
            base = results[self.baseline_box.value]
            divergence: dict[str, Optional[str]] = {}
            for name, r in results.items():
                if isinstance(r, Exception) or isinstance(base, Exception):
                    divergence[name] = None
                else:
                    divergence[name] = first_divergence(base, r)
        except Exception as exc:
            self.results, self.divergence = {}, {}
            self._show_error(self.error_area, exc)
            self.table_area.value = ""
            return
        self.results, self.divergence = results, divergence
        self.error_area.value = ""
        self.table_area.value = self._table_html()

    def _table_html(self) -> str:
        baseline = self.baseline_box.value
        base = self.results[baseline]
        base_values = None if isinstance(base, Exception) else _step_values(base)
        th = "padding:4px 8px; border-bottom:2px solid #999; background:#f4f4f4; text-align:left;"
        td = "padding:3px 8px; border-bottom:1px solid #e4e4e4; vertical-align:top; font-family:monospace; font-size:12px;"
        head = f'<th style="{th}">step</th>' + "".join(
            f'<th style="{th}">{html.escape(p)}{" (baseline)" if p == baseline else ""}</th>' for p in self.presets)
        rows = []
        for step in _STEP_ROWS:
            cells = [f'<td style="{td} font-family:system-ui, sans-serif;">{html.escape(_STEP_LABELS[step])}</td>']
            for p in self.presets:
                r = self.results[p]
                if isinstance(r, Exception):
                    cells.append(f'<td style="{td} color:#777;">-</td>')
                    continue
                value = _step_values(r)[step]
                style = td
                if base_values is not None and value != base_values[step]:
                    style += " background:rgba(240,228,66,0.45);"
                if self.divergence.get(p) == step:
                    style += f" outline:2px solid {CLIPPED_COLOUR}; outline-offset:-2px; font-weight:bold;"
                cells.append(f'<td style="{style}">{html.escape(value).replace(chr(10), "<br>")}</td>')
            rows.append("<tr>" + "".join(cells) + "</tr>")
        score_cells, div_cells = [], []
        for p in self.presets:
            r = self.results[p]
            if isinstance(r, Exception):
                score_cells.append(f'<td style="{td}" data-preset="{html.escape(p)}" data-score="">'
                                   f'{html.escape(str(r))}</td>')
            else:
                score_cells.append(f'<td style="{td} font-weight:bold;" data-preset="{html.escape(p)}" '
                                   f'data-score="{r.score!r}">{r.score:.2f}</td>')
            step = "-" if p == baseline else (self.divergence.get(p) or "none")
            if isinstance(r, Exception) or isinstance(base, Exception):
                step = "cannot compare"
            div_cells.append(f'<td style="{td} color:{CLIPPED_COLOUR};" data-divergence-preset="{html.escape(p)}" '
                             f'data-step="{html.escape(step)}">{html.escape(step)}</td>')
        label = f'<td style="{td} font-family:system-ui, sans-serif;">'
        rows.append("<tr>" + label + "score (0-100)</td>" + "".join(score_cells) + "</tr>")
        rows.append("<tr>" + label + f"first divergence from {html.escape(baseline)}</td>" + "".join(div_cells) + "</tr>")
        legend = ('<div style="font-size:12px; color:#444; margin-top:4px;">Shaded: differs from the baseline. '
                  'Outlined: the first step where that preset departs from it (later steps inherit the difference).</div>')
        return (f'<div style="overflow:auto; background:#fff; color:#111; line-height:1.35;"><table style="border-collapse:collapse;">'
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>{legend}</div>")


# --------------------------------------------------------------------------- PathologyGallery
class PathologyGallery(_Explorer):
    """Pick a pathological candidate; see its score under each preset and why it is high or low."""

    def __init__(self, name: Optional[str] = None, *, preset: Optional[str] = None) -> None:
        import ipywidgets as w

        from ..data.pathologies import PATHOLOGIES
        from ..engine.presets import PRESETS

        names = [p.name for p in PATHOLOGIES]
        self.picker = w.Dropdown(options=names, value=name or names[0], description="candidate",
                                 layout=w.Layout(width="480px"))
        self.preset_box = w.Dropdown(options=list(PRESETS), description="highlight")
        self._syncing = False
        self.error_area = w.HTML()
        self.story_area = w.HTML()
        self.scores_area = w.HTML()
        self.highlight_area = w.HTML()
        self.widget = w.VBox([w.HBox([self.picker, self.preset_box]), self.error_area, self.story_area,
                              self.scores_area, self.highlight_area])
        self.picker.observe(self._picked, "value")
        self.preset_box.observe(lambda _: self._syncing or self._render_highlight(), "value")
        self.select(self.picker.value, preset=preset)

    def select(self, name: str, *, preset: Optional[str] = None) -> None:
        """Show the pathology of that name (and highlight it under ``preset``, default its own)."""
        from ..data.pathologies import get_pathology

        try:
            pathology = get_pathology(name)
        except BleuInputError as exc:
            self._show_error(self.error_area, exc)
            return
        self._syncing = True
        self.picker.value = name
        self.preset_box.value = preset or pathology.preset
        self._syncing = False
        self.update()

    def set_preset(self, preset: str) -> None:
        self.preset_box.value = preset

    def _picked(self, change: Any) -> None:
        if not self._syncing:
            self.select(change["new"])

    @property
    def pathology(self):
        from ..data.pathologies import get_pathology

        return get_pathology(self.picker.value)

    @property
    def displayed_scores(self) -> dict[str, Optional[float]]:
        """The score shown for each preset (None where the tool cannot score it)."""
        found = re.findall(r'data-preset="([^"]+)" data-score="([^"]*)"', self.scores_area.value)
        return {p: (float(v) if v else None) for p, v in found}

    @property
    def displayed_why(self) -> str:
        match = re.search(r'data-why="([^"]*)"', self.story_area.value)
        return html.unescape(match.group(1)) if match else ""

    def update(self) -> None:
        from ..data.pathologies import scores_by_preset

        try:
            p = self.pathology
            table = scores_by_preset(p)
        except Exception as exc:
            self._show_error(self.error_area, exc)
            return
        self.error_area.value = ""
        refs = "".join(f"<li><code>{html.escape(r)}</code></li>" for r in p.references)
        self.story_area.value = (
            f'<div style="font-family:system-ui, sans-serif; color:#111; background:#fff; padding:4px 0; line-height:1.4;">'
            f'<div style="font-size:16px;"><b>{html.escape(p.name)}</b> &middot; scores '
            f'<b>{html.escape(p.verdict)}</b></div>'
            f'<div>Candidate: <code>{html.escape(p.candidate)}</code></div>'
            f'<div>References:<ul style="margin:2px 0 2px 18px; padding:0;">{refs}</ul></div>'
            f'<div data-why="{html.escape(p.why, quote=True)}" style="border-left:4px solid {OKABE_ITO["blue"]}; '
            f'padding:4px 8px; background:#eef5fb; margin:4px 0;">{html.escape(p.why)}'
            f'<div style="font-size:12px; color:#555; margin-top:2px;">Numbers quoted: preset '
            f'{html.escape(p.preset)}. Source: {html.escape(p.source)}.</div></div></div>')
        th = "padding:3px 10px; border-bottom:2px solid #999; background:#f4f4f4; text-align:right;"
        td = "padding:3px 10px; border-bottom:1px solid #e4e4e4; text-align:right;"
        rows = []
        for preset, row in table.iterrows():
            error = row["error"]
            score = "" if error else repr(float(row["score"]))
            shown = html.escape(error) if error else f"{row['score']:.2f}"
            bp = "-" if error else f"{row['brevity_penalty']:.4f}"
            precisions = "-" if error else html.escape(str(row["precisions"]))
            rows.append(f'<tr><td style="{td} text-align:left;">{html.escape(str(preset))}</td>'
                        f'<td style="{td} font-weight:bold;" data-preset="{html.escape(str(preset))}" '
                        f'data-score="{score}">{shown}</td><td style="{td}">{precisions}</td><td style="{td}">{bp}</td></tr>')
        self.scores_area.value = (
            '<table style="border-collapse:collapse; font-family:system-ui, sans-serif; font-size:13px; color:#111; line-height:1.35; '
            f'background:#fff;"><thead><tr><th style="{th} text-align:left;">preset</th><th style="{th}">BLEU (0-100)</th>'
            f'<th style="{th}">matches/totals per order</th><th style="{th}">BP</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')
        self._render_highlight()

    def _render_highlight(self) -> None:
        try:
            result = self.pathology.explain(preset=self.preset_box.value)
        except Exception as exc:
            self.highlight_area.value = error_html(error_message(exc))
            return
        self.highlight_area.value = explanation_html(result)


# --------------------------------------------------------------------------- corpus data
def _corpus_parts(corpus: Any, systems: Optional[Mapping[str, Sequence[str]]],
                  references: Optional[Sequence[Sequence[str]]]) -> tuple[dict[str, list[str]], list[list[str]]]:
    """Systems and segment-major references from a corpus object, explicit arguments, or the bundled corpus."""
    if systems is not None or references is not None:
        if systems is None or references is None:
            raise BleuInputError("give both systems (name -> outputs) and references (one list per segment)")
        if not isinstance(systems, Mapping) or not systems:
            raise BleuInputError("systems must be a non-empty dict of system name -> list of outputs")
        return {str(k): list(v) for k, v in systems.items()}, [list(r) for r in references]
    if corpus is None:
        from ..data.corpus import load_corpus

        corpus = load_corpus()
    return dict(corpus.systems), list(corpus.references)


# --------------------------------------------------------------------------- CorpusExplorer
SORT_COLUMNS = ("segment", "sentence_bleu", "hyp_len", "ref_len", "length_ratio")


class CorpusExplorer(_Explorer):
    """A system's sentence table, sortable; choose a row to explain that sentence.

    Give a corpus (``load_corpus()``'s result), or ``systems`` and ``references``;
    with neither, the bundled teaching corpus is loaded.
    """

    def __init__(self, corpus: Any = None, *, systems: Optional[Mapping[str, Sequence[str]]] = None,
                 references: Optional[Sequence[Sequence[str]]] = None, preset: str = "sacrebleu",
                 system: Optional[str] = None) -> None:
        import ipywidgets as w

        from ..engine.presets import PRESETS

        self.systems, self.references = _corpus_parts(corpus, systems, references)
        self._cache: dict[tuple[str, str], "CorpusExplanation"] = {}
        self.order: list[int] = []
        self._syncing = False
        names = list(self.systems)
        self.system_box = w.Dropdown(options=names, value=system or names[0], description="system")
        self.preset_box = w.Dropdown(options=list(PRESETS), value=preset, description="preset")
        self.sort_box = w.Dropdown(options=list(SORT_COLUMNS), value="segment", description="sort by")
        self.descending_box = w.Checkbox(description="descending", value=False, indent=False)
        self.row_picker = w.Select(options=[], rows=10, description="sentence", layout=w.Layout(width="100%"))
        self.error_area = w.HTML()
        self.summary_area = w.HTML()
        self.table_area = w.HTML()
        self.sentence_area = w.HTML()
        self.widget = w.VBox([w.HBox([self.system_box, self.preset_box]),
                              w.HBox([self.sort_box, self.descending_box]), self.error_area, self.summary_area,
                              self.table_area, self.row_picker, self.sentence_area])
        for box in (self.system_box, self.preset_box, self.sort_box, self.descending_box):
            box.observe(lambda _: self._syncing or self.update(), "value")
        self.row_picker.observe(lambda ch: self._syncing or self._explain_row(ch["new"]), "value")
        self.update()

    # ------------------------------------------------------------------ programmatic interface
    def set_system(self, name: str) -> None:
        self._set(self.system_box, name)

    def set_preset(self, preset: str) -> None:
        self._set(self.preset_box, preset)

    def sort_by(self, column: str, descending: bool = False) -> None:
        if column not in SORT_COLUMNS:
            self._show_error(self.error_area, BleuInputError(
                f"cannot sort by {column!r}; choose one of {', '.join(SORT_COLUMNS)}"))
            return
        self._syncing = True
        self.sort_box.value = column
        self.descending_box.value = descending
        self._syncing = False
        self.update()

    def select_segment(self, index: int) -> None:
        """Explain segment ``index`` (0-based, as in the table)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.references):
            self._show_error(self.error_area, BleuInputError(
                f"segment index must be a whole number from 0 to {len(self.references) - 1}, got {index!r}"))
            return
        self.row_picker.value = index

    @property
    def displayed_score(self) -> Optional[float]:
        """The corpus score on screen."""
        return _parse_score(self.summary_area.value)

    @property
    def displayed_segment_score(self) -> Optional[float]:
        """The selected sentence's score on screen."""
        return _parse_score(self.sentence_area.value)

    @property
    def displayed_order(self) -> list[int]:
        """Segment indices in the order the table shows them."""
        return [int(i) for i in re.findall(r'data-segment="(\d+)"', self.table_area.value)]

    @property
    def result(self) -> Optional["CorpusExplanation"]:
        return self._cache.get((self.system_box.value, self.preset_box.value))

    # ------------------------------------------------------------------ drawing
    def _set(self, box: Any, value: Any) -> None:
        self._syncing = True
        try:
            box.value = value
        except Exception as exc:
            self._syncing = False
            self._show_error(self.error_area, exc)
            return
        self._syncing = False
        self.update()

    def _corpus_result(self) -> "CorpusExplanation":
        from ..api import explain_corpus

        key = (self.system_box.value, self.preset_box.value)
        if key not in self._cache:
            self._cache[key] = explain_corpus(self.systems[key[0]], self.references, preset=key[1])
        return self._cache[key]

    def update(self) -> None:
        """Recompute (cached per system and preset) and redraw the table now."""
        try:
            result = self._corpus_result()
            table = result.sentence_table()
            table["length_ratio"] = table["hyp_len"] / table["ref_len"].where(table["ref_len"] > 0)
            column = self.sort_box.value
            ordered = table.sort_index(ascending=not self.descending_box.value) if column == "segment" else \
                table.sort_values(column, ascending=not self.descending_box.value, kind="stable", na_position="last")
        except Exception as exc:
            self._show_error(self.error_area, exc)
            self.summary_area.value = ""
            return
        self.error_area.value = ""
        self.order = [int(i) for i in ordered.index]
        self.summary_area.value = (
            f'<div style="font-family:system-ui, sans-serif; color:#111; line-height:1.4;"><span data-score="{result.score!r}" '
            f'style="font-size:20px; font-weight:700;">BLEU {result.score:.2f}</span> &middot; system '
            f'<b>{html.escape(self.system_box.value)}</b>, {len(result)} segments, preset '
            f'<b>{html.escape(result.config.preset)}</b>, BP {result.brevity_penalty:.4f}'
            f'<div style="font-family:monospace; font-size:11px; color:#666;">{html.escape(result.signature)}</div></div>')
        self.table_area.value = self._table_html(ordered)
        selected = self.row_picker.value
        self._syncing = True
        self.row_picker.options = [(self._row_label(i, row), int(i)) for i, row in ordered.iterrows()]
        self.row_picker.value = selected if selected in self.order else None
        self._syncing = False
        if self.row_picker.value is None:
            self.sentence_area.value = ('<div style="color:#555; font-family:system-ui, sans-serif;">'
                                        'Choose a sentence above to see its explanation.</div>')
        else:
            self._explain_row(self.row_picker.value)

    @staticmethod
    def _row_label(i: int, row: Any) -> str:
        bleu = "  -  " if row["sentence_bleu"] is None or row["sentence_bleu"] != row["sentence_bleu"] \
            else f"{100 * row['sentence_bleu']:5.1f}"
        text = " ".join(str(row["candidate"]).split())
        return f"#{i:<4d} BLEU {bleu}  {text[:70]}"

    def _table_html(self, ordered: "pd.DataFrame") -> str:
        th = "padding:2px 8px; border-bottom:1px solid #999; background:#f4f4f4; position:sticky; top:0; text-align:right;"
        td = "padding:2px 8px; border-bottom:1px solid #eee; text-align:right;"
        marker = {"segment": "", "sentence_bleu": "", "hyp_len": "", "ref_len": "", "length_ratio": ""}
        marker[self.sort_box.value] = " \u25bc" if self.descending_box.value else " \u25b2"
        head = "".join(f'<th style="{th}">{name}{marker.get(key, "")}</th>' for key, name in [
            ("segment", "segment"), ("sentence_bleu", "sentence BLEU"), ("hyp_len", "c"), ("ref_len", "r"),
            ("length_ratio", "c/r")]) + f'<th style="{th} text-align:left;">candidate</th>'
        rows = []
        for i, row in ordered.iterrows():
            bleu = row["sentence_bleu"]
            bleu_text = "-" if bleu is None or bleu != bleu else f"{100 * bleu:.2f}"
            ratio = row["length_ratio"]
            ratio_text = "-" if ratio != ratio else f"{ratio:.2f}"
            rows.append(f'<tr data-segment="{int(i)}"><td style="{td}">{int(i)}</td><td style="{td}">{bleu_text}</td>'
                        f'<td style="{td}">{row["hyp_len"]}</td><td style="{td}">{row["ref_len"]}</td>'
                        f'<td style="{td}">{ratio_text}</td><td style="{td} text-align:left;">'
                        f'{html.escape(str(row["candidate"]))}</td></tr>')
        return ('<div style="max-height:260px; overflow:auto; background:#fff; color:#111; line-height:1.35; '
                'border-bottom:1px solid #bbb; margin-bottom:6px;">'
                '<table style="border-collapse:collapse; font-size:12px; font-family:system-ui, sans-serif;">'
                f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')

    def _explain_row(self, index: Optional[int]) -> None:
        if index is None:
            return
        try:
            seg = self._corpus_result().segment(int(index))
        except Exception as exc:
            self.sentence_area.value = error_html(error_message(exc))
            return
        self.sentence_area.value = (f'<div style="font-family:system-ui, sans-serif; margin:6px 0 2px 0;">'
                                    f'<b>Segment {int(index)}</b> (sentence BLEU, same settings)</div>'
                                    + explanation_html(seg))


# --------------------------------------------------------------------------- SignificanceExplorer
class SignificanceExplorer(_Explorer):
    """Two systems, a paired test (bootstrap, approximate randomization, or both), its distribution and p-value.

    The tests resample the whole test set: they run a moment after a control
    changes (debounced), with the Run button, or when :meth:`run` is called.
    """

    def __init__(self, corpus: Any = None, *, systems: Optional[Mapping[str, Sequence[str]]] = None,
                 references: Optional[Sequence[Sequence[str]]] = None, baseline: Optional[str] = None,
                 system: Optional[str] = None, n_samples: int = 1000, seed: int = 12345, test: str = "both",
                 preset: str = "sacrebleu", run: bool = True, delay: float = 0.5) -> None:
        import ipywidgets as w

        from ..engine.presets import PRESETS

        self._syncing = False
        self._debouncer = Debouncer(delay, self.run)
        self.systems, self.references = _corpus_parts(corpus, systems, references)
        names = list(self.systems)
        if len(names) < 2:
            raise BleuInputError("the significance explorer needs at least two systems")
        self.tests: dict[str, Any] = {}
        self.baseline_box = w.Dropdown(options=names, value=baseline or names[0], description="baseline")
        self.system_box = w.Dropdown(options=names, value=system or names[1], description="system")
        self.test_box = w.ToggleButtons(options=[("paired bootstrap", "bs"), ("approximate randomization", "ar"),
                                                 ("both", "both")], value=test, style={"button_width": "auto"})
        self.samples_box = w.BoundedIntText(value=n_samples, min=1, max=100000, description="samples",
                                            layout=w.Layout(width="200px"))
        self.seed_box = w.IntText(value=seed, description="seed", layout=w.Layout(width="200px"))
        self.preset_box = w.Dropdown(options=list(PRESETS), value=preset, description="preset")
        self.run_button = w.Button(description="Run", icon="play", button_style="primary")
        self.run_button.on_click(lambda _: self.run())
        self.error_area = w.HTML()
        self.summary_area = w.HTML()
        self.plot_image = _image()
        self.widget = w.VBox([w.HBox([self.baseline_box, self.system_box, self.preset_box]), self.test_box,
                              w.HBox([self.samples_box, self.seed_box, self.run_button]), self.error_area,
                              self.summary_area, self.plot_image])
        for box in (self.baseline_box, self.system_box, self.test_box, self.samples_box, self.seed_box,
                    self.preset_box):
            box.observe(self._changed, "value")
        if run:
            self.run()

    def _changed(self, _change: Any = None) -> None:
        if not self._syncing:
            self._debouncer.trigger()

    def _set_and_run(self, pairs: Sequence[tuple[Any, Any]]) -> None:
        self._syncing = True
        try:
            for box, value in pairs:
                box.value = value
        except Exception as exc:
            self._show_error(self.error_area, BleuInputError(f"{exc}; systems: {', '.join(self.systems)}"))
            return
        finally:
            self._syncing = False
        self.run()

    def set_systems(self, baseline: str, system: str) -> None:
        """Choose the two systems and run."""
        unknown = [name for name in (baseline, system) if name not in self.systems]
        if unknown:
            self._show_error(self.error_area, BleuInputError(
                f"unknown system {unknown[0]!r}; choose among {', '.join(self.systems)}"))
            return
        self._set_and_run([(self.baseline_box, baseline), (self.system_box, system)])

    def set_samples(self, n_samples: int) -> None:
        self._set_and_run([(self.samples_box, n_samples)])

    def set_test(self, test: str) -> None:
        """'bs', 'ar' or 'both', and run."""
        self._set_and_run([(self.test_box, test)])

    @property
    def displayed_p_values(self) -> dict[str, float]:
        """The p-value shown for each test that ran ('bs', 'ar')."""
        return {t: float(p) for t, p in re.findall(r'data-test="(\w+)" data-p="([^"]+)"', self.summary_area.value)}

    def run(self) -> None:
        """Run the chosen test(s) now and redraw."""
        from .plots import figure_png, plot_significance
        from ..analysis.significance import paired_approximate_randomization, paired_bootstrap

        self._debouncer.cancel()
        baseline, system = self.baseline_box.value, self.system_box.value
        self.run_button.disabled = True
        try:
            if baseline == system:
                raise BleuInputError("baseline and system are the same; choose two different systems")
            kinds = ["bs", "ar"] if self.test_box.value == "both" else [self.test_box.value]
            tests = {}
            for kind in kinds:
                fn = paired_bootstrap if kind == "bs" else paired_approximate_randomization
                tests[kind] = fn(self.systems[baseline], self.systems[system], self.references,
                                 n_samples=self.samples_box.value, seed=self.seed_box.value,
                                 preset=self.preset_box.value)
            png = figure_png(plot_significance(*tests.values()), dpi=PLOT_DPI)
        except Exception as exc:
            self.tests = {}
            self._show_error(self.error_area, exc)
            self.summary_area.value = ""
            self.plot_image.value = b""
            return
        finally:
            self.run_button.disabled = False
        self.tests = tests
        self.error_area.value = ""
        names = {"bs": "paired bootstrap", "ar": "approximate randomization"}
        lines = []
        for kind, t in tests.items():
            verdict = "significant at 0.05" if t.p_value < 0.05 else "not significant at 0.05"
            lines.append(f'<li data-test="{kind}" data-p="{t.p_value!r}"><b>{names[kind]}</b>: '
                         f'p = {t.p_value:.4f} ({verdict}); {t.n_samples} samples, seed {html.escape(str(t.seed))}</li>')
        first = next(iter(tests.values()))
        self.summary_area.value = (
            f'<div style="font-family:system-ui, sans-serif; color:#111; line-height:1.4;">'
            f'<b>{html.escape(system)}</b> {first.system_score:.2f} vs baseline <b>{html.escape(baseline)}</b> '
            f'{first.baseline_score:.2f}: &Delta; = {first.observed_delta:+.2f} BLEU'
            f'<ul style="margin:4px 0 0 18px; padding:0;">{"".join(lines)}</ul></div>')
        _show_png(self.plot_image, png)
