"""What the doctor reports: findings (code, severity, evidence, the score with and without, the fix) and matches.

Every class is a frozen dataclass built by keyword; :class:`Diagnosis` prints as
text, turns into JSON with stable codes, and shows itself as escaped HTML in Jupyter.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any, Optional

#: The stable codes, with what each means. The JSON carries these strings; they never change meaning.
CODES: dict[str, str] = {
    "misaligned-references": "a reference stream shifted or shuffled against the hypothesis",
    "tokenized-input": "text already tokenized, then tokenized again by the scorer",
    "subword-markers": "BPE '@@ ', SentencePiece '\u2581' or WordPiece '##' pieces left in",
    "cjk-tokenizer": "Chinese, Japanese, Korean or Thai scored with a tokenizer that does not split it",
    "copied-reference": "hypothesis lines identical to a reference line",
    "unicode-normalization": "NFC on one side, NFD on the other",
    "case-mismatch": "one side lowercased, the other cased",
    "empty-segments": "empty or white-space-only lines",
    "byte-order-mark": "a byte-order mark (U+FEFF) at the start of a file",
    "crlf-line-endings": "Windows line endings: a carriage return at the end of the lines",
    "one-sentence-corpus": "a corpus of one segment, scored as a corpus",
    "averaged-sentence-bleu": "the reported number is the mean of sentence scores, not corpus BLEU",
    "score-not-reproduced": "no configuration searched reproduces the reported number",
}

#: Severities, worst first.
SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Evidence:
    """What the doctor saw: a sentence, how many lines, which ones (1-based, the first few) and examples."""

    summary: str
    count: int = 0
    lines: tuple[int, ...] = ()
    examples: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary, "count": self.count, "lines": list(self.lines),
                "examples": list(self.examples)}


@dataclass(frozen=True)
class Finding:
    """One problem: its stable code, severity, evidence, the score with and without it, and the fix in one line.

    ``score_without`` is the engine's score once the problem is fixed (None when no fix can be scored;
    ``note`` says why).
    """

    code: str
    severity: str
    title: str
    evidence: Evidence
    fix: str
    score_with: Optional[float] = None
    score_without: Optional[float] = None
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "severity": self.severity, "title": self.title,
                "evidence": self.evidence.to_dict(), "score_with": self.score_with,
                "score_without": self.score_without, "fix": self.fix, "note": self.note}

    def text(self) -> str:
        lines = [f"{self.severity:<7} {self.code}: {self.title}", f"        evidence: {self.evidence.summary}"]
        if self.evidence.lines:
            lines.append("        lines: " + ", ".join(str(n) for n in self.evidence.lines)
                         + (" ..." if self.evidence.count > len(self.evidence.lines) else ""))
        lines += [f"        e.g. {example}" for example in self.evidence.examples]
        if self.score_with is not None:
            without = "not scored" if self.score_without is None else f"{self.score_without:.2f}"
            lines.append(f"        score: {self.score_with:.2f} with the problem, {without} without")
        if self.note:
            lines.append(f"        note: {self.note}")
        lines.append(f"        fix: {self.fix}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Match:
    """A configuration that reproduces the reported score to its printed precision."""

    preset: str
    settings: dict[str, Any]
    score: float
    signature: str
    difference: str

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "settings": dict(self.settings), "score": self.score,
                "signature": self.signature, "difference": self.difference}

    def text(self) -> str:
        settings = ", ".join(f"{k}={v}" for k, v in self.settings.items()) or "its defaults"
        return f"  {self.preset} ({settings}): {self.score:.6g}\n      {self.difference}"


@dataclass(frozen=True)
class Diagnosis:
    """The doctor's answer: the score as given, the findings (worst first) and, for a reported score, the matches."""

    score: Optional[float]
    signature: str
    segments: int
    references: int
    findings: tuple[Finding, ...] = ()
    reported: Optional[str] = None
    matches: tuple[Match, ...] = ()
    matches_left_off: int = 0
    searched: int = 0
    note: str = ""

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes found, worst first."""
        return tuple(f.code for f in self.findings)

    def worst(self) -> Optional[str]:
        """The worst severity found, or None when nothing was found."""
        return next((s for s in SEVERITIES if any(f.severity == s for f in self.findings)), None)

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "score": self.score, "signature": self.signature, "segments": self.segments,
            "references": self.references, "findings": [f.to_dict() for f in self.findings],
        }
        if self.reported is not None:
            document.update({"reported": self.reported, "searched": self.searched,
                             "matches": [m.to_dict() for m in self.matches],
                             "matches_left_off": self.matches_left_off})
        if self.note:
            document["note"] = self.note
        return document

    def to_json(self, indent: Optional[int] = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def __str__(self) -> str:
        head = "BLEU could not be computed" if self.score is None else f"BLEU = {self.score:.2f}"
        lines = [f"{head} ({self.signature}), {self.segments} segments, {self.references} reference(s)"]
        if self.note:
            lines.append(self.note)
        if not self.findings:
            lines.append("No problem found.")
        lines += [f.text() for f in self.findings]
        if self.reported is not None:
            lines.append(f"\nReported score {self.reported}: {len(self.matches) + self.matches_left_off} of "
                         f"{self.searched} configurations reproduce it" + (":" if self.matches else "."))
            lines += [m.text() for m in self.matches]
            if self.matches_left_off:
                lines.append(f"  ... and {self.matches_left_off} more (narrow the search with --preset or a setting)")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre class='bleu-explain-doctor'>" + html.escape(str(self)) + "</pre>"
