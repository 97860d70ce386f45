"""Reading a built ipywidgets tree in the tests: every widget under one, and the one with a CSS class."""

from __future__ import annotations

from typing import Any, Iterator


def walk(widget: Any) -> Iterator[Any]:
    """The widget and every widget inside it, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def find(widget: Any, css_class: str) -> Any:
    """The first widget under ``widget`` (itself included) that carries ``css_class``."""
    return next(w for w in walk(widget) if css_class in w._dom_classes)
