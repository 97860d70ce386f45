"""A small piece of Markdown as HTML, without a Markdown library: what the course's worked solutions are written in.

The subset: paragraphs (separated by a blank line), lists (``- `` or ``1. `` items, continued by
indented lines), fenced code blocks (```` ```python ````), and, inline, ``code`` and ``**bold**``.
Everything else is text, escaped.

>>> print(markdown_html("Take **r**, the length:\\n\\n1. closest to `c`\\n2. ties to the shorter\\n\\n"
...                     "```python\\nr = min(lengths)  # <shortest>\\n```"))
<p>Take <b>r</b>, the length:</p>
<ol><li>closest to <code>c</code></li><li>ties to the shorter</li></ol>
<pre><code class="language-python">r = min(lengths)  # &lt;shortest&gt;</code></pre>
"""

from __future__ import annotations

import html
import re

_ITEM = re.compile(r"^(?P<mark>-|\d+\.)\s+(?P<text>.*)$")
_INLINE = re.compile(r"`(?P<code>[^`]+)`|\*\*(?P<bold>[^*]+)\*\*")


def inline_html(text: str) -> str:
    """One line of text with its ``code`` and ``**bold**`` spans, everything escaped.

    >>> inline_html("a <b> and `x < y` **here**")
    'a &lt;b&gt; and <code>x &lt; y</code> <b>here</b>'
    """
    out, position = [], 0
    for match in _INLINE.finditer(text):
        out.append(html.escape(text[position:match.start()], quote=False))
        if match.group("code") is not None:
            out.append(f"<code>{html.escape(match.group('code'), quote=False)}</code>")
        else:
            out.append(f"<b>{html.escape(match.group('bold'), quote=False)}</b>")
        position = match.end()
    out.append(html.escape(text[position:], quote=False))
    return "".join(out)


def markdown_html(text: str) -> str:
    """The Markdown subset above as HTML blocks, one per line."""
    blocks: list[str] = []
    lines = text.strip("\n").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.startswith("```"):
            language = line[3:].strip()
            end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), len(lines))
            code = html.escape("\n".join(lines[i + 1:end]), quote=False)
            cls = f' class="language-{html.escape(language)}"' if language else ""
            blocks.append(f"<pre><code{cls}>{code}</code></pre>")
            i = end + 1
        elif _ITEM.match(line):
            ordered = line[0].isdigit()
            items: list[str] = []
            while i < len(lines) and (_ITEM.match(lines[i]) or (items and lines[i].startswith("  "))):
                match = _ITEM.match(lines[i])
                if match and not lines[i].startswith(" "):
                    items.append(match.group("text"))
                else:
                    items[-1] += " " + lines[i].strip()
                i += 1
            tag = "ol" if ordered else "ul"
            blocks.append(f"<{tag}>" + "".join(f"<li>{inline_html(item)}</li>" for item in items) + f"</{tag}>")
        else:
            paragraph = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith("```") and not _ITEM.match(lines[i]):
                paragraph.append(lines[i].strip())
                i += 1
            blocks.append(f"<p>{inline_html(' '.join(paragraph))}</p>")
    return "\n".join(blocks)
