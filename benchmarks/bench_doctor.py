"""The doctor's score search on real text: 1,000 segments with 2 references, target <= 10 s.

    BLEU_EXPLAIN_DATA=path/to/wmt21 python benchmarks/bench_doctor.py [--repeat 3]

WMT21 en-de (``BLEU_EXPLAIN_DATA`` names the folder): the first 1,000 segments
of Facebook-AI's output with references A and C; without the data, the
generated Zipfian corpus (:func:`common.zipf_corpus`) of the same size, with a
note. Measured cold (empty tokenizer caches), best of ``--repeat``:

1. ``bx.diagnose(hyps, refs, score=S)``, the whole diagnosis with S the score
   sacreBLEU printed: every check and, for ``--score``, the search over every
   preset x tokenizer x lowercasing x smoothing x effective order x references
   (target <= 10 s);
2. the search alone;
3. sacreBLEU's ``corpus_score`` once on the same corpus, in the same run: the
   ratio says how many sacreBLEU scorings the whole diagnosis costs.

Wall time is what the target is about; the process's CPU time is printed beside
it with the load average, because on a busy machine the wall time measures the
other processes too.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))
from common import best_time, tokenizer_caches, zipf_corpus

SEGMENTS = 1000
TARGET_SECONDS = 10.0


def corpus() -> tuple[str, list[str], list[list[str]]]:
    """(what it is, hypotheses, references segment-major)."""
    from bleu_explain.data.wmt21 import load_wmt21, wmt21_available

    folder = os.environ.get("BLEU_EXPLAIN_DATA", "").strip()
    if folder and wmt21_available("en-de", data_dir=Path(folder)):
        data = load_wmt21("en-de", data_dir=Path(folder))
        refs = [[a, c] for a, c in zip(data.references["A"], data.references["C"])][:SEGMENTS]
        return ("WMT21 en-de Facebook-AI vs references A and C", list(data.systems["Facebook-AI"][:SEGMENTS]), refs)
    print("note: BLEU_EXPLAIN_DATA does not name the WMT21 folder; using the generated corpus instead")
    hyps, refs = zipf_corpus(SEGMENTS, 2)
    return "generated Zipfian corpus", hyps, refs


def clear_caches() -> None:
    for cache in tokenizer_caches().values():
        cache.cache_clear()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from sacrebleu.metrics import BLEU

    from bleu_explain.analysis.doctor import diagnose
    from bleu_explain.analysis.doctor.reported import ReportedScore
    from bleu_explain.analysis.doctor.search import search

    label, hyps, refs = corpus()
    streams = [list(s) for s in zip(*refs)]
    printed = f"{BLEU().corpus_score(hyps, streams).score:.2f}"
    print(f"data: {label}, {len(hyps):,} segments x {len(streams)} references; reported score {printed} "
          "(sacreBLEU's, printed to 2 decimals)")

    def whole():
        clear_caches()
        return diagnose(hyps, refs, score=printed)

    def search_alone():
        clear_caches()
        return search(hyps, refs, ReportedScore.parse(printed))

    def sacrebleu_once():
        clear_caches()
        return BLEU().corpus_score(hyps, streams)

    result = whole()
    found = search_alone()
    cpu = time.process_time()
    for _ in range(args.repeat):
        whole()
    cpu_whole = (time.process_time() - cpu) / args.repeat
    t_whole = best_time(whole, args.repeat)
    t_search = best_time(search_alone, args.repeat)
    t_sacre = best_time(sacrebleu_once, args.repeat)
    ok = t_whole <= TARGET_SECONDS
    print(f"  configurations searched: {found.searched:,} ({found.tokenizations} tokenizations); "
          f"{len(found.found)} reproduce {printed}; first: {result.matches[0].preset if result.matches else 'none'}")
    print(f"  diagnose with --score: {t_whole:.2f} s (target <= {TARGET_SECONDS:.0f} s: {'ok' if ok else 'MISSED'}); "
          f"CPU time {cpu_whole:.2f} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"  the search alone:      {t_search:.2f} s")
    print(f"  sacreBLEU corpus_score once: {t_sacre:.3f} s; the diagnosis costs {t_whole / t_sacre:.0f} of them")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
