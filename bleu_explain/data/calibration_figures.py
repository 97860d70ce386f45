"""The paired tests measured on WMT21, bundled: every pair's p-values, so that the picture needs no download.

Notebook 08 asks whether sacreBLEU's paired tests can be trusted, and answers by measuring them on pairs of real
English-German systems made equally good (a fair coin per segment) and on pairs with a known difference (the coin
tilted). The measurement reads the WMT21 data and takes many minutes; ``scripts/derive_calibration_figures.py`` ran
it once and wrote this small table, which ships with the package. One row per pair:

* ``experiment``: ``null`` (pairs of equally good systems on the whole test set) or ``power`` (pairs on
  ``segments`` segments drawn from it, the coin tilted by ``tilt`` towards the better system; tilt 0: equally good);
* ``pair``: the pair's number within its experiment and point; ``delta``: its observed BLEU difference (Y - X),
  rounded to six decimals;
* ``bs``, ``ar``, ``bs-centred``: how many resamples (trials) went beyond the observed statistic, for sacreBLEU's
  paired bootstrap, approximate randomization and the bootstrap centred on the mean difference. A test's p-value
  is (count + 1) / (samples + 1), as sacreBLEU computes it.

The header (:func:`CalibrationFigures.provenance`) names the files read with their sha256, the settings, the
seeds and the versions that computed it. Where the data are, a test recomputes the first pairs of each experiment
and asserts they equal these rows; the script's ``--check`` recomputes all of them.

>>> figures = calibration_figures()
>>> figures.tests, figures.null_p_values["ar"].shape == figures.null_deltas.shape
(('bs', 'ar', 'bs-centred'), True)
>>> sorted(set(figures.power["tilt"]))[0], figures.systems
(0.0, ('Online-B', 'Facebook-AI'))
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import BleuInputError
from .system_figures import provenance_header

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import pandas as pd

__all__ = ["CALIBRATION_PATH", "COLUMNS", "TESTS", "CalibrationFigures", "calibration_figures", "read_calibration"]

#: The bundled file (package data).
CALIBRATION_PATH = Path(__file__).resolve().parent / "wmt21_calibration.tsv"
#: The tests measured, as the table's columns name them.
TESTS = ("bs", "ar", "bs-centred")
#: The table's columns.
COLUMNS = ("experiment", "segments", "tilt", "pair", "delta", *TESTS)
#: Header keys that hold whole numbers.
_NUMBERS = ("segments", "resamples", "trials", "null pairs", "null seed", "power pairs per point",
            "power null pairs per size", "power seed")


@dataclass(frozen=True)
class CalibrationFigures:
    """The bundled measurement: each test's p-values on the equally good pairs, and every power pair's p-values.

    ``null_p_values``: test -> one p per equally good pair of the whole test set (``null_deltas``: their BLEU
    differences); ``power``: one row per power pair (segments, tilt, pair, delta, and a p-value per test);
    ``settings``: the header's whole numbers (segments, resamples, trials, null pairs, null seed, power pairs per
    point, power null pairs per size (tilt 0), power seed); ``provenance``: the whole header.
    """

    systems: tuple[str, str]
    tests: tuple[str, ...]
    settings: dict[str, int]
    null_deltas: np.ndarray
    null_p_values: dict[str, np.ndarray]
    power: pd.DataFrame
    provenance: dict[str, str]


def _header(path: Path) -> dict[str, str]:
    return provenance_header(path, "calibration")


def read_calibration(path: Path = CALIBRATION_PATH) -> pd.DataFrame:
    """The rows as stored: the counts of resamples beyond the observed statistic, not yet p-values."""
    import pandas as pd

    try:
        table = pd.read_csv(path, sep="\t", comment="#", float_precision="round_trip", na_filter=False,
                            dtype={"experiment": str, "segments": int, "tilt": float, "pair": int, "delta": float,
                                   **{test: int for test in TESTS}})
    except (OSError, ValueError) as exc:
        raise BleuInputError(f"cannot read the bundled calibration {path}: {exc}") from None
    if tuple(table.columns) != COLUMNS:
        raise BleuInputError(f"{path}: expected the columns {list(COLUMNS)}, got {list(table.columns)}")
    if table.empty or not set(table["experiment"]) <= {"null", "power"}:
        raise BleuInputError(f"{path}: expected rows of the experiments 'null' and 'power'")
    return table


def calibration_figures(path: Path = CALIBRATION_PATH) -> CalibrationFigures:
    """The bundled measurement, its counts turned into p-values ((count + 1) / (samples + 1))."""
    provenance = _header(path)
    try:
        settings = {key: int(provenance[key]) for key in _NUMBERS}
        first, second = provenance["systems"].split(" vs ")
    except (KeyError, ValueError) as exc:
        raise BleuInputError(f"{path}: the header lacks a setting ({exc})") from None
    table = read_calibration(path)
    samples = {"bs": settings["resamples"], "bs-centred": settings["resamples"], "ar": settings["trials"]}
    p_values = table.assign(**{test: (table[test] + 1) / (samples[test] + 1) for test in TESTS})
    null = p_values[p_values["experiment"] == "null"].sort_values("pair")
    power = p_values[p_values["experiment"] == "power"].drop(columns="experiment").reset_index(drop=True)
    if len(null) != settings["null pairs"]:
        raise BleuInputError(f"{path}: the header says {settings['null pairs']} equally good pairs, the table has "
                             f"{len(null)}")
    return CalibrationFigures(systems=(first, second), tests=TESTS, settings=settings,
                             null_deltas=null["delta"].to_numpy(),
                             null_p_values={test: null[test].to_numpy() for test in TESTS}, power=power,
                             provenance=provenance)
