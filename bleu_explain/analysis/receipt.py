"""A receipt for a BLEU number: everything it takes to compute it again, and a check that it comes out the same.

A receipt is one JSON document. It records each file (its role, its name, the sha256 of its lines as scored, its
number of lines, and a short digest of every line, so that a changed line can be named), the configuration in
full and its signature, the versions of bleu-explain, Python and the sacreBLEU the signature names, and every
number from the counts to the score: the matches and totals of each order, the lengths, the precisions as
combined, the brevity penalty and the score. :func:`verify` recomputes from files and a receipt and says
"reproduced", or names the first file, line or step that differs.

The lines are hashed as the command line scores them: read by :mod:`bleu_explain.data.reading` (split at
``\\n``, a ``\\r`` before it dropped), trailing white space removed as the configuration's tool removes it;
each line is hashed as UTF-8 followed by ``\\n``, so that a file with or without a final line end, and the
live page's text box, give the same digest.

>>> from bleu_explain import explain_corpus
>>> hyps, refs = ["the cat sat on the mat"], [["the cat is on the mat"]]
>>> receipt = make_receipt(explain_corpus(hyps, refs), hyps, [[r[0] for r in refs]])
>>> verify(receipt, hyps, [["the cat is on the mat"]]).reproduced
True
>>> print(verify(receipt, ["the cat sat on a mat"], [["the cat is on the mat"]]).message)
not reproduced: line 1 of the hypothesis differs from the receipt's (the file's sha256 is not the receipt's)
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import platform
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from ..engine.config import BleuConfig
from ..engine.errors import BleuInputError
from ..engine.signature import Signature, package_version, sacrebleu_version
from ..messages import say

#: The receipt's format, written in every receipt and checked by :func:`verify`.
FORMAT = "bleu-explain receipt 1"
#: Hex digits kept of each line's sha256: enough to tell a changed line (one in four billion is missed).
LINE_DIGEST = 8


def line_digest(line: str) -> str:
    return hashlib.sha256((line + "\n").encode("utf-8")).hexdigest()[:LINE_DIGEST]


@dataclass(frozen=True)
class FileRecord:
    """One file of a receipt: its role ("hypothesis", "reference 2"), its name, the sha256 of its lines, how many
    lines, and every line's short digest (concatenated)."""

    role: str
    name: str
    sha256: str
    lines: int
    line_digests: str

    @classmethod
    def of(cls, role: str, name: str, lines: Sequence[str]) -> "FileRecord":
        whole = hashlib.sha256()
        for line in lines:
            whole.update((line + "\n").encode("utf-8"))
        return cls(role=role, name=name, sha256=whole.hexdigest(), lines=len(lines),
                   line_digests="".join(line_digest(line) for line in lines))

    def digest(self, i: int) -> str:
        return self.line_digests[i * LINE_DIGEST:(i + 1) * LINE_DIGEST]

    def first_difference(self, other: "FileRecord") -> Optional[int]:
        """The first line (0-based) where two records differ; None when they are the same file."""
        if self.sha256 == other.sha256:
            return None
        for i in range(min(self.lines, other.lines)):
            if self.digest(i) != other.digest(i):
                return i
        return min(self.lines, other.lines)


def file_records(hypotheses: Sequence[str], streams: Sequence[Sequence[str]], names: Sequence[str] = ()
                 ) -> list[FileRecord]:
    """The hypothesis's and each reference file's record, named by ``names`` (the hypothesis's first)."""
    roles = ["hypothesis"] + [f"reference {k + 1}" for k in range(len(streams))]
    given = list(names) + [""] * (len(roles) - len(names))
    return [FileRecord.of(role, name or role, lines) for role, name, lines in zip(roles, given, [hypotheses, *streams])]


def config_record(config: BleuConfig) -> dict[str, Any]:
    return {f.name: (list(v) if isinstance(v := getattr(config, f.name), tuple) else v)
            for f in dataclasses.fields(config) if f.name != "description"}


def config_of(record: Mapping[str, Any]) -> BleuConfig:
    """The configuration a receipt records (checked on construction, as every configuration is)."""
    try:
        values: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v) for k, v in record.items()}
        return BleuConfig(**values)
    except TypeError as exc:
        raise BleuInputError(f"the receipt's configuration is not one bleu-explain {package_version()} knows: {exc}") \
            from None


def numbers(result: Any) -> dict[str, Any]:
    """Every number from the counts to the score of a corpus result (a :class:`~bleu_explain.results.CorpusExplanation`)."""
    b = result.breakdown
    return {"matches": list(b.matches), "totals": list(b.totals), "hypothesis_length": b.hyp_len,
            "reference_length": b.ref_len, "precisions": list(b.precisions), "brevity_penalty": b.brevity_penalty,
            "score": b.score}


def make_receipt(result: Any, hypotheses: Sequence[str], streams: Sequence[Sequence[str]],
                 names: Sequence[str] = ()) -> dict[str, Any]:
    """The receipt of ``result`` (a corpus result) computed from these lines (``streams``: the reference files'
    lines; ``names``: the files' names, the hypothesis's first)."""
    return {
        "format": FORMAT,
        "files": [dataclasses.asdict(r) for r in file_records(hypotheses, streams, names)],
        "config": config_record(result.config),
        "signature": str(result.signature),
        "versions": {"bleu-explain": package_version(), "python": platform.python_version(),
                     "sacrebleu": sacrebleu_version()},
        "numbers": numbers(result),
    }


@dataclass(frozen=True)
class Verdict:
    """What :func:`verify` found: reproduced or not, and the sentence that says so (naming what differs first)."""

    reproduced: bool
    message: str
    score: Optional[float] = None


#: The numbers compared, in the order of the steps, with what each is called.
STEPS = ("matches", "totals", "hypothesis_length", "reference_length", "precisions", "brevity_penalty", "score")


def verify(receipt: Mapping[str, Any], hypotheses: Sequence[str], streams: Sequence[Sequence[str]],
           names: Sequence[str] = ()) -> Verdict:
    """Compute the receipt's number again from these lines and say whether it comes out the same."""
    from ..api import explain_corpus_with_config
    from ..engine.validation import from_streams

    if not isinstance(receipt, Mapping) or receipt.get("format") != FORMAT:
        raise BleuInputError(f"not a receipt of this format (its \"format\" is not {FORMAT!r})")
    recorded = [FileRecord(**f) for f in receipt["files"]]
    given = file_records(hypotheses, streams, names)
    if len(given) != len(recorded):
        return Verdict(False, say(f"verify.reference-files.{'one' if len(recorded) == 2 else 'other'}",
                                  recorded=len(recorded) - 1, given=len(given) - 1))
    for mine, theirs in zip(given, recorded):
        i = theirs.first_difference(mine)
        if i is None:
            continue
        if i >= min(mine.lines, theirs.lines):
            return Verdict(False, say("verify.lines", file=_called(mine.role), name=mine.name, lines=mine.lines,
                                      recorded=theirs.lines))
        if mine.name != mine.role:
            return Verdict(False, say("verify.line-named", line=i + 1, file=_called(mine.role), name=mine.name))
        return Verdict(False, say("verify.line", line=i + 1, file=_called(mine.role)))
    config = config_of(receipt["config"])
    result = explain_corpus_with_config(list(hypotheses), from_streams(streams), config, progress=False)
    now, then = numbers(result), receipt["numbers"]
    for key in STEPS:
        if not _same(now[key], then.get(key)):
            return Verdict(False, say("verify.step", step=say(f"verify.step.{key}"), then=then.get(key), now=now[key],
                                      made=receipt["versions"].get("bleu-explain"), checks=package_version()),
                           now["score"])
    signature = Signature.parse(receipt["signature"]).differences(result.signature)
    if signature:
        from .doctor.words import comma_list

        fields = comma_list([say("verify.signature-field", field=k, then=a, now=b) for k, (a, b) in signature.items()])
        return Verdict(True, say("verify.reproduced-signature", score=now["score"], signature=str(result.signature),
                                 fields=fields), now["score"])
    return Verdict(True, say("verify.reproduced", score=now["score"], signature=str(result.signature)), now["score"])


def _called(role: str) -> str:
    """A file as a sentence names it: "the hypothesis", "reference 2"."""
    if role == "hypothesis":
        return say("doctor.side.hypothesis")
    return say("doctor.side.reference", number=int(role.split()[-1])) if role.startswith("reference ") else role


def _same(a: Any, b: Any) -> bool:
    """Equal numbers: whole numbers exactly, floats to 12 significant digits (JSON's round trip keeps them)."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        if a is None or b is None:
            return a is b
        return math.isclose(float(a), float(b), rel_tol=1e-12, abs_tol=1e-300)
    return a == b
