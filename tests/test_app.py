"""The Voila app (``make app NB=04 PROJECTOR=1``, that is ``app/serve.py``): which notebook it serves and how,
its page kept on this machine, the projector mode, links between notebooks, and exercises answered in it.

The first tests need no browser. The others open the app in Chromium (Debian's
``chromium``; without it they skip with the reason) on one server for the module,
started as ``make app PROJECTOR=1`` starts it; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from browser_support import CHROMIUM, RequestLog, copy_notebooks, launch, running_server, server_env

from bleu_explain.course.checker import exercises_for

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
TEMPLATE = ROOT / "app" / "voila" / "templates" / "bleu-explain"
#: Milliseconds a page, a kernel or a widget may take on a cold, shared machine.
SLOW = 300_000
PROJECTOR_VIEWPORT = {"width": 1280, "height": 720}

_spec = importlib.util.spec_from_file_location("serve", ROOT / "app" / "serve.py")
assert _spec is not None and _spec.loader is not None
serve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve)



@dataclass(frozen=True)
class App:
    """The app under test: where it answers, and the folder of notebooks it serves."""

    url: str
    notebooks: Path


# --------------------------------------------------------------------------- no browser
def test_a_two_digit_number_names_the_notebook_and_the_default_is_the_playground():
    notebooks = ROOT / "notebooks"
    assert serve.find_notebook("04", notebooks).name.startswith("04_")
    assert serve.find_notebook(serve.DEFAULT_NOTEBOOK, notebooks).name == "13_playground.ipynb"
    url = serve.app_url(8866, notebooks / "04_brevity_penalty.ipynb", projector=True)
    assert url == "http://127.0.0.1:8866/voila/render/04_brevity_penalty.ipynb?projector=1"


@pytest.mark.parametrize("wrong, says", [("99", "no notebook 99_"), ("4", "two-digit"), ("../x", "two-digit")])
def test_a_wrong_notebook_number_is_a_clear_error(wrong, says, capsys):
    with pytest.raises(ValueError, match=re.escape(says)):
        serve.find_notebook(wrong, ROOT / "notebooks")
    assert serve.main([wrong]) == 2
    assert says in capsys.readouterr().err


def test_voila_serves_the_whole_folder_on_localhost_only():
    command = serve.voila_command(ROOT / "notebooks", 9999)
    assert command[1:3] == ["-m", "voila"] and command[3] == str(ROOT / "notebooks"), "a folder, not one notebook"
    assert "--Voila.ip=127.0.0.1" in command and "--port=9999" in command
    assert not any("projector" in part for part in command)
    assert "--VoilaConfiguration.resources=projector=1" in serve.voila_command(ROOT / "notebooks", 9999, True)
    env = serve.voila_environment({"JUPYTER_PATH": "elsewhere"})
    assert env["JUPYTER_PATH"].split(":") == [str(ROOT / "app"), "elsewhere"]
    assert env["JUPYTER_CONFIG_PATH"] == str(ROOT / "app")


def test_the_documents_the_notebooks_link_to_become_pages_of_the_app(tmp_path):
    """The references and the glossary, rendered as serve.py renders them before Voila starts."""
    pages = {page.name: page for page in serve.render_documents(ROOT / "notebooks", tmp_path)}
    assert {"references.html", "glossary.html"} <= set(pages)
    assert all(page.parent == tmp_path / "voila" / "templates" / "bleu-explain" / "static" / "docs"
               for page in pages.values()), "where Voila serves /voila/static/docs/"
    served = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    for name, page in pages.items():
        text = page.read_text(encoding="utf-8")
        assert "<h1" in text and "<title>" in text
        hrefs = re.findall(r'href="([^"]*)"', text)
        local = [h for h in hrefs if not h.startswith(("http://", "https://", "#"))]
        assert local, name
        for href in local:
            target = href.split("#")[0]
            if target.startswith("/voila/render/"):
                assert target.removeprefix("/voila/render/") in served, (name, href)
            else:
                assert target in pages, (name, href)  # another document, never a .md file
    assert serve.DOCS_URL.lstrip("/") in (TEMPLATE / "index.html.j2").read_text(encoding="utf-8"), \
        "the template sends .md links where the pages are served"
    env = serve.voila_environment({}, extra_paths=[tmp_path])
    assert env["JUPYTER_PATH"].split(":") == [str(ROOT / "app"), str(tmp_path)]


def test_the_template_drops_every_cdn_link_of_voilas_lab_template():
    """The links are removed by exact text: if Voila changes them, this says so before a page leaves the machine."""
    import voila.paths

    lab = Path(voila.paths.collect_template_paths(["voila"], "lab", prune=True)[0]) / "index.html.j2"
    remote_links = re.findall(r"<link [^>]*href=\"https://[^>]*>", lab.read_text(encoding="utf-8"))
    assert remote_links, "Voila's lab template links a CDN (if not, the override is no longer needed)"
    ours = (TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    for link in remote_links:
        assert f"'{link}'" in ours, f"not dropped: {link}"
    assert "https://" not in (TEMPLATE / "page.html").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- in the browser
@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """The app as ``make app PROJECTOR=1`` starts it, over a copy of the notebooks."""
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    work = tmp_path_factory.mktemp("app")
    course = copy_notebooks(ROOT / "notebooks", work / "notebooks")
    shutil.copytree(ROOT / "docs", work / "docs")  # the references and the glossary the notebooks link to

    def command(port: int) -> list[str]:
        return [sys.executable, str(ROOT / "app" / "serve.py"), "--projector", "--port", str(port),
                "--notebooks", str(course)]

    with running_server(command, "/", course, work / "voila.log", env=server_env(work)) as server:
        yield App(server.url, course)


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture()
def requests():
    return RequestLog()


@pytest.fixture()
def page(browser, requests):
    context = browser.new_context(viewport=PROJECTOR_VIEWPORT)
    context.set_default_timeout(SLOW)
    requests.attach(context)
    yield context.new_page()
    context.close()


def open_notebook(page, url: str):
    """Open a notebook of the app and wait until its widgets are drawn (the kernel has run every cell)."""
    response = page.goto(url)
    assert response is not None and response.status == 200, f"{url}: {response and response.status}"
    page.locator(".jupyter-widgets").first.wait_for(state="attached")
    return response


def keep_screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"app-{name}.png"
    page.screenshot(path=str(path))
    return path


def in_first_screen(page, locator) -> bool:
    """Whether the element lies wholly inside the viewport as the page opens (not scrolled)."""
    box = locator.bounding_box()
    view = page.viewport_size
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= view["height"] and box["x"] >= 0


@pytest.mark.browser
def test_projector_mode_shows_the_app_first_in_large_type(app, page, requests):
    open_notebook(page, f"{app.url}/voila/render/00_start_here.ipynb")
    candidate = page.locator(".bleu-explain-candidate textarea").first
    score = page.locator(".bleu-explain-score").first
    score.wait_for()
    try:
        assert page.evaluate("document.documentElement.classList.contains('bleu-projector')"), "on by default"
        assert page.locator("details.bleu-goals").get_attribute("open") is None, "the goals are collapsed"
        assert page.evaluate("window.scrollY") == 0
        assert in_first_screen(page, candidate), "the explorer's candidate is in the first screen"
        assert score.bounding_box()["y"] < PROJECTOR_VIEWPORT["height"] - 40, "and so is its score"
        title_size = page.locator("h1").first.bounding_box()["height"]
    finally:
        keep_screenshot(page, "projector-00")
    requests.assert_all_local()

    # ?projector=0 turns it off for one page: goals open, the explorer back where the notebook has it
    open_notebook(page, f"{app.url}/voila/render/00_start_here.ipynb?projector=0")
    page.locator(".bleu-explain-score").first.wait_for()
    assert not page.evaluate("document.documentElement.classList.contains('bleu-projector')")
    assert page.locator("details.bleu-goals").get_attribute("open") is not None
    assert not in_first_screen(page, page.locator(".bleu-explain-candidate textarea").first)
    assert page.locator("h1").first.bounding_box()["height"] < title_size, "projector type is larger"
    keep_screenshot(page, "plain-00")
    requests.assert_all_local()


@pytest.mark.browser
def test_links_between_notebooks_open_them_in_the_app(app, page, requests):
    open_notebook(page, f"{app.url}/voila/render/13_playground.ipynb")
    back = page.locator('a[href^="00_start_here.ipynb"]', has_text="Start here")
    assert back.get_attribute("href") == "00_start_here.ipynb?projector=1", "links keep the projector mode"
    with page.expect_navigation():
        back.click()
    assert page.url.endswith("/voila/render/00_start_here.ipynb?projector=1")
    page.locator(".jupyter-widgets").first.wait_for(state="attached")
    assert "Start here" in page.locator("h1").first.text_content()

    # every notebook the start page links to is one the app serves
    served = {p.name for p in app.notebooks.glob("*.ipynb")}
    linked = {href.split("?")[0] for href in page.eval_on_selector_all(
        "a[href*='.ipynb']", "links => links.map(a => a.getAttribute('href'))")}
    assert len(linked) >= 11 and linked <= served, linked - served
    requests.assert_all_local()

    # the references page opens in the app, and its links lead back into the course
    references = page.locator('a[href*="references"]').first
    assert references.get_attribute("href") == serve.DOCS_URL + "references.html"
    with page.expect_navigation() as opened:
        references.click()
    assert opened.value is not None and opened.value.status == 200
    assert page.locator("h1").first.text_content().startswith("References")
    with page.expect_navigation():
        page.get_by_text("Back to the start of the course").click()
    page.locator(".jupyter-widgets").first.wait_for(state="attached")
    assert "Start here" in page.locator("h1").first.text_content()
    requests.assert_all_local()

    # the list of notebooks (the app's front page) stays on the machine too
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(f"{app.url}/")
    listing = page.get_by_text("13_playground.ipynb").first
    try:
        listing.wait_for(timeout=60_000)
    except PlaywrightTimeout:  # once, on a loaded machine, the file list never drew after its first load
        page.reload()
        listing.wait_for()
    requests.assert_all_local()


@pytest.mark.browser
def test_an_exercise_is_answered_in_the_app(app, page, requests):
    exercise = exercises_for("13_playground")[0]
    open_notebook(page, f"{app.url}/voila/render/13_playground.ipynb")
    box = page.locator(".bleu-explain-exercise").first
    box.wait_for()
    assert "Not yet" in box.text_content(), "the verdict on the notebook's example answer"
    answer, check, said = (box.locator(".bleu-explain-answer input"), box.locator(".bleu-explain-check"),
                           box.locator(".bleu-explain-feedback"))
    box.scroll_into_view_if_needed()
    try:
        answer.fill(exercise.mistake())
        check.click()
        page.wait_for_function("el => el.textContent.includes('Not yet')", arg=said.element_handle())
        answer.fill(exercise.solution())
        check.click()
        page.wait_for_function("el => el.textContent.includes('Correct')", arg=said.element_handle())
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        box.screenshot(path=str(ARTIFACTS / "app-exercise-13.png"))
    assert exercise.solution() not in said.text_content(), "the feedback does not print the answer"
    # having tried in the box, the learner asks for the worked solution with its button (the cell is hidden)
    worked = page.locator(".bleu-explain-worked").first
    assert "Try first" in worked.text_content()
    worked.locator(".bleu-explain-show-solution").click()
    page.wait_for_function("el => el.textContent.includes('Worked solution')", arg=worked.element_handle())
    requests.assert_all_local()
