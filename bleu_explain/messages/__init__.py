"""Every word bleu-explain shows a person, in English and in Chinese: the message catalogue (floor 0).

The package's lowest floor: the engine's steps and notes, the results' tables, the live page (its Python and its
JavaScript, which the site's build gives ``live/messages.js``), the comparison's sentences and the command line all
say their words through it. One module per area holds a table (``MESSAGES``) of :class:`~.catalogue.Said` entries,
English and Chinese side by side; :mod:`.catalogue` is the machinery. Only the standard library is imported (the
live page's Pyodide reads it too).

A new language is a third field of :class:`~.catalogue.Said` and a name in :data:`~.catalogue.LOCALES`; a new area
(the doctor's findings, for ``doctor --locale zh``) is a module with a ``MESSAGES`` table named in
:data:`~.catalogue.AREAS`.
"""

from .catalogue import (
    DEFAULT_LOCALE,
    LOCALES,
    Message,
    Said,
    known_locale,
    localize,
    localize_all,
    messages,
    say,
    text,
)

__all__ = ["DEFAULT_LOCALE", "LOCALES", "Message", "Said", "known_locale", "localize", "localize_all", "messages",
           "say", "text"]
