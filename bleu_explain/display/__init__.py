"""The display layer: everything that shows a result, in four folders by where each runs and what it may import.

It computes no score itself: the numbers are the engine's, read from results and their steps (a corpus is
counted by :class:`bleu_explain.engine.corpus.CorpusStatistics`, the live page's too, a keystroke at a time),
and a text typed or uploaded is read by the one reader, :mod:`bleu_explain.data.reading`.

* :mod:`.html` -- pure HTML, anywhere Python runs (a kernel, a script, the live page's Pyodide): the
  palette, highlighting and the steps, the live page's state and HTML (its corpus kept between keystrokes as
  the engine's counted corpus, its Diagnose panel the doctor's), what an exercise shows, Markdown. Standard
  library, the engine, results, the analysis and the data's reader; never matplotlib, ipywidgets, IPython,
  nbconvert, pandas or numpy.
* :mod:`.plots` -- matplotlib figures of results, one module per family, in a screen or a projector style.
* :mod:`.widgets` -- in a Jupyter kernel (ipywidgets, IPython): the live explorers, one per module, the
  exercises' answer and solution boxes, and the data gate that offers a download.
* :mod:`.export` -- on the author's machine, to build static material: the handouts (nbconvert, Chromium),
  the slides (reveal.js) and the site with the live page.

Importing this package loads nothing heavy: each folder loads its own libraries when a function needs them.
``tests/display/test_folders.py`` holds each folder to its imports.
"""
