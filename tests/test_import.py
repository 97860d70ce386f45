"""Importing the package stays light: heavy libraries load only when a function needs them."""

import subprocess
import sys


def test_import_does_not_load_heavy_libraries():
    code = ("import sys, bleu_explain, bleu_explain.api; "
            "print(sorted(m for m in ('pandas', 'matplotlib', 'ipywidgets', 'sacrebleu', 'numpy', 'nltk') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_public_names_resolve():
    import bleu_explain as bx

    for name in bx.__all__:
        assert getattr(bx, name) is not None
