"""A notebook opened without the data it downloads: one cell says what is missing and offers the download;
the cells after it are skipped quietly until the data are there. No tracebacks.

The notebook's set-up cell calls :func:`require_data`; what is missing is worked out by
:func:`bleu_explain.data.availability.missing_data`. With the data present it shows nothing
and changes nothing. Without them it shows what is missing, where it was looked for and the
command that fetches it, with a button that runs the download from the notebook; and it adds an
IPython input transformer that turns every later cell into ``pass`` while the files are
missing. Shell escapes and magics (a cell starting with ``!`` or ``%``) still run, so
``!python -m bleu_explain.data fetch wmt21`` works in a cell of its own. Once the files are
there, the transformer removes itself and the cells run as written. Outside IPython (a plain
script) :func:`require_data` raises the data module's
:class:`~bleu_explain.data.download.DataNotAvailableError` instead.

>>> missing = MissingData(dataset="wmt21", pairs=("zh-en",), folder=Path("<cache>"), missing_files=28,
...                       total_files=28, missing_bytes=12_000_000, command="python -m bleu_explain.data fetch wmt21")
>>> "<code>&lt;cache&gt;</code>" in missing_data_html(missing)
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Optional

from ...data.availability import MissingData, missing_data
from ...data.download import DataNotAvailableError, data_dir_for, fetch
from ...data.manifest import human_size
from ...engine.errors import BleuInputError


def missing_data_html(missing: MissingData) -> str:
    """The message of :meth:`MissingData.text` as the notebook shows it, the folder escaped."""
    what = html.escape(f"{missing.dataset} ({', '.join(missing.pairs)})")
    return (f'<div class="bleu-explain-missing-data" style="border-left: 4px solid #d97706; padding: 0.4em 0.8em">'
            f"<p><b>This notebook needs data: the {what} data are not here</b>. {missing.missing_files} of "
            f"{missing.total_files} files ({html.escape(human_size(missing.missing_bytes))}) are missing from "
            f"<code>{html.escape(str(missing.folder))}</code>.</p>"
            f"<p>Download them once (each is checked by sha256) with the button below, or in a terminal:</p>"
            f"<pre>{html.escape(missing.command)}</pre>"
            f"<p>Until they are here, the cells below do nothing; then run them again "
            f"(<i>Run &gt; Run Selected Cell and All Below</i>).</p></div>")


class SkipWithoutData:
    """An IPython input transformer: each cell becomes ``pass`` while the data are missing (``!`` and ``%`` lines run)."""

    # IPython must not call it when it only checks whether typed code is complete: it removes itself.
    has_side_effects = True

    def __init__(self, shell: Any, dataset: str, pairs: Sequence[str], data_dir: Optional[Path] = None) -> None:
        self.shell, self.dataset, self.pairs, self.data_dir = shell, dataset, tuple(pairs), data_dir

    def __call__(self, lines: list[str]) -> list[str]:
        if missing_data(self.dataset, self.pairs, data_dir=self.data_dir) is None:
            stop_skipping(self.shell)
            return lines
        first = next((line.lstrip() for line in lines if line.strip()), "")
        return lines if first.startswith(("!", "%")) else ["pass\n"]


def stop_skipping(shell: Any) -> None:
    """Remove every :class:`SkipWithoutData` from ``shell``."""
    transforms = shell.input_transformers_cleanup
    transforms[:] = [t for t in transforms if not isinstance(t, SkipWithoutData)]


class DataFetcher:
    """The button that downloads what is missing, and the line that reports how it went."""

    def __init__(self, missing: MissingData, data_dir: Optional[Path] = None,
                 fetcher: Callable[..., Path] = fetch) -> None:
        import ipywidgets as w

        self.missing, self.data_dir, self._fetch = missing, data_dir, fetcher
        self.button = w.Button(description=f"Download the data ({human_size(missing.missing_bytes)})",
                               icon="download", button_style="primary", layout=w.Layout(width="auto"))
        self.report = w.HTML()
        self.button.on_click(lambda _: self.run())
        self.widget = w.VBox([self.button, self.report])

    def _say(self, text: str) -> None:
        self.report.value = f"<pre style='white-space: pre-wrap'>{html.escape(text)}</pre>"

    def run(self) -> bool:
        """Download every missing file of the data set's pairs; True when all are there."""
        self.button.disabled = True
        done = 0
        try:
            for pair in self.missing.pairs:
                def progress(file: Any, action: str) -> None:
                    nonlocal done
                    done += 1
                    self._say(f"{done} of {self.missing.total_files} files: {file.file} {action}")

                self._fetch(self.missing.dataset, pair, data_dir=self.data_dir, report=progress)
        except BleuInputError as exc:  # no connection, a refused checksum, a folder that cannot be written
            self._say(f"The download stopped: {exc}")
            self.button.disabled = False
            return False
        self._say(f"Done: every file is in {data_dir_for(self.missing.dataset, self.data_dir)}, each checked by "
                  f"sha256. Now run the cells below (Run > Run Selected Cell and All Below).")
        return True


def require_data(dataset: str, pairs: Sequence[str], *, data_dir: Optional[Path] = None) -> None:
    """For a notebook's set-up cell: nothing when the data are here; else say what is missing and skip later cells.

    What is missing is shown with a download button (:func:`missing_data` returns it instead).
    Outside IPython, missing data raise :class:`~bleu_explain.data.download.DataNotAvailableError`.
    """
    shell = _ipython()
    if shell is not None:
        stop_skipping(shell)  # running the cell again starts afresh
    missing = missing_data(dataset, pairs, data_dir=data_dir)
    if missing is None:
        return
    if shell is None:
        raise DataNotAvailableError(missing.text(in_notebook=False), root=missing.folder)
    from IPython.display import display

    shell.input_transformers_cleanup.append(SkipWithoutData(shell, dataset, pairs, data_dir))
    display({"text/plain": missing.text(), "text/html": missing_data_html(missing)}, raw=True)
    display(DataFetcher(missing, data_dir).widget)


def _ipython() -> Any:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    return get_ipython()
