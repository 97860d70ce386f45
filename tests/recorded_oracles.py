"""The recorded outputs of the real tools (tests/oracles/, written by scripts/record_oracles.py).

Each recording holds the tool's versions, the Python version and one run per case and setting; the cases are
in ``cases.json.gz`` (generated ones in full, the WMT21 ones by file name, line range and sha256, read from
``BLEU_EXPLAIN_DATA`` when a test needs them). A test compares a preset with the live tool where this machine
has it and with the recording otherwise, so that a machine without the tool still checks every case.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

import pytest
from conftest import wmt21_folder

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path(__file__).resolve().parent / "oracles"


@lru_cache(maxsize=None)
def _sources():
    """scripts/oracles/sources.py, the one reader of the WMT21 cases the recorder used too."""
    spec = importlib.util.spec_from_file_location("recorded_oracle_sources", ROOT / "scripts" / "oracles" / "sources.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def _load(name: str) -> dict:
    with gzip.open(FOLDER / name, "rt", encoding="utf-8") as f:
        return json.load(f)


@lru_cache(maxsize=None)
def cases() -> dict[str, dict]:
    return {case["id"]: case for case in _load("cases.json.gz")["cases"]}


@lru_cache(maxsize=None)
def recording(tool: str) -> dict:
    """A tool's recording: ``versions``, ``python`` and ``records`` (``case``, ``settings``, ``output``)."""
    return _load(f"{tool}.json.gz")


@lru_cache(maxsize=None)
def runs_by_case(tool: str) -> dict[str, list[dict]]:
    grouped = defaultdict(list)
    for run in recording(tool)["records"]:
        grouped[run["case"]].append(run)
    return dict(grouped)


def case_text(case_id: str) -> tuple[list[str], list[list[str]]]:
    """(hypotheses, segment-major references) of a case; a WMT21 case is read from the data (skips without)."""
    case = cases()[case_id]
    if "source" not in case:
        return case["hyps"], case["refs"]
    return _wmt21_text(case_id)


@lru_cache(maxsize=64)
def _wmt21_text(case_id: str) -> tuple[list[str], list[list[str]]]:
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    return _sources().read_source(cases()[case_id]["source"], folder)


def recorded_runs(tool: str, keep: Callable[[str], bool]) -> Iterator[tuple[list[str], list[list[str]], dict, dict]]:
    """(hypotheses, references, settings, output) of every recorded run of ``tool`` on the cases ``keep`` takes."""
    for case_id, runs in runs_by_case(tool).items():
        if keep(case_id):
            hyps, refs = case_text(case_id)
            for run in runs:
                yield hyps, refs, run["settings"], run["output"]


def case_ids(prefix: str) -> list[str]:
    return [case_id for case_id in cases() if case_id.startswith(prefix)]


def generated(first: int, last: int) -> Callable[[str], bool]:
    """The generated cases gen-<first>..gen-<last> (see scripts/oracles/cases.py for what each range holds)."""
    return lambda case_id: case_id.startswith("gen-") and first <= int(case_id[4:]) <= last


@lru_cache(maxsize=None)
def recorder(name: str):
    """A recorder module of scripts/oracles/, so that a live check runs the tool exactly as it was recorded."""
    spec = importlib.util.spec_from_file_location(f"recorder_{name}", ROOT / "scripts" / "oracles" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


#: Each recording's recorder module in scripts/oracles/ (its versions() says what is installed now).
RECORDERS = {"hf-evaluate": "hf_evaluate", "torchmetrics": "torchmetrics_bleu", "mecab": "mecab",
             "sentencepiece": "sentencepiece_spm"}


def recording_holds(tool: str, recorded: dict, live: dict, same: Callable[[dict, dict], bool] | None = None) -> None:
    """The recording of one run against the installed tool's output for it: a recording that a newer tool no
    longer gives fails here, named as the tool's change (and not as ours), with both sets of versions and the
    command that records it again. ``same`` compares (equality unless given)."""
    if (same or (lambda a, b: a == b))(recorded, live):
        return
    try:
        installed: object = recorder(RECORDERS[tool]).versions()
    except ImportError as exc:  # pragma: no cover - the tool ran, so its versions are there
        installed = f"unknown ({exc})"
    pytest.fail(f"the installed {tool} no longer gives what was recorded:\n  recorded {recorded}\n  now      {live}\n"
                f"recorded with {recording(tool)['versions']}, installed {installed}; if the new output is right, "
                f"record again: python scripts/record_oracles.py --only {tool} (see CONTRIBUTING.md, Tests)")
