"""The course as handouts to read offline and to print.

    python -m bleu_explain.handouts notebooks handouts [--pdf]

Each executed notebook becomes one HTML page (nbconvert's JupyterLab template, images inlined, the
stored widget views rendered by the Jupyter widget manager, formulas by MathJax, both copied into
``handouts/assets/`` so the pages need no network). Pages link to each other (previous, next, the
course map in ``index.html``); each exercise is a worksheet with space to write (the cells that show
worked solutions are left out), and ``answers.html`` (for lecturers) gives every exercise's solution as
its checker computes it, with its worked solution. A print stylesheet sets
the pages on A4, and ``--pdf`` prints each one with headless Chromium.
"""

from __future__ import annotations

from .export import export_course
from .pages import notebook_title

__all__ = ["export_course", "notebook_title"]
