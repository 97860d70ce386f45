"""Highlighted HTML of one sentence's BLEU: which n-grams matched, and which clipping took away.

Plain HTML with inline CSS (no JavaScript, no ``<style>`` block), so it reads the
same in JupyterLab, Voila, exported HTML and a saved file. Every piece of user
text goes through :func:`html.escape`. Nothing is counted here: the marks are
read off the result's clipping tables (candidate count, max-ref count and
clipped count of every n-gram).

Which occurrences of an over-used n-gram are "clipped away" is a display
choice: clipping credits ``clipped`` of them and we mark the first ones in
reading order as credited, the rest as clipped away.

The paper's Example 2: only two of the seven "the" are credited.

>>> import bleu_explain as bx
>>> r = bx.explain("the the the the the the the.", ["The cat is on the mat.", "There is a cat on the mat."],
...                preset="paper")
>>> [m.status(1) for m in candidate_marks(r)]
['credited', 'credited', 'clipped', 'clipped', 'clipped', 'clipped', 'clipped']
>>> "&lt;b&gt;x" in explanation_html(bx.explain("<b>x</b>", ["x"], tokenize="none"))
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Collection, Optional, Sequence

from ...engine.clipping import NOT_IN_ANY_REFERENCE
from ...engine.ngrams import ngram_text
from ...engine.steps import Step, fmt
from ...messages.catalogue import DEFAULT_LOCALE, localize, text
from .live_state import LiveState
from .palette import CLIPPED_COLOUR, INK, MUTED_TEXT, WARNING_TEXT, order_colour, tint
from .words import Html, said

if TYPE_CHECKING:  # pragma: no cover
    from ...results import SentenceExplanation

_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def signature_html(signature: str) -> str:
    """A signature that wraps between its fields (after each ``|``), never inside one (not even at a hyphen)."""
    return "|<wbr>".join(f'<span style="white-space:nowrap;">{escape(field)}</span>'
                         for field in str(signature).split("|"))


def _attr(text: str) -> str:
    """Text for an HTML attribute: escaped, with newlines kept as line breaks in the tooltip."""
    return escape(text, quote=True).replace("\n", "&#10;")


# --------------------------------------------------------------------------- marks read off the clipping
@dataclass(frozen=True)
class NgramOccurrence:
    """One occurrence of a candidate n-gram, starting at a token, with its clipping numbers."""

    order: int
    ngram: tuple[str, ...]
    start: int
    occurrence: int  # 1 for the first occurrence of this n-gram in the candidate
    count: int  # how often the n-gram occurs in the candidate
    max_ref_count: int
    clipped_count: int

    @property
    def status(self) -> str:
        """``credited`` (counted as a match), ``clipped`` (taken away by clipping) or ``unmatched``."""
        if self.occurrence <= self.clipped_count:
            return "credited"
        return "clipped" if self.max_ref_count > 0 else "unmatched"

    def describe(self, locale: str = DEFAULT_LOCALE) -> str:
        said_ = text("live.occurrence", locale, order=self.order, ngram=ngram_text(self.ngram), count=self.count,
                     max_ref=self.max_ref_count, clipped=self.clipped_count)
        if self.status == "credited":
            return said_ + text("live.occurrence.credited", locale, k=self.occurrence)
        if self.status == "clipped":
            return said_ + text("live.occurrence.clipped", locale, k=self.occurrence,
                                clipped_away=text("clip.clipped-away", locale))
        return said_ + text("live.occurrence.unmatched", locale,
                            not_in_any=text(f"clip.{NOT_IN_ANY_REFERENCE}", locale))


@dataclass(frozen=True)
class TokenMark:
    """What the highlighting shows for one token.

    ``covered[n-1]`` is the status of order n at this token: ``credited`` if a
    credited n-gram covers it, else ``clipped`` if a clipped-away one does, else
    ``unmatched``. ``starts`` are the candidate n-grams that begin here.
    """

    index: int
    token: str
    covered: tuple[str, ...]
    starts: tuple[NgramOccurrence, ...]

    def status(self, order: int) -> str:
        return self.covered[order - 1]

    @property
    def longest_credited(self) -> int:
        """The highest order with a credited n-gram covering this token (0 if none)."""
        return max((n for n, s in enumerate(self.covered, 1) if s == "credited"), default=0)


_RANK = {"unmatched": 0, "clipped": 1, "credited": 2}


def candidate_marks(result: "SentenceExplanation") -> list[TokenMark]:
    """Per candidate token: the status of each order there and the n-grams starting there."""
    tokens = result.candidate_tokens
    orders = len(result.clipping)
    covered = [["unmatched"] * orders for _ in tokens]
    starts: list[list[NgramOccurrence]] = [[] for _ in tokens]
    for step in result.clipping:
        n = step.order
        seen: dict[tuple[str, ...], int] = {}
        for i in range(len(tokens) - n + 1):
            gram = tuple(tokens[i:i + n])
            seen[gram] = seen.get(gram, 0) + 1
            occ = NgramOccurrence(n, gram, i, seen[gram], step.candidate_counts[gram],
                                  step.max_ref_counts[gram], step.clipped_counts[gram])
            starts[i].append(occ)
            for j in range(i, i + n):
                if _RANK[occ.status] > _RANK[covered[j][n - 1]]:
                    covered[j][n - 1] = occ.status
    return [TokenMark(i, t, tuple(covered[i]), tuple(starts[i])) for i, t in enumerate(tokens)]


def reference_marks(result: "SentenceExplanation", k: int) -> list[TokenMark]:
    """Per token of reference ``k`` (0-based): orders at which it is part of a credited candidate n-gram."""
    tokens = result.reference_tokens[k]
    orders = len(result.clipping)
    covered = [["unmatched"] * orders for _ in tokens]
    starts: list[list[NgramOccurrence]] = [[] for _ in tokens]
    for step in result.clipping:
        n = step.order
        here = step.reference_counts[k]
        seen: dict[tuple[str, ...], int] = {}
        for i in range(len(tokens) - n + 1):
            gram = tuple(tokens[i:i + n])
            if gram not in here:
                continue
            seen[gram] = seen.get(gram, 0) + 1
            # occurrence numbers count within this reference; "count" is this reference's count
            occ = NgramOccurrence(n, gram, i, seen[gram], here[gram], step.max_ref_counts[gram],
                                  step.clipped_counts[gram])
            starts[i].append(occ)
            if step.clipped_counts[gram] > 0:
                for j in range(i, i + n):
                    covered[j][n - 1] = "credited"
    return [TokenMark(i, t, tuple(covered[i]), tuple(starts[i])) for i, t in enumerate(tokens)]


# --------------------------------------------------------------------------- HTML pieces
_BOX = ("font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; font-size: 14px; "
        f"line-height: 1.35; color: {INK}; background: #fff; border: 1px solid #ccc; border-radius: 6px; "
        "padding: 10px 12px; max-width: 100%; box-sizing: border-box;")
_MONO = "font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace;"


def _token_html(mark: TokenMark, title: str, clipped_unigram: bool) -> str:
    longest = mark.longest_credited
    bg = tint(order_colour(longest), 0.35) if longest else "transparent"
    text_style = f"display:block; padding:1px 4px; background:{bg}; border-radius:3px; white-space:pre;"
    if clipped_unigram:
        text_style += (f" text-decoration: line-through; text-decoration-color:{CLIPPED_COLOUR};"
                       f" text-decoration-thickness:2px; outline:2px dashed {CLIPPED_COLOUR};"
                       f" outline-offset:-2px; color:{MUTED_TEXT};")
    bars = []
    if all(status == "unmatched" for status in mark.covered):  # one spacer keeps the rows aligned
        bars.append(f'<span style="display:block; height:{5 * len(mark.covered)}px;"></span>')
    for n, status in enumerate(mark.covered if not bars else (), 1):
        colour = order_colour(n)
        if status == "credited":
            fill = colour
        elif status == "clipped":
            fill = (f"repeating-linear-gradient(90deg, {CLIPPED_COLOUR} 0 3px, transparent 3px 6px)")
        else:
            fill = "transparent"
        bars.append(f'<span style="display:block; height:4px; margin-top:1px; background:{fill};"></span>')
    status = mark.covered[0] if mark.covered else ""
    # focusable, so that the counts (the title) can be reached by keyboard and by touch, not only by hover
    return (f'<span title="{_attr(title)}" data-token="{mark.index}" data-status="{status}" tabindex="0" '
            f'style="display:inline-block; vertical-align:top; margin:0 0 6px 0; padding:0 1px;">'
            f'<span style="{text_style}">{escape(mark.token)}</span>{"".join(bars)}</span>')


def _token_row(pieces: Sequence[str], locale: str = DEFAULT_LOCALE) -> str:
    if not pieces:
        return f'<div style="color:#666; font-style:italic;">{said("live.no-tokens", locale)}</div>'
    return (f'<div dir="auto" style="display:flex; flex-wrap:wrap; align-items:flex-start; {_MONO}">'
            f'{"".join(pieces)}</div>')


def _locale(result: object, locale: Optional[str]) -> str:
    """The language to say a result in: the one asked for, else the result's own."""
    return locale or str(getattr(result, "locale", DEFAULT_LOCALE))


def candidate_html(result: "SentenceExplanation", locale: Optional[str] = None) -> str:
    """The candidate's tokens, coloured by matched order, clipped-away occurrences struck through."""
    locale = _locale(result, locale)
    pieces = []
    for mark in candidate_marks(result):
        lines = [text("live.token", locale, token=mark.token, i=mark.index + 1, n=len(result.candidate_tokens))]
        lines += [occ.describe(locale) for occ in mark.starts]
        clipped = bool(mark.starts) and mark.starts[0].order == 1 and mark.starts[0].status == "clipped"
        pieces.append(_token_html(mark, "\n".join(lines), clipped))
    return _token_row(pieces, locale)


def reference_html(result: "SentenceExplanation", k: int, locale: Optional[str] = None) -> str:
    """Reference ``k`` (0-based), its tokens coloured where they supply a credited match."""
    locale = _locale(result, locale)
    pieces = []
    for mark in reference_marks(result, k):
        lines = [text("live.reference-token", locale, token=mark.token, k=k + 1, i=mark.index + 1,
                      n=len(result.reference_tokens[k]))]
        for occ in mark.starts:
            cand = result.clipping[occ.order - 1].candidate_counts[occ.ngram]
            gives = text("live.max-ref-from-here", locale) if occ.count == occ.max_ref_count else ""
            lines.append(text("live.reference-occurrence", locale, order=occ.order, ngram=ngram_text(occ.ngram),
                              count=occ.count, gives=gives, max_ref=occ.max_ref_count, candidate=cand,
                              clipped=occ.clipped_count))
        pieces.append(_token_html(mark, "\n".join(lines), False))
    return _token_row(pieces, locale)


def legend_html(max_order: int, locale: str = DEFAULT_LOCALE) -> str:
    """The key: one colour per order, the clipped-away mark, and how to read the bars."""
    chips = []
    for n in range(1, max_order + 1):
        c = order_colour(n)
        chips.append(f'<span style="display:inline-flex; align-items:center; margin-right:12px;">'
                     f'<span style="display:inline-block; width:22px; height:10px; background:{c}; '
                     f'margin-right:4px; border-radius:2px;"></span>{said("live.legend.match", locale, n=n)}</span>')
    clipped = (f'<span style="display:inline-flex; align-items:center; margin-right:12px;">'
               f'<span style="{_MONO} padding:1px 5px; text-decoration:line-through; '
               f'text-decoration-color:{CLIPPED_COLOUR}; text-decoration-thickness:2px; '
               f'outline:2px dashed {CLIPPED_COLOUR}; outline-offset:-2px; color:{MUTED_TEXT}; '
               f'margin-right:4px;">{said("live.legend.word", locale)}</span>'
               f'{said("clip.clipped-away", locale)}</span>')
    striped = (f'<span style="display:inline-flex; align-items:center; margin-right:12px;">'
               f'<span style="display:inline-block; width:22px; height:4px; margin-right:4px; '
               f'background:repeating-linear-gradient(90deg, {CLIPPED_COLOUR} 0 3px, transparent 3px 6px);"></span>'
               f'{said("live.legend.ngram-clipped", locale)}</span>')
    return (f'<div style="font-size:12px; color:#333; margin:6px 0 8px 0;">{"".join(chips)}{clipped}{striped}'
            f'<div style="margin-top:3px; color:{MUTED_TEXT};">{said("live.legend.how", locale)}</div></div>')


def score_summary_html(result: "SentenceExplanation", label: str = "BLEU", locale: Optional[str] = None) -> str:
    """The score (``label``: "BLEU", or which segment's it is), the per-order precisions, the brevity penalty,
    the tool's notes and the signature."""
    locale = _locale(result, locale)
    b = result.breakdown
    c = result.config
    rows = []
    for i in range(len(b.matches)):
        n = i + 1
        raw = "-" if b.raw_precisions[i] is None else f"{b.matches[i]}/{b.totals[i]} = {fmt(b.raw_precisions[i])}"
        used = b.precisions[i]
        raw_p = b.raw_precisions[i]
        if used is None:
            smoothed = "" if raw_p is None else said("live.not-used", locale)
        elif raw_p is not None and math.isclose(used, raw_p, rel_tol=1e-12):
            smoothed = ""
        else:
            smoothed = said("live.used", locale, p=fmt(used))
        rows.append(f'<span style="display:inline-block; margin-right:14px; white-space:nowrap;">'
                    f'<span style="display:inline-block; width:10px; height:10px; background:{order_colour(n)}; '
                    f'border-radius:2px; margin-right:3px;"></span>p{str(n).translate(_SUBSCRIPTS)} = '
                    f'{escape(raw)}{smoothed}</span>')
    if b.hyp_len == 0:
        bp_text = said("live.bp-empty", locale)
    elif b.brevity_penalty == 1:
        bp_text = said("live.bp-one", locale, c=b.hyp_len, r=b.ref_len)
    else:
        bp_text = f"BP = exp(1 &minus; {b.ref_len}/{b.hyp_len}) = {fmt(b.brevity_penalty)}"
    notes = "".join(f"<li>{escape(localize(note, locale))}</li>" for note in b.notes)
    notes_html = f'<ul style="margin:4px 0 0 18px; padding:0; color:{WARNING_TEXT};">{notes}</ul>' if notes else ""
    case = said("live.case-lowercased" if c.lowercase else "live.case-kept", locale)
    return (f'<div style="margin-bottom:6px; line-height:1.35;">'
            f'<span data-score="{result.score!r}" style="font-size:22px; font-weight:700;">'
            f'{escape(label)} = {result.score:.2f}</span>'
            f' <span style="color:#444;">'
            f'{said("live.score-line", locale, bleu=fmt(result.bleu), preset=c.preset, tokenize=c.tokenize, case=Html(case), smooth=c.smooth)}'
            f'</span>'
            f'<div style="margin-top:4px;">{"".join(rows)}</div>'
            f'<div style="margin-top:2px;">{bp_text}</div>{notes_html}'
            f'<div class="bleu-signature" style="{_MONO} font-size:11px; color:#666; margin-top:4px; '
            f'overflow-wrap:normal;">{signature_html(result.signature)}</div></div>')


def explanation_html(result: "SentenceExplanation", *, summary: bool = True, legend: bool = True,
                     label: str = "BLEU", locale: Optional[str] = None) -> str:
    """The whole picture of one sentence: score summary (its score called ``label``), legend, highlighted
    candidate and references, in ``locale`` (by default the result's language)."""
    locale = _locale(result, locale)
    # The address that opens this sentence in the live page: the course's site turns it into "try this live".
    live_query = LiveState.of_result(result).to_query()
    parts = [f'<div class="bleu-explain" data-live-query="{_attr(live_query)}" style="{_BOX}">']
    if summary:
        parts.append(score_summary_html(result, label, locale))
    if legend:
        parts.append(legend_html(len(result.clipping), locale))
    head = "font-weight:600; margin:6px 0 2px 0; font-size:13px;"
    parts.append(f'<div style="{head}">{said("live.candidate-head", locale, n=len(result.candidate_tokens))}</div>')
    parts.append(candidate_html(result, locale))
    chosen = result.chosen_reference
    for k in range(len(result.reference_tokens)):
        tag = said("live.chosen-reference", locale) if k == chosen else ""
        count = len(result.reference_tokens[k])
        parts.append(f'<div style="{head}">{said("live.reference-head", locale, k=k + 1, n=count, tag=Html(tag))}'
                     '</div>')
        parts.append(reference_html(result, k, locale))
    parts.append("</div>")
    return "".join(parts)


def save_html(result: "SentenceExplanation", path: str, title: Optional[str] = None) -> None:
    """Write :func:`explanation_html` as a standalone HTML page."""
    page_title = escape(title or f"BLEU of: {result.candidate[:60]}")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{page_title}</title></head>'
                f'<body style="background:#fff; margin:16px;">{explanation_html(result)}</body></html>')


def steps_html(steps: Sequence[Step], marked: Collection[str] = (), locale: str = DEFAULT_LOCALE) -> str:
    """The engine's steps as an HTML list: the same titles, sentences and numbers as ``explain_text()``. The steps
    named in ``marked`` (where two candidates differ) are marked, in words as well as in colour.

    >>> import bleu_explain as bx
    >>> html = steps_html(bx.explain("it is a ship", ["it is ship"]).steps())
    >>> html.count("<li"), "Clip by the max-ref count" in html
    (6, True)
    """
    items = []
    for step in steps:
        lines = "".join(f'<div style="{_MONO} font-size:12px; white-space:pre-wrap;">{escape(line)}</div>'
                        for line in list(step.lines) + [text("steps.source", locale, code=code) for code in step.source])
        differs = step.name in marked
        mark = (' data-differs="true" style="margin-bottom:6px; background:#fff3cd; outline:2px solid #e69f00;"'
                if differs else ' style="margin-bottom:6px;"')
        flag = f' <span class="bleu-differs-flag">{said("live.differs-here", locale)}</span>' if differs else ""
        items.append(f'<li data-step="{escape(step.name)}"{mark}><b>{escape(step.title)}</b>{flag}'
                     f'<div style="color:{MUTED_TEXT};">{escape(step.text)}</div>{lines}</li>')
    return f'<ol class="bleu-explain-steps" style="{_BOX} padding-left:22px; color:{INK};">{"".join(items)}</ol>'

