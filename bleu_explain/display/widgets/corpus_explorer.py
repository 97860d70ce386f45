"""CorpusExplorer: a system's sentence table, sortable; choose a row to explain that sentence."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...engine.errors import BleuInputError
from ..html.highlight import explanation_html
from ..html.palette import HAIRLINE, HEADER_BACKGROUND, INK, MUTED_TEXT, RULE
from .base import SANS, Explorer, error_html, error_message, escape
from .explored_sets import explored, name_of
from .upload import UploadPanel, load_uploaded

if TYPE_CHECKING:  # pragma: no cover
    import os

    import pandas as pd

    from ...data.corpus import TeachingCorpus
    from ...data.judgments import HumanScores
    from ...results import CorpusExplanation

SORT_COLUMNS = ("segment", "sentence_bleu", "hyp_len", "ref_len", "length_ratio")
#: The extra sort column of a test set with human scores per segment.
HUMAN_COLUMN = "human"
_HEADINGS = {"segment": "segment", "sentence_bleu": "sentence BLEU", "hyp_len": "c", "ref_len": "r",
             "length_ratio": "c/r"}
_TH = f"padding:2px 8px; border-bottom:1px solid {RULE}; background:{HEADER_BACKGROUND}; position:sticky; top:0; " \
      "text-align:right;"
_TD = f"padding:2px 8px; border-bottom:1px solid {HAIRLINE}; text-align:right;"
_CHOOSE = f'<div style="color:{MUTED_TEXT}; {SANS}">Choose a sentence above to see its explanation.</div>'


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _row_label(i: int, row: Any, human: bool) -> str:
    bleu = "  -  " if _missing(row["sentence_bleu"]) else f"{100 * row['sentence_bleu']:5.1f}"
    judged = ""
    if human:
        judged = "  human   -  " if _missing(row[HUMAN_COLUMN]) else f"  human {row[HUMAN_COLUMN]:5.2f}"
    text = " ".join(str(row["candidate"]).split())
    return f"#{i:<4d} BLEU {bleu}{judged}  {text[:70]}"


def _table_html(ordered: pd.DataFrame, column: str, descending: bool, human: str | None) -> str:
    arrow = " \u25bc" if descending else " \u25b2"
    headings = dict(_HEADINGS, **({HUMAN_COLUMN: human} if human else {}))
    head = "".join(f'<th style="{_TH}">{escape(name)}{arrow if key == column else ""}</th>'
                   for key, name in headings.items())
    head += f'<th style="{_TH} text-align:left;">candidate</th>'
    rows = []
    for i, row in ordered.iterrows():
        bleu, ratio = row["sentence_bleu"], row["length_ratio"]
        bleu_text = "-" if _missing(bleu) else f"{100 * bleu:.2f}"
        ratio_text = "-" if _missing(ratio) else f"{ratio:.2f}"
        judged = ""
        if human:
            value = row[HUMAN_COLUMN]
            judged = f'<td style="{_TD}">{"-" if _missing(value) else f"{value:.2f}"}</td>'
        rows.append(f'<tr data-segment="{int(i)}"><td style="{_TD}">{int(i)}</td><td style="{_TD}">{bleu_text}</td>'
                    f'<td style="{_TD}">{row["hyp_len"]}</td><td style="{_TD}">{row["ref_len"]}</td>'
                    f'<td style="{_TD}">{ratio_text}</td>{judged}<td style="{_TD} text-align:left;">'
                    f'{escape(row["candidate"])}</td></tr>')
    return (f'<div style="max-height:260px; overflow:auto; background:#fff; color:{INK}; line-height:1.35; '
            'border-bottom:1px solid #bbb; margin-bottom:6px;">'
            f'<table style="border-collapse:collapse; font-size:12px; {SANS}">'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


class CorpusExplorer(Explorer):
    """A system's sentence table, sortable; choose a row to explain that sentence.

    Give a corpus -- ``load_corpus()``'s, a loader's
    (:mod:`bleu_explain.data.loaders`), or a test set with human scores
    (``load_judged_folder()``, ``load_wmt21()``: all its references count, its
    machine systems are explored, and its MQM scores shown, else its first
    kind's) -- or ``systems`` and ``references``; with neither, the bundled
    teaching corpus is loaded.
    :meth:`from_folder` reads a folder of your own files (``references/``,
    ``systems/``, optionally human scores) as the loaders do, and
    :meth:`load` switches a running explorer to another corpus.

    In the page, the *Your own data* panel takes reference files, system
    outputs and optionally a human-scores file (formats in
    :mod:`bleu_explain.display.widgets.upload`); Load reads them with the same
    checks as the loaders and the command line and switches to them. On bad
    input the explorer says what is wrong and keeps the corpus it showed.
    Human scores per segment appear as a column of the sentence table (and a
    sort key), a system's human score beside its BLEU.

    What is on screen is also in ``displayed_source`` (the test set's name),
    ``displayed_systems``, ``displayed_score`` (the corpus BLEU),
    ``displayed_human_score``, ``displayed_order`` (segment indices as the
    table lists them), ``displayed_human`` (their human scores, if any),
    ``selected_segment``, ``displayed_segment_score`` and
    ``displayed_segment_human``.

    >>> import tempfile, pathlib
    >>> import bleu_explain as bx
    >>> files = {"references/ref.en": "the cat sat on the mat\\na dog barked at me\\n",
    ...          "systems/out.base.en": "the cat sat on a mat\\ndog barked\\n",
    ...          "systems/out.big.en": "the cat sat on the mat\\na dog barked at him\\n",
    ...          "seg_scores.tsv": "system seg score\\nbase 1 -1\\nbase 2 -5\\nbig 1 0\\nbig 2 None\\n"}
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for rel, text in files.items():
    ...         (pathlib.Path(d) / rel).parent.mkdir(parents=True, exist_ok=True)
    ...         _ = (pathlib.Path(d) / rel).write_text(text, encoding="utf-8")
    ...     explorer = CorpusExplorer.from_folder(d, system="base")
    >>> explorer.displayed_systems, explorer.displayed_human_score
    (['base', 'big'], -3.0)
    >>> explorer.displayed_score == bx.explain_corpus(["the cat sat on a mat", "dog barked"],
    ...                                               [["the cat sat on the mat"], ["a dog barked at me"]]).score
    True
    >>> explorer.sort_by("human"); explorer.displayed_order, explorer.displayed_human
    ([1, 0], [-5.0, -1.0])
    """

    def __init__(self, corpus: Any = None, *, systems: Mapping[str, Sequence[str]] | None = None,
                 references: Sequence[Sequence[str]] | None = None, preset: str = "sacrebleu",
                 system: str | None = None) -> None:
        import ipywidgets as w

        from ...engine.presets import PRESETS

        super().__init__()
        self.corpus: TeachingCorpus
        self.human: HumanScores | None  # the human scores shown beside BLEU, if people scored the systems
        self.corpus, self.human = explored(corpus, systems, references)
        names = self.corpus.system_names
        if system is not None and system not in self.corpus.systems:
            raise BleuInputError(f"{name_of(self.corpus)} has no system {system!r}; it has {', '.join(names)}")
        self._cache: dict[tuple[str, str], CorpusExplanation] = {}
        self.displayed_source = name_of(self.corpus)
        self.displayed_systems = names
        self.displayed_score: float | None = None
        self.displayed_human_score: float | None = None
        self.displayed_order: list[int] = []
        self.displayed_human: list[float | None] = []
        self.selected_segment: int | None = None
        self.displayed_segment_score: float | None = None
        self.displayed_segment_human: float | None = None
        self.system_box = w.Dropdown(options=names, value=system or names[0], description="system")
        self.preset_box = w.Dropdown(options=list(PRESETS), value=preset, description="preset")
        self.sort_box = w.Dropdown(options=list(self.sort_columns), value="segment", description="sort by")
        self.descending_box = w.Checkbox(description="descending", value=False, indent=False)
        self.row_picker = w.Select(options=[], rows=10, description="sentence", layout=w.Layout(width="100%"))
        self.upload = UploadPanel(self.load_uploads)
        self.own_data = w.Accordion(children=[self.upload.widget], titles=("Your own data",), selected_index=None)
        self.error_area = w.HTML()
        self.summary_area = w.HTML()
        self.table_area = w.HTML()
        self.sentence_area = w.HTML()
        self.widget = w.VBox([self.own_data, w.HBox([self.system_box, self.preset_box]),
                              w.HBox([self.sort_box, self.descending_box]), self.error_area, self.summary_area,
                              self.table_area, self.row_picker, self.sentence_area])
        for box in (self.system_box, self.preset_box, self.sort_box, self.descending_box):
            box.observe(self._unless_syncing(lambda _change: self.update()), "value")
        self.row_picker.observe(self._unless_syncing(lambda change: self._explain_row(change["new"])), "value")
        self.update()

    @classmethod
    def from_folder(cls, folder: str | os.PathLike[str], *, preset: str = "sacrebleu", system: str | None = None,
                    **scores: Any) -> CorpusExplorer:
        """An explorer of a folder of references, system outputs and (optionally) human scores.

        The folder is laid out as :func:`~bleu_explain.data.loaders.load_wmt_folder`
        reads it. With a file of scores per segment (``seg_scores.tsv``, see
        :func:`~bleu_explain.data.folder.load_judged_folder`, whose keywords
        ``scores`` passes on) they are shown per sentence; else a
        ``human_scores.tsv`` of scores per system, if there is one, is shown
        per system. Bad files raise :class:`~bleu_explain.engine.errors.BleuInputError`.
        """
        from pathlib import Path

        from ...data.folder import SEGMENT_SCORE_NAMES, load_judged_folder
        from ...data.loaders import load_wmt_folder

        root = Path(folder)
        name = scores.pop("name", None)
        if scores or any((root / n).is_file() for n in SEGMENT_SCORE_NAMES):
            return cls(load_judged_folder(root, name=name, **scores), preset=preset, system=system)
        return cls(load_wmt_folder(root, name=name), preset=preset, system=system)

    # ------------------------------------------------------------------ programmatic interface
    @property
    def systems(self) -> dict[str, list[str]]:
        return self.corpus.systems

    @property
    def references(self) -> list[list[str]]:
        return self.corpus.references

    @property
    def sort_columns(self) -> tuple[str, ...]:
        """The columns the table sorts by (with human scores per segment, also ``"human"``)."""
        return SORT_COLUMNS + ((HUMAN_COLUMN,) if self._segment_scores else ())

    def set_system(self, name: str) -> None:
        self._set(self.system_box, name)

    def set_preset(self, preset: str) -> None:
        self._set(self.preset_box, preset)

    def sort_by(self, column: str, descending: bool = False) -> None:
        if column not in self.sort_columns:
            extra = "; this test set has no human scores per segment" if column == HUMAN_COLUMN else ""
            self._show_error(BleuInputError(
                f"cannot sort by {column!r}; choose one of {', '.join(self.sort_columns)}{extra}"))
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

    def load(self, corpus: Any = None, *, systems: Mapping[str, Sequence[str]] | None = None,
             references: Sequence[Sequence[str]] | None = None, system: str | None = None) -> bool:
        """Switch to another corpus (any the constructor takes); on bad input say why and keep the current one."""
        try:
            self._switch(*explored(corpus, systems, references), system)
        except Exception as exc:
            self._show_error(exc)
            return False
        return True

    def load_uploads(self) -> bool:
        """Read the files in the *Your own data* panel and switch to them (what the Load button does)."""
        try:
            self._switch(*explored(load_uploaded(*self.upload.files()), None, None), None)
        except Exception as exc:
            self._show_error(exc)
            return False
        return True

    @property
    def result(self) -> CorpusExplanation | None:
        return self._cache.get((self.system_box.value, self.preset_box.value))

    # ------------------------------------------------------------------ drawing
    def _set(self, box: Any, value: Any) -> None:
        try:
            self._quietly(lambda: setattr(box, "value", value))
        except Exception as exc:
            self._show_error(exc)
            return
        self.update()

    def _switch(self, corpus: TeachingCorpus, human: HumanScores | None, system: str | None) -> None:
        """Show ``corpus``; its first system is scored before anything changes, so a failure leaves all as it was."""
        from ...api import explain_corpus

        first = system if system is not None else corpus.system_names[0]
        if first not in corpus.systems:
            raise BleuInputError(f"{name_of(corpus)} has no system {first!r}; it has {', '.join(corpus.system_names)}")
        preset = self.preset_box.value
        result = explain_corpus(corpus.systems[first], corpus.references, preset=preset)
        self.corpus, self.human, self._cache = corpus, human, {(first, preset): result}
        self.displayed_source, self.displayed_systems = name_of(corpus), corpus.system_names

        def reset() -> None:
            self.system_box.options = corpus.system_names
            self.system_box.value = first
            sort = self.sort_box.value if self.sort_box.value in self.sort_columns else "segment"
            self.sort_box.options = list(self.sort_columns)
            self.sort_box.value = sort
            self.row_picker.options = []
        self._quietly(reset)
        self.update()

    def _corpus_result(self) -> CorpusExplanation:
        from ...api import explain_corpus

        key = (self.system_box.value, self.preset_box.value)
        if key not in self._cache:
            self._cache[key] = explain_corpus(self.systems[key[0]], self.references, preset=key[1])
        return self._cache[key]

    @property
    def _segment_scores(self) -> dict[str, list[float | None]]:
        """The human scores per system and segment ({} when people scored whole systems only, or nothing)."""
        return self.human.segments if self.human is not None else {}

    @property
    def _human_label(self) -> str:
        kind = None if self.human is None else self.human.kind
        return "human" if kind in (None, "human") else f"human ({kind.upper()})"

    def _human_row(self) -> list[float | None] | None:
        return self._segment_scores.get(self.system_box.value) if self._segment_scores else None

    def update(self) -> None:
        """Recompute (cached per system and preset) and redraw the table now."""
        try:
            result = self._corpus_result()
            table = result.sentence_table()
            table["length_ratio"] = table["hyp_len"] / table["ref_len"].where(table["ref_len"] > 0)
            human = self._human_row()
            if self._segment_scores:
                table[HUMAN_COLUMN] = [math.nan if v is None else v for v in human or [None] * len(table)]
            column, descending = self.sort_box.value, self.descending_box.value
            ordered = table.sort_index(ascending=not descending) if column == "segment" else \
                table.sort_values(column, ascending=not descending, kind="stable", na_position="last")
        except Exception as exc:
            self._show_error(exc)
            self.displayed_score = None
            self.summary_area.value = ""
            return
        self._clear_error()
        system = self.system_box.value
        self.displayed_score = result.score
        self.displayed_order = [int(i) for i in ordered.index]
        self.displayed_human = [human[i] if human else None for i in self.displayed_order] \
            if self._segment_scores else []
        self.displayed_human_score = None if self.human is None else self.human.systems.get(system)
        self.summary_area.value = self._summary_html(result, system, human)
        label = self._human_label if self._segment_scores else None
        self.table_area.value = _table_html(ordered, column, descending, label)
        selected = self.row_picker.value

        def list_rows() -> None:
            self.row_picker.options = [(_row_label(int(i), row, label is not None), int(i))
                                       for i, row in ordered.iterrows()]
            self.row_picker.value = selected if selected in self.displayed_order else None
        self._quietly(list_rows)
        self._explain_row(self.row_picker.value)

    def _summary_html(self, result: CorpusExplanation, system: str, human: list[float | None] | None) -> str:
        judged = ""
        if self.displayed_human_score is not None:
            rated = f" ({sum(v is not None for v in human)} of {len(human)} segments rated)" if human else ""
            judged = (f' &middot; <span style="font-size:16px; font-weight:700;">{escape(self._human_label)} '
                      f'{self.displayed_human_score:.3f}</span>{escape(rated)}')
        return (f'<div style="{SANS} color:{INK}; line-height:1.4;"><span style="font-size:20px; font-weight:700;">'
                f'BLEU {result.score:.2f}</span>{judged} &middot; system <b>{escape(system)}</b> of '
                f'{escape(name_of(self.corpus))}, {len(result)} segments, preset <b>{escape(result.config.preset)}</b>, '
                f'BP {result.brevity_penalty:.4f}'
                f'<div style="font-family:monospace; font-size:11px; color:#666;">{escape(result.signature)}</div></div>')

    def _explain_row(self, index: int | None) -> None:
        self.selected_segment = None if index is None else int(index)
        self.displayed_segment_score = None
        self.displayed_segment_human = None
        if index is None:
            self.sentence_area.value = _CHOOSE
            return
        try:
            seg = self._corpus_result().segment(int(index))
        except Exception as exc:
            self.sentence_area.value = error_html(error_message(exc))
            return
        self.displayed_segment_score = seg.score
        human = self._human_row()
        judged = ""
        if human is not None:
            self.displayed_segment_human = human[int(index)]
            value = "not rated" if self.displayed_segment_human is None else f"{self.displayed_segment_human:g}"
            judged = f" &middot; {escape(self._human_label)}: {escape(value)}"
        self.sentence_area.value = (f'<div style="{SANS} margin:6px 0 2px 0;"><b>Segment {int(index)}</b> '
                                    f'(sentence BLEU, same settings){judged}</div>' + explanation_html(seg))
