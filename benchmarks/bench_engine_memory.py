"""One measurement of bench_engine.py in a fresh process: build a generated corpus, maybe score it.

    python benchmarks/bench_engine_memory.py {corpus,ours,sacrebleu} N_SEGMENTS [N_REFS]

``corpus`` only builds :func:`common.zipf_corpus` (the baseline), ``ours`` then
runs ``bleu_explain.explain_corpus`` on it, ``sacrebleu`` runs
``BLEU().corpus_score``. Both warm up on a two-segment corpus first (imports,
compiled expressions), and the tokenizer caches are cleared before the timed
call. The last line of stdout is JSON: the scoring's wall time, the score, the
number of per-segment statistics kept, and the process's peak RSS (MiB, VmHWM).
"""

from __future__ import annotations

import gc
import json
import os
import resource
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import tokenizer_caches, zipf_corpus


def peak_rss_mib() -> float:
    """This process's peak resident set size, in MiB.

    Linux's VmHWM is the peak of this program's own address space. ``ru_maxrss``
    is not: it also keeps the peak of the address space the process had before
    exec, a copy of the parent's, so a child of a big benchmark process would
    report at least the parent's size. It is the fallback where there is no /proc.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux, bytes on macOS


def clear_tokenizer_caches(ours: bool) -> None:
    """Empty the 13a tokenizers' per-line caches (bleu_explain's only in ``ours``' process)."""
    for cached in tokenizer_caches(ours).values():
        cached.cache_clear()


def main() -> None:
    what, n_segments = sys.argv[1], int(sys.argv[2])
    n_refs = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    if what not in ("corpus", "ours", "sacrebleu"):
        raise SystemExit(f"unknown measurement {what!r}: choose corpus, ours or sacrebleu")
    candidates, references = zipf_corpus(n_segments, n_refs)
    out: dict = {"what": what, "segments": n_segments, "refs": n_refs}
    if what == "ours":
        import bleu_explain as bx

        bx.explain_corpus(candidates[:2], references[:2])  # warm-up
        clear_tokenizer_caches(ours=True)
        gc.collect()
        start = time.perf_counter()
        result = bx.explain_corpus(candidates, references)
        out["seconds"] = time.perf_counter() - start
        out["score"] = result.score
        out["segment_stats"] = len(getattr(result, "segment_stats", ()))
    elif what == "sacrebleu":
        from sacrebleu.metrics import BLEU

        streams = [list(s) for s in zip(*references)]
        BLEU().corpus_score(candidates[:2], [s[:2] for s in streams])  # warm-up
        clear_tokenizer_caches(ours=False)
        gc.collect()
        start = time.perf_counter()
        result = BLEU().corpus_score(candidates, streams)
        out["seconds"] = time.perf_counter() - start
        out["score"] = result.score
    out["peak_rss_mib"] = peak_rss_mib()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
