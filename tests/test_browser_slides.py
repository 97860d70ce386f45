"""The static slide decks in a real browser: opened from disk, reveal.js starts, nothing leaves the machine, and
every slide of every deck fits a 1280x720 projector.

The decks are built from the committed notebooks' stored outputs with the front-end files in
``slides/node_modules`` (``make slides`` installs them from the npm registry; the tests never run npm). Without
them, or without Debian's chromium, the tests skip and say why. Screenshots go to ``test-artifacts/``.

Run as a script, this module measures the decks of a built folder and prints one line per slide:

    python tests/test_browser_slides.py slides/
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from browser_support import CHROMIUM, RequestLog, launch
from test_slides import build_or_skip, read, slide_type

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
NOTEBOOK = "00_start_here"
PROJECTOR = {"width": 1280, "height": 720}
#: Slides a lecturer looks at in the screenshots: a title, a cut section, a plot, an explorer cut to its top.
SCREENSHOTS = {"02_modified_precision": [(1, 1), (3, 2)], "04_brevity_penalty": [(2, 2)], "10_agreement_of_systems": [(6, 1)],
               "11_agreement_of_segments": [(11, 3)]}

pytestmark = [pytest.mark.browser, pytest.mark.notebooks,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")]

#: The slide on screen, in reveal's own slide pixels (before it is scaled to the window): how far its content
#: reaches (the section's scrollable overflow, which leaves out what a box cut on purpose hides), and every
#: box inside it that scrolls. An explorer's own list and text boxes scroll as they do in JupyterLab: the
#: widgets' insides are left out; the explorer's view itself must fit.
MEASURE = r"""() => {
  const slide = Reveal.getCurrentSlide();
  const config = Reveal.getConfig();
  const left = Math.min(0, ...[...slide.children].map(child => child.offsetLeft));
  const scrollers = [];
  for (const box of slide.querySelectorAll('*')) {
    if (box.closest('.jupyter-widgets') && box.closest('.jupyter-widgets') !== box) continue;
    const style = getComputedStyle(box);
    const scrollsDown = /(auto|scroll)/.test(style.overflowY) && box.scrollHeight > box.clientHeight + 1;
    const scrollsAcross = /(auto|scroll)/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1;
    const cutQuietly = /(hidden|clip)/.test(style.overflowY + style.overflowX) && !box.closest('.celltag_bx-slide-clip')
      && (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1) && box.clientHeight > 40;
    if (scrollsDown || scrollsAcross || cutQuietly) {
      scrollers.push(`${box.tagName.toLowerCase()}.${[...box.classList].slice(0, 2).join('.')} ` +
                     `${box.scrollWidth}x${box.scrollHeight} in ${box.clientWidth}x${box.clientHeight}`);
    }
  }
  return {height: slide.scrollHeight, width: slide.scrollWidth, left, slideHeight: config.height,
          slideWidth: config.width, scale: Reveal.getScale(), scrollers};
}"""


def open_deck(page, deck: Path) -> None:
    page.goto(deck.as_uri())
    page.wait_for_function("window.Reveal && Reveal.isReady()", timeout=60_000)
    # the widget manager draws the stored views after reveal starts: wait until every view is drawn
    page.wait_for_function("[...document.querySelectorAll('script[type=\"application/vnd.jupyter.widget-view+json\"]')]"
                           ".every(view => view.parentElement.querySelector('.widget-subarea > *'))", timeout=60_000)
    page.wait_for_timeout(300)


def slide_indices(page) -> list[tuple[int, int]]:
    """Every slide and sub-slide, as reveal's 0-based (h, v)."""
    return [(i["h"], i.get("v") or 0) for i in page.evaluate("Reveal.getSlides().map(s => Reveal.getIndices(s))")]


def measure_decks(page, decks: list[Path]) -> list[dict]:
    rows = []
    for deck in decks:
        open_deck(page, deck)
        for h, v in slide_indices(page):
            page.evaluate(f"Reveal.slide({h}, {v})")
            row = page.evaluate(MEASURE)
            row.update(deck=deck.name.removesuffix(".slides.html"), slide=f"{h + 1}.{v + 1}")
            rows.append(row)
    return rows


def misfits(rows: list[dict]) -> list[str]:
    return [f"{r['deck']} slide {r['slide']}: {r['width']}x{r['height']} px of content in {r['slideWidth']}x{r['slideHeight']}"
            + (f", left {r['left']}" if r["left"] < 0 else "") + (f", scrolls: {r['scrollers']}" if r["scrollers"] else "")
            for r in rows if r["height"] > r["slideHeight"] or r["width"] > r["slideWidth"] or r["left"] < 0 or r["scrollers"]]


def test_deck_opens_from_disk_with_reveal_and_stored_widgets(tmp_path):
    from playwright.sync_api import sync_playwright

    (deck,) = build_or_skip(tmp_path, [NOTEBOOK])
    source = ROOT / "notebooks" / "src" / f"{NOTEBOOK}.py"
    slides = sum(slide_type(cell) == "slide" for cell in read(source).cells)
    with sync_playwright() as p:
        browser = launch(p)
        try:
            context = browser.new_context(viewport=PROJECTOR)
            requests = RequestLog().attach(context)
            page = context.new_page()
            failed: list[str] = []
            page.on("requestfailed", lambda request: failed.append(request.url))
            open_deck(page, deck)
            assert page.evaluate("Reveal.getHorizontalSlides().length") == slides
            assert page.evaluate("Reveal.getTotalSlides()") >= slides
            assert page.locator(".reveal .slides section.present h1").first.inner_text().startswith("00 ·")
            # the widget manager draws the explorer the notebook stored (its candidate box, with its text)
            page.locator(".reveal textarea").first.wait_for(state="attached", timeout=60_000)
            assert "The cat sat on the mat." in page.locator(".reveal textarea").first.input_value()
            # the right arrow walks through every sub-slide, in order, and the address says where
            seen = [page.evaluate("[Reveal.getIndices().h, Reveal.getIndices().v || 0]")]
            for _ in range(page.evaluate("Reveal.getTotalSlides()") - 1):
                page.keyboard.press("ArrowRight")
                page.wait_for_function(f"Reveal.getSlidePastCount() === {len(seen)}")
                seen.append(page.evaluate("[Reveal.getIndices().h, Reveal.getIndices().v || 0]"))
            assert seen == [list(i) for i in slide_indices(page)]
            h, v = seen[-1]
            assert page.url.endswith(f"#/{h + 1}/{v + 1}") or page.url.endswith(f"#/{h + 1}")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "slides-00-last-slide.png"))
            # the speaker notes of slides/notes.md, on every sub-slide of their section (S shows them)
            for v in range(page.evaluate("Reveal.getHorizontalSlides()[1].querySelectorAll('section').length")):
                page.evaluate(f"Reveal.slide(1, {v})")
                assert "One candidate, two references, one score." in page.evaluate("Reveal.getSlideNotes()")
            requests.assert_all_local()
            assert not failed, f"files the deck asked for are missing: {failed[:5]}"
        finally:
            browser.close()


def test_every_slide_of_every_deck_fits_a_1280x720_projector(tmp_path):
    """Built from the stored outputs: each slide and sub-slide's content within reveal's slide, nothing scrolls,
    and reveal's slide is no taller than 1080 px and shown at 60 % or more."""
    from playwright.sync_api import sync_playwright

    decks = build_or_skip(tmp_path, [])
    with sync_playwright() as p:
        browser = launch(p)
        try:
            page = browser.new_context(viewport=PROJECTOR).new_page()
            rows = measure_decks(page, decks)
            ARTIFACTS.mkdir(exist_ok=True)
            for deck in decks:
                for h, v in SCREENSHOTS.get(deck.name.removesuffix(".slides.html"), []):
                    open_deck(page, deck)
                    page.evaluate(f"Reveal.slide({h - 1}, {v - 1})")
                    page.screenshot(path=str(ARTIFACTS / f"slides-{deck.name[:2]}-{h}.{v}.png"))
        finally:
            browser.close()
    assert len({r["deck"] for r in rows}) == len(decks) and len(rows) >= 2 * len(decks)
    assert all(r["slideHeight"] <= 1080 and r["scale"] >= 0.6 for r in rows), "reveal's slide is inflated"
    wrong = misfits(rows)
    assert not wrong, f"{len(wrong)} of {len(rows)} slides do not fit 1280x720:\n" + "\n".join(wrong)


def main(folder: str) -> int:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        try:
            rows = measure_decks(browser.new_context(viewport=PROJECTOR).new_page(),
                                 sorted(Path(folder).glob("[0-9][0-9]_*.slides.html")))
        finally:
            browser.close()
    for row in rows:
        print(f"{row['deck'][:2]} {row['slide']:>6}  {row['width']}x{row['height']}  scale {row['scale']:.3f}"
              f"{'  DOES NOT FIT' if misfits([row]) else ''}")
    print(f"{len(rows)} slides, {len(rows) - len(misfits(rows))} fit 1280x720, {len(misfits(rows))} do not")
    print("\n".join(misfits(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
