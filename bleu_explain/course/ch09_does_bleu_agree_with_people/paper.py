"""What Papineni et al. (2002) report about human judgments, and which of its figures and tables the course redoes.

The values are the paper's own, read from :mod:`bleu_explain.data.published`
(its text, sections 3-5); the paper prints no per-system values for Figures
1-7, so only what its text says is quoted.

>>> coverage().loc["Figure 5", "status"]
'replicated'
>>> coverage().loc["Figure 3", "paper_values"].split(" (")[0]
'S2 − S1 = 0.326, S3 − S2 = 0.114'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...data import published

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

PAPER_SOURCE = "Papineni et al. 2002"


@dataclass(frozen=True)
class CoverageRow:
    """One figure or table of the paper: what it shows, and how the course treats it."""

    item: str
    shows: str
    status: str  # "replicated", "quoted" or "not reproducible"
    where: str
    paper_values: str


def _rows() -> list[CoverageRow]:
    t1 = ", ".join(f"{k} {r.value:.4f}" for k, r in published.PAPINENI_TABLE_1.items())
    t2 = ", ".join(f"{system} {r.value:g}" for (_, system), r in published.PAPINENI_TABLE_2_T.items())
    f3 = ", ".join(f"{k} = {r.value:.3f}" for k, r in published.PAPINENI_FIGURE_3.items())
    r5, r6 = (r.value for r in published.PAPINENI_CORRELATIONS.values())
    corpus = "notebook 08, on the bundled teaching corpus"
    here = "this notebook, on WMT21 with MQM and DA"
    return [
        CoverageRow(item="Figure 1", shows="modified n-gram precision by order: a human against a machine "
                    "translation, 127 sentences, 4 references", status="replicated", where=corpus,
                    paper_values="no values printed; precision falls with n, human above machine"),
        CoverageRow(item="Figure 2", shows="precision by order for S1-S3, H1, H2 against 2 references",
                    status="replicated", where=corpus, paper_values="no values printed; H2 > H1 > S3 > S2 > S1 "
                    "at every order"),
        CoverageRow(item="Table 1", shows="BLEU of the five systems, 500 sentences, 2 references",
                    status="replicated", where=corpus + " (ranking; values quoted there)", paper_values=t1),
        CoverageRow(item="Table 2", shows="BLEU on 20 blocks of 25 sentences: mean, spread, paired t",
                    status="replicated", where=corpus + " (and notebook 10)", paper_values=f"t: {t2}"),
        CoverageRow(item="Figure 3", shows="monolingual judges: difference between neighbouring systems, 95% "
                    "interval", status="replicated", where=here + " (MQM, and BLEU beside it)",
                    paper_values=f"{f3} (5-point scale); H1 much better than S3, H2 a bit better than H1"),
        CoverageRow(item="Figure 4", shows="bilingual judges: the same differences", status="quoted",
                    where="its judges' ratings were never published, so only its words can be quoted; our "
                          "MQM raters are bilingual professionals, so Figure 3 here is its nearest analogue",
                    paper_values="no values in the text: S3 slightly better than S2 (95%); H1 and H2 not "
                                 "distinguishable at 95%"),
        CoverageRow(item="Figure 5", shows="monolingual judgments against BLEU, 5 systems, regression line",
                    status="replicated", where=here, paper_values=f"r = {r5}"),
        CoverageRow(item="Figure 6", shows="bilingual judgments against BLEU, 5 systems, regression line",
                    status="replicated", where=here, paper_values=f"r = {r6}"),
        CoverageRow(item="Figure 7", shows="BLEU and both groups' scores normalized by their range over the 5 "
                    "systems", status="replicated", where=here,
                    paper_values="no values printed; BLEU follows the monolingual group, gets the small S2-S3 "
                                 "and the large S3-H1 gaps right, a wide gap between machines and humans"),
    ]


def coverage() -> pd.DataFrame:
    """The paper's Figures 1-7 and Tables 1-2: replicated (where, on which data), quoted, or not reproducible."""
    import pandas as pd

    return pd.DataFrame([vars(r) for r in _rows()]).set_index("item")
