"""WMT21's system-level figures, bundled: each translation's BLEU, chrF, MQM and DA, with nothing downloaded.

The full WMT21 data (:mod:`bleu_explain.data.wmt21`, about 16 MB) are fetched on request; this small table
ships with the package, so that notebook 10 and the 90-minute lecture can show BLEU against people without
them. One row per translation with a text and a human score, of WMT21 newstest2021 Chinese-English and
English-German: the machine systems, and the human translations read as systems (en-de's ``ref-C`` and
``ref-D``), each scored against reference A:

* ``BLEU``: sacreBLEU's defaults, computed by this package's engine;
* ``chrF``: sacreBLEU's ``CHRF()``;
* ``MQM``: the experts' MQM, the mean over the rated segments (0 is perfect, more negative is worse);
* ``DA (z)``, ``DA (raw)``: WMT's crowd direct assessment as published (zh-en only; empty for en-de).

``scripts/derive_system_figures.py`` computed it from the full data; the file's header (:func:`figures_provenance`)
names every file it read with its origin and sha256, the versions of bleu-explain and sacreBLEU that computed it,
and the licence. Where the data are, a test recomputes it and asserts it is equal.

>>> t = load_system_figures("en-de")
>>> t.loc[["ref-C", "ref-D"], "human translation"].tolist(), list(t.columns)
([True, True], ['human translation', 'BLEU', 'chrF', 'MQM', 'DA (z)', 'DA (raw)'])
>>> "sha256" in figures_provenance()["file en-de/human/mqm.seg.tsv"]
True
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["COLUMNS", "FIGURES_PATH", "KINDS", "figures_provenance", "load_system_figures", "read_figures"]

#: The bundled file (package data).
FIGURES_PATH = Path(__file__).resolve().parent / "wmt21_system_figures.tsv"
#: The reference every translation is scored against (the one notebook 10 uses).
REFERENCE = "A"
#: Kinds of human score (as :class:`~bleu_explain.data.judgments.HumanJudgedTestSet` names them) -> column.
KINDS = {"mqm": "MQM", "da": "DA (z)", "da_raw": "DA (raw)"}
#: The columns after ``pair`` and ``system``.
COLUMNS = ("human translation", "BLEU", "chrF", *KINDS.values())
_PAIRS = ("zh-en", "en-de")


def provenance_header(path: Path, what: str = "figures") -> dict[str, str]:
    """A bundled table's header: its ``# key: value`` lines before the first row (what, how, every file read with
    its sha256, the licence); ``what`` names the table in the one-line error when the file cannot be read."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise BleuInputError(f"cannot read the bundled {what} {path}: {exc}") from None
    out = {}
    for line in lines:
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].strip().partition(": ")
        if not sep:
            raise BleuInputError(f"{path}: a header line is not '# key: value': {line!r}")
        out[key] = value
    return out


def figures_provenance(path: Path = FIGURES_PATH) -> dict[str, str]:
    """The figures' header (:func:`provenance_header`)."""
    return provenance_header(path)


def read_figures(path: Path = FIGURES_PATH) -> pd.DataFrame:
    """The table as stored: one row per (pair, system), columns ``pair``, ``system`` and :data:`COLUMNS`."""
    import pandas as pd

    table = pd.read_csv(path, sep="\t", comment="#", float_precision="round_trip",
                        dtype={"pair": str, "system": str, "human translation": bool})
    expected = ["pair", "system", *COLUMNS]
    if list(table.columns) != expected:
        raise BleuInputError(f"{path}: expected the columns {expected}, got {list(table.columns)}")
    if table.empty or table[["pair", "system"]].duplicated().any():
        raise BleuInputError(f"{path}: expected one row per pair and system")
    return table


def load_system_figures(pair: Optional[str] = None, *, path: Path = FIGURES_PATH) -> pd.DataFrame:
    """The bundled figures, indexed by (pair, system); or, given ``pair`` ("zh-en" or "en-de"), by system."""
    if pair is not None and pair not in _PAIRS:
        raise BleuInputError(f"the bundled figures are of {list(_PAIRS)}; got {pair!r}")
    table = read_figures(path).set_index(["pair", "system"])
    return table if pair is None else table.loc[pair]
