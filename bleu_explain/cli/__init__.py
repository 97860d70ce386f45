"""Command line: sacreBLEU 2.6's, byte for byte, scored by bleu-explain's engine; plus ``--preset`` and ``--explain``.

``bleu-explain REFS... -i SYSTEM...`` takes sacreBLEU's options and prints what
``sacrebleu`` prints with them: the same bytes on standard output and the same
exit status (``-m bleu``, several systems, ``--paired-bs``/``--paired-ar``,
``--confidence``, ``-f json|text|latex``, ``--short``, ``-q``, ``--no-color``,
``-sl``, ``-nr``, ``-l``; the same default seed). What differs, on purpose:

* sacreBLEU's test sets by name (``-t``, ``--download``, ``--list``, ``--echo``,
  ``--citation``, ``--origlang``, ``--subset``, ``--detail``), its chrF and TER
  metrics and the tokenizers the engine does not reproduce are refused with one
  line on standard error and exit status 3 (:data:`~bleu_explain.cli.options.EXIT_UNSUPPORTED`).
* Errors are one line on standard error instead of a traceback; the exit status
  is sacreBLEU's (1 for unusable input, 2 for a bad option, 17 for a line with
  the wrong number of tab-separated fields).
* ``-V`` prints bleu-explain's version and the sacreBLEU version it reproduces.
* bleu-explain's own options have long names only: ``--preset``, ``--explain``,
  ``--effective-order``, ``--max-ngram-order``, ``--weights``.

``bleu-explain doctor REFS... -i SYSTEM [--score S] [--json]`` is bleu-explain's own
subcommand: it diagnoses a score (see :mod:`bleu_explain.cli.doctor`).
"""

from .command import main, run

__all__ = ["main", "run"]
