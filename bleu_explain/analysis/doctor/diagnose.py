"""``diagnose``: align the files, run every check, rescore each problem fixed, and trace a reported score to its tool.

The order is the order of the causes. First the files as wholes: the output's language (:mod:`.language`), then
which line of each file goes with which (:mod:`.alignment`): files of different lengths are diagnosed, not
refused. Then every other check (:data:`CHECKS`) on the files paired as the alignment found, so that a shift
does not hide a case or a tokenization problem behind it. Last, for a reported score, the search over the
presets and the mistakes people make (:mod:`.search`), with how often chance alone would match
(:mod:`.chance`), and a pasted signature held against the files (:mod:`.pasted`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Optional, Sequence

from ...api import make_config
from ...engine.config import BleuConfig
from ...engine.errors import BleuInputError
from ...engine.signature import make_signature
from ...messages import say
from . import (
    alignment,
    averaged,
    bom,
    case,
    cjk,
    compound,
    copied,
    crlf,
    empty,
    language,
    length_ratio,
    one_sentence,
    repetition,
    special_tokens,
    subwords,
    tokenized,
    unicode_forms,
)
from .chance import Chance
from .corpus import Corpus, Detection
from .corpus import score as engine_score
from .files import Files
from .findings import SEVERITIES, Diagnosis, Evidence, Finding, Match, SignatureCheck
from .matches import LISTED, agreement, matches
from .pasted import SETTINGS_FIELDS, PastedSignature
from .reported import ReportedScore
from .search import SearchResult, search
from .words import comma_list, joined

#: The checks run on the paired files, in the order their findings are listed within a severity.
CHECKS = (bom, crlf, empty, subwords, special_tokens, compound, tokenized, cjk, unicode_forms, case, repetition,
          length_ratio, copied, one_sentence)
#: Problems that only matter when they change the score: reported as information when they do not.
HARMLESS_UNLESS_SCORED = ("crlf-line-endings", "byte-order-mark", "tokenized-input", "unicode-normalization")
#: A difference of form that moves the score by less than this (BLEU points) is information, not a warning: a real
#: WMT21 en-ja system writes ASCII "!" and "(" where its references write the full-width forms (0.35 BLEU).
SMALL_EFFECT = 0.5
SMALL_UNLESS_SCORED = ("unicode-normalization",)


def diagnose(hypotheses: Sequence[str], references: Optional[Sequence[Any]] = None, score: Optional[object] = None,
             *, streams: Optional[Sequence[Sequence[str]]] = None, source: Optional[Sequence[str]] = None,
             signature: Optional[str] = None, **settings: Any) -> Diagnosis:
    """Find what is wrong with a corpus's BLEU, and which configuration printed a reported score.

    ``hypotheses``: one line per segment. ``references``: segment-major, as
    :func:`~bleu_explain.explain_corpus` takes them (for each segment, the list of
    its references), or one string per line of a single reference file (of any
    length); or give ``streams=``, the reference files as lists of lines (their
    lengths may differ from the hypothesis's: the doctor pairs the lines). ``score``:
    the number you were given, as printed ("27.3", "0.273"). ``source``: the file
    translated, one line per segment (finds untranslated lines). ``signature``: a
    sacreBLEU signature as printed ("nrefs:1|case:mixed|..." or "BLEU+case.mixed+...").
    ``settings``: ``preset=`` and any setting :func:`~bleu_explain.explain_corpus`
    takes; they set the score examined and narrow the search.

    >>> d = diagnose(["the cat sat on the mat ."] * 3, [["The cat sat on the mat."]] * 3)
    >>> d.codes
    ('case-mismatch', 'tokenized-input')
    """
    preset = settings.pop("preset", None)
    config = make_config(preset or "sacrebleu", **settings)
    reported = None if score is None else ReportedScore.parse(score)  # a bad score is refused before any work
    pasted = None if signature is None else PastedSignature.parse(signature)
    if (references is None) == (streams is None):
        raise BleuInputError("give the references, either segment-major (references=) or as reference files "
                             "(streams=[lines of file 1, ...]), one of them")
    given: Sequence[Any] = streams if streams is not None else references  # type: ignore[assignment]
    return diagnose_with_config(hypotheses, given, config, reported,
                                preset=preset, narrowed=settings, streams=streams is not None, source=source,
                                signature=pasted)


def diagnose_with_config(hypotheses: Sequence[str], references: Sequence[Any], config: BleuConfig,
                         reported: Optional[ReportedScore] = None, *, preset: Optional[str] = None,
                         narrowed: Optional[Mapping[str, Any]] = None, streams: bool = False,
                         source: Optional[Sequence[str]] = None, names: Optional[Sequence[str]] = None,
                         signature: Optional[PastedSignature] = None) -> Diagnosis:
    """:func:`diagnose` with the settings already made: ``config`` (the score examined), ``reported`` (parsed), what
    narrows the search (``preset``, and ``narrowed``, the settings given by their engine names); ``streams``:
    ``references`` are the reference files (stream-major, any lengths), ``names`` what to call them."""
    files = Files.of(hypotheses, references, streams=streams, source=source, names=names)
    given = files.corpus(config)  # the files as given, line i with line i (None when their lengths differ)
    base = engine_score(given) if given is not None else None
    found: list[Finding] = []
    told = language.check(files.hypotheses, files.reference_lines(), files.source)
    foreign = any(d.code == "wrong-language" and d.severity == "error" for d in told)
    aligned = alignment.check(files.hypotheses, files.streams, files.names, files.source, not foreign) \
        if files.streams is not None else alignment.Aligned(detections=(), segments=None)
    corpus = files.paired(aligned.segments, given, config)
    repaired = corpus if aligned.segments is not None else None
    found += [_finding(d, base) for d in told]
    found += [_finding(replace(d, repaired=repaired if d.code != "unrelated-references" else None), base)
              for d in aligned.detections]
    paired_score = engine_score(corpus) if corpus is not None else None
    if corpus is not None:
        found += [_finding(d, paired_score) for check in CHECKS if (d := check.check(corpus)) is not None]
    note = _note(files, given, corpus, aligned, base)
    searched = _search(files, given, corpus, reported, preset, narrowed)
    if searched is not None:
        result, scored_on = searched
        found += _score_findings(result, scored_on)
    found.sort(key=lambda f: SEVERITIES.index(f.severity))
    check = _signature_check(signature, corpus, searched, config) if signature is not None else None
    shown = corpus or given
    refs = shown.references if shown is not None else [[r] for r in files.reference_lines()[:1]]
    diagnosis = Diagnosis(
        score=base, signature=str(make_signature(config, [len(r) for r in refs] or [1])),
        segments=len(files.hypotheses), references=min((len(r) for r in refs), default=0),
        findings=tuple(found), note=note, signature_check=check)
    if searched is None:
        if reported is not None and files.varying:
            return replace(diagnosis, note=joined(note, say("doctor.note.search-not-run")))
        return diagnosis
    result, scored_on = searched
    chance = Chance.of(result.reported, [s for _, s in result.scores])
    listed: tuple[Match, ...] = matches(scored_on.counted, result.found, result.reported, result.inputs)
    return replace(diagnosis, reported=result.reported.text, matches=listed,
                   matches_left_off=max(0, len(result.found) - LISTED), searched=result.searched,
                   chance=chance.verdict(), chance_share=chance.share, agreement=agreement(result.found))


def _note(files: Files, given: Optional[Corpus], corpus: Optional[Corpus], aligned: "alignment.Aligned",
          base: Optional[float]) -> str:
    parts = []
    if given is None:
        parts.append(say("doctor.note.lengths-differ", counts=comma_list(
            [say("doctor.note.file-lines", side=name, lines=len(lines)) for name, lines in files.sides()])))
    if aligned.segments is not None and corpus is not None:
        parts.append(say("doctor.note.scored-paired", segments=len(corpus.hypotheses)))
    elif given is None and corpus is not None:
        parts.append(say("doctor.note.scored-first", lines=len(corpus.hypotheses)))
    if base is None and given is not None:
        parts.append(say("doctor.note.cannot-score"))
    return joined(*parts)


def _search(files: Files, given: Optional[Corpus], corpus: Optional[Corpus], reported: Optional[ReportedScore],
            preset: Optional[str], narrowed: Optional[Mapping[str, Any]]) -> Optional[tuple[SearchResult, Corpus]]:
    """The score search on the files as scored (as given when their lengths agree, else as paired)."""
    scored_on = given if given is not None else corpus
    if reported is None or scored_on is None or files.varying:
        return None
    result = search(list(scored_on.hypotheses), [list(r) for r in scored_on.references], reported, preset=preset,
                    fixed=narrowed, counted=scored_on.counted)
    return result, scored_on


def _finding(detection: Detection, base: Optional[float]) -> Finding:
    without = engine_score(detection.repaired) if detection.repaired is not None else None
    severity = detection.severity
    note = detection.note
    if detection.code in HARMLESS_UNLESS_SCORED and without is not None and base is not None \
            and round(without, 10) == round(base, 10):
        severity = "info"
        note = joined(note, say("doctor.note.harmless"))
    elif detection.code in SMALL_UNLESS_SCORED and severity == "warning" and without is not None \
            and base is not None and abs(without - base) < SMALL_EFFECT:
        severity = "info"
        note = joined(note, say("doctor.note.small-effect", moved=abs(without - base), small=SMALL_EFFECT))
    elif without is not None and base is not None and without < base - 1e-9:
        note = joined(note, say("doctor.note.lowers", score=base, without=without))
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
            title=say("doctor.not-reproduced.title", searched=result.searched, reported=result.reported.text),
            evidence=Evidence(summary=say("doctor.not-reproduced.summary"), count=result.searched),
            fix=say("doctor.not-reproduced.fix"),
        )]
    return []


def _signature_check(pasted: PastedSignature, corpus: Optional[Corpus],
                     searched: Optional[tuple[SearchResult, Corpus]], config: BleuConfig) -> SignatureCheck:
    """The pasted signature's fields against the settings that reproduce the number (or those examined)."""
    against, compared = say("doctor.signature.examined"), config
    n_refs = None
    if searched is not None and searched[0].found:
        first = searched[0].found[0].configuration
        against, compared = say("doctor.signature.reproducing", reported=searched[0].reported.text,
                                 preset=first.config.preset), first.config
        n_refs = len(first.refset) if first.refset is not None else None
    if corpus is None:
        return SignatureCheck(given=pasted.text, form=pasted.form, against=against, differences=(), score=None,
                              note=say("doctor.signature.unpaired"))
    refs = [len(r) for r in corpus.references]
    ours = make_signature(compared, [n_refs] * len(refs) if n_refs else refs).fields
    differences = []
    for field in SETTINGS_FIELDS:
        theirs, mine = pasted.fields.get(field), ours.get(field)
        if field == "tok" and theirs is not None:
            theirs = pasted.tokenizer
            mine = None if mine is None else next((m for m in ("ja-mecab", "ko-mecab") if mine.startswith(m)), mine)
        if theirs is not None and mine is not None and theirs != mine:
            differences.append((field, theirs, mine))
    note, why = "", ""
    try:
        score = engine_score(corpus, pasted.config())
    except BleuInputError as exc:  # a tokenizer this machine does not have (MeCab without its extra)
        score, why = None, say("doctor.signature.not-rescored", error=str(exc))
    version = pasted.fields.get("version")
    if version and version != ours.get("version", version):
        note = say("doctor.signature.version", theirs=version, ours=ours.get("version"))
    note = joined(note, why)
    return SignatureCheck(given=pasted.text, form=pasted.form, against=against, differences=tuple(differences),
                          score=score, note=note)

