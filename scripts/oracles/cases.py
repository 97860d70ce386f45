"""The cases every recorder runs: generated ones (stored in full) and the WMT21 test sets (stored by reference).

Generated cases come from fixed seeds, so recording again makes the same cases. They mix a small vocabulary
(shared n-grams), punctuation, digits, accents, CJK, HTML entities and emoji, white space the tools split
differently (tabs, double spaces, a hyphen before a line break), and the edge cases: an empty hypothesis or
reference, every hypothesis or every reference empty, one word, 1-4 references (a different number per
segment too), ties between the closest references and corpora of 40-80 segments.
"""

from __future__ import annotations

import random
from pathlib import Path

from .sources import read_source, wmt21_source

SEED = 2027
WORDS = [
    "the", "The", "cat", "sat", "on", "mat", "a", "A", "ship", "it", "is", "of", "party",
    ".", ",", "!", "?", "'s", "don't", "U.S.", "3.5", "1,000", "-", "(", ")", "e-mail",
    "café", "naïve", "Über", "Straße", "ÉCOLE", "İstanbul",
    "猫", "在", "垫子", "上", "。", "，", "我们", "中国",
    "&amp;", "&quot;", "&lt;b&gt;", "<skipped>",
    "😀", "👍🏽", "€5", "—",
]
GLUES = [" ", " ", " ", " ", "", "  ", "\t"]

#: The WMT21 pairs: their reference files and the hypothesis files' folder and suffix.
WMT21 = {
    "en-de": (["en-de/ref.A.de", "en-de/ref.C.de", "en-de/ref.D.de"], "en-de/sys/", ".de", 1002),
    "zh-en": (["zh-en/ref.A.en"], "zh-en/sys/", ".en", 1948),
}
#: Every ``SENTENCE_STEP``-th line of the first system of each pair is also a one-sentence case.
SENTENCE_STEP = 20


def _sentence(rng: random.Random, max_words: int = 14) -> str:
    text = rng.choice(GLUES).join(rng.choice(WORDS) for _ in range(rng.randint(0, max_words)))
    if rng.random() < 0.03:
        text = text.replace("-", "-\n", 1)  # evaluate's 13a copy joins "-\n" first
    if rng.random() < 0.05:
        text = f" {text} "
    return text


def _corpus(rng: random.Random, segments: int, max_refs: int, fixed_refs: bool) -> tuple[list, list]:
    k = rng.randint(1, max_refs)
    hyps, refs = [], []
    for _ in range(segments):
        hyps.append(_sentence(rng))
        refs.append([_sentence(rng) for _ in range(k if fixed_refs else rng.randint(1, max_refs))])
    return hyps, refs


def _sharing(rng: random.Random, segments: int) -> tuple[list, list]:
    """Hypotheses that are edited copies of a reference, so that high orders match too."""
    hyps, refs = [], []
    for _ in range(segments):
        seg_refs = [_sentence(rng, 20) for _ in range(rng.randint(1, 4))]
        words = seg_refs[0].split()
        for _ in range(rng.randint(0, 3)):
            if words and rng.random() < 0.5:
                words.pop(rng.randrange(len(words)))
            else:
                words.insert(rng.randint(0, len(words)), rng.choice(WORDS))
        hyps.append(" ".join(words))
        refs.append(seg_refs)
    return hyps, refs


EDGE_CASES: dict[str, tuple[list, list]] = {
    "every-hypothesis-empty": (["", ""], [["the cat"], ["a dog"]]),
    "every-reference-empty": (["the cat", "a dog"], [[""], [""]]),
    "everything-empty": ([""], [[""]]),
    "one-empty-hypothesis": (["", "the cat sat on the mat"], [["a b"], ["the cat sat on the mat"]]),
    "one-empty-reference": (["the cat", "the cat sat on the mat"], [[""], ["the cat sat on the mat"]]),
    "an-empty-one-of-two-references": (["the cat sat"], [["", "the cat sat on"]]),
    "white-space-only": (["  \t "], [["the cat"]]),
    "one-word-matching": (["cat"], [["cat"]]),
    "one-word-not-matching": (["cat"], [["dog"]]),
    "identical": (["the cat sat on the mat ."], [["the cat sat on the mat ."]]),
    "identical-corpus": (["the cat sat on the mat .", "it is a ship"], [["the cat sat on the mat ."], ["it is a ship"]]),
    "longer-than-every-reference": (["the cat sat on the mat and the dog sat on the log"], [["the cat sat", "the cat"]]),
    "tie-between-references": (["a b c d e f"], [["a b c d e f g", "a b c d e"]]),
    "tie-between-references-other-order": (["a b c d e f"], [["a b c d e", "a b c d e f g"]]),
    "four-references": (["the cat is on the mat"], [["there is a cat on the mat", "a cat is on the mat",
                                                     "the cat sits on the mat", "on the mat is the cat"]]),
    "documented-torchmetrics": (["the cat is on the mat"], [["there is a cat on the mat", "a cat is on the mat"]]),
    "documented-evaluate": (["hello there general kenobi", "foo bar foobar"],
                            [["hello there general kenobi", "hello there !"], ["foo bar foobar"]]),
    "documented-evaluate-docstring": (["hello there general kenobi", "foo bar foobar"],
                                      [["hello there general kenobi", "hello there!"], ["foo bar foobar"]]),
    "hyphen-line-break": (["the e-\n", "a wall-\nflower"], [["the e"], ["a wallflower"]]),
    "no-bigram-match": (["a b c d"], [["d c b a"]]),
    "no-fourgram-match": (["a b c d e"], [["a b c x d e"]]),
    "repeated-word-clipped": (["the the the the the the the"], [["the cat is on the mat"]]),
    "html-entities": (["&quot;a&quot; &amp; b &lt;c&gt;"], [["\"a\" & b <c>"]]),
    "punctuation-glued": (["Hello,world!It's 3.5-4.0 (ok)."], [["Hello , world ! It 's 3.5 - 4.0 ( ok ) ."]]),
    "cjk": (["我们在中国。", "猫在垫子上"], [["我们 在 中国 。"], ["猫 在 垫子 上"]]),
    "segments-with-one-to-four-references": (["a b c", "d e f", "g h i"],
                                             [["a b c"], ["d e", "d e f g"], ["g", "h", "i", "g h i j"]]),
}


def generated_cases() -> list[dict]:
    """The generated cases, the same on every run: the edge cases, then 1,000 from the seed."""
    cases = [{"id": f"edge-{name}", "hyps": hyps, "refs": refs} for name, (hyps, refs) in EDGE_CASES.items()]
    rng = random.Random(SEED)
    for i in range(1000):
        if i < 300:  # one sentence, 1-4 references
            hyps, refs = _corpus(rng, 1, 4, False)
        elif i < 700:  # a small corpus
            hyps, refs = _corpus(rng, rng.randint(2, 6), 4, rng.random() < 0.5)
        elif i < 940:  # hypotheses edited from a reference: every order matches sometimes
            hyps, refs = _sharing(rng, rng.randint(1, 8))
        else:  # a larger corpus
            hyps, refs = _corpus(rng, rng.randint(40, 80), 3, rng.random() < 0.5)
        cases.append({"id": f"gen-{i:04d}", "hyps": hyps, "refs": refs})
    return cases


def wmt21_cases(root: Path) -> list[dict]:
    """Every system of the WMT21 test sets as a corpus, and every 20th line of each pair's first system.

    en-de has three references (A, C and D), zh-en one. ``root`` is the data folder (``BLEU_EXPLAIN_DATA``).
    """
    cases = []
    for pair, (refs, folder, suffix, n) in WMT21.items():
        systems = sorted(p.name[:-len(suffix)] for p in (root / folder).glob(f"*{suffix}"))
        for system in systems:
            source = wmt21_source(f"{folder}{system}{suffix}", refs, (0, n))
            cases.append({"id": f"wmt21-{pair}-{system}", "source": source})
        for line in range(0, n, SENTENCE_STEP):
            source = wmt21_source(f"{folder}{systems[0]}{suffix}", refs, (line, line + 1))
            cases.append({"id": f"wmt21-{pair}-{systems[0]}-line-{line}", "source": source})
    for case in cases:
        case["hyps"], case["refs"] = read_source(case["source"], root)
    return cases


def stored(case: dict) -> dict:
    """A case as the recording keeps it: a WMT21 case without its text."""
    return {"id": case["id"], "source": case["source"]} if "source" in case else case


def check(cases: list[dict]) -> None:
    """Every case has as many reference segments as hypotheses, and a unique id."""
    assert len({c["id"] for c in cases}) == len(cases), "case ids repeat"
    for case in cases:
        assert len(case["hyps"]) == len(case["refs"]) and all(case["refs"]), case["id"]
