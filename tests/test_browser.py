"""Real-browser tests: an explorer in JupyterLab, in a RISE slide and in the Voila app, driven by Chromium.

They start a server on a free localhost port, open the playground notebook (in
RISE, a one-slide deck with an explorer, run in the slide), type a new candidate
into the explorer and check that the score shown in the page becomes the one the
API computes; every request the page made must have
stayed on this machine. Screenshots go to ``test-artifacts/``. Chromium comes
from Debian (``apt-get install chromium``); without it these tests skip with
the reason.

A cold start (a machine that just booted, two cores shared) is slow: the
servers, the kernels and the widgets each get minutes, and each wait is for
the thing itself (a kernel reported idle by the server, a widget in the page),
never a fixed sleep.
"""

from __future__ import annotations

import json
import re
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from browser_support import CHROMIUM, RequestLog, copy_notebooks, launch, running_server, server_env

import bleu_explain as bx

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
APP = ROOT / "app" / "serve.py"
NEW_CANDIDATE = "It is a guide to action that ensures that the military always obeys the party."
#: Milliseconds a page, a kernel or a widget may take on a cold, shared machine.
SLOW = 300_000

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")]


def app_command(notebooks: Path, *extra: str):
    """The Voila app as ``make app`` serves it (app/serve.py), on the port the caller picks."""
    return lambda port: [sys.executable, str(APP), *extra, "--port", str(port), "--notebooks", str(notebooks)]


@pytest.fixture()
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


def local_page(browser, requests: RequestLog, width: int = 1400, height: int = 1000):
    """A page whose every request is recorded (the test asserts at the end that none left the machine)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(SLOW)
    requests.attach(context)
    return context.new_page()


@pytest.fixture()
def course_copy(tmp_path):
    """The notebooks in a scratch folder, so running them never touches the repository."""
    return copy_notebooks(ROOT / "notebooks", tmp_path / "course")


def shown_score(page):
    """The score the explorer shows, or None while it shows none."""
    boxes = page.locator(".bleu-explain-score")
    if boxes.count() == 0:
        return None
    # text_content, not inner_text: JupyterLab may skip rendering cells off screen (content-visibility)
    match = re.search(r"BLEU\s*=\s*([0-9.]+)", boxes.first.text_content() or "")
    return float(match.group(1)) if match else None


def wait_for_score(page, wanted=None, timeout: float = SLOW / 1000):
    """Wait until a score is shown (and equals ``wanted`` if given); return it."""
    deadline = time.monotonic() + timeout
    score = shown_score(page)
    while time.monotonic() < deadline and (score is None or (wanted is not None and score != wanted)):
        page.wait_for_timeout(250)
        score = shown_score(page)
    return score


def screenshot_on_failure(page, name: str):
    """Keep a full-page screenshot of what the page showed when a step failed."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"browser-{name}-failed.png"), full_page=True)


def drive_explorer(page, name: str) -> None:
    """Type a new candidate; the shown score must become what the API computes for it."""
    try:
        _drive_explorer(page, name)
    except Exception:
        screenshot_on_failure(page, name)
        raise


def _drive_explorer(page, name: str) -> None:
    candidate = page.locator(".bleu-explain-candidate textarea").first
    candidate.wait_for(state="attached", timeout=SLOW)
    candidate.scroll_into_view_if_needed()
    references = [t.input_value() for t in page.locator(".bleu-explain-reference textarea").all()]
    assert references, "the explorer shows its references"
    before = wait_for_score(page)
    assert before is not None, "the explorer shows a score"
    expected = round(bx.explain(NEW_CANDIDATE, references).score, 2)
    assert expected != before
    candidate.fill(NEW_CANDIDATE)
    candidate.press("End")
    after = wait_for_score(page, expected, timeout=120)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"browser-{name}.png"), full_page=True)
    assert after == expected


# --------------------------------------------------------------------------- JupyterLab
def lab_settings(folder: Path) -> Path:
    """JupyterLab user settings for a test: render every cell (no windowing), no news pop-up."""
    settings = {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": '{"windowingMode": "none"}',
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": '{"fetchNews": "false"}',
    }
    for name, text in settings.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def wait_for_idle_kernel(base_url: str, notebook: str, timeout: float = SLOW / 1000) -> None:
    """Wait until the server reports the notebook's kernel idle (started, and done with its start-up)."""
    deadline = time.monotonic() + timeout
    state = "no session"
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{base_url}/api/sessions", timeout=10) as response:
            sessions = json.load(response)
        states = [s["kernel"]["execution_state"] for s in sessions
                  if s.get("path", "").endswith(notebook) and s.get("kernel")]
        state = states[0] if states else "no session"
        if state == "idle":
            return
        time.sleep(0.5)
    raise TimeoutError(f"the kernel of {notebook} is not idle after {timeout} s (last: {state})")


def run_all_cells(page, runs: int = 4, quiet: float = 20) -> None:
    """Run > Run All Cells until the explorer's candidate box is in the page.

    On a cold start a run can be lost (cells go back to ``[ ]`` while the kernel's connection
    settles): when no cell has been running (``[*]``) for ``quiet`` seconds and the explorer is
    still missing, the run is screenshot and started again, up to ``runs`` times.
    """
    explorer = page.locator(".bleu-explain-candidate textarea")
    running = page.locator(".jp-InputArea-prompt", has_text="[*]")
    deadline = time.monotonic() + SLOW / 1000
    for run in range(1, runs + 1):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            if explorer.count():
                return
            if running.count():
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since > quiet:
                break  # nothing runs and no explorer: this run was lost
            page.wait_for_timeout(500)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"browser-jupyterlab-run{run}.png"))
        page.keyboard.press("Escape")
        if time.monotonic() >= deadline:
            break
    raise AssertionError(f"the explorer did not appear after {run} runs of all cells (see test-artifacts/)")


def lab_command(root: Path, tmp_path: Path):
    """JupyterLab on the port the caller picks: no token, no news, no update check, settings of the test's own."""
    settings_dir = lab_settings(tmp_path / "settings")

    def command(port: int) -> list[str]:
        return [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
                "--ServerApp.allow_root=True", "--LabApp.extension_manager=readonly",
                f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}", f"--LabApp.user_settings_dir={settings_dir}"]

    return command


def test_explorer_in_jupyterlab(browser, course_copy, tmp_path):
    with running_server(lab_command(course_copy, tmp_path), "/api", course_copy, tmp_path / "lab.log",
                        env=server_env(tmp_path)) as lab:
        requests = RequestLog()
        page = local_page(browser, requests)
        try:
            page.goto(f"{lab.url}/lab/tree/13_playground.ipynb")
            page.locator(".jp-Notebook").first.wait_for()
            wait_for_idle_kernel(lab.url, "13_playground.ipynb")
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
        except Exception:
            screenshot_on_failure(page, "jupyterlab-start")
            raise
        run_all_cells(page)
        drive_explorer(page, "jupyterlab")
        exercise = page.locator(".bleu-explain-exercise").first
        exercise.wait_for(state="attached")
        assert exercise.locator(".bleu-explain-answer input").count() == 1, "the exercise has its answer box"
        requests.assert_all_local()


# --------------------------------------------------------------------------- RISE, the live slideshow
#: A slide deck with one of the course's explorers, the way a lecturer presents it with RISE (Alt-R).
RISE_DECK = {
    "cells": [
        {"cell_type": "markdown", "metadata": {"slideshow": {"slide_type": "slide"}}, "source": "# Live in a slide"},
        {"cell_type": "code", "metadata": {"slideshow": {"slide_type": "slide"}}, "execution_count": None,
         "outputs": [], "source": "from bleu_explain.display.widgets import BleuExplorer\n"
                                  "BleuExplorer('the cat sat on the mat',\n"
                                  "             ['the cat is on the mat', 'there is a cat on the mat'])"},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                 "rise": {"theme": "white", "scroll": True}},
    "nbformat": 4, "nbformat_minor": 5,
}


def test_explorer_live_in_a_rise_slide(browser, course_copy, tmp_path):
    """RISE's slideshow (jupyterlab-rise) draws the explorer live: run in the slide, typed into, re-scored."""
    deck = course_copy / "rise_deck.ipynb"
    deck.write_text(json.dumps(RISE_DECK), encoding="utf-8")
    with running_server(lab_command(course_copy, tmp_path), "/api", course_copy, tmp_path / "lab.log",
                        env=server_env(tmp_path)) as lab:
        requests = RequestLog()
        page = local_page(browser, requests, width=1280, height=720)
        try:
            page.goto(f"{lab.url}/rise/{deck.name}")
            page.locator(".reveal h1", has_text="Live in a slide").first.wait_for()
            page.keyboard.press("ArrowRight")  # the explorer's slide
            wait_for_idle_kernel(lab.url, deck.name)
            code = page.locator(".jp-CodeCell .cm-content").first
            code.wait_for()
            code.click()
            page.keyboard.press("Shift+Enter")
        except Exception:
            screenshot_on_failure(page, "rise-start")
            raise
        drive_explorer(page, "rise")
        requests.assert_all_local()

        # a notebook of the course as a lecturer opens it: its title slide, with nothing fetched from afar
        page.goto(f"{lab.url}/rise/00_start_here.ipynb")
        page.locator(".reveal h1", has_text="Start here").first.wait_for()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "browser-rise-00.png"))
        requests.assert_all_local()


# --------------------------------------------------------------------------- the Voila app
def test_explorer_in_voila_app(browser, course_copy, tmp_path):
    with running_server(app_command(course_copy), "/", course_copy, tmp_path / "voila.log",
                        env=server_env(tmp_path)) as app:
        requests = RequestLog()
        page = local_page(browser, requests)
        page.goto(f"{app.url}/voila/render/13_playground.ipynb")
        drive_explorer(page, "voila")
        assert not page.evaluate("document.documentElement.classList.contains('bleu-projector')"), \
            "without PROJECTOR=1 the app opens in the notebook's own layout"
        assert page.locator("details.bleu-goals").get_attribute("open") is not None, "with the goals open"
        requests.assert_all_local()
