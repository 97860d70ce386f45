"""``special-tokens``: a model's vocabulary markers left in the output: ``<unk>``, ``</s>``, ``<pad>``, ``[SEP]``.

A decoder's markers are not words of the translation: each one left in is a token that matches nothing (and,
for ``</s>`` on every line, a token more per segment). The references of a test set hold none. The fix scored
here removes them, as a detokenizer set up for the model would.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection, first, shorten
from .findings import Evidence
from .words import plural, quoted

#: The markers of the common toolkits (fairseq, Marian, OpenNMT, Hugging Face tokenizers, GPT-style models), and
#: target-language tags such as <2de>.
MARKERS = re.compile(r"</?s>|<(?:unk|pad|mask|eos|bos|sep|cls|blank|null)>|\[(?:UNK|PAD|SEP|CLS|MASK|BOS|EOS)\]"
                     r"|<\|(?:endoftext|im_start|im_end|eot_id|begin_of_text|end_of_text|pad)\|>|<2[a-z]{2,3}>"
                     r"|<(?:extra_id|unused)_?\d+>", re.IGNORECASE)
#: Past this share of the lines, an error: the score is wrong for every segment.
ERROR_SHARE = 0.1
#: Below this share of the lines, information only: a real WMT21 zh-en system leaves one ``<unk>`` in 1,948
#: lines, which moves its score by less than 0.01 BLEU.
WARNING_SHARE = 0.01


def strip_markers(line: str) -> str:
    """The line without its markers (and the white space they leave).

    >>> strip_markers("Das ist <unk> gut . </s>")
    'Das ist gut .'
    """
    return " ".join(MARKERS.sub(" ", line).split())


def check(corpus: Corpus) -> Optional[Detection]:
    hits = [i for i, h in enumerate(corpus.hypotheses) if MARKERS.search(h)]
    if not hits or any(MARKERS.search(r) for r in corpus.reference_lines()):
        return None
    kinds = Counter(m.group(0) for i in hits for m in MARKERS.finditer(corpus.hypotheses[i]))
    share = len(hits) / len(corpus.hypotheses)
    severity = "error" if share >= ERROR_SHARE else "warning" if share >= WARNING_SHARE else "info"
    return Detection(
        code="special-tokens", severity=severity,
        title=say("doctor.special-tokens.title", markers=quoted([k for k, _ in kinds.most_common(3)]),
                  lines=plural(len(hits), "hypothesis line")),
        evidence=Evidence(summary=say("doctor.special-tokens.summary", markers=plural(sum(kinds.values()), "marker")),
                          count=len(hits),
                          lines=first(hits), examples=tuple(shorten(corpus.hypotheses[i]) for i in hits[:1])),
        fix=say("doctor.special-tokens.fix"),
        repaired=corpus.mapped(strip_markers),
    )
