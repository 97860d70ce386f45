"""Small tables that set computed numbers beside the ones a source states."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation


def beside_paper(results: Mapping[str, SentenceExplanation | CorpusExplanation],
                 stated: Mapping[str, Sequence[str]]) -> pd.DataFrame:
    """The fractions a source states next to the ones computed: one row per (name, order).

    ``stated`` maps a result's name to the fractions the source gives for
    orders 1, 2, ... (as typed in the source, e.g. ``["17/18", "10/17"]``).

    >>> from bleu_explain import explain
    >>> from bleu_explain.data import examples
    >>> r = explain(examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_2_REFERENCES, preset="paper")
    >>> beside_paper({"Example 2": r}, {"Example 2": ["2/7"]}).values.tolist()
    [['Example 2', 1, '2/7', '2/7', True]]
    """
    import pandas as pd

    rows = []
    for name, fractions in stated.items():
        if name not in results:
            raise BleuInputError(f"no result named {name!r}; have {list(results)}")
        for n, text in enumerate(fractions, 1):
            computed = results[name].fraction(n)
            rows.append({"example": name, "order": n, "stated": text, "computed": computed,
                         "agree": text.replace(" ", "") == computed})
    return pd.DataFrame(rows, columns=["example", "order", "stated", "computed", "agree"])
