"""The computation in order: one typed :class:`Step` per BLEU step, built once, rendered everywhere.

The engine builds the list of steps from its own numbers (:func:`sentence_steps`,
:func:`corpus_steps`); everything that shows the computation reads this list:
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

from .length import REF_LENGTH_WORDS

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
        body = "\n".join(["    " + line for line in self.lines] + ["    source: " + line for line in self.source])
        return f"{self.title}\n  {self.text}" + (f"\n{body}" if body else "")


def format_steps(steps: Sequence[Step]) -> str:
    """All steps as numbered plain text (``explain_text()`` and the command line's ``--explain``)."""
    return "\n\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))


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
def _tokens_text(config: "BleuConfig") -> str:
    case = "case kept"
    if config.lowercase:
        case = "lowercased" + (" (ASCII only)" if config.case_folding == "ascii" else "")
    split = {"python": "", "perl": "; split on Perl's white space", "ascii": "; split on ASCII white space"}
    if config.tokenize == "space":  # d2l's str.split(' '): only U+0020 separates, and empty tokens count
        return (f"tokenizer space (each single space separates tokens; an empty text is one empty token, two spaces "
                f"leave an empty token between them), {case}")
    return f"tokenizer {config.tokenize}, {case}{split[config.whitespace]}"


def _shown_tokens(tokens: Sequence[str]) -> str:
    """Tokens as a line of the steps: joined by spaces, or as a list where an empty token would vanish."""
    if not tokens:
        return "(empty)"
    if any(token == "" for token in tokens):
        return repr(list(tokens))
    return " ".join(tokens)


def _precision_steps(b: "ScoreBreakdown", config: "BleuConfig") -> list[Step]:
    lines = []
    for i in range(len(b.matches)):
        raw = "-" if b.raw_precisions[i] is None else f"{b.matches[i]}/{b.totals[i]} = {fmt(b.raw_precisions[i])}"
        changed = not _same_or_none(b.precisions[i], b.raw_precisions[i])  # the p_n used is not the one counted
        lines.append(f"p_{i+1}: {raw}" + (f"  -> used {fmt(b.precisions[i])}" if changed else ""))
    return [Step(
        name="smoothing", title="Modified precisions p_n (and smoothing)",
        text=f"p_n = clipped matches / candidate n-grams; smoothing: {config.smooth}.",
        lines=tuple(lines) + b.notes,
        inputs={"matches": b.matches, "totals": b.totals, "smooth": config.smooth},
        numbers={"precisions": b.precisions},
        summary=" ".join(fmt(p) for p in b.precisions),
    )]


def _same_or_none(a: Optional[float], b: Optional[float]) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-12)


def _length_step(b: "ScoreBreakdown", config: "BleuConfig", corpus: bool) -> Step:
    lines: tuple[str, ...] = ()
    if b.hyp_len == 0:
        bp = "0 (empty candidate)"
    elif b.brevity_penalty == 1:
        bp = "1 (c >= r)"
    elif config.combine == "hf-evaluate":
        bp = f"exp(1 - 1/ratio), ratio = {b.hyp_len}/{b.ref_len}"
    else:
        bp = f"exp(1 - {b.ref_len}/{b.hyp_len})"
    if config.combine == "hf-evaluate" and b.ref_len:
        lines = (f"length_ratio = c / r = {fmt(b.hyp_len / b.ref_len)} (evaluate reports it)",)
    # the rules named before the words existed keep their short name (it is in printed outputs)
    rule = config.ref_length + " reference length" if config.ref_length in ("closest", "shortest") \
        else REF_LENGTH_WORDS[config.ref_length]
    if config.combine == "d2l":
        rule = "its one reference"
        bp = (f"exp(min(0, 1 - {b.ref_len}/{b.hyp_len}))" if b.hyp_len else bp)
    return Step(
        name="reference length", title="Reference length and brevity penalty",
        text=f"c = {b.hyp_len} candidate tokens, r = {b.ref_len} ({rule}"
             + (", summed over segments" if corpus else "") + ").",
        lines=lines + (f"BP = {bp} = {fmt(b.brevity_penalty)}",),
        inputs={"hyp_len": b.hyp_len, "rule": config.ref_length},
        numbers={"ref_len": b.ref_len, "brevity_penalty": b.brevity_penalty},
        summary=f"c={b.hyp_len} r={b.ref_len} BP={fmt(b.brevity_penalty)}",
    )


def term_line(b: "ScoreBreakdown", i: int) -> str:
    """Order i's share of the sum, or in words what the tool did with it (its fate, recorded by the rule)."""
    fate = b.fates[i]
    if fate.words:
        return fate.words
    n = i + 1
    return f"w_{n} * log p_{n} = {fmt(b.weights[i])} * log {fmt(b.precisions[i])} = {fmt(b.log_terms[i])}"


def _combination_step(b: "ScoreBreakdown", config: "BleuConfig") -> Step:
    terms = tuple(term_line(b, i) for i in range(len(b.matches)))
    text = f"BLEU = BP * exp(sum of w_n log p_n) over {b.orders_used} order(s) ({config.combine} rules)."
    if config.combine == "d2l":
        text = (f"BLEU = BP * p_1^(1/2) * p_2^(1/4) * ... * p_m^(1/2^m), m = min(k, candidate length) = "
                f"{b.orders_used} (d2l's rule: BP * exp(sum of w_n log p_n) with w_n = 1/2^n, not 1/N).")
    total = f"BLEU = {fmt(b.bleu)}  (score {b.score:.2f} on the 0-100 scale)"
    if config.combine in _ZERO_TO_ONE:
        total = (f"BLEU = {b.bleu!r}  ({_ZERO_TO_ONE[config.combine]} returns this, on a 0-1 scale; "
                 f"score {b.score:.2f} on the 0-100 scale)")
    return Step(
        name="combination", title="Combination",
        text=text,
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
    clipping: Sequence["OrderClipping"], breakdown: "ScoreBreakdown",
) -> list[Step]:
    """The steps of one sentence, from its tokens, its per-order clipping and its score breakdown."""
    tokens = Step(
        name="tokens", title="Normalise and tokenize", text=_tokens_text(config) + ".",
        lines=(f"candidate: {_shown_tokens(candidate_tokens)}",)
        + tuple(f"reference {k}: {_shown_tokens(r)}" for k, r in enumerate(reference_tokens, 1)),
        inputs={"tokenize": config.tokenize, "lowercase": config.lowercase},
        numbers={"candidate": tuple(candidate_tokens), "references": tuple(tuple(r) for r in reference_tokens)},
        summary=" ".join(candidate_tokens),
    )
    counts = Step(
        name="counts", title="Count the candidate's n-grams",
        text="Every run of n consecutive tokens is an n-gram; a candidate of L tokens has L - n + 1 of order n.",
        lines=tuple(f"order {c.order}: {c.total} candidate n-grams, {len(c.candidate_counts)} distinct"
                    for c in clipping),
        inputs={"candidate": tuple(candidate_tokens)},
        numbers={"totals": breakdown.totals},
        summary=" ".join(str(t) for t in breakdown.totals),
    )
    clip = Step(
        name="clipping", title="Clip by the max-ref count",
        text="Each candidate n-gram counts at most as often as in the one reference where it is most frequent.",
        lines=tuple(_clipping_line(c) for c in clipping),
        inputs={"totals": breakdown.totals},
        numbers={"matches": breakdown.matches},
        summary=" ".join(f"{m}/{t}" for m, t in zip(breakdown.matches, breakdown.totals)),
    )
    return _with_source([tokens, counts, clip, *_precision_steps(breakdown, config),
                         _length_step(breakdown, config, False), _combination_step(breakdown, config)], config)


def _clipping_line(c: "OrderClipping", shown: int = 6) -> str:
    """One order's clipping in words: how many are credited, which counts the max-ref count cut ("clipped: 'the'
    7 -> 2") and which n-grams no reference has ("not in any reference: 'sat'"), as :func:`credit_fate` says."""
    from .clipping import CLIPPED
    from .ngrams import ngram_text

    line = f"order {c.order}: {c.matches} of {c.total} credited after clipping"
    for fate, ngrams in c.fates().items():
        if not ngrams:
            continue
        said = [f"'{ngram_text(g)}'" + (f" {c.candidate_counts[g]} -> {c.clipped_counts[g]}" if fate == CLIPPED
                                        else "") for g in ngrams[:shown]]
        line += f"; {fate}: {', '.join(said)}" + (" ..." if len(ngrams) > shown else "")
    return line


def corpus_steps(config: "BleuConfig", n_segments: int, refs_per_segment: Sequence[int],
                 breakdown: "ScoreBreakdown") -> list[Step]:
    """The steps of a corpus, from its summed counts and its score breakdown."""
    b = breakdown
    tokens = Step(
        name="tokens", title="Normalise and tokenize every segment",
        text=f"{_tokens_text(config)}; {n_segments} segments, references per segment: {sorted(set(refs_per_segment))}.",
        inputs={"segments": n_segments},
        numbers={"tokenizer": (config.tokenize, config.lowercase, config.case_folding, config.whitespace)},
        summary=_tokens_text(config),
    )
    counts = Step(
        name="counts", title="Count the candidates' n-grams, summed over the corpus",
        text="Candidate n-grams of each order, summed over segments (the denominators of p_n).",
        lines=tuple(f"order {n + 1}: {t} candidate n-grams" for n, t in enumerate(b.totals)),
        numbers={"totals": b.totals}, summary=" ".join(str(t) for t in b.totals),
    )
    clip = Step(
        name="clipping", title="Clip per segment, then sum over the corpus",
        text="Modified precision is computed over the corpus: clipped matches summed over segments divided by "
             "candidate n-grams summed over segments (the paper, section 2.1.1).",
        lines=tuple(f"order {n + 1}: {b.matches[n]} / {b.totals[n]}" for n in range(len(b.matches))),
        numbers={"matches": b.matches},
        summary=" ".join(f"{m}/{t}" for m, t in zip(b.matches, b.totals)),
    )
    return _with_source([tokens, counts, clip, *_precision_steps(b, config), _length_step(b, config, True),
                         _combination_step(b, config)], config)


def first_difference(a: Sequence[Step], b: Sequence[Step]) -> Optional[str]:
    """The name of the first step whose numbers differ between two lists of steps, or None."""
    for x, y in zip(a, b):
        if not same_numbers(x, y):
            return x.name
    return None
