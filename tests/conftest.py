"""Shared test helpers: an oracle-case counter reported at the end of the run."""

from __future__ import annotations

import os

import matplotlib

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")

ORACLE_CASES = {"sacrebleu": 0, "nltk": 0, "sacrebleu-cli": 0, "legacy-nltk": 0}


def count_oracle(tool: str, n: int = 1) -> None:
    """Record that one of our results was compared with a real tool's."""
    ORACLE_CASES[tool] = ORACLE_CASES.get(tool, 0) + n


def pytest_terminal_summary(terminalreporter):
    total = sum(ORACLE_CASES.values())
    if total:
        parts = ", ".join(f"{k}: {v}" for k, v in ORACLE_CASES.items() if v)
        terminalreporter.write_line(f"oracle comparisons against the real tools: {total} ({parts})")
