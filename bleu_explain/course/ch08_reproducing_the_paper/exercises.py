"""Exercises of notebook 08 (reproducing the paper).

Both checkers compute the right value with the engine on the bundled corpus
when the answer is checked, and recognise the usual slips (wrong references,
wrong scale, wrong number of blocks) without printing the answer.

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["t_with_10_blocks"].check(ex["t_with_10_blocks"].solution()).correct
True
>>> ex["t_with_10_blocks"].check(ex["t_with_10_blocks"].mistake()).message.startswith("That is the t-statistic with 20")
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..answers import agrees, as_number, too_few_decimals
from ..exercise import Exercise, Feedback

if TYPE_CHECKING:  # pragma: no cover
    from ...data.corpus import TeachingCorpus

REFS_12 = (0, 1)
REFS_34 = (2, 3)
T_DECIMALS = 1  # the t-statistic is asked to one decimal
BLEU_DECIMALS = 4  # a BLEU on the paper's 0-1 scale, to four decimals


@lru_cache(maxsize=1)
def _corpus() -> "TeachingCorpus":
    from ...data.corpus import load_corpus

    return load_corpus()


# --------------------------------------------------------------------------- exercise 1
@lru_cache(maxsize=None)
def _t(n_blocks: int, refs: tuple[int, ...], preset: str = "paper") -> float:
    from ...analysis.blocks import block_t_test

    corpus = _corpus().with_references(list(refs))
    result = block_t_test({n: corpus.system(n) for n in ("S2", "S3")}, corpus.references, n_blocks=n_blocks,
                          preset=preset)
    t = result.t_statistics["S3"]
    if t is None:  # pragma: no cover - every block difference 0: not the case on the bundled corpus
        raise ValueError("S2 and S3 score the same on every block")
    return t


def check_t_with_10_blocks(answer: Any) -> Feedback:
    """The answer is the paired t-statistic of S3 against S2 with 10 blocks (references 1-2, preset 'paper')."""
    if as_number(answer) is None:
        return Feedback(False, "Give the t-statistic as a number, e.g. 4.2 (one decimal is enough).")
    right = _t(10, REFS_12)
    if agrees(answer, right, T_DECIMALS):
        return Feedback(True, "Yes. Fewer, larger blocks give a different t: block scores vary less, but there are "
                              "fewer of them. Compare it with the t for 20 blocks.")
    if agrees(answer, -right, T_DECIMALS):
        return Feedback(False, "Right size, wrong sign: that is S2 against S3. Put the worse system first, as the "
                               "paper does (each system against its left neighbour).")
    if agrees(answer, _t(20, REFS_12), T_DECIMALS):
        return Feedback(False, "That is the t-statistic with 20 blocks, as in the table above. Set n_blocks=10.")
    if agrees(answer, _t(10, (0, 1, 2, 3)), T_DECIMALS):
        return Feedback(False, "That t uses all four references. Keep references 1 and 2 only, as in Table 2.")
    if agrees(answer, _t(10, REFS_12, "sacrebleu"), T_DECIMALS):
        return Feedback(False, "That t uses sacreBLEU's settings. Pass preset=\"paper\" to block_t_test.")
    return Feedback(False, "Run blocks.block_t_test on S2 and S3 (in that order) with the two-reference "
                           "corpus, n_blocks=10 and preset=\"paper\", and read .t_statistics[\"S3\"].")


# --------------------------------------------------------------------------- exercise 2
def _bleu(system: str, refs: tuple[int, ...], preset: str = "paper") -> float:
    return _corpus().with_references(list(refs)).explain(system, preset=preset).bleu


def check_h2_other_references(answer: Any) -> Feedback:
    """The answer is H2's BLEU (0-1, preset 'paper') against references 3 and 4 only."""
    if as_number(answer) is None:
        return Feedback(False, "Give BLEU as a number on the paper's 0-1 scale, e.g. 0.1234.")
    right = _bleu("H2", REFS_34)
    if agrees(answer, right, BLEU_DECIMALS):
        return Feedback(True, "Yes. Same system, same number of references, a different score: which translators "
                              "wrote the references matters too.")
    if agrees(answer, right * 100, BLEU_DECIMALS - 2):
        return Feedback(False, "Right score, wrong scale: the paper's tables use 0-1. Use .bleu, not .score.")
    slips = {
        REFS_12: "That is H2 against references 1 and 2, the pair of Table 1. Use references 3 and 4: "
                 "positions [2, 3].",
        (0, 1, 2, 3): "That is H2 against all four references. Keep only references 3 and 4: positions [2, 3].",
        (1, 2): "Those are references 2 and 3: positions are 0-based, so references 3 and 4 are [2, 3].",
    }
    for refs, message in slips.items():
        if agrees(answer, _bleu("H2", refs), BLEU_DECIMALS):
            return Feedback(False, message)
    if agrees(answer, _bleu("H2", REFS_34, "sacrebleu"), BLEU_DECIMALS):
        return Feedback(False, "That is sacreBLEU's score for these references. The paper's tables use "
                               "preset=\"paper\" (case-folded, punctuation removed).")
    if too_few_decimals(answer, right, BLEU_DECIMALS):
        return Feedback(False, "Close, but rounded too far: give four decimals.")
    return Feedback(False, "Keep references 3 and 4 with corpus.with_references, score H2 with "
                           "preset=\"paper\", and give .bleu.")


def worked_t_with_10_blocks() -> str:
    """The worked solution: the block t-test of S2 and S3 with 10 blocks, references 1 and 2, the paper's preset."""
    from ...analysis.blocks import block_t_test

    corpus = _corpus().with_references(list(REFS_12))
    result = block_t_test({n: corpus.system(n) for n in ("S2", "S3")}, corpus.references, n_blocks=10,
                          preset="paper", progress=False)
    size = len(corpus.references) // 10
    diffs = result.block_scores["S3"] - result.block_scores["S2"]
    return f"""1. Keep references 1 and 2 (`with_references([0, 1])`) and cut the {len(corpus.references)} segments into 10
   blocks of {size}.
2. Score S2 and S3 on every block with `preset="paper"`; the t-statistic is the mean of the 10 differences
   S3 - S2 ({diffs.mean():.3f}) divided by their standard error ({diffs.std() / len(diffs) ** 0.5:.3f}).
3. S2 goes first: each system is tested against the one before it, as in the paper's Table 2.

```python
import bleu_explain as bx
corpus = bx.load_corpus().with_references([0, 1])
result = bx.block_t_test({{name: corpus.system(name) for name in ("S2", "S3")}}, corpus.references,
                         n_blocks=10, preset="paper", progress=False)
round(result.t_statistics["S3"], 1)
```

Answer: **{result.t_statistics["S3"]:.1f}** (with 20 blocks it is {_t(20, REFS_12):.1f})."""


def worked_h2_other_references() -> str:
    """The worked solution: references 3 and 4 are positions 2 and 3; the paper's preset; the 0-1 scale."""
    right = _bleu("H2", REFS_34)
    return f"""1. References 3 and 4 are at positions 2 and 3 (positions count from 0): `with_references([2, 3])`.
2. Score H2 with `preset="paper"` and read `.bleu`, the paper's 0-1 scale.

```python
import bleu_explain as bx
round(bx.load_corpus().with_references([2, 3]).explain("H2", preset="paper").bleu, 4)
```

Answer: **{right:.4f}**, against {_bleu("H2", REFS_12):.4f} with references 1 and 2: the same system and the same
number of references, but other translators."""


EXERCISES = [
    Exercise(
        "t_with_10_blocks",
        "With references 1 and 2 and preset='paper', split the corpus into 10 blocks instead of 20. What is the "
        "paired t-statistic of S3 against S2 (one decimal)?",
        check_t_with_10_blocks,
        solution=lambda: round(_t(10, REFS_12), 1),
        mistake=lambda: round(_t(20, REFS_12), 1),
        worked=worked_t_with_10_blocks,
    ),
    Exercise(
        "h2_other_references",
        "What is H2's BLEU (preset='paper', 0-1 scale, four decimals) against references 3 and 4 only?",
        check_h2_other_references,
        solution=lambda: round(_bleu("H2", REFS_34), 4),
        mistake=lambda: round(_bleu("H2", REFS_12), 4),
        worked=worked_h2_other_references,
    ),
]
