"""Exporters: what builds the course's static material on an author's machine (nbconvert, Chromium).

* :mod:`.handouts` -- the course as static HTML pages (and PDFs), worksheets and answers.
"""
