"""The live page's state: everything it shows, as its address holds it (``live.html?preset=nltk&hyp=...``).

Kept apart from :mod:`.live` so that the highlighter can give every highlighted
sentence the address that opens it in the live page ("try this live").

>>> state = LiveState.from_query("preset=nltk&hyp=it+is+a+ship&ref=it+is+ship&ref=ship+it+is&max_order=2")
>>> state.preset, state.references, state.max_order
('nltk', ('it is ship', 'ship it is'), 2)
>>> LiveState.from_query(state.to_query()) == state
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Optional
from urllib.parse import parse_qs, urlencode

from ...data.reading import check_characters, split_lines
from ...engine.config import BleuConfig
from ...engine.errors import BleuInputError
from ...engine.limits import MAX_FILE_BYTES, MAX_PAGE_CHARACTERS, size_in_words
from ...messages.catalogue import Message, say

if TYPE_CHECKING:  # pragma: no cover
    from ...results import SentenceExplanation

#: The settings a state may override, in the order the page shows them, with the address's names.
SETTINGS = ("tokenize", "lowercase", "smooth", "smooth_value", "max_order", "weights", "effective_order")

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


@dataclass(frozen=True)
class LiveState:
    """Everything the page shows, as the address holds it.

    ``hypothesis`` and each of ``references`` hold one segment per line (a
    reference box is one translator's stream, as a reference file on the
    command line). Settings left ``None`` keep the preset's value.
    """

    preset: str = "sacrebleu"
    hypothesis: str = ""
    references: tuple[str, ...] = ()
    tokenize: Optional[str] = None
    lowercase: Optional[bool] = None
    smooth: Optional[str] = None
    smooth_value: Optional[float] = None
    max_order: Optional[int] = None
    weights: Optional[tuple[float, ...]] = None
    effective_order: Optional[bool] = None
    #: another preset to compare with ("" for none)
    compare: str = ""
    #: which segment (1-based) is highlighted when the input is a corpus
    segment: int = 1
    #: a second candidate scored against the same references, shown beside the first ("" for none)
    hypothesis2: str = ""

    # ------------------------------------------------------------------ the address
    @classmethod
    def from_query(cls, query: str) -> "LiveState":
        """The state an address's query string holds (``hyp``, ``ref`` repeated, and the settings)."""
        return cls.from_params(parse_qs(query.lstrip("?"), keep_blank_values=True))

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> "LiveState":
        """The state from a mapping of name -> value or list of values (a parsed query, or the page's form)."""
        def values(name: str) -> list[str]:
            value = params.get(name, [])
            if value is None:  # (the page's worker hands over an absent text as None)
                return []
            if isinstance(value, str):
                return [value]
            return [str(v) for v in value]

        def one(name: str) -> Optional[str]:
            got = values(name)
            return got[-1] if got and got[-1] != "" else None

        state = cls(
            preset=one("preset") or "sacrebleu",
            hypothesis=(values("hyp") or [""])[-1],
            references=tuple(values("ref")),
            tokenize=one("tokenize"),
            lowercase=_flag(one("lowercase"), "lowercase"),
            smooth=one("smooth"),
            smooth_value=_number(one("smooth_value"), "smooth_value", float),
            max_order=_number(one("max_order"), "max_order", int),
            weights=_weights(one("weights")),
            effective_order=_flag(one("effective_order"), "effective_order"),
            compare=one("compare") or "",
            segment=_segment(one("segment")),
            hypothesis2=(values("hyp2") or [""])[-1],
        )
        return state

    def to_query(self) -> str:
        """The query string that gives this state back (only what differs from the defaults)."""
        pairs: list[tuple[str, str]] = [("preset", self.preset), ("hyp", self.hypothesis)]
        if self.hypothesis2:
            pairs.append(("hyp2", self.hypothesis2))
        pairs += [("ref", r) for r in self.references]
        for name in SETTINGS:
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool):
                pairs.append((name, "true" if value else "false"))
            elif name == "weights":
                pairs.append((name, " ".join(repr(float(w)) for w in value)))
            else:  # repr: a float written back in full, so that the address gives the same score
                pairs.append((name, repr(value) if isinstance(value, float) else str(value)))
        if self.compare:
            pairs.append(("compare", self.compare))
        if self.segment != 1:
            pairs.append(("segment", str(self.segment)))
        return urlencode(pairs)

    @classmethod
    def of_result(cls, result: "SentenceExplanation") -> "LiveState":
        """The state that shows one sentence result again: its texts and every setting that differs from its preset."""
        from ...engine.presets import get_preset

        preset = get_preset(result.config.preset)
        changed = {name: getattr(result.config, name) for name in SETTINGS
                   if getattr(result.config, name) != getattr(preset, name)}
        return cls(preset=result.config.preset, hypothesis=result.candidate, references=tuple(result.references),
                   **changed)

    # ------------------------------------------------------------------ the input
    def settings(self) -> dict[str, Any]:
        """The overrides given (``None`` ones left out)."""
        return {name: getattr(self, name) for name in SETTINGS if getattr(self, name) is not None}

    def config(self, preset: Optional[str] = None) -> BleuConfig:
        """The configuration: the preset (or ``preset``) with the overrides that apply to it.

        >>> state = LiveState(hypothesis="il est riche .", references=("il est calme .",), lowercase=True,
        ...                   weights=(0.5, 0.5), max_order=2)
        >>> d2l = state.config("d2l")  # d2l fixes lowercase and weights: dropped; max_order is its k
        >>> d2l.lowercase, d2l.weights, d2l.max_order
        (False, None, 2)
        """
        from ...api import make_config

        if preset is None:
            return make_config(self.preset, **self.settings())
        from ...engine.config import FIXED_BY_RULE
        from ...engine.presets import get_preset

        # The other side of a comparison keeps the texts' normalisation choices but its own tool rules, less the
        # settings its tool has no notion of (d2l takes neither lowercase nor weights: it holds them fixed).
        fixed = FIXED_BY_RULE.get(get_preset(preset).combine, {})
        kept = {name: value for name, value in self.settings().items()
                if name in ("lowercase", "max_order", "weights") and name not in fixed}
        return make_config(preset, **kept)

    def corpus(self, second: bool = False) -> tuple[list[str], list[list[str]]]:
        """The candidates (the second candidate's with ``second``) and, for each, its references, read as the
        command line reads files."""
        from ...engine.validation import corpus_from_streams

        if sum(len(t) for t in (self.hypothesis, self.hypothesis2, *self.references)) > MAX_PAGE_CHARACTERS:
            raise BleuInputError(say("errors.too-long", limit=f"{MAX_PAGE_CHARACTERS:,}",
                                     file_size=size_in_words(MAX_FILE_BYTES)))
        hyps = _box_segments(self.hypothesis2 if second else self.hypothesis, "candidate 2" if second else "the candidate")
        streams = [_box_segments(r, f"reference {k}") for k, r in enumerate(self.references, 1) if r != ""]
        names = [str(k) for k, r in enumerate(self.references, 1) if r != ""]
        if not streams:
            raise BleuInputError(say("errors.no-reference"))
        if all(len(stream) == len(hyps) for stream in streams):
            # A text box's lines are strings by construction: only the line counts can be wrong, so the typed
            # checks of corpus_from_streams (a tenth of a second on 5,000 lines) have nothing to find.
            return hyps, _segment_major(tuple(r for r in self.references if r != ""), streams)
        try:
            return corpus_from_streams(hyps, streams, names)  # raises the command line's message
        except BleuInputError as exc:
            if not second:
                raise
            raise BleuInputError(_of_candidate_2(exc)) from None


def _of_candidate_2(exc: BleuInputError) -> str:
    """A refusal of candidate 2's text, naming candidate 2 where it named the hypothesis."""
    message = exc.args[0] if exc.args else str(exc)
    if isinstance(message, Message) and "what" in message.values:
        message = say(message.key, **{**message.values, "what": say("errors.candidate-2-what")})
    elif not isinstance(message, Message):
        message = str(exc).replace("the hypothesis", "candidate 2")
    return say("errors.candidate-2", message=message)


#: The last references turned segment-major, by their boxes' texts: while a candidate is typed, the references
#: stay the same list, which the live page's kept corpus then sees unchanged at a glance.
_LAST_REFERENCES: dict[tuple[str, ...], list[list[str]]] = {}


def _segment_major(texts: tuple[str, ...], streams: list[list[str]]) -> list[list[str]]:
    from ...engine.validation import from_streams

    if texts not in _LAST_REFERENCES:
        _LAST_REFERENCES.clear()
        _LAST_REFERENCES[texts] = from_streams(streams)
    return _LAST_REFERENCES[texts]


#: Each box's last text and its segments: a keystroke in the candidate reads the reference boxes again only if
#: they changed (the page's worker hands over the very same text then).
_LAST_LINES: dict[str, tuple[str, list[str]]] = {}


def _box_segments(text: str, where: str) -> list[str]:
    last = _LAST_LINES.get(where)
    if last is None or last[0] != text:
        last = _LAST_LINES[where] = (text, box_lines(text, where))
    return last[1]


def box_lines(text: str, where: str = "the text box") -> list[str]:
    """A text box's segments, read as the command line reads a file (:mod:`bleu_explain.data.reading`): one a
    line, split at ``\\n`` only, a ``\\r`` before it dropped; a final newline ends the last segment rather than
    starting an empty one; a NUL or control character refused with its box (``where``) and line. An empty box
    is one empty segment (an empty candidate is a candidate).

    >>> box_lines("a b\\r\\nc\\n"), box_lines(""), box_lines("x\\u2028y")
    (['a b', 'c'], [''], ['x\\u2028y'])
    >>> box_lines("a\\nb\\x00", "reference 1")
    Traceback (most recent call last):
    ...
    bleu_explain.engine.errors.BleuInputError: reference 1, line 2: a NUL character (U+0000), which no text holds: is it a binary file, or UTF-16/UTF-32 saved without a byte-order mark?
    """
    check_characters(text, where)
    return split_lines(text, where) or [""]


def _flag(value: Optional[str], name: str) -> Optional[bool]:
    if value is None:
        return None
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise BleuInputError(say("errors.flag", name=name, got=repr(value)))


def _number(value: Optional[str], name: str, kind: type) -> Any:
    if value is None:
        return None
    try:
        return kind(value)
    except ValueError:
        raise BleuInputError(say("errors.whole-number" if kind is int else "errors.number", name=name,
                                 got=repr(value))) from None


def _segment(value: Optional[str]) -> int:
    number = _number(value, "segment", int)
    if number is None:
        return 1
    if number < 1:
        raise BleuInputError(say("errors.segment-from-1", got=repr(value)))
    return number


def _weights(value: Optional[str]) -> Optional[tuple[float, ...]]:
    if value is None:
        return None
    parts = value.replace(",", " ").split()
    try:
        return tuple(float(p) for p in parts)
    except ValueError:
        raise BleuInputError(say("errors.weights-text", got=repr(value))) from None
