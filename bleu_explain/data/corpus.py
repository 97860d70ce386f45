"""A corpus for BLEU experiments: sources, several references, several systems.

:class:`TeachingCorpus` is the one corpus type of bleu_explain: the bundled
teaching corpus (:func:`load_corpus`) and every loader in
:mod:`bleu_explain.data.loaders` return it, so that the same tables, significance
tests and plots work on all of them.

References are kept segment-major, as everywhere in bleu_explain: for each
segment, the list of its reference translations.

>>> c = TeachingCorpus(sources=["ein Haus", "ein Boot"],
...                    references=[["a house", "one house"], ["a boat", "one boat"]],
...                    systems={"A": ["a house", "a ship"], "B": ["house", "a boat"]})
>>> len(c), c.system_names, c.n_references
(2, ['A', 'B'], 2)
>>> c.with_references([1]).references
[['one house'], ['one boat']]
>>> list(c.to_frame().columns)
['doc', 'seg', 'source', 'ref1', 'ref2', 'A', 'B']
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence

from ..engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..results import CorpusExplanation

#: Where the bundled teaching corpus lives, and its files in reading order.
TEACHING_CORPUS_DIR = Path(__file__).parent / "teaching_corpus"
TEACHING_CORPUS_FILES = ("stories_a.jsonl", "stories_b.jsonl")

#: The translations of the bundled corpus, worst to best, and what each one is.
TEACHING_SYSTEMS = {
    "S1": "machine-translation-like, worst: word-for-word, wrong word order, untranslated units",
    "S2": "machine-translation-like, middle: mostly right words, clumsy order and grammar",
    "S3": "machine-translation-like, best of the three: fluent, with a few wrong word choices",
    "H1": "human translation by a fluent but non-native speaker of English",
    "H2": "human translation by a native speaker of English",
}


@dataclass
class TeachingCorpus:
    """Sources, references and system outputs of one test set, aligned by segment.

    ``references`` is segment-major (``references[i]`` lists segment i's
    references); ``systems`` maps a system name to its output, one string per
    segment; ``docs`` and ``segs`` give each segment's document id and its
    number within the document; ``human_scores`` optionally maps system names
    to a human judgment of the whole system (e.g. WMT's direct assessment).
    """

    references: list[list[str]]
    systems: dict[str, list[str]]
    sources: Optional[list[str]] = None
    docs: Optional[list[str]] = None
    segs: Optional[list[int]] = None
    metadata: dict[str, Any] = field(default_factory=dict)
    human_scores: Optional[dict[str, float]] = None

    def __post_init__(self) -> None:
        self.references = _check_references(self.references)
        n = len(self.references)
        if not isinstance(self.systems, Mapping):
            raise BleuInputError(f"systems must be a dict of system name -> list of outputs, got {type(self.systems).__name__}")
        systems: dict[str, list[str]] = {}
        for name, outputs in self.systems.items():
            if not isinstance(name, str) or not name:
                raise BleuInputError(f"system names must be non-empty strings, got {name!r}")
            systems[name] = _check_lines(outputs, n, f"system {name!r}")
        self.systems = systems
        if self.sources is not None:
            self.sources = _check_lines(self.sources, n, "sources")
        if self.docs is not None:
            self.docs = [str(d) for d in _check_length(self.docs, n, "docs")]
        if self.segs is not None:
            self.segs = [int(s) for s in _check_length(self.segs, n, "segs")]
        if self.human_scores is not None:
            unknown = sorted(set(self.human_scores) - set(self.systems))
            if unknown:
                raise BleuInputError(
                    f"human scores are given for {unknown}, which are not among the systems {self.system_names}"
                )
            self.human_scores = {k: float(v) for k, v in self.human_scores.items()}

    # ------------------------------------------------------------------ views
    def __len__(self) -> int:
        return len(self.references)

    def __repr__(self) -> str:
        name = self.metadata.get("name", "corpus")
        return (f"TeachingCorpus({name!r}: {len(self)} segments, references per segment "
                f"{self.reference_counts_text}, systems {self.system_names})")

    @property
    def system_names(self) -> list[str]:
        """The systems' names, in their order."""
        return list(self.systems)

    @property
    def n_references(self) -> int:
        """The largest number of references of any segment."""
        return max(len(r) for r in self.references)

    @property
    def reference_counts_text(self) -> str:
        counts = sorted({len(r) for r in self.references})
        return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"

    def system(self, name: str) -> list[str]:
        """The outputs of one system, with a clear error for an unknown name."""
        if name not in self.systems:
            raise BleuInputError(f"no system named {name!r}; this corpus has {self.system_names}")
        return self.systems[name]

    def reference_streams(self) -> list[list[str]]:
        """The references as sacreBLEU/NLTK streams (one list per translator).

        Only for corpora with the same number of references in every segment.
        """
        counts = {len(r) for r in self.references}
        if len(counts) != 1:
            raise BleuInputError(
                f"segments have different numbers of references ({sorted(counts)}); streams need the same number"
            )
        return [list(stream) for stream in zip(*self.references)]

    def to_frame(self) -> "pd.DataFrame":
        """One row per segment: doc, seg, source, ref1..refK, then one column per system."""
        import pandas as pd

        k = self.n_references
        rows = []
        for i in range(len(self)):
            row: dict[str, Any] = {
                "doc": self.docs[i] if self.docs is not None else None,
                "seg": self.segs[i] if self.segs is not None else i + 1,
                "source": self.sources[i] if self.sources is not None else None,
            }
            refs = self.references[i]
            for j in range(k):
                row[f"ref{j + 1}"] = refs[j] if j < len(refs) else None
            for name, outputs in self.systems.items():
                row[name] = outputs[i]
            rows.append(row)
        columns = ["doc", "seg", "source"] + [f"ref{j + 1}" for j in range(k)] + self.system_names
        return pd.DataFrame(rows, columns=columns)

    # ------------------------------------------------------------------ subsets
    def with_references(self, indices: Iterable[int]) -> "TeachingCorpus":
        """A copy that keeps only the references at these positions (0-based) in every segment."""
        chosen = _check_indices(indices, self.n_references, "reference")
        refs = []
        for i, seg_refs in enumerate(self.references):
            if any(j >= len(seg_refs) for j in chosen):
                raise BleuInputError(f"segment {i} has only {len(seg_refs)} references; cannot keep positions {chosen}")
            refs.append([seg_refs[j] for j in chosen])
        meta = dict(self.metadata)
        meta["reference_positions"] = chosen
        return replace(self, references=refs, metadata=meta)

    def with_systems(self, names: Iterable[str]) -> "TeachingCorpus":
        """A copy with only these systems, in this order."""
        names = list(names)
        systems = {name: self.system(name) for name in names}
        scores = None
        if self.human_scores is not None:
            scores = {k: v for k, v in self.human_scores.items() if k in systems}
        return replace(self, systems=systems, human_scores=scores)

    def subset(self, segments: Iterable[int]) -> "TeachingCorpus":
        """A copy with only these segments (0-based positions, in the given order)."""
        chosen = _check_indices(segments, len(self), "segment", allow_repeats=True)

        def pick(values):
            return None if values is None else [values[i] for i in chosen]

        return replace(self, references=[list(self.references[i]) for i in chosen],
                       systems={k: pick(v) for k, v in self.systems.items()},
                       sources=pick(self.sources), docs=pick(self.docs), segs=pick(self.segs))

    def documents(self) -> list[str]:
        """The document ids in order of first appearance."""
        if self.docs is None:
            return []
        return list(dict.fromkeys(self.docs))

    # ------------------------------------------------------------------ scoring
    def explain(self, system: str, *, preset: str = "sacrebleu", **settings) -> "CorpusExplanation":
        """Corpus BLEU of one system against all references (see :func:`bleu_explain.explain_corpus`)."""
        from ..api import explain_corpus

        return explain_corpus(self.system(system), self.references, preset=preset, **settings)


# ---------------------------------------------------------------------- checks
def _check_references(references: Any) -> list[list[str]]:
    if isinstance(references, str) or not isinstance(references, Sequence) or len(references) == 0:
        raise BleuInputError("references must be a non-empty list with, for each segment, the list of its references")
    out = []
    for i, refs in enumerate(references):
        if isinstance(refs, str) or not isinstance(refs, Sequence):
            raise BleuInputError(f"references[{i}] must be a list of reference strings (segment-major references)")
        if len(refs) == 0:
            raise BleuInputError(f"references[{i}] is empty; segment {i} needs at least one reference")
        for j, r in enumerate(refs):
            if not isinstance(r, str):
                raise BleuInputError(f"references[{i}][{j}] must be a string, got {type(r).__name__}")
        out.append(list(refs))
    return out


def _check_length(values: Any, n: int, what: str) -> list:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise BleuInputError(f"{what} must be a list with one entry per segment, got {type(values).__name__}")
    if len(values) != n:
        raise BleuInputError(f"{what} has {len(values)} entries but the corpus has {n} segments")
    return list(values)


def _check_lines(values: Any, n: int, what: str) -> list[str]:
    lines = _check_length(values, n, what)
    for i, line in enumerate(lines):
        if not isinstance(line, str):
            raise BleuInputError(f"{what}[{i}] must be a string, got {type(line).__name__}")
    return lines


def _check_indices(indices: Iterable[int], size: int, what: str, allow_repeats: bool = False) -> list[int]:
    if isinstance(indices, (str, bytes)):
        raise BleuInputError(f"{what} positions must be whole numbers, got {indices!r}")
    chosen = list(indices)
    if not chosen:
        raise BleuInputError(f"choose at least one {what}")
    for j in chosen:
        if isinstance(j, bool) or not isinstance(j, int) and not hasattr(j, "__index__"):
            raise BleuInputError(f"{what} positions must be whole numbers, got {j!r}")
        if not 0 <= int(j) < size:
            raise BleuInputError(f"{what} position {j} is out of range: there are {size} (positions 0 to {size - 1})")
    chosen = [int(j) for j in chosen]
    if not allow_repeats and len(set(chosen)) != len(chosen):
        raise BleuInputError(f"{what} positions {chosen} repeat a position")
    return chosen


# ---------------------------------------------------------------------- the bundled corpus
def load_corpus(directory: Optional[Path | str] = None) -> TeachingCorpus:
    """The bundled Chinese-English teaching corpus (see its README).

    Modelled on the set-up of Papineni et al. (2002): Chinese news sentences,
    4 independent English references, three machine-translation-like systems of
    graded quality (S1 worst .. S3 best) and two human translations (H1 fluent
    but non-native, H2 native). Written for bleu_explain; good for teaching,
    not for research claims. ``directory`` reads the same files from elsewhere.
    """
    folder = Path(directory) if directory is not None else TEACHING_CORPUS_DIR
    docs: list[str] = []
    segs: list[int] = []
    sources: list[str] = []
    references: list[list[str]] = []
    systems: dict[str, list[str]] = {name: [] for name in TEACHING_SYSTEMS}
    for filename in TEACHING_CORPUS_FILES:
        path = folder / filename
        if not path.is_file():
            raise BleuInputError(f"the teaching corpus file {filename} is missing from {folder}")
        for lineno, record in _read_jsonl(path):
            where = f"{filename} line {lineno}"
            for key in ("doc", "seg", "source", "refs", "systems"):
                if key not in record:
                    raise BleuInputError(f"{where} has no {key!r} field")
            refs = record["refs"]
            if not isinstance(refs, list) or len(refs) != 4 or not all(isinstance(r, str) and r.strip() for r in refs):
                raise BleuInputError(f"{where}: 'refs' must be a list of 4 non-empty strings")
            outputs = record["systems"]
            if not isinstance(outputs, dict) or set(outputs) != set(TEACHING_SYSTEMS):
                raise BleuInputError(
                    f"{where}: 'systems' must have exactly {list(TEACHING_SYSTEMS)}, got "
                    f"{sorted(outputs) if isinstance(outputs, dict) else type(outputs).__name__}"
                )
            for name in TEACHING_SYSTEMS:
                if not isinstance(outputs[name], str):
                    raise BleuInputError(f"{where}: system {name} must be a string")
                systems[name].append(outputs[name])
            if not isinstance(record["source"], str):
                raise BleuInputError(f"{where}: 'source' must be a string")
            docs.append(str(record["doc"]))
            segs.append(int(record["seg"]))
            sources.append(record["source"])
            references.append(list(refs))
    metadata = {
        "name": "bleu-explain teaching corpus",
        "source_language": "zh",
        "target_language": "en",
        "description": "Original Chinese news sentences with 4 English references, 3 graded "
                       "machine-translation-like systems and 2 human translations, written for bleu_explain "
                       "after the set-up of Papineni et al. (2002). For teaching, not for research claims.",
        "systems": dict(TEACHING_SYSTEMS),
        "machine_systems": ["S1", "S2", "S3"],
        "human_systems": ["H1", "H2"],
        "files": list(TEACHING_CORPUS_FILES),
        "readme": str(folder / "README.md"),
    }
    return TeachingCorpus(references=references, systems=systems, sources=sources, docs=docs, segs=segs,
                          metadata=metadata)


def _read_jsonl(path: Path) -> Iterable[tuple[int, dict]]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise BleuInputError(f"{path.name} is not valid UTF-8 (byte {exc.start}): {exc.reason}") from None
    for lineno, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BleuInputError(f"{path.name} line {lineno} is not valid JSON: {exc.msg} (column {exc.colno})") from None
        if not isinstance(record, dict):
            raise BleuInputError(f"{path.name} line {lineno} must be a JSON object")
        yield lineno, record
