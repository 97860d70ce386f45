"""Shared test helpers: an oracle-case counter reported at the end of the run, and CI's skip policy."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import matplotlib
import pytest
from hypothesis import settings
from skip_policy import allowed_in_ci

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")

# make test-fast passes --hypothesis-profile=fast: every property runs a fifth of its examples
# (see strategies.examples); the default profile, which make test and CI use, runs them all.
settings.register_profile("fast", max_examples=20)

ORACLE_CASES = {"sacrebleu": 0, "nltk": 0, "sacrebleu-cli": 0, "legacy-nltk": 0}


def count_oracle(tool: str, n: int = 1) -> None:
    """Record that one of our results was compared with a real tool's."""
    ORACLE_CASES[tool] = ORACLE_CASES.get(tool, 0) + n


def pytest_terminal_summary(terminalreporter):
    total = sum(ORACLE_CASES.values())
    if total:
        parts = ", ".join(f"{k}: {v}" for k, v in ORACLE_CASES.items() if v)
        terminalreporter.write_line(f"oracle comparisons against the real tools: {total} ({parts})")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI=true, a skip whose reason is not in skip_policy.ALLOWED_IN_CI fails, saying so."""
    outcome = yield
    report = outcome.get_result()
    if not report.skipped or os.environ.get("CI", "").lower() not in ("true", "1") or hasattr(report, "wasxfail"):
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    if not allowed_in_ci(reason):
        report.outcome = "failed"
        report.longrepr = (f"skipped under CI for a reason that tests/skip_policy.py does not accept: {reason}\n"
                           "Install what the test needs in .ci/run or the Makefile, or fix the test.")


def wmt21_folder() -> Optional[Path]:
    """The WMT21 test sets with human judgments, if this machine has them.

    ``BLEU_EXPLAIN_DATA`` names the folder (CI sets it); without it, a
    ``shared/data/wmt21`` folder beside the checkout is used when present.
    """
    env = os.environ.get("BLEU_EXPLAIN_DATA")
    folder = Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "data" / "wmt21"
    return folder if (folder / "en-de").is_dir() else None


def pytest_configure(config):
    # The notebooks on real data run in kernels of their own: tell them where the data is.
    folder = wmt21_folder()
    if folder is not None:
        os.environ.setdefault("BLEU_EXPLAIN_DATA", str(folder))


#: Notebooks that need the WMT21 data (python -m bleu_explain.data fetch wmt21) to run.
DATA_NOTEBOOKS = ("10_agreement_of_systems", "11_agreement_of_segments")


def notebook_params(stems):
    """Notebook stems as test parameters; those computed from the WMT21 data are marked slow."""
    import pytest

    return [pytest.param(stem, marks=pytest.mark.slow) if stem in DATA_NOTEBOOKS else stem for stem in stems]


def pytest_collection_modifyitems(config, items):
    import pytest

    # nbval skips a cell tagged nbval-skip with no reason: say why. The course tags only the cells that score the
    # reader's own files, named by an environment variable, so that what they show is not the notebook's.
    for item in items:
        if getattr(item, "options", {}).get("skip") and "nbval-skip" in item.cell.metadata.get("tags", ()):
            item.add_marker(pytest.mark.skip(
                reason=f"{Path(str(item.fspath)).stem}, cell {item.cell_num}: tagged nbval-skip, since it shows the "
                       "reader's own files (named by an environment variable): no output of the notebook to compare"))
    if wmt21_folder() is not None:
        return
    skip = pytest.mark.skip(reason="needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` "
                                   "and set BLEU_EXPLAIN_DATA to the folder it prints")
    for item in items:
        if any(name in str(item.fspath) for name in DATA_NOTEBOOKS) \
                and str(item.fspath).endswith(".ipynb"):
            item.add_marker(skip)


@pytest.fixture
def fresh_tokenizers():
    """Tokenizer objects are made once per process: make them again in this test (and after it)."""
    from bleu_explain.engine.tokenize import make_tokenizer
    from bleu_explain.engine.tokenizers import get_tokenizer

    get_tokenizer.cache_clear()
    make_tokenizer.cache_clear()
    yield
    get_tokenizer.cache_clear()
    make_tokenizer.cache_clear()
