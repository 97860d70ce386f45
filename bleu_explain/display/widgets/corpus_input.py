"""The systems and references an explorer of a whole test set works on."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...engine.errors import BleuInputError


def corpus_parts(corpus: Any, systems: Mapping[str, Sequence[str]] | None,
                 references: Sequence[Sequence[str]] | None) -> tuple[dict[str, list[str]], list[list[str]]]:
    """Systems and segment-major references from a corpus object, explicit arguments, or the bundled corpus."""
    if systems is not None or references is not None:
        if systems is None or references is None:
            raise BleuInputError("give both systems (name -> outputs) and references (one list per segment)")
        if not isinstance(systems, Mapping) or not systems:
            raise BleuInputError("systems must be a non-empty dict of system name -> list of outputs")
        return {str(k): list(v) for k, v in systems.items()}, [list(r) for r in references]
    if corpus is None:
        from ...data.corpus import load_corpus

        corpus = load_corpus()
    return dict(corpus.systems), list(corpus.references)
