"""The precisions a source states for its worked examples, beside the ones the engine computes.

>>> from bleu_explain import explain
>>> from bleu_explain.data import examples
>>> r = explain(examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_2_REFERENCES, preset="paper", max_order=2)
>>> beside_stated({"Example 2": r})[["precision", "stated", "computed", "agree"]].values.tolist()
[['plain p1', '7/7', '7/7', True], ['modified p1', '2/7', '2/7', True], ['modified p2', '0', '0/6', True]]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..data.published_examples import STATED_PRECISIONS, StatedPrecision
from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation, SentenceExplanation


def beside_stated(results: Mapping[str, SentenceExplanation | CorpusExplanation],
                  stated: Iterable[StatedPrecision] = STATED_PRECISIONS) -> pd.DataFrame:
    """One row per stated precision of the examples in ``results`` (keyed by example name): stated, computed, agree.

    The two agree when they are the same number ("0" and "0/6" do; "0/0" is no number and agrees with none);
    an order the result did not compute is refused by its ``fraction``.
    """
    import pandas as pd

    rows = []
    for s in stated:
        if s.example not in results:
            continue
        computed = results[s.example].fraction(s.order, plain=s.plain)
        total = int(computed.split("/")[1])
        rows.append({"example": s.example, "precision": f"{'plain' if s.plain else 'modified'} p{s.order}",
                     "stated": s.text, "source": s.source, "computed": computed,
                     "agree": total > 0 and Fraction(computed) == s.value})
    if not rows:
        raise BleuInputError(f"no stated precision for {sorted(results)}; the sources state some for "
                             f"{sorted({s.example for s in STATED_PRECISIONS})}")
    return pd.DataFrame(rows)
