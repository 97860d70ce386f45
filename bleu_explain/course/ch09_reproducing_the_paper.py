"""Notebook 09, reproducing the paper: its exercises. Both checkers compute the right value with the engine on the
bundled corpus and name the usual slips (other references, other scale, other number of blocks).

>>> ex = {e.name: e for e in EXERCISES}
>>> ex["t_with_10_blocks"].check(ex["t_with_10_blocks"].mistake()).message.startswith("That is the t-statistic with 20")
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .answers import agrees, as_number, too_few_decimals
from .exercise import Exercise, Feedback

REFS_12, REFS_34 = (0, 1), (2, 3)
T_DECIMALS, BLEU_DECIMALS = 1, 4  # the t-statistic to one decimal; a BLEU on the paper's 0-1 scale to four


@lru_cache(maxsize=None)
def _t(n_blocks: int, refs: tuple[int, ...] = REFS_12, preset: str = "paper") -> float:
    from ..analysis.blocks import block_t_test
    from ..data.corpus import load_corpus

    corpus = load_corpus().with_references(list(refs))
    result = block_t_test({n: corpus.system(n) for n in ("S2", "S3")}, corpus.references, n_blocks=n_blocks,
                          preset=preset, progress=False)
    t = result.t_statistics["S3"]
    assert t is not None, "S2 and S3 differ on the bundled corpus's blocks"
    return t


def check_t_with_10_blocks(answer: Any) -> Feedback:
    """The answer is the paired t-statistic of S3 against S2 with 10 blocks (references 1-2, preset 'paper')."""
    if as_number(answer) is None:
        return Feedback(False, "Give the t-statistic as a number, e.g. 4.2 (one decimal is enough).")
    if agrees(answer, _t(10), T_DECIMALS):
        return Feedback(True, "Yes. Fewer, larger blocks give a different t: block scores vary less, but there are "
                              "fewer of them (and 9 degrees of freedom: the one-sided 5% threshold is no longer 1.7).")
    slips = ((-_t(10), "Right size, wrong sign: that is S2 against S3. Put the worse system first, as the paper does "
                       "(each system against its left neighbour)."),
             (_t(20), "That is the t-statistic with 20 blocks, as in the table above. Set n_blocks=10."),
             (_t(10, (0, 1, 2, 3)), "That t uses all four references. Keep references 1 and 2 only, as in Table 2."),
             (_t(10, REFS_12, "sacrebleu"), "That t uses sacreBLEU's settings. Pass preset=\"paper\" to block_t_test."))
    for value, message in slips:
        if agrees(answer, value, T_DECIMALS):
            return Feedback(False, message)
    return Feedback(False, "Redo the block test of the section above with the exercise's number of blocks, keeping "
                           "what Table 2 used (its references, the paper's rules, the order of the systems), and "
                           "read S3's t.")


@lru_cache(maxsize=None)
def _bleu(refs: tuple[int, ...], preset: str = "paper") -> float:
    from ..data.corpus import load_corpus

    return load_corpus().with_references(list(refs)).explain("H2", preset=preset).bleu


def check_h2_other_references(answer: Any) -> Feedback:
    """The answer is H2's BLEU (0-1, preset 'paper') against references 3 and 4 only."""
    if as_number(answer) is None:
        return Feedback(False, "Give BLEU as a number on the paper's 0-1 scale, e.g. 0.1234.")
    right = _bleu(REFS_34)
    if agrees(answer, right, BLEU_DECIMALS):
        return Feedback(True, "Yes. Same system, same number of references, a different score: which translators "
                              "wrote the references matters too.")
    slips = ((right * 100, "Right score, wrong scale: the paper's tables use 0-1. Use .bleu, not .score."),
             (_bleu(REFS_12), "That is H2 against references 1 and 2, the pair of Table 1. The exercise asks for "
                              "the other two."),
             (_bleu((0, 1, 2, 3)), "That is H2 against all four references. Keep only the two the exercise names."),
             (_bleu((1, 2)), "Those are references 2 and 3: positions are 0-based. Which positions hold the "
                             "references the exercise names?"),
             (_bleu(REFS_34, "sacrebleu"), "That is sacreBLEU's score for these references. The paper's tables use "
                                           "preset=\"paper\" (case-folded, punctuation removed)."))
    for value, message in slips:
        if agrees(answer, value, BLEU_DECIMALS - 2 if value > 1 else BLEU_DECIMALS):
            return Feedback(False, message)
    if too_few_decimals(answer, right, BLEU_DECIMALS):
        return Feedback(False, "Close, but rounded too far: give four decimals.")
    return Feedback(False, "Keep only the two references the exercise names, score H2 under the paper's rules, "
                           "and give its BLEU on the paper's 0-1 scale.")


def worked_t_with_10_blocks() -> str:
    return f"""Keep references 1 and 2, cut the 120 segments into 10 blocks of 12, score S2 and S3 on every block with
`preset="paper"`: t is the mean of the 10 differences S3 - S2 over their standard error (sample standard deviation
/ the square root of 10). S2 goes first: each system is tested against the one before it, as in Table 2.

```python
import bleu_explain as bx
corpus = bx.load_corpus().with_references([0, 1])
result = bx.block_t_test({{name: corpus.system(name) for name in ("S2", "S3")}}, corpus.references,
                         n_blocks=10, preset="paper", progress=False)
round(result.t_statistics["S3"], 1)
```

Answer: **{_t(10):.1f}** (with 20 blocks it is {_t(20):.1f})."""


def worked_h2_other_references() -> str:
    return f"""References 3 and 4 are at positions 2 and 3 (positions count from 0); score H2 with `preset="paper"` and
read `.bleu`, the paper's 0-1 scale.

```python
import bleu_explain as bx
round(bx.load_corpus().with_references([2, 3]).explain("H2", preset="paper").bleu, 4)
```

Answer: **{_bleu(REFS_34):.4f}**, against {_bleu(REFS_12):.4f} with references 1 and 2: the same system and the
same number of references, but other translators."""


EXERCISES = [
    Exercise("t_with_10_blocks", "With references 1 and 2 and preset='paper', split the corpus into 10 blocks instead "
             "of 20. What is the paired t-statistic of S3 against S2 (one decimal)?", check_t_with_10_blocks,
             solution=lambda: round(_t(10), 1), mistake=lambda: round(_t(20), 1), worked=worked_t_with_10_blocks),
    Exercise("h2_other_references", "What is H2's BLEU (preset='paper', 0-1 scale, four decimals) against references 3 "
             "and 4 only?", check_h2_other_references, solution=lambda: round(_bleu(REFS_34), 4),
             mistake=lambda: round(_bleu(REFS_12), 4), worked=worked_h2_other_references),
]
