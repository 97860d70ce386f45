"""Static reveal.js slides of the course notebooks, every script served from the slides' own folder.

    python scripts/build_slides.py                # every notebook into slides/ (or: make slides)
    python scripts/build_slides.py 04 05          # the notebooks whose names start with these
    python scripts/build_slides.py --out DIR 04   # somewhere else
    python scripts/build_slides.py --stored       # the notebooks' stored outputs as they are (quicker)

The plots of a deck are drawn in the projector style (type of 18 pt and more on a 1280-pixel-wide figure,
thick lines; see ``bleu_explain.display.plots.style``): slides are made from a notebook's outputs, so each
notebook is executed again, in memory, with ``BLEU_EXPLAIN_PLOT_STYLE=projector`` (the notebooks in
``notebooks/`` keep their screen-style outputs). This takes as long as ``make notebooks``. A notebook that
shows fewer figures executed here than stored (its data missing, say) keeps its stored outputs, and the
script says so. ``--stored`` skips the execution.

Each executed notebook ``notebooks/NN_name.ipynb`` becomes ``NN_name.slides.html``: nbconvert's
SlidesExporter makes one slide of every cell marked ``slide`` and the cells after it, and leaves out the
cells marked ``skip``. The notebooks mark the title cell and every ``## `` section ``slide``, set-up cells
and long tables ``skip`` (``tests/test_slides.py`` checks it). ``index.html`` lists the decks.

No page loads anything from a CDN. reveal.js, require.js (which loads reveal.js and the widget manager)
and the Jupyter widgets HTML manager come from the npm registry (``slides/package.json``, installed
with ``npm ci`` when ``slides/node_modules`` is missing) and are copied next to the pages. The widget
manager draws the widget views the notebooks stored, in their stored state: they look as they did when
the notebook was built but do not compute (there is no kernel: open the notebook in JupyterLab for live
widgets). The course has no LaTeX and no Mermaid diagrams, so MathJax and Mermaid are left out.
"""

from __future__ import annotations

import argparse
import html
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
FRONT_END = ROOT / "slides"  # package.json and package-lock.json; node_modules/ is git-ignored
DEFAULT_OUT = ROOT / "slides"

#: Where the copied front-end files go, relative to the pages (the pages' URLs are these relative paths).
VENDOR = "vendor"
REVEAL_DIR = f"{VENDOR}/reveal.js"
REQUIRE_JS = f"{VENDOR}/require.js"
#: The widget manager finds its fonts beside the modules it defines, which require.js places under its
#: base URL (VENDOR): so its dist/ keeps the path it has on the npm registry.
WIDGETS = f"{VENDOR}/@jupyter-widgets"
WIDGET_MANAGER = f"{WIDGETS}/html-manager/dist/embed-amd.js"

#: The reveal template with every remote script taken out: no jQuery, no Mermaid, no MathJax (nothing
#: in the course needs them), and reveal.js started from local files. Long slides scroll inside the
#: slide instead of running off its bottom edge.
TEMPLATE = r"""{%- extends 'index.html.j2' -%}
{%- block html_head_js_jquery -%}{%- endblock html_head_js_jquery -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_requirejs -%}
<script src="{{ resources.require_js_url }}"></script>
<script>require.config({baseUrl: "{{ resources.vendor }}/"});</script>
{%- endblock html_head_js_requirejs -%}
{%- block html_head_css -%}
<style type="text/css">
.reveal { --r-heading-text-transform: none; }
.reveal .slides section.stack > section { height: 100%; overflow-y: auto; overflow-x: hidden; }
.reveal .slides section h1 { font-size: 1.6em; }
.reveal .slides section h2 { font-size: 1.3em; }
.reveal .slides section h3 { font-size: 1.1em; }
.reveal table { margin: 0.4em 0; }
.reveal .jp-OutputArea-output { overflow-x: auto; --jp-widgets-font-size: 14px; }  /* labels fit their fixed widths */
.reveal .jp-OutputArea-output pre { word-break: normal; }  /* printed lines wrap between words, as in JupyterLab */
</style>
{%- endblock html_head_css -%}
{% block footer_js %}
{%- if resources.live_url %}
<a class="live-link" href="{{ resources.live_url }}" style="position:fixed; top:8px; right:12px; z-index:30;
   font: 600 16px/1.4 system-ui, sans-serif; color:#0072b2;">Live BLEU</a>
<style>.reveal .try-live { display:inline-block; font: 600 18px/1.4 system-ui, sans-serif; color:#0072b2; }</style>
{{ resources.live_script }}
{%- endif %}
<script>
require(
    ["{{ resources.reveal.url_prefix }}/dist/reveal.js", "{{ resources.reveal.url_prefix }}/plugin/notes/notes.js"],
    function (Reveal, RevealNotes) {
        Reveal.initialize({
            controls: true,
            progress: true,
            history: true,
            center: false,
            transition: "{{ resources.reveal.transition }}",
            slideNumber: "c/t",
            plugins: [RevealNotes],
            width: {{ resources.reveal.width }},
            height: {{ resources.reveal.height }},
        });
        window.Reveal = Reveal;
    }
);
</script>
{% endblock footer_js %}
"""


def notebook_paths(prefixes: list[str]) -> list[Path]:
    paths = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if prefixes:
        paths = [p for p in paths if any(p.stem.startswith(prefix) for prefix in prefixes)]
    if not paths:
        raise FileNotFoundError(f"no notebook in notebooks/ starts with {' or '.join(prefixes)}")
    return paths


def install_front_end(front_end: Path = FRONT_END, fetch: bool = True) -> Path:
    """``front_end/node_modules``, installed with ``npm ci`` from the lock file unless it is there and up to date.

    With ``fetch=False`` (the tests: no network) a missing or stale install is an error instead.
    """
    modules = front_end / "node_modules"
    installed = modules / ".package-lock.json"  # npm writes it on every install
    if installed.is_file() and installed.stat().st_mtime >= (front_end / "package-lock.json").stat().st_mtime:
        return modules
    if not fetch:
        raise RuntimeError(f"reveal.js is not installed in {front_end.name}/node_modules "
                           f"(or is older than the lock file): run `make slides` once, or npm ci in {front_end.name}/")
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed once to fetch reveal.js from the npm registry "
                           "(Debian: apt-get install npm), then the slides build without it")
    run = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=front_end, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"npm ci in {front_end.name}/ failed:\n{run.stderr.strip()[-2000:]}")
    return modules


def copy_front_end(modules: Path, out: Path) -> None:
    """reveal.js's dist/ and plugin/, require.js and the widget manager (without source maps) next to the pages."""
    reveal = modules / "reveal.js"
    for part in ("dist", "plugin"):
        shutil.copytree(reveal / part, out / REVEAL_DIR / part, dirs_exist_ok=True)
    shutil.copy2(modules / "requirejs" / "require.js", out / REQUIRE_JS)
    manager = modules / "@jupyter-widgets" / "html-manager" / "dist"
    shutil.copytree(manager, (out / WIDGET_MANAGER).parent, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("*.map", "embed.js", "*.LICENSE.txt"))
    # the controls module looks for the same icon fonts one level up
    for font in manager.iterdir():
        if font.suffix in {".woff2", ".woff", ".ttf", ".eot", ".svg"}:
            shutil.copy2(font, out / WIDGETS / font.name)


def exporter():
    """nbconvert's SlidesExporter on the template above, every URL relative to the page."""
    from jinja2 import DictLoader
    from nbconvert import SlidesExporter

    return SlidesExporter(
        extra_loaders=[DictLoader({"bleu_explain_slides.html.j2": TEMPLATE})],
        template_file="bleu_explain_slides.html.j2",
        reveal_url_prefix=REVEAL_DIR,
        reveal_theme="white",  # its fonts are in reveal.js (the other themes fetch web fonts)
        reveal_transition="none",
        reveal_width="1600",  # 16:9, scaled to the screen: 1280x720 shows it at 80 %
        reveal_height="900",
        require_js_url=REQUIRE_JS,
        widget_renderer_url=WIDGET_MANAGER,
        jquery_url="",
        mathjax_url="",
        embed_images=True,
    )


def deck_title(nb) -> str:
    """The notebook's first heading."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return ""


def link_decks(page: str, stems: set[str]) -> str:
    """Links to another notebook of the course point at its deck (the slides' folder has no notebooks)."""
    return re.sub(r'href="([0-9]{2}_[a-z0-9_]+)\.ipynb"',
                  lambda m: f'href="{m.group(1)}.slides.html"' if m.group(1) in stems else m.group(0), page)


def write_index(out: Path, notebooks: list[Path], live_url: str | None = None) -> None:
    """``out/index.html``: every deck in the folder, by its notebook's title (and the live page, in a site)."""
    import nbformat

    entries = "".join(f'<li><a href="{html.escape(p.stem)}.slides.html">'
                      f'{html.escape(deck_title(nbformat.read(p, as_version=4)) or p.stem)}</a></li>' for p in notebooks)
    (out / "index.html").write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>bleu-explain: slides</title></head>"
        "<body style='font-family:sans-serif;max-width:50em;margin:2em auto'>"
        "<h1>bleu-explain: the course as slides</h1><p>Arrow keys move between slides; a long slide scrolls. "
        "Widgets show the state stored in the notebook and do not compute: open the notebook in JupyterLab "
        f"for live ones.</p><ol>{entries}</ol>"
        + (f'<p><a href="{html.escape(live_url)}">Live BLEU</a>: every step computed in your browser.</p>'
           if live_url else "")
        + "</body></html>", encoding="utf-8")


def figures(nb) -> int:
    """How many PNG figures a notebook's outputs hold."""
    return sum("image/png" in output.get("data", {}) for cell in nb.cells for output in cell.get("outputs", []))


def executed_in_style(nb, plot_style: str, timeout: int = 600):
    """A copy of ``nb`` executed in ``notebooks/`` with every plot in ``plot_style`` (the notebook file is untouched)."""
    import os

    import nbformat
    from nbclient import NotebookClient

    from bleu_explain.display.plots.style import STYLE_ENV

    copy = nbformat.from_dict(nb)
    settings = {STYLE_ENV: plot_style, "PYTHONHASHSEED": "0", "MPLBACKEND": "module://matplotlib_inline.backend_inline"}
    saved = {name: os.environ.get(name) for name in settings}
    os.environ.update(settings)  # the kernel inherits them
    try:
        NotebookClient(copy, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return copy


def build(prefixes: list[str], out: Path = DEFAULT_OUT, front_end: Path = FRONT_END, fetch: bool = True,
          live_url: str | None = None, plot_style: str | None = None) -> list[Path]:
    """Write one deck per notebook and an index into ``out``; return the decks. ``live_url`` (the course's site)
    links every deck to the live page, and every highlighted sentence to it ("try this live"). With
    ``plot_style`` (``"projector"``) each notebook is executed again with its plots in that style; without, the
    stored outputs are used as they are."""
    import nbformat

    from bleu_explain.display.export.handouts.pages import live_links_script

    paths = notebook_paths(prefixes)
    modules = install_front_end(front_end, fetch)
    out.mkdir(parents=True, exist_ok=True)
    copy_front_end(modules, out)
    slides = exporter()
    every_notebook = notebook_paths([])
    decks = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        if plot_style is not None:
            restyled = executed_in_style(nb, plot_style)
            if figures(restyled) < figures(nb):
                print(f"{path.stem}: executed, it shows {figures(restyled)} figures where the stored notebook shows "
                      f"{figures(nb)} (are its data missing?): its stored outputs are used", file=sys.stderr)
            else:
                nb = restyled
        body, _ = slides.from_notebook_node(nb, resources={"metadata": {"name": path.stem}, "vendor": VENDOR,
                                                           "live_url": live_url,
                                                           "live_script": live_links_script(live_url)})
        deck = out / f"{path.stem}.slides.html"
        deck.write_text(link_decks(body, {p.stem for p in every_notebook}), encoding="utf-8")
        decks.append(deck)
    write_index(out, [p for p in every_notebook if (out / f"{p.stem}.slides.html").is_file()], live_url)
    return decks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="notebook name prefixes, e.g. 04 05 (default: all)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: slides/)")
    parser.add_argument("--live-url", default=None, help="the live page's address from the decks (make site: ../live.html)")
    parser.add_argument("--stored", action="store_true",
                        help="use the notebooks' stored outputs instead of executing them with projector-style plots")
    args = parser.parse_args(argv)
    try:
        decks = build(args.prefixes, args.out, live_url=args.live_url, plot_style=None if args.stored else "projector")
    except (FileNotFoundError, RuntimeError) as exc:
        print(f"build_slides: error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {len(decks)} slide deck{'s' if len(decks) != 1 else ''} to {args.out} (open {args.out / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
