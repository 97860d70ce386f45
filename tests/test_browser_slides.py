"""A static slide deck in a real browser: opened from disk, reveal.js starts, and nothing leaves the machine.

The deck is built from the committed notebook with the front-end files in ``slides/node_modules``
(``make slides`` installs them from the npm registry; the test itself never runs npm). Without them, or
without Debian's chromium, the test skips and says why. The screenshot goes to ``test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import CHROMIUM, RequestLog, launch
from test_slides import build_or_skip, read, slide_type

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
NOTEBOOK = "00_start_here"

pytestmark = [pytest.mark.browser, pytest.mark.notebooks,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")]


def test_deck_opens_from_disk_with_reveal_and_stored_widgets(tmp_path):
    from playwright.sync_api import sync_playwright

    (deck,) = build_or_skip(tmp_path, [NOTEBOOK])
    source = ROOT / "notebooks" / "src" / f"{NOTEBOOK}.py"
    slides = sum(slide_type(cell) == "slide" for cell in read(source).cells)
    with sync_playwright() as p:
        browser = launch(p)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            requests = RequestLog().attach(context)
            page = context.new_page()
            failed: list[str] = []
            page.on("requestfailed", lambda request: failed.append(request.url))
            page.goto(deck.as_uri())
            page.wait_for_function("window.Reveal && Reveal.isReady()", timeout=60_000)
            assert page.locator(".reveal .slides section").count() >= slides
            assert page.evaluate("Reveal.getTotalSlides()") == slides
            assert page.locator(".reveal .slides section.present h1").first.inner_text().startswith("00 ·")
            # the widget manager draws the explorer the notebook stored (its candidate box, with its text)
            page.locator(".reveal textarea").first.wait_for(state="attached", timeout=60_000)
            assert "The cat sat on the mat." in page.locator(".reveal textarea").first.input_value()
            page.keyboard.press("ArrowRight")
            page.wait_for_function("Reveal.getIndices().h === 1")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "slides-00-second-slide.png"))
            requests.assert_all_local()
            assert not failed, f"files the deck asked for are missing: {failed[:5]}"
        finally:
            browser.close()
