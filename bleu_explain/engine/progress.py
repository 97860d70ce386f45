"""Progress bars (tqdm, notebook-aware) for work that takes more than about a second.

A bar is drawn only where someone watches it: on a terminal, or in a notebook
(as a widget). Written to a log file or a pipe, tqdm's carriage returns would
leave hundreds of half-lines, so there the bar is off.
"""

from __future__ import annotations

import sys
from typing import Iterable, Optional


def in_notebook() -> bool:
    """True inside a Jupyter kernel (where tqdm.auto draws a widget)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    ipython = shell.get_ipython()  # type: ignore[attr-defined]
    return ipython is not None and type(ipython).__name__ == "ZMQInteractiveShell"


def someone_is_watching() -> bool:
    """A terminal on standard error, or a notebook."""
    stream = sys.stderr
    return bool(stream is not None and hasattr(stream, "isatty") and stream.isatty()) or in_notebook()


def progress_bar(iterable: Iterable, total: Optional[int] = None, desc: str = "", disable: bool = False):
    """A tqdm bar that renders as a widget in Jupyter, as text on a terminal, and not at all elsewhere."""
    from tqdm.auto import tqdm

    return tqdm(iterable, total=total, desc=desc, disable=disable or not someone_is_watching(), leave=False)
