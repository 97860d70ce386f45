"""A catalogue of pathological candidates: inputs where BLEU is surprisingly high or low.

Each :class:`Pathology` keeps the texts, where the example comes from, and why it
scores as it does. The numbers quoted in ``why`` are those of the preset named in
``preset`` (tests check them against the engine).

>>> p = get_pathology("the x7 (Example 2)")
>>> r = p.explain()
>>> f"{r.matches[0]}/{r.totals[0]}", p.verdict
('2/7', 'low')
>>> len(PATHOLOGIES) >= 17
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from ..engine.errors import BleuInputError
from . import examples
from .published_examples import STEP_BY_STEP_TUTORIAL

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import SentenceExplanation


@dataclass(frozen=True)
class Pathology:
    """One pathological candidate with its references, its source and the reason for its score."""

    name: str
    candidate: str
    references: tuple[str, ...]
    source: str
    #: "high", "low", or "depends on the tool"
    verdict: str
    why: str
    #: the preset whose numbers ``why`` quotes
    preset: str = "paper"

    def explain(self, preset: Optional[str] = None, **settings) -> "SentenceExplanation":
        """The explanation of this candidate (under ``self.preset`` unless another is named)."""
        from ..api import explain

        return explain(self.candidate, list(self.references), preset=preset or self.preset, **settings)


_SHIP_REFS = examples.SHIP_REFERENCES
_NLTK_TUTORIAL = examples.NLTK_TUTORIAL + " (the 'ship' sentences)"

#: The three references of the paper's Example 1 (also used by its Example 3).
EXAMPLE_1_REFERENCES = examples.EXAMPLE_1_REFERENCES
_CAT_REFS = examples.EXAMPLE_2_REFERENCES
_DO_REFS = examples.EXAMPLE_4_REFERENCES
_PAPER = "Papineni, Roukos, Ward and Zhu (2002), BLEU"
_DOG_REF = (examples.DOG_REFERENCE,)
_OREJUELA_REF = (examples.OREJUELA_REFERENCE,)
_NOTES = examples.COURSE_NOTES + ", BLEU's blind spots"

PATHOLOGIES: tuple[Pathology, ...] = (
    Pathology(
        "it is ship (3-token copy)", "it is ship", _SHIP_REFS, _NLTK_TUTORIAL, "depends on the tool",
        "The candidate is reference 2 word for word, yet it has no 4-gram at all (p4 = 0/0). The paper's "
        "formula, multi-bleu.perl and sacreBLEU without effective order turn the missing order into a zero "
        "and print 0; mteval adds log 1 for an order with no n-grams and prints 100; NLTK 3.2 drops the "
        "order and prints 100. A perfect match scores 0 or 100 depending only on the tool.",
    ),
    Pathology(
        "it is a ship (no 4-gram match)", "it is a ship", _SHIP_REFS, _NLTK_TUTORIAL, "depends on the tool",
        "Every word and every bigram is in some reference (p1 = 4/4, p2 = 3/3) and 'is a ship' is in "
        "reference 1 (p3 = 1/2), but the one 4-gram 'it is a ship' is in none, because each reference orders "
        "the words differently. Without smoothing p4 = 0/1 makes BLEU 0; sacreBLEU's exp smoothing gives "
        "about 71; NLTK 3.2 drops order 4 and gives about 84.",
    ),
    Pathology(
        "it (one word)", "it", _SHIP_REFS, _NLTK_TUTORIAL, "low",
        "One correct word: p1 = 1/1, but there is no bigram, so without smoothing BLEU is 0. Where the "
        "missing orders are ignored (mteval, NLTK 3.2) what is left is the brevity penalty alone: "
        "c = 1 against the closest reference length r = 3 gives BP = exp(1 - 3/1) = 0.135.",
    ),
    Pathology(
        "it x7 (repetition)", "it it it it it it it", _SHIP_REFS, _NLTK_TUTORIAL, "low",
        "'it' occurs at most once in any single reference, so clipping credits one of the seven: p1 = 1/7. "
        "No bigram 'it it' exists in the references, so every higher order is 0. Without clipping p1 would "
        "be 7/7.",
    ),
    Pathology(
        "it + 14 junk letters (padding)", "it a b c d e f g h i j k l m n", _SHIP_REFS, _NLTK_TUTORIAL, "low",
        "Only 'it' and 'a' match (p1 = 2/15). The candidate is longer than every reference, so the brevity "
        "penalty is 1: BLEU never rewards length, it is the low precision that punishes the padding.",
    ),
    Pathology(
        "ship x3 (repetition)", "ship ship ship", _SHIP_REFS, _NLTK_TUTORIAL, "low",
        "'ship' occurs once per reference, so clipping credits one of the three: p1 = 1/3, and 'ship ship' "
        "matches nothing (p2 = 0/2).",
    ),
    Pathology(
        "it ship (two right words)", "it ship", _SHIP_REFS, _NLTK_TUTORIAL, "low",
        "Both words are in the references (p1 = 2/2) but never next to each other in this order (p2 = 0/1). "
        "The candidate is also short: c = 2 against r = 3 gives BP = exp(1 - 3/2) = 0.607.",
    ),
    Pathology(
        "Example 1, candidate 1 (good)",
        "It is a guide to action which ensures that the military always obeys the commands of the party.",
        EXAMPLE_1_REFERENCES, f"{_PAPER}, section 2, Example 1", "high",
        "The paper's good translation shares long runs with the references: p1 = 17/18, p2 = 10/17, "
        "p3 = 7/16, p4 = 4/15, and it is as long as the closest reference (BP = 1). BLEU = 0.50.",
    ),
    Pathology(
        "Example 1, candidate 2 (bad)",
        "It is to insure the troops forever hearing the activity guidebook that party direct.",
        EXAMPLE_1_REFERENCES, f"{_PAPER}, section 2, Example 1", "low",
        "The paper's poor translation shares words but few runs: p1 = 8/14, p2 = 1/13 and no trigram "
        "(p3 = 0/12), so without smoothing BLEU is 0. Smoothed tools give it a small score, far below "
        "candidate 1's.",
    ),
    Pathology(
        "the x7 (Example 2)", "the the the the the the the.", _CAT_REFS,
        f"{_PAPER}, section 2.1, Example 2", "low",
        "Standard unigram precision would be 7/7: every 'the' appears in a reference. Modified precision "
        "clips the count at the most any one reference has ('the' twice in reference 1): p1 = 2/7. "
        "Tokenizers that keep case see 'The' and 'the' as different words and credit only one.",
    ),
    Pathology(
        "of the (Example 3)", "of the", EXAMPLE_1_REFERENCES, f"{_PAPER}, section 2.2, Example 3", "low",
        "Both n-grams are in the references, so the precisions are perfect (p1 = 2/2, p2 = 1/1): precision "
        "alone rewards a two-word candidate. Only the brevity penalty catches it: c = 2 against r = 16 gives "
        "BP = exp(1 - 16/2) = 0.0009. (With four orders there is also no trigram, so BLEU is 0 anyway.)",
    ),
    Pathology(
        "I always invariably perpetually do. (Example 4)", "I always invariably perpetually do.", _DO_REFS,
        f"{_PAPER}, section 2.2.1, Example 4", "depends on the tool",
        "The candidate uses every word of every reference (p1 = 5/5): it would have perfect recall, and it "
        "is a bad translation. BLEU never measures recall; what keeps the score down is that the candidate's "
        "bigrams are mostly in no reference (p2 = 2/4) and its trigrams in none (p3 = 0/3), so without "
        "smoothing it scores 0.",
    ),
    Pathology(
        "I always do. (Example 4)", "I always do.", _DO_REFS, f"{_PAPER}, section 2.2.1, Example 4",
        "depends on the tool",
        "An exact copy of reference 1. With the paper's tokenizer the full stop is removed and three words "
        "have no 4-gram, so the unsmoothed score is 0; tokenizers that keep the full stop (13a) see four "
        "tokens, a 4-gram that matches, and score 100.",
    ),
    Pathology(
        "The dog snapped at the mailman. (faithful)", "The dog snapped at the mailman.", _DOG_REF,
        f"{_NOTES}: swapped n-grams", "low",
        "A faithful paraphrase of 'The dog bit the mailman.' shares few n-grams with it: p1 = 4/6, p2 = 2/5 "
        "and no trigram (p3 = 0/4). BLEU does not know that 'snapped at' means 'bit'.",
    ),
    Pathology(
        "The mailman nipped at the dog. (swapped)", "The mailman nipped at the dog.", _DOG_REF,
        f"{_NOTES}: swapped n-grams", "low",
        "The meaning is reversed, yet with case folded the counts are those of the faithful paraphrase: "
        "p1 = 4/6, p2 = 2/5, p3 = 0/4. BLEU counts n-grams, not who bit whom. Tools that keep case score "
        "the two candidates differently only because 'The' and 'the' changed places.",
    ),
    Pathology(
        "Orejuela, candidate 1 (fluent)",
        "Appeared calm when he was taken to the American plane, which will to Miami, Florida.",
        _OREJUELA_REF, f"{_NOTES}: the Orejuela example (after Callison-Burch, Osborne and Koehn 2006)", "high",
        "A readable translation with two words missing: p1 = 13/15, p2 = 9/14, p3 = 5/13, p4 = 3/12; it is "
        "shorter than the reference (c = 15, r = 18, BP = 0.819). BLEU = 0.39.",
    ),
    Pathology(
        "Orejuela, candidate 2 (scrambled)",
        "To Miami, Florida as he was led is to the was take him which will.",
        _OREJUELA_REF, f"{_NOTES}: the Orejuela example (after Callison-Burch, Osborne and Koehn 2006)",
        "high",
        "Word salad assembled from the reference's own phrases. Its unigram precision equals the fluent "
        "candidate's (p1 = 13/15) and its bigram precision is nearly as good (p2 = 8/14, then 3/13 and 1/12), "
        "so it keeps BLEU = 0.26 against the fluent candidate's 0.39: far closer than a reader would rank them.",
    ),
    Pathology(
        "the the the mat on the the. (clipping)", "the the the mat on the the.", _CAT_REFS,
        STEP_BY_STEP_TUTORIAL.citation + " (clipping)", "low",
        "Five 'the' but at most two in any one reference: clipping credits two, and 'mat' and 'on' match, so "
        "p1 = 4/7. Only 'the mat' and 'on the' are reference bigrams (p2 = 2/6), and no trigram matches.",
    ),
)

_BY_NAME = {p.name: p for p in PATHOLOGIES}


def get_pathology(name: str) -> Pathology:
    """A pathology by its name."""
    if name not in _BY_NAME:
        raise BleuInputError(f"unknown pathology {name!r}; choose one of: {'; '.join(_BY_NAME)}")
    return _BY_NAME[name]


def scores_by_preset(pathology: Pathology, presets: Optional[Sequence[str]] = None) -> "pd.DataFrame":
    """The pathology's score, precisions and BP under each preset (an ``error`` column where a tool cannot score it).

    ``presets`` defaults to every preset whose tool takes the pathology (d2l only one reference).

    >>> table = scores_by_preset(get_pathology("it is ship (3-token copy)"))
    >>> table["score"].round(2).to_dict()
    {'sacrebleu': 0.0, 'nltk': 0.0, 'nltk-3.2': 100.0, 'mteval-13a': 100.0, 'multi-bleu': 0.0, 'paper': 0.0, 'hf-evaluate': 0.0, 'torchmetrics': 0.0}
    """
    import pandas as pd

    from ..api import explain
    from ..engine.errors import BleuComputationError, OutsideToolError
    from ..engine.presets import presets_taking

    rows = []
    for name in presets or presets_taking([len(pathology.references)]):
        row: dict = {"preset": name}
        try:
            r = explain(pathology.candidate, list(pathology.references), preset=name)
        except (BleuComputationError, OutsideToolError) as exc:
            row.update(score=float("nan"), error=str(exc))
        else:
            row.update(score=r.score, bleu=r.bleu,
                       precisions=", ".join(f"{m}/{t}" for m, t in zip(r.matches, r.totals)),
                       brevity_penalty=r.brevity_penalty, error="")
        rows.append(row)
    return pd.DataFrame(rows, columns=["preset", "score", "bleu", "precisions", "brevity_penalty", "error"]).set_index("preset")
