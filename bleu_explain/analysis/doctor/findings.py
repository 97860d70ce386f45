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
    "missing-lines": "a file has no line for some segments: the lines after each gap pair with the wrong partner",
    "extra-lines": "a file has lines with no partner in the other files",
    "duplicated-lines": "a file repeats lines: each repeat pushes the lines after it one place further",
    "reordered-lines": "lines of a file in another order than the other files' (moved blocks, or a shuffle)",
    "unrelated-references": "a reference file that does not belong with the hypothesis (another test set)",
    "wrong-language": "output that is not in the references' language or script",
    "copied-source": "hypothesis lines that are the source copied unchanged (given with --source)",
    "special-tokens": "a model's markers left in the output (<unk>, </s>, <pad>, [SEP])",
    "repetition": "output caught in a loop, a phrase repeated again and again",
    "length-ratio": "output much shorter or longer than the references",
    "compound-splitting": "compounds split as '##AT##-##AT##' on one side or both",
    "tokenized-input": "text already tokenized, then tokenized again by the scorer",
    "subword-markers": "BPE '@@ ', SentencePiece '\u2581' or WordPiece '##' pieces left in",
    "cjk-tokenizer": "Chinese, Japanese, Korean or Thai scored with a tokenizer that does not split it",
    "copied-reference": "hypothesis lines identical to a reference line",
    "unicode-normalization": "NFC on one side, NFD on the other",
    "case-mismatch": "one side lowercased or in capitals, the other cased",
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
        elif self.score_without is not None:
            lines.append(f"        score: {self.score_without:.2f} without the problem (with it, the files cannot "
                         "be scored)")
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
    #: the mistake that gives this number, in one sentence ("" when the configuration is a tool used as meant)
    mistake: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "settings": dict(self.settings), "score": self.score,
                "signature": self.signature, "difference": self.difference, "mistake": self.mistake}

    def text(self) -> str:
        settings = ", ".join(f"{k}={v}" for k, v in self.settings.items()) or "its defaults"
        lines = [f"  {self.preset} ({settings}): {self.score:.6g}", f"      {self.difference}"]
        if self.mistake and self.mistake != self.difference:
            lines.append(f"      mistake: {self.mistake}")
        return "\n".join(lines)


@dataclass(frozen=True)
class SignatureCheck:
    """A pasted signature held against the files: the fields that differ from the settings that reproduce the
    number (or, without one, from the settings examined), and the files' score under the signature's settings."""

    given: str
    form: str
    against: str
    differences: tuple[tuple[str, str, str], ...]
    score: Optional[float]
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"given": self.given, "form": self.form, "against": self.against,
                "differences": [{"field": f, "signature": a, "found": b} for f, a, b in self.differences],
                "score": self.score, "note": self.note}

    def text(self) -> str:
        head = f"\nSignature given ({self.form}): {self.given}"
        scored = ("the files cannot be scored under its settings" if self.score is None else
                  f"under its settings the files score {self.score:.2f}")
        if self.differences:
            fields = "; ".join(f"{f}: {a} in the signature, {b} in {self.against}" for f, a, b in self.differences)
            body = f"  {scored}; it differs from {self.against} in {fields}"
        else:
            body = f"  {scored}; it agrees with {self.against} in every field that decides the score"
        return "\n".join([head, body] + ([f"  note: {self.note}"] if self.note else []))


@dataclass(frozen=True)
class Diagnosis:
    """The doctor's answer: the score as given, the findings (worst first) and, for a reported score, the matches,
    how often chance alone would match (``chance``), and which tools agree on the number (``agreement``)."""

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
    chance: str = ""
    chance_share: Optional[float] = None
    agreement: str = ""
    signature_check: Optional[SignatureCheck] = None

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
                             "matches_left_off": self.matches_left_off, "chance": self.chance,
                             "chance_share": self.chance_share, "agreement": self.agreement})
        if self.signature_check is not None:
            document["signature_check"] = self.signature_check.to_dict()
        if self.note:
            document["note"] = self.note
        return document

    def to_json(self, indent: Optional[int] = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def __str__(self) -> str:
        head = "BLEU could not be computed" if self.score is None else f"BLEU = {self.score:.2f}"
        lines = [f"{head} ({self.signature}), {self.segments} segments, "
                 f"{self.references} reference{'s' if self.references != 1 else ''}"]
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
            if self.agreement:
                lines.append(f"  {self.agreement}")
            if self.chance:
                lines.append(f"  chance: {self.chance}")
        if self.signature_check is not None:
            lines.append(self.signature_check.text())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre class='bleu-explain-doctor'>" + html.escape(str(self)) + "</pre>"
