"""Hugging Face evaluate's ``bleu`` metric, from its metric files (tests never reach the Hugging Face Hub).

``BLEU_EXPLAIN_HF_BLEU`` names a folder with evaluate's ``metrics/bleu`` files (``bleu.py``,
``tokenizer_13a.py``) and tensorflow/nmt's ``nmt/scripts/bleu.py`` saved beside them as ``nmt_bleu.py``.
Each case runs with smoothing off and on and max_order 1-4; a case with one reference per segment also
runs with the references given as strings (evaluate's other input form).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import os
import sys
from pathlib import Path

TOOL = "hf-evaluate"
FILES = ("bleu.py", "tokenizer_13a.py", "nmt_bleu.py")
MODULE = "bleu_explain_oracle_hf_bleu"


def _folder() -> Path:
    named = os.environ.get("BLEU_EXPLAIN_HF_BLEU")
    if not named or not all((Path(named) / f).is_file() for f in FILES):
        raise ImportError("set BLEU_EXPLAIN_HF_BLEU to a folder with evaluate's bleu metric files "
                          f"({', '.join(FILES)}; see CONTRIBUTING.md, Tests)")
    return Path(named)


def versions() -> dict[str, str]:
    import evaluate  # noqa: F401  (ImportError: not installed)

    folder = _folder()
    found = {p: importlib.metadata.version(p) for p in ("evaluate", "datasets")}
    found.update({f: "sha256:" + hashlib.sha256((folder / f).read_bytes()).hexdigest() for f in FILES})
    return found


def _metric():
    if MODULE not in sys.modules:
        spec = importlib.util.spec_from_loader(MODULE, loader=None, is_package=True)
        package = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        package.__path__ = [str(_folder())]
        sys.modules[MODULE] = package
    return importlib.import_module(f"{MODULE}.bleu").Bleu(keep_in_memory=True)


def settings_for(case: dict) -> list[dict]:
    grid = [{"smooth": smooth, "max_order": n} for smooth in (False, True) for n in (1, 2, 3, 4)]
    if all(len(r) == 1 for r in case["refs"]):
        grid.append({"smooth": False, "max_order": 4, "references_as_strings": True})
    return grid


def run(metric, case: dict, settings: dict) -> dict:
    refs = [r[0] for r in case["refs"]] if settings.get("references_as_strings") else case["refs"]
    try:
        return metric.compute(predictions=case["hyps"], references=refs, smooth=settings["smooth"],
                              max_order=settings["max_order"])
    except ZeroDivisionError:  # an empty candidate or reference side
        return {"error": "ZeroDivisionError"}


def record(cases: list[dict]) -> list[dict]:
    metric = _metric()
    return [{"case": case["id"], "settings": s, "output": run(metric, case, s)}
            for case in cases for s in settings_for(case)]
