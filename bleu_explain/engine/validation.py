"""Checks on the texts given to bleu_explain, with messages that name the problem."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..messages.catalogue import say
from .errors import BleuInputError, OutsideToolError

if TYPE_CHECKING:  # pragma: no cover
    from .config import BleuConfig


def _kind(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def _check_text(value: Any, where: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        raise BleuInputError(f"{where} is bytes; decode it to a string first (e.g. data.decode('utf-8'))")
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        raise BleuInputError(
            f"{where} is a {_kind(value)} of tokens; pass the sentence as one string "
            f"(e.g. ' '.join(tokens)) -- bleu_explain tokenizes it itself"
        )
    raise BleuInputError(f"{where} must be a string, got {_kind(value)}")


def check_sentence(candidate: Any, references: Any) -> tuple[str, list[str]]:
    """Validate one candidate and its list of references."""
    candidate = _check_text(candidate, "candidate")
    if isinstance(references, str):
        raise BleuInputError(
            "references is a single string; give a list of reference strings, e.g. [reference]"
        )
    if not isinstance(references, Sequence) or isinstance(references, (bytes, bytearray)):
        raise BleuInputError(f"references must be a list of strings, got {_kind(references)}")
    if len(references) == 0:
        raise BleuInputError("references is empty; BLEU needs at least one reference translation")
    refs = [_check_text(r, f"references[{i}]") for i, r in enumerate(references)]
    return candidate, refs


def _check_list(value: Any, name: str, wanted: str, instead_of_a_string: str, instead_of_nothing: str) -> None:
    """Refuse anything but a non-empty list (a sequence that is not a string), saying what to give instead."""
    if isinstance(value, str):
        raise BleuInputError(f"{name} is a single string; {instead_of_a_string}")
    if not isinstance(value, Sequence):
        raise BleuInputError(f"{name} must be {wanted}, got {_kind(value)}")
    if len(value) == 0:
        raise BleuInputError(f"{name} is empty; {instead_of_nothing}")


def check_corpus(candidates: Any, references: Any) -> tuple[list[str], list[list[str]]]:
    """Validate a corpus: candidates, and for each candidate the list of its references."""
    _check_list(candidates, "candidates", "a list of strings", "give a list with one string per segment",
                "give at least one candidate segment")
    cands = [_check_text(c, f"candidates[{i}]") for i, c in enumerate(candidates)]
    each = "give, for each candidate, the list of its references"
    _check_list(references, "references", "a list (one list of references per candidate)", each, each)
    if all(isinstance(r, str) for r in references):
        raise BleuInputError(
            "references is a flat list of strings; give one LIST of references per candidate, "
            "e.g. [[ref] for ref in refs] for a single reference each"
        )
    if len(references) != len(cands):
        streams = all(isinstance(r, Sequence) and not isinstance(r, str) and len(r) == len(cands) for r in references)
        if streams:
            raise BleuInputError(
                f"references looks stream-major: {len(references)} lists of {len(cands)} segments each. "
                "bleu_explain wants one list of references per candidate (segment-major); transpose with "
                "[list(refs) for refs in zip(*references)] or use bleu_explain.from_streams(references)"
            )
        raise BleuInputError(
            f"there are {len(cands)} candidates but {len(references)} reference lists; they must match one to one "
            "(bleu_explain never truncates)"
        )
    out = []
    for i, refs in enumerate(references):
        if isinstance(refs, str):
            raise BleuInputError(
                f"references[{i}] is a string; each segment needs a LIST of its references, e.g. [[ref] for ref in refs]"
            )
        if not isinstance(refs, Sequence):
            raise BleuInputError(f"references[{i}] must be a list of strings, got {_kind(refs)}")
        if len(refs) == 0:
            raise BleuInputError(f"references[{i}] is empty; segment {i} needs at least one reference")
        out.append([_check_text(r, f"references[{i}][{j}]") for j, r in enumerate(refs)])
    return cands, out


def check_system(label: str, candidates: Any, references: Any) -> tuple[list[str], list[list[str]]]:
    """:func:`check_corpus` for one of several systems: the error names the system (``label``)."""
    try:
        return check_corpus(candidates, references)
    except BleuInputError as exc:
        raise BleuInputError(f"{label}: {exc}") from None


def from_streams(streams: Sequence[Sequence[str]]) -> list[list[str]]:
    """Turn sacreBLEU/NLTK-style reference streams (one list per translator) into segment-major lists.

    Streams of different lengths are an error, not a truncation.

    >>> from_streams([["a1", "b1"], ["a2", "b2"]])
    [['a1', 'a2'], ['b1', 'b2']]
    """
    if isinstance(streams, str) or not isinstance(streams, Sequence) or not streams:
        raise BleuInputError("streams must be a non-empty list of reference streams (lists of strings)")
    lengths = {len(s) for s in streams}
    if len(lengths) != 1:
        raise BleuInputError(f"reference streams have different lengths {sorted(lengths)}; they must all have one line per segment")
    return [list(refs) for refs in zip(*streams)]


def corpus_from_streams(
    hypotheses: Sequence[str], streams: Sequence[Sequence[str]], names: Sequence[str]
) -> tuple[list[str], list[list[str]]]:
    """Hypothesis lines and reference streams (files, or the live page's boxes) as a checked corpus.

    ``names`` name the streams in the messages, as the command line names its files. A stream with a
    different number of lines is an error, never a truncation.

    >>> corpus_from_streams(["a", "b"], [["A", "B"], ["a", "b"]], ["r1", "r2"])
    (['a', 'b'], [['A', 'a'], ['B', 'b']])
    >>> corpus_from_streams(["a", "b"], [["A"]], ["'ref.txt'"])
    Traceback (most recent call last):
    ...
    bleu_explain.engine.errors.BleuInputError: reference 'ref.txt' has 1 lines but the hypothesis has 2; they must have one line per segment
    """
    if not hypotheses:
        raise BleuInputError("the hypothesis is empty (no lines)")
    for name, stream in zip(names, streams):
        if len(stream) != len(hypotheses):
            raise BleuInputError(say("errors.lines", name=name, lines=len(stream), what=say("errors.the-hypothesis"),
                                     count=len(hypotheses)))
    return check_corpus(list(hypotheses), from_streams(streams))


def check_tool_takes(config: "BleuConfig", refs_per_segment: Sequence[int]) -> None:
    """Refuse an input whose shape the config's tool does not define, saying what the tool defines.

    d2l's ``bleu(pred_seq, label_seq, k)`` scores one candidate string against
    one reference string: a second reference or a second segment has no d2l score.

    >>> from bleu_explain.engine.presets import get_preset
    >>> check_tool_takes(get_preset("d2l"), [1])
    >>> check_tool_takes(get_preset("d2l"), [2])
    Traceback (most recent call last):
    ...
    bleu_explain.engine.errors.OutsideToolError: d2l's bleu(pred_seq, label_seq, k) defines BLEU for one candidate string and one reference string; this input has 2 references
    """
    from .config import SINGLE_PAIR_RULES

    if config.combine not in SINGLE_PAIR_RULES or list(refs_per_segment) == [1]:
        return
    if len(refs_per_segment) != 1:
        shape = say("errors.d2l-corpus", segments=len(refs_per_segment))
    else:
        shape = say("errors.d2l-references", references=refs_per_segment[0])
    raise OutsideToolError(say("errors.d2l-shape", rule=config.combine, shape=shape))
