"""Many tests at once: the expected number of false separations, and Holm's adjusted p-values by their definition."""

from __future__ import annotations

import numpy as np
import pytest

from bleu_explain.analysis.multiplicity import expected_false_positives, holm
from bleu_explain.engine.errors import BleuInputError


def holm_by_definition(p, level):
    """Holm's step-down procedure as stated: reject in order while p_(k) <= level / (m - k + 1)."""
    order = np.argsort(p, kind="stable")
    rejected = np.zeros(len(p), dtype=bool)
    for k, index in enumerate(order):
        if p[index] > level / (len(p) - k):
            break
        rejected[index] = True
    return rejected


@pytest.mark.parametrize("seed", range(5))
def test_an_adjusted_p_below_the_level_is_a_rejection_of_holms_procedure(seed):
    rng = np.random.default_rng(seed)
    p = np.concatenate([rng.uniform(0, 0.01, 5), rng.uniform(0, 1, 40)])
    adjusted = np.array(holm(p))
    for level in (0.01, 0.05, 0.1):
        assert np.array_equal(adjusted <= level, holm_by_definition(p, level))
    assert (adjusted >= p).all() and (adjusted <= 1).all()


def test_expected_false_positives_and_bad_input():
    assert expected_false_positives(253, 0.05) == pytest.approx(12.65)
    assert expected_false_positives(0) == 0.0
    with pytest.raises(BleuInputError):
        expected_false_positives(-1)
    with pytest.raises(BleuInputError):
        holm([0.5, 1.5])
