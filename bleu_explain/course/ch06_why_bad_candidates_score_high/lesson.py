"""Notebook 06, why bad candidates score high: its tables and searches; every score and count comes from the engine.

The NLTK tutorial's printed NLTK 3.2 scores, reproduced:

>>> table = tutorial_scores_table()
>>> bool(table["same"].all())
True

Callison-Burch, Osborne and Koehn (2006): a candidate of k words with b
matching bigrams has at least (k - b)! reorderings with the same BLEU.

>>> permutation_bound(6, 2)
24
>>> count = count_same_score_permutations("the mailman nipped at the dog", ["the dog bit the mailman"],
...                                       tokenize="none")
>>> count.k, count.b, count.bound, count.same_score
(6, 2, 24, 24)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ...api import explain, explain_with_config, make_config
from ...data.examples import SHIP_REFERENCES
from ...data.published import NLTK_TUTORIAL_SCORES
from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ...analysis.nist import NistExplanation
    from ...data.corpus import TeachingCorpus
    from ...engine.config import BleuConfig
    from ...results import SentenceExplanation


# --------------------------------------------------------------------------- the NLTK tutorial's scores
def tutorial_scores_table(references: Sequence[str] = SHIP_REFERENCES) -> "pd.DataFrame":
    """The NLTK tutorial's printed scores beside the engine's ``nltk-3.2``, current NLTK and sacreBLEU.

    Columns: the tutorial printed; nltk-3.2 (ours); same (equal to 12
    significant digits); orders_used by NLTK 3.2 (the rest were dropped); BP;
    NLTK 3.10; sacreBLEU (on the 0-1 scale, for comparison).
    """
    import pandas as pd

    rows = []
    for candidate, record in NLTK_TUTORIAL_SCORES.items():
        printed = record.value
        legacy = explain(candidate, list(references), preset="nltk-3.2")
        rows.append({
            "candidate": candidate,
            "the tutorial printed": printed,
            "nltk-3.2 (ours)": legacy.bleu,
            "same": math.isclose(printed, legacy.bleu, rel_tol=1e-12),
            "orders_used": legacy.breakdown.orders_used,
            "brevity_penalty": legacy.brevity_penalty,
            "nltk 3.10": explain(candidate, list(references), preset="nltk").bleu,
            "sacrebleu (0-1)": explain(candidate, list(references), preset="sacrebleu").bleu,
        })
    return pd.DataFrame(rows).set_index("candidate")


def score_table(candidates: Mapping[str, str], references: Sequence[str],
                presets: Sequence[str] = ("paper", "sacrebleu", "nltk", "mteval-13a")) -> "pd.DataFrame":
    """BLEU (0-100) of several labelled candidates under several presets, one row per candidate.

    >>> score_table({"copy": "a b c d"}, ["a b c d"], presets=["sacrebleu"])["sacrebleu"].round(6).tolist()
    [100.0]
    """
    import pandas as pd

    rows = []
    for label, text in candidates.items():
        row: dict[str, Any] = {"candidate": label, "text": text}
        for preset in presets:
            row[preset] = explain(text, list(references), preset=preset).score
        rows.append(row)
    return pd.DataFrame(rows).set_index("candidate")


# --------------------------------------------------------------------------- permutations
def permutation_bound(k: int, b: int) -> int:
    """Callison-Burch et al.'s (2006) count (k - b)! for a candidate of k words with b matching bigrams.

    >>> permutation_bound(10, 2)
    40320
    """
    for name, value in (("k", k), ("b", b)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BleuInputError(f"{name} must be a whole number >= 0, got {value!r}")
    if b >= k and k > 0:
        raise BleuInputError(f"a candidate of {k} words has at most {k - 1} bigrams, so b = {b} is impossible")
    return math.factorial(k - b)


def matching_chunks(result: "SentenceExplanation") -> list[tuple[str, ...]]:
    """The candidate cut wherever a bigram is in no reference: the pieces that can be reordered freely.

    Reads the engine's bigram clipping table (max-ref counts); needs max_order >= 2.

    >>> from bleu_explain import explain
    >>> matching_chunks(explain("the mailman nipped at the dog", ["the dog bit the mailman"], tokenize="none"))
    [('the', 'mailman'), ('nipped',), ('at',), ('the', 'dog')]
    """
    if len(result.clipping) < 2:
        raise BleuInputError("matching_chunks needs bigram counts: explain with max_order >= 2")
    tokens = result.candidate_tokens
    if not tokens:
        return []
    in_reference = result.clipping[1].max_ref_counts
    chunks, current = [], [tokens[0]]
    for left, right in zip(tokens, tokens[1:]):
        if in_reference.get((left, right), 0) > 0:
            current.append(right)
        else:
            chunks.append(tuple(current))
            current = [right]
    chunks.append(tuple(current))
    return chunks


@dataclass(frozen=True)
class PermutationCount:
    """How many reorderings of a candidate's tokens keep its BLEU, against Callison-Burch et al.'s count."""

    tokens: tuple[str, ...]
    k: int
    b: int
    chunks: tuple[tuple[str, ...], ...]
    bound: int
    distinct_permutations: int
    same_score: int
    score: float
    examples: tuple[str, ...] = field(default=())

    def summary(self) -> "pd.DataFrame":
        """The numbers as a one-column table."""
        import pandas as pd

        return pd.DataFrame({"value": {
            "k (candidate words)": self.k,
            "b (matching bigrams)": self.b,
            "chunks between non-matching bigrams": len(self.chunks),
            "(k - b)!": self.bound,
            "distinct reorderings of the words": self.distinct_permutations,
            "reorderings with the same BLEU (enumerated)": self.same_score,
        }})


def _token_config(config: "BleuConfig") -> "BleuConfig":
    """The same settings, reading already-tokenized text (so the tokens are kept as they are)."""
    return config.with_overrides(tokenize="none", lowercase=False)


def count_same_score_permutations(candidate: str, references: Sequence[str], preset: str = "sacrebleu",
                                  max_tokens: int = 8, n_examples: int = 5, **settings: Any) -> PermutationCount:
    """Enumerate every distinct reordering of the candidate's tokens and count those with the same BLEU.

    Each reordering is scored by the engine with the same settings (on the
    candidate's own tokens). ``b`` is the engine's clipped bigram matches.
    Up to ``max_tokens`` tokens (8! = 40,320 orderings).
    """
    result = explain(candidate, list(references), preset=preset, **settings)
    tokens = result.candidate_tokens
    if len(tokens) > max_tokens:
        raise BleuInputError(f"the candidate has {len(tokens)} tokens; enumerating all orderings is limited to "
                             f"{max_tokens} (raise max_tokens if you can wait for {len(tokens)}! orderings)")
    if result.config.max_order < 2:
        raise BleuInputError("counting matching bigrams needs max_order >= 2")
    config = _token_config(result.config)
    refs = [" ".join(r) for r in result.reference_tokens]
    base = explain_with_config(" ".join(tokens), refs, config).score
    orderings = sorted(set(itertools.permutations(tokens)))
    same = []
    for order in orderings:
        if math.isclose(explain_with_config(" ".join(order), refs, config).score, base, rel_tol=1e-12, abs_tol=1e-12):
            same.append(" ".join(order))
    k, b = len(tokens), result.matches[1]
    return PermutationCount(tokens=tuple(tokens), k=k, b=b, chunks=tuple(matching_chunks(result)),
                            bound=permutation_bound(k, b), distinct_permutations=len(orderings),
                            same_score=len(same), score=base, examples=tuple(same[:n_examples]))


# --------------------------------------------------------------------------- NIST information
def nist_with_background(candidate: str, references: Sequence[str], background: "TeachingCorpus",
                         max_order: int = 5, **settings: Any) -> "NistExplanation":
    """NIST statistics of one candidate, with information weights counted over a whole test set's references.

    NIST's weights come from all reference translations of the test set; one
    sentence alone is too little text to tell a frequent word from a rare one.
    The background segments get empty candidates, so every matched n-gram in
    the result is the candidate's. (The NIST *score* of such a padded corpus
    means nothing: read the weights and the matches only.)
    """
    from ...analysis.nist import explain_nist

    candidates = [candidate] + [""] * len(background)
    refs = [list(references)] + [list(r) for r in background.references]
    return explain_nist(candidates, refs, max_order, **settings)


def word_information(nist: "NistExplanation", words: Sequence[str]) -> "pd.DataFrame":
    """For each word: its count over all the references, and its NIST information weight in bits.

    >>> from bleu_explain.analysis.nist import explain_nist
    >>> n = explain_nist(["the cat"], [["the cat sat on the mat"]], tokenize="none")
    >>> word_information(n, ["the", "cat"])["info_bits"].round(3).tolist()
    [1.585, 2.585]
    """
    import pandas as pd

    rows = [{"word": w, "reference_count": nist.reference_counts.get((w,), 0), "info_bits": nist.info_weight(w)}
            for w in words]
    return pd.DataFrame(rows).set_index("word")


# --------------------------------------------------------------------------- the nonsense search
@dataclass(frozen=True)
class SearchResult:
    """The best candidate a search found, its score, and the best candidate after each step."""

    candidate: str
    score: float
    max_copy: int
    history: tuple[tuple[str, float], ...]
    pieces: int

    def history_table(self) -> "pd.DataFrame":
        """Step by step: the best candidate in the beam and its score (0-100)."""
        import pandas as pd

        return pd.DataFrame([{"step": i, "best_candidate": c, "score": s} for i, (c, s) in enumerate(self.history, 1)]
                            ).set_index("step")


def reference_pieces(result: "SentenceExplanation", max_len: int) -> list[tuple[str, ...]]:
    """Every distinct run of 1..max_len consecutive tokens of the references, sorted (the search's building blocks)."""
    pieces = {tuple(ref[i:i + n]) for ref in result.reference_tokens
              for n in range(1, max_len + 1) for i in range(len(ref) - n + 1)}
    return sorted(pieces)


def nonsense_search(references: Sequence[str], preset: str = "sacrebleu", max_copy: int = 4,
                    beam_width: int = 4, max_length: Optional[int] = None, **settings: Any) -> SearchResult:
    """Beam search for a high-BLEU candidate glued from reference pieces, copying at most ``max_copy`` tokens in a row.

    Each step appends one reference run of 1..``max_copy`` tokens to every
    candidate in the beam; a candidate is allowed only if it contains no
    reference run of ``max_copy + 1`` tokens (checked by the engine: its
    (max_copy + 1)-gram matches must be 0), so it can never be a copy of a
    reference. Candidates are scored by the engine with the given preset and
    the best ``beam_width`` are kept (ties broken alphabetically, so the search
    is deterministic). Stops when no candidate can grow within ``max_length``
    tokens (default: the longest reference plus 2).

    >>> found = nonsense_search(["a b c d e f"], max_copy=2, beam_width=2, tokenize="none")
    >>> found.candidate, round(found.score, 2)
    ('a b e f c d', 28.12)
    """
    if isinstance(max_copy, bool) or not isinstance(max_copy, int) or max_copy < 1:
        raise BleuInputError(f"max_copy must be a whole number >= 1, got {max_copy!r}")
    if isinstance(beam_width, bool) or not isinstance(beam_width, int) or beam_width < 1:
        raise BleuInputError(f"beam_width must be a whole number >= 1, got {beam_width!r}")
    first = explain(references[0] if references else "", list(references), preset=preset, **settings)
    config = _token_config(first.config)
    # counts (max_copy + 1)-gram matches on the same tokens, whatever the preset
    guard = make_config("sacrebleu", tokenize="none", max_order=max_copy + 1, smooth="none")
    refs = [" ".join(r) for r in first.reference_tokens]
    limit = max_length if max_length is not None else max(len(r) for r in first.reference_tokens) + 2
    pieces = reference_pieces(first, max_copy)

    def score(tokens: tuple[str, ...]) -> float:
        return explain_with_config(" ".join(tokens), refs, config).score

    def allowed(tokens: tuple[str, ...]) -> bool:
        return len(tokens) <= max_copy or explain_with_config(" ".join(tokens), refs, guard).matches[max_copy] == 0

    beam: list[tuple[str, ...]] = [()]
    best: tuple[float, str] = (-1.0, "")
    history = []
    while True:
        grown = {cand + piece for cand in beam for piece in pieces if len(cand) + len(piece) <= limit}
        scored = sorted(((score(c), " ".join(c), c) for c in grown if allowed(c)), key=lambda t: (-t[0], t[1]))
        if not scored:
            break
        beam = [c for _, _, c in scored[:beam_width]]
        top_score, top_text, _ = scored[0]
        history.append((top_text, top_score))
        if top_score > best[0] or (top_score == best[0] and top_text < best[1]):
            best = (top_score, top_text)
    return SearchResult(candidate=best[1], score=best[0], max_copy=max_copy, history=tuple(history),
                        pieces=len(pieces))
