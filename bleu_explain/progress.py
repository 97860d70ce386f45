"""Progress bars (tqdm, notebook-aware) for work that takes more than about a second."""

from __future__ import annotations

from typing import Iterable, Optional


def progress_bar(iterable: Iterable, total: Optional[int] = None, desc: str = "", disable: bool = False):
    """A tqdm bar that renders as a widget in Jupyter and as text elsewhere."""
    from tqdm.auto import tqdm

    return tqdm(iterable, total=total, desc=desc, disable=disable, leave=False)
