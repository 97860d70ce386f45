"""The course as slides: every notebook follows the slide convention, and the static decks load nothing remote.

The convention: the first cell (title and goals) and every cell that starts a ``## ``
section begin a slide; set-up cells and long tables are skipped; nothing else has slide metadata. The
counts here come from the notebook sources. The static decks need reveal.js from the npm registry in
``slides/node_modules`` (``make slides`` installs it); without it those tests skip and say so.
Also here: the glossary's links, and the CJK font fallback of the plots.
"""

from __future__ import annotations

import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.py"))
MAX_SLIDES = 19  # "under 20"
#: Hosts of the CDNs nbconvert's templates load from by default; no deck may name one.
CDN_HOSTS = ("unpkg.com", "cdnjs.cloudflare.com", "cdn.jsdelivr.net", "fonts.googleapis.com", "code.jquery.com")


def slide_type(cell) -> str | None:
    return cell.metadata.get("slideshow", {}).get("slide_type")


def read(source: Path):
    return jupytext.read(source, fmt="py:percent")


def is_section(cell) -> bool:
    return cell.cell_type == "markdown" and cell.source.startswith("## ")


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_title_and_goals_make_the_first_slide(source):
    first = read(source).cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert "## Learning goals" in first.source
    assert slide_type(first) == "slide"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_every_section_starts_a_slide_and_nothing_else_does(source):
    cells = read(source).cells
    for i, cell in enumerate(cells[1:], start=1):
        headings = [line for line in cell.source.splitlines() if line.startswith("## ")]
        if cell.cell_type == "markdown" and headings:
            assert cell.source.startswith("## "), f"cell {i}: a section heading in the middle of a cell ({headings[0]!r})"
        if is_section(cell):
            assert slide_type(cell) == "slide", f"cell {i} starts section {headings[0]!r} but no slide"
        else:
            assert slide_type(cell) in (None, "skip"), f"cell {i} is a {slide_type(cell)!r} but starts no section"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_under_20_slides_and_set_up_skipped(source):
    cells = read(source).cells
    slides = sum(slide_type(cell) == "slide" for cell in cells)
    assert 2 <= slides <= MAX_SLIDES, f"{slides} slides"
    set_up = cells[1]  # code right after the title: imports and data, which a lecture does not show
    if set_up.cell_type == "code" and re.search(r"^(import|from) ", set_up.source, re.M):
        assert slide_type(set_up) == "skip"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_built_notebook_carries_the_slide_metadata(source):
    built = nbformat.read(ROOT / "notebooks" / f"{source.stem}.ipynb", as_version=4)
    assert [slide_type(c) for c in built.cells] == [slide_type(c) for c in read(source).cells], \
        f"notebooks/{source.stem}.ipynb is out of date: run make notebooks"


# --------------------------------------------------------------------------- the static decks
def build_script():
    spec = importlib.util.spec_from_file_location("build_slides", ROOT / "scripts" / "build_slides.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_or_skip(out: Path, prefixes: list[str]) -> list[Path]:
    """Decks built with the installed front-end files (no network in tests: never runs npm). Only a missing
    front end skips (its reason names it); any other error of the build fails the test."""
    from bleu_explain.display.export.slides import FrontEndMissing

    try:
        return build_script().build(prefixes, out, fetch=False)
    except FrontEndMissing as exc:
        pytest.skip(str(exc))


class Resources(HTMLParser):
    """The URLs a page loads by itself: script sources and style sheets."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script" and attributes.get("src"):
            self.urls.append(attributes["src"])
        if tag == "link" and attributes.get("rel") == "stylesheet":
            self.urls.append(attributes["href"])


def loaded_urls(page: str) -> list[str]:
    """The page's own resources, the modules its require() calls name, and the widget manager it adds."""
    parser = Resources()
    parser.feed(page)
    required = [url for call in re.findall(r"require\(\s*\[([^\]]*)\]", page) for url in re.findall(r'"([^"]+)"', call)]
    renderer = re.findall(r"widgetRendererSrc = '([^']*)'", page)
    return parser.urls + required + renderer


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    out = tmp_path_factory.mktemp("slides")
    return out, build_or_skip(out, [])


@pytest.mark.notebooks
def test_one_deck_per_notebook_with_every_url_local(decks):
    out, pages = decks
    notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert sorted(p.name for p in pages) == [f"{stem}.slides.html" for stem in notebooks]
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert not [host for host in CDN_HOSTS if host in html], page.name
        urls = loaded_urls(html)
        assert any(url.endswith("reveal.js/dist/reveal.js") for url in urls), f"{page.name} does not load reveal.js"
        for url in urls:
            assert "//" not in url and not url.startswith("/"), f"{page.name} loads {url}"
            assert (out / url).is_file(), f"{page.name} loads {url}, which the build did not copy"


@pytest.mark.notebooks
def test_each_deck_has_the_slides_its_source_marks(decks):
    _, pages = decks
    for page in pages:
        source = ROOT / "notebooks" / "src" / page.name.replace(".slides.html", ".py")
        top_level = len(re.findall(r"<section[^>]*>\s*<section", page.read_text(encoding="utf-8")))
        assert top_level == sum(slide_type(c) == "slide" for c in read(source).cells), source.stem


@pytest.mark.notebooks
def test_links_between_notebooks_point_at_decks(decks):
    out, _ = decks
    page = (out / "00_start_here.slides.html").read_text(encoding="utf-8")
    assert 'href="01_precision_not_recall.slides.html"' in page
    assert not re.search(r'href="[0-9]{2}_[a-z_]+\.ipynb"', page)


@pytest.mark.notebooks
def test_a_notebook_executed_for_slides_draws_its_plots_in_the_projector_style():
    import base64
    import io

    from PIL import Image

    script = build_script()
    stored = nbformat.read(ROOT / "notebooks" / "04_brevity_penalty.ipynb", as_version=4)
    restyled = script.executed_in_style(stored, "projector")
    assert script.figures(restyled) == script.figures(stored) > 0
    widths = {Image.open(io.BytesIO(base64.b64decode(output["data"]["image/png"]))).width
              for cell in restyled.cells for output in cell.get("outputs", []) if "image/png" in output.get("data", {})}
    assert widths == {1280}, "every plot of a projector deck is 1280 pixels wide"
    assert stored == nbformat.read(ROOT / "notebooks" / "04_brevity_penalty.ipynb", as_version=4)  # untouched


def test_a_missing_front_end_is_a_clear_error(tmp_path):
    (tmp_path / "package-lock.json").write_text("{}")
    with pytest.raises(RuntimeError, match="not installed"):
        build_script().install_front_end(tmp_path, fetch=False)


# --------------------------------------------------------------------------- the glossary
GLOSSARY = ROOT / "docs" / "glossary.md"


def test_glossary_links_notebooks_that_exist():
    text = GLOSSARY.read_text(encoding="utf-8")
    targets = set(re.findall(r"\]\(\.\./notebooks/([^)]+\.ipynb)\)", text))
    assert len(targets) >= 10
    assert all((ROOT / "notebooks" / target).is_file() for target in targets), targets
    # every row names the Chinese term, or says that the translation has none
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| English")]
    for row in rows:
        chinese = row.split(" | ")[1]
        assert re.search(r"[\u4e00-\u9fff]", chinese) or "no term in the translation" in chinese \
            or "kept in English" in chinese or "in English" in chinese, row


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_notebook_links_the_glossary_beside_the_references(source):
    last = read(source).cells[-1].source
    assert "(../docs/references.md)" in last and "(../docs/glossary.md)" in last


def test_readme_links_the_glossary():
    assert "(docs/glossary.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- CJK text in plots
def test_cjk_families_join_the_fallback_list_only_when_installed():
    from bleu_explain.display.plots import figure

    default = ["DejaVu Sans", "Arial"]
    assert figure.with_cjk_fallback(default, installed=["DejaVu Sans"]) == default
    assert figure.with_cjk_fallback(default, installed=["DejaVu Sans", "Noto Sans CJK SC"]) == \
        default + ["Noto Sans CJK SC"]
    assert figure.with_cjk_fallback(["Noto Sans CJK SC"], installed=["Noto Sans CJK SC"]) == ["Noto Sans CJK SC"]


def test_plots_use_the_cjk_fonts_this_machine_has():
    import matplotlib

    from bleu_explain.display.plots import figure

    figure.new_figure()
    for key in ("font.sans-serif", "font.family"):
        listed = [name for name in matplotlib.rcParams[key] if name in figure.CJK_FAMILIES]
        assert listed == figure.installed_cjk_families(), key  # none on a machine without fonts-noto-cjk
    assert matplotlib.rcParams["font.family"][0] == "sans-serif"  # Latin text keeps its font
