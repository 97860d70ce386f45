"""The static handouts: one command exports the course; highlighting and figures are in the pages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.notebooks  # exports every notebook

ROOT = Path(__file__).resolve().parent.parent


def test_export_contains_highlighting_and_figures(tmp_path):
    out = tmp_path / "handouts"
    run = subprocess.run([sys.executable, "-m", "bleu_explain.display.handouts", str(ROOT / "notebooks"), str(out)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks, "the course has notebooks"
    index = (out / "index.html").read_text(encoding="utf-8")
    pages = {stem: (out / f"{stem}.html").read_text(encoding="utf-8") for stem in notebooks}
    for stem in notebooks:
        assert f"{stem}.html" in index
    # the highlighting is HTML that needs no kernel or JavaScript
    assert sum('class="bleu-explain"' in html for html in pages.values()) >= 4
    assert "<script>alert" not in "".join(pages.values())
    # figures are inlined PNGs
    assert sum("data:image/png;base64," in html for html in pages.values()) >= 6
    for stem in ("02_modified_precision", "04_brevity_penalty"):
        assert 'class="bleu-explain"' in pages[stem]
        assert "data:image/png;base64," in pages[stem]


def test_export_reports_a_missing_folder(tmp_path):
    run = subprocess.run([sys.executable, "-m", "bleu_explain.display.handouts", str(tmp_path / "nowhere"), str(tmp_path / "o")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "no notebooks found" in run.stderr
