"""The bundled measurement of the paired tests: the loader (no data needed), its provenance, and, where the WMT21
data are, its first pairs recomputed by scripts/derive_calibration_figures.py equal the bundled rows."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import wmt21_folder

from bleu_explain.analysis.significance import claims
from bleu_explain.data.calibration_figures import (
    CALIBRATION_PATH,
    COLUMNS,
    TESTS,
    calibration_figures,
    read_calibration,
)
from bleu_explain.data.manifest import files_for
from bleu_explain.engine.errors import BleuInputError

ROOT = Path(__file__).resolve().parents[2]


def derive_script():
    spec = importlib.util.spec_from_file_location("derive_calibration_figures",
                                                  ROOT / "scripts" / "derive_calibration_figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- no data needed
def test_the_bundle_turns_counts_into_p_values_as_sacrebleu_does():
    figures, stored = calibration_figures(), read_calibration()
    null = stored[stored["experiment"] == "null"].sort_values("pair")
    resamples, trials = figures.settings["resamples"], figures.settings["trials"]
    assert np.array_equal(figures.null_p_values["bs"], (null["bs"].to_numpy() + 1) / (resamples + 1))
    assert np.array_equal(figures.null_p_values["ar"], (null["ar"].to_numpy() + 1) / (trials + 1))
    for test in TESTS:
        p = figures.null_p_values[test]
        assert ((p > 0) & (p <= 1)).all() and ((figures.power[test] > 0) & (figures.power[test] <= 1)).all()
    assert list(stored.columns) == list(COLUMNS) and figures.tests == TESTS


def test_the_header_names_its_settings_and_every_file_read_with_its_checksum():
    figures = calibration_figures()
    settings = claims.NULL_SETTINGS
    assert figures.systems == settings.systems and figures.provenance["pair"] == settings.pair
    assert figures.settings["null pairs"] == settings.n_pairs and figures.settings["null seed"] == settings.seed
    assert figures.settings["power pairs per point"] == claims.POWER_SETTINGS.n_pairs
    assert figures.settings["power null pairs per size"] == claims.POWER_NULL_PAIRS
    assert figures.provenance["power tilts"].split() == [f"{t:g}" for t in claims.POWER_TILTS]
    manifest = {f.file: f for f in files_for("wmt21")}
    read = {key[len("file "):]: value for key, value in figures.provenance.items() if key.startswith("file ")}
    assert set(read) == {"en-de/ref.A.de", "en-de/sys/Online-B.de", "en-de/sys/Facebook-AI.de"}
    for name, value in read.items():
        assert re.search(r"sha256 ([0-9a-f]{64})$", value).group(1) == manifest[name].sha256
    assert "sacrebleu" in figures.provenance["versions"] and "scripts/derive_calibration_figures.py" in \
        figures.provenance["computed by"]


def test_a_damaged_bundle_is_refused_with_a_sentence(tmp_path):
    text = CALIBRATION_PATH.read_text(encoding="utf-8")
    short = tmp_path / "short.tsv"
    short.write_text(text.replace("# null pairs: ", "# null pairs: 7"), encoding="utf-8")
    with pytest.raises(BleuInputError, match="equally good pairs"):
        calibration_figures(short)
    wrong = tmp_path / "wrong.tsv"
    wrong.write_text(text.replace("experiment\tsegments", "kind\tsegments"), encoding="utf-8")
    with pytest.raises(BleuInputError, match="expected the columns"):
        calibration_figures(wrong)
    with pytest.raises(BleuInputError, match="cannot read"):
        calibration_figures(tmp_path / "missing.tsv")


# --------------------------------------------------------------------------- with the data
@pytest.mark.slow
def test_the_first_pairs_of_each_experiment_are_what_the_data_give():
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    derived = derive_script().derive(folder, null_pairs=6, power_pairs=2)
    stored = read_calibration()
    keys = ["experiment", "segments", "tilt", "pair"]
    bundled = derived[keys].merge(stored, on=keys, how="left")
    assert len(bundled) == len(derived) and not bundled.isna().any().any()
    pd.testing.assert_frame_equal(bundled[list(TESTS)], derived[list(TESTS)], check_dtype=False)
    assert np.allclose(bundled["delta"], derived["delta"], rtol=0, atol=1e-6)
