"""`make site`: the lecture, the live page, the handouts and the slides under one index, every page linked to the live page.

The site is built as ``make site`` builds it (scripts/build_site.py) into a scratch folder. Its front-end files
come from npm (web/, the handouts' assets, slides/): the copies ``make test`` fetched; without them the test
skips and says which is missing. The live page itself is driven in Chromium by tests/test_browser_live.py.
"""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from bleu_explain.display.export.handouts.assets import NODE_MODULES
from bleu_explain.display.html.live_state import LiveState
from bleu_explain.engine.config import TOKENIZERS
from bleu_explain.engine.presets import PRESETS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402

pytestmark = pytest.mark.notebooks


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    missing = [name for name, path in (("web/node_modules (Pyodide)", build_site.PYODIDE),
                                       ("the handouts' assets", NODE_MODULES),
                                       ("slides/node_modules", ROOT / "slides" / "node_modules")) if not path.is_dir()]
    if missing:
        pytest.skip(f"npm has not fetched {', '.join(missing)}: run make npm-assets (make test does)")
    out = tmp_path_factory.mktemp("site")
    build_site.build_site(out)
    return out


def test_one_index_links_the_lecture_first_then_the_other_parts(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    targets = ("lecture/index.html", "live.html", "handouts/index.html", "slides/index.html")
    for target in targets:
        assert f'href="{target}"' in index and (site / target).is_file()
    items = index.split('<ul class="site-index">', 1)[1]
    assert [items.index(f'href="{t}"') for t in targets] == sorted(items.index(f'href="{t}"') for t in targets)
    assert (site / "lecture" / "lecture.pdf").is_file()


def test_every_page_links_to_the_live_page(site):
    pages = sorted((site / "handouts").glob("*.html")) + sorted((site / "slides").glob("*.html"))
    assert len(pages) >= 2 * 13
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert 'href="../live.html"' in text, page.name
        if "data-live-query" in text:  # a highlighted sentence: the page turns it into "Try this live"
            assert "Try this live" in text, page.name


def test_every_highlighted_sentence_carries_a_state_the_live_page_reads(site):
    queries = []
    for page in sorted((site / "handouts").glob("*.html")):
        queries += re.findall(r'data-live-query="([^"]+)"', page.read_text(encoding="utf-8"))
    assert len(queries) >= 5
    for query in queries:
        state = LiveState.from_query(query.replace("&amp;", "&"))
        assert state.preset in PRESETS and state.references and parse_qs(query.replace("&amp;", "&"))["hyp"]


def test_the_live_page_offers_every_preset_and_tokenizer(site):
    page = (site / "live.html").read_text(encoding="utf-8")
    options = json.loads(re.search(r'<script type="application/json" id="page-options">(.*?)</script>', page,
                                   re.S).group(1).replace("<\\/", "</"))
    assert [p["name"] for p in options["presets"]] == list(PRESETS)
    assert [t["name"] for t in options["tokenizers"]] == list(TOKENIZERS)
    needs = {t["name"] for t in options["tokenizers"] if t["unavailable"]}
    assert needs == {"ja-mecab", "ko-mecab", "spm", "flores101", "flores200", "spBLEU-1K"}


def test_the_wheel_holds_the_package_code_only(site):
    config = json.loads((site / "live" / "live-config.json").read_text(encoding="utf-8"))
    with zipfile.ZipFile(site / "live" / config["wheel"]) as wheel:
        names = wheel.namelist()
        assert "bleu_explain/display/html/live.py" in names and "bleu_explain/engine/combine.py" in names
        assert all(n.endswith(".py") or ".dist-info/" in n for n in names)
        record = wheel.read(next(n for n in names if n.endswith("RECORD"))).decode()
    assert len(record.splitlines()) == len(names)
    # built from the checkout: the same files, the same bytes
    assert sorted(n for n in names if n.endswith(".py")) == sorted(
        p.relative_to(ROOT).as_posix() for p in build_site.package_files())


def test_make_live_builds_the_live_page_and_links_nothing_it_did_not_build(tmp_path):
    if not all((build_site.PYODIDE / f).is_file() for f in build_site.PYODIDE_FILES):
        pytest.skip("npm has not fetched web/node_modules (Pyodide): run make npm-assets (make test does)")
    (tmp_path / "slides").mkdir()  # what an earlier `make site` left is not linked, and not left behind
    (tmp_path / "slides" / "index.html").write_text("old", encoding="utf-8")
    assert build_site.main(["--live-only", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html", "live", "live.html"]
    for page in ("index.html", "live.html"):
        text = (tmp_path / page).read_text(encoding="utf-8")
        for href in re.findall(r'href="([^"#?]+)', text):
            if href.startswith(("http:", "https:", "data:")):
                continue
            assert (tmp_path / href).is_file(), f"{page} links {href}, which make live did not build"
        assert "handouts/" not in text and "slides/" not in text
