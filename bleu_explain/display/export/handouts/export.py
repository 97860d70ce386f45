"""Export the course: one page per notebook, the course map, the answer key, the linked documents, the assets."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from .assets import (
    MATHJAX_URL,
    NODE_MODULES,
    REQUIRE_JS_URL,
    WIDGET_RENDERER_URL,
    MissingAssets,
    copy_assets,
    missing_message,
)
from .documents import answers_html, index_html, markdown_page, markdown_title
from .pages import (
    WORKSHEET_MIMETYPE,
    ExerciseLike,
    ExerciseSource,
    as_worksheets,
    course_pages,
    linked_documents,
    live_links_script,
    nav_html,
    rewrite_links,
)
from .style import CSS
from .template import TEMPLATE, TEMPLATE_FILE

INDEX, ANSWERS = "index.html", "answers.html"


def exporter():
    """nbconvert's JupyterLab HTML exporter with our template, images inlined and every script local."""
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter

    return HTMLExporter(template_name="lab", template_file=TEMPLATE_FILE, extra_loaders=[DictLoader({TEMPLATE_FILE: TEMPLATE})],
                        embed_images=True, require_js_url=REQUIRE_JS_URL, widget_renderer_url=WIDGET_RENDERER_URL,
                        mathjax_url=MATHJAX_URL)


def page_exercises(stem: str, worksheet_names: Sequence[str], exercises_for: ExerciseSource) -> list[ExerciseLike]:
    """A notebook's exercises in the order its worksheets number them; any without a cell come last."""
    try:
        exercises = list(exercises_for(stem))
    except KeyError:  # a notebook without exercises of its own
        return []
    by_name = {ex.name: ex for ex in exercises}
    return [by_name[n] for n in worksheet_names] + [ex for ex in exercises if ex.name not in worksheet_names]


def export_course(source_dir: str | Path, output_dir: str | Path, exercises_for: ExerciseSource, *,
                  node_modules: Path | None = NODE_MODULES, pdf: bool = False,
                  live_url: str | None = None) -> list[Path]:
    """Write the handouts to ``output_dir``; return the pages written (index first).

    ``node_modules=None`` leaves out the scripts (the pages still point at ``assets/``); ``pdf`` prints
    every notebook page and the answer key with headless Chromium; ``live_url`` (the course's site) links
    every page to the live page and every highlighted sentence to it ("try this live").
    """
    import nbformat

    source_dir, output_dir = Path(source_dir), Path(output_dir)
    pages = course_pages(source_dir)
    if node_modules is not None and not Path(node_modules).is_dir():
        raise MissingAssets(missing_message(Path(node_modules)))  # say so before the long export
    documents = linked_documents([p.notebook for p in pages])
    targets = {p.notebook.resolve(): p.html_name for p in pages}
    taken = set(targets.values()) | {INDEX, ANSWERS}
    for doc in documents:
        if f"{doc.stem}.html" in taken:
            raise ValueError(f"the linked document {doc.name} would overwrite the page {doc.stem}.html: rename it")
        targets[doc] = f"{doc.stem}.html"
        taken.add(targets[doc])
    output_dir.mkdir(parents=True, exist_ok=True)
    html_exporter = exporter()
    written, key = [], []
    for i, page in enumerate(pages):
        nb = nbformat.read(page.notebook, as_version=4)
        nb.metadata["title"] = page.title
        names = as_worksheets(nb, page.stem, exercises_for)
        key.append((page, page_exercises(page.stem, names, exercises_for)))
        handout = {"css": CSS, "nav_top": nav_html(pages, i, "top", live_url),
                   "nav_bottom": nav_html(pages, i, "bottom", live_url) + live_links_script(live_url),
                   "worksheet_mimetype": WORKSHEET_MIMETYPE}
        body, _ = html_exporter.from_notebook_node(nb, resources={"metadata": {"name": page.stem}, "handout": handout})
        written.append(write(output_dir / page.html_name, rewrite_links(body, page.notebook.parent.resolve(), targets)))
    navs = (nav_html(pages, None, "top", live_url), nav_html(pages, None, "bottom", live_url))
    extras = [(ANSWERS, "Answer key (for lecturers)")]
    if pdf:
        extras.append((Path(ANSWERS).with_suffix(".pdf").name, "Answer key (for lecturers), PDF"))
    for doc in documents:
        title = markdown_title(doc)
        written.append(write(output_dir / targets[doc], rewrite_links(markdown_page(doc, title, navs), doc.parent, targets)))
        extras.append((targets[doc], title))
    written.append(write(output_dir / ANSWERS, answers_html(key, navs)))
    if live_url:
        extras.insert(0, (live_url, "Live BLEU: every step computed in your browser"))
    index = write(output_dir / INDEX, index_html(pages, pdf=pdf, extras=extras))
    if node_modules is not None:
        copy_assets(output_dir, node_modules)
    if pdf:
        from .pdf import print_pages

        print_pages([output_dir / p.html_name for p in pages] + [output_dir / ANSWERS])
    return [index] + written


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
