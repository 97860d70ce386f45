"""The handouts' pages: navigation and links that work from disk, no CDN, worksheets, the answer key.

These tests export the course without the npm scripts (the pages still point at ``assets/``);
``test_browser_handouts.py`` opens pages with the scripts in Chromium and prints them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import nbformat
import pytest
from bs4 import BeautifulSoup

from bleu_explain.course.checker import NOTEBOOKS, exercises_for
from bleu_explain.display.export.handouts import export_course
from bleu_explain.display.export.handouts.assets import MATHJAX_URL, REQUIRE_JS_URL, WIDGET_RENDERER_URL
from bleu_explain.display.export.handouts.documents import format_answer
from bleu_explain.display.export.handouts.pages import RULED_LINES, as_worksheets, exercise_call

pytestmark = pytest.mark.notebooks  # exports every notebook

ROOT = Path(__file__).resolve().parent.parent
COURSE = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
CDN_HOSTS = ("cdnjs", "jsdelivr", "unpkg", "googleapis", "cdn.")


@pytest.fixture(scope="module")
def handouts(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    export_course(ROOT / "notebooks", out, exercises_for, node_modules=None)
    return out


def soup(out: Path, name: str) -> BeautifulSoup:
    return BeautifulSoup((out / name).read_text(encoding="utf-8"), "html.parser")


def all_pages(out: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(out.glob("*.html"))}


def check_cells(stem: str) -> list[tuple[str, str]]:
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    return [call for c in nb.cells if c.cell_type == "code" and (call := exercise_call(c))]


def test_the_course_has_notebooks_and_exercises():
    assert COURSE
    assert sum(len(check_cells(stem)) for stem in COURSE) >= len(COURSE)


def test_every_page_has_previous_next_and_index(handouts):
    for i, stem in enumerate(COURSE):
        navs = soup(handouts, f"{stem}.html").select("nav.handout-nav")
        assert len(navs) == 2, stem  # above and below the notebook
        for nav in navs:
            links = {a["rel"][0]: a["href"] for a in nav.find_all("a")}
            assert links["index"] == "index.html"
            assert links.get("prev") == (f"{COURSE[i - 1]}.html" if i > 0 else None), stem
            assert links.get("next") == (f"{COURSE[i + 1]}.html" if i + 1 < len(COURSE) else None), stem


def test_links_point_at_pages_that_exist(handouts):
    checked = 0
    for name in all_pages(handouts):
        for a in soup(handouts, name).find_all("a", href=True):
            url = urlparse(a["href"])
            assert not url.path.endswith((".ipynb", ".md")), f"{name} links to a source file: {a['href']}"
            if url.scheme or not url.path:
                continue  # a web address or an anchor in the page
            assert (handouts / unquote(url.path)).is_file(), f"{name}: {a['href']} does not exist"
            checked += 1
    assert checked > 4 * len(COURSE)


def test_the_notebooks_links_became_pages(handouts):
    for i, stem in enumerate(COURSE):
        page = soup(handouts, f"{stem}.html")
        in_text = {a["href"] for a in page.select(".jp-RenderedMarkdown a[href]")}
        assert "references.html" in in_text, stem  # every notebook links to the references, now a page
        if i + 1 < len(COURSE):
            assert f"{COURSE[i + 1]}.html" in in_text, f"{stem}: its 'Next:' link"
    course_map = {a["href"] for a in soup(handouts, "00_start_here.html").select(".jp-RenderedMarkdown a[href]")}
    assert {f"{stem}.html" for stem in COURSE[1:]} <= course_map


def test_no_cdn_is_left(handouts):
    for name, text in all_pages(handouts).items():
        for host in CDN_HOSTS:
            assert host not in text, f"{name} still names {host}"
        page = BeautifulSoup(text, "html.parser")
        for script in page.find_all("script", src=True):
            assert script["src"].startswith("assets/"), f"{name} loads a script from {script['src']}"
        for link in page.find_all("link", href=True):
            assert not urlparse(link["href"]).scheme, f"{name} loads {link['href']}"


def test_notebook_pages_load_the_local_widget_manager_and_mathjax(handouts):
    for stem in COURSE:
        text = (handouts / f"{stem}.html").read_text(encoding="utf-8")
        sources = [s["src"] for s in BeautifulSoup(text, "html.parser").find_all("script", src=True)]
        assert sources == [REQUIRE_JS_URL, MATHJAX_URL], stem
        nb = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
        if "widgets" in nb["metadata"]:
            assert f"'{WIDGET_RENDERER_URL}'" in text, stem  # the widget manager is added by a script
            assert 'type="application/vnd.jupyter.widget-state+json"' in text, stem


def test_exercises_are_worksheets_without_feedback(handouts):
    for stem in COURSE:
        page = soup(handouts, f"{stem}.html")
        sheets = page.select("section.handout-worksheet")
        assert [s["data-exercise"] for s in sheets] == [name for _, name in check_cells(stem)], stem
        prompts = {ex.name: ex.prompt for ex in exercises_for(stem)}
        for sheet in sheets:
            assert sheet.select_one(".handout-worksheet-prompt").get_text() == prompts[sheet["data-exercise"]]
            assert len(sheet.select(".handout-rule")) == RULED_LINES
        text = page.get_text()
        assert "Not yet" not in text and "\u2718" not in text, stem  # no checker's verdict is left
        assert not page.select(".bleu-explain-verdict"), stem
        assert not re.search(r"(?<![\w.])check\(", text), f"{stem}: a cell that calls the checker is left"
        assert "exercises_for(" not in text, f"{stem}: the cell that lists the exercises is left"
        assert not re.search(r"(?<![\w.])solution\(", text) and "Try first" not in text, \
            f"{stem}: a cell that asks for a worked solution is left"


def test_answer_key_has_every_exercise_with_its_solution(handouts):
    key = soup(handouts, "answers.html")
    assert "For lecturers" in key.get_text()
    entries = {e["data-exercise"]: e for e in key.select("section.handout-key-exercise")}
    for stem in NOTEBOOKS:
        for ex in exercises_for(stem):
            entry = entries.get(ex.name)
            assert entry is not None, f"{stem}: {ex.name} is not in the answer key"
            assert entry["data-correct"] == "true", f"{stem}: the checker rejects the key's answer to {ex.name}"
            assert ex.prompt in entry.get_text()
            assert entry.select_one(".handout-key-answer code").get_text() == format_answer(ex.solution())
            worked = entry.select_one(".handout-key-worked")
            assert worked is not None and worked.select_one("pre code"), f"{stem}: {ex.name} has no worked solution"
            assert "Answer" in worked.get_text()


def test_index_links_every_page_the_key_and_the_references(handouts):
    links = {a["href"] for a in soup(handouts, "index.html").find_all("a", href=True)}
    assert {f"{stem}.html" for stem in COURSE} | {"answers.html", "references.html"} <= links
    assert not any(href.endswith(".pdf") for href in links)  # no PDFs were printed


def test_pages_keep_highlighting_figures_and_a_print_stylesheet(handouts):
    course = {stem: (handouts / f"{stem}.html").read_text(encoding="utf-8") for stem in COURSE}
    for stem in ("02_modified_precision", "04_brevity_penalty"):
        assert 'class="bleu-explain"' in course[stem]  # highlighting is HTML: no kernel or script needed
        assert "data:image/png;base64," in course[stem]  # figures are inlined
    for page in course.values():
        assert "@media print" in page and "size: A4" in page


def test_a_check_call_on_an_unknown_exercise_is_refused():
    # an exercise cell is known by what its output says it is (the answer box's metadata), not by its code
    box = nbformat.v4.new_output("display_data", data={"text/plain": "Not yet."},
                                 metadata={"bleu_explain": {"exercise": "02_modified_precision/nope"}})
    cell = nbformat.v4.new_code_cell('check("02_modified_precision", "nope", 1)', outputs=[box])
    nb = nbformat.v4.new_notebook(cells=[cell])
    with pytest.raises(ValueError, match="'nope', which is not among its exercises"):
        as_worksheets(nb, "02_modified_precision", exercises_for)


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bleu_explain.handouts", *args],
                          capture_output=True, text=True, timeout=600)


def test_cli_reports_a_missing_folder(tmp_path):
    run = run_cli(str(tmp_path / "nowhere"), str(tmp_path / "o"))
    assert run.returncode == 2 and "no notebooks found" in run.stderr


def test_cli_says_how_to_get_the_scripts(tmp_path):
    run = run_cli(str(ROOT / "notebooks"), str(tmp_path / "o"), "--node-modules", str(tmp_path / "none"))
    assert run.returncode == 2
    assert "make handouts" in run.stderr and "npm ci" in run.stderr


@pytest.mark.parametrize("absent", ["nbconvert", "nbformat"])
def test_cli_without_nbconvert_names_what_to_install(tmp_path, absent):
    # A plain `pip install bleu-explain` has neither: the module is hidden as if it were not installed.
    code = (f"import sys; sys.modules[{absent!r}] = None; sys.argv[0] = 'handouts'; "
            f"from bleu_explain.handouts import main; sys.exit(main([{str(ROOT / 'notebooks')!r}, {str(tmp_path)!r}]))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"{absent} is not installed" in run.stderr and "pip install 'bleu-explain[handouts]'" in run.stderr
    assert not any(tmp_path.iterdir())
