"""Shared helpers for the benchmark scripts: a generated corpus and a timer."""

from __future__ import annotations

import random
import time
from typing import Callable

VOCAB = (
    "the a of to and in is was for on that with as by at from it its this be are has have were said "
    "government minister city year percent million people new first state police report company market "
    "economy growth trade water school health officials week day country region plan project workers "
    "price , . ' \" ( ) - 2024 15 3.5 %"
).split()


def generated_corpus(n_segments: int = 3000, n_refs: int = 2, mean_tokens: int = 25, seed: int = 1):
    """A corpus of MT-like candidates and references that share many n-grams (fixed seed)."""
    rng = random.Random(seed)
    candidates, references, second = [], [], []
    for _ in range(n_segments):
        length = max(3, int(rng.gauss(mean_tokens, 6)))
        base = [rng.choice(VOCAB) for _ in range(length)]
        refs = []
        for _ in range(n_refs):
            ref = [w if rng.random() < 0.7 else rng.choice(VOCAB) for w in base]
            refs.append(" ".join(ref))
        cand = [w if rng.random() < 0.6 else rng.choice(VOCAB) for w in base]
        other = [w if rng.random() < 0.55 else rng.choice(VOCAB) for w in base]
        candidates.append(" ".join(cand))
        second.append(" ".join(other))
        references.append(refs)
    return candidates, references, second


def best_time(fn: Callable[[], object], repeat: int = 5) -> float:
    """Fastest of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best
