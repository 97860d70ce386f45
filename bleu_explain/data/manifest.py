"""The list of downloadable data files: where each comes from, how big it is, its checksum.

The manifest is a small TSV shipped with the package (``wmt21_manifest.tsv``);
the data are not. Each row pins a file to a public GitHub repository and
commit, so the download URL never changes under us, and gives the sha256 that
every copy (downloaded, cached or local) must have.

>>> files = load_manifest("wmt21")
>>> sorted({f.pair for f in files if f.pair})
['en-de', 'zh-en']
>>> f = find_file("wmt21", "en-de/ref.C.de")
>>> f.lines, f.repo
(1002, 'wmt-conference/wmt21-news-systems')
>>> f.url("https://example.org").replace(f.commit, "<commit>")
'https://example.org/wmt-conference/wmt21-news-systems/<commit>/txt/references/newstest2021.en-de.ref.C.de'
>>> human_size(374111)
'365 KiB'
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import BleuInputError

#: The data sets this package can download, and their manifests (next to this module).
MANIFESTS = {"wmt21": "wmt21_manifest.tsv"}
#: The columns of a manifest, in order.
COLUMNS = ("file", "bytes", "lines", "sha256", "repo", "commit", "path")

_PAIR = re.compile(r"^[a-z]{2,3}-[a-z]{2,3}$")
_HEX40 = re.compile(r"^[0-9a-f]{40}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class DataFile:
    """One file of a data set: its place in the local layout and its pinned origin.

    ``file`` is the relative path in the local layout (e.g. ``zh-en/sys/XMU.en``);
    ``repo``, ``commit`` and ``path`` locate it on GitHub; ``bytes``, ``lines``
    (newline count) and ``sha256`` describe the exact content expected.
    """

    dataset: str
    file: str
    bytes: int
    lines: int
    sha256: str
    repo: str
    commit: str
    path: str

    @property
    def pair(self) -> str | None:
        """The language pair this file belongs to (its first folder), or None for shared files."""
        head = self.file.split("/", 1)[0]
        return head if "/" in self.file and _PAIR.match(head) else None

    @property
    def known_hash(self) -> str:
        """The checksum in pooch's notation."""
        return f"sha256:{self.sha256}"

    def url(self, base: str) -> str:
        """The download URL: ``{base}/{repo}/{commit}/{path}`` (raw.githubusercontent.com's layout)."""
        return f"{base.rstrip('/')}/{self.repo}/{self.commit}/{self.path}"

    @property
    def size_text(self) -> str:
        """The size for messages, e.g. ``'1.2 MiB'``."""
        return human_size(self.bytes)


def human_size(n: int) -> str:
    """A byte count in binary units, rounded for reading.

    >>> human_size(512), human_size(20_000), human_size(3_500_000)
    ('512 bytes', '20 KiB', '3.3 MiB')
    """
    if n < 1024:
        return f"{n} bytes"
    if n < 1024 ** 2:
        return f"{n / 1024:.0f} KiB"
    return f"{n / 1024 ** 2:.1f} MiB"


@functools.cache
def load_manifest(dataset: str = "wmt21") -> tuple[DataFile, ...]:
    """All files of a data set, as the shipped manifest lists them (validated)."""
    if dataset not in MANIFESTS:
        raise BleuInputError(f"no data set named {dataset!r}; known: {sorted(MANIFESTS)}")
    path = Path(__file__).with_name(MANIFESTS[dataset])
    if not path.is_file():
        raise BleuInputError(f"the manifest {path.name} is missing from the installed package ({path.parent})")
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    header, body = tuple(rows[0].split("\t")), rows[1:]
    if header != COLUMNS:
        raise BleuInputError(f"{path.name}: the header must be {COLUMNS}, got {header}")
    files = []
    for lineno, row in enumerate(body, 2):
        fields = row.split("\t")
        if len(fields) != len(COLUMNS):
            raise BleuInputError(f"{path.name} row {lineno}: {len(fields)} fields, expected {len(COLUMNS)}")
        rec = dict(zip(COLUMNS, fields))
        # A malformed row would surface much later as a confusing download error; refuse it here.
        if not (_HEX64.match(rec["sha256"]) and _HEX40.match(rec["commit"]) and rec["bytes"].isdigit()
                and rec["lines"].isdigit() and ".." not in rec["file"].split("/")):
            raise BleuInputError(f"{path.name} row {lineno} is malformed: {row!r}")
        files.append(DataFile(dataset=dataset, file=rec["file"], bytes=int(rec["bytes"]), lines=int(rec["lines"]),
                              sha256=rec["sha256"], repo=rec["repo"], commit=rec["commit"], path=rec["path"]))
    if len({f.file for f in files}) != len(files):
        raise BleuInputError(f"{path.name} lists a file twice")
    return tuple(files)


def files_for(dataset: str = "wmt21", pair: str | None = None) -> tuple[DataFile, ...]:
    """The files of a data set, or of one language pair (with the files all pairs share, e.g. licences)."""
    files = load_manifest(dataset)
    if pair is None:
        return files
    pairs = sorted({f.pair for f in files if f.pair})
    if pair not in pairs:
        raise BleuInputError(f"{dataset} has no language pair {pair!r}; it has {pairs}")
    # The pair's own files first: messages that list missing files should start with them.
    return tuple(f for f in files if f.pair == pair) + tuple(f for f in files if f.pair is None)


def find_file(dataset: str, file: str) -> DataFile:
    """The manifest entry of one file (by its relative path in the local layout)."""
    for f in load_manifest(dataset):
        if f.file == file:
            return f
    raise BleuInputError(f"{dataset}'s manifest lists no file {file!r}")
