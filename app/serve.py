"""Serve the course as the Voila app: every notebook, code hidden, widgets live, on 127.0.0.1 only.

    python app/serve.py                 # the playground, 13_playground
    python app/serve.py 04              # notebook 04; the whole folder is served, so links between notebooks work
    python app/serve.py 04 --projector  # projector mode: larger type, the app first, the learning goals collapsed

``make app NB=04 PROJECTOR=1`` runs it. The page comes from the template in
``voila/templates/bleu-explain/`` beside this file (found through JUPYTER_PATH; ``voila.json``
through JUPYTER_CONFIG_PATH): Voila's lab template without its links to a CDN, plus the projector
mode, which ``?projector=1`` (or the button at the top right) also turns on.

The Markdown documents the notebooks link to (the references, the glossary) are rendered to HTML pages in a
scratch folder that Voila finds through JUPYTER_PATH too, and served at ``/voila/static/docs/NAME.html``;
the template points the notebooks' ``../docs/NAME.md`` links there.
"""

from __future__ import annotations

import argparse
import html
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent / "notebooks"
#: The notebook served when none is named: the playground.
DEFAULT_NOTEBOOK = "13"
DEFAULT_PORT = 8866
TEMPLATE = "bleu-explain"
#: Where Voila serves the rendered documents (``/voila/static/`` serves the template's static folders).
DOCS_URL = "/voila/static/docs/"
DOCUMENT_STYLE = (
    "body{font:17px/1.55 system-ui,'Noto Sans CJK SC',sans-serif;max-width:46em;margin:1.5em auto;padding:0 1em;"
    "color:#1a1a1a}.anchor-link{visibility:hidden;text-decoration:none}:hover>.anchor-link{visibility:visible}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left}"
    "code{background:#f3f3f3;padding:0 .2em}nav{margin-bottom:1em}"
)


def find_notebook(prefix: str, folder: Path) -> Path:
    """The notebook ``NN_*.ipynb`` of ``folder`` for a two-digit prefix; ValueError naming the choices if none."""
    if not (len(prefix) == 2 and prefix.isdigit()):
        raise ValueError(f"NB must be a notebook's two-digit number such as 04, not {prefix!r}")
    matches = sorted(folder.glob(f"{prefix}_*.ipynb"))
    if not matches:
        have = " ".join(sorted(p.name[:2] for p in folder.glob("[0-9][0-9]_*.ipynb"))) or "none"
        raise ValueError(f"there is no notebook {prefix}_*.ipynb in {folder.name}/ (the course has: {have})")
    return matches[0]


def app_url(port: int, notebook: Path, projector: bool = False) -> str:
    """Where the app shows ``notebook``."""
    return f"http://127.0.0.1:{port}/voila/render/{notebook.name}" + ("?projector=1" if projector else "")


def voila_command(folder: Path, port: int, projector: bool = False) -> list[str]:
    """Voila serving the whole folder (so that ``NN_name.ipynb`` links open the other notebooks)."""
    command = [sys.executable, "-m", "voila", str(folder), f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1"]
    if projector:  # the template's default; ?projector=0 still turns it off for one page
        command.append("--VoilaConfiguration.resources=projector=1")
    return command


def voila_environment(base: dict[str, str] | None = None, extra_paths: list[Path] | None = None) -> dict[str, str]:
    """The environment in which Voila finds this folder's template and configuration first (and the data
    folders ``extra_paths``, such as the rendered documents, after it)."""
    env = dict(os.environ if base is None else base)
    for name in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        first = [str(HERE)] + ([str(p) for p in extra_paths or []] if name == "JUPYTER_PATH" else [])
        env[name] = os.pathsep.join(first + ([env[name]] if env.get(name) else []))
    return env


def render_documents(notebooks: Path, into: Path) -> list[Path]:
    """The Markdown documents the notebooks link to, as HTML pages that the app serves at ``DOCS_URL``.

    ``into`` becomes a Jupyter data folder holding the pages in the template's static folder. Links in them
    to other documents and to the notebooks are pointed at the app's pages; other links are left alone.
    """
    from bleu_explain.display.export.handouts.pages import linked_documents, rewrite_links
    from bleu_explain.display.html.markdown import markdown_html

    course = sorted(notebooks.glob("[0-9][0-9]_*.ipynb"))
    documents = linked_documents(course)
    targets = {doc: f"{doc.stem}.html" for doc in documents}
    targets.update({nb.resolve(): f"/voila/render/{nb.name}" for nb in course})
    folder = into / "voila" / "templates" / TEMPLATE / "static" / "docs"
    folder.mkdir(parents=True, exist_ok=True)
    start = f"/voila/render/{course[0].name}" if course else "/"
    pages = []
    for doc in documents:
        text = doc.read_text(encoding="utf-8")
        title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), doc.stem)
        body = rewrite_links(markdown_html(text), doc.parent, targets)
        page = folder / f"{doc.stem}.html"
        page.write_text(
            f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f'<style>{DOCUMENT_STYLE}</style></head><body><nav><a href="{start}">Back to the start of the course'
            f"</a></nav>{body}</body></html>", encoding="utf-8")
        pages.append(page)
    return pages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the course's notebooks as the Voila app on 127.0.0.1.")
    parser.add_argument("notebook", nargs="?", default=DEFAULT_NOTEBOOK,
                        help="the notebook's two-digit number (default %(default)s, the playground)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--projector", action="store_true",
                        help="larger type (plots in the projector style too), the app first, the learning goals "
                             "collapsed")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the folder to serve")
    args = parser.parse_args(argv)
    try:
        notebook = find_notebook(args.notebook, args.notebooks)
    except ValueError as exc:
        print(f"app: error: {exc}", file=sys.stderr)
        return 2
    print(f"The app: {app_url(args.port, notebook, args.projector)}  (Ctrl-C stops it)", flush=True)
    documents = Path(tempfile.mkdtemp(prefix="bleu-explain-app-"))  # the pages of the references and glossary
    render_documents(args.notebooks, documents)
    command = voila_command(args.notebooks, args.port, args.projector)
    env = voila_environment(extra_paths=[documents])
    if args.projector:  # the kernels draw every plot in the projector style (large type, thick lines)
        env["BLEU_EXPLAIN_PLOT_STYLE"] = "projector"
    os.execve(sys.executable, command, env)  # Voila takes our place
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
