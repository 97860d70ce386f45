"""The course as one static site: the lecture's deck, the live page, the handouts and the slides, under one index.

``scripts/build_site.py`` (``make site``, ``make live``) is the command; this module is the logic, with the
checkout's folders as parameters. The handouts and the slides are exported from the executed notebooks as
``make handouts`` and ``make slides`` export them, with every page linked to the live page and every
highlighted sentence given a "Try this live" link that opens it there (the address it carries in
``data-live-query``).

The live page runs the project's own Python in the browser: Pyodide core (CPython compiled to WebAssembly,
from the npm registry: ``web/package.json`` and its lock, ``npm ci`` in ``web/``) runs in a Web Worker, with
the package unpacked into its file system from a wheel built here from the checkout's ``bleu_explain/`` (its
Python modules only: no notebooks, no data). Nothing is fetched from a CDN: the site works from any static
host, with no network.

The index links only the parts that were built (``make live`` builds the live page alone):

>>> "slides/index.html" in index_html(("live",), "1.0"), "live.html" in index_html(("live",), "1.0")
(False, True)
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import shutil
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from ...messages.catalogue import text

if TYPE_CHECKING:  # pragma: no cover
    from .handouts.pages import ExerciseSource

#: What the page needs of the pyodide npm package (its core: no packages beyond the standard library).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
NPM_COMMAND = "npm ci --ignore-scripts --no-audit --no-fund"
#: The page's own files, copied from ``web/`` into ``live/``: one module a concept (the page's wiring, its form, its
#: address, the conversation with the Python worker, the result, the files it loads, the Diagnose panel, the
#: settings a tool holds fixed) and the two workers. ``live/schema.js`` is written beside them, from
#: :mod:`bleu_explain.display.html.live_schema`.
WEB_FILES = ("live.js", "form.js", "link.js", "conversation.js", "result.js", "files.js", "diagnose.js",
             "fixed-settings.js", "i18n.js", "address.js", "address-worker.js", "worker.js", "live.css")
#: The module of the page's boundary with its workers, written by the build (not a file of ``web/``).
SCHEMA_FILE = "schema.js"
#: The module of the page's words in every language, written by the build from the message catalogue.
MESSAGES_FILE = "messages.js"
#: Where the live page is, seen from the handouts' and the slides' pages.
LIVE_FROM_SUBFOLDER = "../live.html"
#: The site's parts, in the order the index and every page's navigation list them (each name from the catalogue,
#: ``page.nav.<part>``).
PARTS = {
    "lecture": ("lecture/index.html", text("page.nav.lecture"), "one slide deck to give the lecture from, with live "
                "demos and speaker notes (press S), and its PDF (lecture/lecture.pdf)."),
    "live": ("live.html", text("page.nav.live"), "type a candidate and its references and watch every step of BLEU, "
             "computed by the course's own Python in your browser (every preset: sacreBLEU, NLTK, mteval, multi-bleu, "
             "the paper ...)."),
    "handouts": ("handouts/index.html", text("page.nav.handouts"), "every notebook as a page to read offline, with "
                 "worksheets."),
    "slides": ("slides/index.html", text("page.nav.slides"), "every notebook as a slide show for a lecture."),
}


class MissingPyodide(FileNotFoundError):
    """``npm ci`` has not been run in web/."""


def package_files(root: Path) -> list[Path]:
    """The package's Python modules, as a wheel of its code carries them (sorted, so the wheel is reproducible)."""
    package = root / "bleu_explain"
    return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)


def build_wheel(out_dir: Path, root: Path) -> Path:
    """A pure-Python wheel of the checkout's package code (what the page unpacks into Pyodide's site-packages).

    The wheel format (PEP 427) by hand: the modules, then METADATA, WHEEL and RECORD with each file's
    sha256. Building it here needs neither the network nor the ``wheel`` package.
    """
    from ...version import __version__

    dist_info = f"bleu_explain-{__version__}.dist-info"
    name = f"bleu_explain-{__version__}-py3-none-any.whl"
    entries: list[tuple[str, bytes]] = [
        (p.relative_to(root).as_posix(), p.read_bytes()) for p in package_files(root)]
    entries.append((f"{dist_info}/METADATA", (
        "Metadata-Version: 2.1\nName: bleu-explain\n"
        f"Version: {__version__}\nSummary: BLEU, step by step (the live page's copy: the package's code only)\n"
        "License: Apache-2.0\nRequires-Python: >=3.10\n").encode()))
    entries.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: bleu-explain build_site\n"
                                          b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = []
    for path, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / name
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries:
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))  # fixed: the same checkout, the same bytes
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return target


def pyodide_version(pyodide: Path) -> str:
    return json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]


def nav_html(parts: Sequence[str], current: str = "") -> str:
    """The site's navigation: the index and each part that was built, the current one marked."""
    def mark(name: str) -> str:
        return ' aria-current="page"' if name == current else ""

    links = [f'<a href="index.html"{mark("index")}>bleu-explain</a>']
    # each name is a message of the catalogue: the live page says it in its reader's language
    links += [f'<a href="{PARTS[part][0]}"{mark(part)} data-i18n="page.nav.{part}">{PARTS[part][1]}</a>'
              for part in parts]
    return f'<nav aria-label="site">{"".join(links)}</nav>'


def build_live(out: Path, web: Path, root: Path, pyodide: Path, parts: Sequence[str] = ("live",)) -> Path:
    """``out/live.html`` and ``out/live/``: the page, its scripts, Pyodide core and the package's wheel. The page's
    navigation links ``parts``, the parts of the site that are built."""
    from ...version import __version__
    from ..html.live import example_states, page_options
    from ..html.live_schema import javascript_module
    from ..html.words import fill_page
    from ..html.words import javascript_module as messages_module

    if not all((pyodide / f).is_file() for f in PYODIDE_FILES):
        raise MissingPyodide(f"Pyodide is not in {pyodide}: run `cd web && {NPM_COMMAND}` once "
                             "(needs Node.js with npm: apt-get install npm)")
    live = out / "live"
    if live.exists():
        shutil.rmtree(live)
    (live / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, live / "pyodide" / name)
    for name in WEB_FILES:
        shutil.copy2(web / name, live / name)
    (live / SCHEMA_FILE).write_text(javascript_module(), encoding="utf-8")
    (live / MESSAGES_FILE).write_text(messages_module(), encoding="utf-8")
    wheel = build_wheel(live, root)
    version = pyodide_version(pyodide)
    sizes = {"wheel": wheel.stat().st_size,
             "pyodide": sum((live / "pyodide" / f).stat().st_size for f in PYODIDE_FILES if f != "package.json")}
    (live / "live-config.json").write_text(json.dumps({"wheel": wheel.name, "version": __version__, "bytes": sizes})
                                           + "\n", encoding="utf-8")
    (live / "NOTICE.txt").write_text(
        f"The live page runs Pyodide {version} (https://pyodide.org), licensed under the Mozilla Public License "
        "2.0, copied unchanged from the npm package 'pyodide'. Its Python standard library is under the Python "
        "Software Foundation License.\nbleu-explain is licensed under the Apache License 2.0.\n", encoding="utf-8")

    def embed(value: object) -> str:  # JSON inside <script type="application/json">: no "</" can close it
        return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")

    page = fill_page((web / "live.html").read_text(encoding="utf-8"))
    page = (page.replace("{{NAV}}", nav_html(parts, "live"))
                .replace("{{OPTIONS_JSON}}", embed(page_options()))
                .replace("{{EXAMPLES_JSON}}", embed(example_states()))
                .replace("{{VERSION}}", html.escape(__version__))
                .replace("{{PYODIDE_VERSION}}", html.escape(version)))
    (out / "live.html").write_text(page, encoding="utf-8")
    return out / "live.html"


def index_html(parts: Sequence[str], version: str) -> str:
    """The site's front page: a line for each part that was built, and nothing else."""
    items = "\n".join(f'<li><a href="{PARTS[p][0]}"><b>{PARTS[p][1]}</b></a>: {PARTS[p][2]}</li>' for p in parts)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>bleu-explain: BLEU, step by step</title><link rel="stylesheet" href="live/live.css"></head>
<body><header class="site-header">{nav_html(parts, "index")}
<h1>BLEU, step by step</h1></header>
<ul class="site-index">
{items}
</ul>
<p class="muted">Served from any static host; nothing is fetched from elsewhere. bleu-explain {html.escape(version)}.</p>
</body></html>
"""


def build_handouts(out: Path, root: Path, exercises_for: ExerciseSource) -> None:
    from .handouts.export import export_course

    if out.exists():
        shutil.rmtree(out)
    export_course(root / "notebooks", out, exercises_for, live_url=LIVE_FROM_SUBFOLDER)


def build_slides(out: Path, root: Path) -> None:
    """Every deck of the checkout at ``root``, from the notebooks' stored outputs, linked to the live page
    (``make slides`` draws the plots again in the projector style)."""
    from .slides import build_decks

    if out.exists():
        shutil.rmtree(out)
    notebooks = sorted((root / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    build_decks(notebooks, out, root / "slides", course=notebooks, live_url=LIVE_FROM_SUBFOLDER,
                notes_file=root / "slides" / "notes.md")


def build_lecture_deck(out: Path, root: Path, pdf: bool = True) -> None:
    """The 90-minute lecture's deck (English) into ``out/lecture/``, with its PDF (:mod:`.lecture`)."""
    from .lecture import build_lecture
    from .slides import install_front_end

    build_lecture(out, root / "lecture", install_front_end(root / "slides"), pdf=pdf)


def build_site(out: Path, root: Path, pyodide: Path, live_only: bool = False,
               exercises_for: Optional[ExerciseSource] = None) -> list[Path]:
    """The whole site (or only the live page) from the checkout at ``root``; returns the pages written at its
    top. The index links only what was built. The handouts' worksheets need ``exercises_for`` (the course's
    :func:`bleu_explain.course.checker.exercises_for`: the display layer knows no exercise)."""
    if not live_only and exercises_for is None:
        raise ValueError("the handouts need exercises_for (bleu_explain.course.checker.exercises_for)")
    from ...version import __version__

    parts = ("live",) if live_only else tuple(PARTS)
    out.mkdir(parents=True, exist_ok=True)
    if live_only:  # what an earlier full build left is not linked, and not left to look linked
        for stale in ("handouts", "slides", "lecture"):
            if (out / stale).is_dir():
                shutil.rmtree(out / stale)
    pages = [build_live(out, root / "web", root, pyodide, parts)]
    if not live_only:
        assert exercises_for is not None
        build_handouts(out / "handouts", root, exercises_for)
        build_slides(out / "slides", root)
        build_lecture_deck(out, root)
    (out / "index.html").write_text(index_html(parts, __version__), encoding="utf-8")
    pages.append(out / "index.html")
    return pages


def site_size(out: Path) -> int:
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
