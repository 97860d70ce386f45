"""What the exercises on the WMT21 data share (notebooks 10 and 11): BLEU of some translations kept on disk, the
checker's verdict with its named slips, and the code of a worked solution.

Each checker computes the right value from the data and the engine when an answer is checked (the scores are kept on
disk, :func:`~bleu_explain.data.parsed_cache.on_disk`), names the usual slips, and never prints the answer; without
the data it says how to get them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..analysis.wmt21_scores import bleu_counts, references
from ..data.parsed_cache import load_wmt21_cached, on_disk
from .answers import agrees, as_number, too_few_decimals
from .exercise import Feedback


def bleu_scores(pair: str, reference: str, names: list[str]) -> dict[str, float]:
    """BLEU (sacreBLEU's defaults) of ``names`` against one reference, their statistics kept on disk."""
    ts = load_wmt21_cached(pair)
    outputs = {n: ts.translations(reference)[n] for n in names}
    return on_disk(bleu_counts, outputs, references(ts, (reference,))).scores()


def check_on_wmt21(answer: Any, right: Callable[[], float], praise: str,
                   slips: list[tuple[Callable[[float], float], str]], hint: str) -> Feedback:
    """Right, a named slip (a function of the right value giving it), rounded too far, or the hint; without data,
    how to get it."""
    from ..data.wmt21 import wmt21_available

    if not wmt21_available():
        return Feedback(False, "This exercise needs the WMT21 data: run `python -m bleu_explain.data fetch wmt21` "
                               "(or set BLEU_EXPLAIN_DATA to a folder that has it), then try again.")
    number = as_number(answer)
    if number is None:
        return Feedback(False, "Give a number, e.g. 0.42.")
    value = right()
    if agrees(answer, value):
        return Feedback(True, praise)
    if agrees(number / 100, value):  # 56 for 0.56
        return Feedback(False, "Right number, wrong scale: give the value itself, not a percentage.")
    for wrong, message in slips:
        if agrees(answer, wrong(value)):
            return Feedback(False, message)
    return Feedback(False, "Close, but rounded too far: give two decimals." if too_few_decimals(answer, value) else hint)


def solution_code(pair: str, keep: str, reference: str, last: str) -> str:
    """The worked solution's code: score the translations that ``keep`` selects against ``reference``, then ``last``."""
    return f"""```python
import bleu_explain as bx
from bleu_explain.analysis import human as hx
from bleu_explain.data.wmt21 import load_wmt21
ts = load_wmt21("{pair}")
outputs = {{name: lines for name, lines in ts.translations("{reference}").items() if {keep}}}
results = bx.explain_systems(outputs, [[ref] for ref in ts.references["{reference}"]], progress=False)
bleu = {{name: r.score for name, r in results.items()}}
{last}
```"""
