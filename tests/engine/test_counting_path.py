"""One counting path: outside the engine (and its public face, ``results.py`` and ``api.py``) nothing counts a
corpus itself. The engine's counting functions are neither imported nor reached as an attribute anywhere else in
the package; a corpus is counted by :class:`bleu_explain.engine.corpus.CorpusStatistics`. Read from the code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bleu_explain

PACKAGE = Path(bleu_explain.__file__).parent
#: The engine's counting functions: a module that calls them keeps a corpus's counts of its own.
COUNTING = {"count_segment", "reference_max_counts", "sum_statistics", "score_sums", "candidate_totals"}
#: Where they may be used: the engine, and the results and entry points it hands them to.
ALLOWED = {"engine", "results.py", "api.py"}


def outside_the_engine() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in ALLOWED
                  and "node_modules" not in p.parts)


def counting_names_used(path: Path) -> list[tuple[int, str]]:
    """(line, name) of every counting function a file imports or reaches as an attribute."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name in COUNTING]
        elif isinstance(node, ast.Attribute) and node.attr in COUNTING:
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.Name) and node.id in COUNTING:
            found.append((node.lineno, node.id))
    return found


def test_the_package_has_files_outside_the_engine_to_check():
    names = {p.relative_to(PACKAGE).as_posix() for p in outside_the_engine()}
    assert {"analysis/doctor/search.py", "display/html/live.py", "analysis/resampling.py"} <= names


@pytest.mark.parametrize("path", outside_the_engine(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_module_outside_the_engine_uses_its_counting_functions(path):
    assert counting_names_used(path) == [], (
        f"{path.relative_to(PACKAGE)} counts a corpus itself; use bleu_explain.engine.corpus.CorpusStatistics")


def test_the_check_finds_an_import_and_an_attribute(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from ..engine.statistics import score_sums, tokenizer_for\n"
                      "from ..engine import statistics\nx = statistics.sum_statistics\n", encoding="utf-8")
    assert counting_names_used(sample) == [(1, "score_sums"), (3, "sum_statistics")]

