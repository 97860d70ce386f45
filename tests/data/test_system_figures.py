"""The bundled WMT21 system-level figures: the loader (no data needed), and, where the full data are, the table
recomputed by scripts/derive_system_figures.py equals the bundled one."""

from __future__ import annotations

import importlib.util
import math
import re
from pathlib import Path

import pandas as pd
import pytest
from conftest import wmt21_folder

from bleu_explain.data.manifest import files_for
from bleu_explain.data.system_figures import (
    COLUMNS,
    FIGURES_PATH,
    figures_provenance,
    load_system_figures,
    read_figures,
)
from bleu_explain.engine.errors import BleuInputError

ROOT = Path(__file__).resolve().parents[2]


def derive_script():
    spec = importlib.util.spec_from_file_location("derive_system_figures", ROOT / "scripts" / "derive_system_figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- no data needed
def test_the_bundle_has_every_judged_translation_of_both_pairs():
    t = load_system_figures()
    assert list(t.columns) == list(COLUMNS) and t.index.names == ["pair", "system"]
    de, zh = load_system_figures("en-de"), load_system_figures("zh-en")
    assert len(de) == 10 and len(zh) == 23 and len(t) == 33
    # en-de: the eight machine systems MQM judged and two human translations, scored against reference A
    assert sorted(de.index[de["human translation"]]) == ["ref-C", "ref-D"]
    assert de["MQM"].notna().all() and de[["DA (z)", "DA (raw)"]].isna().all().all()
    # zh-en: every machine system has DA, eight of them MQM; its human translation B has no text in this release
    assert not zh["human translation"].any() and zh["DA (z)"].notna().all() and zh["MQM"].notna().sum() == 8
    assert ((t["BLEU"] > 0) & (t["BLEU"] < 100) & (t["chrF"] > 0) & (t["chrF"] < 100)).all()
    assert (t["MQM"].dropna() <= 0).all()  # an error score: 0 is perfect


def test_the_humans_are_top_by_mqm_and_bottom_by_bleu():
    # the fact the lecture's block rests on, read straight off the bundle
    de = load_system_figures("en-de")
    humans = de[de["human translation"]]
    assert humans["MQM"].min() > de.loc[~de["human translation"], "MQM"].max()
    assert humans["BLEU"].max() < de.loc[~de["human translation"], "BLEU"].min()


def test_the_provenance_names_every_file_read_with_the_manifests_checksum():
    header = figures_provenance()
    files = {key.removeprefix("file "): value for key, value in header.items() if key.startswith("file ")}
    manifest = {f.file: f for pair in ("zh-en", "en-de") for f in files_for("wmt21", pair)}
    assert {"en-de/human/mqm.seg.tsv", "zh-en/human/da.sys.txt", "en-de/ref.A.de", "zh-en/ref.A.en",
            "en-de/sys/Facebook-AI.de"} <= set(files)
    for name, value in files.items():
        f = manifest[name]
        assert value == f"{f.repo}@{f.commit}:{f.path} sha256 {f.sha256}"
    # the human translations are read as systems, the sources not at all
    assert {"en-de/ref.C.de", "en-de/ref.D.de"} <= set(files) and not [f for f in files if "/src." in f]
    assert re.search(r"sacrebleu \d+\.\d+", header["chrF"]) and re.search(r"bleu-explain \d+\.", header["BLEU"])
    assert "Apache-2.0" in header["licence"] and "wmt-mqm-human-evaluation" in header["licence"]


def test_a_wrong_pair_or_a_damaged_file_is_a_clear_error(tmp_path):
    with pytest.raises(BleuInputError, match="fr-en"):
        load_system_figures("fr-en")
    damaged = tmp_path / "figures.tsv"
    damaged.write_text(FIGURES_PATH.read_text(encoding="utf-8").replace("chrF\t", "chrf\t", 1), encoding="utf-8")
    with pytest.raises(BleuInputError, match="expected the columns"):
        read_figures(damaged)
    lines = FIGURES_PATH.read_text(encoding="utf-8").splitlines()
    (tmp_path / "twice.tsv").write_text("\n".join(lines + lines[-1:]) + "\n", encoding="utf-8")
    with pytest.raises(BleuInputError, match="one row per pair and system"):
        read_figures(tmp_path / "twice.tsv")
    (tmp_path / "header.tsv").write_text("# no colon here\n" + "\n".join(lines), encoding="utf-8")
    with pytest.raises(BleuInputError, match="key: value"):
        figures_provenance(tmp_path / "header.tsv")


# --------------------------------------------------------------------------- with the full data
@pytest.fixture(scope="module")
def derived():
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    script = derive_script()
    return script, folder, script.derive(folder)


@pytest.mark.slow
def test_the_bundle_is_what_the_full_data_give(derived):
    script, folder, table = derived
    # The file keeps every float in full (repr); allow for a last-bit difference of another platform's libm.
    pd.testing.assert_frame_equal(read_figures(), table, check_exact=False, rtol=1e-12, atol=0)
    header = script.provenance(folder)
    assert {k: v for k, v in header.items() if k.startswith("file ")} == \
        {k: v for k, v in figures_provenance().items() if k.startswith("file ")}


@pytest.mark.slow
def test_the_bundled_bleu_and_chrf_are_sacrebleus(derived):
    from sacrebleu.metrics import BLEU, CHRF

    from bleu_explain.data.wmt21 import load_wmt21

    _, folder, _ = derived
    de, bundled = load_wmt21("en-de", data_dir=folder), load_system_figures("en-de")
    for system in ("VolcTrans-GLAT", "ref-C"):
        lines = de.translations("A")[system]
        assert math.isclose(BLEU().corpus_score(lines, [de.references["A"]]).score, bundled.loc[system, "BLEU"],
                            abs_tol=1e-9)
        assert CHRF().corpus_score(lines, [de.references["A"]]).score == bundled.loc[system, "chrF"]
