"""Pure HTML: renderers that need only the standard library, the engine, results and the analysis; they compute
nothing themselves (the live page's numbers are the engine's, its corpus counted by
:class:`~bleu_explain.engine.corpus.CorpusStatistics`).

This folder runs anywhere Python does, the live page's Pyodide included (``web/worker.js`` imports
:mod:`.live`), so it never imports matplotlib, ipywidgets, IPython, nbconvert, pandas or numpy.

* :mod:`.palette` -- every colour (Okabe-Ito hues, per-order colours, the clipped-away mark, greys);
* :mod:`.highlight` -- one sentence's BLEU as highlighted HTML, and the steps as a list;
* :mod:`.live_state` and :mod:`.live` -- the live page's state (its address) and everything it shows
  (:mod:`.live_tables`: its tables and headlines; :mod:`.live_doctor`: the Diagnose panel, the BLEU doctor on
  the page's input);
* :mod:`.exercises` -- what an exercise shows: the verdict, the worked solution, the list of exercises;
* :mod:`.markdown` -- the one Markdown renderer (worked solutions, the handouts' pages);
* :mod:`.live_schema` -- the live page's boundary: every message between the page and its workers, typed, which
  the page's JavaScript reads as ``live/schema.js``.
"""
