"""Where the data files live, downloading them on request, and checking every copy.

A data set's files live in one folder laid out as the manifest's ``file``
column says (``zh-en/src.zh``, ``zh-en/sys/XMU.en``, ...). That folder is,
first found first:

1. the ``data_dir`` argument of a function;
2. the folder named by the environment variable ``BLEU_EXPLAIN_DATA``
   (e.g. ``BLEU_EXPLAIN_DATA=/some/where/wmt21``), for a shared local copy;
3. ``<user cache>/bleu-explain/<data set>`` (``pooch.os_cache("bleu-explain")``).

Nothing is downloaded unless asked: :func:`fetch` (or ``python -m
bleu_explain.data fetch wmt21``) gets each missing file from
``{base}/{repo}/{commit}/{path}`` with pooch, which refuses a download whose
sha256 is not the manifest's. The base is ``https://raw.githubusercontent.com``,
or the environment variable ``BLEU_EXPLAIN_DATA_URL`` (tests point it at a
local server). Reading also checks the sha256 of every file it uses, so a
damaged or edited copy is refused rather than silently scored.

>>> fetch_command("wmt21", "zh-en")
'python -m bleu_explain.data fetch wmt21 zh-en'
>>> resolve_base_url("http://127.0.0.1:8000/")
'http://127.0.0.1:8000'
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Union

from ..engine.errors import BleuInputError
from ..engine.files import sha256_of_file
from .manifest import DataFile, files_for, human_size

PathLike = Union[str, "os.PathLike[str]"]

#: Environment variable naming a local folder that holds a data set (used instead of the cache).
DATA_ENV = "BLEU_EXPLAIN_DATA"
#: Environment variable replacing the download base URL (e.g. a mirror, or a test server).
DATA_URL_ENV = "BLEU_EXPLAIN_DATA_URL"
#: Where files are downloaded from: GitHub's raw-file server, addressed by repository and commit.
DEFAULT_BASE_URL = "https://raw.githubusercontent.com"
#: Seconds to wait for the server before a download counts as failed.
DEFAULT_TIMEOUT = 60.0


class DataNotAvailableError(BleuInputError):
    """Data files are missing and nothing (or nothing successful) downloaded them.

    ``missing`` lists the manifest entries of the files that are not there;
    the message names them, their sizes and the one command that fetches them.
    """

    def __init__(self, message: str, missing: Sequence[DataFile] = (), root: Path | None = None):
        super().__init__(message)
        self.missing = tuple(missing)
        self.root = root


class DataChecksumError(BleuInputError):
    """A file (downloaded, cached or local) does not have the sha256 the manifest pins; it is not used."""

    def __init__(self, message: str, file: DataFile | None = None, path: Path | None = None):
        super().__init__(message)
        self.file = file
        self.path = path


def fetch_command(dataset: str = "wmt21", pair: str | None = None) -> str:
    """The shell command that downloads a data set (or one language pair of it)."""
    return f"python -m bleu_explain.data fetch {dataset}" + (f" {pair}" if pair else "")


def default_cache_dir() -> Path:
    """The user's cache folder for bleu-explain (``pooch.os_cache("bleu-explain")``)."""
    import pooch

    return Path(pooch.os_cache("bleu-explain"))


def data_dir_for(dataset: str = "wmt21", data_dir: PathLike | None = None) -> Path:
    """The folder that holds (or will hold) a data set's files: argument, else $BLEU_EXPLAIN_DATA, else the cache."""
    if data_dir is not None:
        return Path(data_dir)
    env = os.environ.get(DATA_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    return default_cache_dir() / dataset


def resolve_base_url(base_url: str | None = None) -> str:
    """The download base URL: argument, else $BLEU_EXPLAIN_DATA_URL, else GitHub's raw-file server."""
    base = base_url or os.environ.get(DATA_URL_ENV, "").strip() or DEFAULT_BASE_URL
    return base.rstrip("/")


def local_path(root: Path, file: DataFile) -> Path:
    """Where a manifest entry lives under a data folder."""
    return root.joinpath(*file.file.split("/"))


def _where(root: Path, data_dir: PathLike | None) -> str:
    # Say *why* this folder was used: a surprising $BLEU_EXPLAIN_DATA is the usual cause of "missing" files.
    if data_dir is None and os.environ.get(DATA_ENV, "").strip():
        return f"{root} (the folder ${DATA_ENV} names)"
    return str(root)


def _total(files: Sequence[DataFile]) -> str:
    return human_size(sum(f.bytes for f in files))


def _listing(files: Sequence[DataFile], limit: int = 5) -> str:
    shown = ", ".join(f"{f.file} ({f.size_text})" for f in files[:limit])
    more = len(files) - limit
    return shown + (f" and {more} more" if more > 0 else "")


# ---------------------------------------------------------------------- reading
def require(
    files: Sequence[DataFile], *, data_dir: PathLike | None = None, pair: str | None = None,
) -> Path:
    """The data folder, after checking every one of ``files`` is there (not yet their checksums).

    Missing files raise :class:`DataNotAvailableError` naming them, their sizes
    and the command that fetches them.
    """
    if not files:
        raise BleuInputError("no files were asked for")
    dataset = files[0].dataset
    root = data_dir_for(dataset, data_dir)
    missing = [f for f in files if not local_path(root, f).is_file()]
    if missing:
        what = f"{dataset} {pair}" if pair else dataset
        raise DataNotAvailableError(
            f"the {what} data are not available: {len(missing)} of {len(files)} files are missing from "
            f"{_where(root, data_dir)}: {_listing(missing)}; {_total(missing)} in all. "
            f"Download them (once; from their public origin, each checked by sha256) with\n"
            f"    {fetch_command(dataset, pair)}\n"
            f"or set {DATA_ENV} to a folder that already has a copy.",
            missing=missing, root=root,
        )
    return root


def verified_path(file: DataFile, root: Path) -> Path:
    """The local copy of ``file`` under ``root``, after checking its sha256 (a wrong one is refused)."""
    path = local_path(root, file)
    if not path.is_file():
        raise DataNotAvailableError(
            f"{file.file} ({file.size_text}) is missing from {root}; get it with\n    {fetch_command(file.dataset)}",
            missing=[file], root=root)
    actual = sha256_of_file(path)
    if actual != file.sha256:
        raise DataChecksumError(
            f"{path} is not the file the manifest pins: its sha256 is {actual}, expected {file.sha256} "
            f"({file.repo}@{file.commit[:12]}:{file.path}, {file.bytes:,} bytes; this copy has "
            f"{path.stat().st_size:,} bytes). It was not used. Run `{fetch_command(file.dataset)}` to download "
            f"it again (that replaces it), or restore the original copy.",
            file=file, path=path)
    return path


# ---------------------------------------------------------------------- downloading
@contextlib.contextmanager
def _quiet_pooch() -> Iterator[None]:
    # pooch logs every file at INFO; callers get a report callback instead.
    import pooch

    logger = pooch.get_logger()
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        logger.setLevel(level)


def fetch(
    dataset: str = "wmt21",
    pair: str | None = None,
    *,
    data_dir: PathLike | None = None,
    base_url: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progressbar: bool = False,
    report: Callable[[DataFile, str], None] | None = None,
) -> Path:
    """Download every file of a data set (or of one language pair) that is not already there; return the folder.

    Each file comes from ``{base_url}/{repo}/{commit}/{path}`` through pooch,
    which keeps it only if its sha256 is the manifest's; a file already present
    with the right checksum is not downloaded again, one with a wrong checksum
    is replaced. ``report(file, action)`` is called for each file with
    ``"present"`` or ``"downloaded"``. The first failure stops the download
    with :class:`DataChecksumError` (a wrong checksum) or
    :class:`DataNotAvailableError` (no connection, an HTTP error, a folder
    that cannot be written), naming the file, its size and the retry command.
    """
    import pooch
    import requests

    files = files_for(dataset, pair)
    root = data_dir_for(dataset, data_dir)
    base = resolve_base_url(base_url)
    downloader = pooch.HTTPDownloader(progressbar=progressbar, timeout=timeout)
    command = fetch_command(dataset, pair)
    with _quiet_pooch():
        for k, f in enumerate(files):
            target = local_path(root, f)
            present = target.is_file() and sha256_of_file(target) == f.sha256
            url = f.url(base)
            try:
                pooch.retrieve(url, known_hash=f.known_hash, fname=target.name, path=target.parent,
                               downloader=downloader)
            # RequestException first: some of its subclasses are also ValueErrors (e.g. InvalidURL).
            except requests.exceptions.RequestException as exc:
                left = [f] + [g for g in files[k + 1:] if not local_path(root, g).is_file()]
                raise _download_failed(f, left, url, root, data_dir, command, exc) from None
            except ValueError as exc:  # pooch's checksum refusal
                raise DataChecksumError(
                    f"the download of {f.file} ({f.size_text}) from {url} was refused: it does not have the "
                    f"sha256 the manifest pins ({f.sha256}); nothing was saved. pooch said: {exc}. "
                    f"The origin or a proxy served different content; try again later with `{command}`, "
                    f"or set {DATA_ENV} to a folder with a verified copy.",
                    file=f, path=target) from None
            except OSError as exc:
                raise DataNotAvailableError(
                    f"could not save {f.file} ({f.size_text}) under {_where(root, data_dir)}: {exc}. "
                    f"Choose a writable folder (data_dir=..., or unset {DATA_ENV} to use the cache) "
                    f"and run `{command}` again.",
                    missing=[f] + [g for g in files[k + 1:] if not local_path(root, g).is_file()], root=root) from None
            if report is not None:
                report(f, "present" if present else "downloaded")
    return root


def _download_failed(
    f: DataFile, left: Sequence[DataFile], url: str, root: Path, data_dir: PathLike | None, command: str,
    exc: Exception,
) -> DataNotAvailableError:
    import requests

    response = getattr(exc, "response", None)
    if isinstance(exc, requests.exceptions.HTTPError) and response is not None:
        why = f"the server answered {response.status_code} {response.reason or ''}".rstrip()
        hint = "The pinned origin may have moved; report this to the bleu-explain maintainers, or"
    elif isinstance(exc, (requests.exceptions.ConnectionError, requests.exceptions.Timeout)):
        why = f"no connection ({type(exc).__name__})"
        hint = "Connect to the internet and run it again, or"
    else:
        why = f"{type(exc).__name__}: {exc}"
        hint = "Try again later, or"
    rest = left[1:]
    still = f"; {len(rest)} more file{'s' if len(rest) != 1 else ''} ({_total(rest)}) are missing too" if rest else ""
    return DataNotAvailableError(
        f"could not download {f.file} ({f.size_text}) from {url}: {why}. It is missing from "
        f"{_where(root, data_dir)}{still}. The command that fetches it is\n    {command}\n"
        f"{hint} set {DATA_ENV} to a folder that already has a copy.",
        missing=left, root=root)


# ---------------------------------------------------------------------- status
@dataclass(frozen=True)
class FileStatus:
    """One file's state in a data folder: ``"ok"``, ``"missing"`` or ``"bad checksum"``."""

    file: DataFile
    path: Path
    state: str


def status(dataset: str = "wmt21", pair: str | None = None, *, data_dir: PathLike | None = None,
           verify: bool = True) -> list[FileStatus]:
    """Each file's state in the data folder (with ``verify``, checksums are computed: ~16 MB for wmt21)."""
    root = data_dir_for(dataset, data_dir)
    out = []
    for f in files_for(dataset, pair):
        path = local_path(root, f)
        if not path.is_file():
            state = "missing"
        elif verify and sha256_of_file(path) != f.sha256:
            state = "bad checksum"
        else:
            state = "ok"
        out.append(FileStatus(file=f, path=path, state=state))
    return out
