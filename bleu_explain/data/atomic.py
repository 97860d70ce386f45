"""Files written whole or not at all.

A file is written under a new name in the same folder and then renamed over its place: a rename within one
folder is atomic, so whoever opens the path (a reader, a later run, a learner's notebook server) finds the old
file or the new one, never part of one. Used by the disk cache (:mod:`.parsed_cache`) and the course installer
(:mod:`bleu_explain.coursefiles.installer`), where a cut-short file would otherwise be read as a damaged pickle
or counted as a learner's edit.

>>> import tempfile; from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder) / "notes.txt"
...     write_atomically(path, lambda fh: fh.write(b"first"))
...     try:
...         write_atomically(path, lambda fh: (fh.write(b"half of"), 1 / 0))
...     except ZeroDivisionError:
...         pass
...     path.read_bytes(), sorted(p.name for p in Path(folder).iterdir())
(b'first', ['notes.txt'])
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

#: Open without following a symbolic link where the system can (POSIX); elsewhere 0, no flag.
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: Not handed to a program this process starts.
CLOSE_ON_EXEC = getattr(os, "O_CLOEXEC", 0)


def write_atomically(path: Path, write: Callable[[IO[bytes]], Any], mode: int = 0o666) -> None:
    """Write ``path`` with ``write(file)``, whole or not at all.

    The bytes go to a new file beside ``path`` (created with ``mode``, less the umask; never through a link),
    are flushed to the disk, and the new file is renamed over ``path``. An exception while writing (or
    Ctrl-C) removes the new file and leaves ``path`` as it was, or absent.
    """
    part = path.with_name(f".{path.name}.{secrets.token_hex(8)}.part")
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW | CLOSE_ON_EXEC, mode)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())  # on the disk before the rename makes it the file: a crash leaves old or new
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise
