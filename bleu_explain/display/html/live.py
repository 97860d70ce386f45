"""The live page's Python: the page's state in, the HTML it shows out.

The live page (``make site`` writes ``site/live.html``) runs this package in the
browser with Pyodide, in a Web Worker. JavaScript only keeps the form, the
address and the worker; every number and every piece of HTML comes from here,
from the same engine and renderers the notebooks use. Nothing here imports
pandas, numpy or matplotlib (the browser's Python has none of them).

The state is what the address holds (``live.html?preset=nltk&hyp=...&ref=...``):

>>> state = LiveState.from_query("preset=paper&hyp=the+the+the+the+the+the+the.&ref=The+cat+is+on+the+mat.&ref=There+is+a+cat+on+the+mat.")
>>> state.preset, len(state.references)
('paper', 2)
>>> out = render(state)
>>> out["ok"], out["score_repr"]
(True, '0.0')
>>> "2/7" in out["html"]["precisions"]
True
>>> LiveState.from_query(state.to_query()) == state
True

Bad input gives the command line's own one-line message:

>>> print(render(LiveState(hypothesis="a\\nb", references=("a",)))["error"])
bleu-explain: error: reference 1 has 1 lines but the hypothesis has 2; they must have one line per segment

The page says every word in the reader's language (``lang=zh`` in its address, ``locale`` in its request):

>>> "修正的 n-gram 精度" in render(state.to_query() + "&lang=zh")["html"]["steps"]
True
"""

from __future__ import annotations

import json
import sys
from html import escape
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ...engine.corpus import CorpusStatistics
from ...engine.errors import BleuComputationError, BleuInputError
from ...engine.statistics import no_gc_pauses
from ...engine.steps import Step
from ...messages.catalogue import DEFAULT_LOCALE, LOCALES, Message, localize, say, text
from ...results import CorpusExplanation
from .highlight import explanation_html, signature_html, steps_html
from .live_schema import Refused, Rendered, RenderRequest, answer
from .live_state import LiveState
from .live_tables import (  # noqa: F401  (table_html and steps_table_html: this module's names since the start)
    differing_steps,
    length_html,
    ngram_table_html,
    precision_table_html,
    steps_table_html,
    summary_html,
    table_html,
)
from .palette import MUTED_TEXT
from .words import Html, page_locale, said

#: Each candidate's corpus as last counted (the page's candidate 1 and 2), kept between renderings: a keystroke
#: counts only the segments it changed (:meth:`~bleu_explain.engine.corpus.CorpusStatistics.updated`).
COUNTED: dict[int, CorpusStatistics] = {}

if TYPE_CHECKING:  # pragma: no cover
    from ...results import SentenceExplanation

# --------------------------------------------------------------------------- the page's output
def render(state: "LiveState | str | Mapping[str, Any]", locale: Optional[str] = None) -> dict[str, Any]:
    """Score the state and return what the page shows, or the command line's one-line error.

    ``state`` may be a :class:`LiveState`, a query string, or a mapping (the page sends its form as JSON).
    The result is a :class:`~.live_schema.Rendered` (or :class:`~.live_schema.Refused`) as a mapping: ``ok``;
    ``score_repr`` (Python's repr of the corpus score: the page puts it in ``data-bleu-score``); ``score``,
    ``bleu``, ``signature``, ``segments``; ``html``, the pieces of the page. Its words are in ``locale``, else in
    the language the state names (a query's ``lang``, a mapping's ``locale``), else in English.
    """
    locale = page_locale(locale or _locale_of(state))
    try:
        if isinstance(state, str):
            state = LiveState.from_query(state)
        elif not isinstance(state, LiveState):
            state = LiveState.from_params(state)
        # (the page's contract: a key missing or added fails here)
        return answer(Rendered.of(_render(state, locale=locale)))
    except (BleuInputError, BleuComputationError) as exc:
        return answer(Refused(error_line(exc, locale)))


def error_line(exc: Exception, locale: str = DEFAULT_LOCALE) -> str:
    """An error as the page shows it: the command line's one line, said in ``locale`` where the catalogue has it."""
    message = exc.args[0] if exc.args else str(exc)
    return text("live.error", locale, message=localize(message, locale) if isinstance(message, str) else str(exc))


def _locale_of(state: Any) -> Optional[str]:
    """The language a query (``lang=``) or the page's form (``locale``) names."""
    if isinstance(state, str):
        from urllib.parse import parse_qs

        langs = parse_qs(state.lstrip("?")).get("lang")
        return langs[-1] if langs else None
    if isinstance(state, Mapping):
        value = state.get("locale") or state.get("lang")
        return value[-1] if isinstance(value, list) and value else value if isinstance(value, str) else None
    return None


def render_json(state_json: str) -> str:
    """:func:`render` for the page's worker: the form's state as JSON in, the output as JSON out."""
    try:
        params = json.loads(state_json)
    except json.JSONDecodeError as exc:  # pragma: no cover - the page always sends JSON
        return json.dumps(answer(Refused(f"bleu-explain: error: the page sent bad JSON ({exc})")))
    return json.dumps(render(params))


#: The texts of the last state the page's worker handed over (it sends a text again only when it changed).
_HELD: dict[str, Any] = {}


def render_params_json(params: Mapping[str, Any]) -> str:
    """:func:`render` for the page's worker (:data:`~.live_schema.PYTHON_CALLS` ``render``): the form as a
    :class:`~.live_schema.RenderRequest`, handed over from JavaScript without a JSON round trip (a corpus is
    megabytes), the output as JSON. A text given as ``None`` is the last one given, so that a keystroke in the
    candidate does not hand the references over again.

    >>> import json, bleu_explain as bx
    >>> first = render_params_json({"hyp": "the cat sat on the mat", "ref": ["the cat sat on a mat"]})
    >>> out = json.loads(render_params_json({"hyp": "the cat is on the mat", "ref": None}))
    >>> out["score"] == bx.explain("the cat is on the mat", ["the cat sat on a mat"]).score > 0
    True
    """
    try:
        state = RenderRequest.from_page(params).to_page()
    except BleuInputError as exc:  # the page's mistake, not the user's
        return json.dumps(answer(Refused(f"bleu-explain: internal error: {exc}")))
    for key in ("hyp", "hyp2", "ref"):
        if state.get(key) is None and key in _HELD:
            state[key] = _HELD[key]
        _HELD[key] = state.get(key)
    return json.dumps(render(state, state.pop("locale", None)))


def _render(state: LiveState, in_browser: bool = sys.platform == "emscripten",
            locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
    from ...engine.presets import PRESETS

    config = state.config()
    unavailable = browser_unavailable_tokenizers().get(config.tokenize) if in_browser else None
    if unavailable:  # one line, as for any bad input, instead of the command line's install instructions
        raise BleuInputError(say("errors.tokenizer-unavailable", tokenizer=repr(config.tokenize), why=unavailable))
    if state.compare and state.compare not in PRESETS:
        raise BleuInputError(say("errors.compare-unknown", preset=repr(state.compare), presets=", ".join(PRESETS)))
    with no_gc_pauses():
        counted = counted_corpus(1, *state.corpus())
        result = CorpusExplanation.of(counted, config, locale=locale)
        recomputed = counted.recounted(config)
        second = CorpusExplanation.of(counted_corpus(2, *state.corpus(second=True)), config, locale=locale) \
            if state.hypothesis2 else None
        segment_count = len(result)
        if state.segment > segment_count:
            raise BleuInputError(say("errors.segment-range", segments=segment_count, got=state.segment))
        html = candidate_html(result, state.segment, config.max_order, locale=locale)
        out: dict[str, Any] = {
            "ok": True, "score_repr": repr(result.score), "score": result.score, "bleu": result.bleu,
            "signature": str(result.signature), "segments": segment_count, "html": html, "html2": None,
            "recomputed": recomputed,
        }
        if second is not None:
            out["html2"] = candidate_html(second, state.segment, config.max_order, candidate=2, locale=locale)
            out["score2_repr"] = repr(second.score)
            marked = differing_steps(_steps(result, state.segment), _steps(second, state.segment))
            for pieces in (html, out["html2"]):
                pieces["steps"] = steps_html(_steps(result if pieces is html else second, state.segment, locale),
                                             marked, locale)
            html["differs"] = two_candidates_html(marked, _steps(result, state.segment, locale), locale)
        if state.compare:
            html["compare"] = compare_html(counted, result, _steps(result, state.segment, locale), state,
                                           segment_count == 1, locale)
        return out


def counted_corpus(slot: int, candidates: Sequence[str], references: Sequence[Sequence[str]]) -> CorpusStatistics:
    """Candidate ``slot``'s corpus, counted by updating the one last counted for that candidate."""
    last = COUNTED.get(slot)
    counted = CorpusStatistics(candidates, references) if last is None else last.updated(candidates, references)
    COUNTED[slot] = counted
    return counted


def _steps(result: "CorpusExplanation", segment: int, locale: str = DEFAULT_LOCALE) -> list[Step]:
    """The steps the page shows: one sentence's when the input is one segment, else the corpus's."""
    return result.segment(0).steps(locale) if len(result) == 1 else result.steps(locale)


def candidate_html(result: "CorpusExplanation", segment: int, max_order: int, candidate: int = 1,
                   locale: str = DEFAULT_LOCALE) -> dict[str, str]:
    """The pieces of the page for one candidate: its score, its highlighted segment, the tables and the steps."""
    sentence = result.segment(segment - 1)
    one = len(result) == 1
    label = "BLEU" if one else text("live.segment-label", locale, segment=segment, segments=len(result))
    return {
        "summary": summary_html(result, candidate, locale),
        "precisions": precision_table_html(sentence if one else result, locale),
        "length": length_html(sentence if one else result, locale),
        "steps": steps_html(_steps(result, segment, locale), (), locale),
        "highlight": explanation_html(sentence, summary=not one, label=label, locale=locale),
        "sentence_bleu": sentence_bleu_html(sentence, segment if not one else 0, locale),
        "ngrams": "".join(ngram_table_html(sentence, n, locale) for n in range(1, max_order + 1)),
        "compare": "",
        "differs": "",
    }


def two_candidates_html(marked: set[str], steps: Sequence[Step], locale: str = DEFAULT_LOCALE) -> str:
    """Which steps the two candidates differ at (each marked in both step lists), by the steps' titles."""
    titles = [step.title for step in steps if step.name in marked]
    if not titles:
        return f"<p>{said('live.same-everywhere', locale)}</p>"
    shown = Html(said("live.list-separator", locale).join(f"<b>{escape(t)}</b>" for t in titles))
    return (f'<p class="bleu-differs" data-differing-steps="{escape(" ".join(sorted(marked)))}">'
            + said("live.differ-at", locale, count=len(titles), steps=len(steps), titles=shown) + "</p>")


def sentence_bleu_html(sentence: "SentenceExplanation", segment: int = 0, locale: str = DEFAULT_LOCALE) -> str:
    """Under the sacrebleu preset, what ``sacrebleu.sentence_bleu`` gives for this one segment, and why it may
    differ: it turns effective order on, which ``BLEU()`` (the preset, as its corpus score runs) leaves off."""
    from ...api import explain

    config = sentence.config
    if config.combine != "sacrebleu" or config.effective_order or config.weights is not None:
        return ""  # (effective order cannot be combined with explicit weights)
    try:
        effective = explain(sentence.candidate, list(sentence.references), preset=config.preset,
                            **{**_overrides(config), "effective_order": True})
    except (BleuInputError, BleuComputationError):
        return ""
    which = (said("live.sentence-bleu.segment", locale, segment=segment) if segment
             else said("live.sentence-bleu.this-segment", locale))
    head = (f'<p class="bleu-sentence-bleu" data-sentence-bleu="{effective.score!r}">'
            + said("live.sentence-bleu", locale, which=Html(which), score=effective.score))
    missing = [n for n, total in enumerate(sentence.breakdown.totals, 1) if total == 0]
    if effective.score == sentence.score or not missing:
        return head + said("live.sentence-bleu.same", locale, max_order=config.max_order) + "</p>"
    orders = ", ".join(str(n) for n in missing)
    return head + said("live.sentence-bleu.differs", locale, score=sentence.score,
                       length=sentence.breakdown.hyp_len, orders=orders) + "</p>"


def _overrides(config: Any) -> dict[str, Any]:
    """The settings of a config that differ from its preset's."""
    from ...engine.presets import get_preset
    from .live_state import SETTINGS

    preset = get_preset(config.preset)
    return {name: getattr(config, name) for name in SETTINGS if getattr(config, name) != getattr(preset, name)}


def compare_html(counted: CorpusStatistics, result: "CorpusExplanation", steps: Sequence[Step], state: LiveState,
                 sentence: bool, locale: str = DEFAULT_LOCALE) -> str:
    """The same input (``counted``, which ``result`` scores) under another preset, the steps side by side, and the
    first step where they diverge."""
    from ...analysis.comparison import divergence_in_words, first_divergence

    try:
        other_config = state.config(state.compare)
        other = CorpusExplanation.of(counted, other_config, locale=locale)
    except (BleuInputError, BleuComputationError) as exc:  # (d2l: one candidate, one reference) said in one line
        return (f'<div class="bleu-compare" data-compare-error="{escape(str(exc))}"><p><b>{escape(state.compare)}'
                f'</b>: {escape(error_line(exc, locale))}</p></div>')
    mine = result.segment(0) if sentence else result
    theirs = other.segment(0) if sentence else other
    diverge = first_divergence(mine, theirs)
    other_steps = theirs.steps(locale)
    names = (result.config.preset, other_config.preset)
    if diverge is None:
        verdict = said("live.compare.agree", locale, a=names[0], b=names[1])
    else:
        words = divergence_in_words(mine, theirs, names, locale) or diverge
        title = next((step.title for step in steps if step.name == diverge), diverge)
        separator = text("compare.sentence", locale, step="", words="")  # what follows the step's name
        verdict = said("live.compare.diverge", locale, title=title, words=words.split(separator, 1)[-1])
    return (f'<div class="bleu-compare" data-first-divergence="{escape(diverge or "")}">'
            f'<p><b>{escape(names[0])}</b>: BLEU = {result.score:.2f} &middot; <b>{escape(names[1])}</b>: '
            f'BLEU = <span data-compare-score="{other.score!r}">{other.score:.2f}</span></p>'
            f'<p>{verdict}</p>{steps_table_html(steps, other_steps, names, locale)}'
            f'<div class="bleu-compare-signature" style="font-family:monospace; font-size:12px; color:{MUTED_TEXT};">'
            f'{signature_html(str(other.signature))}</div></div>')


# --------------------------------------------------------------------------- what the page offers
def in_every_language(message: str) -> dict[str, str]:
    """A message of the catalogue in each of its languages (what the page picks from by its own language)."""
    return {locale: localize(message, locale) if isinstance(message, Message) else message for locale in LOCALES}


def page_options() -> dict[str, Any]:
    """The presets, tokenizers and smoothing methods the page offers, read from the engine (the same lists as
    the command line), with the reason where a tokenizer cannot run in the browser; each description and reason in
    every language of the catalogue (``{"en": ..., "zh": ...}``), for the page to show in its own."""
    from ...engine.config import FIXED_BY_RULE, SMOOTHING_BY_RULE, TOKENIZERS
    from ...engine.presets import PRESETS
    from .live_state import SETTINGS

    unavailable = browser_unavailable_tokenizers()
    return {
        "presets": [{"name": name, "description": in_every_language(config.description),
                     "tokenize": config.tokenize, "smooth": config.smooth, "lowercase": config.lowercase,
                     "smoothing": list(SMOOTHING_BY_RULE[config.combine]),
                     "fixed": {setting: in_every_language(why)
                               for setting, (_, why) in FIXED_BY_RULE.get(config.combine, {}).items()
                               if setting in SETTINGS}}
                    for name, config in PRESETS.items()],
        "tokenizers": [{"name": name, "unavailable": in_every_language(unavailable[name]) if name in unavailable
                        else ""} for name in TOKENIZERS],
    }


def browser_unavailable_tokenizers() -> dict[str, str]:
    """Tokenizers that need a compiled extension or a model file, which the browser's Python does not have."""
    from ...engine import tokenize

    needs = getattr(tokenize, "EXTERNAL_REQUIREMENTS", {})
    return {name: say("live.unavailable", what=what) for name, what in needs.items()}


def _label(name: Any, verdict: Any) -> dict[str, str]:
    """An example's line in the menu, in every language."""
    return {locale: text("example.label", locale, name=localize(name, locale), verdict=localize(verdict, locale))
            for locale in LOCALES}


def example_name(name: str) -> Message:
    """An example's name as the catalogue says it (its own English where the catalogue has no entry for it)."""
    from ...messages.catalogue import messages

    return say(f"example.name.{name}") if f"example.name.{name}" in messages() else Message(name)


def example_states() -> list[dict[str, Any]]:
    """The page's "examples" menu: the paper's pairs of candidates side by side (Example 1 first: the page opens
    on it), the Chinese examples (one pair scored by characters, by words, under 13a and as CWMT scores it), then
    the pathology catalogue one candidate at a time. Each has its menu line in every language (``label``)."""
    from ...data.pathologies import PATHOLOGIES

    by_name = {p.name: p for p in PATHOLOGIES}
    pairs = []
    for p in PATHOLOGIES:
        if ", candidate 1" not in p.name:
            continue
        stem = p.name.split(", candidate 1")[0]
        other = next((q for name, q in by_name.items() if name.startswith(f"{stem}, candidate 2")), None)
        if other is None or other.references != p.references or other.preset != p.preset:
            continue
        name = say("example.both", stem=example_name(stem))
        verdict = say("example.verdicts", a=say(f"verdict.{p.verdict}"), b=say(f"verdict.{other.verdict}"))
        pairs.append({"name": str(name), "verdict": str(verdict), "label": _label(name, verdict),
                      "query": LiveState(preset=p.preset, hypothesis=p.candidate, hypothesis2=other.candidate,
                                         references=p.references).to_query()})
    return pairs + chinese_examples() + [
        {"name": p.name, "verdict": p.verdict, "label": _label(example_name(p.name), say(f"verdict.{p.verdict}")),
         "query": LiveState(preset=p.preset, hypothesis=p.candidate, references=p.references).to_query()}
        for p in PATHOLOGIES]


def chinese_examples() -> list[dict[str, Any]]:
    """One Chinese candidate and its two references (``data.examples``), four ways: by characters (sacreBLEU's
    ``zh`` tokenizer, its default for Chinese), under 13a (wrong: it splits no Chinese, so a whole clause is one
    token), by words segmented by hand, and by characters up to 5-grams (as CWMT scores Chinese output)."""
    from ...data import examples as ex

    verdict = say("verdict.depends on the tokenizer")
    ways = (("zh-characters", ex.ZH_CANDIDATE, ex.ZH_REFERENCES, {"tokenize": "zh"}),
            ("zh-13a", ex.ZH_CANDIDATE, ex.ZH_REFERENCES, {"tokenize": "13a"}),
            ("zh-words", ex.ZH_CANDIDATE_WORDS, ex.ZH_REFERENCES_WORDS, {"tokenize": "none"}),
            ("zh-cwmt", ex.ZH_CANDIDATE, ex.ZH_REFERENCES, {"tokenize": "zh", "max_order": ex.CWMT_MAX_ORDER}))
    examples = []
    for key, candidate, references, settings in ways:
        name = say(f"example.{key}")
        examples.append({"name": str(name), "verdict": str(verdict), "label": _label(name, verdict),
                         "query": LiveState(hypothesis=candidate, references=references, **settings).to_query()})
    return examples
