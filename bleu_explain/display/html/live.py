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
"""

from __future__ import annotations

import json
import sys
from html import escape
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ...engine.errors import BleuComputationError, BleuInputError
from ...engine.steps import Step, fmt
from .highlight import explanation_html, steps_html
from .live_state import LiveState
from .palette import INK, MUTED_TEXT, WARNING_TEXT, order_colour

if TYPE_CHECKING:  # pragma: no cover
    from ...results import CorpusExplanation, SentenceExplanation

# --------------------------------------------------------------------------- tables (plain HTML, no pandas)
_TABLE = f"border-collapse:collapse; font-size:13px; color:{INK}; margin:4px 0 8px 0;"
_CELL = "border-bottom:1px solid #ddd; padding:3px 8px; text-align:right;"
_HEAD = "border-bottom:2px solid #999; padding:3px 8px; text-align:right; font-weight:600;"


def table_html(columns: Sequence[str], rows: Sequence[Sequence[Any]], *, caption: str = "", name: str = "") -> str:
    """A plain HTML table of rows (numbers as :func:`~bleu_explain.engine.steps.fmt` writes them, text escaped)."""
    head = "".join(f'<th style="{_HEAD}">{escape(c)}</th>' for c in columns)
    body = []
    for row in rows:
        cells = "".join(f'<td style="{_CELL}">{escape(v if isinstance(v, str) else fmt(v))}</td>' for v in row)
        body.append(f"<tr>{cells}</tr>")
    cap = (f'<caption style="text-align:left; font-weight:600; padding-bottom:2px;">{escape(caption)}</caption>'
           if caption else "")
    return (f'<table class="bleu-table" data-table="{escape(name)}" style="{_TABLE}">{cap}<thead><tr>{head}</tr>'
            f'</thead><tbody>{"".join(body)}</tbody></table>')


def precision_table_html(result: "SentenceExplanation | CorpusExplanation") -> str:
    """Per order: clipped matches, candidate n-grams, p_n, the p_n used after smoothing, weight, w_n log p_n."""
    rows = [[r["order"], r["matches"], r["total"],
             "-" if r["precision"] is None else f"{r['matches']}/{r['total']} = {fmt(r['precision'])}",
             r["smoothed_precision"], r["weight"], r["weighted_log"]] for r in result.precision_rows()]
    return table_html(["order", "clipped matches", "candidate n-grams", "p_n", "p_n used", "weight", "w_n log p_n"],
                      rows, caption="Modified precision by order", name="precisions")


def ngram_table_html(result: "SentenceExplanation", order: int) -> str:
    """One row per candidate n-gram of one order: its count, its count in each reference, max-ref count, clipped."""
    rows = result.ngram_rows(order)
    refs = len(result.references)
    columns = ["n-gram", "count"] + [f"ref {k}" for k in range(1, refs + 1)] + ["max-ref count", "clipped"]
    body = [[r["ngram"], r["candidate_count"], *(r[f"ref{k}_count"] for k in range(1, refs + 1)),
             r["max_ref_count"], r["clipped"]] for r in rows]
    caption = f"{order}-grams: {sum(r['clipped'] for r in rows)} of {sum(r['candidate_count'] for r in rows)} credited"
    return table_html(columns, body, caption=caption, name=f"ngrams-{order}")


def length_html(result: "SentenceExplanation | CorpusExplanation") -> str:
    """The reference-length rule and the brevity penalty, in one line of words and numbers."""
    row = result.length_rows()[0]
    lengths = ", ".join(str(v) for k, v in row.items() if k.startswith("ref") and k.endswith("_length"))
    return (f'<p data-table="length">Candidate length c = {row["candidate_length"]}'
            + (f"; reference lengths {escape(lengths)}" if lengths else "")
            + f'; r = {row["chosen_ref_length"]} ({escape(str(row["rule"]))}); '
            f'brevity penalty BP = {escape(fmt(row["brevity_penalty"]))}</p>')


def steps_table_html(steps: Sequence[Step], other: Optional[Sequence[Step]] = None,
                     names: tuple[str, str] = ("", "")) -> str:
    """The steps one row each with their numbers in short; with ``other``, two columns and the first
    divergent step marked."""
    from ...engine.steps import same_numbers

    first = None
    if other is not None:
        first = next((a.name for a, b in zip(steps, other) if not same_numbers(a, b)), None)
    columns = ["step", names[0] or "numbers"] + ([names[1]] if other is not None else [])
    body = []
    for i, step in enumerate(steps):
        mark = ' style="background:#fff3cd;"' if step.name == first else ""
        cells = [f'<td style="{_CELL} text-align:left;">{escape(step.title)}</td>',
                 f'<td style="{_CELL} text-align:left; font-family:monospace;">{escape(step.summary)}</td>']
        if other is not None:
            cells.append(f'<td style="{_CELL} text-align:left; font-family:monospace;">{escape(other[i].summary)}</td>')
        body.append(f'<tr data-step="{escape(step.name)}"{mark}>{"".join(cells)}</tr>')
    head = "".join(f'<th style="{_HEAD} text-align:left;">{escape(c)}</th>' for c in columns)
    return (f'<table class="bleu-table" data-table="steps" style="{_TABLE}"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


# --------------------------------------------------------------------------- the page's output
def render(state: "LiveState | str | Mapping[str, Any]") -> dict[str, Any]:
    """Score the state and return what the page shows, or the command line's one-line error.

    ``state`` may be a :class:`LiveState`, a query string, or a mapping (the page sends its form as JSON).
    The result: ``ok``; ``score_repr`` (Python's repr of the corpus score: the page puts it in
    ``data-bleu-score``); ``score``, ``bleu``, ``signature``, ``segments``; ``html``, the pieces of the page.
    """
    try:
        if isinstance(state, str):
            state = LiveState.from_query(state)
        elif not isinstance(state, LiveState):
            state = LiveState.from_params(state)
        return _render(state)
    except (BleuInputError, BleuComputationError) as exc:
        return {"ok": False, "error": f"bleu-explain: error: {exc}"}


def render_json(state_json: str) -> str:
    """:func:`render` for the page's worker: the form's state as JSON in, the output as JSON out."""
    try:
        params = json.loads(state_json)
    except json.JSONDecodeError as exc:  # pragma: no cover - the page always sends JSON
        return json.dumps({"ok": False, "error": f"bleu-explain: error: the page sent bad JSON ({exc})"})
    return json.dumps(render(params))


def _render(state: LiveState, in_browser: bool = sys.platform == "emscripten") -> dict[str, Any]:
    from ...api import explain_corpus_with_config

    config = state.config()
    unavailable = browser_unavailable_tokenizers().get(config.tokenize) if in_browser else None
    if unavailable:  # one line, as for any bad input, instead of the command line's install instructions
        raise BleuInputError(f"tokenizer {config.tokenize!r} {unavailable}")
    candidates, references = state.corpus()
    result = explain_corpus_with_config(candidates, references, config, progress=False)
    segment_count = len(result)
    if not 1 <= state.segment <= segment_count:
        raise BleuInputError(f"segment must be a whole number from 1 to {segment_count}, got {state.segment}")
    sentence = result.segment(state.segment - 1)
    steps = sentence.steps() if segment_count == 1 else result.steps()
    html = {
        "summary": summary_html(result),
        "precisions": precision_table_html(sentence if segment_count == 1 else result),
        "length": length_html(sentence if segment_count == 1 else result),
        "steps": steps_html(steps),
        "highlight": explanation_html(sentence, summary=segment_count > 1),
        "ngrams": "".join(ngram_table_html(sentence, n) for n in range(1, config.max_order + 1)),
        "compare": "",
    }
    out: dict[str, Any] = {
        "ok": True, "score_repr": repr(result.score), "score": result.score, "bleu": result.bleu,
        "signature": str(result.signature), "segments": segment_count, "html": html,
    }
    if state.compare:
        html["compare"] = compare_html(result, steps, state, segment_count == 1)
    return out


def summary_html(result: "CorpusExplanation") -> str:
    """The corpus score on both scales, the per-order fractions, BP, the tool's notes and the signature."""
    b = result.breakdown
    fractions = " ".join(
        f'<span style="white-space:nowrap; margin-right:10px;"><span style="display:inline-block; width:10px; '
        f'height:10px; background:{order_colour(n)}; border-radius:2px;"></span> p{n} = {b.matches[n - 1]}/'
        f'{b.totals[n - 1]}</span>' for n in range(1, len(b.matches) + 1))
    notes = "".join(f"<li>{escape(note)}</li>" for note in b.notes)
    segments = f"{len(result)} segments, " if len(result) > 1 else ""
    return (f'<div class="bleu-summary"><div><span class="bleu-score" style="font-size:28px; font-weight:700;">'
            f'BLEU = {result.score:.2f}</span> <span style="color:{MUTED_TEXT};">({fmt(result.bleu)} on the '
            f'0&ndash;1 scale; {segments}preset <b>{escape(result.config.preset)}</b>)</span></div>'
            f'<div style="margin-top:4px;">{fractions} &middot; BP = {escape(fmt(b.brevity_penalty))} '
            f'(c = {b.hyp_len}, r = {b.ref_len})</div>'
            + (f'<ul style="margin:4px 0 0 18px; color:{WARNING_TEXT};">{notes}</ul>' if notes else "")
            + f'<div class="bleu-signature" style="font-family:monospace; font-size:12px; color:{MUTED_TEXT}; overflow-wrap:anywhere; '
            f'margin-top:4px;">{escape(str(result.signature))}</div></div>')


def compare_html(result: "CorpusExplanation", steps: Sequence[Step], state: LiveState, sentence: bool) -> str:
    """The same input under another preset, the steps side by side, and the first step where they diverge."""
    from ...analysis.comparison import divergence_in_words, first_divergence
    from ...api import explain_corpus_with_config

    other_config = state.config(state.compare)
    other = explain_corpus_with_config(result.candidates, result.references, other_config, progress=False)
    mine = result.segment(0) if sentence else result
    theirs = other.segment(0) if sentence else other
    diverge = first_divergence(mine, theirs)
    other_steps = theirs.steps()
    names = (result.config.preset, other_config.preset)
    if diverge is None:
        verdict = f"{escape(names[0])} and {escape(names[1])} agree at every step on this input."
    else:
        words = divergence_in_words(mine, theirs, names) or diverge
        verdict = (f"They first diverge at the step <b>{escape(diverge)}</b> (highlighted below): "
                   f"{escape(words.split(': ', 1)[-1])}")
    return (f'<div class="bleu-compare" data-first-divergence="{escape(diverge or "")}">'
            f'<p><b>{escape(names[0])}</b>: BLEU = {result.score:.2f} &middot; <b>{escape(names[1])}</b>: '
            f'BLEU = <span data-compare-score="{other.score!r}">{other.score:.2f}</span></p>'
            f'<p>{verdict}</p>{steps_table_html(steps, other_steps, names)}'
            f'<div style="font-family:monospace; font-size:12px; color:{MUTED_TEXT}; overflow-wrap:anywhere;">'
            f'{escape(str(other.signature))}</div></div>')


# --------------------------------------------------------------------------- what the page offers
def page_options() -> dict[str, Any]:
    """The presets, tokenizers and smoothing methods the page offers, read from the engine (the same lists as
    the command line), with the reason where a tokenizer cannot run in the browser."""
    from ...engine.config import SMOOTHING_BY_RULE, TOKENIZERS
    from ...engine.presets import PRESETS

    unavailable = browser_unavailable_tokenizers()
    return {
        "presets": [{"name": name, "description": config.description, "tokenize": config.tokenize,
                     "smooth": config.smooth, "lowercase": config.lowercase,
                     "smoothing": list(SMOOTHING_BY_RULE[config.combine])}
                    for name, config in PRESETS.items()],
        "tokenizers": [{"name": name, "unavailable": unavailable.get(name, "")} for name in TOKENIZERS],
    }


def browser_unavailable_tokenizers() -> dict[str, str]:
    """Tokenizers that need a compiled extension or a model file, which the browser's Python does not have."""
    from ...engine import tokenize

    needs = getattr(tokenize, "EXTERNAL_REQUIREMENTS", {})
    return {name: f"needs {what}, which cannot run in the browser; use the command line or a notebook"
            for name, what in needs.items()}


def example_states() -> list[dict[str, str]]:
    """The pathology catalogue as ready-made states (the page's "examples" menu)."""
    from ...data.pathologies import PATHOLOGIES

    return [{"name": p.name, "verdict": p.verdict, "query": LiveState(
        preset=p.preset, hypothesis=p.candidate, references=p.references).to_query()} for p in PATHOLOGIES]
