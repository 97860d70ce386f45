"""The computation in order: one typed :class:`Step` per BLEU step, built once, rendered everywhere.

The engine builds the list of steps from its own numbers (:func:`sentence_steps`,
:func:`corpus_steps`), its words in English or Chinese (``locale``, from :mod:`bleu_explain.messages`);
everything that shows the computation reads this list:
the text of ``explain_text()`` and ``--explain`` (:func:`format_steps`), the
HTML and widget tables of the display layer, and ``compare()``, which names the
first step whose ``numbers`` differ between two tools. One vocabulary of step
names, in the order the computation takes them:

>>> STEP_NAMES
('tokens', 'counts', 'clipping', 'smoothing', 'reference length', 'combination')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ..messages.catalogue import DEFAULT_LOCALE, localize, text

if TYPE_CHECKING:  # pragma: no cover
    from .breakdown import ScoreBreakdown
    from .clipping import OrderClipping
    from .config import BleuConfig

STEP_NAMES = ("tokens", "counts", "clipping", "smoothing", "reference length", "combination")


@dataclass(frozen=True)
class Step:
    """One step: its name (one of :data:`STEP_NAMES`), what it takes, what it gives, and the same in words.

    ``numbers`` are what the step produced (two tools diverge at the first step
    whose numbers differ); ``summary`` is those numbers in one short line (for a
    table cell); ``text`` says what happens and ``lines`` give the numbers in words.
    ``source`` holds the lines of the tool's own code that the step reproduces,
    each naming its file, where we quote them (printed after ``lines``).
    """

    name: str
    title: str
    text: str
    lines: tuple[str, ...] = field(default=())
    inputs: Mapping[str, Any] = field(default_factory=dict)
    numbers: Mapping[str, Any] = field(default_factory=dict)
    summary: str = ""
    source: tuple[str, ...] = field(default=())

    def __str__(self) -> str:
        return _step_text(self, DEFAULT_LOCALE)


def format_steps(steps: Sequence[Step], locale: str = DEFAULT_LOCALE) -> str:
    """All steps as numbered plain text (``explain_text()`` and the command line's ``--explain``); ``locale`` says
    the word before a quoted line of a tool's code ("source:")."""
    return "\n\n".join(f"{i}. {_step_text(step, locale)}" for i, step in enumerate(steps, 1))


def _step_text(step: Step, locale: str) -> str:
    body = "\n".join(["    " + line for line in step.lines]
                     + ["    " + text("steps.source", locale, code=line) for line in step.source])
    return f"{step.title}\n  {step.text}" + (f"\n{body}" if body else "")


def fmt(value) -> str:
    """A number as a student reads it: fractions of counts stay exact, floats get 4 significant decimals."""
    if value is None:
        return "-"
    if isinstance(value, float):
        if value != 0 and (abs(value) < 1e-4 or abs(value) >= 1e6):
            return f"{value:.4g}"
        return f"{value:.4f}"
    return str(value)


def same_numbers(a: Step, b: Step) -> bool:
    """Whether two steps produced the same numbers (floats compared to 12 significant digits)."""
    if set(a.numbers) != set(b.numbers):
        return False
    return all(_same(a.numbers[k], b.numbers[k]) for k in a.numbers)


def _same(x: Any, y: Any) -> bool:
    if isinstance(x, float) and isinstance(y, float):
        return math.isclose(x, y, rel_tol=1e-12)
    if isinstance(x, (tuple, list)) and isinstance(y, (tuple, list)):
        return len(x) == len(y) and all(_same(p, q) for p, q in zip(x, y))
    return x == y


# --------------------------------------------------------------------------- building the steps
def _tokens_text(config: "BleuConfig", locale: str = DEFAULT_LOCALE) -> str:
    case = text("steps.case.kept", locale)
    if config.lowercase:
        ascii_only = text("steps.case.ascii-only", locale) if config.case_folding == "ascii" else ""
        case = text("steps.case.lowercased", locale, ascii=ascii_only)
    if config.tokenize == "space":  # d2l's str.split(' '): only U+0020 separates, and empty tokens count
        return text("steps.tokenizer.space", locale, case=case)
    split = "" if config.whitespace == "python" else text(f"steps.split.{config.whitespace}", locale)
    return text("steps.tokenizer", locale, tokenize=config.tokenize, case=case, split=split)


def _shown_tokens(tokens: Sequence[str], locale: str = DEFAULT_LOCALE) -> str:
    """Tokens as a line of the steps: joined by spaces, or as a list where an empty token would vanish."""
    if not tokens:
        return text("steps.tokens.empty", locale)
    if any(token == "" for token in tokens):
        return repr(list(tokens))
    return " ".join(tokens)


def _precision_steps(b: "ScoreBreakdown", config: "BleuConfig", locale: str = DEFAULT_LOCALE) -> list[Step]:
    lines = []
    for i in range(len(b.matches)):
        raw = "-" if b.raw_precisions[i] is None else f"{b.matches[i]}/{b.totals[i]} = {fmt(b.raw_precisions[i])}"
        changed = not _same_or_none(b.precisions[i], b.raw_precisions[i])  # the p_n used is not the one counted
        lines.append(text("steps.smoothing.line", locale, n=i + 1, raw=raw)
                     + (text("steps.smoothing.used", locale, p=fmt(b.precisions[i])) if changed else ""))
    return [Step(
        name="smoothing", title=text("steps.smoothing.title", locale),
        text=text("steps.smoothing.text", locale, smooth=config.smooth),
        lines=tuple(lines) + tuple(localize(note, locale) for note in b.notes),
        inputs={"matches": b.matches, "totals": b.totals, "smooth": config.smooth},
        numbers={"precisions": b.precisions},
        summary=" ".join(fmt(p) for p in b.precisions),
    )]


def _same_or_none(a: Optional[float], b: Optional[float]) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-12)


def _length_step(b: "ScoreBreakdown", config: "BleuConfig", corpus: bool, locale: str = DEFAULT_LOCALE) -> Step:
    lines: tuple[str, ...] = ()
    if b.hyp_len == 0:
        bp = text("steps.length.empty", locale)
    elif b.brevity_penalty == 1:
        bp = text("steps.length.no-penalty", locale)
    elif config.combine == "hf-evaluate":
        bp = f"exp(1 - 1/ratio), ratio = {b.hyp_len}/{b.ref_len}"
    else:
        bp = f"exp(1 - {b.ref_len}/{b.hyp_len})"
    if config.combine == "hf-evaluate" and b.ref_len:
        lines = (text("steps.length.ratio", locale, ratio=fmt(b.hyp_len / b.ref_len)),)
    # the rules named before the words existed keep their short name (it is in printed outputs)
    rule = text(f"steps.length.rule.{config.ref_length}", locale) if config.ref_length in ("closest", "shortest") \
        else text(f"length.rule.{config.ref_length}", locale)
    if config.combine == "d2l":
        rule = text("steps.length.rule.d2l", locale)
        bp = (f"exp(min(0, 1 - {b.ref_len}/{b.hyp_len}))" if b.hyp_len else bp)
    return Step(
        name="reference length", title=text("steps.length.title", locale),
        text=text("steps.length.text", locale, c=b.hyp_len, r=b.ref_len, rule=rule,
                  summed=text("steps.length.summed", locale) if corpus else ""),
        lines=lines + (text("steps.length.line", locale, bp=bp, value=fmt(b.brevity_penalty)),),
        inputs={"hyp_len": b.hyp_len, "rule": config.ref_length},
        numbers={"ref_len": b.ref_len, "brevity_penalty": b.brevity_penalty},
        summary=f"c={b.hyp_len} r={b.ref_len} BP={fmt(b.brevity_penalty)}",
    )


def term_line(b: "ScoreBreakdown", i: int, locale: str = DEFAULT_LOCALE) -> str:
    """Order i's share of the sum, or in words what the tool did with it (its fate, recorded by the rule)."""
    fate = b.fates[i]
    if fate.words:
        return localize(fate.words, locale)
    return text("steps.combination.term", locale, n=i + 1, w=fmt(b.weights[i]), p=fmt(b.precisions[i]),
                term=fmt(b.log_terms[i]))


def _combination_step(b: "ScoreBreakdown", config: "BleuConfig", locale: str = DEFAULT_LOCALE) -> Step:
    terms = tuple(term_line(b, i, locale) for i in range(len(b.matches)))
    words = text("steps.combination.text", locale, orders=b.orders_used, rule=config.combine)
    if config.combine == "d2l":
        words = text("steps.combination.d2l", locale, orders=b.orders_used)
    total = text("steps.combination.total", locale, bleu=fmt(b.bleu), score=b.score)
    if config.combine in _ZERO_TO_ONE:
        total = text("steps.combination.total-0-1", locale, bleu=b.bleu, tool=_ZERO_TO_ONE[config.combine],
                     score=b.score)
    return Step(
        name="combination", title=text("steps.combination.title", locale),
        text=words,
        lines=terms + (total,),
        inputs={"precisions": b.precisions, "brevity_penalty": b.brevity_penalty},
        numbers={"weights": b.weights, "bleu": b.bleu},
        summary=f"BLEU = {b.score:.2f}",
    )


#: The tools whose own result is on the 0..1 scale (the steps print it in full beside the 0..100 score).
_ZERO_TO_ONE = {"hf-evaluate": "evaluate", "torchmetrics": "torchmetrics", "d2l": "d2l.bleu"}

_NMT = "evaluate bleu / nmt_bleu.py"
_TM = "torchmetrics functional/text/bleu.py"


def tool_source(config: "BleuConfig", step: str) -> tuple[str, ...]:
    """The lines of the tool's own code that a step reproduces, for the presets whose code we quote.

    Only where the config still does what the tool does (an override such as
    another reference-length rule leaves that step unquoted).

    >>> from bleu_explain.engine.presets import get_preset
    >>> tool_source(get_preset("hf-evaluate"), "reference length")[0]
    'reference_length += min(len(r) for r in references)  (evaluate bleu / nmt_bleu.py)'
    """
    plain_text = not config.lowercase and config.whitespace == "python"
    quoted = {"hf-evaluate": _hf_evaluate_source, "torchmetrics": _torchmetrics_source}.get(config.combine)
    return quoted(config, plain_text).get(step, ()) if quoted else ()


def _hf_evaluate_source(config: "BleuConfig", plain_text: bool) -> dict[str, tuple[str, ...]]:
    smooth = config.smooth == "add-one"
    lines = {
        "tokens": ("predictions = [tokenizer(p) for p in predictions]  (evaluate bleu / bleu.py, "
                   "tokenizer=Tokenizer13a())",
                   "return line.split()  (evaluate bleu / tokenizer_13a.py, TokenizerRegexp)")
        if config.tokenize == "13a" and plain_text else (),
        "counts": ("possible_matches = len(translation) - order + 1; if possible_matches > 0: "
                   f"possible_matches_by_order[order-1] += possible_matches  ({_NMT})",),
        "clipping": (f"merged_ref_ngram_counts |= _get_ngrams(reference, max_order)  ({_NMT})",
                     f"overlap = translation_ngram_counts & merged_ref_ngram_counts  ({_NMT})"),
        "smoothing": (f"precisions[i] = ((matches_by_order[i] + 1.) / (possible_matches_by_order[i] + 1.))"
                      f"  ({_NMT}, smooth=True)",) if smooth else
                     ("precisions[i] = float(matches_by_order[i]) / possible_matches_by_order[i] if "
                      f"possible_matches_by_order[i] > 0 else 0.0  ({_NMT}, smooth=False)",),
        "reference length": ((f"reference_length += min(len(r) for r in references)  ({_NMT})",)
                             if config.ref_length == "shortest" else ())
        + (f"ratio = float(translation_length) / reference_length  ({_NMT})",
           f"bp = 1. if ratio > 1.0 else math.exp(1 - 1. / ratio)  ({_NMT})"),
        "combination": ((f"if min(precisions) > 0: p_log_sum = sum((1. / max_order) * math.log(p) for p in "
                         f"precisions); geo_mean = math.exp(p_log_sum) else: geo_mean = 0  ({_NMT})",)
                        if config.weights is None else ())
        + (f"bleu = geo_mean * bp  ({_NMT}; evaluate returns it as 'bleu', on a 0-1 scale)",),
    }
    return lines


def _torchmetrics_source(config: "BleuConfig", plain_text: bool) -> dict[str, tuple[str, ...]]:
    smooth = config.smooth == "add-one-above-unigram"
    lines = {
        "tokens": (f"return sentence.split()  ({_TM}, _tokenize_fn)",)
        if config.tokenize == "none" and plain_text else (),
        "counts": (f"denominator[len(counter) - 1] += preds_counter[counter]  ({_TM})",),
        "clipping": (f"target_counter |= _count_ngram(tgt, n_gram)  ({_TM})",
                     f"ngram_counter_clip = preds_counter & target_counter  ({_TM})"),
        "smoothing": (f"if min(numerator) == 0.0: return tensor(0.0)  ({_TM})",)
        + ((f"precision_scores = torch.div(torch.add(numerator, torch.ones(n_gram)), "
            f"torch.add(denominator, torch.ones(n_gram)))  ({_TM})",
            f"precision_scores[0] = numerator[0] / denominator[0]  ({_TM})") if smooth else
           (f"precision_scores = numerator / denominator  ({_TM})",)),
        "reference length": ((f"target_len += target_len_list[target_len_diff.index(min(target_len_diff))]  "
                              f"({_TM})",) if config.ref_length == "closest-first" else ())
        + (f"brevity_penalty = tensor(1.0) if preds_len > target_len else "
           f"torch.exp(1 - (target_len / preds_len))  ({_TM})",),
        "combination": (f"log_precision_scores = tensor(weights) * torch.log(precision_scores)  ({_TM})",
                        f"geometric_mean = torch.exp(torch.sum(log_precision_scores))  ({_TM})",
                        f"return brevity_penalty * geometric_mean  ({_TM}; float32 tensors, about 7 "
                        "significant digits)"),
    }
    return lines


def _with_source(steps: list[Step], config: "BleuConfig") -> list[Step]:
    return [replace(step, source=tool_source(config, step.name)) for step in steps]


def sentence_steps(
    config: "BleuConfig", candidate_tokens: Sequence[str], reference_tokens: Sequence[Sequence[str]],
    clipping: Sequence["OrderClipping"], breakdown: "ScoreBreakdown", locale: str = DEFAULT_LOCALE,
) -> list[Step]:
    """The steps of one sentence, from its tokens, its per-order clipping and its score breakdown, in the words of
    ``locale`` (the numbers are the same in every language)."""
    tokens = Step(
        name="tokens", title=text("steps.tokens.title", locale),
        text=text("steps.tokens.text", locale, how=_tokens_text(config, locale)),
        lines=(text("steps.tokens.candidate", locale, tokens=_shown_tokens(candidate_tokens, locale)),)
        + tuple(text("steps.tokens.reference", locale, k=k, tokens=_shown_tokens(r, locale))
                for k, r in enumerate(reference_tokens, 1)),
        inputs={"tokenize": config.tokenize, "lowercase": config.lowercase},
        numbers={"candidate": tuple(candidate_tokens), "references": tuple(tuple(r) for r in reference_tokens)},
        summary=" ".join(candidate_tokens),
    )
    counts = Step(
        name="counts", title=text("steps.counts.title", locale), text=text("steps.counts.text", locale),
        lines=tuple(text("steps.counts.line", locale, order=c.order, total=c.total, distinct=len(c.candidate_counts))
                    for c in clipping),
        inputs={"candidate": tuple(candidate_tokens)},
        numbers={"totals": breakdown.totals},
        summary=" ".join(str(t) for t in breakdown.totals),
    )
    clip = Step(
        name="clipping", title=text("steps.clipping.title", locale), text=text("steps.clipping.text", locale),
        lines=tuple(_clipping_line(c, locale=locale) for c in clipping),
        inputs={"totals": breakdown.totals},
        numbers={"matches": breakdown.matches},
        summary=" ".join(f"{m}/{t}" for m, t in zip(breakdown.matches, breakdown.totals)),
    )
    return _with_source([tokens, counts, clip, *_precision_steps(breakdown, config, locale),
                         _length_step(breakdown, config, False, locale), _combination_step(breakdown, config, locale)],
                        config)


def _clipping_line(c: "OrderClipping", shown: int = 6, locale: str = DEFAULT_LOCALE) -> str:
    """One order's clipping in words: how many are credited, which counts the max-ref count cut ("clipped: 'the'
    7 -> 2") and which n-grams no reference has ("not in any reference: 'sat'"), as :func:`credit_fate` says."""
    from .clipping import CLIPPED
    from .ngrams import ngram_text

    line = text("steps.clipping.line", locale, order=c.order, matches=c.matches, total=c.total)
    for fate, ngrams in c.fates().items():
        if not ngrams:
            continue
        said = [text("steps.clipping.cut", locale, ngram=ngram_text(g), count=c.candidate_counts[g],
                     clipped=c.clipped_counts[g]) if fate == CLIPPED else f"'{ngram_text(g)}'" for g in ngrams[:shown]]
        line += text("steps.clipping.fate", locale, fate=text(f"clip.{fate}", locale),
                     ngrams=", ".join(said) + (" ..." if len(ngrams) > shown else ""))
    return line


def corpus_steps(config: "BleuConfig", n_segments: int, refs_per_segment: Sequence[int],
                 breakdown: "ScoreBreakdown", locale: str = DEFAULT_LOCALE) -> list[Step]:
    """The steps of a corpus, from its summed counts and its score breakdown, in the words of ``locale``."""
    b = breakdown
    how = _tokens_text(config, locale)
    tokens = Step(
        name="tokens", title=text("steps.tokens.corpus-title", locale),
        text=text("steps.tokens.corpus-text", locale, how=how, segments=n_segments,
                  refs=sorted(set(refs_per_segment))),
        inputs={"segments": n_segments},
        numbers={"tokenizer": (config.tokenize, config.lowercase, config.case_folding, config.whitespace)},
        summary=how,
    )
    counts = Step(
        name="counts", title=text("steps.counts.corpus-title", locale), text=text("steps.counts.corpus-text", locale),
        lines=tuple(text("steps.counts.corpus-line", locale, order=n + 1, total=t) for n, t in enumerate(b.totals)),
        numbers={"totals": b.totals}, summary=" ".join(str(t) for t in b.totals),
    )
    clip = Step(
        name="clipping", title=text("steps.clipping.corpus-title", locale),
        text=text("steps.clipping.corpus-text", locale),
        lines=tuple(text("steps.clipping.corpus-line", locale, order=n + 1, matches=b.matches[n], total=b.totals[n])
                    for n in range(len(b.matches))),
        numbers={"matches": b.matches},
        summary=" ".join(f"{m}/{t}" for m, t in zip(b.matches, b.totals)),
    )
    return _with_source([tokens, counts, clip, *_precision_steps(b, config, locale),
                         _length_step(b, config, True, locale), _combination_step(b, config, locale)], config)


def first_difference(a: Sequence[Step], b: Sequence[Step]) -> Optional[str]:
    """The name of the first step whose numbers differ between two lists of steps, or None."""
    for x, y in zip(a, b):
        if not same_numbers(x, y):
            return x.name
    return None
