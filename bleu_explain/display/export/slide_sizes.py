"""The type sizes of a slide deck and the heights they give what a notebook shows, in slide pixels.

One set of figures (:class:`SlideMetrics`) writes the decks' CSS (:func:`slide_css`) and estimates how tall
each cell will be there, so that :mod:`.slide_layout` can cut a section into slides that fit. The estimates
round up: a character is taken wider, a line taller than the fonts make them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class SlideMetrics:
    """Sizes in pixels of a 1600x900 slide (a 1280x720 projector shows 77 % of them)."""

    width: int = 1600
    height: int = 900
    side_padding: int = 48
    top_padding: int = 16
    #: the height the packer fills: the slide less its padding, a safety margin and reveal's controls' corner
    budget: int = 800
    text_px: int = 28  # body text: 21 px on a 1280x720 projector, the plots' 18 pt
    code_px: int = 22
    line_height: float = 1.35
    code_line_height: float = 1.3
    #: average character widths in em, rounded up (proportional text; monospace)
    text_char_em: float = 0.56
    code_char_em: float = 0.66
    h1_px: int = 52
    h2_px: int = 42
    h3_px: int = 32
    table_px: int = 22
    #: the explanations' HTML is drawn for a notebook at 14 px: on a slide it is zoomed to projector size
    html_zoom: float = 1.6
    html_base_px: int = 14
    image_max_height: int = 620
    short_code_lines: int = 4
    #: widgets are drawn for a notebook at 14 px: on a slide they are zoomed to projector size
    widget_zoom: float = 1.4
    small_widget: int = 130
    small_widget_models: int = 8
    small_widget_text: int = 400
    #: an explorer's view is taller than a slide, whatever it shows: it is always cut
    tall_widget: int = 2000
    clip_height: int = 600
    clip_note_height: int = 50
    continued_height: int = 44

    @property
    def content_width(self) -> int:
        return self.width - 2 * self.side_padding

    def text_line(self) -> float:
        return self.text_px * self.line_height

    def code_line(self) -> float:
        return self.code_px * self.code_line_height

    def wrapped(self, text: str, px: int, char_em: float, width: float | None = None) -> int:
        """How many lines ``text`` takes at ``px`` in ``width`` pixels, each source line wrapped on its own."""
        per_line = max(1, int((width or self.content_width) / (px * char_em)))
        return sum(max(1, math.ceil(len(line) / per_line)) for line in text.splitlines() or [""])

    def code_height(self, source: str) -> int:
        return round(self.wrapped(source.strip(), self.code_px, self.code_char_em) * self.code_line() + 24)

    def printed_height(self, text: str) -> int:
        return round(self.wrapped(text.rstrip("\n"), self.code_px, self.code_char_em) * self.code_line() + 16)

    def image_height(self) -> int:
        """Every plot is drawn in a box :attr:`image_max_height` tall, whatever its pixels: a deck of screen-style
        plots (``--stored``) and one of projector-style plots cut the same slides, numbered alike."""
        return self.image_max_height + 70  # the output area's margins

    def table_height(self, rows: list[list[str]]) -> int:
        """Rows of cells' text, in columns as a browser lays out a table: each column at least as wide as its
        longest word, the rest of the slide's width shared by how much longer its longest text is; a cell wider
        than its column wraps."""
        if not rows:
            return 0
        char_px = self.table_px * self.text_char_em
        columns = max(len(row) for row in rows)
        cells = [[row[i] for row in rows if i < len(row)] for i in range(columns)]
        widest = [max((len(text) + 2) * char_px for text in column) for column in cells]
        narrowest = [max((len(word) + 2) * char_px for text in column for word in text.split() or [""])
                     for column in cells]
        spare = max(0.0, self.content_width - sum(narrowest))
        stretch = sum(w - n for w, n in zip(widest, narrowest)) or 1.0
        shares = [n + spare * (w - n) / stretch for w, n in zip(widest, narrowest)]
        lines = sum(max((self.wrapped(cell, self.table_px, self.text_char_em, shares[i]) for i, cell in enumerate(row)),
                        default=1) for row in rows)
        return round(lines * self.table_px * self.line_height + len(rows) * 10 + 20)  # a cell's padding and rule

INLINE_MARKUP = re.compile(r"\*\*|__|`|\*(?=\S)|(?<=\S)\*")
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def plain(line: str) -> str:
    """A markdown line as it reads: links' text, no emphasis marks, no HTML tags."""
    return INLINE_MARKUP.sub("", re.sub(r"<[^>]+>", "", LINK.sub(r"\1", line)))


def markdown_height(source: str, m: SlideMetrics) -> int:
    """Headings, paragraphs (source lines joined, then wrapped), list items, tables and fenced code."""
    height = 0.0
    paragraph: list[str] = []
    table: list[list[str]] = []
    fence: list[str] | None = None

    def flush() -> None:
        nonlocal height, paragraph, table
        if paragraph:
            height += m.wrapped(" ".join(paragraph), m.text_px, m.text_char_em) * m.text_line() + 0.6 * m.text_px
        if table:
            height += m.table_height(table)
        paragraph, table = [], []

    for raw in source.splitlines():
        line = raw.strip()
        if fence is not None:
            if line.startswith("```"):
                height += m.code_height("\n".join(fence))
                fence = None
            else:
                fence.append(raw)
            continue
        if line.startswith("```"):
            flush()
            fence = []
        elif not line:
            flush()
        elif re.match(r"^#{1,6}\s", line):
            flush()
            level = len(line) - len(line.lstrip("#"))
            px = {1: m.h1_px, 2: m.h2_px}.get(level, m.h3_px)
            height += m.wrapped(plain(line.lstrip("# ")), px, m.text_char_em) * px * 1.25 + 0.8 * px
        elif line.startswith("|"):
            if paragraph:
                flush()
            if not re.match(r"^\|[\s:|-]+\|$", line):
                table.append([plain(cell) for cell in line.strip("|").split("|")])
        elif re.match(r"^([-*+]|\d+[.)])\s", line):
            flush()
            item = plain(re.sub(r"^([-*+]|\d+[.)])\s+", "", line))
            height += m.wrapped(item, m.text_px, m.text_char_em, m.content_width - 2.5 * m.text_px) * m.text_line() + 4
        elif line.startswith(">"):
            if not paragraph:
                height += 80  # a quotation's margins
            paragraph.append(plain(line.lstrip("> ")))
        else:
            paragraph.append(plain(line))
    flush()
    if fence:
        height += m.code_height("\n".join(fence))
    return round(height)


BLOCK_TAGS = re.compile(r"<(div|p|li|tr|br|h[1-6]|pre|table)\b", re.I)


def html_text(page: str) -> str:
    page = re.sub(r"<style.*?</style>", "", page, flags=re.S | re.I)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def html_height(page: str, m: SlideMetrics) -> int:
    """A pandas table by its rows; other HTML (the course's explanations) by its blocks and its text."""
    if 'class="dataframe"' in page:
        rows = [[html_text(cell).strip() for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
                for row in re.findall(r"<tr.*?</tr>", page, re.S)]
        notes = len(re.findall(r'class="bx-slide-note"', page))
        return m.table_height(rows) + notes * round(m.text_line() + 12)
    zoom = m.html_zoom if 'class="bleu-explain"' in page else 1.0
    px = m.html_base_px * zoom if zoom != 1.0 else m.text_px
    width = m.content_width
    line = px * m.line_height
    blocks = len(BLOCK_TAGS.findall(page))
    text_lines = len(html_text(page)) * px * m.text_char_em / width
    preformatted = sum(max(0, chunk.count("\n")) for chunk in re.findall(r"<pre.*?</pre>", page, re.S))
    return round((blocks * 0.7 + text_lines + preformatted) * line * (1.3 if zoom != 1.0 else 1.0) + 30)


def slide_css(m: SlideMetrics) -> str:
    """The decks' style: projector type from the same figures the estimates use, nothing that scrolls."""
    return f"""
.reveal {{ --r-heading-text-transform: none; --jp-content-font-size1: {m.text_px}px;
  --jp-code-font-size: {m.code_px}px; --jp-code-line-height: {m.code_line_height}; --jp-widgets-font-size: 14px; }}
.reveal .slides {{ text-align: left; }}
.reveal .slide-number {{ font-size: 20px; }}  /* the lecture plan names slides by it */
.reveal .slides section.stack > section {{ height: 100%; box-sizing: border-box;
  padding: {m.top_padding}px {m.side_padding}px 0; }}
.reveal .jp-InputPrompt, .reveal .jp-OutputPrompt, .reveal .jp-Collapser {{ display: none; }}
.reveal .jp-Cell {{ padding: 0; margin: 0 0 8px; }}
.reveal .jp-RenderedMarkdown, .reveal .jp-RenderedHTMLCommon {{ font-size: {m.text_px}px; line-height: {m.line_height};
  padding-right: 0; overflow-wrap: anywhere; }}
.reveal .jp-RenderedMarkdown p {{ margin: 0 0 0.5em; }}
.reveal .jp-RenderedMarkdown ul, .reveal .jp-RenderedMarkdown ol {{ margin: 0 0 0.5em; }}
.reveal .slides section h1 {{ font-size: {m.h1_px}px; margin: 0 0 0.4em; }}
.reveal .slides section h2 {{ font-size: {m.h2_px}px; margin: 0 0 0.4em; }}
.reveal .slides section h3, .reveal .slides section h4 {{ font-size: {m.h3_px}px; margin: 0.2em 0 0.4em; }}
.reveal .jp-InputArea-editor {{ padding: 6px 10px; }}
.reveal .slides pre {{ width: auto; box-shadow: none; box-sizing: border-box; font-size: {m.code_px}px;
  white-space: pre-wrap; overflow-wrap: anywhere; }}
.reveal .jp-InputArea-editor pre {{ padding: 0; }}
.reveal .jp-InputArea-editor pre, .reveal .jp-OutputArea-output pre {{ font-size: {m.code_px}px;
  line-height: {m.code_line_height}; white-space: pre-wrap; word-break: normal; overflow-wrap: anywhere; margin: 0; }}
.reveal .jp-OutputArea-output {{ overflow: visible; }}
.reveal .jp-RenderedHTMLCommon table {{ font-size: {m.table_px}px; margin: 0.3em 0; }}
.reveal .jp-RenderedHTMLCommon td, .reveal .jp-RenderedHTMLCommon th {{ padding: 4px 10px; }}
.reveal .jp-OutputArea-output img {{ max-width: 100%; height: {m.image_max_height}px; width: auto; object-fit: contain; }}
.reveal .jp-OutputArea-output > div.bleu-explain {{ zoom: {m.html_zoom}; }}
.reveal .widget-subarea {{ zoom: {m.widget_zoom}; }}
.reveal .celltag_bx-slide-clip .jp-Cell-outputWrapper, .reveal .celltag_bx-slide-clip .jp-OutputArea {{
  max-height: {m.clip_height}px; overflow: hidden; }}
.reveal .celltag_bx-slide-clip .widget-subarea > .jupyter-widgets {{ overflow: hidden; }}
.reveal .bx-continued {{ font-size: 22px; color: #666; margin: 0 0 8px; }}
.reveal .bx-slide-note {{ font-size: 22px; color: #555; font-style: italic; margin: 4px 0; }}
"""
