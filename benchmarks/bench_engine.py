"""Corpus explain vs sacreBLEU corpus_score, measured in the same run.

Prints the time ratio (ours / sacreBLEU; target <= 1.0, aim 0.5), peak memory of
one corpus explanation (target <= 150 MB) and the time of ``import bleu_explain``
(target <= 0.3 s).

    python benchmarks/bench_engine.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc

sys.path.insert(0, os.path.dirname(__file__))
from common import best_time, generated_corpus  # noqa: E402


def import_time(module: str, repeat: int = 5) -> float:
    """Median wall time of importing ``module`` in a fresh interpreter, minus a bare interpreter start."""
    code = "import time; t = time.perf_counter(); import {m}; print(time.perf_counter() - t)"
    times = []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", code.format(m=module)], capture_output=True, text=True, check=True)
        times.append(float(out.stdout))
    times.sort()
    return times[len(times) // 2]


def main() -> None:
    from sacrebleu.metrics import BLEU

    import bleu_explain as bx

    candidates, references, _ = generated_corpus(3000, 2, 25)
    streams = [list(s) for s in zip(*references)]
    n_tokens = sum(len(c.split()) for c in candidates)
    print(f"corpus: {len(candidates)} segments, 2 references, {n_tokens / len(candidates):.1f} candidate tokens/segment")

    # Both warm up once (tokenizer imports, caches), then the best of 5 runs.
    ours_result = bx.explain_corpus(candidates, references)
    theirs_result = BLEU().corpus_score(candidates, streams)
    assert abs(ours_result.score - theirs_result.score) < 1e-9 * max(1.0, theirs_result.score)
    # sacreBLEU's 13a tokenizer caches results per line; clear both caches for a fair cold run
    from bleu_explain.tokenizers import sacrebleu_tokenizer

    def ours():
        sacrebleu_tokenizer("13a").__call__.cache_clear()
        bx.explain_corpus(candidates, references)

    def theirs():
        sacrebleu_tokenizer("13a").__call__.cache_clear()
        BLEU().corpus_score(candidates, streams)

    t_ours, t_theirs = best_time(ours), best_time(theirs)
    print(f"explain_corpus: {t_ours * 1000:.1f} ms   sacreBLEU corpus_score: {t_theirs * 1000:.1f} ms   "
          f"ratio {t_ours / t_theirs:.2f} (target <= 1.0, aim 0.5)")

    tracemalloc.start()
    result = bx.explain_corpus(candidates, references)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    import resource

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak memory of one corpus explanation: {peak / 2**20:.1f} MB of Python allocations (tracemalloc); "
          f"whole benchmark process peak RSS {rss:.0f} MB, sacreBLEU included (target <= 150 MB)")
    del result

    t_import = import_time("bleu_explain")
    t_api = import_time("bleu_explain.api")
    print(f"import bleu_explain: {t_import * 1000:.1f} ms; import bleu_explain.api: {t_api * 1000:.1f} ms "
          "(target <= 300 ms)")


if __name__ == "__main__":
    main()
