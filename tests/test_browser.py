"""Real-browser tests: the playground's explorer in JupyterLab and in the Voila app, driven by Chromium.

They start a server on a free localhost port, open the playground notebook,
type a new candidate into the explorer and check that the score shown in the
page becomes the one the API computes. Screenshots go to ``test-artifacts/``.
Chromium comes from Debian (``apt-get install chromium``); without it these
tests skip with the reason.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from browser_support import CHROMIUM, RequestLog, launch

import bleu_explain as bx

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
NEW_CANDIDATE = "It is a guide to action that ensures that the military always obeys the party."

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, process: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status < 500:
                    return
        except OSError:
            time.sleep(0.5)
    raise TimeoutError(f"no answer from {url} within {timeout} s")


def server(cmd: list[str], url: str, workdir: Path, log: Path):
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", PYTHONHASHSEED="0")
    env["JUPYTER_RUNTIME_DIR"] = str(workdir / "runtime")
    fh = open(log, "w")
    process = subprocess.Popen(cmd, cwd=workdir, stdout=fh, stderr=subprocess.STDOUT, env=env)
    try:
        wait_for_http(url, process)
    except Exception:
        process.terminate()
        fh.close()
        raise
    return process, fh


@pytest.fixture()
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


def local_page(browser, requests: RequestLog):
    """A page whose every request is recorded (the test asserts at the end that none left the machine)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    requests.attach(context)
    return context.new_page()


@pytest.fixture()
def course_copy(tmp_path):
    """The notebooks in a scratch folder, so running them never touches the repository."""
    dest = tmp_path / "course"
    shutil.copytree(ROOT / "notebooks", dest, ignore=shutil.ignore_patterns("src", ".ipynb_checkpoints"))
    return dest


def shown_score(page):
    """The score the explorer shows, or None while it shows none."""
    boxes = page.locator(".bleu-explain-score")
    if boxes.count() == 0:
        return None
    # text_content, not inner_text: JupyterLab may skip rendering cells off screen (content-visibility)
    match = re.search(r"BLEU\s*=\s*([0-9.]+)", boxes.first.text_content() or "")
    return float(match.group(1)) if match else None


def wait_for_score(page, wanted=None, timeout: float = 120):
    """Wait until a score is shown (and equals ``wanted`` if given); return it."""
    deadline = time.time() + timeout
    score = shown_score(page)
    while time.time() < deadline and (score is None or (wanted is not None and score != wanted)):
        page.wait_for_timeout(250)
        score = shown_score(page)
    return score


def drive_explorer(page, name: str) -> None:
    """Type a new candidate; the shown score must become what the API computes for it."""
    try:
        _drive_explorer(page, name)
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"browser-{name}-failed.png"), full_page=True)
        raise


def _drive_explorer(page, name: str) -> None:
    candidate = page.locator(".bleu-explain-candidate textarea").first
    candidate.wait_for(state="attached", timeout=180_000)
    candidate.scroll_into_view_if_needed(timeout=60_000)
    references = [t.input_value() for t in page.locator(".bleu-explain-reference textarea").all()]
    assert references, "the explorer shows its references"
    before = wait_for_score(page)
    assert before is not None, "the explorer shows a score"
    expected = round(bx.explain(NEW_CANDIDATE, references).score, 2)
    assert expected != before
    candidate.fill(NEW_CANDIDATE)
    candidate.press("End")
    after = wait_for_score(page, expected, timeout=60)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"browser-{name}.png"), full_page=True)
    assert after == expected


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


def run_all_cells(page, attempts: int = 3) -> None:
    """Run > Run All Cells, until the explorer's candidate box is in the page (the kernel may still be starting)."""
    for attempt in range(attempts):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:
            page.locator(".bleu-explain-candidate textarea").first.wait_for(state="attached", timeout=60_000)
            return
        except Exception:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"browser-jupyterlab-attempt{attempt + 1}.png"))
            page.keyboard.press("Escape")
    raise AssertionError(f"the explorer did not appear after {attempts} runs of all cells (see test-artifacts/)")


def test_explorer_in_jupyterlab(browser, course_copy, tmp_path):
    port = free_port()
    settings_dir = lab_settings(tmp_path / "settings")
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           "--ServerApp.allow_root=True", "--LabApp.extension_manager=readonly",
           f"--ServerApp.root_dir={course_copy}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}", f"--LabApp.user_settings_dir={settings_dir}"]
    process, log = server(cmd, f"http://127.0.0.1:{port}/api", course_copy, tmp_path / "lab.log")
    requests = RequestLog()
    try:
        page = local_page(browser, requests)
        page.goto(f"http://127.0.0.1:{port}/lab/tree/12_playground.ipynb", timeout=120_000)
        page.locator(".jp-Notebook").first.wait_for(timeout=120_000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
        run_all_cells(page)
        drive_explorer(page, "jupyterlab")
        requests.assert_all_local()
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


def test_explorer_in_voila_app(browser, course_copy, tmp_path):
    port = free_port()
    cmd = [sys.executable, "-m", "voila", str(course_copy / "12_playground.ipynb"), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--ServerApp.allow_root=True"]
    process, log = server(cmd, f"http://127.0.0.1:{port}/", course_copy, tmp_path / "voila.log")
    requests = RequestLog()
    try:
        page = local_page(browser, requests)
        page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
        drive_explorer(page, "voila")
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
