"""What is parsed and counted from large test sets, kept on disk so that a fresh kernel reads it in a moment.

Reading both WMT21 test sets takes a couple of seconds, and scoring their 33 translations a good deal
longer; a notebook run in front of a class should not wait for either each time. Two functions:

* :func:`load_wmt21_cached` -- :func:`~bleu_explain.data.wmt21.load_wmt21`, read once: each file's sha256 is
  checked as the loader checks it, and the parsed test set is kept under a key made of those checksums.
* :func:`on_disk` -- ``on_disk(function, *args)`` is ``function(*args)``, kept under a key made of the
  function's name and code, the arguments, the source of the package's computing code and sacreBLEU's version. The
  function must compute its result from its arguments alone (a notebook passes everything it uses).

Everything lives in ``<user cache>/bleu-explain/parsed/v-<fingerprint>`` (or the folder named by
``BLEU_EXPLAIN_CACHE``; ``BLEU_EXPLAIN_CACHE=off`` keeps nothing), as Python pickles written by this
package, one folder per version of the package's code: a change of the code starts a new folder (and
removes all but the last few), so that nothing stale is read. Loading a pickle runs code, so a file is read
only where nobody else could have written it: the file, its folder and the cache folder above must be owned
by the user running Python and writable by nobody else (and no link: each is opened without following one,
and what was opened is checked, not the path). A file is written whole or not at all (beside its place,
then renamed). Anything else is refused with a
warning that names the path and why, and the result is computed (and not kept). Folders are made with
mode 0700. A file that cannot be read is computed again; a folder that cannot be written is not an error
(the result is then computed each time).

>>> from pathlib import Path; import tempfile
>>> calls = []
>>> def square(x):
...     calls.append(x)
...     return x * x
>>> with tempfile.TemporaryDirectory() as folder:
...     [on_disk(square, 12, folder=Path(folder)) for _ in range(3)], calls
([144, 144, 144], [12])
"""

from __future__ import annotations

import errno
import hashlib
import inspect
import os
import pickle
import re
import shutil
import stat
import warnings
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, TypeVar

from .atomic import CLOSE_ON_EXEC, NO_FOLLOW, write_atomically

if TYPE_CHECKING:  # pragma: no cover
    from .judgments import HumanJudgedTestSet

T = TypeVar("T")

#: Environment variable naming the folder of the cache ("off": keep nothing).
CACHE_ENV = "BLEU_EXPLAIN_CACHE"
_PACKAGE = Path(__file__).resolve().parent.parent
_VERSION_FOLDER = re.compile(r"v-[0-9a-f]{16}")
#: How many versions of the code keep their folder (two installed versions do not undo each other's work).
KEEP_VERSIONS = 3


#: The parts of the package whose code can change a cached value: what computes (the display, the course and the
#: command line only show).
COMPUTING = ("engine", "analysis", "data", "api.py", "results.py", "version.py")


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """The sha256 of the package's computing code (:data:`COMPUTING`: every file's path and content) and of sacreBLEU's
    version."""
    import sacrebleu

    digest = hashlib.sha256(f"sacrebleu {sacrebleu.__version__}\n".encode())
    files = [p for part in COMPUTING for p in ([_PACKAGE / part] if part.endswith(".py") else
                                               (_PACKAGE / part).rglob("*.py"))]
    for path in sorted(files):
        digest.update(path.relative_to(_PACKAGE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_folder(folder: Optional[Path] = None) -> Optional[Path]:
    """The folder of this version of the code's cache: ``folder``, else $BLEU_EXPLAIN_CACHE, else the user's cache;
    None when the environment variable says "off"."""
    if folder is None:
        env = os.environ.get(CACHE_ENV, "").strip()
        if env.lower() in ("off", "0", "no", "false"):
            return None
        if env:
            folder = Path(env).expanduser()
        else:
            from .download import default_cache_dir

            folder = default_cache_dir() / "parsed"
    return folder / f"v-{code_fingerprint()[:16]}"


def _function_code(function: Callable[..., Any]) -> bytes:
    """What identifies a function: where it is defined, its name and its source (its bytecode if the source is gone)."""
    try:
        code = inspect.getsource(function).encode()
    except (OSError, TypeError):  # defined where no source is kept
        body = getattr(function, "__code__", None)
        code = repr((body.co_code, body.co_consts, body.co_names)).encode() if body is not None else b""
    return f"{function.__module__}.{function.__qualname__}\0".encode() + code


class UntrustedCacheWarning(UserWarning):
    """A cached file, or a folder of the cache, that someone else could have written: not read."""


class _Untrusted(Exception):
    """A cached file, or a folder of the cache, that may not be read: its path and why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


def _stat_reason(info: os.stat_result) -> Optional[str]:
    """Why what ``info`` describes may not be trusted (a link, owned by another user, writable by group or
    others), or None."""
    if stat.S_ISLNK(info.st_mode):
        return "it is a symbolic link"
    getuid = getattr(os, "getuid", None)  # POSIX only: elsewhere the user's profile folder guards the cache
    if getuid is not None and info.st_uid != getuid():
        return f"it belongs to user id {info.st_uid}, not to you ({getuid()})"
    if getuid is not None and info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"others can write it (mode {stat.filemode(info.st_mode)})"
    return None


def untrusted_reason(path: Path) -> Optional[str]:
    """Why ``path`` may not be trusted (a link, owned by another user, writable by group or others), or None.

    A path that does not exist is None: there is nothing to read there. (The cache itself checks what it
    opened, not the path: :func:`_open_checked`.)
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    return _stat_reason(info)


#: os.open takes a folder's descriptor (POSIX): each step of the path is then opened from the one checked before.
_RELATIVE_OPEN = os.open in os.supports_dir_fd


def _open_checked(path: Path, folder: bool, parent: Optional[int]) -> Optional[int]:
    """Open ``path`` (from the folder descriptor ``parent`` where the system allows) without following a link, and
    check what was opened by its descriptor (``fstat``), so that nothing can be swapped in between a check and
    the open. None when there is nothing there; :class:`_Untrusted` when it may not be read."""
    kind = getattr(os, "O_DIRECTORY", 0) if folder else getattr(os, "O_NONBLOCK", 0)  # (a FIFO does not block)
    relative = parent is not None and _RELATIVE_OPEN
    try:
        fd = os.open(path.name if relative else path, os.O_RDONLY | NO_FOLLOW | CLOSE_ON_EXEC | kind,
                     dir_fd=parent if relative else None)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK) or os.path.islink(path):  # (FreeBSD says EMLINK)
            raise _Untrusted(path, "it is a symbolic link") from None
        if exc.errno == errno.ENOTDIR:
            raise _Untrusted(path, "it is not a folder") from None
        raise
    info = os.fstat(fd)
    reason = _stat_reason(info)
    if reason is None and not (stat.S_ISDIR(info.st_mode) if folder else stat.S_ISREG(info.st_mode)):
        reason = "it is not a folder" if folder else "it is not a regular file"
    if reason is not None:
        os.close(fd)
        raise _Untrusted(path, reason)
    return fd


def _read_checked(path: Path, where: Path) -> tuple[bool, Any]:
    """``(True, value)`` read from the cached ``path`` in the version folder ``where``, each of the cache folder,
    ``where`` and the file opened without following a link and checked as opened; ``(False, None)`` when it is
    not there. Raises :class:`_Untrusted` for anything someone else could have written."""
    opened: list[int] = []
    try:
        for step, folder in ((where.parent, True), (where, True), (path, False)):
            fd = _open_checked(step, folder, opened[-1] if opened else None)
            if fd is None:
                return False, None
            opened.append(fd)
        with os.fdopen(opened.pop(), "rb") as fh:
            return True, pickle.load(fh)  # checked: the user's own file, in the user's own folders
    finally:
        for fd in opened:
            os.close(fd)


def _refusal(untrusted: _Untrusted) -> str:
    """The warning for a cached file (or folder) not read, naming the path and why."""
    return (f"bleu-explain's cache did not read {untrusted.path}: {untrusted.reason}. Loading it could run code "
            f"someone else wrote; the result is computed instead. Remove it, or point {CACHE_ENV} at a folder "
            f"of your own.")


def cached(kind: str, key: bytes, compute: Callable[[], T], *, folder: Optional[Path] = None) -> T:
    """``compute()``, kept on disk as ``<kind>-<sha256 of key>.pickle`` in :func:`cache_folder` (read back only from
    files and folders that nobody but the user could have written, and written whole or not at all)."""
    where = cache_folder(folder)
    if where is None:
        return compute()
    path = where / f"{kind}-{hashlib.sha256(key).hexdigest()[:32]}.pickle"
    try:
        found, value = _read_checked(path, where)
        if found:
            return value
    except _Untrusted as untrusted:
        warnings.warn(_refusal(untrusted), UntrustedCacheWarning, stacklevel=3)
        return compute()
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, IndexError, TypeError):
        pass  # unreadable, or damaged: compute it again (a write is never cut short: it is renamed when whole)
    value = compute()
    try:
        where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        where.mkdir(mode=0o700, exist_ok=True)
        _remove_other_versions(where)
        write_atomically(path, lambda fh: pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL), mode=0o600)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # a read-only folder or a value pickle cannot keep: computed again next time
    return value


def _remove_other_versions(where: Path) -> None:
    """Keep the folders of the :data:`KEEP_VERSIONS` versions of the code written to last (this one among them);
    remove older ones (only folders named ``v-`` and 16 hex digits)."""
    others = [p for p in where.parent.iterdir() if p != where and p.is_dir() and _VERSION_FOLDER.fullmatch(p.name)]
    for old in sorted(others, key=lambda p: p.stat().st_mtime, reverse=True)[KEEP_VERSIONS - 1:]:
        shutil.rmtree(old, ignore_errors=True)


def on_disk(function: Callable[..., T], *args: Any, folder: Optional[Path] = None, **kwargs: Any) -> T:
    """``function(*args, **kwargs)``, kept on disk: a second call with equal arguments (in any later kernel) reads
    the result instead of computing it. Arguments that pickle cannot write are not cached (computed each time)."""
    try:
        arguments = pickle.dumps((args, sorted(kwargs.items())), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return function(*args, **kwargs)
    key = _function_code(function) + b"\0" + arguments
    name = "".join(c if c.isalnum() else "_" for c in function.__name__)[:40]
    return cached(name, key, lambda: function(*args, **kwargs), folder=folder)


def load_wmt21_cached(pair: str, *, data_dir: Any = None, folder: Optional[Path] = None) -> HumanJudgedTestSet:
    """:func:`~bleu_explain.data.wmt21.load_wmt21` of ``pair``, parsed once: every file's sha256 is checked against
    the manifest, as the loader checks it, and the parsed set is kept under those checksums."""
    from .download import require, verified_path
    from .wmt21 import load_wmt21, wmt21_files

    files = wmt21_files(pair)
    root = require(files, data_dir=data_dir, pair=pair)
    for file in files:
        verified_path(file, root)  # a missing or changed file is refused here, as load_wmt21 refuses it
    key = "\n".join([pair, *(f"{f.file} {f.sha256}" for f in files)]).encode()
    return cached(f"wmt21-{pair}", key, lambda: load_wmt21(pair, data_dir=data_dir), folder=folder)
