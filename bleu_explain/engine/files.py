"""Files on disk: the checksum that pins a downloaded file (a SentencePiece model, a test set's file).

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "empty")
...     _ = open(path, "wb").close()
...     sha256_of_file(path)
'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
"""

from __future__ import annotations

import hashlib
import os
from typing import Union


def sha256_of_file(path: Union[str, "os.PathLike[str]"]) -> str:
    """The sha256 of a file (hex digits), read in blocks of a megabyte."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
