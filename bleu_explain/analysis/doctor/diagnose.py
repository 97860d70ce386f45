"""``diagnose``: run every check on a corpus, rescore each problem fixed, and trace a reported score to its tool."""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from ...api import make_config
from ...engine.config import BleuConfig
from ...engine.errors import BleuInputError
from ...engine.signature import make_signature
from ...engine.validation import check_corpus
from . import (
    alignment,
    averaged,
    bom,
    case,
    cjk,
    copied,
    crlf,
    empty,
    one_sentence,
    subwords,
    tokenized,
    unicode_forms,
)
from .corpus import Corpus, Detection
from .corpus import score as engine_score
from .findings import SEVERITIES, Diagnosis, Evidence, Finding, Match
from .matches import LISTED, matches
from .reported import ReportedScore
from .search import SearchResult, search

#: The checks, in the order their findings are listed within a severity.
CHECKS = (bom, crlf, empty, alignment, subwords, tokenized, cjk, unicode_forms, case, copied, one_sentence)
#: Problems that only matter when they change the score: reported as info when they do not.
HARMLESS_UNLESS_SCORED = ("crlf-line-endings", "byte-order-mark", "tokenized-input")


def diagnose(hypotheses: Sequence[str], references: Sequence[Any], score: Optional[object] = None,
             **settings: Any) -> Diagnosis:
    """Find what is wrong with a corpus's BLEU, and which configuration printed a reported score.

    ``hypotheses``: one line per segment. ``references``: segment-major, as
    :func:`~bleu_explain.explain_corpus` takes them (for each segment, the list of
    its references), or one string per segment. ``score``: the number you were
    given, as printed ("27.3", "0.273"). ``settings``: ``preset=`` and any setting
    :func:`~bleu_explain.explain_corpus` takes; they set the score examined and
    narrow the search.

    >>> d = diagnose(["the cat sat on the mat ."] * 3, [["The cat sat on the mat."]] * 3)
    >>> d.codes
    ('case-mismatch', 'tokenized-input')
    """
    preset = settings.pop("preset", None)
    config = make_config(preset or "sacrebleu", **settings)
    reported = None if score is None else ReportedScore.parse(score)  # a bad score is refused before any work
    return diagnose_with_config(hypotheses, references, config, reported, preset=preset, narrowed=settings)


def diagnose_with_config(hypotheses: Sequence[str], references: Sequence[Any], config: BleuConfig,
                         reported: Optional[ReportedScore] = None, *, preset: Optional[str] = None,
                         narrowed: Optional[Mapping[str, Any]] = None) -> Diagnosis:
    """:func:`diagnose` with the settings already made: ``config`` (the score examined), ``reported`` (parsed),
    and what narrows the search (``preset``, and ``narrowed``, the settings given by their engine names)."""
    hyps, refs = _checked(hypotheses, references)
    corpus = Corpus.of(hyps, refs, config)
    base = engine_score(corpus)
    findings = [_finding(d, base) for check in CHECKS if (d := check.check(corpus)) is not None]
    matched: tuple[Match, ...] = ()
    searched = left_off = 0
    note = "" if base is not None else "the settings' rules cannot score this corpus (see the findings)"
    if reported is not None and len({len(r) for r in refs}) > 1:
        note = "the search needs the same number of references for every segment; it was not run"
        reported = None
    elif reported is not None:
        result = search(hyps, refs, reported, preset=preset, fixed=narrowed, counted=corpus.counted)
        searched, left_off = result.searched, max(0, len(result.found) - LISTED)
        matched = matches(corpus.counted, result.found)
        findings += _score_findings(result, corpus)
    findings.sort(key=lambda f: SEVERITIES.index(f.severity))
    return Diagnosis(score=base, signature=str(make_signature(config, [len(r) for r in refs])), segments=len(hyps),
                     references=min(len(r) for r in refs), findings=tuple(findings),
                     reported=None if reported is None else reported.text, matches=matched,
                     matches_left_off=left_off, searched=searched, note=note)


def _checked(hypotheses: Sequence[str], references: Sequence[Any]) -> tuple[list[str], list[list[str]]]:
    if isinstance(references, (list, tuple)) and references and all(isinstance(r, str) for r in references):
        references = [[r] for r in references]  # one reference per segment
    hyps, refs = check_corpus(hypotheses, references)
    if len(refs) != len(hyps):  # check_corpus refuses it already; the doctor's counting relies on it
        raise BleuInputError(f"{len(hyps)} hypotheses but {len(refs)} reference lists")
    return hyps, refs


def _finding(detection: Detection, base: Optional[float]) -> Finding:
    without = engine_score(detection.repaired) if detection.repaired is not None else None
    severity = detection.severity
    note = detection.note
    if detection.code in HARMLESS_UNLESS_SCORED and without is not None and base is not None \
            and round(without, 10) == round(base, 10):
        severity = "info"
        note = (note + "; " if note else "") + "it does not change the score under these settings"
    return Finding(code=detection.code, severity=severity, title=detection.title, evidence=detection.evidence,
                   fix=detection.fix, score_with=base, score_without=without, note=note)


def _score_findings(result: SearchResult, corpus: Corpus) -> list[Finding]:
    """What the search says in findings: an averaged sentence BLEU, or a number nothing reproduces."""
    found = averaged.check(result, corpus.counted)
    if found is not None:
        return [found]
    if not result.found:
        return [Finding(
            code="score-not-reproduced", severity="info",
            title=f"none of the {result.searched} configurations searched reproduces {result.reported.text}",
            evidence=Evidence(summary=f"{result.searched} configurations: presets x tokenizers x lowercasing x "
                                      "smoothing x effective order x references, as the settings given allow",
                              count=result.searched),
            fix="check that the number was computed on these very files (same test set, same references, same "
                "system output); a tokenizer not searched (mecab, SentencePiece) is another cause",
        )]
    return []
