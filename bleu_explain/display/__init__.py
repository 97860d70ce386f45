"""The display layer: everything that shows a result, computing nothing itself, in four folders by where
each runs and what it may import.

* :mod:`.html` -- pure HTML, anywhere Python runs (a kernel, a script, the live page's Pyodide): the
  palette, highlighting and the steps, the live page's state and HTML, what an exercise shows, Markdown.
  Standard library, the engine, results and the analysis; never matplotlib, ipywidgets, IPython,
  nbconvert, pandas or numpy.
* :mod:`.plots` -- matplotlib figures of results, one module per family, in a screen or a projector style.
* :mod:`.widgets` -- in a Jupyter kernel (ipywidgets, IPython): the live explorers, one per module, the
  exercises' answer and solution boxes, and the data gate that offers a download.
* :mod:`.export` -- on the author's machine, to build static material: the handouts (nbconvert, Chromium).

Importing this package loads nothing heavy: each folder loads its own libraries when a function needs them.
``tests/display/test_folders.py`` holds each folder to its imports.
"""
