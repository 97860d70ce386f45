"""A score as people print it: 0-1 or 0-100, with the digits they give, and what reproduces it.

>>> s = ReportedScore.parse("27.3")
>>> s.value, s.decimals, s.agrees(27.34), s.agrees(27.36)
(27.3, 1, True, False)
>>> ReportedScore.parse("0.273").agrees(27.31)
True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ...engine.errors import BleuInputError
from ...messages import say

_NUMBER = re.compile(r"^\s*(?:BLEU\s*=?\s*)?(\d+(?:\.(\d*))?|\.(\d+))\s*(%?)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class ReportedScore:
    """A printed score: its text, value, the decimals printed, and whether it may be on the 0-1 scale."""

    text: str
    value: float
    decimals: int
    percent_sign: bool = False

    @classmethod
    def parse(cls, text: object) -> "ReportedScore":
        if isinstance(text, bool) or not isinstance(text, (str, int, float)):
            raise BleuInputError(f"score must be a number as printed (e.g. '27.3' or '0.273'), got {text!r}")
        if isinstance(text, (int, float)):
            if isinstance(text, float) and not math.isfinite(text):
                raise BleuInputError(f"score must be a finite number, got {text!r}")
            text = repr(text) if isinstance(text, float) else str(text)
        found = _NUMBER.match(text)
        if not found:
            raise BleuInputError(say("doctor.error.score-not-a-number", score=repr(text)))
        digits = found.group(2) or found.group(3) or ""
        value = float(found.group(1))
        if value > 100:
            raise BleuInputError(say("doctor.error.score-above-100", score=repr(text)))
        return cls(text=text.strip(), value=value, decimals=len(digits), percent_sign=bool(found.group(4)))

    @property
    def scales(self) -> tuple[float, ...]:
        """The scales it may be printed on: 100 (sacreBLEU's) and, for a value of at most 1, 1 (the paper's)."""
        return (100.0,) if self.value > 1 or self.percent_sign else (100.0, 1.0)

    def agrees(self, score: float, scale: float = 0.0) -> bool:
        """Whether a 0-100 score prints as this one (rounded to its decimals) on one of its scales (or ``scale``)."""
        half = 0.5 * 10.0 ** -self.decimals
        for s in (scale,) if scale else self.scales:
            if abs(score * s / 100.0 - self.value) <= half * (1 + 1e-9):
                return True
        return False

    def scale_of(self, score: float) -> float:
        """The scale on which a 0-100 score prints as this one (100 when it does on both)."""
        return next((s for s in self.scales if self.agrees(score, s)), self.scales[0])

    def distance(self, score: float) -> float:
        """How far a 0-100 score is from this one, on the nearer of its scales (in the printed units)."""
        return min(abs(score * s / 100.0 - self.value) / (s / 100.0) for s in self.scales)
