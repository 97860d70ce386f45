"""The precisions and the penalty the sources state for their worked examples, typed in once with where they stand.

:mod:`bleu_explain.data.published` holds the papers' tables and figures; this module, its sibling, holds the
small worked examples of Papineni et al. (2002), section 2 (Examples 1-3 and the best match length) and of the
step-by-step tutorial. A notebook sets the engine's own fractions beside them
(:func:`bleu_explain.analysis.stated.beside_stated`) and names the source.

>>> [s.text for s in stated_for("Example 2")]
['7/7', '2/7', '0']
>>> STATED_PRECISIONS[0].source, STATED_PRECISIONS[0].value
('Papineni, Roukos, Ward and Zhu (2002), section 2.1', Fraction(17, 18))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .published import PAPINENI_2002, Published, Work

#: The step-by-step tutorial, cited as the references page cites it.
STEP_BY_STEP_TUTORIAL = Work('"BLEU - Bilingual Evaluation Understudy", a step-by-step tutorial',
                             "BLEU - Bilingual Evaluation Understudy")


@dataclass(frozen=True)
class StatedPrecision:
    """A precision a source states for a worked example: as printed (``"17/18"``, ``"0"``), its order, where.

    ``plain`` marks the unclipped ("standard") precision the paper sets beside the modified one.
    """

    example: str
    order: int
    text: str
    work: Work
    where: str
    plain: bool = False

    @property
    def value(self) -> Fraction:
        return Fraction(self.text)

    @property
    def source(self) -> str:
        return f"{self.work.citation}, {self.where}"


def _stated(example: str, where: str, *fractions: str, work: Work = PAPINENI_2002) -> tuple[StatedPrecision, ...]:
    return tuple(StatedPrecision(example=example, order=n, text=text, work=work, where=where)
                 for n, text in enumerate(fractions, 1))


#: Every precision the paper (section 2) and the step-by-step tutorial state for Examples 1-3, order by order.
STATED_PRECISIONS: tuple[StatedPrecision, ...] = (
    *_stated("Example 1, candidate 1", "section 2.1", "17/18", "10/17"),
    *_stated("Example 1, candidate 2", "section 2.1", "8/14", "1/13"),
    StatedPrecision(example="Example 2", order=1, text="7/7", work=PAPINENI_2002, where="section 2.1", plain=True),
    *_stated("Example 2", "section 2.1", "2/7", "0"),
    *_stated("Example 3", "section 2.2", "2/2", "1/1"),
    *_stated("Example 1, candidate 1", "its step 6", "17/18", "10/17", work=STEP_BY_STEP_TUTORIAL),
)


def stated_for(*examples: str) -> tuple[StatedPrecision, ...]:
    """The stated precisions of these examples, in the order above."""
    return tuple(s for s in STATED_PRECISIONS if s.example in examples)


#: Section 2.2.2: references of 12, 15 and 17 words and a 12-word candidate; the paper wants this brevity penalty.
PAPINENI_BEST_MATCH_BP = Published(
    value=1.0, work=PAPINENI_2002, where="section 2.2.2",
    what="the brevity penalty wanted for a 12-word candidate with references of 12, 15 and 17 words")
