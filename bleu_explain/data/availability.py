"""Whether a data set's files are here, and if not, what is missing and the command that fetches it.

Presence only: the checksums are checked when the files are loaded. The notebooks' set-up cell
shows this through :func:`bleu_explain.display.widgets.data_gate.require_data`.

>>> missing = MissingData(dataset="wmt21", pairs=("zh-en",), folder=Path("cache"), missing_files=28,
...                       total_files=28, missing_bytes=12_000_000, command="python -m bleu_explain.data fetch wmt21")
>>> print(missing.text(in_notebook=False))
the wmt21 (zh-en) data are not here: 28 of 28 files (11.4 MiB) are missing from cache. Download them once (each is checked by sha256) with
    python -m bleu_explain.data fetch wmt21
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from .download import DATA_ENV, data_dir_for, fetch_command, status
from .manifest import human_size


@dataclass(frozen=True)
class MissingData:
    """What a notebook lacks: how many of its files are missing, from which folder, and the command that fetches them."""

    dataset: str
    pairs: tuple[str, ...]
    folder: Path
    missing_files: int
    total_files: int
    missing_bytes: int
    command: str

    @property
    def headline(self) -> str:
        """What is missing, in one sentence."""
        return (f"the {self.dataset} ({', '.join(self.pairs)}) data are not here: {self.missing_files} of "
                f"{self.total_files} files ({human_size(self.missing_bytes)}) are missing from {self.folder}.")

    def text(self, in_notebook: bool = True) -> str:
        """The message, in plain text (``in_notebook``: with the button and the cells below)."""
        if not in_notebook:
            return f"{self.headline} Download them once (each is checked by sha256) with\n    {self.command}"
        return (f"This notebook needs data: {self.headline}\n"
                f"Download them once (each is checked by sha256) with the button below, or in a terminal:\n"
                f"    {self.command}\n"
                f"Until they are here, the cells below do nothing; then run them again "
                f"(Run > Run Selected Cell and All Below).")


def missing_data(dataset: str, pairs: Sequence[str], *, data_dir: Optional[Path] = None) -> Optional[MissingData]:
    """What is missing of ``pairs`` of ``dataset`` (``None``: every file is there; checksums are checked on loading)."""
    # a file two pairs share (the DA scores, say) is counted once
    states = list({s.file.file: s for pair in pairs for s in status(dataset, pair, data_dir=data_dir, verify=False)}
                  .values())
    missing = [s.file for s in states if s.state != "ok"]
    if not missing:
        return None
    folder = data_dir_for(dataset, data_dir)
    missing_pairs = sorted({f.pair for f in missing if f.pair})
    command = fetch_command(dataset, missing_pairs[0] if len(missing_pairs) == 1 else None)
    if data_dir is not None or os.environ.get(DATA_ENV, "").strip():  # a terminal may not have the same setting
        command += f" --data-dir {shlex.quote(str(folder))}"
    return MissingData(dataset=dataset, pairs=tuple(pairs), folder=folder, missing_files=len(missing),
                       total_files=len(states), missing_bytes=sum(f.bytes for f in missing), command=command)
