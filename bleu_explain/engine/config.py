"""The configuration of one BLEU computation, as an explicit, printable object.

A :class:`BleuConfig` says everything that decides a BLEU number: how text is
normalised and tokenised, how many n-gram orders and with which weights, how a
zero count is smoothed, how the reference length is chosen, and which tool's
rules combine the precisions. Presets (see :mod:`bleu_explain.engine.presets`) are just
named configs; any keyword overrides them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace
from typing import Any, Optional, Sequence

from ..messages.catalogue import say
from .errors import BleuInputError
from .length import REF_LENGTH_RULES
from .limits import MAX_ORDER
from .smoothing import SMOOTHING_METHODS, methods_for

#: Tokenizers we offer, by sacreBLEU's names (see :mod:`bleu_explain.engine.tokenizers`). The first seven are
#: plain Python (13a, intl, zh, char and none give sacreBLEU's output, space d2l's); ja-mecab and ko-mecab need
#: the ja/ko extras, the SentencePiece ones the spm extra and a model file.
TOKENIZERS = ("13a", "intl", "zh", "char", "none", "paper", "space", "ja-mecab", "ko-mecab",
              "spm", "flores101", "flores200", "spBLEU-1K")

#: Which characters separate tokens, by tool (see :mod:`bleu_explain.engine.tokenize`).
WHITESPACE_RULES = ("python", "perl", "ascii")

#: The rules by which each tool turns counts into a score.
COMBINE_RULES = ("sacrebleu", "nltk", "nltk-3.2", "mteval", "multi-bleu", "paper", "hf-evaluate", "torchmetrics",
                 "d2l")

#: The rules whose tool scores one candidate string against one reference string, and nothing else.
SINGLE_PAIR_RULES = ("d2l",)

#: The settings a tool has no notion of, held at what the tool does, with why (d2l's ``bleu(pred_seq,
#: label_seq, k)`` takes only k, the max order).
FIXED_BY_RULE: dict[str, dict[str, tuple[object, str]]] = {
    "d2l": {
        "tokenize": ("space", say("fixed.single-spaces")),
        "lowercase": (False, say("fixed.as-given")),
        "case_folding": ("unicode", say("fixed.as-given")),
        "whitespace": ("python", say("fixed.single-spaces-only")),
        "strip_line": (True, say("fixed.splits-as-given")),
        "weights": (None, say("fixed.weights")),
        "smooth": ("none", say("fixed.no-smoothing")),
        "smooth_value": (None, say("fixed.no-smoothing")),
        "effective_order": (False, say("fixed.stops")),
        "auto_reweigh": (False, say("fixed.weights")),
        "ref_length": ("closest", say("fixed.one-reference")),
        "total_at_least_one": (False, say("fixed.divides")),
    },
}

#: How a rule's fixed weights print (where ``weights`` is None and does not mean uniform).
FIXED_WEIGHTS = {"d2l": "1/2^n"}

#: Smoothing methods each combination rule knows (from the one table of named methods).
SMOOTHING_BY_RULE = {rule: methods_for(rule) for rule in COMBINE_RULES}

#: The rules whose tool switches smoothing with a bool: ``smooth=False`` and ``smooth=True`` name these methods.
SMOOTH_SWITCH = {
    "hf-evaluate": ("none", "add-one"),
    "torchmetrics": ("none", "add-one-above-unigram"),
}

#: Default parameter of the smoothing methods that take one (sacreBLEU's and NLTK's defaults).
SMOOTH_VALUE_DEFAULTS = {name: method.default_value for name, method in SMOOTHING_METHODS.items()
                         if method.default_value is not None}


@dataclass(frozen=True)
class BleuConfig:
    """Everything that decides a BLEU number. Print it to see the settings.

    >>> from bleu_explain.engine.presets import get_preset
    >>> print(get_preset("sacrebleu"))
    BleuConfig(preset='sacrebleu', tokenize='13a', lowercase=False, max_order=4, weights=uniform, smooth='exp', effective_order=False, ref_length='closest', combine='sacrebleu')
    """

    preset: str
    tokenize: str = "13a"
    lowercase: bool = False
    #: "unicode" (Python's str.lower) or "ascii" (mteval's tr/A-Z/a-z/)
    case_folding: str = "unicode"
    #: which characters separate tokens: "python" (str.split: sacreBLEU, NLTK), "perl" (mteval-v13a.pl's
    #: \\s on text: not U+001C..U+001F) or "ascii" (multi-bleu.perl reads bytes: ASCII white space only)
    whitespace: str = "python"
    #: sacreBLEU strips trailing white space before tokenizing; Hugging Face evaluate's copy of 13a does not
    strip_line: bool = True
    max_order: int = 4
    #: None means uniform weights 1/N (or 1/effective order)
    weights: Optional[tuple[float, ...]] = None
    smooth: str = "exp"
    smooth_value: Optional[float] = None
    effective_order: bool = False
    auto_reweigh: bool = False
    ref_length: str = "closest"
    #: NLTK divides by max(1, number of candidate n-grams) in every segment
    total_at_least_one: bool = False
    combine: str = "sacrebleu"
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # one validation for every way in (make_config, presets, BleuConfig(...), dataclasses.replace)
        if self.weights is not None:
            object.__setattr__(self, "weights", _check_weights(self.weights))
        self.validate()

    def __repr__(self) -> str:
        weights = FIXED_WEIGHTS.get(self.combine, "uniform") if self.weights is None \
            else ",".join(f"{w:g}" for w in self.weights)
        parts = [
            f"preset={self.preset!r}",
            f"tokenize={self.tokenize!r}",
            f"lowercase={self.lowercase}" + (" (ASCII only)" if self.lowercase and self.case_folding == "ascii" else ""),
        ]
        if self.whitespace != "python":
            parts.append(f"whitespace={self.whitespace!r}")
        if not self.strip_line:
            parts.append("strip_line=False")
        parts += [
            f"max_order={self.max_order}",
            f"weights={weights}",
            f"smooth={self.smooth!r}" + ("" if self.smooth_value is None else f"[{self.smooth_value:g}]"),
            f"effective_order={self.effective_order}",
        ]
        if self.auto_reweigh:
            parts.append("auto_reweigh=True")
        parts.append(f"ref_length={self.ref_length!r}")
        parts.append(f"combine={self.combine!r}")
        return "BleuConfig(" + ", ".join(parts) + ")"

    __str__ = __repr__

    @property
    def smooth_parameter(self) -> Optional[float]:
        """The smoothing parameter in force (the given value or the method's default)."""
        if self.smooth_value is not None:
            return self.smooth_value
        return SMOOTH_VALUE_DEFAULTS.get(self.smooth)

    def weights_for(self, orders: int) -> tuple[float, ...]:
        """The weight of each order 1..orders (uniform unless weights were given)."""
        if self.weights is not None:
            return self.weights[:orders]
        return (1.0 / orders,) * orders

    def with_overrides(self, **overrides: Any) -> "BleuConfig":
        """A copy with the given settings changed (``None`` values are ignored), validated."""
        changes = {k: v for k, v in overrides.items() if v is not None}
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise BleuInputError(f"unknown setting {unknown[0]!r}; a BleuConfig has "
                                 f"{', '.join(f.name for f in fields(self))}")
        if "weights" in changes:
            changes["weights"] = _check_weights(changes["weights"])
            if "max_order" not in changes:
                changes["max_order"] = len(changes["weights"])
        elif "max_order" in changes and self.weights is not None:
            # the preset's weights were for its own max order: go uniform
            changes["weights"] = None
        if "smooth" in changes and "smooth_value" not in changes:
            changes["smooth_value"] = None
        if not self.strip_line and (changes.get("tokenize", self.tokenize) != "13a" or changes.get("lowercase")):
            # another tokenizer (or lowercasing) than Hugging Face evaluate's own copy of 13a: sacreBLEU's, which strips
            changes["strip_line"] = True
        return replace(self, **changes)  # validated on construction

    def validate(self) -> None:
        """Raise :class:`BleuInputError` naming the first setting that is not usable.

        Every config runs it on construction, so that a config that exists can be scored:

        >>> BleuConfig(preset="mine", combine="nope")
        Traceback (most recent call last):
        ...
        bleu_explain.engine.errors.BleuInputError: unknown combination rule 'nope'; choose one of sacrebleu, nltk, nltk-3.2, mteval, multi-bleu, paper, hf-evaluate, torchmetrics, d2l
        """
        _check_names(self)
        _check_fixed(self)
        _check_text_settings(self)
        _check_orders(self)
        _check_smoothing(self)
        _check_tool_switches(self)



def _check_names(config: BleuConfig) -> None:
    """The preset's, the tokenizer's and the combination rule's names."""
    if not isinstance(config.preset, str):
        raise BleuInputError(f"preset must be a name (a string), got {config.preset!r}")
    if not isinstance(config.tokenize, str) or config.tokenize not in TOKENIZERS:
        raise BleuInputError(say("errors.unknown-tokenizer", tokenizer=repr(config.tokenize),
                                 tokenizers=", ".join(TOKENIZERS)))
    if not isinstance(config.combine, str) or config.combine not in COMBINE_RULES:
        raise BleuInputError(f"unknown combination rule {config.combine!r}; choose one of {', '.join(COMBINE_RULES)}")
    if not isinstance(config.description, str):
        raise BleuInputError(f"description must be a string, got {config.description!r}")


def _check_text_settings(config: BleuConfig) -> None:
    """How the text is read before it is counted: case, white space, the line's end."""
    if not isinstance(config.lowercase, bool):
        raise BleuInputError(f"lowercase must be True or False, got {config.lowercase!r}")
    if not isinstance(config.case_folding, str) or config.case_folding not in ("unicode", "ascii"):
        raise BleuInputError(f"case_folding must be 'unicode' or 'ascii', got {config.case_folding!r}")
    if not isinstance(config.whitespace, str) or config.whitespace not in WHITESPACE_RULES:
        raise BleuInputError(f"whitespace must be one of {', '.join(WHITESPACE_RULES)}, got {config.whitespace!r}")
    if not isinstance(config.strip_line, bool):
        raise BleuInputError(f"strip_line must be True or False, got {config.strip_line!r}")
    if not config.strip_line and (config.tokenize != "13a" or config.lowercase):
        raise BleuInputError("strip_line=False (Hugging Face evaluate's tokenizer) is defined for tokenizer "
                             "13a with case kept only")


def _check_orders(config: BleuConfig) -> None:
    """The n-gram orders counted, and their weights."""
    if isinstance(config.max_order, bool) or not isinstance(config.max_order, int):
        raise BleuInputError(say("errors.max-order-type", got=repr(config.max_order)))
    if config.max_order < 1:
        raise BleuInputError(say("errors.max-order-low", got=config.max_order))
    if config.max_order > MAX_ORDER:
        by_weights = config.weights is not None and len(config.weights) == config.max_order
        raise BleuInputError(say("errors.max-order-high-weights" if by_weights else "errors.max-order-high",
                                 got=config.max_order, limit=f"{MAX_ORDER:,}"))
    if config.weights is not None and len(config.weights) != config.max_order:
        raise BleuInputError(say("errors.weights-count", count=len(config.weights), max_order=config.max_order))


def _check_smoothing(config: BleuConfig) -> None:
    """The smoothing method (one the config's rule knows) and its value."""
    allowed = SMOOTHING_BY_RULE[config.combine]
    if not isinstance(config.smooth, str) or config.smooth not in allowed:
        raise BleuInputError(say("errors.smoothing-unknown", smooth=repr(config.smooth), rule=repr(config.combine),
                                 methods=", ".join(allowed)))
    if config.smooth_value is not None:
        _check_smooth_value(config.smooth, config.smooth_value)


def _check_tool_switches(config: BleuConfig) -> None:
    """The reference-length rule, and the switches only one tool has."""
    if not isinstance(config.ref_length, str) or config.ref_length not in REF_LENGTH_RULES:
        raise BleuInputError(f"ref_length must be one of {', '.join(REF_LENGTH_RULES)}, got {config.ref_length!r}")
    for flag in ("effective_order", "auto_reweigh", "total_at_least_one"):
        if not isinstance(getattr(config, flag), bool):
            raise BleuInputError(f"{flag} must be True or False, got {getattr(config, flag)!r}")
    if config.effective_order and config.combine != "sacrebleu":
        raise BleuInputError(say("errors.effective-order-tool", rule=repr(config.combine)))
    if config.effective_order and config.weights is not None:
        raise BleuInputError(say("errors.effective-order-weights"))
    if config.auto_reweigh and config.combine not in ("nltk", "nltk-3.2"):
        raise BleuInputError("auto_reweigh is an NLTK setting; use preset='nltk' for it")
    if config.total_at_least_one != (config.combine in ("nltk", "nltk-3.2")):
        # NLTK always divides by max(1, candidate n-grams); no other tool does (its rules would divide by 0)
        raise BleuInputError(
            f"total_at_least_one={config.total_at_least_one} does not fit the {config.combine!r} rules: NLTK (and "
            "only NLTK) divides by max(1, candidate n-grams), so it is True under the nltk rules and False "
            "elsewhere")


def _check_fixed(config: BleuConfig) -> None:
    """Refuse a setting the config's tool has no notion of (d2l takes only k), saying what the tool does."""
    for name, (value, why) in FIXED_BY_RULE.get(config.combine, {}).items():
        given = getattr(config, name)
        if given != value or type(given) is not type(value):
            raise BleuInputError(say("errors.fixed", name=name, given=repr(given), rule=config.combine, why=why))


def _check_weights(weights: object) -> tuple[float, ...]:
    if isinstance(weights, (str, bytes)) or not isinstance(weights, Sequence) and not hasattr(weights, "__iter__"):
        raise BleuInputError(say("errors.weights-type", got=repr(weights)))
    values = tuple(weights)  # type: ignore[arg-type]
    if not values:
        raise BleuInputError(say("errors.weights-empty"))
    checked = []
    for i, w in enumerate(values):
        if isinstance(w, bool) or not isinstance(w, (int, float)):
            raise BleuInputError(say("errors.weight-type", i=i, got=repr(w)))
        if math.isnan(w) or math.isinf(w):
            raise BleuInputError(say("errors.weight-finite", i=i, got=str(w)))
        if w < 0:
            raise BleuInputError(say("errors.weight-negative", i=i, got=str(w)))
        checked.append(float(w))
    if not any(checked):
        raise BleuInputError(say("errors.weights-zero"))
    return tuple(checked)


def _check_smooth_value(smooth: str, value: object) -> None:
    if smooth not in SMOOTH_VALUE_DEFAULTS:
        raise BleuInputError(say("errors.smooth-value-unused", smooth=repr(smooth),
                                 methods=", ".join(SMOOTH_VALUE_DEFAULTS)))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BleuInputError(say("errors.smooth-value-finite", got=repr(value)))
    if math.isnan(value) or math.isinf(value):
        raise BleuInputError(say("errors.smooth-value-nan", got=repr(value)))
    if smooth in ("floor", "add-k"):
        # sacreBLEU takes any number: 0 (its own tests score floor 0, which is no smoothing at all) and
        # negatives too, which score as long as no precision they give is negative (the rules refuse
        # that case as sacreBLEU fails on it)
        return
    if value <= 0:
        raise BleuInputError(say("errors.smooth-value-positive", smooth=repr(smooth), got=value))
