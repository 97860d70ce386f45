"""The mistakes people make when they compute BLEU, replayed with each tool's own semantics.

A reported number often comes from a tool used the wrong way. Each :class:`Replay` here gives the corpus to the
tool as the mistake gives it (what the tool then sees), and the search scores it under the tool's preset, so
that the number the real tool printed can be matched and the mistake named. Each replay is checked against the
real tool in the tests (sacreBLEU and NLTK run there).

* NLTK's ``corpus_bleu`` given strings instead of token lists: a string is a sequence of characters, so NLTK
  counts characters, spaces included (every white-space character becomes a token of its own here, spelled as
  a private-use character so that nothing splits it).
* NLTK's ``corpus_bleu`` given the references un-nested, ``[ref.split() for ref in refs]`` instead of
  ``[[ref.split()] for ref in refs]``: each word becomes one reference, read as its characters.
* sacreBLEU's ``corpus_bleu(hyps, refs)`` with one reference list un-nested, instead of ``[refs]``: sacreBLEU
  zips the reference strings, so segment k is scored against the k-th character of every reference line, and
  only as many segments as the shortest reference line has characters are scored.
* multi-bleu.perl on compound-split text, as tensor2tensor's ``get_ende_bleu.sh`` ran it: Perl's
  ``s{(\\S)-(\\S)}{$1 ##AT##-##AT## $2}g`` on both sides, then multi-bleu on the (already tokenized) files.

Other mistakes need no change of input and are read off the match itself (:func:`sentence_for`): BLEU-1, -2 or
-3 reported as BLEU (NLTK's weights, sacreBLEU's ``max_ngram_order``, torchmetrics' ``n_gram``, evaluate's
``max_order``), a score on the other scale than the tool prints, sacreBLEU's ``char`` tokenizer on text with
spaces, and torchmetrics' choice of the first listed reference when two are equally close in length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from ...engine.config import BleuConfig
from ...messages import say
from .words import joined

Texts = tuple[list[str], list[list[str]]]

#: White space as NLTK sees it in a string: a character like any other. Each becomes this private-use
#: character plus its code point, so that it is a token and no tokenizer splits on it.
_SPACE_BASE = 0xF0000
_SPLITS = "\x1c\x1d\x1e\x1f"  # str.split() splits on these too


def spelled(line: str) -> str:
    """A string as NLTK iterates it: every character a token, white space kept (as a private-use character).

    >>> spelled("a b").split()
    ['a', '\\U000f0020', 'b']
    """
    return " ".join(chr(_SPACE_BASE + ord(ch)) if ch.isspace() or ch in _SPLITS else ch for ch in line)


def nltk_strings(hyps: list[str], refs: list[list[str]]) -> Optional[Texts]:
    return [spelled(h) for h in hyps], [[spelled(r) for r in rs] for rs in refs]


def nltk_unnested(stream: int) -> Callable[[list[str], list[list[str]]], Optional[Texts]]:
    """``corpus_bleu([r.split() for r in refs], [h.split() for h in hyps])`` with reference ``stream``."""
    def given(hyps: list[str], refs: list[list[str]]) -> Optional[Texts]:
        words = [rs[stream].split() for rs in refs]
        if any(not w for w in words):
            return None  # NLTK fails (the closest length of no reference)
        # a word given twice is the same reference twice: NLTK's clipping (the largest count in any one reference)
        # and its closest length are the same without the repeat, which costs the count
        return list(hyps), [[spelled(w) for w in dict.fromkeys(ws)] for ws in words]
    return given


def sacrebleu_unnested(stream: int) -> Callable[[list[str], list[list[str]]], Optional[Texts]]:
    """``sacrebleu.corpus_bleu(hyps, refs)`` with reference ``stream`` not wrapped in a list."""
    def given(hyps: list[str], refs: list[list[str]]) -> Optional[Texts]:
        lines = [rs[stream] for rs in refs]
        scored = min(len(hyps), min(len(line) for line in lines))
        if scored == 0:
            return None  # nothing is scored: sacreBLEU fails
        # each segment's references are single characters, most of them repeated: sacreBLEU's clipping (the largest
        # count in any one reference) and closest length are the same with each character once
        return list(hyps[:scored]), [list(dict.fromkeys(line[k] for line in lines)) for k in range(scored)]
    return given


_COMPOUND = re.compile(r"(\S)-(\S)")


def compound_split(line: str) -> str:
    """tensor2tensor's ``perl -ple 's{(\\S)-(\\S)}{$1 ##AT##-##AT## $2}g'`` (the same output as Perl's, checked:
    a match consumes the letter after the hyphen, and the next match starts after it, as in Perl).

    >>> compound_split("a rich-text well-known-name")
    'a rich ##AT##-##AT## text well ##AT##-##AT## known ##AT##-##AT## name'
    """
    return _COMPOUND.sub(r"\1 ##AT##-##AT## \2", line)


def atat(hyps: list[str], refs: list[list[str]]) -> Optional[Texts]:
    if any("##AT##" in h for h in hyps) or not any(_COMPOUND.search(h) for h in hyps):
        return None  # split already (the files as given are searched), or nothing to split
    return [compound_split(h) for h in hyps], [[compound_split(r) for r in rs] for rs in refs]


@dataclass(frozen=True)
class Replay:
    """A mistake: the tool (its preset), what it was given, and the mistake in one sentence."""

    name: str
    preset: str
    sentence: str
    given: Callable[[list[str], list[list[str]]], Optional[Texts]]
    settings: tuple[dict[str, Any], ...] = ({},)


def replays(n_streams: int) -> list[Replay]:
    """Every replay for a corpus with this many references per segment."""
    out = [Replay("nltk-strings", "nltk",
                  say("doctor.mistake.nltk-strings"), nltk_strings,
                  ({}, {"smooth": "method1"}, {"smooth": "method2"}, {"smooth": "method3"}, {"smooth": "method4"},
                   {"smooth": "method7"}))]
    for k in range(n_streams):
        which = "one" if n_streams == 1 else "several"
        out.append(Replay(f"nltk-unnested-{k + 1}", "nltk",
                          say(f"doctor.mistake.nltk-unnested.{which}", number=k + 1),
                          nltk_unnested(k)))
        out.append(Replay(f"sacrebleu-unnested-{k + 1}", "sacrebleu",
                          say(f"doctor.mistake.sacrebleu-unnested.{which}", number=k + 1),
                          sacrebleu_unnested(k)))
    out.append(Replay("multi-bleu-atat", "multi-bleu",
                      say("doctor.mistake.multi-bleu-atat"), atat, ({}, {"lowercase": True})))
    return out


#: The scale each tool prints its score on (sacreBLEU and multi-bleu 0-100; the others 0-1).
PRINTED_SCALE = {"sacrebleu": 100.0, "multi-bleu": 100.0}
#: How each tool is told to stop at a lower order.
ORDER_OPTION = {"sacrebleu": "BLEU(max_ngram_order={n})", "nltk": "weights of length {n}",
                "nltk-3.2": "weights of length {n}", "hf-evaluate": "max_order={n}", "torchmetrics": "n_gram={n}"}


def sentence_for(config: BleuConfig, scale: float, spaced: bool) -> str:
    """The mistakes a match shows by its settings and the scale it was printed on (empty: none)."""
    parts = []
    if config.max_order < 4 and config.preset in ORDER_OPTION:
        option = ORDER_OPTION[config.preset].format(n=config.max_order)
        if config.preset.startswith("nltk"):  # a sentence, not code: said in the reader's language
            option = say("doctor.mistake.nltk-weights", n=config.max_order)
        parts.append(say("doctor.mistake.lower-order", order=config.max_order, option=option))
    own = PRINTED_SCALE.get(config.preset, 1.0)
    if scale != own:
        parts.append(say(f"doctor.mistake.scale{'-read' if scale == 1.0 else ''}", scale=f"{scale:g}",
                         preset=config.preset, own=f"{own:g}"))
    if config.tokenize == "char" and spaced:
        parts.append(say("doctor.mistake.char"))
    return joined(*parts)


def first_listed(score: float, closest: Optional[float]) -> str:
    """torchmetrics' tie rule in words, when it changed the score (``closest``: the score with the shorter
    reference taken on ties, as sacreBLEU takes it)."""
    if closest is None or abs(closest - score) < 1e-9:
        return ""
    return say("doctor.mistake.first-listed", score=score, closest=closest)


def spaced_text(lines: Sequence[str]) -> bool:
    """Whether most lines have spaces between words."""
    return sum(" " in line.strip() for line in lines) >= 0.5 * max(1, len(lines))
