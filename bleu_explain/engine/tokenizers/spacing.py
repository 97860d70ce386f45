"""The replacements the tokenizers' rules make, as plain functions (faster than ``re`` templates in Python 3.11)."""

from __future__ import annotations

import re


def spaced(m: re.Match) -> str:
    """The match with a space on each side: ``r' \\g<0> '``."""
    return f" {m[0]} "


def space_after_each(m: re.Match) -> str:
    """Two groups, a space after each: ``r'\\1 \\2 '``."""
    return f"{m[1]} {m[2]} "


def space_before_each(m: re.Match) -> str:
    """Two groups, a space before each: ``r' \\1 \\2'``."""
    return f" {m[1]} {m[2]}"
