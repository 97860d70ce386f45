"""CorpusExplorer: a system's sentence table, sortable; choose a row to explain that sentence."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...engine.errors import BleuInputError
from ..highlight import explanation_html
from ..palette import HAIRLINE, HEADER_BACKGROUND, INK, MUTED_TEXT, RULE
from .base import SANS, Explorer, error_html, error_message, escape
from .corpus_input import corpus_parts

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...results import CorpusExplanation

SORT_COLUMNS = ("segment", "sentence_bleu", "hyp_len", "ref_len", "length_ratio")
_HEADINGS = {"segment": "segment", "sentence_bleu": "sentence BLEU", "hyp_len": "c", "ref_len": "r",
             "length_ratio": "c/r"}
_TH = f"padding:2px 8px; border-bottom:1px solid {RULE}; background:{HEADER_BACKGROUND}; position:sticky; top:0; " \
      "text-align:right;"
_TD = f"padding:2px 8px; border-bottom:1px solid {HAIRLINE}; text-align:right;"
_CHOOSE = f'<div style="color:{MUTED_TEXT}; {SANS}">Choose a sentence above to see its explanation.</div>'


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _row_label(i: int, row: Any) -> str:
    bleu = "  -  " if _missing(row["sentence_bleu"]) else f"{100 * row['sentence_bleu']:5.1f}"
    text = " ".join(str(row["candidate"]).split())
    return f"#{i:<4d} BLEU {bleu}  {text[:70]}"


def _table_html(ordered: pd.DataFrame, column: str, descending: bool) -> str:
    arrow = " \u25bc" if descending else " \u25b2"
    head = "".join(f'<th style="{_TH}">{name}{arrow if key == column else ""}</th>' for key, name in _HEADINGS.items())
    head += f'<th style="{_TH} text-align:left;">candidate</th>'
    rows = []
    for i, row in ordered.iterrows():
        bleu, ratio = row["sentence_bleu"], row["length_ratio"]
        bleu_text = "-" if _missing(bleu) else f"{100 * bleu:.2f}"
        ratio_text = "-" if _missing(ratio) else f"{ratio:.2f}"
        rows.append(f'<tr data-segment="{int(i)}"><td style="{_TD}">{int(i)}</td><td style="{_TD}">{bleu_text}</td>'
                    f'<td style="{_TD}">{row["hyp_len"]}</td><td style="{_TD}">{row["ref_len"]}</td>'
                    f'<td style="{_TD}">{ratio_text}</td><td style="{_TD} text-align:left;">'
                    f'{escape(row["candidate"])}</td></tr>')
    return (f'<div style="max-height:260px; overflow:auto; background:#fff; color:{INK}; line-height:1.35; '
            'border-bottom:1px solid #bbb; margin-bottom:6px;">'
            f'<table style="border-collapse:collapse; font-size:12px; {SANS}">'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


class CorpusExplorer(Explorer):
    """A system's sentence table, sortable; choose a row to explain that sentence.

    Give a corpus (``load_corpus()``'s result), or ``systems`` and ``references``;
    with neither, the bundled teaching corpus is loaded. What is on screen is
    also in ``displayed_score`` (the corpus's), ``displayed_order`` (segment
    indices as the table lists them), ``selected_segment`` and
    ``displayed_segment_score``.
    """

    def __init__(self, corpus: Any = None, *, systems: Mapping[str, Sequence[str]] | None = None,
                 references: Sequence[Sequence[str]] | None = None, preset: str = "sacrebleu",
                 system: str | None = None) -> None:
        import ipywidgets as w

        from ...engine.presets import PRESETS

        super().__init__()
        self.systems, self.references = corpus_parts(corpus, systems, references)
        self._cache: dict[tuple[str, str], CorpusExplanation] = {}
        self.displayed_score: float | None = None
        self.displayed_order: list[int] = []
        self.selected_segment: int | None = None
        self.displayed_segment_score: float | None = None
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
            box.observe(self._control_changed, "value")
        self.row_picker.observe(self._row_picked, "value")
        self.update()

    # ------------------------------------------------------------------ programmatic interface
    def set_system(self, name: str) -> None:
        self._set(self.system_box, name)

    def set_preset(self, preset: str) -> None:
        self._set(self.preset_box, preset)

    def sort_by(self, column: str, descending: bool = False) -> None:
        if column not in SORT_COLUMNS:
            self._show_error(BleuInputError(f"cannot sort by {column!r}; choose one of {', '.join(SORT_COLUMNS)}"))
            return

        def choose() -> None:
            self.sort_box.value = column
            self.descending_box.value = descending
        self._quietly(choose)
        self.update()

    def select_segment(self, index: int) -> None:
        """Explain segment ``index`` (0-based, as in the table)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.references):
            self._show_error(BleuInputError(
                f"segment index must be a whole number from 0 to {len(self.references) - 1}, got {index!r}"))
            return
        self.row_picker.value = index

    @property
    def result(self) -> CorpusExplanation | None:
        return self._cache.get((self.system_box.value, self.preset_box.value))

    # ------------------------------------------------------------------ drawing
    def _control_changed(self, _change: Any) -> None:
        if not self._syncing:
            self.update()

    def _row_picked(self, change: Any) -> None:
        if not self._syncing:
            self._explain_row(change["new"])

    def _set(self, box: Any, value: Any) -> None:
        try:
            self._quietly(lambda: setattr(box, "value", value))
        except Exception as exc:  # noqa: BLE001 -- shown in the widget, never as a traceback
            self._show_error(exc)
            return
        self.update()

    def _corpus_result(self) -> CorpusExplanation:
        from ...api import explain_corpus

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
            column, descending = self.sort_box.value, self.descending_box.value
            ordered = table.sort_index(ascending=not descending) if column == "segment" else \
                table.sort_values(column, ascending=not descending, kind="stable", na_position="last")
        except Exception as exc:  # noqa: BLE001 -- shown in the widget, never as a traceback
            self._show_error(exc)
            self.displayed_score = None
            self.summary_area.value = ""
            return
        self._clear_error()
        self.displayed_score = result.score
        self.displayed_order = [int(i) for i in ordered.index]
        self.summary_area.value = (
            f'<div style="{SANS} color:{INK}; line-height:1.4;"><span style="font-size:20px; font-weight:700;">'
            f'BLEU {result.score:.2f}</span> &middot; system <b>{escape(self.system_box.value)}</b>, '
            f'{len(result)} segments, preset <b>{escape(result.config.preset)}</b>, BP {result.brevity_penalty:.4f}'
            f'<div style="font-family:monospace; font-size:11px; color:#666;">{escape(result.signature)}</div></div>')
        self.table_area.value = _table_html(ordered, column, descending)
        selected = self.row_picker.value

        def list_rows() -> None:
            self.row_picker.options = [(_row_label(int(i), row), int(i)) for i, row in ordered.iterrows()]
            self.row_picker.value = selected if selected in self.displayed_order else None
        self._quietly(list_rows)
        self._explain_row(self.row_picker.value)

    def _explain_row(self, index: int | None) -> None:
        self.selected_segment = None if index is None else int(index)
        self.displayed_segment_score = None
        if index is None:
            self.sentence_area.value = _CHOOSE
            return
        try:
            seg = self._corpus_result().segment(int(index))
        except Exception as exc:  # noqa: BLE001 -- shown in the widget, never as a traceback
            self.sentence_area.value = error_html(error_message(exc))
            return
        self.displayed_segment_score = seg.score
        self.sentence_area.value = (f'<div style="{SANS} margin:6px 0 2px 0;"><b>Segment {int(index)}</b> '
                                    '(sentence BLEU, same settings)</div>' + explanation_html(seg))
