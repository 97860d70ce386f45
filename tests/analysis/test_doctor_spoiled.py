"""Spoilings at random places and strengths (seeded), on the shared WMT21 en-de and zh-en systems.

The spoilers are scripts/doctor_trial.py's own (the trial runs them on more languages): a line lost and a blank
appended, lines lost, a line inserted, every k-th line doubled, blocks swapped, references of other documents,
untranslated lines (with and without --source), lowercased and capital output, model markers, loops, cuts and
compound splitting. Each must be named with its code, and its "score without" must be within 0.5 BLEU of the
right repair (the clean files with exactly the spoiling undone) scored by sacreBLEU itself; where no file can
repair it, no score without is given.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from conftest import wmt21_folder

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def trial_module():
    spec = importlib.util.spec_from_file_location("doctor_trial", ROOT / "scripts" / "doctor_trial.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["doctor_trial"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@lru_cache(maxsize=None)
def pairs(empty: str):
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("the WMT21 data are not here: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    return {p.name.split()[0]: p for p in trial_module().pairs_in(Path(empty), folder)}


def spoiled_rows(tmp_path_factory, pair_name: str, seed: int):
    trial = trial_module()
    found = pairs(str(tmp_path_factory.getbasetemp()))
    pair, other = found[pair_name], None
    rng = random.Random(seed)
    system = rng.choice(sorted(pair.systems))
    tokenize = "zh" if pair.target == "zh" else "13a"
    return system, trial.trial(pair, system, pair.systems[system], rng, other, tokenize)


def failures(rows) -> list[str]:
    return [f"{r.system} {r.spoiling}: wanted {r.code}, named {r.found}, without {r.without}, right {r.right}"
            for r in rows if not r.ok]


@pytest.mark.parametrize("pair_name, seed", [("en-de", 1), ("zh-en", 2)])
def test_every_spoiling_is_named_and_repaired(tmp_path_factory, pair_name, seed):
    system, rows = spoiled_rows(tmp_path_factory, pair_name, seed)
    assert len(rows) >= 13
    assert failures(rows) == []


@pytest.mark.slow
@pytest.mark.parametrize("pair_name, seed", [("en-de", s) for s in (11, 12, 13)] + [("zh-en", s) for s in (21, 22)])
def test_every_spoiling_is_named_and_repaired_at_more_places(tmp_path_factory, pair_name, seed):
    _, rows = spoiled_rows(tmp_path_factory, pair_name, seed)
    assert failures(rows) == []
