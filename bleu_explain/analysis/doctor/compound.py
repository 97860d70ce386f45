"""``compound-splitting``: hyphenated compounds split as ``##AT##-##AT##`` (Moses' and tensor2tensor's scripts).

Papers on WMT14 English-German scored with multi-bleu.perl on text where "rich-text" became
"rich ##AT##-##AT## text": three tokens for one word, each an easy match. Split on one side only it ruins the
matches; split on both it inflates the score, which then cannot stand beside a sacreBLEU score. The fix scored
here joins the compounds back on every side.
"""

from __future__ import annotations

import re
from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence
from .words import and_joined, comma_list, plural

MARK = "##AT##"
_SPLIT = re.compile(r" ?##AT##-##AT## ?")


def join(line: str) -> str:
    """The compounds joined again.

    >>> join("ein rich ##AT##-##AT## text Format")
    'ein rich-text Format'
    """
    return _SPLIT.sub("-", line)


def check(corpus: Corpus) -> Optional[Detection]:
    sides = {name: [i for i, line in enumerate(lines) if MARK in line] for name, lines in corpus.sides()}
    split = [name for name, hits in sides.items() if hits]
    if not split:
        return None
    hits = next(hits for hits in sides.values() if hits)
    lines = dict(corpus.sides())[split[0]]
    both = "the hypothesis" in split and len(split) > 1
    return Detection(
        code="compound-splitting", severity="warning" if both else "error",
        title=say(f"doctor.compound.title.{'both' if both else 'one-side'}", sides=and_joined(split)),
        evidence=Evidence(summary=say("doctor.compound.summary", mark=MARK, counts=comma_list(
                              [say("doctor.compound.count", lines=plural(len(h), "line"), side=name)
                               for name, h in sides.items() if h])),
                          count=sum(len(h) for h in sides.values()), lines=first(hits),
                          examples=tuple(shorten(lines[i]) for i in hits[:1])),
        fix=say("doctor.compound.fix"),
        repaired=corpus.mapped(join, join),
    )
