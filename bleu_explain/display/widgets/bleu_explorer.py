"""BleuExplorer: one candidate and its references, every setting, highlighting, tables and a plot, live.

>>> explorer = BleuExplorer("the cat sat on the mat", ["the cat is on the mat"])
>>> round(explorer.displayed_score, 2)
37.99
>>> explorer.set_references([])
>>> explorer.displayed_score is None, explorer.displayed_error
(True, 'references is empty; BLEU needs at least one reference translation')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

from ...engine.errors import BleuInputError
from ..highlight import explanation_html, score_summary_html, steps_html
from ..palette import GREY
from .base import DEBOUNCE_SECONDS, PLOT_DPI, Debouncer, Explorer, frame_html, image, show_png, text_area

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...engine.config import BleuConfig
    from ...results import SentenceExplanation

PLOT_KINDS = ("precisions", "log combination", "brevity penalty", "means")
#: Figure size and margins of each plot kind in the explorer (fixed margins: no layout engine per keystroke).
_PLOT_FRAMES: dict[str, tuple[tuple[float, float], dict[str, float]]] = {
    "precisions": ((6.4, 3.3), {"left": 0.1, "right": 0.98, "top": 0.8, "bottom": 0.16}),
    "brevity penalty": ((6.4, 3.3), {"left": 0.1, "right": 0.98, "top": 0.8, "bottom": 0.16}),
    "log combination": ((7.0, 3.8), {"left": 0.1, "right": 0.98, "top": 0.85, "bottom": 0.2}),
    "means": ((8.5, 3.8), {"left": 0.08, "right": 0.98, "top": 0.72, "bottom": 0.14, "wspace": 0.25}),
}
_NO_SCORE = f'<div style="font-size:22px; font-weight:700; color:{GREY};">BLEU &mdash;</div>'


def parse_weights(text: str) -> tuple[float, ...] | None:
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


def _weights_text(weights: Sequence[float] | None) -> str:
    return "" if weights is None else " ".join(f"{x:g}" for x in weights)


class BleuExplorer(Explorer):
    """Explore one candidate's BLEU: edit the texts and the settings, watch every number.

    ``preset`` chooses the starting settings; the tokenizer, case, max order,
    weights and smoothing controls start at the preset's values and override it.
    What is on screen is also in ``result``, ``displayed_score``,
    ``displayed_error`` and ``displayed_tables``.
    """

    def __init__(self, candidate: str = "the the the the the the the.",
                 references: Sequence[str] = ("The cat is on the mat.", "There is a cat on the mat."),
                 *, preset: str = "sacrebleu", plot: str = "precisions", delay: float = DEBOUNCE_SECONDS) -> None:
        import ipywidgets as w

        from ...engine.presets import PRESETS
        from ...engine.tokenizers import PURE_PYTHON

        super().__init__()
        self.result: SentenceExplanation | None = None
        self.displayed_score: float | None = None  # 0-100, None while an error is shown
        self.displayed_tables: dict[str, pd.DataFrame] = {}
        self._precision_plot: Any = None  # kept between updates and redrawn in place
        self._plot_failed = False  # the error on screen is the plot's: the next good plot clears it
        self._debouncer = Debouncer(delay, self.update)

        self.candidate_box = text_area(candidate, "candidate translation", rows=2)
        self.reference_rows = w.VBox()
        self.add_button = w.Button(description="Add reference", icon="plus", layout=w.Layout(width="150px"))
        self.add_button.on_click(lambda _: self.add_reference(""))
        self.preset_box = w.Dropdown(options=list(PRESETS), value=preset, description="preset")
        # the tokenizers that need nothing installed (those of the ja, ko and spm extras cannot run everywhere)
        self.tokenize_box = w.Dropdown(options=list(PURE_PYTHON), description="tokenizer")
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
        self.plot_image = image()
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
            self._show_error(BleuInputError(
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

    def set_options(self, *, tokenize: str | None = None, lowercase: bool | None = None,
                    max_order: int | None = None, weights: Any = None, smooth: str | None = None) -> None:
        """Set any of the setting controls (``weights``: a sequence, or the text a student would type)."""
        def apply() -> None:
            if tokenize is not None:
                self.tokenize_box.value = tokenize
            if lowercase is not None:
                self.lowercase_box.value = bool(lowercase)
            if weights is not None:
                self.weights_box.value = weights if isinstance(weights, str) else _weights_text(weights)
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
    def displayed_html(self) -> str:
        """The highlighted candidate and references as shown."""
        return self.highlight_area.value

    @property
    def displayed_png(self) -> bytes:
        return bytes(self.plot_image.value)

    # ------------------------------------------------------------------ computing and drawing
    def config(self) -> BleuConfig:
        """The configuration the controls describe."""
        from ...api import make_config

        return make_config(self.preset_box.value, tokenize=self.tokenize_box.value, lowercase=self.lowercase_box.value,
                           max_order=self.max_order_box.value, weights=parse_weights(self.weights_box.value),
                           smooth=self.smooth_box.value)

    def update(self) -> None:
        """Recompute and redraw everything now (the controls call this after a short pause)."""
        from ...api import explain_with_config

        self._debouncer.cancel()
        try:
            result = explain_with_config(self.candidate, self.references, self.config())
            self.result = result
            self._clear_error()  # before the plot, which shows its own errors
            self.score_area.value = score_summary_html(result)
            self.highlight_area.value = explanation_html(result, summary=False)
            self._render_tables()
            self._render_plot()
        except Exception as exc:  # noqa: BLE001 -- shown in the widget, never as a traceback
            self._show_failure(exc)
            return
        self.displayed_score = result.score

    def _show_failure(self, exc: BaseException) -> None:
        """Nothing to show but the error: every number is cleared, so none is stale."""
        self.result = None
        self.displayed_score = None
        self._show_error(exc)
        self.score_area.value = _NO_SCORE
        for area in (self.highlight_area, self.precision_area, self.ngram_area, self.length_area, self.steps_area):
            area.value = ""
        self.displayed_tables = {}
        self.plot_image.value = b""

    def _render_tables(self) -> None:
        result = self.result
        if result is None:
            return
        precision = result.precision_table()
        length = result.length_table()
        self.displayed_tables = {"precision": precision, "length": length}
        self.precision_area.value = frame_html(precision)
        self.length_area.value = frame_html(length, index=False)
        self.steps_area.value = steps_html(result.steps())
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
        from .. import plots

        kind = self.plot_box.value
        size, margins = _PLOT_FRAMES[kind]
        try:
            if kind == "precisions":
                order = self.result.config.max_order
                if self._precision_plot is None or self._precision_plot.max_order != order:
                    self._precision_plot = plots.PrecisionPlot(order, figsize=size, layout=None, dpi=PLOT_DPI)
                    self._precision_plot.figure.subplots_adjust(**margins)
                show_png(self.plot_image, self._precision_plot.render_png(self.result))
            else:
                draw = {"brevity penalty": plots.plot_brevity_penalty, "log combination": plots.plot_log_combination,
                        "means": plots.plot_means}[kind]
                fig = draw(self.result, layout=None, figsize=size)
                fig.subplots_adjust(**margins)
                show_png(self.plot_image, plots.figure_png(fig, dpi=PLOT_DPI))
        except Exception as exc:  # noqa: BLE001 -- shown in the widget, never as a traceback
            self._plot_failed = True
            self.plot_image.value = b""
            self._show_error(exc)
            return
        if self._plot_failed:
            self._plot_failed = False
            self._clear_error()

    # ------------------------------------------------------------------ control plumbing
    def _apply_preset(self, preset: str) -> None:
        from ...engine.config import SMOOTHING_BY_RULE
        from ...engine.presets import get_preset

        config = get_preset(preset)
        self.preset_box.value = preset
        self.tokenize_box.value = config.tokenize
        self.lowercase_box.value = config.lowercase
        self.max_order_box.value = config.max_order
        self.weights_box.value = _weights_text(config.weights)
        self.smooth_box.options = list(SMOOTHING_BY_RULE[config.combine])
        self.smooth_box.value = config.smooth

    def _preset_changed(self, change: Any) -> None:
        if self._syncing:
            return
        try:
            self._quietly(lambda: self._apply_preset(change["new"]))
        except Exception as exc:  # noqa: BLE001 -- shown in the widget, never as a traceback
            self._show_error(exc)
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

        box = text_area(text, "reference translation", rows=1)
        box.add_class("bleu-explain-reference")
        remove = w.Button(icon="times", tooltip="remove this reference", layout=w.Layout(width="40px"))
        row = w.HBox([box, remove])
        box.observe(self._changed, "value")
        remove.on_click(lambda _b, row=row: self._remove_row(row))
        self.reference_rows.children = (*self.reference_rows.children, row)

    def _remove_row(self, row: Any) -> None:
        rows = list(self.reference_rows.children)
        if row in rows:
            self.remove_reference(rows.index(row))

    def _refresh_remove_buttons(self) -> None:
        rows = self.reference_rows.children
        for row in rows:
            row.children[1].disabled = len(rows) <= 1
