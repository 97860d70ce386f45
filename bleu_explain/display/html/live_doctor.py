"""The live page's Diagnose panel: the BLEU doctor (:func:`bleu_explain.diagnose`) on what the page holds.

The page sends its form (as :func:`.live.render_params_json` receives it, every text given) with ``reported``,
the score the user was given, and ``narrow``: whether the user chose the preset themselves, in which case the
preset and the settings given set the score examined and narrow the search; otherwise the doctor examines
sacreBLEU's default and searches every preset, as ``bx.diagnose(hypotheses, references)`` does.

>>> import json
>>> lines = ["the cat sat on the mat ."] * 3, ["The cat sat on the mat."] * 3
>>> out = json.loads(diagnose_params_json({"hyp": "\\n".join(lines[0]), "ref": ["\\n".join(lines[1])]}))
>>> out["ok"], out["codes"]
(True, ['case-mismatch', 'tokenized-input'])
>>> print(json.loads(diagnose_params_json({"hyp": "a", "ref": ["a"], "reported": "high"}))["error"])
bleu-explain: error: score 'high' is not a number as BLEU is printed (e.g. 27.3, 0.273 or 27.3%)
"""

from __future__ import annotations

import json
import sys
from html import escape
from typing import TYPE_CHECKING, Any, Mapping, Optional

from ...engine.errors import BleuComputationError, BleuInputError
from ...messages import known_locale, localize, text
from .live_schema import Diagnosed, DiagnoseRequest, Refused, answer
from .live_state import LiveState

if TYPE_CHECKING:  # pragma: no cover
    from ...analysis.doctor import Diagnosis
    from ...engine.config import BleuConfig

#: Segments past which the panel says the search over every preset takes a while: measured in Chromium, about
#: 6 ms a segment with a reported score (0.5 s for 100 segments, 4 s for 1,000, 28 s for 5,000).
SLOW_SEGMENTS = 1000


def diagnose_params_json(params: Mapping[str, Any]) -> str:
    """The diagnosis of the page's state as JSON (:data:`~.live_schema.PYTHON_CALLS` ``diagnose``): a
    :class:`~.live_schema.Diagnosed` (``ok``, ``codes``, ``html``, escaped) or one line of ``error``."""
    return json.dumps(answer(diagnose_params(params)))


def diagnose_params(params: Mapping[str, Any]) -> "Diagnosed | Refused":
    """The diagnosis of a :class:`~.live_schema.DiagnoseRequest` (the page's form as a mapping)."""
    from ...analysis.doctor import diagnose

    try:
        request = DiagnoseRequest.from_page(params)
    except BleuInputError as exc:  # the page's mistake, not the user's
        return Refused(f"bleu-explain: internal error: {exc}")
    try:
        state = LiveState.from_params(request.to_page())
        reported = request.reported.strip() or None
        hyps, refs = state.corpus()
        settings = {"preset": state.preset, **state.settings()} if request.narrow else {}
        if request.narrow and sys.platform == "emscripten":  # one line, as the page's result says it
            from .live import browser_unavailable_tokenizers

            tokenizer = state.config().tokenize
            unavailable = browser_unavailable_tokenizers().get(tokenizer)
            if unavailable:
                raise BleuInputError(f"tokenizer {tokenizer!r} {unavailable}")
        diagnosis = diagnose(hyps, refs, score=reported, **settings)
    except (BleuInputError, BleuComputationError) as exc:  # one line, in the page's language where the catalogue has it
        message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
        return Refused(text("live.error", known_locale(request.locale) or "en",
                            message=_one_line(str(localize(message, known_locale(request.locale) or "en")))))
    receipt = _receipt(hyps, refs, state.config() if request.narrow else None) if diagnosis.score is not None else ""
    locale = known_locale(request.locale) or "en"
    return Diagnosed(codes=tuple(diagnosis.codes),
                     html=diagnosis_html(diagnosis, request.narrow, state.preset, locale), receipt=receipt)


def _receipt(hyps: list[str], refs: list[list[str]], config: Optional["BleuConfig"]) -> str:
    """The receipt (as ``bleu-explain REF... -i HYP --receipt`` writes it) of the score the panel examined: under the
    settings given when the user chose the preset, sacreBLEU's default otherwise."""
    from ...analysis.receipt import make_receipt
    from ...api import explain_corpus_with_config
    from ...engine.presets import resolve_config

    chosen = config if config is not None else resolve_config("sacrebleu")
    result = explain_corpus_with_config(hyps, refs, chosen, progress=False)
    streams = [list(stream) for stream in zip(*refs)]
    return json.dumps(make_receipt(result, hyps, streams), indent=1, ensure_ascii=False)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def diagnosis_html(diagnosis: "Diagnosis", narrow: bool = False, preset: str = "sacrebleu",
                   locale: str = "en") -> str:
    """The findings (code, severity, title, the score with and without, the fix) and the matches, every text escaped,
    in ``locale`` (the page's language: codes, numbers, presets and signatures as they are)."""
    def said(key: str, **values: Any) -> str:
        return escape(text(key, locale, **values))

    def words(value: str) -> str:
        return escape(str(localize(value, locale)))

    head = text("doctor.frame.no-score", locale) if diagnosis.score is None else f"BLEU = {diagnosis.score:.2f}"
    examined = text("doctor.panel.narrowed", locale, preset=preset) if narrow else text("doctor.panel.default", locale)
    headline = said("doctor.panel.head", head=head, examined=examined, segments=diagnosis.segments,
                    references=diagnosis.references)
    parts = [f'<p class="bleu-doctor-head">{headline} <span class="muted">{escape(diagnosis.signature)}</span></p>']
    if diagnosis.note:
        parts.append(f"<p>{words(diagnosis.note)}</p>")
    if diagnosis.segments > SLOW_SEGMENTS and diagnosis.reported is not None and not narrow:
        parts.append(f'<p class="muted">{said("doctor.panel.slow", segments=diagnosis.segments)}</p>')
    if not diagnosis.findings:
        parts.append(f'<p class="bleu-doctor-none">{said("doctor.frame.no-problem")}</p>')
    items = [_finding_html(f, locale) for f in diagnosis.findings]
    if items:
        parts.append(f'<ul class="bleu-findings">{"".join(items)}</ul>')
    if diagnosis.reported is not None:
        found = len(diagnosis.matches) + diagnosis.matches_left_off
        reported = said("doctor.frame.reported" if diagnosis.matches else "doctor.frame.reported-none",
                        reported=diagnosis.reported, found=found, searched=diagnosis.searched)
        parts.append(f'<p class="bleu-doctor-reported">{reported}</p>')
        rows = []
        for m in diagnosis.matches:
            settings = ", ".join(f"{k}={localize(v, locale)}" for k, v in m.settings.items()) or \
                text("doctor.frame.its-defaults", locale)
            rows.append(f'<li class="bleu-match" data-preset="{escape(m.preset)}" '
                        f'data-settings="{escape(json.dumps(m.settings, sort_keys=True))}" data-score="{m.score!r}">'
                        f'<b>{escape(m.preset)}</b> ({escape(settings)}): {m.score:.6g}<br>'
                        f'<span class="muted">{words(m.difference)}</span></li>')
        if rows:
            parts.append(f'<ol class="bleu-matches">{"".join(rows)}</ol>')
        if diagnosis.matches_left_off:
            parts.append(f"<p>{said('doctor.panel.more-matches', more=diagnosis.matches_left_off)}</p>")
    return f'<div class="bleu-doctor" data-codes="{escape(" ".join(diagnosis.codes))}">{"".join(parts)}</div>'


def _finding_html(f: Any, locale: str) -> str:
    """One finding as a list item, its words in ``locale``, every text escaped."""
    def said(key: str, **values: Any) -> str:
        return escape(text(key, locale, **values))

    scores = ""
    if f.score_with is not None:
        without = text("doctor.panel.not-scored", locale) if f.score_without is None else f"{f.score_without:.2f}"
        scores = "<br>" + text("doctor.panel.score", locale,
                               score=f'<span data-score-with="{f.score_with!r}">{f.score_with:.2f}</span>',
                               without=f'<span data-score-without="{f.score_without!r}">{escape(without)}</span>')
    lines = ""
    if f.evidence.lines:
        lines = "<br>" + said("doctor.frame.lines", lines=", ".join(str(n) for n in f.evidence.lines)) + (
            " &hellip;" if f.evidence.count > len(f.evidence.lines) else "")
    examples = "".join(f"<br>{said('doctor.panel.example')} <code>{escape(str(localize(e, locale)))}</code>"
                       for e in f.evidence.examples)
    note = f"<br>{said('doctor.frame.note', note=f.note)}" if f.note else ""
    return (f'<li class="bleu-finding" data-code="{escape(f.code)}" data-severity="{escape(f.severity)}">'
            f'<b class="bleu-severity-{escape(f.severity)}">{said("doctor.severity." + f.severity)}</b> '
            f'<code>{escape(f.code)}</code>: {escape(str(localize(f.title, locale)))}<br>'
            f'{said("doctor.frame.evidence", summary=f.evidence.summary)}'
            f'{lines}{examples}{scores}{note}<br><b>{said("doctor.panel.fix")}</b>{said("doctor.panel.colon")}'
            f'{escape(str(localize(f.fix, locale)))}</li>')
