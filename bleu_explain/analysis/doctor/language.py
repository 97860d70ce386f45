"""``wrong-language`` and ``copied-source``: output that is not in the references' language, or is the source itself.

Nothing is downloaded and no model is bundled: the references say what their language looks like.

* **Script.** Each line's letters are counted by script (Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari,
  Thai, Hangul, kana, Han ideographs); a line is Japanese when a tenth of its letters are kana, Korean when
  Hangul, Chinese when Han without kana, else its most frequent script. Russian output against Czech references
  (Cyrillic against Latin), Chinese against English, are told apart here.
* **The references' own common words.** In a script written with spaces, the hundred most frequent words of
  the references are mostly its function words ("the", "of", "and"; "de", "la", "et"). A line of five words or
  more of which fewer than a tenth are among them is not in the references' language (German given for
  English, the source copied): a translation shares them as its reference does. Measured on the WMT21 systems
  of six language pairs: at most 3% of a clean system's lines fall below, and as many of the references' own.

A hypothesis is flagged when at least :data:`MIN_SHARE` of its lines (and :data:`MIN_LINES`) are, and three
times the share of the references' own lines that the same test flags. With ``source`` (the file translated),
hypothesis lines identical to a source line that no reference has are ``copied-source``: left untranslated.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Optional, Sequence

from ...messages import say
from .corpus import Detection, first, shorten
from .findings import Evidence
from .words import plural, quoted, script_name

#: (script, first code point, last code point): the letters each script is counted by.
SCRIPT_RANGES = (
    ("Latin", 0x0041, 0x024F), ("Latin", 0x1E00, 0x1EFF), ("Greek", 0x0370, 0x03FF), ("Cyrillic", 0x0400, 0x052F),
    ("Armenian", 0x0530, 0x058F), ("Hebrew", 0x0590, 0x05FF), ("Arabic", 0x0600, 0x06FF), ("Arabic", 0x0750, 0x077F),
    ("Devanagari", 0x0900, 0x097F), ("Bengali", 0x0980, 0x09FF), ("Thai", 0x0E00, 0x0E7F), ("Georgian", 0x10A0, 0x10FF),
    ("Hangul", 0x1100, 0x11FF), ("kana", 0x3040, 0x30FF), ("Hangul", 0x3130, 0x318F), ("Han", 0x3400, 0x4DBF),
    ("Han", 0x4E00, 0x9FFF), ("Hangul", 0xAC00, 0xD7AF), ("Han", 0xF900, 0xFAFF),
)
#: Writing systems whose words the common-word test cannot read: no spaces between words (Japanese, Chinese,
#: Thai), or words that carry their particles (Korean): for them the script alone decides.
SCRIPT_ONLY = ("Japanese", "Chinese", "Thai", "Korean")
#: A line is judged when it has this many letters (script) or words (common words).
MIN_LETTERS = 4
MIN_WORDS = 5
#: The references' common words: this many of their most frequent words ...
COMMON_WORDS = 100
#: ... of which a line in their language has at least this share.
MIN_COVERAGE = 0.1
#: A hypothesis is flagged when this share of its judged lines is (and at least MIN_LINES, and RATIO times the
#: share of the references' own lines).
MIN_SHARE = 0.05
MIN_LINES = 3
RATIO = 3.0
#: Past this share the whole output is in another language: an error, not a warning.
WHOLE = 0.5

_LETTERS = re.compile(r"[^\W\d_]+")


def script_of(ch: str) -> Optional[str]:
    code = ord(ch)
    for name, low, high in SCRIPT_RANGES:
        if low <= code <= high:
            return name
    return None


def writing_system(line: str) -> Optional[str]:
    """The writing system of a line: Japanese, Korean, Chinese, or its most frequent script; None for too few
    letters.

    >>> writing_system("東京は晴れです"), writing_system("北京今天天气很好"), writing_system("Praha je hezká")
    ('Japanese', 'Chinese', 'Latin')
    >>> writing_system("Москва"), writing_system("서울은 맑습니다"), writing_system("2021")
    ('Cyrillic', 'Korean', None)
    """
    counts = Counter(s for ch in line if ch.isalpha() and (s := script_of(ch)) is not None)
    letters = sum(counts.values())
    if letters < MIN_LETTERS and not (counts["Han"] + counts["kana"] + counts["Hangul"] >= 2):
        return None
    if counts["kana"] >= 0.1 * letters:
        return "Japanese"
    if counts["Hangul"] >= 0.3 * letters:
        return "Korean"
    if counts["Han"] >= 0.3 * letters:
        return "Chinese"
    return counts.most_common(1)[0][0]


def words(line: str) -> list[str]:
    return [w.lower() for w in _LETTERS.findall(line)]


@dataclass(frozen=True)
class Profile:
    """What the references' language looks like: their writing system and, written with spaces, their common
    words."""

    system: Optional[str]
    common: frozenset[str]

    @classmethod
    def of(cls, references: Sequence[str]) -> "Profile":
        systems = Counter(s for line in references if (s := writing_system(line)) is not None)
        system = systems.most_common(1)[0][0] if systems else None
        common: frozenset[str] = frozenset()
        if system is not None and system not in SCRIPT_ONLY:
            counts = Counter(w for line in references for w in words(line))
            common = frozenset(w for w, _ in counts.most_common(COMMON_WORDS))
        return cls(system=system, common=common)

    def foreign(self, line: str) -> Optional[bool]:
        """Whether a line is not in this language (None: too short to judge)."""
        system = writing_system(line)
        if system is None or self.system is None:
            return None
        if system != self.system:
            return True
        if not self.common:
            return False
        found = words(line)
        if len(found) < MIN_WORDS:
            return None
        return sum(w in self.common for w in found) < MIN_COVERAGE * len(found)


@dataclass(frozen=True)
class Judged:
    """How many lines were judged, and which were foreign."""

    judged: int
    foreign: tuple[int, ...]

    @classmethod
    def of(cls, profile: Profile, lines: Sequence[str]) -> "Judged":
        verdicts = [profile.foreign(line) for line in lines]
        return cls(judged=sum(v is not None for v in verdicts), foreign=tuple(i for i, v in enumerate(verdicts) if v))

    @property
    def share(self) -> float:
        return len(self.foreign) / self.judged if self.judged else 0.0


def check(hypotheses: Sequence[str], references: Sequence[str], source: Optional[Sequence[str]] = None
          ) -> list[Detection]:
    """``wrong-language`` and, with the source, ``copied-source``: (at most) one detection each."""
    profile = Profile.of(references)
    hyp, ref = Judged.of(profile, hypotheses), Judged.of(profile, references)
    wrong = hyp.share >= max(MIN_SHARE, RATIO * ref.share) and len(hyp.foreign) >= MIN_LINES
    copied = copied_source(hypotheses, references, source) if source is not None else []
    found = []
    if copied:
        found.append(_copied(hypotheses, copied, hyp.judged or len(hypotheses)))
    if wrong and len(set(hyp.foreign) - set(copied)) > 0.2 * len(hyp.foreign):
        found.append(_wrong(hypotheses, references, profile, hyp))
    return found


def copied_source(hypotheses: Sequence[str], references: Sequence[str], source: Sequence[str]) -> list[int]:
    """The hypothesis lines identical to a source line (white space aside) that no reference line is: at least
    three words or ten characters, so that a name or a number alone is not counted."""
    def norm(line: str) -> str:
        return " ".join(line.split())

    sources = {norm(s) for s in source}
    refs = {norm(r) for r in references}
    hits = [i for i, h in enumerate(hypotheses)
            if (n := norm(h)) in sources and n not in refs and (len(n.split()) >= 3 or len(n) >= 10)]
    return hits if len(hits) >= max(2, 0.02 * len(hypotheses)) else []


def _copied(hypotheses: Sequence[str], copied: list[int], judged: int) -> Detection:
    whole = len(copied) >= WHOLE * len(hypotheses)
    return Detection(
        code="copied-source", severity="error" if whole else "warning",
        title=say("doctor.language.copied-title", lines=plural(len(copied), "line")),
        evidence=Evidence(summary=say("doctor.language.copied-summary", copied=len(copied), lines=len(hypotheses)),
                          count=len(copied), lines=first(copied),
                          examples=tuple(shorten(hypotheses[i]) for i in copied[:1])),
        fix=say("doctor.language.copied-fix"),
        note=say("doctor.language.copied-note"),
    )


def _wrong(hypotheses: Sequence[str], references: Sequence[str], profile: Profile, judged: Judged) -> Detection:
    whole = judged.share >= WHOLE
    foreign = [hypotheses[i] for i in judged.foreign]
    systems = Counter(s for line in foreign if (s := writing_system(line)) is not None)
    other = systems.most_common(1)[0][0]
    if other != profile.system:
        summary = say("doctor.language.script-summary", foreign=len(foreign), judged=judged.judged,
                      other=script_name(other), system=script_name(profile.system))
    else:
        theirs = [w for w, _ in Counter(w for line in foreign for w in words(line)).most_common(3)]
        ours = [w for w, _ in Counter(w for line in references for w in words(line)).most_common(3)]
        summary = say("doctor.language.words-summary", foreign=len(foreign), judged=judged.judged,
                      theirs=quoted(theirs), ours=quoted(ours))
    title = say("doctor.language.wrong-title") if whole else \
        say("doctor.language.wrong-title-lines", lines=plural(len(foreign), "hypothesis line"))
    return Detection(
        code="wrong-language", severity="error" if whole else "warning",
        title=title,
        evidence=Evidence(summary=summary, count=len(foreign), lines=first(list(judged.foreign)),
                          examples=tuple(shorten(line) for line in foreign[:1])),
        fix=say("doctor.language.wrong-fix"),
        note=say("doctor.language.wrong-note"),
    )
