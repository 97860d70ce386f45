"""The live page's tables and headlines: plain HTML with inline styles (no pandas), every piece of text escaped.

>>> "<wbr>" in signature_html("nrefs:1|case:mixed|eff:no")
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ...engine.steps import Step, fmt, same_numbers
from ...messages.catalogue import DEFAULT_LOCALE, localize, text
from .highlight import signature_html
from .palette import INK, MUTED_TEXT, WARNING_TEXT, order_colour
from .words import Html, said

if TYPE_CHECKING:  # pragma: no cover
    from ...results import CorpusExplanation, SentenceExplanation

__all__ = ["signature_html"]

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


def precision_table_html(result: "SentenceExplanation | CorpusExplanation", locale: str = DEFAULT_LOCALE) -> str:
    """Per order: clipped matches, candidate n-grams, p_n, the p_n used after smoothing, weight, w_n log p_n."""
    rows = [[r["order"], r["matches"], r["total"],
             "-" if r["precision"] is None else f"{r['matches']}/{r['total']} = {fmt(r['precision'])}",
             r["smoothed_precision"], r["weight"], r["weighted_log"]] for r in result.precision_rows()]
    columns = [text(f"live.col.{name}", locale) for name in ("order", "clipped-matches", "candidate-ngrams")]
    columns += ["p_n", text("live.col.p-used", locale), text("live.col.weight", locale), "w_n log p_n"]
    return table_html(columns, rows, caption=text("live.precision-caption", locale), name="precisions")


def ngram_table_html(result: "SentenceExplanation", order: int, locale: str = DEFAULT_LOCALE) -> str:
    """One row per candidate n-gram of one order: its count, its count in each reference, max-ref count, clipped."""
    rows = result.ngram_rows(order)
    refs = len(result.references)
    columns = (["n-gram", text("live.col.count", locale)] + [text("live.col.ref", locale, k=k) for k in range(1, refs + 1)]
               + [text("live.col.max-ref", locale), text("live.col.clipped", locale)])
    body = [[r["ngram"], r["candidate_count"], *(r[f"ref{k}_count"] for k in range(1, refs + 1)),
             r["max_ref_count"], r["clipped"]] for r in rows]
    caption = text("live.ngram-caption", locale, order=order, credited=sum(r["clipped"] for r in rows),
                   total=sum(r["candidate_count"] for r in rows))
    return table_html(columns, body, caption=caption, name=f"ngrams-{order}")


def length_html(result: "SentenceExplanation | CorpusExplanation", locale: str = DEFAULT_LOCALE) -> str:
    """The reference-length rule and the brevity penalty, in one line of words and numbers."""
    row = result.length_rows(locale)[0]
    lengths = ", ".join(str(v) for k, v in row.items() if k.startswith("ref") and k.endswith("_length"))
    refs = said("live.length.refs", locale, lengths=lengths) if lengths else ""
    return ('<p data-table="length">' + said("live.length", locale, c=row["candidate_length"], lengths=Html(refs),
                                              r=row["chosen_ref_length"], rule=str(row["rule"]),
                                              bp=fmt(row["brevity_penalty"])) + "</p>")


def steps_table_html(steps: Sequence[Step], other: Optional[Sequence[Step]] = None,
                     names: tuple[str, str] = ("", ""), locale: str = DEFAULT_LOCALE) -> str:
    """The steps one row each with their numbers in short; with ``other``, two columns and the first
    divergent step marked."""
    first = None
    if other is not None:
        first = next((a.name for a, b in zip(steps, other) if not same_numbers(a, b)), None)
    columns = [text("live.col.step", locale), names[0] or text("live.col.numbers", locale)]
    columns += [names[1]] if other is not None else []
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


def summary_html(result: "CorpusExplanation", candidate: int = 1, locale: str = DEFAULT_LOCALE) -> str:
    """The score on both scales (labelled the corpus's when there are several segments), the per-order fractions,
    BP, the tool's notes and the signature. The score element carries ``data-bleu-score`` (the score's repr) and
    ``data-candidate`` (1 or 2)."""
    b = result.breakdown
    fractions = " ".join(
        f'<span style="white-space:nowrap; margin-right:10px;"><span style="display:inline-block; width:10px; '
        f'height:10px; background:{order_colour(n)}; border-radius:2px;"></span> p{n} = {b.matches[n - 1]}/'
        f'{b.totals[n - 1]}</span>' for n in range(1, len(b.matches) + 1))
    notes = "".join(f"<li>{escape(localize(note, locale))}</li>" for note in b.notes)
    corpus = len(result) > 1
    label = text("live.corpus-bleu", locale) if corpus else "BLEU"
    segments = said("live.summary-segments", locale, n=len(result)) if corpus else ""
    scale = said("live.summary-scale", locale, bleu=fmt(result.bleu), segments=Html(segments),
                 preset=result.config.preset)
    return (f'<div class="bleu-summary"><div class="bleu-headline">{said("live.candidate-n", locale, n=candidate)}'
            f'</div><div>'
            f'<span class="bleu-score" data-bleu-score="{result.score!r}" data-candidate="{candidate}" '
            f'style="font-size:28px; font-weight:700;">{escape(label)} = {result.score:.2f}</span> '
            f'<span style="color:{MUTED_TEXT};">{scale}</span></div>'
            f'<div style="margin-top:4px;">{fractions} &middot; BP = {escape(fmt(b.brevity_penalty))} '
            f'(c = {b.hyp_len}, r = {b.ref_len})</div>'
            + (f'<ul style="margin:4px 0 0 18px; color:{WARNING_TEXT};">{notes}</ul>' if notes else "")
            + f'<div class="bleu-signature" style="font-family:monospace; font-size:12px; color:{MUTED_TEXT}; '
            f'margin-top:4px;">{signature_html(str(result.signature))}</div></div>')


def differing_steps(steps: Sequence[Step], other: Sequence[Step]) -> set[str]:
    """The names of the steps whose numbers differ between two computations (two candidates)."""
    return {a.name for a, b in zip(steps, other) if not same_numbers(a, b)}
