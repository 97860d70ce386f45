"""Real test sets with human judgments, downloaded on request (and the bundled teaching corpus's files).

The data themselves are not part of the package: a manifest that ships with it
(``wmt21_manifest.tsv``) names every file's public origin (repository, pinned
commit, path), its size and its sha256. ``python -m bleu_explain.data fetch
wmt21`` downloads them into the user's cache folder and checks each checksum;
``python -m bleu_explain.data status`` says what is there. The environment
variable ``BLEU_EXPLAIN_DATA`` points the loaders at a local folder laid out
like the cache instead (CI and the notebook build use a shared copy).

* :mod:`bleu_explain.data.wmt21` -- ``load_wmt21("zh-en")`` / ``load_wmt21("en-de")``:
  WMT21 news test sets with expert MQM scores (and, for zh-en, WMT's DA scores).
* :mod:`bleu_explain.data.system_figures` -- ``load_system_figures()``: WMT21's
  system-level figures (BLEU, chrF, MQM, DA per translation), bundled, so that
  BLEU can be set against people with nothing downloaded.
* :mod:`bleu_explain.data.folder` -- ``load_judged_folder(path)``: any folder of
  references, system outputs and a file of human scores per segment.
* :mod:`bleu_explain.data.download` -- where files live, fetching and checking them.

Importing this package imports neither pooch nor pandas and touches no network.
"""
