"""Exporters: what builds the course's static material on an author's machine (nbconvert, Chromium).

* :mod:`.handouts` -- the course as static HTML pages (and PDFs), worksheets and answers;
* :mod:`.slides` -- the course as reveal.js decks that fit a projector (:mod:`.slide_layout` cuts the
  sections into slides by the heights :mod:`.slide_sizes` estimates; :mod:`.slide_notes` reads the speaker notes);
* :mod:`.site` -- the course as one static site: the live page (Pyodide and the package's wheel), the handouts
  and the slides under one index (``scripts/build_site.py``: ``make site``, ``make live``).
"""
