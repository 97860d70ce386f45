"""What the doctor reports: findings (code, severity, evidence, the score with and without, the fix) and matches.

Every class is a frozen dataclass built by keyword; :class:`Diagnosis` prints as
text, turns into JSON with stable codes, and shows itself as escaped HTML in Jupyter.

Every sentence is a message of the catalogue (:mod:`bleu_explain.messages.doctor`), said in English when it is
made (so a finding's ``title`` is the English string, and the report and the JSON are English by default) and
said again in another language by ``text(locale)`` / ``to_dict(locale)``. The JSON stays English unless a locale
is asked for: its codes, severities and numbers are the same in every language, its words are the locale's.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any, Optional

from ...messages import DEFAULT_LOCALE, localize, text

#: The locale of the JSON and the report when none is asked for.
_EN = DEFAULT_LOCALE


def _said(value: Any, locale: Optional[str]) -> Any:
    """A value as the locale says it (English, as made, when no locale is asked)."""
    return value if locale is None else localize(value, locale)

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

    def to_dict(self, locale: Optional[str] = None) -> dict[str, Any]:
        return {"summary": str(_said(self.summary, locale)), "count": self.count, "lines": list(self.lines),
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

    def to_dict(self, locale: Optional[str] = None) -> dict[str, Any]:
        return {"code": self.code, "severity": self.severity, "title": str(_said(self.title, locale)),
                "evidence": self.evidence.to_dict(locale), "score_with": self.score_with,
                "score_without": self.score_without, "fix": str(_said(self.fix, locale)),
                "note": str(_said(self.note, locale))}

    def text(self, locale: str = _EN) -> str:
        """The finding as the report prints it, in ``locale`` (codes, numbers and examples as they are)."""
        def line(key: str, **values: Any) -> str:
            return "        " + text(key, locale, **values)

        lines = [f"{self.severity:<7} {self.code}: {localize(self.title, locale)}",
                 line("doctor.frame.evidence", summary=self.evidence.summary)]
        if self.evidence.lines:
            lines.append(line("doctor.frame.lines", lines=", ".join(str(n) for n in self.evidence.lines)
                              + (" ..." if self.evidence.count > len(self.evidence.lines) else "")))
        lines += [line("doctor.frame.example", example=example) for example in self.evidence.examples]
        if self.score_with is not None:
            if self.score_without is None:
                lines.append(line("doctor.frame.score-not-scored", score=self.score_with))
            else:
                lines.append(line("doctor.frame.score", score=self.score_with, without=self.score_without))
        elif self.score_without is not None:
            lines.append(line("doctor.frame.score-only-without", without=self.score_without))
        if self.note:
            lines.append(line("doctor.frame.note", note=self.note))
        lines.append(line("doctor.frame.fix", fix=self.fix))
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

    def to_dict(self, locale: Optional[str] = None) -> dict[str, Any]:
        return {"preset": self.preset, "settings": dict(self.settings), "score": self.score,
                "signature": self.signature, "difference": str(_said(self.difference, locale)),
                "mistake": str(_said(self.mistake, locale))}

    def text(self, locale: str = _EN) -> str:
        settings = ", ".join(f"{k}={localize(v, locale)}" for k, v in self.settings.items()) or \
            text("doctor.frame.its-defaults", locale)
        lines = [f"  {self.preset} ({settings}): {self.score:.6g}", f"      {localize(self.difference, locale)}"]
        if self.mistake and self.mistake != self.difference:
            lines.append("      " + text("doctor.frame.mistake", locale, mistake=self.mistake))
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

    def to_dict(self, locale: Optional[str] = None) -> dict[str, Any]:
        return {"given": self.given, "form": self.form, "against": str(_said(self.against, locale)),
                "differences": [{"field": f, "signature": a, "found": b} for f, a, b in self.differences],
                "score": self.score, "note": str(_said(self.note, locale))}

    def text(self, locale: str = _EN) -> str:
        head = "\n" + text("doctor.frame.signature-given", locale, form=self.form, given=self.given)
        scored = (text("doctor.frame.signature-unscored", locale) if self.score is None else
                  text("doctor.frame.signature-score", locale, score=self.score))
        if self.differences:
            fields = text("doctor.words.list-sep", locale).join(
                text("doctor.frame.signature-field", locale, field=f, theirs=a, found=b, against=self.against)
                for f, a, b in self.differences)
            body = "  " + text("doctor.frame.signature-differs", locale, scored=scored, against=self.against,
                               fields=fields)
        else:
            body = "  " + text("doctor.frame.signature-agrees", locale, scored=scored, against=self.against)
        return "\n".join([head, body] + (["  " + text("doctor.frame.note", locale, note=self.note)]
                                          if self.note else []))


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

    def to_dict(self, locale: Optional[str] = None) -> dict[str, Any]:
        """The diagnosis as JSON: English words unless ``locale`` is asked for (codes and numbers the same)."""
        document: dict[str, Any] = {
            "score": self.score, "signature": self.signature, "segments": self.segments,
            "references": self.references, "findings": [f.to_dict(locale) for f in self.findings],
        }
        if self.reported is not None:
            document.update({"reported": self.reported, "searched": self.searched,
                             "matches": [m.to_dict(locale) for m in self.matches],
                             "matches_left_off": self.matches_left_off, "chance": str(_said(self.chance, locale)),
                             "chance_share": self.chance_share, "agreement": str(_said(self.agreement, locale))})
        if self.signature_check is not None:
            document["signature_check"] = self.signature_check.to_dict(locale)
        if self.note:
            document["note"] = str(_said(self.note, locale))
        if locale is not None:
            document["locale"] = locale
        return document

    def to_json(self, indent: Optional[int] = 1, locale: Optional[str] = None) -> str:
        return json.dumps(self.to_dict(locale), indent=indent, ensure_ascii=False)

    def __str__(self) -> str:
        return self.text()

    def text(self, locale: str = _EN) -> str:
        """The report in ``locale``: the score line, the findings worst first, the matches of a reported score."""
        def said(key: str, **values: Any) -> str:
            return text(key, locale, **values)

        head = said("doctor.frame.no-score") if self.score is None else f"BLEU = {self.score:.2f}"
        lines = [said("doctor.frame.head", head=head, signature=self.signature, segments=self.segments,
                      references=self.references) if self.references != 1 else
                 said("doctor.frame.head-one", head=head, signature=self.signature, segments=self.segments)]
        if self.note:
            lines.append(localize(self.note, locale))
        if not self.findings:
            lines.append(said("doctor.frame.no-problem"))
        lines += [f.text(locale) for f in self.findings]
        if self.reported is not None:
            lines.append("\n" + said("doctor.frame.reported" if self.matches else "doctor.frame.reported-none",
                                     reported=self.reported, found=len(self.matches) + self.matches_left_off,
                                     searched=self.searched))
            lines += [m.text(locale) for m in self.matches]
            if self.matches_left_off:
                lines.append("  " + said("doctor.frame.more-matches", more=self.matches_left_off))
            if self.agreement:
                lines.append(f"  {localize(self.agreement, locale)}")
            if self.chance:
                lines.append("  " + said("doctor.frame.chance", chance=self.chance))
        if self.signature_check is not None:
            lines.append(self.signature_check.text(locale))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre class='bleu-explain-doctor'>" + html.escape(str(self)) + "</pre>"
