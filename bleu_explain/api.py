"""The public entry points: explain one sentence, explain a corpus, compare presets."""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

from .engine.config import SINGLE_PAIR_RULES, BleuConfig
from .engine.corpus import CorpusStatistics, PreparedReferences
from .engine.errors import BleuInputError
from .engine.presets import resolve_config
from .engine.validation import check_corpus, check_sentence, check_system, check_tool_takes
from .messages.catalogue import DEFAULT_LOCALE, LOCALES, known_locale, text
from .results import CorpusExplanation, SentenceExplanation


def checked_locale(locale: Optional[str]) -> str:
    """The language a result says its words in: "en" or "zh" ("zh-CN" and the like are "zh"), else a one-line
    refusal.

    >>> checked_locale("zh-CN"), checked_locale(None)
    ('zh', 'en')
    >>> checked_locale("fr")
    Traceback (most recent call last):
    ...
    bleu_explain.engine.errors.BleuInputError: locale must be one of en, zh, got 'fr'
    """
    known = known_locale(locale)
    if known is None:
        raise BleuInputError(text("errors.locale", got=repr(locale), locales=", ".join(LOCALES)))
    return known


def make_config(
    preset: str = "sacrebleu",
    *,
    tokenize: Optional[str] = None,
    lowercase: Optional[bool] = None,
    max_order: Optional[int] = None,
    weights: Optional[Sequence[float]] = None,
    smooth: Optional[str | bool] = None,
    smooth_value: Optional[float] = None,
    effective_order: Optional[bool] = None,
    auto_reweigh: Optional[bool] = None,
    ref_length: Optional[str] = None,
    n_gram: Optional[int] = None,
    k: Optional[int] = None,
) -> BleuConfig:
    """A preset's configuration with any keyword overriding it.

    Under the hf-evaluate and torchmetrics presets the tools' own keywords work
    too: ``smooth=True``/``False``, and torchmetrics' ``n_gram`` for ``max_order``;
    under d2l its ``k``.

    >>> print(make_config("nltk", max_order=2))
    BleuConfig(preset='nltk', tokenize='none', lowercase=False, max_order=2, weights=uniform, smooth='method0', effective_order=False, ref_length='closest', combine='nltk')
    >>> print(make_config("torchmetrics", n_gram=2, smooth=True, weights=[0.7, 0.3]))
    BleuConfig(preset='torchmetrics', tokenize='none', lowercase=False, max_order=2, weights=0.7,0.3, smooth='add-one-above-unigram', effective_order=False, ref_length='closest-first', combine='torchmetrics')
    """
    return resolve_config(
        preset, tokenize=tokenize, lowercase=lowercase, max_order=max_order, weights=weights, smooth=smooth,
        smooth_value=smooth_value, effective_order=effective_order, auto_reweigh=auto_reweigh, ref_length=ref_length,
        n_gram=n_gram, k=k,
    )


def explain_with_config(candidate: str, references: Sequence[str], config: BleuConfig,
                        locale: Optional[str] = DEFAULT_LOCALE) -> SentenceExplanation:
    """:func:`explain` with a ready-made config."""
    locale = checked_locale(locale)
    if config.combine in SINGLE_PAIR_RULES and isinstance(references, str):
        references = [references]  # d2l takes its one reference as a string (label_seq)
    candidate, refs = check_sentence(candidate, references)
    check_tool_takes(config, [len(refs)])
    return SentenceExplanation.build(candidate, refs, config, locale)


def explain(candidate: str, references: Sequence[str], *, preset: str = "sacrebleu",
            locale: Optional[str] = DEFAULT_LOCALE, **settings) -> SentenceExplanation:
    """Explain the BLEU of one candidate sentence against its references.

    Keywords: ``tokenize``, ``lowercase``, ``max_order``, ``weights``, ``smooth``,
    ``smooth_value``, ``effective_order``, ``auto_reweigh``, ``ref_length``;
    any of them overrides the preset (``smooth=True``/``False`` and ``n_gram``
    under the hf-evaluate and torchmetrics presets, ``k`` under d2l, as those
    tools spell them). ``locale="zh"`` gives a result that says its steps, its tables' column titles and its
    tools' notes in Chinese (``explain_text()``, ``steps()``, the tables); the numbers are the same.

    The paper's Example 2 (Papineni et al. 2002), as the paper computes it:

    >>> r = explain("the the the the the the the.", ["The cat is on the mat.", "There is a cat on the mat."],
    ...             preset="paper")
    >>> f"{r.matches[0]}/{r.totals[0]}"
    '2/7'

    Example 3: the short candidate "of the" has perfect precisions; only the
    brevity penalty catches it.

    >>> refs = ["It is a guide to action that ensures that the military will forever heed Party commands.",
    ...         "It is the guiding principle which guarantees the military forces always being under the command of the Party.",
    ...         "It is the practical guide for the army always to heed the directions of the party."]
    >>> r = explain("of the", refs, preset="paper", max_order=2)
    >>> [f"{m}/{t}" for m, t in zip(r.matches, r.totals)], r.ref_len
    (['2/2', '1/1'], 16)
    >>> import math; r.brevity_penalty == math.exp(1 - 16 / 2)
    True

    sacreBLEU's defaults:

    >>> r = explain("The cat sat on the mat.", ["The cat is on the mat."])
    >>> round(r.score, 6), r.signature.rsplit("|", 1)[0]
    (48.892302, 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp')

    Dive into Deep Learning's ``d2l.bleu(pred_seq, label_seq, k)`` takes one
    reference, as a string, and its ``k`` (2 in the book's examples):

    >>> r = explain("il est riche .", "il est calme .", preset="d2l", k=2)
    >>> round(r.bleu, 3), r.breakdown.weights
    (0.658, (0.5, 0.25))

    In Chinese:

    >>> print(explain("the cat", ["the cat sat"], locale="zh").steps()[4].title)
    参考长度与简洁惩罚因子
    """
    config = make_config(preset, **settings)
    return explain_with_config(candidate, references, config, locale)


def explain_corpus_with_config(
    candidates: Sequence[str], references: Sequence[Sequence[str]], config: BleuConfig,
    progress: Optional[bool] = None, prepared: Optional[PreparedReferences] = None,
    locale: Optional[str] = DEFAULT_LOCALE,
) -> CorpusExplanation:
    """:func:`explain_corpus` with a ready-made config (and, optionally, the references already counted)."""
    locale = checked_locale(locale)
    cands, refs = check_corpus(candidates, _as_the_tool_takes(references, config))
    check_tool_takes(config, [len(r) for r in refs])
    return CorpusExplanation.of(CorpusStatistics(cands, refs if prepared is None else prepared), config,
                                progress=progress, locale=locale)


def _as_the_tool_takes(references: Sequence[Sequence[str]], config: BleuConfig) -> Sequence[Sequence[str]]:
    """The references as the config's tool takes them: a reference given as a string is that segment's only
    reference under the rules that take it so (evaluate: ``[[ref] for ref in references]``; torchmetrics:
    ``[tgt] if isinstance(tgt, str) else tgt``; d2l: ``label_seq``)."""
    if config.combine in ("hf-evaluate", "torchmetrics", *SINGLE_PAIR_RULES) and isinstance(references, Sequence) \
            and not isinstance(references, str):
        return [[r] if isinstance(r, str) else r for r in references]
    return references


def explain_corpus(
    candidates: Sequence[str], references: Sequence[Sequence[str]], *, preset: str = "sacrebleu",
    progress: Optional[bool] = None, locale: Optional[str] = DEFAULT_LOCALE, **settings,
) -> CorpusExplanation:
    """Explain corpus BLEU: matches, totals and lengths are summed over segments, then combined once.

    ``references`` is segment-major: for each candidate, the list of its
    references (the number may vary by segment). Use :func:`from_streams` to
    convert sacreBLEU/NLTK-style streams.

    >>> r = explain_corpus(["a x", "c d z"], [["a b c"], ["c d e f"]], preset="mteval-13a")
    >>> round(r.bleu, 4)
    0.3769
    >>> round(explain_corpus(["a x", "c d z"], [["a b c"], ["c d e f"]]).score, 2)
    0.0

    Under the hf-evaluate, torchmetrics and d2l presets a reference may be given as a
    string, the segment's only reference, as those tools take it:

    >>> explain_corpus(["the cat is on the mat"], ["the cat is on the mat"], preset="hf-evaluate").bleu
    1.0

    ``locale="zh"``: the steps, the tables' column titles and the notes in Chinese, as for :func:`explain`.
    """
    config = make_config(preset, **settings)
    return explain_corpus_with_config(candidates, references, config, progress=progress, locale=locale)


def explain_systems(
    systems: Mapping[str, Sequence[str]], references: Sequence[Sequence[str]], *, preset: str = "sacrebleu",
    progress: Optional[bool] = None, locale: Optional[str] = DEFAULT_LOCALE, **settings,
) -> dict[str, CorpusExplanation]:
    """Explain several systems' corpus BLEU against the same references, counting the references once.

    Each result is the one :func:`explain_corpus` gives for that system alone.

    >>> refs = [["the cat is on the mat"], ["there is a cat"]]
    >>> r = explain_systems({"A": ["the cat is on a mat", "a cat"], "B": ["the cat on the mat", "there is a cat"]}, refs)
    >>> {name: round(x.score, 2) for name, x in r.items()}
    {'A': 43.49, 'B': 57.58}
    """
    return explain_systems_with_config(systems, references, make_config(preset, **settings), progress=progress,
                                       locale=locale)


def explain_systems_with_config(
    systems: Mapping[str, Sequence[str]], references: Sequence[Sequence[str]], config: BleuConfig,
    progress: Optional[bool] = None, locale: Optional[str] = DEFAULT_LOCALE,
) -> dict[str, CorpusExplanation]:
    """:func:`explain_systems` with a ready-made config: every system checked, the references counted once."""
    locale = checked_locale(locale)
    if not isinstance(systems, Mapping) or not systems:
        raise BleuInputError("systems must be a non-empty dict of system name -> list of outputs (one per segment)")
    references = _as_the_tool_takes(references, config)
    checked = {name: check_system(f"system {name!r}", outputs, references) for name, outputs in systems.items()}
    refs = next(iter(checked.values()))[1]
    check_tool_takes(config, [len(r) for r in refs])
    prepared = PreparedReferences(refs)
    return {name: CorpusExplanation.of(CorpusStatistics(cands, prepared), config, progress=progress, locale=locale)
            for name, (cands, _) in checked.items()}
