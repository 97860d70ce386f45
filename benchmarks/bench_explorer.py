"""BleuExplorer's live update: compute, tables, highlighting and the plot drawn on Agg.

One candidate against 4 references of about 30 tokens; the candidate changes
before every update (as when a student types). Prints the median and 95th
percentile over 200 updates (target p95 <= 100 ms, aim 50 ms), then the same
split into its parts.

    python benchmarks/bench_explorer.py [--updates 200] [--plot precisions]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

import matplotlib

matplotlib.use("Agg")
sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import VOCAB

TARGET_P95_MS = 100.0
AIM_MS = 50.0


def make_texts(seed: int = 7, n_refs: int = 4, tokens: int = 30) -> tuple[list[str], list[str]]:
    """A base sentence, 4 references that paraphrase it, and 200+ candidate edits of it (fixed seed)."""
    rng = random.Random(seed)
    base = [rng.choice(VOCAB) for _ in range(tokens)]
    refs = [" ".join(w if rng.random() < 0.75 else rng.choice(VOCAB) for w in base) for _ in range(n_refs)]
    candidates = []
    words = list(base)
    for _ in range(1000):
        i = rng.randrange(len(words))
        words[i] = rng.choice(VOCAB)  # one keystroke-sized edit at a time
        candidates.append(" ".join(words))
    return candidates, refs


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return f"{name:<30} median {statistics.median(ms):7.1f} ms   p95 {percentile(ms, 0.95):7.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--updates", type=int, default=200)
    parser.add_argument("--plot", default="precisions", help="the explorer's plot kind to draw")
    args = parser.parse_args()

    from bleu_explain.display.widgets import BleuExplorer

    candidates, refs = make_texts()
    explorer = BleuExplorer(candidates[0], refs, plot=args.plot)
    for text in candidates[1:11]:  # warm-up: imports, tokenizer and font caches
        explorer.set_candidate(text)

    n = args.updates
    whole, cpu = [], []
    for text in candidates[11:11 + n]:
        start, start_cpu = time.perf_counter(), time.process_time()
        explorer.set_candidate(text)  # sets the text and runs update() at once
        whole.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    if explorer.displayed_score is None:
        print(f"the explorer shows an error: {explorer.displayed_error}")
        return 1

    # the parts, on the same edits
    from bleu_explain.display.html.highlight import explanation_html, score_summary_html

    parts: dict[str, list[float]] = {"compute": [], "tables": [], "highlighting": [], "plot (Agg, PNG)": []}
    config = explorer.config
    from bleu_explain.api import explain_with_config

    for text in candidates[11:11 + n]:
        t0 = time.perf_counter()
        result = explain_with_config(text, refs, config)
        t1 = time.perf_counter()
        explorer.result = result
        explorer._render_tables()
        t2 = time.perf_counter()
        score_summary_html(result)
        explanation_html(result, summary=False)
        t3 = time.perf_counter()
        explorer._render_plot()
        t4 = time.perf_counter()
        for key, value in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
            parts[key].append(value)

    tokens = len(refs[0].split())
    print(f"BleuExplorer update: 4 references of {tokens} tokens, plot '{args.plot}', {n} updates")
    print(summary("whole update (wall clock)", whole))
    print(summary("whole update (CPU time)", cpu))
    for key, values in parts.items():
        print(summary(f"  {key}", values))
    p95 = percentile([s * 1000 for s in whole], 0.95)
    verdict = "meets" if p95 <= TARGET_P95_MS else "MISSES"
    print(f"p95 {p95:.1f} ms {verdict} the target of {TARGET_P95_MS:.0f} ms (aim {AIM_MS:.0f} ms)")
    if hasattr(os, "getloadavg"):
        print(f"load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs "
              "(wall-clock times grow with other work on the machine; CPU time does not)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
