"""Live explorers (ipywidgets 8): type, change a setting, and see every number of BLEU change.

* :class:`BleuExplorer` -- one candidate and its references, every setting, highlighting, tables, plots.
* :class:`PresetDiff` -- one input through every preset side by side, with the first step where they diverge.
* :class:`PathologyGallery` -- the catalogue of pathological candidates, scored under each preset.
* :class:`CorpusExplorer` -- a system's sentence table, sortable; pick a row to explain that sentence.
* :class:`SignificanceExplorer` -- two systems, a paired test, its distribution and p-value.

Also in a kernel, and so here: :mod:`.exercises` (the exercises' answer and solution boxes) and
:mod:`.data_gate` (says what data a notebook needs, with a download button).

Each explorer is displayed like a widget (put it last in a cell) and has a small
programmatic interface (``set_...`` methods, ``update()``) and ``displayed_...``
attributes: the values on screen, kept in Python when the explorer renders.
Typing triggers a debounced update; the ``set_...`` methods update at once. An explorer's settings are a
:class:`~bleu_explain.engine.config.BleuConfig` (its ``config``) that the controls show (:mod:`.settings`).
Errors are shown as a message inside the explorer, never as a traceback.
"""

from __future__ import annotations

from .base import DEBOUNCE_SECONDS, PLOT_DPI, Debouncer, Explorer, error_html, error_message, frame_html
from .bleu_explorer import PLOT_KINDS, BleuExplorer
from .corpus_explorer import SORT_COLUMNS, CorpusExplorer
from .pathology_gallery import PathologyGallery
from .preset_diff import PresetDiff
from .settings import ConfigControls
from .significance_explorer import SignificanceExplorer

__all__ = [
    "DEBOUNCE_SECONDS",
    "PLOT_DPI",
    "PLOT_KINDS",
    "SORT_COLUMNS",
    "BleuExplorer",
    "ConfigControls",
    "CorpusExplorer",
    "Debouncer",
    "Explorer",
    "PathologyGallery",
    "PresetDiff",
    "SignificanceExplorer",
    "error_html",
    "error_message",
    "frame_html",
]
