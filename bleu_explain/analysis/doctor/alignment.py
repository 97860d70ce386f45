"""Alignment first: ``missing-lines``, ``extra-lines``, ``duplicated-lines``, ``reordered-lines`` and
``unrelated-references``.

Each reference stream is paired with the hypothesis line by line (:mod:`.pairing`), whatever the files'
lengths. Files that belong together pair line i with line i; otherwise the pairing says what happened, from
where: lines with no partner (missing on one side, extra on the other, a repeat of the line before), blocks
paired out of order. Which file is to blame: with two or more reference streams, the file that disagrees with
the others (when every reference pairs the same way with the hypothesis, the hypothesis lost or gained the
lines); with one, the hypothesis is named, unless the source file's length says the reference is the odd one.
A reference stream that hardly any hypothesis line resembles belongs to other files (``unrelated-references``).

Every finding's score without is the corpus re-paired as found, all these findings repaired together: each
hypothesis line with its partner in every stream; lines without a partner in some stream are left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ...messages import say
from .corpus import Detection, first, shorten
from .findings import Evidence
from .pairing import Pairing, pair
from .words import and_joined, joined, numbered, plural

#: A stream belongs with the hypothesis when at least this share of the hypothesis lines (that have rare words)
#: resemble one of its lines strongly. Measured on WMT21: 0.90 to 0.98 for a system and its references in six
#: language pairs; 0.16 to 0.31 for references of another test set in the same language.
RELATED = 0.5
#: Files shorter than this are not aligned (a few lines say nothing about which goes with which).
MIN_LINES = 5

#: Two references pair alike when this share of the lines both pair go to the same line.
AGREE = 0.9



@dataclass(frozen=True)
class Side:
    """A file as the findings name it: "the hypothesis" or "reference 2", and its lines."""

    name: str
    lines: Sequence[str]
    is_hypothesis: bool
    #: what its examples are called ("every reference" shows reference 1's lines)
    example_name: str = ""
    #: the source file (--source) has the other file's length: this file, not the other, gained or lost lines
    by_source: bool = False

    def __post_init__(self) -> None:
        if not self.example_name:
            object.__setattr__(self, "example_name", self.name)


@dataclass(frozen=True)
class Aligned:
    """The alignment's findings (their ``repaired`` corpus not yet set) and the segments it pairs: for each
    hypothesis line kept, its line in every reference stream; None when every file pairs line i with line i."""

    detections: tuple[Detection, ...]
    segments: Optional[tuple[tuple[int, tuple[int, ...]], ...]]
    unrelated: tuple[int, ...] = ()


def check(hypotheses: Sequence[str], streams: Sequence[Sequence[str]], names: Sequence[str],
          source: Optional[Sequence[str]] = None, judge_relatedness: bool = True) -> Aligned:
    """Pair every stream with the hypothesis and say what the pairings show (``judge_relatedness``: False when the
    hypothesis is in another language, which hides which lines go together)."""
    n = len(hypotheses)
    if n < MIN_LINES or any(len(s) < MIN_LINES for s in streams):
        return Aligned(detections=(), segments=None)
    pairings = [pair(hypotheses, stream) for stream in streams]
    unrelated = tuple(k for k, p in enumerate(pairings) if judge_relatedness and p.related < RELATED)
    detections: list[Detection] = []
    if unrelated:
        detections.append(_unrelated(pairings, unrelated, names))
    kept = [k for k in range(len(streams)) if k not in unrelated]
    for blamed, pairing, other in _blame(hypotheses, streams, names, source, pairings, kept):
        detections += _events(blamed, pairing, other)
    if all(pairings[k].identity for k in kept):
        return Aligned(detections=tuple(detections), segments=None, unrelated=unrelated)
    segments = tuple((i, tuple(pairings[k].pairs[i] if k in kept else i for k in range(len(streams))))
                     for i in range(n) if all(pairings[k].pairs[i] is not None for k in kept)
                     and all(i < len(streams[k]) for k in unrelated))
    return Aligned(detections=tuple(detections), segments=segments, unrelated=unrelated)  # type: ignore[arg-type]


def _blame(hypotheses: Sequence[str], streams: Sequence[Sequence[str]], names: Sequence[str],
           source: Optional[Sequence[str]], pairings: Sequence[Pairing], kept: Sequence[int]):
    """(the file to blame, its pairing as seen from it, the file it is held against) for each misaligned pair."""
    hyp = Side(say("doctor.side.hypothesis"), hypotheses, True)
    off = [k for k in kept if not pairings[k].identity]
    if not off:
        return []
    same = len(kept) > 1 and len(off) == len(kept) and len({len(streams[k]) for k in off}) == 1 \
        and all(_agree(pairings[off[0]], pairings[k]) for k in off[1:])
    if same:  # every reference pairs alike with the hypothesis: the references agree, the hypothesis does not
        return [(hyp, pairings[off[0]], Side(say("doctor.side.every-reference"), streams[off[0]], False, names[off[0]]))]
    if len(kept) == 1 and source is not None and len(source) == len(hypotheses) != len(streams[off[0]]):
        k = off[0]  # the source has the hypothesis's length: the reference gained or lost the lines
        return [(Side(names[k], streams[k], False), _flipped(pairings[k], len(hypotheses)), hyp)]
    if len(kept) > 1:  # the references disagree: each that pairs otherwise is to blame
        return [(Side(names[k], streams[k], False), _flipped(pairings[k], len(hypotheses)), hyp) for k in off]
    by_source = source is not None and len(source) == len(streams[off[0]]) != len(hypotheses)
    if by_source:
        hyp = Side(hyp.name, hyp.lines, True, by_source=True)
    return [(hyp, pairings[off[0]], Side(names[off[0]], streams[off[0]], False))]


def _agree(a: Pairing, b: Pairing) -> bool:
    """Whether two references pair alike with the hypothesis: of the hypothesis lines both pair, at least
    :data:`AGREE` pair with the same line (a repeated line may pair with one reference and its copy with the
    other, and a line translated badly may be left unpaired against one reference only)."""
    both = [i for i, (x, y) in enumerate(zip(a.pairs, b.pairs)) if x is not None and y is not None]
    return a.pairs == b.pairs or (bool(both) and sum(a.pairs[i] == b.pairs[i] for i in both) >= AGREE * len(both))


def _flipped(pairing: Pairing, n_hyp: int) -> Pairing:
    """The pairing seen from the reference: reference line j -> hypothesis line."""
    back: list[Optional[int]] = [None] * pairing.n_ref
    for i, j in enumerate(pairing.pairs):
        if j is not None:
            back[j] = i
    moved = {pairing.pairs[i] for i in pairing.reordered}
    return Pairing(pairs=tuple(back), n_ref=n_hyp, similarity=(), related=pairing.related,
                   reordered=tuple(sorted(j for j in moved if j is not None)))


def _events(blamed: Side, pairing: Pairing, other: Side) -> list[Detection]:
    """The findings of one misaligned pair of files, worded from the file to blame."""
    missing = pairing.unpaired_references()  # lines of the other file that the blamed file has no line for
    extra = pairing.unpaired_hypotheses()  # lines of the blamed file with no partner in the other
    reordered = list(pairing.reordered)
    shuffled = len(reordered) >= 0.2 * len(pairing.pairs)
    repeats = [i for i in extra if _repeats(blamed.lines, i)]
    blanks = [i for i in extra if not blamed.lines[i].strip() and i not in repeats]
    others = [i for i in extra if i not in repeats and i not in blanks]
    found = []
    if shuffled:
        found.append(_reordered(blamed, pairing, reordered, shuffled=True))
        return found  # lines of a shuffle left without a partner are not lost: they were not placed
    if missing:
        found.append(_missing(blamed, other, missing, blanks if not others else []))
        if not others:
            blanks = []
    if others or blanks:
        found.append(_extra(blamed, other, others + blanks))
    if repeats:
        found.append(_duplicated(blamed, repeats))
    if reordered:
        found.append(_reordered(blamed, pairing, reordered, shuffled=False))
    return found


def _repeats(lines: Sequence[str], i: int) -> bool:
    """Whether line i repeats a neighbouring line (white space aside) and is not empty."""
    text = " ".join(lines[i].split())
    return bool(text) and any(0 <= i + d < len(lines) and " ".join(lines[i + d].split()) == text for d in (-1, 1))


def _lines_of(side: Side, indices: Sequence[int], plain: bool = False) -> str:
    """A file's lines as a finding names them: "hypothesis line 5", "lines 5-7 of reference 2" (``plain``: "line 5"
    for the hypothesis)."""
    number = "one" if len(indices) == 1 else "other"
    if side.is_hypothesis:
        return say(f"doctor.align.{'plain' if plain else 'hypothesis'}-lines.{number}", numbers=numbered(indices))
    return say(f"doctor.align.lines-of.{number}", numbers=numbered(indices), side=side.name)


def _number(indices: Sequence[int]) -> str:
    """The key's ending for one line or several."""
    return "one" if len(indices) == 1 else "other"


def _counts(blamed: Side, other: Side) -> str:
    if len(blamed.lines) == len(other.lines):
        return say("doctor.align.counts-same", lines=len(blamed.lines))
    return say("doctor.align.counts", blamed=blamed.name, lines=len(blamed.lines), other=other.name,
               other_lines=len(other.lines))


def _missing(blamed: Side, other: Side, missing: list[int], blanks: list[int]) -> Detection:
    padding = say(f"doctor.align.padding.{_number(blanks)}", lines=_lines_of(blamed, blanks, plain=True)) \
        if blanks else ""
    return Detection(
        code="missing-lines", severity="error",
        title=say(f"doctor.align.missing-title.{'segment' if blamed.is_hypothesis else 'line'}.{_number(missing)}",
                  blamed=blamed.name, numbers=numbered(missing)),
        evidence=Evidence(summary=joined(say("doctor.align.missing-summary", counts=_counts(blamed, other),
                                             other=other.name), padding),
                          count=len(missing), lines=first(missing),
                          examples=tuple(say("doctor.align.example", side=other.example_name, line=j + 1,
                                             text=shorten(other.lines[j], 70)) for j in missing[:1])),
        fix=say("doctor.align.missing-fix", blamed=blamed.name),
        note=joined(_repaired(), say("doctor.align.one-reference")
                    if blamed.is_hypothesis and other.name != "every reference" and not blamed.by_source else ""),
    )


def _extra(blamed: Side, other: Side, extra: list[int]) -> Detection:
    blank = all(not blamed.lines[i].strip() for i in extra)
    return Detection(
        code="extra-lines", severity="error",
        title=say(f"doctor.align.extra-title{'-empty' if blank else ''}.{_number(extra)}",
                  lines=_lines_of(blamed, extra),
                  other=say("doctor.side.any-reference") if other.name == "every reference" else other.name),
        evidence=Evidence(summary=say("doctor.align.extra-summary", counts=_counts(blamed, other), other=other.name),
                          count=len(extra), lines=first(extra),
                          examples=tuple(shorten(blamed.lines[i], 70) for i in extra[:1] if blamed.lines[i].strip())),
        fix=say(f"doctor.align.extra-fix.{_number(extra)}", blamed=blamed.name),
        note=_repaired(),
    )


def _duplicated(blamed: Side, repeats: list[int]) -> Detection:
    return Detection(
        code="duplicated-lines", severity="error",
        title=say(f"doctor.align.duplicated-title.{_number(repeats)}", lines=_lines_of(blamed, repeats)),
        evidence=Evidence(summary=say("doctor.align.duplicated-summary", lines=plural(len(repeats), "repeated line")),
                          count=len(repeats), lines=first(repeats),
                          examples=tuple(shorten(blamed.lines[i], 70) for i in repeats[:1])),
        fix=say("doctor.align.duplicated-fix", blamed=blamed.name),
        note=_repaired(),
    )


def _reordered(blamed: Side, pairing: Pairing, reordered: list[int], shuffled: bool) -> Detection:
    partners = [j for j in (pairing.pairs[i] for i in reordered) if j is not None]
    if shuffled:
        title = say("doctor.align.shuffled-title", blamed=blamed.name)
        summary = say("doctor.align.shuffled-summary", moved=len(reordered), lines=len(pairing.pairs))
    else:
        title = say(f"doctor.align.reordered-title.{_number(reordered)}", lines=_lines_of(blamed, reordered),
                    partners=numbered(partners))
        summary = say("doctor.align.reordered-summary", lines=plural(len(reordered), "line"))
    return Detection(
        code="reordered-lines", severity="error", title=title,
        evidence=Evidence(summary=summary, count=len(reordered), lines=first(reordered)),
        fix=say("doctor.align.reordered-fix", blamed=blamed.name),
        note=_repaired(),
    )


def _unrelated(pairings: Sequence[Pairing], unrelated: Sequence[int], names: Sequence[str]) -> Detection:
    who = and_joined([names[k] for k in unrelated])
    shares = ", ".join(f"{pairings[k].related:.0%}" for k in unrelated)
    return Detection(
        code="unrelated-references", severity="error",
        title=say("doctor.align.unrelated-title", who=who),
        evidence=Evidence(summary=say("doctor.align.unrelated-summary", shares=shares, who=who),
                          count=len(unrelated)),
        fix=say("doctor.align.unrelated-fix"),
        note=say("doctor.align.unrelated-note"),
    )


def _repaired() -> str:
    return say("doctor.align.repaired")
