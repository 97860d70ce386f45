"""The computation in order, in words and numbers (what ``--explain`` prints)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Step:
    """One step of the computation: a title, a sentence saying what happens, and its numbers."""

    name: str
    title: str
    text: str
    lines: tuple[str, ...] = field(default=())

    def __str__(self) -> str:
        body = "\n".join("    " + line for line in self.lines)
        return f"{self.title}\n  {self.text}" + (f"\n{body}" if body else "")


def format_steps(steps: list[Step]) -> str:
    """All steps as numbered plain text."""
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
