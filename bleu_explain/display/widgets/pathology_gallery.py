"""PathologyGallery: pick a pathological candidate; see its score under each preset and why it is high or low.

>>> gallery = PathologyGallery("the x7 (Example 2)")
>>> gallery.displayed_scores["paper"]
0.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.errors import BleuInputError
from ..html.highlight import explanation_html
from ..html.palette import HAIRLINE, HEADER_BACKGROUND, INK, MUTED_TEXT, NOTE_BACKGROUND, OKABE_ITO, RULE
from .base import SANS, Explorer, error_html, error_message, escape

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...data.pathologies import Pathology

_TH = f"padding:3px 10px; border-bottom:2px solid {RULE}; background:{HEADER_BACKGROUND}; text-align:right;"
_TD = f"padding:3px 10px; border-bottom:1px solid {HAIRLINE}; text-align:right;"


def _story_html(p: Pathology) -> str:
    refs = "".join(f"<li><code>{escape(r)}</code></li>" for r in p.references)
    return (f'<div style="{SANS} color:{INK}; background:#fff; padding:4px 0; line-height:1.4;">'
            f'<div style="font-size:16px;"><b>{escape(p.name)}</b> &middot; scores <b>{escape(p.verdict)}</b></div>'
            f'<div>Candidate: <code>{escape(p.candidate)}</code></div>'
            f'<div>References:<ul style="margin:2px 0 2px 18px; padding:0;">{refs}</ul></div>'
            f'<div style="border-left:4px solid {OKABE_ITO["blue"]}; padding:4px 8px; background:{NOTE_BACKGROUND}; '
            f'margin:4px 0;">{escape(p.why)}<div style="font-size:12px; color:{MUTED_TEXT}; margin-top:2px;">'
            f'Numbers quoted: preset {escape(p.preset)}. Source: {escape(p.source)}.</div></div></div>')


def _scores_html(table: pd.DataFrame) -> str:
    rows = []
    for preset, row in table.iterrows():
        error = row["error"]
        shown = escape(error) if error else f"{row['score']:.2f}"
        bp = "-" if error else f"{row['brevity_penalty']:.4f}"
        precisions = "-" if error else escape(row["precisions"])
        rows.append(f'<tr><td style="{_TD} text-align:left;">{escape(preset)}</td>'
                    f'<td style="{_TD} font-weight:bold;" data-preset="{escape(preset)}">{shown}</td>'
                    f'<td style="{_TD}">{precisions}</td><td style="{_TD}">{bp}</td></tr>')
    return (f'<table style="border-collapse:collapse; {SANS} font-size:13px; color:{INK}; line-height:1.35; '
            f'background:#fff;"><thead><tr><th style="{_TH} text-align:left;">preset</th>'
            f'<th style="{_TH}">BLEU (0-100)</th><th style="{_TH}">matches/totals per order</th>'
            f'<th style="{_TH}">BP</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


class PathologyGallery(Explorer):
    """Pick a pathological candidate; see its score under each preset and why it is high or low.

    What is on screen is also in ``displayed_scores`` (preset -> score, None
    where the tool cannot score it) and ``displayed_why``.
    """

    def __init__(self, name: str | None = None, *, preset: str | None = None) -> None:
        import ipywidgets as w

        from ...data.pathologies import PATHOLOGIES
        from ...engine.presets import PRESETS

        super().__init__()
        self.displayed_scores: dict[str, float | None] = {}
        self.displayed_why = ""
        names = [p.name for p in PATHOLOGIES]
        self.picker = w.Dropdown(options=names, value=name or names[0], description="candidate",
                                 layout=w.Layout(width="480px"))
        self.preset_box = w.Dropdown(options=list(PRESETS), description="highlight")
        self.error_area = w.HTML()
        self.story_area = w.HTML()
        self.scores_area = w.HTML()
        self.highlight_area = w.HTML()
        self.widget = w.VBox([w.HBox([self.picker, self.preset_box]), self.error_area, self.story_area,
                              self.scores_area, self.highlight_area])
        self.picker.observe(self._unless_syncing(lambda change: self.select(change["new"])), "value")
        self.preset_box.observe(self._unless_syncing(lambda _change: self._render_highlight()), "value")
        self.select(self.picker.value, preset=preset)

    def select(self, name: str, *, preset: str | None = None) -> None:
        """Show the pathology of that name (and highlight it under ``preset``, default its own)."""
        from ...data.pathologies import get_pathology

        try:
            pathology = get_pathology(name)
        except BleuInputError as exc:
            self._show_error(exc)
            return

        def choose() -> None:
            self.picker.value = name
            self.preset_box.value = preset or pathology.preset
        self._quietly(choose)
        self.update()

    def set_preset(self, preset: str) -> None:
        self.preset_box.value = preset

    @property
    def pathology(self) -> Pathology:
        from ...data.pathologies import get_pathology

        return get_pathology(self.picker.value)

    def update(self) -> None:
        from ...data.pathologies import scores_by_preset

        try:
            p = self.pathology
            table = scores_by_preset(p)
        except Exception as exc:
            self._show_error(exc)
            return
        self._clear_error()
        self.displayed_why = p.why
        self.displayed_scores = {str(preset): (None if row["error"] else float(row["score"]))
                                 for preset, row in table.iterrows()}
        self.story_area.value = _story_html(p)
        self.scores_area.value = _scores_html(table)
        self._render_highlight()

    def _render_highlight(self) -> None:
        try:
            result = self.pathology.explain(preset=self.preset_box.value)
        except Exception as exc:
            self.highlight_area.value = error_html(error_message(exc))
            return
        self.highlight_area.value = explanation_html(result)
