"""Every number the course quotes from a paper or a tutorial, typed in once, each with where it was published.

These values are data to quote, never computed: a notebook sets the engine's own numbers beside
them and names the source (:attr:`Published.source`). Works are cited as the course's references page
(``docs/references.md``) cites them; a record says where in the work the figure is.

>>> PAPINENI_TABLE_1["H2"].value, PAPINENI_TABLE_1["H2"].source
(0.2571, 'Papineni, Roukos, Ward and Zhu (2002), Table 1')
>>> values(POST_EN_FI)
{1: 22.04, 2: 25.25}
>>> PAPINENI_FOUR_VS_TWO[2].value == PAPINENI_TABLE_1["H2"].value  # the paper's H2 is the human of section 3
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K")


@dataclass(frozen=True)
class Work:
    """A work the course quotes: its citation as the references page writes it, and its title."""

    citation: str
    title: str


@dataclass(frozen=True)
class Published:
    """One published figure: its value as printed, the work, where in it (table, figure, section), and what it is."""

    value: float
    work: Work
    where: str
    what: str

    @property
    def source(self) -> str:
        """Work and place, for a caption: ``"Post (2018), section 2.1"``."""
        return f"{self.work.citation}, {self.where}"


@dataclass(frozen=True)
class PublishedClaim:
    """A finding a work states in words, quoted as a claim (no number of ours stands beside it)."""

    claim: str
    work: Work
    where: str

    @property
    def source(self) -> str:
        return f"{self.work.citation}, {self.where}"


def values(records: Mapping[K, Published]) -> dict[K, float]:
    """The values of a mapping of records, keyed as it is (what a table or a plot needs)."""
    return {key: record.value for key, record in records.items()}


# --------------------------------------------------------------------------- the works
PAPINENI_2002 = Work("Papineni, Roukos, Ward and Zhu (2002)",
                     "BLEU: a Method for Automatic Evaluation of Machine Translation")
POST_2018 = Work("Post (2018)", "A Call for Clarity in Reporting BLEU Scores")
CALLISON_BURCH_2006 = Work("Callison-Burch, Osborne and Koehn (2006)",
                           "Re-evaluating the Role of BLEU in Machine Translation Research")
KOEHN_2004 = Work("Koehn (2004)", "Statistical Significance Tests for Machine Translation Evaluation")
MATHUR_2020 = Work("Mathur, Baldwin and Cohn (2020)",
                   "Tangled up in BLEU: Reevaluating the Evaluation of Automatic Machine Translation Evaluation Metrics")
LING83600_NOTES = Work("LING83600 course notes on BLEU", "BLEU score")
NLTK_TUTORIAL = Work('Pratama, "Introduction to BLEU in Python"', "Introduction to BLEU in Python")

# --------------------------------------------------------------------------- Papineni et al. (2002)
#: The paper's five systems, worst to best: three machine translations, then two human translators.
PAPINENI_SYSTEMS: tuple[str, ...] = ("S1", "S2", "S3", "H1", "H2")

#: Table 1: BLEU of each system on the 500-sentence test corpus against two references (0-1 scale).
PAPINENI_TABLE_1: dict[str, Published] = {
    system: Published(value=bleu, work=PAPINENI_2002, where="Table 1",
                      what=f"BLEU of {system} on the 500-sentence test corpus, two references (0-1 scale)")
    for system, bleu in zip(PAPINENI_SYSTEMS, (0.0527, 0.0829, 0.0930, 0.1934, 0.2571))
}

#: Table 2: the paired t-statistic of each system against its left neighbour (baseline, system), on 20 blocks
#: of 25 sentences.
PAPINENI_TABLE_2_T: dict[tuple[str, str], Published] = {
    (baseline, system): Published(value=t, work=PAPINENI_2002, where="Table 2",
                                  what=f"paired t-statistic of {system} against {baseline}, 20 blocks of 25 sentences")
    for (baseline, system), t in zip(zip(PAPINENI_SYSTEMS, PAPINENI_SYSTEMS[1:]), (6.0, 3.4, 24.0, 11.0))
}
PAPINENI_BLOCKS = Published(value=20, work=PAPINENI_2002, where="section 3",
                            what="blocks the test corpus is split into for Table 2")
PAPINENI_BLOCK_SIZE = Published(value=25, work=PAPINENI_2002, where="section 3", what="sentences per block")
PAPINENI_T_SIGNIFICANT = Published(value=1.7, work=PAPINENI_2002, where="section 3",
                                   what="a paired t-statistic of this or above is significant at 95%")

#: Section 3: one human translation of the test corpus scored against four and against two references.
PAPINENI_FOUR_VS_TWO: dict[int, Published] = {
    n: Published(value=bleu, work=PAPINENI_2002, where="section 3",
                 what=f"BLEU of a human translation of the 500-sentence corpus against {n} references")
    for n, bleu in ((4, 0.3468), (2, 0.2571))
}

#: Section 4.1 and Figure 3: the monolingual judges' mean opinion score differences between neighbours (1-5 scale).
PAPINENI_FIGURE_3: dict[str, Published] = {
    pair: Published(value=difference, work=PAPINENI_2002, where="Figure 3",
                    what=f"monolingual judges' mean score difference {pair} on the 5-point scale (section 4.1)")
    for pair, difference in (("S2 \u2212 S1", 0.326), ("S3 \u2212 S2", 0.114))
}

#: Section 5, Figures 5 and 6: Pearson's r of BLEU (two references) with each group's scores of the five systems.
PAPINENI_CORRELATIONS: dict[str, Published] = {
    "monolingual": Published(value=0.99, work=PAPINENI_2002, where="Figure 5",
                             what="correlation of BLEU with the monolingual judges over the five systems (section 5)"),
    "bilingual": Published(value=0.96, work=PAPINENI_2002, where="Figure 6",
                           what="correlation of BLEU with the bilingual judges over the five systems (section 5)"),
}

# --------------------------------------------------------------------------- Post (2018)
#: The twelve WMT17 language arcs of Table 1, in the paper's column order.
POST_ARCS: tuple[str, ...] = ("en-cs", "en-de", "en-fi", "en-lv", "en-ru", "en-tr",
                              "cs-en", "de-en", "fi-en", "lv-en", "ru-en", "tr-en")
#: Table 1's rows as printed: online-B under four processings of output and references (basic: user-supplied
#: tokenization; split: plus compound splitting; unk: rare words as UNK; metric: mteval-v13a's own), cased and
#: uncased; then the "range" rows (largest minus smallest score, leaving out unk).
_POST_TABLE_1_ROWS: dict[tuple[str, str], tuple[float, ...]] = {
    ("cased", "basic"): (20.7, 25.8, 22.2, 16.9, 33.3, 18.5, 26.8, 31.2, 26.6, 21.1, 36.4, 24.4),
    ("cased", "split"): (20.7, 26.1, 22.6, 17.0, 33.3, 18.7, 26.9, 31.7, 26.9, 21.3, 36.7, 24.7),
    ("cased", "unk"): (20.9, 26.5, 25.4, 18.7, 33.8, 20.6, 26.9, 31.4, 27.6, 22.7, 37.5, 25.2),
    ("cased", "metric"): (20.1, 26.6, 22.0, 17.9, 32.0, 19.9, 27.4, 33.0, 27.6, 22.0, 36.9, 25.6),
    ("uncased", "basic"): (21.2, 26.3, 22.5, 17.4, 33.3, 18.9, 27.7, 32.5, 27.5, 22.0, 37.3, 25.2),
    ("uncased", "split"): (21.3, 26.6, 22.9, 17.5, 33.4, 19.1, 27.8, 32.9, 27.8, 22.2, 37.5, 25.4),
    ("uncased", "unk"): (21.4, 27.0, 25.6, 19.1, 33.8, 21.0, 27.8, 32.6, 28.3, 23.6, 38.3, 25.9),
    ("uncased", "metric"): (20.6, 27.2, 22.4, 18.5, 32.8, 20.4, 28.4, 34.2, 28.5, 23.0, 37.8, 26.4),
    ("cased", "range"): (0.6, 0.8, 0.6, 1.0, 1.3, 1.4, 0.6, 1.8, 1.0, 0.9, 0.5, 1.2),
    ("uncased", "range"): (0.6, 0.9, 0.5, 1.1, 0.6, 1.5, 0.7, 1.7, 1.0, 1.0, 0.5, 1.2),
}
#: Table 1, one record per cell: (case, processing, arc) -> BLEU of online-B (processing "range": the printed range).
POST_TABLE_1: dict[tuple[str, str, str], Published] = {
    (case, processing, arc): Published(
        value=value, work=POST_2018, where="Table 1",
        what=(f"largest minus smallest {case} BLEU of online-B on WMT17 {arc} (unk left out)" if processing == "range"
              else f"{case} BLEU of online-B on WMT17 {arc}, {processing} processing"))
    for (case, processing), row in _POST_TABLE_1_ROWS.items() for arc, value in zip(POST_ARCS, row)
}

#: Section 2.1: WMT17 English-Finnish, online-B, scored with one and with two references.
POST_EN_FI: dict[int, Published] = {
    n: Published(value=bleu, work=POST_2018, where="section 2.1",
                 what=f"BLEU of online-B on WMT17 English-Finnish with {n} reference{'s' if n > 1 else ''}")
    for n, bleu in ((1, 22.04), (2, 25.25))
}

# --------------------------------------------------------------------------- Callison-Burch et al. (2006)
CALLISON_BURCH_EXAMPLE_ORDERINGS = Published(
    value=40_320, work=CALLISON_BURCH_2006, where="section 3",
    what="reorderings of their example hypothesis with the same BLEU, by the count (k - b)!")
CALLISON_BURCH_NIST_ORDERINGS = Published(
    value=10**73, work=CALLISON_BURCH_2006, where="section 3",
    what="reorderings with the same BLEU that some hypotheses of the 2005 NIST Arabic-English evaluation have "
         "(more than this many)")

# --------------------------------------------------------------------------- Koehn (2004)
KOEHN_RELIABLE_SENTENCES = Published(
    value=300, work=KOEHN_2004, where="its experiments on test sets of growing size",
    what="sentences from about which on bootstrap resampling estimates BLEU's confidence intervals reliably")

# --------------------------------------------------------------------------- Mathur et al. (2020)
MATHUR_SMALL_GAPS = PublishedClaim(
    claim="on WMT19's system pairs, a BLEU difference of 1-2 points agrees with the human judgment only about "
          "half the time",
    work=MATHUR_2020, where="its analysis of WMT19 system pairs")

#: Section 4: in the 2005 NIST Arabic-English evaluation, BLEU's rank of the entry the human judges ranked first.
#: (The LING83600 course notes quote the case the other way round, as the best system by BLEU rated 6th by people.)
#: The 2005 NIST outputs and judgments are not public, so it can be neither recomputed nor checked.
CALLISON_BURCH_NIST_2005_RANK = Published(
    value=6, work=CALLISON_BURCH_2006, where="section 4",
    what="BLEU's rank of the entry ranked first by the human judges in the 2005 NIST Arabic-English evaluation")

# --------------------------------------------------------------------------- the NLTK tutorial
#: The scores the tutorial prints for its candidates against the "ship" references (NLTK 3.2.x sentence_bleu,
#: whitespace tokens, default weights), every digit as printed.
NLTK_TUTORIAL_SCORES: dict[str, Published] = {
    candidate: Published(value=score, work=NLTK_TUTORIAL, where="its sentence_bleu examples",
                         what=f"sentence BLEU printed for {candidate!r} against the four 'ship' references")
    for candidate, score in (
        ("it is ship", 1.0),
        ("it is a ship", 0.8408964152537145),
        ("it", 0.1353352832366127),
        ("it it it it it it it", 0.6147881529512643),
        ("it a b c d e f g h i j k l m n", 0.6042750794713536),
        ("ship ship ship", 0.7598356856515925),
        ("it ship", 0.6065306597126334),
    )
}
