"""The course as one static site: the live page, the handouts and the slides, under one index.

    python scripts/build_site.py                 # site/: the live page, the handouts and the slides (or: make site)
    python scripts/build_site.py --live-only     # only the live page and the index (or: make live)
    python scripts/build_site.py --out DIR

The handouts and the slides are exported from the executed notebooks as ``make handouts`` and ``make slides``
export them, with every page linked to the live page and every highlighted sentence given a "Try this
live" link that opens it there (the address it carries in ``data-live-query``).

``site/live.html`` runs the project's own Python in the browser: Pyodide core (CPython compiled to
WebAssembly, from the npm registry: ``web/package.json`` and its lock, ``npm ci`` in ``web/``) runs in a
Web Worker, with the package unpacked into its file system from a wheel built here from the checkout's
``bleu_explain/`` (its Python modules only: no notebooks, no data). Nothing is fetched from a CDN: the site
works from any static host (``python -m http.server 8000 --bind 127.0.0.1 -d site``), with no network.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PYODIDE = WEB / "node_modules" / "pyodide"
DEFAULT_OUT = ROOT / "site"
#: What the page needs of the pyodide npm package (its core: no packages beyond the standard library).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
NPM_COMMAND = "npm ci --ignore-scripts --no-audit --no-fund"

sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]


class MissingPyodide(FileNotFoundError):
    """``npm ci`` has not been run in web/."""


def package_files(root: Path = ROOT) -> list[Path]:
    """The package's Python modules, as a wheel of its code carries them (sorted, so the wheel is reproducible)."""
    package = root / "bleu_explain"
    return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """A pure-Python wheel of the checkout's package code (what the page unpacks into Pyodide's site-packages).

    The wheel format (PEP 427) by hand: the modules, then METADATA, WHEEL and RECORD with each file's
    sha256. Building it here needs neither the network nor the ``wheel`` package.
    """
    from bleu_explain.version import __version__

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


def pyodide_version(pyodide: Path = PYODIDE) -> str:
    return json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]


def build_live(out: Path, pyodide: Path = PYODIDE) -> Path:
    """``out/live.html`` and ``out/live/``: the page, its scripts, Pyodide core and the package's wheel."""
    from bleu_explain.display.html.live import example_states, page_options
    from bleu_explain.version import __version__

    if not all((pyodide / f).is_file() for f in PYODIDE_FILES):
        raise MissingPyodide(f"Pyodide is not in {pyodide}: run `cd web && {NPM_COMMAND}` once "
                             "(needs Node.js with npm: apt-get install npm)")
    live = out / "live"
    if live.exists():
        shutil.rmtree(live)
    (live / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, live / "pyodide" / name)
    for name in ("worker.js", "live.js", "live.css"):
        shutil.copy2(WEB / name, live / name)
    wheel = build_wheel(live)
    version = pyodide_version(pyodide)
    (live / "live-config.json").write_text(json.dumps({"wheel": wheel.name, "version": __version__}) + "\n",
                                           encoding="utf-8")
    (live / "NOTICE.txt").write_text(
        f"The live page runs Pyodide {version} (https://pyodide.org), licensed under the Mozilla Public License "
        "2.0, copied unchanged from the npm package 'pyodide'. Its Python standard library is under the Python "
        "Software Foundation License.\nbleu-explain is licensed under the Apache License 2.0.\n", encoding="utf-8")

    def embed(value: object) -> str:  # JSON inside <script type="application/json">: no "</" can close it
        return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")

    page = (WEB / "live.html").read_text(encoding="utf-8")
    page = (page.replace("{{OPTIONS_JSON}}", embed(page_options()))
                .replace("{{EXAMPLES_JSON}}", embed(example_states()))
                .replace("{{VERSION}}", html.escape(__version__))
                .replace("{{PYODIDE_VERSION}}", html.escape(version)))
    (out / "live.html").write_text(page, encoding="utf-8")
    return out / "live.html"


INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>bleu-explain: BLEU, step by step</title><link rel="stylesheet" href="live/live.css"></head>
<body><header class="site-header"><nav aria-label="site"><a href="index.html" aria-current="page">bleu-explain</a>
<a href="handouts/index.html">Course handouts</a><a href="slides/index.html">Slides</a><a href="live.html">Live BLEU</a></nav>
<h1>BLEU, step by step</h1></header>
<ul class="site-index">
<li><a href="live.html"><b>Live BLEU</b></a>: type a candidate and its references and watch every step of BLEU,
computed by the course's own Python in your browser (every preset: sacreBLEU, NLTK, mteval, multi-bleu, the paper ...).</li>
<li><a href="handouts/index.html"><b>The course</b></a>: every notebook as a page to read offline, with worksheets.</li>
<li><a href="slides/index.html"><b>Slides</b></a>: every notebook as a slide show for a lecture.</li>
</ul>
<p class="muted">Served from any static host; nothing is fetched from elsewhere. bleu-explain {version}.</p>
</body></html>
"""


#: Where the live page is, seen from the handouts' and the slides' pages.
LIVE_FROM_SUBFOLDER = "../live.html"


def build_handouts(out: Path) -> None:
    from bleu_explain.course.checker import exercises_for
    from bleu_explain.display.export.handouts.export import export_course

    if out.exists():
        shutil.rmtree(out)
    export_course(ROOT / "notebooks", out, exercises_for, live_url=LIVE_FROM_SUBFOLDER)


def build_slides(out: Path) -> None:
    import build_slides as slides

    if out.exists():
        shutil.rmtree(out)
    slides.build([], out, live_url=LIVE_FROM_SUBFOLDER)


def build_site(out: Path, live_only: bool = False) -> list[Path]:
    """The whole site (or only the live page); returns the pages written at its top."""
    from bleu_explain.version import __version__

    out.mkdir(parents=True, exist_ok=True)
    pages = [build_live(out)]
    if not live_only:
        build_handouts(out / "handouts")
        build_slides(out / "slides")
    (out / "index.html").write_text(INDEX.format(version=html.escape(__version__)), encoding="utf-8")
    pages.append(out / "index.html")
    return pages


def site_size(out: Path) -> int:
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=DEFAULT_OUT)
    p.add_argument("--live-only", action="store_true", help="write only the live page and the index")
    args = p.parse_args(argv)
    try:
        pages = build_site(args.out, args.live_only)
    except (FileNotFoundError, RuntimeError) as exc:
        print(f"build_site: {exc}", file=sys.stderr)
        return 1
    size = site_size(args.out)
    print(f"wrote {', '.join(str(p.relative_to(args.out)) for p in pages)} in {args.out} "
          f"({size / 1e6:.1f} MB); serve it with: python -m http.server 8000 --bind 127.0.0.1 -d {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
