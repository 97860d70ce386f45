"""How often chance alone would match: the share of numbers near the reported one that some configuration prints.

Hundreds of configurations print hundreds of numbers; a number with few digits is printed by one of them
whether or not it came from any. So the match is only evidence when few numbers near it are matched: this
module measures that share on the search's own scores. The numbers near the reported one are those printed
with its digits within :data:`WINDOW` of it (at least :data:`MIN_NUMBERS` of them, at most
:data:`MAX_NUMBERS`, evenly spaced); each is matched when some configuration's score prints as it, on a scale
it may be read on. The share is measured, not estimated: it counts every number of the window.

>>> from .reported import ReportedScore
>>> c = Chance.of(ReportedScore.parse("27"), [26.6, 27.2, 30.1])
>>> c.matched, c.numbers, c.window
(2, 11, '22 to 32')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from ...messages import say
from .reported import ReportedScore

#: The numbers near the reported one: within this share of its value either side ...
WINDOW = 0.2
#: ... and at least this many numbers at its digits (so that a small or short number has a window too) ...
MIN_NUMBERS = 11
#: ... and at most this many (past that, evenly spaced).
MAX_NUMBERS = 2001
#: Past this share, chance alone explains a match; below LOW, a match is unlikely by chance.
HIGH = 0.25
LOW = 0.05


@dataclass(frozen=True)
class Chance:
    """How many of the numbers near the reported one some configuration prints."""

    reported: str
    numbers: int
    matched: int
    window: str
    decimals: int

    @property
    def share(self) -> float:
        return self.matched / self.numbers if self.numbers else 0.0

    @classmethod
    def of(cls, reported: ReportedScore, scores: Iterable[float]) -> "Chance":
        """Chance on the search's ``scores`` (0-100), for every number printed with the reported digits near it."""
        step = 10.0 ** -reported.decimals
        half = max(WINDOW * reported.value, step * (MIN_NUMBERS - 1) / 2)
        first = math.ceil(max(0.0, reported.value - half) / step - 1e-9)
        last = math.floor((reported.value + half) / step + 1e-9)
        stride = max(1, -(-(last - first + 1) // MAX_NUMBERS))  # every stride-th number of the window
        wanted = set(range(first, last + 1, stride))
        printed = set()
        for score in scores:
            for scale in reported.scales:
                printed.add(round(score * scale / 100.0 / step))
        matched = len(wanted & printed)
        digits = reported.decimals
        return cls(reported=reported.text, numbers=len(wanted), matched=matched,
                   window=say("doctor.chance.window", low=f"{first * step:.{digits}f}",
                              high=f"{last * step:.{digits}f}"), decimals=digits)

    def verdict(self) -> str:
        """What the share says about a match, in one sentence."""
        measured = say(f"doctor.chance.measured.{'one' if self.decimals == 1 else 'other'}", matched=self.matched,
                       numbers=self.numbers, window=self.window, decimals=self.decimals, share=self.share)
        if self.share >= HIGH:
            return say("doctor.chance.explains", measured=measured)
        if self.share >= LOW:
            return say("doctor.chance.weak", measured=measured)
        return say("doctor.chance.unlikely", measured=measured)


def scores_of(pairs: Sequence[tuple[object, float]]) -> list[float]:
    return [score for _, score in pairs]
