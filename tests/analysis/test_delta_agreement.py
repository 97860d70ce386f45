"""How often people agree with a metric gap of Δ: the one-parameter curve, its fit and its bootstrap over systems."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from bleu_explain.analysis import delta_agreement as da
from bleu_explain.analysis import human as hx
from bleu_explain.engine.errors import BleuInputError


def test_the_curve_is_a_coin_at_no_gap_and_rises_with_the_gap():
    assert da.agreement_at(0.0, 1.5) == 0.5
    values = [da.agreement_at(g, 1.5) for g in (0.5, 1, 2, 4, 8)]
    assert all(a < b for a, b in zip(values, values[1:])) and values[-1] > 0.99
    assert da.agreement_at(-2.0, 1.5) == da.agreement_at(2.0, 1.5)  # a gap either way


def test_maximum_likelihood_recovers_the_scale_it_was_drawn_with():
    rng = np.random.default_rng(0)
    gaps = rng.uniform(0, 6, 4000)
    agree = rng.random(4000) < 1 / (1 + np.exp(-gaps / 1.7))
    assert da.fit_scale(gaps, agree) == pytest.approx(1.7, rel=0.1)
    assert da.fit_scale(np.array([1.0, 2.0]), np.array([True, True])) == pytest.approx(0.01)  # all agree


def test_the_curve_has_an_interval_from_a_bootstrap_over_systems():
    rng = np.random.default_rng(3)
    metric = {f"s{k}": float(k) + rng.normal(0, 0.3) for k in range(10)}
    human = {name: value + rng.normal(0, 1.5) for name, value in metric.items()}
    pairs = hx.pairwise_agreement(metric, human)
    curve = da.agreement_curve(pairs, gaps=(0.5, 1.0, 3.0), n_draws=200)
    assert list(curve.index) == [0.5, 1.0, 3.0] and curve.attrs["pairs"] == 45
    assert ((curve["low"] <= curve["agree"]) & (curve["agree"] <= curve["high"])).all()
    assert curve["agree"].iloc[0] == pytest.approx(da.agreement_at(0.5, curve.attrs["scale"]))
    assert math.isclose(curve.attrs["scale"], da.fit_scale(pairs["gap"].to_numpy(), pairs["agree"].to_numpy()))


def test_bad_input_is_named():
    with pytest.raises(BleuInputError, match="columns"):
        da.agreement_curve(pd.DataFrame({"gap": [1.0]}))
    with pytest.raises(BleuInputError, match="one gap"):
        da.fit_scale(np.array([]), np.array([], dtype=bool))
