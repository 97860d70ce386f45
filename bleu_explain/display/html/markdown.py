"""Markdown as HTML: the one renderer of the course's Markdown (worked solutions, the handouts' and the
app's pages of ``docs/``), with mistune, a small pure-Python library.

Raw HTML in the text is escaped, not passed through: a worked solution holds computed values, and nothing
written in Markdown here needs HTML of its own. Tables and strikethrough are on, as GitHub shows ``docs/``.

>>> print(markdown_html("Take **r**, the length:\\n\\n1. closest to `c`\\n2. ties to the shorter\\n\\n"
...                     "```python\\nr = min(lengths)  # <shortest>\\n```"))
<p>Take <strong>r</strong>, the length:</p>
<ol>
<li>closest to <code>c</code></li>
<li>ties to the shorter</li>
</ol>
<pre><code class="language-python">r = min(lengths)  # &lt;shortest&gt;
</code></pre>
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable


@lru_cache(maxsize=1)
def _renderer() -> Callable[[str], Any]:
    import mistune  # loaded on first use: the live page never renders Markdown

    return mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])


def markdown_html(text: str) -> str:
    """``text`` (Markdown) as HTML, its raw HTML escaped."""
    return str(_renderer()(text)).rstrip("\n")
