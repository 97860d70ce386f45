"""PresetDiff: one input through every preset side by side, with the first step where each departs from a baseline.

The scores, the errors and where each preset departs from the baseline (the
step, and the same place in words) are :func:`bleu_explain.analysis.comparison.compare`'s
table; the cells of each step show what the engine's steps produced.

>>> diff = PresetDiff("it is a ship", ["this is a ship", "a ship, it is"])
>>> diff.displayed_divergence["sacrebleu"], diff.displayed_divergence["nltk"]
('-', 'tokens')
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

from ...engine.errors import BleuInputError
from ...engine.steps import STEP_NAMES
from ..html.palette import CLIPPED_COLOUR, GREY, HAIRLINE, HEADER_BACKGROUND, INK, MUTED_TEXT, OKABE_ITO, RULE, tint
from .base import DEBOUNCE_SECONDS, SANS, Debouncer, Explorer, escape, text_area

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...results import SentenceExplanation

#: The tokens cell scrolls inside a box this tall, so one long sentence cannot stretch the table.
TOKENS_BOX_HEIGHT = "9em"

# --------------------------------------------------------------------------- the steps table
_STEP_ROWS = STEP_NAMES


def _step_values(result: SentenceExplanation) -> dict[str, str]:
    """What each of the engine's steps produced, as text, for one preset (the tokens: one line per text)."""
    return {step.name: "\n".join(step.lines) if step.name == "tokens" else step.summary for step in result.steps()}


_STEP_LABELS = {
    "tokens": "tokens",
    "counts": "counts: candidate n-grams per order",
    "clipping": "clipping: matches per order",
    "smoothing": "smoothing: p_n combined",
    "reference length": "reference length and BP",
    "combination": "combination: BLEU",
}

_TH = f"padding:4px 8px; border-bottom:2px solid {RULE}; background:{HEADER_BACKGROUND}; text-align:left;"
_TD = f"padding:3px 8px; border-bottom:1px solid {HAIRLINE}; vertical-align:top; font-family:monospace; font-size:12px;"


def _value_html(step: str, value: str) -> str:
    """A step's value in its cell; the tokens, one line per text, in a scrolling box of limited height."""
    if step != "tokens":
        return escape(value).replace("\n", "<br>")
    lines = "".join(f'<div style="margin-bottom:2px;">{escape(line)}</div>' for line in value.split("\n"))
    return (f'<div class="bleu-explain-tokens" style="max-height:{TOKENS_BOX_HEIGHT}; overflow:auto; '
            f'font-size:11px; line-height:1.3; min-width:12em; overflow-wrap:anywhere;">{lines}</div>')


def _steps_rows(results: dict[str, SentenceExplanation], presets: Sequence[str], baseline: str,
                divergence: dict[str, str]) -> list[str]:
    """A row per step: each preset's value, shaded where it differs from the baseline's, outlined where it first
    departs (``results`` holds the presets that have a score)."""
    values = {p: _step_values(r) for p, r in results.items()}
    base_values = values.get(baseline)
    rows = []
    for step in _STEP_ROWS:
        cells = [f'<td style="{_TD} {SANS}">{escape(_STEP_LABELS[step])}</td>']
        for p in presets:
            if p not in values:
                cells.append(f'<td style="{_TD} color:{GREY};">-</td>')
                continue
            value = values[p][step]
            style = _TD
            if base_values is not None and value != base_values[step]:
                style += f" background:{tint(OKABE_ITO['yellow'], 0.45)};"
            if divergence.get(p) == step:
                style += f" outline:2px solid {CLIPPED_COLOUR}; outline-offset:-2px; font-weight:bold;"
            cells.append(f'<td style="{style}">{_value_html(step, value)}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return rows


# --------------------------------------------------------------------------- the explorer
class PresetDiff(Explorer):
    """One input through every preset, side by side, with the first step where each departs from a baseline.

    What is on screen is also in ``table`` (:func:`~bleu_explain.analysis.comparison.compare`'s),
    ``results`` (the presets that have a score), ``displayed_scores`` (None where a
    tool cannot score the input), ``displayed_divergence`` ('-' for the
    baseline, 'none' where a preset never departs, 'cannot compare' next to an
    error) and ``displayed_words`` (the same place in words).
    """

    def __init__(self, candidate: str = "it is a ship",
                 references: Sequence[str] = ("this is a ship", "it is ship", "ship it is", "a ship, it is"),
                 *, baseline: str = "sacrebleu", presets: Sequence[str] | None = None,
                 delay: float = DEBOUNCE_SECONDS) -> None:
        import ipywidgets as w

        from ...engine.presets import PRESETS

        super().__init__()
        self.presets = list(presets or PRESETS)
        self.table: pd.DataFrame | None = None
        self.results: dict[str, SentenceExplanation] = {}
        self.displayed_scores: dict[str, float | None] = {}
        self.displayed_divergence: dict[str, str] = {}
        self.displayed_words: dict[str, str] = {}
        self._debouncer = Debouncer(delay, self.update)
        self.candidate_box = text_area(candidate, "candidate translation")
        self.references_box = text_area("\n".join(references), "references, one per line", rows=4)
        self.baseline_box = w.Dropdown(options=self.presets, value=baseline, description="baseline")
        self.error_area = w.HTML()
        self.table_area = w.HTML()
        self.widget = w.VBox([w.HTML("<b>Candidate</b>"), self.candidate_box,
                              w.HTML("<b>References</b> (one per line)"), self.references_box,
                              self.baseline_box, self.error_area, self.table_area])
        for box in (self.candidate_box, self.references_box):
            box.observe(self._changed, "value")
        self.baseline_box.observe(self._baseline_changed, "value")
        self.update()

    @property
    def references(self) -> list[str]:
        return [line for line in self.references_box.value.split("\n") if line.strip()]

    def set_candidate(self, text: str) -> None:
        self._set_and_update(self.candidate_box, text)

    def set_references(self, references: Sequence[str]) -> None:
        if isinstance(references, str):
            references = [references]
        for i, ref in enumerate(references):
            if not isinstance(ref, str) or "\n" in ref:
                self._show_error(BleuInputError(
                    f"references[{i}] must be one line of text; this box takes one reference per line"))
                return
        self._set_and_update(self.references_box, "\n".join(references))

    def set_baseline(self, preset: str) -> None:
        """Compare every preset with ``preset`` (no recomputing: the table compares every pair)."""
        self._quietly(lambda: setattr(self.baseline_box, "value", preset))
        self._render()

    def _baseline_changed(self, _change: Any) -> None:
        if not self._syncing:
            self._render()

    def update(self) -> None:
        """Score the input under every preset (``compare``) and redraw the table now."""
        from ...analysis.comparison import compare
        from ...api import explain

        self._debouncer.cancel()
        try:
            candidate, references = self.candidate_box.value, self.references
            table = compare(candidate, references, presets=self.presets)
            # the steps of the presets that scored it, for the cells (compare keeps only their numbers)
            results = {p: explain(candidate, references, preset=p) for p in self.presets if not table.loc[p, "error"]}
        except Exception as exc:
            self.table, self.results = None, {}
            self.displayed_scores, self.displayed_divergence, self.displayed_words = {}, {}, {}
            self._show_error(exc)
            self.table_area.value = ""
            return
        self.table, self.results = table, results
        self._clear_error()
        self._render()

    def _render(self) -> None:
        """Read what each cell says off the table, keep it, and draw it."""
        table, baseline = self.table, self.baseline_box.value
        if table is None:
            return
        self.displayed_scores = {p: None if math.isnan(table.loc[p, "score"]) else float(table.loc[p, "score"])
                                 for p in self.presets}
        self.displayed_divergence = {p: str(table.loc[p, f"first_divergence_from_{baseline}"]) for p in self.presets}
        self.displayed_words = {p: str(table.loc[p, f"divergence_from_{baseline}"]) for p in self.presets}
        head = f'<th style="{_TH}">step</th>' + "".join(
            f'<th style="{_TH}">{escape(p)}{" (baseline)" if p == baseline else ""}</th>' for p in self.presets)
        rows = _steps_rows(self.results, self.presets, baseline, self.displayed_divergence)
        rows += self._summary_rows(table, baseline)
        legend = (f'<div style="font-size:12px; color:{MUTED_TEXT}; margin-top:4px;">'
                  'Shaded: differs from the baseline. Outlined: the first step where that preset departs from it '
                  '(later steps inherit the difference).'
                  '</div>')
        self.table_area.value = (f'<div style="overflow:auto; background:#fff; color:{INK}; line-height:1.35;">'
                                 f'<table style="border-collapse:collapse;"><thead><tr>{head}</tr></thead>'
                                 f"<tbody>{''.join(rows)}</tbody></table>{legend}</div>")

    def _summary_rows(self, table: pd.DataFrame, baseline: str) -> list[str]:
        """The score row, the first divergence row and the same in words."""
        score_cells, step_cells, word_cells = [], [], []
        for p in self.presets:
            score, where = self.displayed_scores[p], f'data-preset="{escape(p)}"'
            if score is None:
                score_cells.append(f'<td style="{_TD}" {where}>{escape(table.loc[p, "error"])}</td>')
            else:
                score_cells.append(f'<td style="{_TD} font-weight:bold;" {where}>{score:.2f}</td>')
            step_cells.append(f'<td style="{_TD} color:{CLIPPED_COLOUR};" {where}>'
                              f'{escape(self.displayed_divergence[p])}</td>')
            word_cells.append(f'<td style="{_TD} {SANS} font-size:12px; min-width:14em;" {where}>'
                              f'{escape(self.displayed_words[p])}</td>')
        label = f'<td style="{_TD} {SANS}">'
        return ["<tr>" + label + "score (0-100)</td>" + "".join(score_cells) + "</tr>",
                "<tr>" + label + f"first divergence from {escape(baseline)}</td>" + "".join(step_cells) + "</tr>",
                "<tr>" + label + "how it departs</td>" + "".join(word_cells) + "</tr>"]
