"""beside_stated: a source's fractions beside the engine's, agreeing by value."""

from __future__ import annotations

import pytest

import bleu_explain as bx
from bleu_explain.analysis.stated import beside_stated
from bleu_explain.data import examples
from bleu_explain.data.published_examples import PAPINENI_2002, StatedPrecision
from bleu_explain.engine.errors import BleuInputError


def test_a_different_normalisation_disagrees_with_the_paper():
    r = bx.explain(examples.EXAMPLE_2_CANDIDATE, list(examples.EXAMPLE_2_REFERENCES), preset="paper",
                   lowercase=False, max_order=2)
    table = beside_stated({"Example 2": r}).set_index("precision")
    assert table.loc["modified p1", ["stated", "computed", "agree"]].tolist() == ["2/7", "1/7", False]
    assert table.loc["modified p2", "agree"]  # "0" and "0/6" are the same number


def test_a_zero_total_agrees_with_nothing_and_an_unknown_example_is_refused():
    r = bx.explain("x", ["x"], preset="paper", max_order=2)  # no bigrams: 0/0
    zero = StatedPrecision(example="x", order=2, text="0", work=PAPINENI_2002, where="nowhere")
    assert beside_stated({"x": r}, [zero])["agree"].tolist() == [False]
    with pytest.raises(BleuInputError, match="no stated precision"):
        beside_stated({"Example 9": r})
