"""The display layer: everything that shows a result, computing nothing itself.

* :mod:`.palette` -- every colour (Okabe-Ito hues, per-order colours, the clipped-away mark, greys);
* :mod:`.highlight` -- one sentence's BLEU as highlighted HTML;
* :mod:`.plots` -- matplotlib figures of results, one module per family, in a screen or a projector style;
* :mod:`.widgets` -- the live explorers (ipywidgets), one module per explorer;
* :mod:`.handouts` -- the course as static HTML;
* :mod:`.exercises` -- what an exercise shows: the verdict, the answer box, the worked solution.

Importing this package loads nothing heavy: matplotlib, pandas and ipywidgets
load when a function needs them.
"""
