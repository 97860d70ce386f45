"""The configuration of one BLEU computation, as an explicit, printable object.

A :class:`BleuConfig` says everything that decides a BLEU number: how text is
normalised and tokenised, how many n-gram orders and with which weights, how a
zero count is smoothed, how the reference length is chosen, and which tool's
rules combine the precisions. Presets (see :mod:`bleu_explain.engine.presets`) are just
named configs; any keyword overrides them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Optional, Sequence

from .errors import BleuInputError
from .length import REF_LENGTH_RULES
from .smoothing import SMOOTHING_METHODS, methods_for

#: Tokenizers we offer, by sacreBLEU's names (see :mod:`bleu_explain.engine.tokenizers`). The first six are
#: plain Python (13a, intl, zh, char and none give sacreBLEU's output); ja-mecab and ko-mecab need the ja/ko
#: extras, the SentencePiece ones the spm extra and a model file.
TOKENIZERS = ("13a", "intl", "zh", "char", "none", "paper", "ja-mecab", "ko-mecab",
              "spm", "flores101", "flores200", "spBLEU-1K")

#: Which characters separate tokens, by tool (see :mod:`bleu_explain.engine.tokenize`).
WHITESPACE_RULES = ("python", "perl", "ascii")

#: The rules by which each tool turns counts into a score.
COMBINE_RULES = ("sacrebleu", "nltk", "nltk-3.2", "mteval", "multi-bleu", "paper", "hf-evaluate", "torchmetrics")

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

    def __repr__(self) -> str:
        weights = "uniform" if self.weights is None else ",".join(f"{w:g}" for w in self.weights)
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

    def with_overrides(self, **overrides) -> "BleuConfig":
        """A copy with the given settings changed (``None`` values are ignored), validated."""
        changes = {k: v for k, v in overrides.items() if v is not None}
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
        config = replace(self, **changes)
        config.validate()
        return config

    def validate(self) -> None:
        """Raise :class:`BleuInputError` naming the first setting that is not usable."""
        if self.tokenize not in TOKENIZERS:
            raise BleuInputError(
                f"unknown tokenizer {self.tokenize!r}; choose one of {', '.join(TOKENIZERS)}"
            )
        if self.combine not in COMBINE_RULES:
            raise BleuInputError(f"unknown combination rule {self.combine!r}; choose one of {', '.join(COMBINE_RULES)}")
        if not isinstance(self.lowercase, bool):
            raise BleuInputError(f"lowercase must be True or False, got {self.lowercase!r}")
        if self.case_folding not in ("unicode", "ascii"):
            raise BleuInputError(f"case_folding must be 'unicode' or 'ascii', got {self.case_folding!r}")
        if self.whitespace not in WHITESPACE_RULES:
            raise BleuInputError(f"whitespace must be one of {', '.join(WHITESPACE_RULES)}, got {self.whitespace!r}")
        if isinstance(self.max_order, bool) or not isinstance(self.max_order, int):
            raise BleuInputError(f"max_order must be a whole number >= 1, got {self.max_order!r}")
        if self.max_order < 1:
            raise BleuInputError(f"max_order must be at least 1, got {self.max_order}")
        if self.weights is not None and len(self.weights) != self.max_order:
            raise BleuInputError(
                f"weights has {len(self.weights)} entries but max_order is {self.max_order}; "
                "give one weight per n-gram order"
            )
        allowed = SMOOTHING_BY_RULE[self.combine]
        if self.smooth not in allowed:
            raise BleuInputError(
                f"unknown smoothing {self.smooth!r} for the {self.combine!r} rules; "
                f"choose one of {', '.join(allowed)}"
            )
        if self.smooth_value is not None:
            _check_smooth_value(self.smooth, self.smooth_value)
        if self.ref_length not in REF_LENGTH_RULES:
            raise BleuInputError(f"ref_length must be one of {', '.join(REF_LENGTH_RULES)}, got {self.ref_length!r}")
        for flag in ("effective_order", "auto_reweigh", "total_at_least_one", "strip_line"):
            if not isinstance(getattr(self, flag), bool):
                raise BleuInputError(f"{flag} must be True or False, got {getattr(self, flag)!r}")
        if self.effective_order and self.combine != "sacrebleu":
            raise BleuInputError(
                f"effective_order is a sacreBLEU setting; the {self.combine!r} rules have no such option"
            )
        if self.effective_order and self.weights is not None:
            raise BleuInputError("effective_order re-weights the orders uniformly; it cannot be combined with explicit weights")
        if self.auto_reweigh and self.combine not in ("nltk", "nltk-3.2"):
            raise BleuInputError("auto_reweigh is an NLTK setting; use preset='nltk' for it")


def _check_weights(weights: object) -> tuple[float, ...]:
    if isinstance(weights, (str, bytes)) or not isinstance(weights, Sequence) and not hasattr(weights, "__iter__"):
        raise BleuInputError(f"weights must be a sequence of numbers, got {weights!r}")
    values = tuple(weights)  # type: ignore[arg-type]
    if not values:
        raise BleuInputError("weights is empty; give one weight per n-gram order, e.g. (0.25, 0.25, 0.25, 0.25)")
    checked = []
    for i, w in enumerate(values):
        if isinstance(w, bool) or not isinstance(w, (int, float)):
            raise BleuInputError(f"weights[{i}] must be a number, got {w!r}")
        if math.isnan(w) or math.isinf(w):
            raise BleuInputError(f"weights[{i}] is {w}; weights must be finite numbers")
        if w < 0:
            raise BleuInputError(f"weights[{i}] is negative ({w}); weights must be >= 0")
        checked.append(float(w))
    if not any(checked):
        raise BleuInputError("all weights are zero; at least one order needs a positive weight")
    return tuple(checked)


def _check_smooth_value(smooth: str, value: object) -> None:
    if smooth not in SMOOTH_VALUE_DEFAULTS:
        raise BleuInputError(
            f"smooth_value is not used by smoothing {smooth!r}; only "
            f"{', '.join(SMOOTH_VALUE_DEFAULTS)} take a value"
        )
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BleuInputError(f"smooth_value must be a finite number, got {value!r}")
    if math.isnan(value) or math.isinf(value):
        raise BleuInputError(f"smooth_value must be a finite number, got {value!r} (sacreBLEU takes it and prints a "
                             "score of nan or inf)")
    if smooth in ("floor", "add-k"):
        # sacreBLEU takes any number: 0 (its own tests score floor 0, which is no smoothing at all) and
        # negatives too, which score as long as no precision they give is negative (the rules refuse
        # that case as sacreBLEU fails on it)
        return
    if value <= 0:
        raise BleuInputError(f"smooth_value for {smooth!r} must be positive, got {value}")
