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

from .corpus import Detection, first, shorten
from .findings import Evidence
from .pairing import Pairing, pair
from .words import numbered, plural

#: A stream belongs with the hypothesis when at least this share of the hypothesis lines (that have rare words)
#: resemble one of its lines strongly. Measured on WMT21: 0.90 to 0.98 for a system and its references in six
#: language pairs; 0.16 to 0.31 for references of another test set in the same language.
RELATED = 0.5
#: Files shorter than this are not aligned (a few lines say nothing about which goes with which).
MIN_LINES = 5

#: Two references pair alike when this share of the lines both pair go to the same line.
AGREE = 0.9

FIX_ORDER = "so that line i of every file is segment i of the test set"


@dataclass(frozen=True)
class Side:
    """A file as the findings name it: "the hypothesis" or "reference 2", and its lines."""

    name: str
    lines: Sequence[str]
    is_hypothesis: bool
    #: what its examples are called ("every reference" shows reference 1's lines)
    example_name: str = ""

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
    hyp = Side("the hypothesis", hypotheses, True)
    off = [k for k in kept if not pairings[k].identity]
    if not off:
        return []
    same = len(kept) > 1 and len(off) == len(kept) and len({len(streams[k]) for k in off}) == 1 \
        and all(_agree(pairings[off[0]], pairings[k]) for k in off[1:])
    if same:  # every reference pairs alike with the hypothesis: the references agree, the hypothesis does not
        return [(hyp, pairings[off[0]], Side("every reference", streams[off[0]], False, names[off[0]]))]
    if len(kept) == 1 and source is not None and len(source) == len(hypotheses) != len(streams[off[0]]):
        k = off[0]  # the source has the hypothesis's length: the reference gained or lost the lines
        return [(Side(names[k], streams[k], False), _flipped(pairings[k], len(hypotheses)), hyp)]
    if len(kept) > 1:  # the references disagree: each that pairs otherwise is to blame
        return [(Side(names[k], streams[k], False), _flipped(pairings[k], len(hypotheses)), hyp) for k in off]
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


def _lines_of(side: Side, indices: Sequence[int]) -> str:
    """A file's lines as a finding names them: "hypothesis line 5", "lines 5-7 of reference 2"."""
    noun = "line" if len(indices) == 1 else "lines"
    return f"hypothesis {noun} {numbered(indices)}" if side.is_hypothesis else f"{noun} {numbered(indices)} of {side.name}"


def _verb(indices: Sequence[int], singular: str, plural_form: str) -> str:
    return singular if len(indices) == 1 else plural_form


def _counts(blamed: Side, other: Side) -> str:
    if len(blamed.lines) == len(other.lines):
        return f"both have {len(blamed.lines):,} lines"
    return f"{blamed.name} has {len(blamed.lines):,} lines, {other.name} {len(other.lines):,}"


def _missing(blamed: Side, other: Side, missing: list[int], blanks: list[int]) -> Detection:
    where = "segment" if blamed.is_hypothesis else "hypothesis line"
    partner = "reference" if blamed.is_hypothesis else "hypothesis line"
    padding = (f"; empty {_lines_of(blamed, blanks).replace('hypothesis ', '')} "
               f"{_verb(blanks, 'makes', 'make')} up the count" if blanks else "")
    return Detection(
        code="missing-lines", severity="error",
        title=f"{blamed.name} has no line for {where}{'s' if len(missing) > 1 else ''} {numbered(missing)}: "
              f"from there on each of its lines was scored against the wrong {partner}",
        evidence=Evidence(summary=f"{_counts(blamed, other)}; after the gap its lines pair best with the next line "
                                  f"of {other.name}{padding}",
                          count=len(missing), lines=first(missing),
                          examples=tuple(f"{other.example_name}, line {j + 1}: {shorten(other.lines[j], 70)}"
                                         for j in missing[:1])),
        fix=f"put the lost line back in {blamed.name} (an empty line where the system gave nothing), {FIX_ORDER}",
        note=_REPAIRED + ("; with one reference, the reference may instead have a line too many there (the source "
                          "file, --source, tells them apart)" if blamed.is_hypothesis and other.name != "every reference"
                          else ""),
    )


def _extra(blamed: Side, other: Side, extra: list[int]) -> Detection:
    blank = all(not blamed.lines[i].strip() for i in extra)
    return Detection(
        code="extra-lines", severity="error",
        title=f"{_lines_of(blamed, extra)} {_verb(extra, 'pairs', 'pair')} with no line of "
              f"{'any reference' if other.name == 'every reference' else other.name}"
              + (" (empty)" if blank else "") + ": each extra line shifts the pairing of the lines after it",
        evidence=Evidence(summary=f"{_counts(blamed, other)}; after each extra line the lines pair best with the "
                                  f"line before in {other.name}", count=len(extra), lines=first(extra),
                          examples=tuple(shorten(blamed.lines[i], 70) for i in extra[:1] if blamed.lines[i].strip())),
        fix=f"remove the extra line{'s' if len(extra) > 1 else ''} from {blamed.name}, {FIX_ORDER}",
        note=_REPAIRED,
    )


def _duplicated(blamed: Side, repeats: list[int]) -> Detection:
    return Detection(
        code="duplicated-lines", severity="error",
        title=f"{_lines_of(blamed, repeats)} {_verb(repeats, 'repeats', 'repeat')} the line beside "
              f"{_verb(repeats, 'it', 'them')}: each repeat pushes the lines after it one place further",
        evidence=Evidence(summary=f"{plural(len(repeats), 'repeated line')} with no partner of their own",
                          count=len(repeats), lines=first(repeats),
                          examples=tuple(shorten(blamed.lines[i], 70) for i in repeats[:1])),
        fix=f"remove the repeated lines from {blamed.name} (a script that wrote a line twice, or a rerun appended)",
        note=_REPAIRED,
    )


def _reordered(blamed: Side, pairing: Pairing, reordered: list[int], shuffled: bool) -> Detection:
    partners = [j for j in (pairing.pairs[i] for i in reordered) if j is not None]
    if shuffled:
        title = f"{blamed.name} is in another order than the other files: its lines pair with lines elsewhere"
        summary = f"{len(reordered):,} of {len(pairing.pairs):,} lines pair with a line in another place"
    else:
        title = (f"{_lines_of(blamed, reordered)} {_verb(reordered, 'is', 'are')} out of place: "
                 f"{_verb(reordered, 'it pairs', 'they pair')} with lines {numbered(partners)} of the other files")
        summary = f"{plural(len(reordered), 'line')} in blocks paired out of order"
    return Detection(
        code="reordered-lines", severity="error", title=title,
        evidence=Evidence(summary=summary, count=len(reordered), lines=first(reordered)),
        fix=f"put the lines of {blamed.name} back in the test set's order (sort by segment id, not by document "
            "or by length)",
        note=_REPAIRED,
    )


def _unrelated(pairings: Sequence[Pairing], unrelated: Sequence[int], names: Sequence[str]) -> Detection:
    who = " and ".join(names[k] for k in unrelated)
    shares = ", ".join(f"{pairings[k].related:.0%}" for k in unrelated)
    return Detection(
        code="unrelated-references", severity="error",
        title=f"{who} and the hypothesis do not belong together: they translate different texts",
        evidence=Evidence(summary=f"{shares} of the hypothesis lines resemble any line of {who} (files of one test "
                                  f"set: over 90%)", count=len(unrelated)),
        fix="check that the reference file is for this test set, this year and this language pair",
        note="no score without: nothing in these files says what the right reference is",
    )


_REPAIRED = ("the score without pairs every line as the alignment found (this and the other alignment findings "
             "together; lines without a partner are left out)")
