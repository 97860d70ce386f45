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

from ...messages.catalogue import DEFAULT_LOCALE, LOCALES, Message, known_locale, localize, messages, text


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


#: The messages the page's own HTML and JavaScript say (the rest of the catalogue is said by its Python).
PAGE_PREFIXES = ("page.",)


def page_messages() -> dict[str, dict[str, str]]:
    """Every message the page's HTML and JavaScript say, in every language: key -> {locale: text}."""
    return {key: {locale: said_.in_locale(locale) for locale in LOCALES}
            for key, said_ in messages().items() if key.startswith(PAGE_PREFIXES)}


def javascript_module() -> str:
    """``live/messages.js``: the page's messages as a JavaScript module (the site's build writes it)."""
    import json

    lines = ["// The live page's words in every language, written by the site's build from the package's message",
             "// catalogue (bleu_explain/messages/page.py: edit that, not this).",
             f"export const LOCALES = Object.freeze({json.dumps(list(LOCALES))});",
             f"export const MESSAGES = Object.freeze({json.dumps(page_messages(), ensure_ascii=False, sort_keys=True)});"]
    return "\n".join(lines) + "\n"


def fill_page(page: str) -> str:
    """The page's HTML with the English of each message it names: ``{{t:KEY}}`` escaped, ``{{html:KEY}}`` as the
    catalogue writes it (its own markup); and ``{{FILE_WORDS_JSON}}``, the words the page says when opened from
    disk (where its modules cannot load), in every language."""
    import json
    import re

    page = re.sub(r"\{\{t:([\w.-]+)\}\}", lambda m: escape(text(m[1])), page)
    page = re.sub(r"\{\{html:([\w.-]+)\}\}", lambda m: text(m[1]), page)
    words = {locale: {key: said_[locale] for key, said_ in page_messages().items() if key.startswith("page.file-")}
             for locale in LOCALES}
    return page.replace("{{FILE_WORDS_JSON}}", json.dumps(words, ensure_ascii=False).replace("</", "<\\/"))


def page_locale(value: Optional[str]) -> str:
    """The language the page asked for ("en" for anything the catalogue does not have: the page's own mistake
    must not cost the reader the result)."""
    return known_locale(value) or DEFAULT_LOCALE
