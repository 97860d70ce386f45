"""Paired significance tests vs sacreBLEU's PairedTest, measured in the same run.

Two generated 3,000-segment systems (2 references each); paired bootstrap
resampling with 1,000 samples and paired approximate randomization with
10,000 trials, each from the raw strings to the p-value, as ``sacrebleu
--paired-bs`` / ``--paired-ar`` do them. Prints the time ratios ours /
sacreBLEU (target <= 1.0, aim 0.5) and checks that the p-values agree.

    python benchmarks/bench_significance.py
"""

from __future__ import annotations

import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import best_time, generated_corpus, tokenizer_caches


def main() -> None:
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    from bleu_explain.analysis.significance import paired_approximate_randomization, paired_bootstrap

    os.environ["SACREBLEU_SEED"] = "12345"
    baseline, references, system = generated_corpus(3000, 2, 25)
    streams = [list(s) for s in zip(*references)]
    print(f"corpus: {len(baseline)} segments, 2 references, two systems")

    def clear_caches():
        # sacreBLEU's 13a tokenizer memoises lines (one cache per class): start both sides cold each time
        for cache in tokenizer_caches().values():
            cache.cache_clear()

    def theirs(test: str, n: int):
        clear_caches()
        return PairedTest([("baseline", baseline), ("system", system)], {"BLEU": BLEU()}, streams,
                          test_type=test, n_samples=n)()[1]["BLEU"][1]

    def ours(test: str, n: int):
        clear_caches()
        fn = paired_bootstrap if test == "bs" else paired_approximate_randomization
        return fn(baseline, system, references, n_samples=n, seed=12345, progress=False)

    for test, n, label in (("bs", 1000, "paired bootstrap (1,000 resamples)"),
                           ("ar", 10000, "paired approximate randomization (10,000 trials)")):
        mine, reference = ours(test, n), theirs(test, n)  # warm up both, and compare
        assert mine.p_value == reference.p_value, (mine.p_value, reference.p_value)
        assert math.isclose(mine.system_score, reference.score, rel_tol=1e-12)
        t_ours = best_time(lambda: ours(test, n), repeat=3)
        t_theirs = best_time(lambda: theirs(test, n), repeat=3)
        print(f"{label}: ours {t_ours:.2f} s   sacreBLEU {t_theirs:.2f} s   ratio {t_ours / t_theirs:.2f} "
              f"(target <= 1.0, aim 0.5); p = {mine.p_value:.4f} in both")


if __name__ == "__main__":
    main()
