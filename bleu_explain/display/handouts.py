"""Static HTML handouts of the course: highlighting and plots readable without a kernel.

    python -m bleu_explain.display.handouts notebooks handouts

Each executed notebook becomes one HTML page (nbconvert's ``lab`` template, images
inlined, widget state embedded where the notebook stored it); ``index.html``
lists the course with each notebook's title.
"""

from __future__ import annotations

import html
import json
import sys
from pathlib import Path


def notebook_title(path: Path) -> str:
    """The first Markdown heading of a notebook, or its file name."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem


def export_course(source_dir: str | Path, output_dir: str | Path) -> list[Path]:
    """Export every notebook in ``source_dir`` to ``output_dir``; return the pages written (index first)."""
    import nbformat
    from nbconvert import HTMLExporter

    source_dir, output_dir = Path(source_dir), Path(output_dir)
    notebooks = sorted(source_dir.glob("*.ipynb"))
    if not notebooks:
        raise FileNotFoundError(f"no notebooks found in {source_dir}")
    output_dir.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter(template_name="lab", embed_images=True)
    pages = []
    entries = []
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
        page = output_dir / f"{path.stem}.html"
        page.write_text(body, encoding="utf-8")
        pages.append(page)
        entries.append(f'<li><a href="{html.escape(page.name)}">{html.escape(notebook_title(path))}</a></li>')
    index = output_dir / "index.html"
    index.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>bleu-explain: the course</title></head>"
        "<body style='font-family:sans-serif;max-width:50em;margin:2em auto'>"
        "<h1>bleu-explain: BLEU, step by step</h1><p>Static handouts of the course notebooks. "
        "Highlighting and plots are readable without a kernel; open the notebooks in JupyterLab "
        "for the live explorers.</p><ol>" + "".join(entries) + "</ol></body></html>",
        encoding="utf-8",
    )
    return [index] + pages


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m bleu_explain.display.handouts NOTEBOOK_DIR OUTPUT_DIR", file=sys.stderr)
        return 2
    try:
        pages = export_course(*args)
    except FileNotFoundError as exc:
        print(f"bleu_explain.display.handouts: error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {len(pages)} pages to {args[1]} (open {Path(args[1]) / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
