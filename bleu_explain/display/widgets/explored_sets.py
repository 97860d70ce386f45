"""The test set an explorer of a whole corpus works on, as the data layer models it.

Every way in -- explicit texts, a :class:`~bleu_explain.data.corpus.TeachingCorpus`
(the bundled corpus, :mod:`bleu_explain.data.loaders`), a
:class:`~bleu_explain.data.judgments.HumanJudgedTestSet` (WMT21,
:func:`~bleu_explain.data.folder.load_judged_folder`) or uploaded files
(:mod:`.upload`) -- ends as the data layer's own two types: a ``TeachingCorpus``
(what is scored: systems and segment-major references) and, when people scored
the systems, the :class:`~bleu_explain.data.judgments.HumanScores` shown beside
BLEU.

>>> corpus, human = explored(None, {"A": ["a cat", "a dog"]}, [["a cat"], ["one dog"]])
>>> corpus.system_names, len(corpus), corpus.metadata["name"], human
(['A'], 2, 'the texts given', None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    from ...data.corpus import TeachingCorpus
    from ...data.judgments import HumanJudgedTestSet, HumanScores

#: The name of a test set given as texts.
TEXTS_GIVEN = "the texts given"


def explored(corpus: Any, systems: Mapping[str, Sequence[str]] | None,
             references: Sequence[Sequence[str]] | None) -> tuple[TeachingCorpus, HumanScores | None]:
    """The corpus to score and its human scores (or None), from a corpus object, explicit texts, or (with
    neither) the bundled teaching corpus. The corpus's ``metadata["name"]`` names the test set."""
    from ...data.corpus import TeachingCorpus, load_corpus
    from ...data.judgments import HumanJudgedTestSet, HumanScores

    if systems is not None or references is not None:
        if corpus is not None:
            raise BleuInputError("give either a corpus or systems and references, not both")
        if systems is None or references is None:
            raise BleuInputError("give both systems (name -> outputs) and references (one list per segment)")
        if not isinstance(systems, Mapping) or not systems:
            raise BleuInputError("systems must be a non-empty dict of system name -> list of outputs")
        corpus = TeachingCorpus(references=[list(r) for r in references], systems={k: list(v) for k, v in systems.items()},
                                metadata={"name": TEXTS_GIVEN})
    elif corpus is None:
        corpus = load_corpus()
    if isinstance(corpus, HumanJudgedTestSet):
        return _judged(corpus)
    if not isinstance(corpus, TeachingCorpus):
        raise BleuInputError("corpus must be a TeachingCorpus (load_corpus(), the loaders) or a "
                             f"HumanJudgedTestSet (load_judged_folder(), load_wmt21()), got {type(corpus).__name__}")
    if not corpus.systems:
        raise BleuInputError(f"{name_of(corpus)} has no system outputs to explore")
    human = HumanScores(kind="human", segments={}, systems=dict(corpus.human_scores)) if corpus.human_scores else None
    return corpus, human


def _judged(test_set: HumanJudgedTestSet) -> tuple[TeachingCorpus, HumanScores | None]:
    # Every reference counts as a reference and the machine systems are explored (the human translations are
    # the references here). The human scores shown are MQM's if the set has them, else its first kind's.
    kind = "mqm" if "mqm" in test_set.scores else next(iter(test_set.scores), None)
    if not test_set.systems:
        raise BleuInputError(f"{test_set.name} has no system outputs to explore")
    corpus = test_set.to_corpus(list(test_set.references), kind=kind, humans=False)
    corpus.metadata["name"] = test_set.name  # the test set's own name: every reference counts here
    return corpus, (test_set.scores[kind] if kind is not None else None)


def name_of(corpus: TeachingCorpus) -> str:
    """How an explorer names a corpus."""
    return str(corpus.metadata.get("name", "the corpus"))
