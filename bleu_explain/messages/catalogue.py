"""The message catalogue's machinery: a message said in every language, and the one way to say it.

Every word bleu-explain shows a person (the steps, the tools' notes, the tables' column titles, the live page, the
command line's explanation, the errors the live page shows) is an entry of a table in this package, keyed by a
stable name, with its English and its Chinese side by side (:class:`Said`). A value inside a message is a named
placeholder, as :meth:`str.format` writes it (``{n}``, ``{p:.4f}``); both languages name the same placeholders
with the same formats (``tests/test_messages.py`` holds every entry to it).

Two ways to use an entry:

* :func:`text` says it now, in a language: ``text("steps.combination.title", "zh")``.
* :func:`say` says it in English and keeps what it said: the result is a :class:`Message`, a ``str`` (the English
  text, byte for byte what the package has always printed) that also remembers its key and values, so that a
  renderer can say it again in another language with :func:`localize`. The engine records the tools' notes and
  what became of each n-gram order this way: they stay plain English strings for every caller, and the Chinese
  steps, page and command line read them in Chinese.

>>> note = say("steps.tokens.title")
>>> note, localize(note, "zh")
('Normalise and tokenize', '规范化与分词')
>>> isinstance(note, str), note == "Normalise and tokenize"
(True, True)
>>> text("fate.zero-no-ngrams", "zh", n=4)
'第 4 阶没有任何 n-gram：得分为 0'

Only the standard library: the live page's Python (Pyodide) reads this package too.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional

#: The languages every message is written in, English first (the default everywhere).
LOCALES = ("en", "zh")
DEFAULT_LOCALE = "en"


@dataclass(frozen=True)
class Said:
    """One message in every language: the English and the Chinese, with the same named placeholders.

    ``neutral`` marks a message that is the same in both languages because it holds no words, only a formula or
    numbers (``"BP = {bp}"``); every other message's Chinese must differ from its English and be written in
    Chinese (the tests hold it to that).
    """

    en: str
    zh: str
    neutral: bool = False

    @classmethod
    def same(cls, text: str) -> "Said":
        """A message with no words to translate (a formula): the same text in every language."""
        return cls(text, text, neutral=True)

    def in_locale(self, locale: str) -> str:
        return self.zh if locale == "zh" else self.en


class Message(str):
    """A message said in English that remembers its key and values.

    It is the English text wherever a string is expected (printing, comparing, JSON, a pandas cell); :func:`localize`
    says it again in another language from its key and values.
    """

    key: str
    values: Mapping[str, Any]

    def __new__(cls, english: str, key: str = "", values: Optional[Mapping[str, Any]] = None) -> "Message":
        message = super().__new__(cls, english)
        message.key = key
        message.values = dict(values or {})
        return message

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (by worker processes) with its key and values
        return (Message, (str(self), self.key, self.values))

    def in_locale(self, locale: str) -> str:
        """This message in ``locale``."""
        return text(self.key, locale, **self.values) if self.key else str(self)


# --------------------------------------------------------------------------- the tables, merged
_MESSAGES: dict[str, Said] = {}


def register(table: Mapping[str, Said]) -> None:
    """Add one area's table to the catalogue (each key once in the whole catalogue)."""
    twice = sorted(set(table) & set(_MESSAGES))
    if twice:
        raise ValueError(f"message keys defined twice: {', '.join(twice)}")
    _MESSAGES.update(table)


def messages() -> Mapping[str, Said]:
    """Every message of the catalogue, by key."""
    _load()
    return _MESSAGES


#: The catalogue's areas, one module each (its table is ``MESSAGES``), in the order the package's floors use them.
AREAS = ("steps", "notes", "columns", "presets", "compare", "errors", "page", "cli", "doctor")


def _load() -> None:
    """Read every area's table, once (the first message said loads them)."""
    if _MESSAGES:
        return
    from importlib import import_module

    for area in AREAS:
        register(import_module(f"{__package__}.{area}").MESSAGES)


def known_locale(locale: Optional[str]) -> Optional[str]:
    """``locale`` as the catalogue names it ("zh" for "zh", "zh-CN", "zh_TW", "zh-Hans", ...; "en" likewise), or
    None when the catalogue has no such language. ``None`` is the default, English.

    >>> known_locale("zh-CN"), known_locale("EN"), known_locale(None), known_locale("fr")
    ('zh', 'en', 'en', None)
    """
    if locale is None:
        return DEFAULT_LOCALE
    if not isinstance(locale, str):
        return None
    base = locale.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LOCALES else None


# --------------------------------------------------------------------------- saying a message
def text(key: str, locale: str = DEFAULT_LOCALE, **values: Any) -> str:
    """The message ``key`` in ``locale`` with its placeholders filled in (a :class:`Message` among the values is
    said in the same language)."""
    _load()
    template = _MESSAGES[key].in_locale(locale)
    if locale != DEFAULT_LOCALE:
        values = {name: localize(value, locale) for name, value in values.items()}
    return template.format(**values)


def say(key: str, **values: Any) -> Message:
    """The message ``key`` in English, as a :class:`Message` that can be said again in another language."""
    return Message(text(key, DEFAULT_LOCALE, **values), key, values)


def localize(value: Any, locale: str = DEFAULT_LOCALE) -> Any:
    """A :class:`Message` said in ``locale``; any other value as it is (a sentence the user typed, a number)."""
    if isinstance(value, Message) and locale != DEFAULT_LOCALE:
        return value.in_locale(locale)
    return value


def localize_all(values: Iterable[Any], locale: str = DEFAULT_LOCALE) -> tuple[Any, ...]:
    """:func:`localize` of each value."""
    return tuple(localize(value, locale) for value in values)


def placeholders(template: str) -> list[tuple[str, str, str]]:
    """The named placeholders of a template, each as (name, conversion, format), sorted.

    >>> placeholders("p_{n}: {m}/{t} = {p:.4f}")
    [('m', '', ''), ('n', '', ''), ('p', '', '.4f'), ('t', '', '')]
    """
    found = [(name, conversion or "", spec or "") for _, name, spec, conversion in string.Formatter().parse(template)
             if name is not None]
    return sorted(found)
