"""The NIST score (Doddington 2002), as mteval-v13a.pl computes it.

NIST changes two things in BLEU: a matched n-gram counts by how *informative*
it is, and the length penalty hurts little for small shortfalls.

* Information weight, from the n-gram counts over ALL reference translations
  of the corpus: Info(w1..wn) = log2(count(w1..wn-1) / count(w1..wn)), where
  count() of the empty prefix is the number of reference words. A rare
  continuation carries more information than a predictable one ("of the").
* Score = sum over n = 1..N of (sum of Info over the matched n-grams) / (number
  of candidate n-grams), N = 5; matches are clipped by the largest count in any
  one reference (as BLEU clips them).
* Length penalty = exp(-beta * log(min(1, c / r_mean))**2), with c the
  candidate words and r_mean the mean reference length (all reference words
  divided by the number of references per segment); beta = -log(0.5) /
  log(1.5)**2 makes the penalty 0.5 when the candidate is 2/3 of the
  reference length.

mteval-v13a.pl first normalises the text with its own tokenizer (sacreBLEU's
``13a``) and lowercases ASCII letters unless given ``-c``: our default
``preset="mteval-13a"`` does the same; ``tokenize="none"`` splits on white space only.

NLTK's ``corpus_nist`` agrees with mteval on a single reference per segment
(given the same tokens; it takes token lists and does no normalisation). With
several references it differs: it clips against each reference separately
and, for every order and segment, keeps the one reference with the best
information-weighted precision, and it uses that reference's length instead
of the mean reference length. It also raises ZeroDivisionError when the corpus
has no n-grams of some order, where mteval divides by max(count, 1).

>>> refs = [["the cat sat on the mat"], ["a dog barked at the cat"]]
>>> r = explain_nist(["the cat sat on a mat", "a dog barked"], refs)
>>> round(r.score, 4), round(r.length_penalty, 4)
(2.3462, 0.7054)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: beta of the NIST length penalty, written as mteval-v13a.pl computes it:
#: -log(0.5) / log(1.5) / log(1.5), so that exp(-beta * log(2/3)**2) = 0.5
NIST_BETA = -math.log(0.5) / math.log(1.5) / math.log(1.5)


def nist_length_penalty(ratio: float) -> float:
    """exp(-beta * log(ratio)**2) for 0 < ratio < 1, 1 for ratio >= 1, 0 for ratio <= 0 (mteval's rule).

    >>> nist_length_penalty(1.2), nist_length_penalty(0), round(nist_length_penalty(2 / 3), 12)
    (1.0, 0.0, 0.5)
    """
    if ratio >= 1:
        return 1.0
    if ratio <= 0:
        return 0.0
    return math.exp(-NIST_BETA * math.log(ratio) * math.log(ratio))


@dataclass(frozen=True)
class NistExplanation:
    """Every number of a corpus NIST score.

    Per order n (index n - 1): ``matches`` (clipped n-gram matches),
    ``candidate_ngrams``, ``information`` (sum of Info over the matched
    n-grams, each counted as often as it matched) and ``order_scores`` =
    information / max(candidate n-grams, 1). ``score`` = sum(order_scores) *
    ``length_penalty``. ``ref_length`` is the mean reference length summed over
    segments; ``info_weights`` holds the weight of every reference n-gram;
    ``matched_counts`` how often each n-gram was matched over the corpus.
    """

    score: float
    max_order: int
    matches: tuple[int, ...]
    candidate_ngrams: tuple[int, ...]
    information: tuple[float, ...]
    order_scores: tuple[float, ...]
    hyp_len: int
    ref_length: float
    length_ratio: float
    length_penalty: float
    info_weights: dict
    reference_counts: dict
    reference_words: int
    matched_counts: dict
    candidate_counts: dict

    def __repr__(self) -> str:
        return (f"NistExplanation(score={self.score:.4f}, order_scores="
                f"{[round(s, 4) for s in self.order_scores]}, length_ratio={self.length_ratio:.4f}, "
                f"length_penalty={self.length_penalty:.4f})")

    @property
    def beta(self) -> float:
        return NIST_BETA

    @property
    def cumulative_scores(self) -> tuple[float, ...]:
        """mteval's "cumulative N-gram scoring": NIST using orders 1..n, for every n (with the penalty)."""
        out, total = [], 0.0
        for s in self.order_scores:
            total += s
            out.append(total * self.length_penalty)
        return tuple(out)

    def info_weight(self, ngram: str | Sequence[str]) -> float:
        """The information weight of an n-gram (a string of space-separated tokens, or a token tuple)."""
        key = tuple(ngram.split()) if isinstance(ngram, str) else tuple(ngram)
        if key not in self.info_weights:
            raise BleuInputError(f"the n-gram {' '.join(key)!r} does not occur in the references, so it has no "
                                 "information weight (it cannot be matched)")
        return self.info_weights[key]

    def info_table(self) -> "pd.DataFrame":
        """One row per matched n-gram: its weight, where the weight comes from, and its contribution.

        Columns: ngram, order, info (bits), ref_count, prefix_count (count of
        w1..wn-1 in the references, or the number of reference words for a
        unigram), matched (clipped matches over the corpus), candidate_count,
        contribution = info * matched. Sorted by contribution, largest first.
        """
        import pandas as pd

        from ..engine.ngrams import ngram_text

        rows = []
        for g, m in self.matched_counts.items():
            prefix = self.reference_counts[g[:-1]] if len(g) > 1 else self.reference_words
            rows.append({"ngram": ngram_text(g), "order": len(g), "info": self.info_weights[g],
                         "ref_count": self.reference_counts[g], "prefix_count": prefix, "matched": m,
                         "candidate_count": self.candidate_counts.get(g, 0),
                         "contribution": self.info_weights[g] * m})
        columns = ["ngram", "order", "info", "ref_count", "prefix_count", "matched", "candidate_count", "contribution"]
        df = pd.DataFrame(rows, columns=columns)
        return df.sort_values(["contribution", "order", "ngram"], ascending=[False, True, True]).reset_index(drop=True)

    def order_table(self) -> "pd.DataFrame":
        """Per order: matches, candidate n-grams, information, the order's score, cumulative NIST."""
        import pandas as pd

        rows = [{"order": n + 1, "matches": self.matches[n], "candidate_ngrams": self.candidate_ngrams[n],
                 "information": self.information[n],
                 "mean_info_per_candidate_ngram": self.order_scores[n],
                 "cumulative_nist": self.cumulative_scores[n]} for n in range(self.max_order)]
        return pd.DataFrame(rows).set_index("order")


def explain_nist(
    candidates: Sequence[str],
    references: Sequence[Sequence[str]],
    max_order: int = 5,
    *,
    preset: str = "mteval-13a",
    tokenize: Optional[str] = None,
    lowercase: Optional[bool] = None,
) -> NistExplanation:
    """Corpus NIST with every intermediate number (segment-major references).

    ``preset``/``tokenize``/``lowercase`` choose only the text normalisation
    (as for BLEU); the default is mteval-v13a.pl's.
    """
    from ..api import make_config
    from ..engine.statistics import tokenizer_for
    from ..engine.validation import check_corpus

    if isinstance(max_order, bool) or not isinstance(max_order, int) or max_order < 1:
        raise BleuInputError(f"max_order must be a whole number >= 1, got {max_order!r}")
    cands, refs = check_corpus(candidates, references)
    tok = tokenizer_for(make_config(preset, tokenize=tokenize, lowercase=lowercase))
    hyp_tokens = [tok(c) for c in cands]
    ref_tokens = [[tok(r) for r in seg] for seg in refs]
    reference_counts, reference_words = _reference_counts(ref_tokens, max_order)
    info_weights = {
        g: math.log2((reference_counts[g[:-1]] if len(g) > 1 else reference_words) / c)
        for g, c in reference_counts.items()
    }
    matched = _matched_information(hyp_tokens, ref_tokens, info_weights, max_order)
    hyp_len = sum(len(h) for h in hyp_tokens)
    ref_length = _mean_reference_length(ref_tokens, reference_words)
    ratio = hyp_len / ref_length if ref_length else math.inf
    penalty = nist_length_penalty(ratio)
    order_scores = tuple(matched.information[n] / max(matched.totals[n], 1) for n in range(max_order))
    return NistExplanation(
        score=sum(order_scores) * penalty,
        max_order=max_order,
        matches=tuple(matched.matches),
        candidate_ngrams=tuple(matched.totals),
        information=tuple(matched.information),
        order_scores=order_scores,
        hyp_len=hyp_len,
        ref_length=ref_length,
        length_ratio=ratio,
        length_penalty=penalty,
        info_weights=info_weights,
        reference_counts=dict(reference_counts),
        reference_words=reference_words,
        matched_counts=dict(matched.matched_counts),
        candidate_counts=dict(matched.candidate_counts),
    )


def _reference_counts(ref_tokens: Sequence[Sequence[Sequence[str]]], max_order: int) -> tuple[Counter, int]:
    """Every n-gram's count over ALL reference translations of the corpus, and the number of reference words."""
    from ..engine.ngrams import ngram_counts

    reference_counts: Counter = Counter()
    reference_words = 0
    for seg in ref_tokens:
        for r in seg:
            reference_words += len(r)
            for n in range(1, max_order + 1):
                reference_counts.update(ngram_counts(r, n))
    if reference_words == 0:
        raise BleuInputError("all references are empty; NIST needs reference words for its information weights")
    return reference_counts, reference_words


@dataclass(frozen=True)
class _MatchedInformation:
    """Per order (index n - 1): clipped matches, candidate n-grams and the information they matched."""

    matches: list[int]
    totals: list[int]
    information: list[float]
    matched_counts: Counter
    candidate_counts: Counter


def _matched_information(hyp_tokens: Sequence[Sequence[str]], ref_tokens: Sequence[Sequence[Sequence[str]]],
                         info_weights: dict, max_order: int) -> _MatchedInformation:
    """Clip every segment's n-grams as BLEU does and sum the information weights of the matches."""
    from ..engine.clipping import clip_order

    matched = _MatchedInformation(matches=[0] * max_order, totals=[0] * max_order, information=[0.0] * max_order,
                                  matched_counts=Counter(), candidate_counts=Counter())
    for hyp, seg_refs in zip(hyp_tokens, ref_tokens):
        for n in range(1, max_order + 1):
            step = clip_order(hyp, seg_refs, n)
            matched.totals[n - 1] += step.total
            matched.candidate_counts.update(step.candidate_counts)
            seg_info = 0.0
            for g, c in step.clipped_counts.items():
                if c:
                    matched.matches[n - 1] += c
                    matched.matched_counts[g] += c
                    seg_info += info_weights[g] * c
            matched.information[n - 1] += seg_info
    return matched


def _mean_reference_length(ref_tokens: Sequence[Sequence[Sequence[str]]], reference_words: int) -> float:
    """The mean reference length, summed over segments (mteval: reference words / number of reference sets)."""
    ref_counts = {len(seg) for seg in ref_tokens}
    if len(ref_counts) == 1:
        return reference_words / ref_counts.pop()
    return sum(sum(len(r) for r in seg) / len(seg) for seg in ref_tokens)


def corpus_nist(candidates: Sequence[str], references: Sequence[Sequence[str]], max_order: int = 5, **kw) -> float:
    """Just the NIST score (see :func:`explain_nist`)."""
    return explain_nist(candidates, references, max_order, **kw).score
