"""Plots of BLEU results: each function takes results and returns a matplotlib Figure.

Every plot function takes ``style="screen"`` (the default) or ``style="projector"``
(large type and thick lines for slides); see :mod:`.style`.

Nothing here computes BLEU: every bar, line and point is read off a result (or,
for the brevity-penalty curve, drawn with :func:`bleu_explain.engine.length.brevity_penalty`).
One module per family:

* :mod:`.precision` -- clipped against unclipped precision (the explorer's live plot);
* :mod:`.combination` -- the combination in log space, geometric against arithmetic mean;
* :mod:`.length` -- the brevity penalty, sentence BLEU against length;
* :mod:`.systems` -- systems, configurations and reference sets side by side, human judgments;
* :mod:`.significance` -- paired tests, the bootstrap interval, BLEU on blocks;
* :mod:`.calibration` -- the p-values of equally good systems against a calibrated p, the tests' power;
* :mod:`.human` -- a metric against human judgments: scatter with its line and r, neighbours' differences,
  normalized scores, agreement by block size and by the size of a gap;
* :mod:`.scatter` -- the one scatter with its least-squares line and r that both families draw;

and what they share: :mod:`.figure` (figure set-up, PNG, titles that fit), :mod:`.style` (the screen and
projector styles) and :mod:`.labels` (names beside points that cover nothing).

>>> import bleu_explain as bx
>>> refs = ["The cat is on the mat.", "There is a cat on the mat."]
>>> fig = plot_precisions(bx.explain("the the the the the the the.", refs, preset="paper"))
>>> figure_png(fig)[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from ..html.palette import SERIES_COLOURS, SERIES_MARKERS
from .calibration import plot_null_p_values, plot_power
from .combination import OFF_SCALE_LOG, plot_log_combination, plot_means
from .figure import Title, describe_data, figure_png, new_figure, preset_from_signature, preset_of
from .human import (
    plot_against_human,
    plot_agreement_curve,
    plot_block_agreement,
    plot_gap_agreement,
    plot_neighbours,
    plot_normalized,
)
from .length import plot_brevity_penalty, plot_sentence_length
from .precision import PrecisionPlot, plot_precisions
from .scatter import plot_scatter_fit
from .significance import plot_blocks, plot_bootstrap, plot_significance
from .style import PROJECTOR, SCREEN, STYLE_ENV, STYLES, PlotStyle, plot_style, using
from .systems import plot_configurations, plot_human_correlation, plot_precision_by_order, plot_reference_counts

__all__ = [
    "OFF_SCALE_LOG",
    "PROJECTOR",
    "SCREEN",
    "SERIES_COLOURS",
    "SERIES_MARKERS",
    "STYLES",
    "STYLE_ENV",
    "PlotStyle",
    "PrecisionPlot",
    "Title",
    "describe_data",
    "figure_png",
    "new_figure",
    "plot_against_human",
    "plot_agreement_curve",
    "plot_block_agreement",
    "plot_blocks",
    "plot_bootstrap",
    "plot_brevity_penalty",
    "plot_configurations",
    "plot_gap_agreement",
    "plot_human_correlation",
    "plot_log_combination",
    "plot_means",
    "plot_neighbours",
    "plot_normalized",
    "plot_null_p_values",
    "plot_power",
    "plot_precision_by_order",
    "plot_precisions",
    "plot_reference_counts",
    "plot_scatter_fit",
    "plot_sentence_length",
    "plot_significance",
    "plot_style",
    "preset_from_signature",
    "preset_of",
    "using",
]
