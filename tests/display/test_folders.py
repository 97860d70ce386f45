"""Each folder of the display layer runs in one place, with one set of libraries (read from the code's imports).

* ``html/`` runs anywhere, the live page's Pyodide included: no plotting, widget, exporter or table library,
  and none of the other display folders; the modules it loads at import, all the way down, load none either.
* ``plots/`` is matplotlib's, ``widgets/`` ipywidgets' and IPython's, ``export/`` nbconvert's: no folder
  imports the libraries of two of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bleu_explain

PACKAGE = Path(bleu_explain.__file__).parent
DISPLAY = PACKAGE / "display"

#: The libraries that say where a folder runs.
RUNS_IN = {
    "plots": {"matplotlib", "PIL"},
    "widgets": {"ipywidgets", "IPython"},
    "export": {"nbconvert", "nbformat", "jinja2"},
}
#: What the live page's Python (Pyodide core) must never need.
NOT_IN_THE_BROWSER = {"matplotlib", "PIL", "ipywidgets", "IPython", "nbconvert", "nbformat", "jinja2", "pandas",
                      "numpy", "scipy", "sacrebleu", "regex", "tqdm", "pooch"}


def imported(path: Path, *, top_level_only: bool = False) -> set[str]:
    """Every module a file imports, absolute (relative imports resolved against the package), anywhere in the
    file or, with ``top_level_only``, outside functions (what importing the file loads)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(PACKAGE.parent).parent.parts)
    nodes = ast.walk(tree) if not top_level_only else _outside_functions(tree)
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
                found.add(module)
                if not node.module:
                    found.update(f"{module}.{alias.name}" for alias in node.names)
            else:
                found.add(node.module or "")
    return found


def _outside_functions(tree: ast.AST):
    """The nodes of ``tree`` that run when the module is imported (not under a def, nor under TYPE_CHECKING)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def package_files(folder: Path) -> list[Path]:
    """The package's Python files in ``folder`` (not the npm assets' own scripts beside the handouts)."""
    return [path for path in folder.rglob("*.py") if "node_modules" not in path.parts]


def folder_imports(folder: Path) -> set[str]:
    return set().union(*(imported(path) for path in package_files(folder)))


def roots(modules: set[str]) -> set[str]:
    return {module.split(".")[0] for module in modules}


def test_the_display_layer_is_four_folders_and_nothing_else():
    assert sorted(p.name for p in DISPLAY.iterdir() if p.is_dir() and p.name != "__pycache__") == [
        "export", "html", "plots", "widgets"]
    assert [p.name for p in DISPLAY.glob("*.py")] == ["__init__.py"]


@pytest.mark.parametrize("folder", ["html", "plots", "widgets", "export"])
def test_no_folder_mixes_where_it_runs(folder):
    libraries = roots(folder_imports(DISPLAY / folder))
    runs_in = {place for place, names in RUNS_IN.items() if names & libraries}
    assert len(runs_in) <= 1, f"display/{folder} imports the libraries of {sorted(runs_in)}"
    assert runs_in <= {folder}, f"display/{folder} imports {sorted(RUNS_IN[next(iter(runs_in))] & libraries)}"


def test_the_html_folder_imports_no_heavy_library_and_no_other_display_folder():
    modules = folder_imports(DISPLAY / "html")
    assert not roots(modules) & NOT_IN_THE_BROWSER, sorted(roots(modules) & NOT_IN_THE_BROWSER)
    others = {m for m in modules if m.startswith("bleu_explain.display.") and not m.startswith("bleu_explain.display.html")}
    assert not others, sorted(others)


def test_what_the_live_page_loads_at_import_loads_no_heavy_library():
    """From display/html/live.py down through the package: every module the html folder imports (in functions
    too: the page renders with all of them), and what each of those loads at import, all the way down."""
    seen: set[str] = set()
    queue = ["bleu_explain.display.html.live", "bleu_explain.display.html.live_doctor"]  # (the Diagnose panel's)
    heavy: dict[str, set[str]] = {}
    while queue:
        name = queue.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")[1:]
        path = PACKAGE.joinpath(*parts).with_suffix(".py")
        if not path.exists():
            path = PACKAGE.joinpath(*parts, "__init__.py")
        if not path.exists():
            continue  # a name imported from a module, not a module
        modules = imported(path, top_level_only=not name.startswith("bleu_explain.display.html"))
        if roots(modules) & NOT_IN_THE_BROWSER:
            heavy[name] = roots(modules) & NOT_IN_THE_BROWSER
        queue += [m for m in modules if m.startswith("bleu_explain")]
        # importing a.b.c runs a/__init__.py and a/b/__init__.py too
        queue += [".".join(name.split(".")[:i]) for i in range(1, len(name.split(".")))]
    assert "bleu_explain.engine.statistics" in seen  # the walk reached the engine
    assert "bleu_explain.analysis.doctor.search" in seen  # and the doctor
    assert not heavy, heavy
