"""``cjk-tokenizer``: Chinese, Japanese, Korean or Thai scored with a tokenizer that does not split it.

13a, intl and none split on spaces; Chinese, Japanese and Thai write none between words, so a whole clause
becomes one token and almost nothing matches: an error. Korean writes spaces between its words (each with its
particles attached), so 13a gives word-level tokens and a lower but meaningful score: information, with
sacreBLEU's own choice for Korean, ``ko-mecab``, named. sacreBLEU's answer is a tokenizer per language
(``-tok zh``, ``ja-mecab``, ``ko-mecab``; for Thai, ``char`` or ``flores200``).
"""

from __future__ import annotations

import re
from typing import Optional

from ...messages import say
from .corpus import Corpus, Detection, first, shorten, with_settings
from .findings import Evidence
from .words import script_name

SCRIPTS = {
    "Japanese": (re.compile(r"[\u3040-\u30ff]"), "ja-mecab"),
    "Korean": (re.compile(r"[\uac00-\ud7af\u1100-\u11ff]"), "ko-mecab"),
    "Thai": (re.compile(r"[\u0e00-\u0e7f]"), "char"),
    "Chinese": (re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"), "zh"),
}
#: sacreBLEU's -l target codes that pick the tokenizer by themselves.
LANGUAGE = {"Chinese": "zh", "Japanese": "ja", "Korean": "ko"}
#: Tokenizers that split on spaces and punctuation only.
UNSPLIT = ("13a", "intl", "none", "paper")
#: The references are in one of these scripts when this share of their letters are.
SHARE = 0.3
#: The scripts among them that write spaces between words.
SPACED = ("Korean",)


def script_of(lines: list[str]) -> Optional[str]:
    """The CJK or Thai script of these lines, or None (kana before Han: Japanese mixes both)."""
    text = "".join(lines)
    letters = sum(ch.isalpha() for ch in text)
    if not letters:
        return None
    for script, (pattern, _) in SCRIPTS.items():
        if len(pattern.findall(text)) >= (SHARE if script != "Japanese" else SHARE / 3) * letters:
            return script
    return None


def check(corpus: Corpus) -> Optional[Detection]:
    if corpus.config.tokenize not in UNSPLIT:
        return None
    refs = corpus.reference_lines()
    script = script_of(refs)
    if script is None:
        return None
    pattern, tokenizer = SCRIPTS[script]
    hits = [i for i, refs_i in enumerate(corpus.references) if any(pattern.search(r) for r in refs_i)]
    repaired, note = with_settings(corpus, tokenize=tokenizer)
    spaced = script in SPACED
    return Detection(
        code="cjk-tokenizer", severity="info" if spaced else "error",
        title=say(f"doctor.cjk.title.{'spaced' if spaced else 'unspaced'}", script=script_name(script),
                  tokenize=repr(corpus.config.tokenize), tokenizer=repr(tokenizer)),
        evidence=Evidence(summary=say("doctor.cjk.summary", hits=len(hits), segments=len(corpus.references),
                                      script=script_name(script)),
                          count=len(hits), lines=first(hits),
                          examples=tuple(shorten(corpus.references[i][0], 60) for i in hits[:1])),
        fix=say("doctor.cjk.fix-picked", tokenizer=tokenizer, language=LANGUAGE[script]) if script in LANGUAGE else
        say("doctor.cjk.fix", tokenizer=tokenizer),
        repaired=repaired, note=note or (say("doctor.cjk.note") if spaced else ""),
    )
