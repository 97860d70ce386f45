"""Cases from the WMT21 data, stored by reference: the files, a line range and each file's sha256.

The WMT21 texts are not the project's to publish, so a recording names them instead of holding them:
``{"dataset": "wmt21", "hyp": "en-de/sys/UF.de", "refs": ["en-de/ref.A.de", ...], "lines": [start, stop],
"sha256": {file: sha256}}`` (lines counted from 0, ``stop`` excluded; the sha256 are the data manifest's).
The recorder and the tests read the same files with the same function, after checking every sha256.
"""

from __future__ import annotations

from pathlib import Path

from bleu_explain.data.download import verified_path
from bleu_explain.data.loaders import read_lines
from bleu_explain.data.manifest import find_file

DATASET = "wmt21"


def wmt21_source(hyp: str, refs: list[str], lines: tuple[int, int]) -> dict:
    """The reference to a WMT21 case, with the manifest's sha256 of each file."""
    files = [hyp, *refs]
    return {"dataset": DATASET, "hyp": hyp, "refs": list(refs), "lines": list(lines),
            "sha256": {f: find_file(DATASET, f).sha256 for f in files}}


def read_source(source: dict, root: Path) -> tuple[list[str], list[list[str]]]:
    """(hypotheses, segment-major references) of a stored case, read from the data folder ``root``.

    Each file is checked against the sha256 the recording holds (and the manifest's), so a recording is
    never compared with other text.
    """
    texts = {}
    for file, sha256 in source["sha256"].items():
        entry = find_file(source["dataset"], file)
        if entry.sha256 != sha256:
            raise ValueError(f"{file}: the recording was made from sha256 {sha256}, the manifest pins {entry.sha256}")
        texts[file] = read_lines(verified_path(entry, root), f"WMT21 file {file}")
    start, stop = source["lines"]
    hyps = texts[source["hyp"]][start:stop]
    refs = [list(segment) for segment in zip(*(texts[r][start:stop] for r in source["refs"]))]
    return hyps, refs
