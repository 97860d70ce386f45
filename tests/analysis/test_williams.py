"""Williams' test for two dependent correlations sharing one variable, checked against an independent computation.

The independent route is Steiger's (1980, eq. 14) way of writing the same test: the determinant of the three
variables' correlation matrix taken by numpy's ``linalg.det``, the correlations by scipy's ``pearsonr`` and the
tail of t by scipy's ``t.cdf`` (the module writes the determinant out and uses ``t.sf``).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from bleu_explain.analysis.williams import williams_of_scores, williams_test
from bleu_explain.engine.errors import BleuInputError


def steiger_t(r1: float, r2: float, r12: float, n: int) -> tuple[float, float]:
    """Steiger (1980), eq. 14: Williams' t by the determinant |R| and the mean correlation; one-sided p."""
    det = np.linalg.det(np.array([[1.0, r12, r1], [r12, 1.0, r2], [r1, r2, 1.0]]))
    mean_r = (r1 + r2) / 2
    t = (r1 - r2) * math.sqrt(((n - 1) * (1 + r12)) / (2 * ((n - 1) / (n - 3)) * det + mean_r ** 2 * (1 - r12) ** 3))
    return t, 1 - stats.t.cdf(t, n - 3)


@pytest.mark.parametrize("r1, r2, r12, n", [(0.4, 0.5, 0.1, 103), (0.93, 0.85, 0.9, 8), (0.2, -0.3, 0.6, 23),
                                            (0.99, 0.96, 0.97, 5)])
def test_williams_t_and_p_agree_with_steigers_form(r1, r2, r12, n):
    result = williams_test(r1, r2, r12, n)
    t, p = steiger_t(r1, r2, r12, n)
    assert result.t == pytest.approx(t, rel=1e-9) and result.p_value == pytest.approx(p, rel=1e-9, abs=1e-12)
    assert result.degrees_of_freedom == n - 3


def test_the_two_one_sided_p_values_add_up_to_one():
    there, back = williams_test(0.8, 0.6, 0.7, 12), williams_test(0.6, 0.8, 0.7, 12)
    assert there.t == -back.t and there.p_value + back.p_value == pytest.approx(1.0)


def test_scores_give_the_correlations_scipy_computes():
    rng = np.random.default_rng(3)
    human = rng.normal(size=10)
    first, second = human + rng.normal(0, 0.3, 10), human + rng.normal(0, 1.0, 10)
    names = [f"s{i}" for i in range(10)]
    result = williams_of_scores(dict(zip(names, first)), dict(zip(names, second)), dict(zip(names, human)))
    expected = williams_test(stats.pearsonr(first, human)[0], stats.pearsonr(second, human)[0],
                             stats.pearsonr(first, second)[0], 10)
    assert result.t == pytest.approx(expected.t) and result.p_value == pytest.approx(expected.p_value)


@pytest.mark.parametrize("args, words", [((0.5, 0.4, 0.1, 3), "at least 4"), ((1.5, 0.4, 0.1, 10), "between -1 and 1"),
                                         ((0.9, -0.9, 0.9, 10), "negative determinant"),
                                         ((0.5, 0.5, 1.0, 10), "perfectly correlated")])
def test_impossible_input_is_refused_by_name(args, words):
    with pytest.raises(BleuInputError, match=words):
        williams_test(*args)


def test_scores_need_every_system_in_all_three():
    with pytest.raises(BleuInputError, match="no score for"):
        williams_of_scores({"a": 1.0}, {"a": 2.0}, {"a": 1.0, "b": 2.0}, systems=["a", "b"])


@pytest.mark.parametrize("r1, r2, r12, n", [(0.4, 0.5, 0.1, 103), (0.93, 0.85, 0.9, 8), (0.708, 0.756, 0.967, 8)])
def test_the_two_sided_p_is_twice_the_smaller_one_sided_p_whichever_way_round(r1, r2, r12, n):
    there, back = williams_test(r1, r2, r12, n), williams_test(r2, r1, r12, n)
    assert there.p_value + back.p_value == pytest.approx(1.0)  # asking both ways at 0.05 is a test at 0.10
    assert there.two_sided_p == pytest.approx(back.two_sided_p)
    assert there.two_sided_p == pytest.approx(2 * stats.t.sf(abs(there.t), n - 3))
