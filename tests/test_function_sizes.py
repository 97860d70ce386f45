"""No function of the package is over 60 lines (CONTRIBUTING: functions short enough to read at once).

A function that grows past it is split by what its parts do, not by a line budget; the test names each one
that is over, with its file and line, so that the split can be planned."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "bleu_explain"
MOST_LINES = 60


def long_functions(source: str, name: str) -> list[str]:
    """The functions and methods of ``source`` longer than MOST_LINES, each as 'name:line function (n lines)'."""
    found = []
    for node in ast.walk(ast.parse(source, filename=name)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MOST_LINES:
                found.append(f"{name}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_no_function_of_the_package_is_over_60_lines():
    over = [f for path in sorted(PACKAGE.rglob("*.py"))
            for f in long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))]
    assert not over, "split these by what their parts do:\n" + "\n".join(over)


def test_a_long_function_is_found():
    body = "\n".join(f"    x{k} = {k}" for k in range(MOST_LINES))
    assert long_functions(f"def grown():\n{body}\n", "planted.py") == ["planted.py:1 grown (61 lines)"]
    assert long_functions("def short():\n    return 1\n", "planted.py") == []
