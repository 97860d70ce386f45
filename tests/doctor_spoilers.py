"""Ways to spoil a corpus, as users' files come spoiled: each returns new hypotheses and references."""

from __future__ import annotations

import unicodedata
from typing import Sequence

from bleu_explain.engine.tokenize import tokenize

Refs = list[list[str]]


def shifted(hyps: Sequence[str], refs: Refs, stream: int = 0) -> tuple[list[str], Refs]:
    """Reference ``stream`` one line late (its first line lost, an empty line at the end): a line gone missing."""
    moved = [r[stream] for r in refs[1:]] + [""]
    return list(hyps), [[moved[i] if k == stream else r for k, r in enumerate(rs)] for i, rs in enumerate(refs)]


def tokenized(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    """The hypothesis tokenized by 13a (what a pipeline that tokenizes before scoring gives)."""
    return [" ".join(tokenize(h, "13a")) for h in hyps], refs


def _pieces(word: str) -> tuple[str, str]:
    return word[: len(word) // 2], word[len(word) // 2:]


def bpe(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    """Words of 7 letters or more split in two BPE pieces ("Bundes@@ regierung")."""
    def split(line: str) -> str:
        return " ".join(w if len(w) < 7 else "@@ ".join(_pieces(w)) for w in line.split())
    return [split(h) for h in hyps], refs


def sentencepiece(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    """SentencePiece pieces: a word starts with '\u2581', long words in two pieces."""
    def split(line: str) -> str:
        return " ".join("\u2581" + (w if len(w) < 7 else " ".join(_pieces(w))) for w in line.split())
    return [split(h) for h in hyps], refs


def wordpiece(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    """WordPiece pieces: a word's continuation starts with '##'."""
    def split(line: str) -> str:
        return " ".join(w if len(w) < 7 else " ##".join(_pieces(w)) for w in line.split())
    return [split(h) for h in hyps], refs


def nfd(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    """The hypothesis decomposed (NFD), the references as given (NFC)."""
    return [unicodedata.normalize("NFD", h) for h in hyps], refs


def lowercased(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    return [h.lower() for h in hyps], refs


def blank_lines(hyps: Sequence[str], refs: Refs, every: int = 10) -> tuple[list[str], Refs]:
    """Every ``every``-th hypothesis line empty (the system gave nothing)."""
    return [("" if i % every == 0 else h) for i, h in enumerate(hyps)], refs


def copied(hyps: Sequence[str], refs: Refs, every: int = 3) -> tuple[list[str], Refs]:
    """Every ``every``-th hypothesis line replaced by the segment's first reference (a leak)."""
    return [(refs[i][0] if i % every == 0 else h) for i, h in enumerate(hyps)], refs


def bom(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    return ["\ufeff" + hyps[0]] + list(hyps[1:]), refs


def crlf(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    return [h + "\r" for h in hyps], refs


def chinese_against_itself(chinese: Sequence[str]) -> tuple[list[str], Refs]:
    """A Chinese "system": each Chinese line with its last two characters dropped, scored against the line."""
    return [line[:-2] for line in chinese], [[line] for line in chinese]


#: Each spoiler with the code the doctor must give it.
SPOILERS = {
    "shifted": (shifted, "missing-lines"),
    "tokenized": (tokenized, "tokenized-input"),
    "bpe": (bpe, "subword-markers"),
    "sentencepiece": (sentencepiece, "subword-markers"),
    "wordpiece": (wordpiece, "subword-markers"),
    "lowercased": (lowercased, "case-mismatch"),
    "blank-lines": (blank_lines, "empty-segments"),
    "copied": (copied, "copied-reference"),
    "bom": (bom, "byte-order-mark"),
    "crlf": (crlf, "crlf-line-endings"),
}


def full_width(hyps: Sequence[str], refs: Refs) -> tuple[list[str], Refs]:
    """Digits in the hypothesis in their full-width forms (as some CJK pipelines write them): '２０２１'."""
    table = {ord(d): chr(0xFF10 + int(d)) for d in "0123456789"}
    return [h.translate(table) for h in hyps], refs
