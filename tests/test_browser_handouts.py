"""The handouts offline, in Chromium: every page opened from disk, every request it makes recorded.

No page may ask for anything beyond this machine; the stored explorer views must render (the widget
manager is copied beside the pages) and formulas must be typeset (so is MathJax); printed, the pages
drop their navigation, and the PDF step gives A4 pages with the widgets and formulas in them.

The widget manager and MathJax come from npm. When ``make handouts`` has fetched them they are used
as they are; otherwise the fixture runs ``npm ci`` into a scratch folder, which needs the npm
registry, and the tests skip with the reason when npm is missing or cannot fetch. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from browser_support import CHROMIUM, RequestLog, launch
from bs4 import BeautifulSoup

import bleu_explain as bx
from bleu_explain.course.checker import exercises_for
from bleu_explain.display.export.handouts.assets import NODE_MODULES, NPM_COMMAND, NPM_PROJECT

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
COURSE = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
WITH_EXPLORER = "00_start_here"  # its stored explorer view is checked against the engine
FORMULAS = r"The brevity penalty is $$\mathrm{BP} = e^{1 - r/c} \quad \text{for } c \le r,$$ and $p_n$ is inline."

pytestmark = [pytest.mark.browser, pytest.mark.notebooks,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")]

#: Rendered when every stored widget view in the page has been drawn next to its placeholder.
WIDGETS_RENDERED = """() => Array.from(document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]'))
    .every(s => Array.from(s.parentElement.children).some(c => c.tagName !== 'SCRIPT'))"""
MATHJAX_DONE = "() => document.documentElement.getAttribute('data-mathjax') === 'typeset'"


def fetched(node_modules: Path) -> bool:
    stamp = node_modules / ".package-lock.json"  # npm writes it last; newer than the lock file when up to date
    return stamp.is_file() and stamp.stat().st_mtime >= (NPM_PROJECT / "package-lock.json").stat().st_mtime


@pytest.fixture(scope="module")
def node_modules(tmp_path_factory) -> Path:
    """The pinned npm packages: the copy `make handouts` fetched, else `npm ci` into a scratch folder."""
    if fetched(NODE_MODULES):
        return NODE_MODULES
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed (apt-get install npm): the handouts' widget manager and MathJax come from npm")
    work = tmp_path_factory.mktemp("npm")
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(NPM_PROJECT / name, work / name)
    try:
        run = subprocess.run([npm, *NPM_COMMAND[1:]], cwd=work, capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        pytest.skip("npm ci did not finish in 15 minutes: is the npm registry reachable?")
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        pytest.skip(f"npm could not fetch the handouts' scripts (is the npm registry reachable?): {last}")
    return work / "node_modules"


def export(source: Path, out: Path, node_modules: Path, *flags: str) -> Path:
    run = subprocess.run([sys.executable, "-m", "bleu_explain.handouts", str(source), str(out),
                          "--node-modules", str(node_modules), *flags], capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stderr
    return out


@pytest.fixture(scope="module")
def handouts(node_modules, tmp_path_factory) -> Path:
    """The whole course, exported by the command with the scripts copied in."""
    return export(ROOT / "notebooks", tmp_path_factory.mktemp("course") / "handouts", node_modules)


@pytest.fixture(scope="module")
def printed(node_modules, tmp_path_factory) -> Path:
    """One notebook of the course with formulas added, exported alone and printed to PDF."""
    source = tmp_path_factory.mktemp("with-formulas")
    nb = nbformat.read(ROOT / "notebooks" / f"{WITH_EXPLORER}.ipynb", as_version=4)
    nb.cells.insert(1, nbformat.v4.new_markdown_cell(FORMULAS))
    nbformat.write(nb, source / f"{WITH_EXPLORER}.ipynb")
    return export(source, source / "handouts", node_modules, "--pdf")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


class Opened:
    """A handout page opened from disk, with every request, failed load and script error recorded."""

    def __init__(self, browser, path: Path, media: str = "screen"):
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.requests = RequestLog().attach(self.context)
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.context.on("requestfailed", lambda r: self.failed.append(f"{r.url}: {r.failure}"))
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.emulate_media(media=media)
        self.page.goto(path.resolve().as_uri())

    def wait_until_drawn(self) -> None:
        self.page.wait_for_function(MATHJAX_DONE, timeout=90_000)
        self.page.wait_for_function(WIDGETS_RENDERED, timeout=90_000)

    def assert_offline_and_whole(self) -> None:
        self.requests.assert_all_local()
        assert not self.failed, f"files the page asked for are missing: {self.failed[:5]}"
        assert not self.errors, f"script errors: {self.errors[:5]}"

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / name), full_page=False)

    def close(self) -> None:
        self.context.close()


def test_every_page_works_offline(browser, handouts):
    """Each page, opened as a file: nothing requested beyond the machine, nothing missing, no script error,
    every stored widget view drawn and no formula left as TeX."""
    names = sorted(p.name for p in handouts.glob("*.html"))
    assert {f"{stem}.html" for stem in COURSE} | {"index.html", "answers.html"} <= set(names)
    for name in names:
        opened = Opened(browser, handouts / name)
        try:
            if name[:-5] in COURSE:
                opened.wait_until_drawn()
            text = opened.page.evaluate("document.body.innerText")
            assert "$$" not in text, f"{name}: a formula is left as TeX"
            opened.assert_offline_and_whole()
            if name[:-5] == WITH_EXPLORER:
                opened.screenshot(f"handouts-{WITH_EXPLORER}.png")
        finally:
            opened.close()


def stored_html(stem: str, css_class: str) -> list[str]:
    """The HTML values the notebook's stored widget state holds for HTML widgets of class ``css_class``."""
    nb = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    state = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    return [m["state"]["value"] for m in state.values()
            if m["model_name"] == "HTMLModel" and css_class in m["state"].get("_dom_classes", [])]


def test_the_stored_explorer_view_renders_the_engines_score(browser, handouts):
    opened = Opened(browser, handouts / f"{WITH_EXPLORER}.html")
    try:
        opened.wait_until_drawn()
        page = opened.page
        shown = page.locator(".bleu-explain-score").first.text_content() or ""
        stored = [BeautifulSoup(v, "html.parser").get_text() for v in stored_html(WITH_EXPLORER, "bleu-explain-score")]
        assert stored, "the notebook stores the explorer's score"
        assert " ".join(shown.split()) in [" ".join(s.split()) for s in stored]
        # and the stored number is what the engine computes for the texts the view shows
        candidate = page.locator(".bleu-explain-candidate textarea").first.input_value()
        references = [t.input_value() for t in page.locator(".bleu-explain-reference textarea").all()]
        assert candidate and references
        score = float(re.search(r"BLEU\s*=\s*([0-9.]+)", shown).group(1))
        assert score == round(bx.explain(candidate, references).score, 2)
        opened.assert_offline_and_whole()
    finally:
        opened.close()


def test_formulas_are_typeset_with_the_local_mathjax(browser, printed):
    opened = Opened(browser, printed / f"{WITH_EXPLORER}.html")
    try:
        opened.wait_until_drawn()
        page = opened.page
        assert page.locator(".MathJax_CHTML").count() >= 2  # the displayed formula and the inline one
        assert "$$" not in page.evaluate("document.body.innerText")
        assert page.evaluate("document.fonts.check('16px MathJax_Main')"), "MathJax's own font was not loaded"
        assert any("/assets/mathjax/" in url for url in opened.requests.urls)
        page.locator(".MathJax_CHTML").first.scroll_into_view_if_needed()
        opened.screenshot("handouts-formulas.png")
        opened.assert_offline_and_whole()
    finally:
        opened.close()


def test_printed_pages_drop_navigation_and_keep_worksheets(browser, handouts):
    opened = Opened(browser, handouts / f"{WITH_EXPLORER}.html", media="print")
    try:
        opened.wait_until_drawn()
        page = opened.page
        assert page.locator("nav.handout-nav").count() == 2
        assert all(not nav.is_visible() for nav in page.locator("nav.handout-nav").all())
        assert all(not p.is_visible() for p in page.locator(".jp-InputPrompt").all())
        sheet = page.locator("section.handout-worksheet").first
        assert sheet.is_visible() and sheet.locator(".handout-rule").first.is_visible()
        wrap = page.evaluate("getComputedStyle(document.querySelector('.jp-InputArea-editor pre')).whiteSpace")
        assert wrap == "pre-wrap"
        opened.screenshot(f"handouts-{WITH_EXPLORER}-print.png")
    finally:
        opened.close()


def pdf_text(pdf: Path) -> str | None:
    if shutil.which("pdftotext") is None:
        return None
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def test_pdf_pages_are_a4_with_widgets_and_formulas(browser, printed):
    pdf = printed / f"{WITH_EXPLORER}.pdf"
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    boxes = {(float(w), float(h)) for w, h in re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)}
    a4 = (210 / 25.4 * 72, 297 / 25.4 * 72)  # in points
    assert boxes and all(abs(w - a4[0]) < 1.5 and abs(h - a4[1]) < 1.5 for w, h in boxes), boxes
    assert (printed / "answers.pdf").read_bytes().startswith(b"%PDF")
    index = {a["href"] for a in BeautifulSoup((printed / "index.html").read_text(encoding="utf-8"),
                                                "html.parser").find_all("a", href=True)}
    assert {f"{WITH_EXPLORER}.pdf", "answers.pdf"} <= index
    text = pdf_text(pdf)
    if text is None:
        pytest.skip("pdftotext is not installed (apt-get install poppler-utils): the PDF's text was not read")
    flat = " ".join(text.split())
    assert "Course map" not in flat  # the navigation is not printed
    assert "Your answer" in flat and "Not yet" not in flat
    assert "$$" not in flat and "mathrm" not in flat  # typeset before printing
    opened = Opened(browser, printed / f"{WITH_EXPLORER}.html")
    try:
        opened.wait_until_drawn()
        score_line = (opened.page.locator(".bleu-explain-score").first.text_content() or "").split("(")[0]
    finally:
        opened.close()
    assert " ".join(score_line.split()) in flat, "the explorer's stored view is not in the PDF"
    prompts = [ex.prompt for ex in exercises_for(WITH_EXPLORER)]
    assert all(" ".join(p.split()[:6]) in flat for p in prompts)
    if shutil.which("pdftoppm"):
        ARTIFACTS.mkdir(exist_ok=True)
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", str(pdf),
                        str(ARTIFACTS / f"handouts-{WITH_EXPLORER}-pdf")], check=True)
