"""sacreBLEU's paired-test table: several systems, each tested against one baseline."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from ...engine.errors import BleuInputError
from ..resampling import DEFAULT_AR_TRIALS, DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_SEED
from .paired_bootstrap import paired_bootstrap
from .randomization import paired_approximate_randomization

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


def paired_tests_table(
    systems: "dict[str, Sequence[str]]",
    references: Sequence[Sequence[str]],
    *,
    baseline: Optional[str] = None,
    test: str = "bs",
    n_samples: Optional[int] = None,
    seed: Optional[int] = DEFAULT_SEED,
    preset: str = "sacrebleu",
    **settings,
) -> "pd.DataFrame":
    """sacreBLEU's paired-test table: every system against the baseline (the first system unless named).

    Columns: score, delta, p_value, significant, and (bs) mean and ci.
    """
    import pandas as pd

    if test not in ("bs", "ar"):
        raise BleuInputError(f"test must be 'bs' (paired bootstrap) or 'ar' (approximate randomization), got {test!r}")
    if not systems:
        raise BleuInputError("give at least two systems to compare")
    names = list(systems)
    base = names[0] if baseline is None else baseline
    if base not in systems:
        raise BleuInputError(f"no system named {base!r}; the systems are {names}")
    if len(names) < 2:
        raise BleuInputError("give at least two systems to compare")
    fn = paired_bootstrap if test == "bs" else paired_approximate_randomization
    n = n_samples or (DEFAULT_BOOTSTRAP_SAMPLES if test == "bs" else DEFAULT_AR_TRIALS)
    rows = []
    first = None
    for name in names:
        if name == base:
            continue
        r = fn(systems[base], systems[name], references, n_samples=n, seed=seed, preset=preset, **settings)
        if first is None:
            first = r
            rows.append({"system": base, "score": r.baseline_score, "delta": 0.0, "p_value": None,
                         "significant": None, "mean": r.baseline_mean, "ci": r.baseline_ci})
        rows.append({"system": name, "score": r.system_score, "delta": r.observed_delta, "p_value": r.p_value,
                     "significant": r.significant(), "mean": r.system_mean, "ci": r.system_ci})
    return pd.DataFrame(rows).set_index("system")
