"""The lesson of notebook 08 (reproducing the paper): Papineni et al. (2002)'s experiments on the bundled corpus.

The paper's published numbers are read from :mod:`bleu_explain.data.published`
and set beside ours; everything "ours" is computed by
the engine (:func:`bleu_explain.explain_corpus` through the corpus,
:func:`bleu_explain.analysis.blocks.block_t_test`, and, for the single-reference
experiment, :func:`bleu_explain.engine.statistics.score_statistics` on the engine's own
segment statistics). Our corpus is not the paper's, so orderings and
qualitative findings are compared, never values.

>>> from bleu_explain.data.corpus import load_corpus
>>> results = system_results(load_corpus(), refs=[0, 1])
>>> bool(ranking_by_order(results)["as_in_paper"].all()), bool(falls_with_n(results).all())
(True, True)
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ...data import published
from ...engine.errors import BleuInputError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

    from ...analysis.blocks import BlockResult
    from ...data.corpus import TeachingCorpus
    from ...results import CorpusExplanation

# --------------------------------------------------------------------------- published values
#: The paper, as the tables' captions name it (its values are in :mod:`bleu_explain.data.published`).
PAPER_SOURCE = f'{published.PAPINENI_2002.citation}, "{published.PAPINENI_2002.title}"'
#: The five "systems" of the paper, worst to best: three machine translations and two human translations.
SYSTEMS = published.PAPINENI_SYSTEMS
PAPER_BLOCKS = int(published.PAPINENI_BLOCKS.value)
PAPER_BLOCK_SIZE = int(published.PAPINENI_BLOCK_SIZE.value)

#: The environment variable naming a WMT-style folder with human scores
#: (see :func:`bleu_explain.data.loaders.load_wmt_folder`).
WMT_DIR_ENV = "BLEU_EXPLAIN_WMT_DIR"


# --------------------------------------------------------------------------- Figures 1-2 and Table 1
def system_results(corpus: "TeachingCorpus", *, refs: Optional[Sequence[int]] = None, systems: Sequence[str] = SYSTEMS,
                   preset: str = "paper", **settings: Any) -> dict[str, "CorpusExplanation"]:
    """Corpus BLEU of each system (default: the paper's preset), with the references at positions ``refs`` (0-based)."""
    if refs is not None:
        corpus = corpus.with_references(refs)
    return {name: corpus.explain(name, preset=preset, **settings) for name in systems}


def precision_table(results: Mapping[str, "CorpusExplanation"]) -> "pd.DataFrame":
    """Modified n-gram precision (clipped matches / candidate n-grams, before any smoothing): systems x orders.

    >>> from bleu_explain.data.corpus import load_corpus
    >>> precision_table(system_results(load_corpus(), systems=["S1", "H2"])).shape
    (2, 4)
    """
    import pandas as pd

    if not results:
        raise BleuInputError("results is empty")
    rows = {name: {f"p{n}": (m / t if t else None) for n, (m, t) in enumerate(zip(r.matches, r.totals), 1)}
            for name, r in results.items()}
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.index.name = "system"
    return frame


def ranking_by_order(results: Mapping[str, "CorpusExplanation"], expected: Sequence[str] = SYSTEMS) -> "pd.DataFrame":
    """For each n-gram order: the systems from lowest to highest precision, and whether that is the paper's order.

    The paper (Figures 1-2, section 2.1.2): H2 > H1 > S3 > S2 > S1 at every order.
    """
    import pandas as pd

    table = precision_table({name: results[name] for name in expected})
    rows = []
    for column in table.columns:
        observed = list(table[column].sort_values(kind="stable").index)
        rows.append({"order": int(column[1:]), "lowest_to_highest": " < ".join(observed),
                     "as_in_paper": observed == list(expected)})
    return pd.DataFrame(rows).set_index("order")


def falls_with_n(results: Mapping[str, "CorpusExplanation"]) -> "pd.Series":
    """Per system: whether the modified precision falls at every step from order n to n + 1."""
    table = precision_table(results)
    return table.apply(lambda row: bool(all(a > b for a, b in zip(row, row[1:]))), axis=1).rename("falls_with_n")


def _ranks(scores: Mapping[str, float]) -> dict[str, int]:
    order = sorted(scores, key=lambda k: scores[k])
    return {name: order.index(name) + 1 for name in scores}


def table_1_beside_paper(results: Mapping[str, "CorpusExplanation"]) -> "pd.DataFrame":
    """The paper's Table 1 (as published) beside our BLEU, each with its rank (1 = lowest).

    >>> from bleu_explain.data.corpus import load_corpus
    >>> t = table_1_beside_paper(system_results(load_corpus(), refs=[0, 1]))
    >>> t["paper_rank"].tolist() == t["our_rank"].tolist()
    True
    """
    import pandas as pd

    table_1 = published.PAPINENI_TABLE_1
    ours = {name: results[name].bleu for name in table_1 if name in results}
    if len(ours) < 2:
        raise BleuInputError(f"need results for at least two of {list(table_1)}")
    paper = {name: table_1[name].value for name in ours}
    paper_ranks, our_ranks = _ranks(paper), _ranks(ours)
    rows = [{"system": name, "paper_BLEU": paper[name], "our_BLEU": ours[name], "paper_rank": paper_ranks[name],
             "our_rank": our_ranks[name]} for name in ours]
    frame = pd.DataFrame(rows).set_index("system")
    frame.attrs["source"] = table_1["H2"].source
    return frame


def four_vs_two(corpus: "TeachingCorpus", system: str = "H2", *, two: Sequence[int] = (0, 1),
                preset: str = "paper") -> "pd.DataFrame":
    """One system against two and against four references: the paper's published pair beside ours, and the ratio.

    >>> from bleu_explain.data.corpus import load_corpus
    >>> t = four_vs_two(load_corpus())
    >>> list(t.index), bool(t.loc["4 references", "ours"] > t.loc["2 references", "ours"])
    (['2 references', '4 references', 'ratio 4 / 2'], True)
    """
    import pandas as pd

    ours_two = corpus.with_references(list(two)).explain(system, preset=preset).bleu
    ours_four = corpus.explain(system, preset=preset).bleu
    paper_two, paper_four = (published.PAPINENI_FOUR_VS_TWO[n].value for n in (2, 4))
    frame = pd.DataFrame({
        "paper (a human translation)": [paper_two, paper_four, paper_four / paper_two],
        "ours": [ours_two, ours_four, ours_four / ours_two],
    }, index=["2 references", "4 references", "ratio 4 / 2"])
    frame.attrs["source"] = published.PAPINENI_FOUR_VS_TWO[2].source
    return frame


# --------------------------------------------------------------------------- Table 2
def t_beside_paper(result: "BlockResult") -> "pd.DataFrame":
    """Table 2's paired t-statistics (as published) beside ours, and whether each passes the paper's 1.7."""
    import pandas as pd

    systems = result.systems
    paper_t, significant = published.PAPINENI_TABLE_2_T, published.PAPINENI_T_SIGNIFICANT.value
    rows = []
    for left, right in zip(systems, systems[1:]):
        ours = result.t_statistics[right]
        quoted = paper_t.get((left, right))
        rows.append({"pair": f"{right} vs {left}", "paper_t": quoted.value if quoted else None, "our_t": ours,
                     "our_significant": ours is not None and ours > significant})
    frame = pd.DataFrame(rows).set_index("pair")
    frame.attrs["source"] = published.PAPINENI_TABLE_2_T["S1", "S2"].source
    return frame


def block_means_beside_corpus(result: "BlockResult", results: Mapping[str, "CorpusExplanation"]) -> "pd.DataFrame":
    """Per system: BLEU of the whole corpus beside the mean of its block BLEUs (same scale as the block result).

    The paper (section 3) notes that the two "are close for each system and
    differ only by small finite block size effects".
    """
    import pandas as pd

    rows = [{"system": name, "corpus_BLEU": results[name].bleu * result.scale, "mean_of_blocks": result.means[name],
             "std_of_blocks": result.stds[name]} for name in result.systems if name in results]
    frame = pd.DataFrame(rows).set_index("system")
    frame["difference"] = frame["mean_of_blocks"] - frame["corpus_BLEU"]
    return frame


# --------------------------------------------------------------------------- one reference per story
def story_of_each_segment(corpus: "TeachingCorpus") -> list[str]:
    """The story (document id) of every segment, in order; an error if the corpus has no document ids.

    >>> from bleu_explain.data.corpus import load_corpus
    >>> stories = story_of_each_segment(load_corpus())
    >>> len(stories), len(set(stories))
    (120, 24)
    """
    if not corpus.docs:
        raise BleuInputError("the corpus has no document ids; one reference per story needs them")
    return list(corpus.docs)


def story_reference_choice(corpus: "TeachingCorpus", seed: int) -> dict[str, int]:
    """For each story (document), one reference position drawn at random (numpy's default_rng(seed)).

    >>> from bleu_explain.data.corpus import load_corpus
    >>> choice = story_reference_choice(load_corpus(), seed=1)
    >>> len(choice), set(choice.values()) <= {0, 1, 2, 3}
    (24, True)
    """
    import numpy as np

    docs = list(dict.fromkeys(story_of_each_segment(corpus)))
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, corpus.n_references, size=len(docs))
    return {doc: int(k) for doc, k in zip(docs, picks)}


def single_reference_corpus(corpus: "TeachingCorpus", seed: int) -> "TeachingCorpus":
    """The corpus with one reference per segment: the same, randomly drawn, translator for every sentence of a story."""
    from dataclasses import replace

    choice = story_reference_choice(corpus, seed)
    refs = [[seg_refs[choice[doc]]] for seg_refs, doc in zip(corpus.references, story_of_each_segment(corpus))]
    meta = dict(corpus.metadata)
    meta["reference_per_story"] = choice
    return replace(corpus, references=refs, metadata=meta)


def single_reference_scores(corpus: "TeachingCorpus", seed: int, *, systems: Sequence[str] = SYSTEMS,
                            preset: str = "paper") -> "pd.DataFrame":
    """One draw of the single-reference experiment: how many stories got each reference, each system's BLEU,
    and whether the ranking is kept (one row).

    >>> from bleu_explain.data.corpus import load_corpus
    >>> bool(single_reference_scores(load_corpus(), seed=1)["ranking_kept"].iloc[0])
    True
    """
    import pandas as pd

    single = single_reference_corpus(corpus, seed)
    choice = single.metadata["reference_per_story"]
    counts = [sum(1 for j in choice.values() if j == k) for k in range(corpus.n_references)]
    row: dict[str, Any] = {"seed": seed, "stories_per_reference": " ".join(
        f"ref{k + 1}:{n}" for k, n in enumerate(counts))}
    scores = {name: r.bleu for name, r in system_results(single, systems=systems, preset=preset).items()}
    row.update(scores)
    row["ranking_kept"] = ranking_kept(scores, systems)
    return pd.DataFrame([row]).set_index("seed")


def ranking_kept(scores: Mapping[str, float], expected: Sequence[str] = SYSTEMS) -> bool:
    """Whether the scores put the systems strictly in the expected order (lowest first).

    >>> ranking_kept({"S1": 0.1, "S2": 0.2}, ["S1", "S2"]), ranking_kept({"S1": 0.3, "S2": 0.2}, ["S1", "S2"])
    (True, False)
    """
    values = [scores[name] for name in expected]
    return all(a < b for a, b in zip(values, values[1:]))


def single_reference_draws(corpus: "TeachingCorpus", n_draws: int = 100, *, seed: int = 0,
                           systems: Sequence[str] = SYSTEMS, preset: str = "paper") -> "pd.DataFrame":
    """Repeat the paper's single-reference experiment ``n_draws`` times (draw d uses seed ``seed + d``).

    One row per draw: each system's BLEU against one reference per story, and
    whether the ranking is the expected one. Each system's segment statistics
    against each single reference are computed once by the engine; a draw picks
    them per story and scores the sum with :func:`bleu_explain.engine.statistics.score_statistics`,
    so draw ``d`` gives the same scores as scoring :func:`single_reference_corpus`
    with seed ``seed + d``.
    """
    import pandas as pd

    from ...api import explain_corpus_with_config, make_config
    from ...engine.statistics import score_statistics

    if isinstance(n_draws, bool) or not isinstance(n_draws, int) or n_draws < 1:
        raise BleuInputError(f"n_draws must be a whole number >= 1, got {n_draws!r}")
    config = make_config(preset)
    k = corpus.n_references
    stats = {name: [explain_corpus_with_config(corpus.system(name), [[r[j]] for r in corpus.references],
                                               config).segment_stats for j in range(k)]
             for name in systems}
    stories = story_of_each_segment(corpus)
    rows = []
    for d in range(n_draws):
        choice = story_reference_choice(corpus, seed + d)
        picks = [choice[doc] for doc in stories]
        row: dict[str, Any] = {"draw": d, "seed": seed + d}
        for name in systems:
            chosen = [stats[name][j][i] for i, j in enumerate(picks)]
            row[name] = score_statistics(chosen, config).bleu
        row["ranking_kept"] = ranking_kept(row, systems)
        rows.append(row)
    return pd.DataFrame(rows).set_index("draw")


# --------------------------------------------------------------------------- Figures 5-6
def correlations_as_published() -> "pd.DataFrame":
    """The paper's correlations of BLEU with human judgments, as published (section 5)."""
    import pandas as pd

    correlations = published.PAPINENI_CORRELATIONS
    frame = pd.DataFrame({"published_correlation": [r.value for r in correlations.values()]},
                         index=pd.Index([f"{group} judges ({r.where})" for group, r in correlations.items()],
                                        name="human judges"))
    frame.attrs["source"] = f"{published.PAPINENI_2002.citation}, section 5"
    return frame


def load_wmt_from_env(env: str = WMT_DIR_ENV) -> Optional["TeachingCorpus"]:
    """The WMT-style folder named by the environment variable ``env``, if it is set and has human scores.

    Otherwise prints why nothing was loaded and returns None (without touching
    the disk when the variable is not set).
    """
    folder = os.environ.get(env)
    if not folder:
        print(f"No human judgments here: set the environment variable {env} to a WMT-style folder (references/, "
              "systems/, human_scores.tsv) and rerun this cell. Nothing was loaded or computed.")
        return None
    from ...data.loaders import load_wmt_folder

    try:
        corpus = load_wmt_folder(folder)
    except BleuInputError as exc:
        print(f"Could not load the folder named by {env}: {exc}")
        return None
    if not corpus.human_scores or len(corpus.human_scores) < 3:
        print(f"The folder named by {env} has human scores for fewer than 3 systems; a correlation needs at least 3.")
        return None
    return corpus


def bleu_and_human(corpus: "TeachingCorpus", *, preset: str = "sacrebleu", **settings) -> "pd.DataFrame":
    """Per system with a human score: its corpus BLEU (from the engine) and its human score; Pearson r in ``attrs``."""
    import pandas as pd

    from ...analysis.human import correlate

    if not corpus.human_scores:
        raise BleuInputError("the corpus has no human scores")
    names = [n for n in corpus.system_names if n in corpus.human_scores]
    if len(names) < 3:
        raise BleuInputError(f"need at least 3 systems with human scores, got {len(names)}")
    rows = [{"system": n, "BLEU": corpus.explain(n, preset=preset, **settings).score,
             "human": corpus.human_scores[n]} for n in names]
    frame = pd.DataFrame(rows).set_index("system")
    frame.attrs["pearson_r"] = correlate(frame["BLEU"].tolist(), frame["human"].tolist()).r
    return frame


def human_correlation_from_env(env: str = WMT_DIR_ENV) -> Optional[tuple["pd.DataFrame", "Figure"]]:
    """With a WMT-style folder with human scores in ``env``: the BLEU/human table and its plot; else None."""
    from ...display.plots import plot_human_correlation

    corpus = load_wmt_from_env(env)
    if corpus is None:
        return None
    table = bleu_and_human(corpus)
    figure = plot_human_correlation(table["BLEU"].to_dict(), table["human"].to_dict(), judges="WMT human",
                                    title=str(corpus.metadata.get("name", "WMT folder")))
    return table, figure
