"""The handouts' pages that are not notebooks: the course map, the answer key, linked documents."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Sequence

from ...html.markdown import markdown_html
from .pages import ExerciseLike, Page
from .style import CSS

#: Decimals an answer key shows of a computed number (the checkers accept an answer to the decimals its prompt asks).
KEY_DECIMALS = 4


def plain_page(title: str, body: str, navs: tuple[str, str] = ("", "")) -> str:
    """A standalone page in the handouts' style (no scripts), with navigation bars above and below."""
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1.0'>"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head>"
            f"<body class='handout-plain'><main>{navs[0]}{body}{navs[1]}</main></body></html>\n")


def index_html(pages: Sequence[Page], *, pdf: bool, extras: Sequence[tuple[str, str]]) -> str:
    """The course map: every page (with its PDF when printed), then the other pages (``extras``: href, label)."""
    rows = []
    for page in pages:
        pdf_cell = f'<td><a href="{html.escape(page.pdf_name)}">PDF</a></td>' if pdf else ""
        rows.append(f'<tr><td><a href="{html.escape(page.html_name)}">{html.escape(page.title)}</a></td>{pdf_cell}</tr>')
    head = "<tr><th>notebook</th><th>print</th></tr>" if pdf else "<tr><th>notebook</th></tr>"
    more = "".join(f'<li><a href="{html.escape(href)}">{html.escape(label)}</a></li>' for href, label in extras)
    body = ("<h1>bleu-explain: BLEU, step by step</h1>"
            "<p>The course notebooks as pages to read and print. Every table, figure and stored explorer view is "
            "in the page and needs no Python; open the notebooks in JupyterLab (<code>make lab</code>) to run "
            "the code and change the explorers. The exercises are worksheets with space to write.</p>"
            f"<h2>The course</h2><table class='handout-course'>{head}{''.join(rows)}</table>"
            f"<h2>Also here</h2><ul>{more}</ul>")
    return plain_page("bleu-explain: the course", body)


def format_answer(value: Any) -> str:
    """An answer as it would be typed into the notebook, with computed numbers rounded for reading.

    >>> format_answer(("7/8", 0.93106277))
    "('7/8', 0.9311)"
    >>> format_answer({"p_value": 0.0619380619, "significant": False})
    "{'p_value': 0.0619, 'significant': False}"
    """
    def rounded(v: Any) -> Any:
        if isinstance(v, float):
            return round(v, KEY_DECIMALS)
        if isinstance(v, tuple):
            return tuple(rounded(x) for x in v)
        if isinstance(v, list):
            return [rounded(x) for x in v]
        if isinstance(v, dict):
            return {k: rounded(x) for k, x in v.items()}
        return v

    return repr(rounded(value))


def answer_entry(exercise: ExerciseLike, number: int) -> str:
    """One exercise in the key: its prompt, the solution its checker computes, the checker's verdict on it, and the
    worked solution (how to get there, with the code).

    An answer computed from data that is not on this machine (the WMT21 test sets) is left out with the
    command that fetches the data, so that the rest of the handouts still build."""
    from ....data.download import DataNotAvailableError

    try:
        solution = exercise.solution()
        worked = (f"<div class='handout-key-worked'>{markdown_html(exercise.worked())}</div>"
                  if exercise.worked is not None else "")
    except DataNotAvailableError as exc:
        command = "python -m bleu_explain.data fetch wmt21"
        return (f'<section class="handout-key-exercise" data-exercise="{html.escape(exercise.name)}" '
                f'data-correct="unknown"><h3>Exercise {number} <span class="handout-note">'
                f"({html.escape(exercise.name)})</span></h3><p>{html.escape(exercise.prompt)}</p>"
                f"<p class='handout-note'>This answer is computed from data that was not on the machine that built "
                f"these handouts ({html.escape(str(exc).split(':')[0])}): run <code>{command}</code> and build "
                "them again.</p></section>")
    verdict = exercise.check(solution)
    correct = bool(getattr(verdict, "correct", False))
    message = getattr(verdict, "message", str(verdict))
    verdict_html = ("Correct" if correct else "<strong>The checker rejects this solution</strong>")
    return (f'<section class="handout-key-exercise" data-exercise="{html.escape(exercise.name)}" '
            f'data-correct="{str(correct).lower()}">'
            f"<h3>Exercise {number} <span class='handout-note'>({html.escape(exercise.name)})</span></h3>"
            f"<p>{html.escape(exercise.prompt)}</p>"
            f"<p class='handout-key-answer'><b>Answer:</b> <code>{html.escape(format_answer(solution))}</code></p>"
            f"<p class='handout-note'>The checker on this answer: {verdict_html}. {html.escape(message)}</p>"
            f"{worked}</section>")


def answers_html(entries: Sequence[tuple[Page, Sequence[ExerciseLike]]], navs: tuple[str, str]) -> str:
    """The answer key, for lecturers: each page's exercises in the order its worksheets number them."""
    sections = []
    for page, exercises in entries:
        if not exercises:
            continue
        items = "".join(answer_entry(ex, i) for i, ex in enumerate(exercises, 1))
        sections.append(f'<h2><a href="{html.escape(page.html_name)}">{html.escape(page.title)}</a></h2>{items}')
    body = ("<p><span class='handout-key-badge'>For lecturers</span></p>"
            "<h1>Answer key</h1>"
            "<p>Each answer is the exercise's solution as its checker computes it with the engine (numbers rounded "
            f"to {KEY_DECIMALS} decimals here; a checker accepts an answer to the decimals its prompt asks for, two "
            "unless it says otherwise), with what the checker says to it, and the worked solution a learner sees "
            "in the notebook after trying. Where an exercise asks for a sentence of the student's own, this is "
            "one answer of many.</p>"
            + "".join(sections))
    return plain_page("Answer key (for lecturers)", body, navs)


def markdown_title(path: Path) -> str:
    """A Markdown file's first heading, or its name."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.replace("_", " ").capitalize()


def markdown_page(path: Path, title: str, navs: tuple[str, str]) -> str:
    """A Markdown document (e.g. the references) as a handout page."""
    return plain_page(title, markdown_html(path.read_text(encoding="utf-8")), navs)
