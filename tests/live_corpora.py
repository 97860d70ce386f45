"""Corpora for the live page's browser tests and benchmark: real WMT21 en-de text when BLEU_EXPLAIN_DATA points at
the data, else the generated Zipfian corpus (benchmarks/common.py) of the same shape."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def live_corpus(segments: int) -> tuple[list[str], list[list[str]], str]:
    """``segments`` candidates and two reference streams (stream-major, as the page's boxes hold them), and a
    sentence saying what they are."""
    root = os.environ.get("BLEU_EXPLAIN_DATA")
    folder = Path(root) / "en-de" if root else None
    if folder is not None and (folder / "ref.C.de").is_file():
        def lines(path: Path) -> list[str]:
            return path.read_text(encoding="utf-8").removesuffix("\n").split("\n")  # one segment a line

        # en-de has 1,002 segments: the systems one after the other, against references A and C repeated
        hyps: list[str] = []
        systems = sorted((folder / "sys").glob("*.de"))
        for system in systems:
            hyps += lines(system)
            if len(hyps) >= segments:
                break
        hyps = hyps[:segments]
        streams = [(lines(folder / name) * (segments // 1002 + 1))[:segments] for name in ("ref.A.de", "ref.C.de")]
        used = (len(hyps) + 1001) // 1002
        return hyps, streams, (f"WMT21 en-de, {segments:,} segments ({used} systems' outputs in turn: "
                               f"{', '.join(s.stem for s in systems[:used])}), references A and C")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from common import zipf_corpus

    hyps_t, refs_t = zipf_corpus(segments, 2)[:2]
    return (list(hyps_t), [list(stream) for stream in zip(*refs_t)],
            f"generated Zipfian corpus, {segments:,} segments, 2 references (BLEU_EXPLAIN_DATA not set)")
