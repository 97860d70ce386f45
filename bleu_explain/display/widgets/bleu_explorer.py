"""BleuExplorer: one candidate and its references, every setting, highlighting, tables and a plot, live.

>>> explorer = BleuExplorer("the cat sat on the mat", ["the cat is on the mat"])
>>> round(explorer.displayed_score, 2)
37.99
>>> explorer.set_references([])
>>> explorer.displayed_score is None, explorer.displayed_error
(True, 'references is empty; BLEU needs at least one reference translation')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...engine.errors import BleuInputError
from ..html.highlight import explanation_html, score_summary_html, steps_html
from ..html.palette import GREY
from .base import DEBOUNCE_SECONDS, PLOT_DPI, Debouncer, Explorer, frame_html, image, show_png, text_area
from .settings import ConfigControls

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...engine.config import BleuConfig
    from ...results import SentenceExplanation

PLOT_KINDS = ("precisions", "log combination", "brevity penalty", "means")
#: Figure size and margins of each plot kind in the explorer (fixed margins: no layout engine per keystroke).
#: The explorer draws in the screen style whatever the environment says: these margins are made for it.
_PLOT_FRAMES: dict[str, tuple[tuple[float, float], dict[str, float]]] = {
    "precisions": ((6.8, 3.8), {"left": 0.11, "right": 0.98, "top": 0.8, "bottom": 0.14}),
    "brevity penalty": ((6.8, 3.8), {"left": 0.11, "right": 0.98, "top": 0.8, "bottom": 0.14}),
    "log combination": ((7.4, 4.4), {"left": 0.11, "right": 0.98, "top": 0.83, "bottom": 0.2}),
    "means": ((9.0, 4.8), {"left": 0.08, "right": 0.97, "top": 0.8, "bottom": 0.24, "wspace": 0.25}),
}
_NO_SCORE = f'<div style="font-size:22px; font-weight:700; color:{GREY};">BLEU &mdash;</div>'


class BleuExplorer(Explorer):
    """Explore one candidate's BLEU: edit the texts and the settings, watch every number.

    ``preset`` chooses the starting settings; the tokenizer, case, max order,
    weights and smoothing controls start at the preset's values and override it.
    The configuration computed with is :attr:`config`, a
    :class:`~bleu_explain.engine.config.BleuConfig` the controls show (see
    :mod:`.settings`). What is on screen is also in ``result``,
    ``displayed_score``, ``displayed_error`` and ``displayed_tables``.
    """

    def __init__(self, candidate: str = "the the the the the the the.",
                 references: Sequence[str] = ("The cat is on the mat.", "There is a cat on the mat."),
                 *, preset: str = "sacrebleu", plot: str = "precisions", delay: float = DEBOUNCE_SECONDS) -> None:
        import ipywidgets as w

        super().__init__()
        self.result: SentenceExplanation | None = None
        self.displayed_score: float | None = None  # 0-100, None while an error is shown
        self.displayed_tables: dict[str, pd.DataFrame] = {}
        self._precision_plot: Any = None  # kept between updates and redrawn in place
        self._plot_failed = False  # the error on screen is the plot's: the next good plot clears it
        self._debouncer = Debouncer(delay, self.update)
        self.settings = ConfigControls(preset, on_change=self._debouncer.trigger, on_error=self._show_failure)
        self.candidate_box = text_area(candidate, "candidate translation", rows=2)
        self.reference_rows = w.VBox()
        self.add_button = w.Button(description="Add reference", icon="plus", layout=w.Layout(width="150px"))
        self.add_button.on_click(lambda _: self.add_reference(""))
        self.order_box = w.Dropdown(options=[1, 2, 3, 4], value=1, description="n-gram table",
                                    layout=w.Layout(width="190px"))
        self.plot_box = w.ToggleButtons(options=list(PLOT_KINDS), value=plot)
        self.score_area, self.error_area, self.highlight_area = w.HTML(), w.HTML(), w.HTML()
        self.precision_area, self.ngram_area, self.length_area, self.steps_area = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.plot_image = image()
        self.widget = w.VBox([
            w.HTML("<b>Candidate</b>"), self.candidate_box,
            w.HTML("<b>References</b>"), self.reference_rows, self.add_button,
            self.settings.widget, self.error_area, self.score_area, self.highlight_area,
            self._tables_tab(), self.plot_box, self.plot_image,
        ])
        # CSS classes for browser tests and course styling
        for box, name in ((self.candidate_box, "candidate"), (self.score_area, "score"),
                          (self.error_area, "error"), (self.highlight_area, "highlight")):
            box.add_class(f"bleu-explain-{name}")
        for ref in references:
            self._add_row(ref)
        self._refresh_remove_buttons()
        self.candidate_box.observe(self._changed, "value")
        self.order_box.observe(lambda _: self._render_ngrams(), "value")
        self.plot_box.observe(lambda _: self._render_plot(), "value")
        self.update()

    def _tables_tab(self) -> Any:
        import ipywidgets as w

        tables = w.Tab(children=[self.precision_area, w.VBox([self.order_box, self.ngram_area]), self.length_area,
                                 self.steps_area])
        for i, title in enumerate(["precisions", "n-grams", "lengths", "steps"]):
            tables.set_title(i, title)
        return tables

    # ------------------------------------------------------------------ programmatic interface
    @property
    def candidate(self) -> str:
        return self.candidate_box.value

    @property
    def references(self) -> list[str]:
        return [row.children[0].value for row in self.reference_rows.children]

    def set_candidate(self, text: str) -> None:
        """Replace the candidate and update at once."""
        self._set_and_update(self.candidate_box, text)

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
        try:
            self.settings.set_preset(preset)
        except BleuInputError as exc:
            self._show_failure(exc)
            return
        self.update()

    def set_options(self, *, tokenize: str | None = None, lowercase: bool | None = None,
                    max_order: int | None = None, weights: Sequence[float] | None = None,
                    smooth: str | None = None) -> None:
        """Change any of the settings (as ``bleu_explain.explain``'s keywords do) and update at once.

        The engine's rules apply: ``weights`` decide the max order; a refused value is shown as an error.
        """
        given = {"tokenize": tokenize, "lowercase": lowercase, "max_order": max_order, "weights": weights,
                 "smooth": smooth}
        try:
            self.settings.change(**{name: value for name, value in given.items() if value is not None})
        except BleuInputError as exc:
            self._show_failure(exc)
            return
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
    @property
    def config(self) -> BleuConfig:
        """The configuration the explorer computes with (the one its controls show)."""
        return self.settings.config

    def update(self) -> None:
        """Recompute and redraw everything now (the controls call this after a short pause)."""
        from ...api import explain_with_config

        self._debouncer.cancel()
        try:
            result = explain_with_config(self.candidate, self.references, self.config)
            self.result = result
            self._clear_error()  # before the plot, which shows its own errors
            self.score_area.value = score_summary_html(result)
            self.highlight_area.value = explanation_html(result, summary=False)
            self._render_tables()
            self._render_plot()
        except Exception as exc:
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
                    self._precision_plot = plots.PrecisionPlot(order, figsize=size, layout=None, dpi=PLOT_DPI,
                                                               style="screen")
                    self._precision_plot.figure.subplots_adjust(**margins)
                show_png(self.plot_image, self._precision_plot.render_png(self.result))
            else:
                draw = {"brevity penalty": plots.plot_brevity_penalty, "log combination": plots.plot_log_combination,
                        "means": plots.plot_means}[kind]
                fig = draw(self.result, layout=None, figsize=size, style="screen")
                fig.subplots_adjust(**margins)
                show_png(self.plot_image, plots.figure_png(fig, dpi=PLOT_DPI))
        except Exception as exc:
            self._plot_failed = True
            self.plot_image.value = b""
            self._show_error(exc)
            return
        if self._plot_failed:
            self._plot_failed = False
            self._clear_error()

    # ------------------------------------------------------------------ the reference rows
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
