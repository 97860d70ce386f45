"""Lengths: which reference length r a candidate is held against, and the brevity penalty.

Modified precision alone rewards a short candidate ("of the" has perfect
precisions); the paper's answer (Papineni et al. 2002, section 2.2.2) is a
penalty on the whole corpus, computed from the summed candidate length c and
the summed "best match lengths" r:

    BP = 1 if c > r, else exp(1 - r/c)

>>> choose_ref_length(12, [12, 15, 17]), round(brevity_penalty(7, 12), 4)
(12, 0.4895)
"""

from __future__ import annotations

from typing import Sequence

from ..messages.catalogue import text
from .errors import BleuComputationError
from .floatmath import exp

#: How the tools pick a segment's reference length.
REF_LENGTH_RULES = ("closest", "shortest", "closest-first")

#: Each rule in words (what a step or a comparison says about it), in English; the catalogue
#: (``bleu_explain.messages``, keys ``length.rule.*``) holds them in every language.
REF_LENGTH_WORDS = {rule: text(f"length.rule.{rule}") for rule in REF_LENGTH_RULES}


def choose_reference(hyp_len: int, ref_lens: Sequence[int], rule: str = "closest") -> int:
    """Which reference (its index) gives a segment's reference length r, by a tool's rule.

    ``closest``: the reference length closest to the candidate's, a tie going to
    the shorter (the paper's "best match length"; sacreBLEU, NLTK, mteval and
    multi-bleu all break ties this way). ``shortest``: mteval's option, and the
    only rule of Hugging Face evaluate's ``bleu`` (tensorflow/nmt's
    ``min(len(r) for r in references)``). ``closest-first``: the closest, a tie
    going to the reference listed first (torchmetrics'
    ``target_len_diff.index(min(target_len_diff))``).

    >>> choose_reference(14, [16, 12]), choose_reference(14, [16, 12], "closest-first")
    (1, 0)
    """
    if len(ref_lens) == 1:
        return 0
    if rule == "shortest":
        return min(range(len(ref_lens)), key=ref_lens.__getitem__)  # the first of the shortest
    differences = [abs(hyp_len - r) for r in ref_lens]
    if rule == "closest-first":
        return differences.index(min(differences))
    return min(range(len(ref_lens)), key=lambda k: (differences[k], ref_lens[k]))


def choose_ref_length(hyp_len: int, ref_lens: Sequence[int], rule: str = "closest") -> int:
    """The reference length r for one segment: the length of :func:`choose_reference`'s reference.

    >>> choose_ref_length(12, [12, 15, 17]), choose_ref_length(14, [12, 16]), choose_ref_length(14, [12, 16], "shortest")
    (12, 12, 12)
    >>> choose_ref_length(14, [16, 12], "closest-first"), choose_ref_length(14, [16, 12])
    (16, 12)
    """
    return ref_lens[choose_reference(hyp_len, ref_lens, rule)]


def brevity_penalty(hyp_len: int, ref_len: int, rule: str = "paper") -> float:
    """BP for candidate length c = ``hyp_len`` and reference length r = ``ref_len``, by a tool's rule.

    Every tool draws the same curve, 1 for c >= r and exp(1 - r/c) below; they
    differ only where a length is 0, and each answers as it does in its code:

    * sacrebleu: ``if c < r: exp(1 - r/c) if c > 0 else 0``, else 1 (so 1 when c = r = 0);
    * nltk: ``1 if c > r; 0 if c == 0; else exp(1 - r/c)``;
    * mteval: ``exp(min(0, 1 - r/c)) if c > 0``, else 0;
    * multi-bleu: ``exp(1 - r/c) if c < r`` (the script dies at c = 0; we give 0);
    * paper: 1 if c > r, else exp(1 - r/c) (0 for an empty candidate);
    * hf-evaluate: ``ratio = c / r``, ``1 if ratio > 1.0 else exp(1 - 1 / ratio)`` (tensorflow/nmt's
      lines, written as they are so that the floats agree); it divides by zero when c or r is 0, and
      so do we, with an error that says so;
    * torchmetrics: ``1 if c > r else exp(1 - r/c)`` (it returns 0 before this line when c = 0; so do we);
    * d2l: :func:`d2l_brevity_penalty`.

    >>> brevity_penalty(12, 12), round(brevity_penalty(7, 12), 4), brevity_penalty(0, 12)
    (1.0, 0.4895, 0.0)
    >>> brevity_penalty(0, 0, "sacrebleu"), brevity_penalty(0, 0, "nltk")
    (1.0, 0.0)
    >>> brevity_penalty(7, 6, "hf-evaluate"), brevity_penalty(3, 9, "hf-evaluate") == exp(1 - 1 / (3 / 9))
    (1.0, True)
    """
    if rule == "hf-evaluate":
        if hyp_len == 0 or ref_len == 0:
            side = "reference" if ref_len == 0 else "candidate"  # the tool divides by r first
            raise BleuComputationError(
                f"the {side} side is empty (length 0): Hugging Face evaluate's bleu divides by zero here "
                "(ratio = translation_length / reference_length, then 1 / ratio) and has no score"
            )
        ratio = float(hyp_len) / ref_len
        return 1.0 if ratio > 1.0 else exp(1 - 1.0 / ratio)
    if rule == "d2l":
        return d2l_brevity_penalty(hyp_len, ref_len)
    if rule == "sacrebleu":
        if hyp_len < ref_len:
            return exp(1 - ref_len / hyp_len) if hyp_len > 0 else 0.0
        return 1.0
    if rule == "mteval":
        return exp(min(0.0, 1 - ref_len / hyp_len)) if hyp_len > 0 else 0.0
    if hyp_len == 0:
        return 0.0
    if hyp_len >= ref_len:
        return 1.0
    return exp(1 - ref_len / hyp_len)


def d2l_brevity_penalty(hyp_len: int, ref_len: int) -> float:
    """d2l's brevity penalty, exp(min(0, 1 - len_label / len_pred)): the curve every tool draws.

    d2l's candidate always has a token (``"".split(' ')`` is ``['']``), so it
    never meets c = 0; counts summed elsewhere could, and d2l's division has no
    answer there.

    >>> d2l_brevity_penalty(3, 3), round(d2l_brevity_penalty(3, 4), 4), d2l_brevity_penalty(5, 3)
    (1.0, 0.7165, 1.0)
    """
    if hyp_len == 0:
        raise BleuComputationError("the candidate has no token: d2l's brevity penalty divides by its length "
                                   "(1 - len_label / len_pred) and has no answer")
    return exp(min(0, 1 - ref_len / hyp_len))
