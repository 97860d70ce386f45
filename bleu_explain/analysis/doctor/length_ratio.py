"""``length-ratio``: output much shorter or much longer than the references.

Short output loses twice: fewer n-grams can match, and the brevity penalty multiplies what is left by
exp(1 - r/c). The finding says the penalty's share of the loss (the score with the penalty and without it, from
the engine's own numbers). Output cut at a fixed number of words (a decoder's length limit) is named when many
lines stop at the same longest length. Long output is not penalized by BLEU's length rule, but its extra words
lower every precision. Nothing can be repaired from the files (the missing words are not in them), so there is
no score without: the note says what the penalty costs.
"""

from __future__ import annotations

from typing import Optional

from ...engine.errors import BleuComputationError, BleuInputError
from ...messages import say
from .corpus import Corpus, Detection
from .findings import Evidence
from .words import joined

#: The hypothesis is named when its length is below SHORT or above LONG times the references' (the length the
#: settings' rule takes). WMT21's systems in six language pairs lie between 0.87 and 1.13.
SHORT = 0.8
LONG = 1.25
#: Lines that stop at their file's longest length are a cut when they are this share of the lines.
CUT_SHARE = 0.2


def check(corpus: Corpus) -> Optional[Detection]:
    try:
        breakdown = corpus.counted.score(corpus.config)
    except (BleuComputationError, BleuInputError, ZeroDivisionError):  # no length to judge
        return None
    if not breakdown.ref_len or not breakdown.hyp_len:
        return None
    ratio = breakdown.hyp_len / breakdown.ref_len
    if SHORT <= ratio <= LONG:
        return None
    short = ratio < SHORT
    lengths = [len(h.split()) for h in corpus.hypotheses]
    longest = max(lengths)
    cut = sum(n == longest for n in lengths)
    cut_words = (say("doctor.length.cut", cut=cut, lines=len(lengths), longest=longest)
                 if short and cut >= CUT_SHARE * len(lengths) and longest > 1 else "")
    bp = breakdown.brevity_penalty
    if short and bp > 0:
        note = say("doctor.length.penalty", bp=bp, unpenalized=100 * breakdown.bleu / bp, score=100 * breakdown.bleu,
                   cost=100 * breakdown.bleu / bp - 100 * breakdown.bleu)
    else:
        note = say("doctor.length.long-note")
    return Detection(
        code="length-ratio", severity="warning",
        title=say(f"doctor.length.title.{'short' if short else 'long'}", ratio=ratio),
        evidence=Evidence(summary=joined(say("doctor.length.summary", hyp=breakdown.hyp_len, ref=breakdown.ref_len),
                                         cut_words), count=breakdown.hyp_len),
        fix=say(f"doctor.length.fix.{'short' if short else 'long'}"),
        note=note,
    )

