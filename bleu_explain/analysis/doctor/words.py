"""Numbers in words, as every finding writes them: "1 line", "3 lines", "lines 4, 9 and 12", "lines 31-60".

Line and segment numbers are for people, so they count from 1; the functions take 0-based indices.

>>> plural(1, "line"), plural(3, "line"), plural(2, "reference", "references")
('1 line', '3 lines', '2 references')
>>> numbered([3, 8, 11]), numbered([30, 31, 32, 33, 40]), numbered(list(range(100)), shown=3)
('4, 9 and 12', '31-34 and 41', '1-100')
>>> numbered([1, 5, 9, 13, 17, 21, 25], shown=3)
'2, 6, 10 and 4 more'
"""

from __future__ import annotations

from typing import Optional, Sequence

#: How many numbers (or ranges) a sentence lists before it says how many more.
SHOWN = 5


def plural(count: int, noun: str, nouns: Optional[str] = None) -> str:
    """``count`` and the noun, singular for 1."""
    return f"{count:,} {noun if count == 1 else (nouns or noun + 's')}"


def runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """Consecutive 0-based indices grouped into (first, last) runs."""
    out: list[tuple[int, int]] = []
    for i in sorted(set(indices)):
        if out and i == out[-1][1] + 1:
            out[-1] = (out[-1][0], i)
        else:
            out.append((i, i))
    return out


def numbered(indices: Sequence[int], shown: int = SHOWN) -> str:
    """0-based indices as 1-based numbers, runs as ranges, the first ``shown`` of them and how many more."""
    parts = [f"{a + 1}" if a == b else f"{a + 1}-{b + 1}" for a, b in runs(indices)]
    if len(parts) > shown:
        return ", ".join(parts[:shown]) + f" and {len(parts) - shown} more"
    return and_list(parts)


def and_list(parts: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def quoted(words: Sequence[str]) -> str:
    """Words quoted and listed: "'der', 'die' and 'und'"."""
    return and_list([f"'{w}'" for w in words])
