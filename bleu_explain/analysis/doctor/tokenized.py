"""``tokenized-input``: a side already tokenized (" .", " ,", " n't", Moses' "&quot;"), then tokenized again.

A tokenized line has punctuation standing alone between spaces where running
text attaches it to a word. The fix scored here undoes the usual marks (a
small detokenizer for the evidence, not Moses') on the tokenized side(s).
"""

from __future__ import annotations

import html
import re
from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence
from .words import and_joined, joined

#: Marks of tokenized text: punctuation split off the word before it, English clitics split, Moses' escapes.
MARKS = re.compile(r"\w [.,;:!?%)\]](?= |$)|[(\[] \w| n't\b| '(?:s|re|ve|ll|d|m)\b|&(?:quot|apos|amp|lt|gt|#124);"
                   r"| @-@ ")
#: A side is tokenized when this share of its lines carry a mark (running text has almost none).
SHARE = 0.3

_UNSPACE_BEFORE = re.compile(r" ([.,;:!?%)\]}]|n't\b|'(?:s|re|ve|ll|d|m)\b)")
_UNSPACE_AFTER = re.compile(r"([(\[{]) ")


def detokenize(line: str) -> str:
    """Undo the common marks of tokenization: enough to score the untokenized text, not a full detokenizer.

    >>> detokenize("He said : &quot; it is n't ( really ) 5 % . &quot;")
    'He said: " it isn\\'t (really) 5%. "'
    """
    text = line.replace(" @-@ ", "-").replace("&#124;", "|")
    text = html.unescape(text) if "&" in text else text
    text = _UNSPACE_BEFORE.sub(r"\1", text)
    return _UNSPACE_AFTER.sub(r"\1", text)


def marked(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if MARKS.search(line)]


def check(corpus: Corpus) -> Optional[Detection]:
    found = {}
    for name, lines in corpus.sides():
        hits = marked(lines)
        if lines and len(hits) >= max(2, SHARE * len(lines)):
            found[name] = hits
    if not found:
        return None
    hyp_tokenized = "the hypothesis" in found
    refs_tokenized = len(found) - hyp_tokenized > 0
    names = and_joined(list(found))
    summary = joined(*(say("doctor.tokenized.summary", hits=len(hits), lines=len(corpus.hypotheses), side=name)
                       for name, hits in found.items()))
    sample_side, hits = next(iter(found.items()))
    lines = dict(corpus.sides())[sample_side]
    again = say("doctor.tokenized.again", tokenize=corpus.config.tokenize) if corpus.config.tokenize != "none" \
        else say("doctor.tokenized.as-tokens")
    return Detection(
        code="tokenized-input", severity="warning",
        title=say(f"doctor.tokenized.title.{'one' if len(found) == 1 else 'other'}", sides=names, again=again),
        evidence=Evidence(summary=summary, count=sum(len(h) for h in found.values()), lines=first(hits),
                          examples=tuple(shorten(lines[i]) for i in hits[:2])),
        fix=say("doctor.tokenized.fix"),
        repaired=corpus.mapped(detokenize if hyp_tokenized else None, detokenize if refs_tokenized else None),
        note=say("doctor.tokenized.note"),
    )
