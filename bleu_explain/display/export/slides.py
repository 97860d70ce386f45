"""Static reveal.js decks of the course notebooks, made to be projected, every script served from the deck's folder.

:func:`build_decks` turns each notebook into ``NN_name.slides.html`` with nbconvert's SlidesExporter, after
:func:`.slide_layout.lay_out` has cut every section that is taller than a slide into vertical sub-slides (a
1280x720 projector shows a 1600x900 slide at 77 %, its body text at 21 px), hidden long code, and cut outputs
taller than a slide. The right arrow and the space bar step through every slide, sub-slides included;
slides are numbered ``h.v`` (section, then its sub-slide), as is the address (``#/3/2``). Speaker notes come
from a Markdown file (:mod:`.slide_notes`); S opens reveal's speaker view.

Nothing is loaded from a CDN: reveal.js, require.js and the Jupyter widgets HTML manager come from the npm
registry (``package.json`` in the front-end folder, installed with ``npm ci``) and are copied beside the
decks. Stored widget views are drawn in their stored state and do not compute (there is no kernel).
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bleu_explain.display.export.slide_layout import SlidePlace, lay_out, outline
from bleu_explain.display.export.slide_notes import notes_for
from bleu_explain.display.export.slide_sizes import SlideMetrics, slide_css

#: Where the copied front-end files go, relative to the pages (the pages' URLs are these relative paths).
VENDOR = "vendor"
REVEAL_DIR = f"{VENDOR}/reveal.js"
REQUIRE_JS = f"{VENDOR}/require.js"
#: The widget manager finds its fonts beside the modules it defines, which require.js places under its
#: base URL (VENDOR): so its dist/ keeps the path it has on the npm registry.
WIDGETS = f"{VENDOR}/@jupyter-widgets"
WIDGET_MANAGER = f"{WIDGETS}/html-manager/dist/embed-amd.js"

#: The reveal template with every remote script taken out: no jQuery, no Mermaid, no MathJax (nothing
#: in the course needs them), and reveal.js started from local files.
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
{{ resources.slide_css }}
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
            hashOneBasedIndex: true,
            center: false,
            navigationMode: "linear",
            transition: "{{ resources.reveal.transition }}",
            slideNumber: "h.v",
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


class FrontEndMissing(RuntimeError):
    """reveal.js and the scripts beside it are not installed, and were not to be fetched (or could not be)."""


def install_front_end(front_end: Path, fetch: bool = True) -> Path:
    """``front_end/node_modules``, installed with ``npm ci`` from the lock file unless it is there and up to date.

    With ``fetch=False`` (the tests: no network) a missing or stale install is an error instead.
    """
    modules = front_end / "node_modules"
    installed = modules / ".package-lock.json"  # npm writes it on every install
    if installed.is_file() and installed.stat().st_mtime >= (front_end / "package-lock.json").stat().st_mtime:
        return modules
    if not fetch:
        raise FrontEndMissing(f"reveal.js is not installed in {front_end.name}/node_modules "
                           f"(or is older than the lock file): run `make slides` once, or npm ci in {front_end.name}/")
    npm = shutil.which("npm")
    if npm is None:
        raise FrontEndMissing("npm is needed once to fetch reveal.js from the npm registry "
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


def exporter(metrics: SlideMetrics):
    """nbconvert's SlidesExporter on the template above, every URL relative to the page."""
    from jinja2 import DictLoader
    from nbconvert import SlidesExporter

    return SlidesExporter(
        extra_loaders=[DictLoader({"bleu_explain_slides.html.j2": TEMPLATE})],
        template_file="bleu_explain_slides.html.j2",
        reveal_url_prefix=REVEAL_DIR,
        reveal_theme="white",  # its fonts are in reveal.js (the other themes fetch web fonts)
        reveal_transition="none",
        reveal_width=str(metrics.width),  # 16:9, scaled to the screen: 1280x720 shows it at 77 %
        reveal_height=str(metrics.height),
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
        "<h1>bleu-explain: the course as slides</h1><p>The right arrow or the space bar moves to the next slide "
        "(a long section goes on in sub-slides, numbered 3.1, 3.2, ...); S opens the speaker notes. "
        "Widgets show the state stored in the notebook and do not compute: open the notebook in JupyterLab "
        f"for live ones.</p><ol>{entries}</ol>"
        + (f'<p><a href="{html.escape(live_url)}">Live BLEU</a>: every step computed in your browser.</p>'
           if live_url else "")
        + "</body></html>", encoding="utf-8")


def figures(nb) -> int:
    """How many PNG figures a notebook's outputs hold."""
    return sum("image/png" in output.get("data", {}) for cell in nb.cells for output in cell.get("outputs", []))


def executed_in_style(nb, plot_style: str, workdir: Path, timeout: int = 600):
    """A copy of ``nb`` executed in ``workdir`` with every plot in ``plot_style`` (the notebook file is untouched)."""
    import nbformat
    from nbclient import NotebookClient

    from bleu_explain.display.plots.style import STYLE_ENV

    copy = nbformat.from_dict(nb)
    settings = {STYLE_ENV: plot_style, "PYTHONHASHSEED": "0", "MPLBACKEND": "module://matplotlib_inline.backend_inline"}
    saved = {name: os.environ.get(name) for name in settings}
    os.environ.update(settings)  # the kernel inherits them
    try:
        NotebookClient(copy, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(workdir)}}).execute()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return copy


def deck_outline(path: Path, notes_file: Path | None = None, metrics: SlideMetrics | None = None) -> list[SlidePlace]:
    """The slides the deck of notebook ``path`` has, from its stored outputs, numbered as reveal shows them."""
    import nbformat

    return outline(lay_out(nbformat.read(path, as_version=4), metrics, notes_for(notes_file, path.stem)))


def build_decks(paths: list[Path], out: Path, front_end: Path, *, course: list[Path] | None = None,
                fetch: bool = True, live_url: str | None = None, plot_style: str | None = None,
                notes_file: Path | None = None, metrics: SlideMetrics | None = None) -> list[Path]:
    """Write one deck per notebook of ``paths`` and an index into ``out``; return the decks.

    ``course`` is every notebook of the course (links between notebooks become links between decks; the
    index lists those whose deck is in ``out``). ``live_url`` (the course's site) links every deck to the
    live page, and every highlighted sentence to it ("try this live"). With ``plot_style`` (``"projector"``)
    each notebook is executed again, in its own folder, with its plots in that style; a notebook that then
    shows fewer figures than stored (its data missing, say) keeps its stored outputs. Without, the stored
    outputs are used as they are. ``notes_file`` holds the speaker notes.
    """
    import nbformat

    from bleu_explain.display.export.handouts.pages import live_links_script

    metrics = metrics or SlideMetrics()
    course = course if course is not None else paths
    modules = install_front_end(front_end, fetch)
    out.mkdir(parents=True, exist_ok=True)
    copy_front_end(modules, out)
    slides = exporter(metrics)
    decks = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        if plot_style is not None:
            restyled = executed_in_style(nb, plot_style, path.parent)
            if figures(restyled) < figures(nb):
                print(f"{path.stem}: executed, it shows {figures(restyled)} figures where the stored notebook shows "
                      f"{figures(nb)} (are its data missing?): its stored outputs are used", file=sys.stderr)
            else:
                nb = restyled
        laid = lay_out(nb, metrics, notes_for(notes_file, path.stem))
        body, _ = slides.from_notebook_node(laid, resources={"metadata": {"name": path.stem}, "vendor": VENDOR,
                                                             "slide_css": slide_css(metrics), "live_url": live_url,
                                                             "live_script": live_links_script(live_url)})
        deck = out / f"{path.stem}.slides.html"
        deck.write_text(link_decks(body, {p.stem for p in course}), encoding="utf-8")
        decks.append(deck)
    write_index(out, [p for p in course if (out / f"{p.stem}.slides.html").is_file()], live_url)
    return decks
