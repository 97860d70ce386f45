"""What turns a course notebook into a handout page: titles, navigation, links, worksheets.

Nothing here imports the course: the exercises come in through ``ExerciseSource``, a function
from a notebook's name to its exercises (the command passes the checker's ``exercises_for``).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence
from urllib.parse import unquote


class ExerciseLike(Protocol):
    """What a handout reads of an exercise: its name, its prompt, and (for the answer key) its solution and how it
    is worked out (Markdown, written when called)."""

    @property
    def name(self) -> str: ...

    @property
    def prompt(self) -> str: ...

    @property
    def worked(self) -> Callable[[], str] | None: ...

    def solution(self) -> Any: ...

    def check(self, answer: Any) -> Any: ...


#: A notebook's exercises by its file stem, e.g. ``"02_modified_precision"``.
ExerciseSource = Callable[[str], Sequence[ExerciseLike]]

#: The raw cells the template writes out as they are (nbconvert's own raw HTML cells are sanitized).
WORKSHEET_MIMETYPE = "text/x-handout-worksheet"
#: Lines of writing space under each worksheet prompt.
RULED_LINES = 5


@dataclass(frozen=True)
class Page:
    """One notebook of the course and the page it becomes."""

    stem: str
    title: str
    notebook: Path

    @property
    def html_name(self) -> str:
        return f"{self.stem}.html"

    @property
    def pdf_name(self) -> str:
        return f"{self.stem}.pdf"


def notebook_title(path: Path) -> str:
    """The first Markdown heading of a notebook, or its file name."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem


def course_pages(source_dir: Path) -> list[Page]:
    """The course's notebooks in reading order (their numbered names sort that way)."""
    notebooks = sorted(source_dir.glob("*.ipynb"))
    if not notebooks:
        raise FileNotFoundError(f"no notebooks found in {source_dir}")
    return [Page(stem=p.stem, title=notebook_title(p), notebook=p) for p in notebooks]


# --------------------------------------------------------------------------- navigation
def nav_html(pages: Sequence[Page], index: int | None, where: str, live_url: str | None = None) -> str:
    """Previous / course map / next links; ``index`` is the page's position (None for a page outside the sequence).
    ``live_url``: where the live page is (the course's site), linked beside the course map."""
    def link(page: Page | None, cls: str, arrow_left: bool) -> str:
        if page is None:
            return f'<span class="{cls}"></span>'
        label = html.escape(page.title)
        text = f"&larr; {label}" if arrow_left else f"{label} &rarr;"
        rel = "prev" if arrow_left else "next"
        return f'<a class="{cls}" rel="{rel}" href="{html.escape(page.html_name)}">{text}</a>'

    prev_page = pages[index - 1] if index is not None and index > 0 else None
    next_page = pages[index + 1] if index is not None and index + 1 < len(pages) else None
    return (f'<nav class="handout-nav handout-nav-{where}" aria-label="course navigation">'
            + link(prev_page, "handout-nav-prev", True)
            + '<a class="handout-nav-index" rel="index" href="index.html">Course map</a>'
            + (f'<a class="handout-nav-live" href="{html.escape(live_url)}">Live BLEU</a>' if live_url else "")
            + link(next_page, "handout-nav-next", False) + "</nav>")


def live_links_script(live_url: str | None) -> str:
    """A script that puts a "Try this live" link under every highlighted sentence of a page (each carries the
    live page's address for it in ``data-live-query``), stored widget views included as they are drawn.
    Empty without a live page.

    >>> live_links_script(None)
    ''
    >>> '"../live.html"' in live_links_script("../live.html")
    True
    """
    if not live_url:
        return ""
    return ("<script>\n(function () {\n  var live = " + json.dumps(live_url) + ";\n"
            "  function link(el) {\n"
            "    if (el.getAttribute('data-live-linked')) return;\n"
            "    el.setAttribute('data-live-linked', '1');\n"
            "    var a = document.createElement('a');\n"
            "    a.className = 'try-live';\n"
            "    a.href = live + '?' + el.getAttribute('data-live-query');\n"
            "    a.textContent = 'Try this live \u2192';\n"
            "    el.insertAdjacentElement('afterend', a);\n"
            "  }\n"
            "  function scan() { document.querySelectorAll('[data-live-query]').forEach(link); }\n"
            "  scan();\n"
            "  new MutationObserver(scan).observe(document.body, {childList: true, subtree: true});\n"
            "})();\n</script>")


# --------------------------------------------------------------------------- links
HREF = re.compile(r'(\bhref=)(["\'])(?P<target>[^"\']*)\2')
#: A Markdown link to a Markdown file, e.g. ``[the references](../docs/references.md)``.
MARKDOWN_LINK = re.compile(r"\]\(([^)\s#]+\.md)(?:#[^)]*)?\)")


def rewrite_links(page_html: str, base: Path, targets: dict[Path, str]) -> str:
    """Point relative links at the handouts: a link to a file that has a page (a notebook, a linked document)
    now goes to that page. ``base`` is the folder the page's source sits in; ``targets`` maps resolved files
    to page names.

    >>> nb = Path("/course/notebooks/02_x.ipynb").resolve()
    >>> rewrite_links('<a href="02_x.ipynb#goals">', nb.parent, {nb: "02_x.html"})
    '<a href="02_x.html#goals">'
    >>> rewrite_links('<a href="../notebooks/02_x.ipynb">', Path("/course/docs"), {nb: "02_x.html"})
    '<a href="02_x.html">'
    >>> rewrite_links('<a href="https://example.org/a.ipynb">', nb.parent, {nb: "02_x.html"})
    '<a href="https://example.org/a.ipynb">'
    """
    def fix(match: re.Match[str]) -> str:
        path, hash_, anchor = match.group("target").partition("#")
        if not path or ":" in path or path.startswith("/"):
            return match.group(0)  # an anchor in the page, a web address, an absolute path
        page = targets.get((base / html.unescape(unquote(path))).resolve())
        if page is None:
            return match.group(0)
        return f"{match.group(1)}{match.group(2)}{page}{hash_}{anchor}{match.group(2)}"

    return HREF.sub(fix, page_html)


def markdown_sources(path: Path) -> str:
    """The Markdown of a notebook (its Markdown cells) or of a Markdown file."""
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c.get("source", "")) for c in nb.get("cells", []) if c.get("cell_type") == "markdown")


def linked_documents(notebooks: Sequence[Path]) -> list[Path]:
    """The Markdown files the notebooks link to, and those they link to in turn (the references, a glossary)."""
    found: list[Path] = []
    todo = list(notebooks)
    while todo:
        source = todo.pop(0)
        for target in MARKDOWN_LINK.findall(markdown_sources(source)):
            path = (source.parent / unquote(target)).resolve()
            if "://" not in target and path.is_file() and path not in found:
                found.append(path)
                todo.append(path)
    return found


# --------------------------------------------------------------------------- worksheets
def worksheet_html(exercise: ExerciseLike, number: int) -> str:
    """An exercise on paper: its prompt and ruled lines to write the answer on."""
    rules = "".join('<div class="handout-rule"></div>' for _ in range(RULED_LINES))
    return (f'<section class="handout-worksheet" data-exercise="{html.escape(exercise.name)}">'
            f'<p class="handout-worksheet-label">Exercise {number}</p>'
            f'<p class="handout-worksheet-prompt">{html.escape(exercise.prompt)}</p>'
            f'<p class="handout-worksheet-answer">Your answer:</p>{rules}</section>')


def output_marks(cell: Any) -> dict[str, str]:
    """What a code cell's outputs say they are: the ``bleu_explain`` metadata the course's objects give
    their outputs (``exercise``: an answer box, ``solution``: a worked solution, ``exercises``: a list).

    >>> output_marks({"outputs": [{"output_type": "display_data", "metadata": {"bleu_explain": {"exercise": "00_a/b"}}}]})
    {'exercise': '00_a/b'}
    """
    marks: dict[str, str] = {}
    for output in cell.get("outputs", []):
        marks.update(output.get("metadata", {}).get("bleu_explain", {}))
    return marks


def exercise_call(cell: Any) -> tuple[str, str] | None:
    """The (notebook, exercise) a code cell checks (its output is that exercise's answer box), or None.

    >>> exercise_call({"outputs": [{"metadata": {"bleu_explain": {"exercise": "00_start_here/score_scale"}}}]})
    ('00_start_here', 'score_scale')
    >>> exercise_call({"outputs": [{"metadata": {}}]}) is None
    True
    """
    mark = output_marks(cell).get("exercise")
    if mark is None:
        return None
    notebook, _, name = mark.partition("/")
    return notebook, name


def is_solution_cell(cell: Any) -> bool:
    """Whether a code cell shows a worked solution: tagged ``solution``, or its output is one."""
    return "solution" in cell.get("metadata", {}).get("tags", []) or "solution" in output_marks(cell)


def is_listing_cell(cell: Any) -> bool:
    """Whether a code cell's output is the list of the notebook's exercises."""
    return "exercises" in output_marks(cell)


def as_worksheets(nb: Any, stem: str, exercises_for: ExerciseSource) -> list[str]:
    """Replace the notebook's exercise cells by worksheets (in place); return the exercises' names in order.

    A cell that calls ``check(...)`` becomes a raw HTML cell with the prompt and space to write (its
    "Not yet" output and the code go); a cell that only lists the exercises goes too, and so does a
    cell that asks for a worked solution (the answer key has them).
    """
    from nbformat.v4 import new_raw_cell

    cells, names = [], []
    for cell in nb.cells:
        if cell.cell_type != "code":
            cells.append(cell)
            continue
        call = exercise_call(cell)
        if call is None:
            if not is_listing_cell(cell) and not is_solution_cell(cell):
                cells.append(cell)
            continue
        notebook, name = call
        if notebook != stem:
            raise ValueError(f"{stem}: an exercise cell checks {notebook!r}'s exercise {name!r}, not this notebook's")
        by_name = {ex.name: ex for ex in exercises_for(notebook)}
        if name not in by_name:
            raise ValueError(f"{stem}: an exercise cell checks {name!r}, which is not among its exercises "
                             f"({', '.join(by_name) or 'none'})")
        names.append(name)
        cells.append(new_raw_cell(worksheet_html(by_name[name], len(names)), metadata={"raw_mimetype": WORKSHEET_MIMETYPE}))
    nb.cells = cells
    return names
