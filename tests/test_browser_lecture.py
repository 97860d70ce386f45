"""The lecture's deck in Chromium at 1280x720, stepped through slide by slide as a lecturer gives it.

The deck is built as ``make lecture`` builds it (scripts/build_lecture.py: the live page beside it, the PDF
printed) into a scratch folder and served from 127.0.0.1; Chromium runs with its background services off and
names resolving to this machine only, and every request is recorded: none may leave it. On every slide: nothing
outside the 1280x720 screen and no frame that scrolls, no text under 24 px, notes and minutes; over the deck:
40-60 slides, minutes adding up to 80-90, at most one slide in ten over 45 words on the screen, at least 12
slides whose picture covers a third of the screen, and at least 4 demo slides whose embedded live page shows a
score. The PDF has one page per slide. Both decks, English and Chinese (``make lecture LANG=zh``: the same slides,
fitted by the same rules). About two minutes a deck on a quiet 2-core machine (the PDF and six demos
loading Python into their frames take most of it).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from browser_support import CHROMIUM, RequestLog, launch, running_server

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
sys.path.insert(0, str(ROOT / "scripts"))
import build_lecture  # noqa: E402

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")]

WIDTH, HEIGHT = 1280, 720
SMALLEST_PX = 24
MOST_WORDS = 45

#: What the page shows on the current slide, measured in the page: every visible element's box, every text's
#: size in screen pixels (reveal's scale included), the words on the screen, the picture's drawn area.
MEASURE = """() => {
  const slide = Reveal.getCurrentSlide(), scale = Reveal.getScale();
  const frame = slide.querySelector(".frame");
  const shown = el => { const s = getComputedStyle(el); return s.display !== "none" && s.visibility !== "hidden"; };
  const outside = [], small = [];
  for (const el of frame.querySelectorAll("*")) {
    if (!shown(el) || el.closest("aside")) continue;
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1))
      outside.push(el.tagName + ": " + (el.textContent || el.src || "").slice(0, 40));
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (own) {
      const px = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (px < %(px)s - 0.01) small.push(el.tagName + " " + px.toFixed(1) + "px: " + el.textContent.trim().slice(0, 40));
    }
  }
  let picture = 0;
  const img = frame.querySelector("figure img");
  if (img && img.naturalWidth) {
    const r = img.getBoundingClientRect();
    const k = Math.min(r.width / img.naturalWidth, r.height / img.naturalHeight);
    picture = img.naturalWidth * img.naturalHeight * k * k;
  }
  const visible = [...frame.querySelectorAll("h1, h2, .screen, figcaption")].filter(shown).map(e => e.innerText).join(" ");
  return {id: slide.id, minutes: slide.dataset.minutes, optional: slide.dataset.optional || "",
          notes: (slide.querySelector("aside.notes") || {textContent: ""}).textContent.trim(),
          // a Chinese character counts half a word, as the deck's own rule counts it (export/lecture.py)
          words: (visible.replace(/\\p{Script=Han}/gu, " ").match(/[\\p{L}\\p{N}]+(?:[-'’.][\\p{L}\\p{N}]+)*/gu) || []).length
                 + (visible.match(/\\p{Script=Han}/gu) || []).length / 2,
          scrolls: frame.scrollHeight > frame.clientHeight + 1 || frame.scrollWidth > frame.clientWidth + 1,
          outside, small, picture, demo: slide.dataset.demo || "", scale};
}""" % {"px": SMALLEST_PX}


#: Each deck's page under the site: the English at lecture/, a translation at lecture/LANG/.
DECK_PAGES = {"en": "lecture/index.html", "zh": "lecture/zh/index.html"}


@pytest.fixture(scope="module", params=sorted(DECK_PAGES))
def lang(request) -> str:
    return request.param


@pytest.fixture(scope="module")
def site(lang, tmp_path_factory) -> Path:
    missing = [what for what, path in (("slides/node_modules (reveal.js)", build_lecture.FRONT_END / "node_modules"),
                                       ("web/node_modules (Pyodide)", build_lecture.PYODIDE)) if not path.is_dir()]
    if missing:
        pytest.skip(f"npm has not fetched {', '.join(missing)}: run make npm-assets (make test does)")
    out = tmp_path_factory.mktemp("site")
    build_lecture.build(out, lang)
    return out


@pytest.fixture(scope="module")
def stepped(site, lang, tmp_path_factory):
    """Every slide measured at 1280x720, the demos waited for until they score; and every request made."""
    from playwright.sync_api import sync_playwright

    with running_server(lambda port: [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                        "/" + DECK_PAGES[lang], site, tmp_path_factory.mktemp("log") / "http.log", timeout=60) as server, \
            sync_playwright() as p:
        browser = launch(p)
        context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
        log = RequestLog().attach(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}/{DECK_PAGES[lang]}", timeout=120_000)
        page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=60_000)
        slides, scores = [], {}
        ARTIFACTS.mkdir(exist_ok=True)
        for k in range(page.evaluate("Reveal.getTotalSlides()")):
            page.evaluate(f"Reveal.slide({k})")
            page.wait_for_function("() => [...Reveal.getCurrentSlide().querySelectorAll('img')].every(i => i.complete)")
            measured = page.evaluate(MEASURE)
            if measured["demo"]:
                frame = page.frame_locator("section.present iframe.demo")
                result = frame.locator("#result[data-bleu-score]")
                result.wait_for(timeout=180_000)
                scores[measured["id"]] = result.get_attribute("data-bleu-score")
            slides.append(measured)
            if measured["id"] in ("idea", "calibration", "demo-example-1"):
                page.screenshot(path=str(ARTIFACTS / f"lecture-{lang}-{k + 1:02d}-{measured['id']}.png"))
        browser.close()
    yield {"slides": slides, "scores": scores, "log": log, "errors": errors}


def test_the_deck_has_40_to_60_slides_with_notes_and_minutes_adding_up_to_80_to_90(stepped):
    slides = stepped["slides"]
    assert 40 <= len(slides) <= 60
    assert all(s["notes"] for s in slides), [s["id"] for s in slides if not s["notes"]]
    assert all(re.fullmatch(r"\d+", s["minutes"] or "") for s in slides), [s["id"] for s in slides]
    assert 80 <= sum(int(s["minutes"]) for s in slides) <= 90
    assert sum(int(s["minutes"]) for s in slides if s["optional"] != "60") <= 60
    assert sum(int(s["minutes"]) for s in slides if not s["optional"]) <= 45
    assert not stepped["errors"], stepped["errors"]


def test_every_slide_fits_the_screen_and_its_type_is_24px_or_more(stepped):
    assert all(s["scale"] == pytest.approx(1.0) for s in stepped["slides"])  # 1280x720 shows the deck at 100 %
    overflowing = [(s["id"], s["outside"][:3]) for s in stepped["slides"] if s["outside"] or s["scrolls"]]
    assert not overflowing
    small = [(s["id"], s["small"][:3]) for s in stepped["slides"] if s["small"]]
    assert not small


def test_few_slides_have_many_words_and_many_have_a_large_picture(stepped):
    slides = stepped["slides"]
    wordy = [(s["id"], s["words"]) for s in slides if s["words"] > MOST_WORDS]
    assert len(wordy) <= 0.1 * len(slides), wordy
    large = [s["id"] for s in slides if s["picture"] >= WIDTH * HEIGHT / 3]
    assert len(large) >= 12, large


def test_the_demo_slides_score_in_the_live_page(stepped, lang):
    import bleu_explain as bx
    from bleu_explain.display.export.lecture import deck_path, demo_query, read_deck
    from bleu_explain.display.html.live_state import LiveState

    demos = [s for s in stepped["slides"] if s["demo"]]
    assert len(demos) >= 4
    deck = {s.id: s for s in read_deck(deck_path(build_lecture.DECKS, lang)).slides}

    for slide in demos:
        assert slide["demo"].startswith("../" * DECK_PAGES[lang].count("/") + "live.html?")
        assert "&projector=1" in slide["demo"] and (lang == "en" or slide["demo"].endswith(f"&lang={lang}"))
        state = LiveState.from_query(demo_query(deck[slide["id"]].demo))
        expected = bx.explain_corpus([state.hypothesis], [list(state.references)], preset=state.preset,
                                     **state.settings()).score
        assert float(stepped["scores"][slide["id"]]) == pytest.approx(expected, rel=1e-12), slide["id"]


def test_no_request_leaves_the_machine(stepped):
    stepped["log"].assert_all_local()


def pdf_pages(pdf: bytes) -> int:
    """The number of page objects in a PDF, those inside compressed object streams included."""
    import zlib

    parts = [pdf]
    for stream in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            parts.append(zlib.decompress(stream.group(1)))
        except zlib.error:
            continue  # an image or a font: no objects in it
    return sum(len(re.findall(rb"/Type\s*/Page(?![s\w])", part)) for part in parts)


def test_the_pdf_has_one_page_per_slide(site, lang, stepped):
    pdf = site / DECK_PAGES[lang].replace("index.html", "lecture.pdf")
    assert pdf.read_bytes().startswith(b"%PDF")
    assert pdf_pages(pdf.read_bytes()) == len(stepped["slides"])
    if shutil.which("pdfinfo"):  # poppler's count too, where it is installed
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        assert re.search(r"^Pages:\s+(\d+)$", info, re.M).group(1) == str(len(stepped["slides"]))
        width, height = map(float, re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.M).groups())
        assert width / height == pytest.approx(WIDTH / HEIGHT)
