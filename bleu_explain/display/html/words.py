"""The catalogue's messages as HTML: a template is trusted (it may hold ``<b>`` or ``<code>``), every value put into
it is escaped, unless it is HTML already (:class:`Html`, made here from escaped parts).

>>> said("live.differ-at", "en", count=2, steps=6, titles=Html("<b>x</b>"))
'The two candidates differ at 2 of 6 steps, marked in both lists: <b>x</b>.'
>>> said("live.compare.agree", "zh", a="<i>", b="nltk")
'在这个输入上，&lt;i&gt; 和 nltk 每一步都一致。'
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional

from ...messages.catalogue import DEFAULT_LOCALE, Message, known_locale, localize, text


class Html(str):
    """A piece of HTML, escaped where it was built: put into a message as it is."""


def said(key: str, locale: str = DEFAULT_LOCALE, **values: Any) -> str:
    """The message ``key`` in ``locale`` as HTML (values escaped; a :class:`Message` value said in ``locale`` first)."""
    shown = {}
    for name, value in values.items():
        if isinstance(value, Message):
            value = localize(value, locale)
        shown[name] = value if isinstance(value, Html) or not isinstance(value, str) else escape(value)
    return text(key, locale, **shown)


def page_locale(value: Optional[str]) -> str:
    """The language the page asked for ("en" for anything the catalogue does not have: the page's own mistake
    must not cost the reader the result)."""
    return known_locale(value) or DEFAULT_LOCALE
