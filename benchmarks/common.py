"""Shared helpers for the benchmark scripts: generated corpora and a timer.

``generated_corpus`` is the small 80-word corpus the significance and explorer
benchmarks use. ``zipf_corpus`` is the realistic one: a Zipfian vocabulary of
20,000 types, MT-like candidates and references, about 25 tokens a segment.
"""

from __future__ import annotations

import bisect
import itertools
import random
import time
from collections.abc import Callable
from functools import lru_cache

VOCAB = [
    "the", "a", "of", "to", "and", "in", "is", "was", "for", "on", "that", "with", "as", "by", "at", "from",
    "it", "its", "this", "be", "are", "has", "have", "were", "said", "government", "minister", "city", "year",
    "percent", "million", "people", "new", "first", "state", "police", "report", "company", "market",
    "economy", "growth", "trade", "water", "school", "health", "officials", "week", "day", "country", "region",
    "plan", "project", "workers", "price", ",", ".", "'", '"', "(", ")", "-", "2024", "15", "3.5", "%",
]


def generated_corpus(n_segments: int = 3000, n_refs: int = 2, mean_tokens: int = 25, seed: int = 1):
    """A corpus of MT-like candidates and references that share many n-grams (fixed seed).

    Its vocabulary is :data:`VOCAB`'s 65 words: fine for timing tests, too kind
    to n-gram counting (see :func:`zipf_corpus`).
    """
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


# --- a realistic corpus --------------------------------------------------------------------------

#: The most frequent types of news text, most frequent first (commas and quotes
#: included: the 13a tokenizer has to split them off the words they follow).
_FREQUENT = (
    ",", "the", "of", "and", "to", "a", "in", '"', "is", "that", "for", "on", "was", "with", "he", "it", "as",
    "at", "by", "'s", "from", "his", "said", "be", "have", "has", "are", "an", "not", "but", "(", ")", "-",
    "this", "they", "were", "who", "had", "will", "their", "which", "been", "would", "more", "its", "after",
    "one", "also", "new", "she", "we", "about", "than", "two", "there", "or", "up", "all", "out", "first",
    "year", "%", "when", "people", "can", "into", "last", "time", "over", "other", "only", "2021", "years",
    "could", "us", "our", "what", "so", "no", "some", "president", "government", "just", "like", "three",
    "million", "most", "him", "before", "world", "her", "since", "because", "$", "then", "being", "while",
    "where", "during", "how", "made", "state", "country", "percent", "10", "public", "until", "both", "under",
    "city", "police", "told", "any", "including", "many", "week", "against", "such", "through", "between",
    "these", "well", "may", "much", "own", "second", "news", "day", "back", "support", "four", "company",
    "health", "those", "make", "according", "next", "1.5", "work", "part", "high", "says",
)
_ONSETS = ("b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z", "br", "ch",
           "cl", "dr", "fr", "gr", "pl", "pr", "sh", "st", "str", "th", "tr", "")
_NUCLEI = ("a", "e", "i", "o", "u", "ai", "ea", "ee", "ie", "oo", "ou", "y")
_CODAS = ("", "", "", "n", "r", "s", "t", "l", "m", "nd", "nt", "rs", "st", "ck", "ng", "x")


@lru_cache(maxsize=4)
def zipf_vocabulary(
    n_types: int = 20_000, exponent: float = 1.0, seed: int = 7,
) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """``n_types`` distinct word types, most frequent first, and their cumulative Zipf-Mandelbrot weights.

    The weight of rank r is 1 / (r + 2.7) ** exponent (news text: exponent about 1).
    Beyond the frequent function words, the types are pronounceable made-up
    words, longer the rarer; some are capitalised (names), hyphenated or numbers.
    """
    rng = random.Random(seed)
    words = list(dict.fromkeys(_FREQUENT))
    seen = set(words)
    while len(words) < n_types:
        rank = len(words)
        kind = rng.random()
        if kind < 0.03:
            if rng.random() < 0.7:
                word = str(rng.randrange(11, 100_000))
            else:
                word = f"{rng.randrange(1, 100)}.{rng.randrange(10)}"
        else:
            syllables = 1 + min(3, int(rng.expovariate(1.3) + rank ** 0.5 / 90))
            word = "".join(rng.choice(_ONSETS) + rng.choice(_NUCLEI) + rng.choice(_CODAS) for _ in range(syllables))
            if kind < 0.05:
                word += "-" + rng.choice(_ONSETS) + rng.choice(_NUCLEI) + rng.choice(_CODAS)
            elif kind < 0.25:
                word = word.capitalize()
        if word not in seen:
            seen.add(word)
            words.append(word)
    cum_weights = tuple(itertools.accumulate(1.0 / (r + 2.7) ** exponent for r in range(1, n_types + 1)))
    return tuple(words), cum_weights


def _render(tokens: list[str]) -> str:
    """Detokenized text, as test sets store it: capital first letter, commas attached, final stop."""
    text = " ".join(tokens).replace(" , ", ", ").replace(" 's ", "'s ")
    return text[:1].upper() + text[1:] + "."


def zipf_corpus(
    n_segments: int = 3000, n_refs: int = 2, mean_tokens: int = 25, n_types: int = 20_000, seed: int = 1,
) -> tuple[list[str], list[list[str]]]:
    """MT-like candidates and references over a Zipfian vocabulary (fixed seed).

    Returns ``(candidates, references)``, references segment-major (``n_refs``
    per segment). Each segment starts from a "meaning": a sentence of about
    ``mean_tokens`` tokens drawn from :func:`zipf_vocabulary`. Every reference
    and the candidate rephrase it independently -- a token is kept, replaced by
    another Zipfian draw, dropped, or followed by an extra word -- so they share
    many n-grams the way real translations do: BLEU about 28 against the first
    reference alone, as WMT21 en-de systems score against reference A (24 to
    31), and about 39 against two. The first ``k`` segments of a corpus do not
    depend on ``n_segments``: a small corpus is the head of a large one.
    """
    systems, references = zipf_systems(1, n_segments, n_refs, mean_tokens, n_types, seed)
    return systems["system-01"], references


def zipf_systems(
    n_systems: int = 20, n_segments: int = 3000, n_refs: int = 2, mean_tokens: int = 25, n_types: int = 20_000,
    seed: int = 1,
) -> tuple[dict[str, list[str]], list[list[str]]]:
    """Several systems' outputs for the same segments and references (see :func:`zipf_corpus`).

    Returns ``({"system-01": candidates, ...}, references)``. The systems keep
    more or fewer of the meaning's words (72 % for the first, from 64 % to 80 %
    over the others), so their scores spread as a shared task's do.
    """
    words, cum_weights = zipf_vocabulary(n_types)
    rng = random.Random(seed)
    total = cum_weights[-1]
    hi = len(words) - 1
    random_ = rng.random

    def draw(k: int) -> list[str]:
        return [words[bisect.bisect(cum_weights, random_() * total, 0, hi)] for _ in range(k)]

    def rephrase(base: list[str], keep: float) -> list[str]:
        out = []
        for word in base:
            u = random_()
            if u < keep:
                out.append(word)
            elif u < keep + (1 - keep) * 0.6:
                out.extend(draw(1))  # another word in its place
            elif u < keep + (1 - keep) * 0.8:
                out.append(word)
                out.extend(draw(1))  # an extra word
            # else: dropped
        return out or base[:1]

    keeps = [0.72] + [0.64 + 0.16 * i / max(1, n_systems - 2) for i in range(n_systems - 1)]
    names = [f"system-{i + 1:02d}" for i in range(n_systems)]
    outputs: list[list[str]] = [[] for _ in range(n_systems)]
    references: list[list[str]] = []
    for _ in range(n_segments):
        length = max(3, round(rng.gauss(mean_tokens - 1, 0.4 * mean_tokens)))
        base = draw(length)
        references.append([_render(rephrase(base, 0.78)) for _ in range(n_refs)])
        for keep, output in zip(keeps, outputs):
            output.append(_render(rephrase(base, keep)))
    return dict(zip(names, outputs)), references


def tokenizer_caches(ours: bool = True) -> dict[str, Callable]:
    """The per-line caches of the 13a tokenizers, by name: empty them before a cold run.

    sacreBLEU decorates ``Tokenizer13a.__call__`` and ``TokenizerRegexp.__call__``
    (the rules 13a delegates to) with ``functools.lru_cache``: one cache per class,
    shared by every instance, keyed by (instance, line). ``ours`` adds whatever
    per-line cache bleu_explain's 13a tokenizer has (none, or sacreBLEU's when it
    uses sacreBLEU's class), without importing bleu_explain when False.
    """
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
    from sacrebleu.tokenizers.tokenizer_re import TokenizerRegexp

    caches: dict[str, Callable] = {
        "sacreBLEU Tokenizer13a.__call__": Tokenizer13a.__call__,
        "sacreBLEU TokenizerRegexp.__call__": TokenizerRegexp.__call__,
    }
    if ours:
        from bleu_explain.engine import tokenize as tokenizers

        cls = type(tokenizers.sacrebleu_tokenizer("13a"))
        found = [(f"bleu_explain {cls.__module__}.{cls.__qualname__}.__call__", cls.__call__)]
        # module-level per-line caches; these two cache tokenizer objects by name, not lines
        found += [(f"bleu_explain.engine.tokenize.{name}", obj) for name, obj in vars(tokenizers).items()
                  if hasattr(obj, "cache_clear") and name not in ("sacrebleu_tokenizer", "make_tokenizer")]
        for label, fn in found:
            if hasattr(fn, "cache_clear") and all(fn is not known for known in caches.values()):
                caches[label] = fn
    return caches


def best_time(fn: Callable[[], object], repeat: int = 5) -> float:
    """Fastest of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best
