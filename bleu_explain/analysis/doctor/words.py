"""Numbers in words, as every finding writes them: "1 line", "3 lines", "lines 4, 9 and 12", "lines 31-60".

Line and segment numbers are for people, so they count from 1; the functions take 0-based indices.

Each result is the English string, and (where it holds words) a message of the catalogue
(:mod:`bleu_explain.messages.doctor`) that says itself again in Chinese: "3 行", "4、9和12", so that no English
fragment ends up inside a Chinese sentence.

>>> plural(1, "line"), plural(3, "line"), plural(2, "reference", "references")
('1 line', '3 lines', '2 references')
>>> numbered([3, 8, 11]), numbered([30, 31, 32, 33, 40]), numbered(list(range(100)), shown=3)
('4, 9 and 12', '31-34 and 41', '1-100')
>>> numbered([1, 5, 9, 13, 17, 21, 25], shown=3)
'2, 6, 10 and 4 more'
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, cast

from ...messages import Message, messages, say

#: How many numbers (or ranges) a sentence lists before it says how many more.
SHOWN = 5


#: The nouns the findings count, each a family of the catalogue (``doctor.count.<noun>.one`` / ``.other``), so that
#: a count is said in Chinese with its own measure word ("3 行"), never as an English fragment.
COUNTED = ("line", "hypothesis line", "marker", "averaging configuration", "repeated line", "reference",
           "segment", "configuration")


def plural(count: int, noun: str, nouns: Optional[str] = None) -> str:
    """``count`` and the noun, singular for 1 (a catalogue message for the nouns the findings count)."""
    if noun in COUNTED and nouns in (None, noun + "s"):
        return say(f"doctor.count.{noun.replace(' ', '-')}.{'one' if count == 1 else 'other'}", count=count)
    return f"{count:,} {noun if count == 1 else (nouns or noun + 's')}"


def _folded(parts: Sequence[str], key: str, rest: str) -> str:
    """The parts joined from the right by the catalogue's ``key`` (``first`` and ``rest`` placeholders), so that
    the whole list is said again in any language."""
    parts = list(parts)
    if not parts:
        return ""
    listed = parts[-1]
    for part in reversed(parts[:-1]):
        listed = say(key, **{"first": part, rest: listed})
    return listed


def and_joined(parts: Sequence[str]) -> str:
    """'a and b and c' (names of files, as the findings join them), said again in any language."""
    return _folded(parts, "doctor.words.and", "last")


def comma_list(parts: Sequence[str]) -> str:
    """'a, b, c', said again in any language when the parts are messages."""
    return _folded(parts, "doctor.words.comma", "rest")


def joined(*parts: str) -> str:
    """Clauses joined with "; " (the empty ones left out), said again in any language when they are messages."""
    kept = [part for part in parts if part]
    if not kept:
        return ""
    out = kept[0]
    for part in kept[1:]:
        out = say("doctor.words.then", first=out, then=part)
    return out


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
        return say("doctor.words.and-more", shown=comma_list(parts[:shown]), more=len(parts) - shown)
    return and_list(parts)


def and_list(parts: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = list(parts)
    if len(parts) <= 1:
        return parts[0] if parts else ""
    listed = say("doctor.words.and", first=parts[-2], last=parts[-1])
    for part in reversed(parts[:-2]):
        listed = say("doctor.words.comma", first=part, rest=listed)
    return listed


def quoted(words: Sequence[str]) -> str:
    """Words quoted and listed: "'der', 'die' and 'und'"."""
    return and_list([f"'{w}'" for w in words])


def script_name(script: object) -> str:
    """A writing system's name ("Cyrillic", "Han") as the catalogue says it, or as it is when it has no entry."""
    key = f"doctor.script.{script}"
    return say(key) if key in messages() else str(script)


class InEveryLocale(Message):
    """A sentence another module already says in each language (the comparison's, :func:`divergence_in_words`): its
    English as the string, and each language's text for :func:`~bleu_explain.messages.localize`."""

    texts: Mapping[str, str]

    def __new__(cls, texts: Mapping[str, str]) -> "InEveryLocale":
        said = cast("InEveryLocale", super().__new__(cls, texts["en"]))
        said.texts = dict(texts)
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        return (InEveryLocale, (self.texts,))

    def in_locale(self, locale: str) -> str:
        return self.texts.get(locale, str(self))
