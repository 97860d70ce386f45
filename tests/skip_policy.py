"""Which skips CI accepts. Under ``CI=true`` a test that skips for any other reason fails (conftest.py):
a missing install step, a tool the project reproduces that is not there, or a broken import cannot pass as a
skip. Each entry is a pattern of the reason and why that reason cannot be helped on CI's machine.
Keep the list short; a new entry needs a reason that no install step can remove.
"""

from __future__ import annotations

import re

ALLOWED_IN_CI: tuple[tuple[str, str], ...] = (
    (r"tagged nbval-skip",
     "a notebook cell that scores the reader's own files, named by an environment variable: no stored output "
     "to compare"),
    (r"math\.fma is new in Python 3\.13",
     "CI runs the oldest Python the project supports; math.fma exists from 3.13 (the pure-Python fma always runs)"),
    (r"another libm",
     "the ports reproduce glibc's x86-64 FMA build of math; a machine with another libm cannot show them"),
    (r"no CPython >= 3\.12 on this machine",
     "the live page's Python sums floats as CPython 3.12+ does; a machine without one cannot compare to the last "
     "bit outside the browser (the browser tests still run)"),
    (r"POSIX|on Windows",
     "file modes, owners, links and pseudo-terminals exist on POSIX only"),
    (r"wmt15_eval",
     "NLTK's wmt15_eval data is downloaded by nltk.download from outside the package registries"),
)


def allowed_in_ci(reason: str) -> bool:
    """Whether a skip with this reason is one CI accepts.

    >>> allowed_in_ci("math.fma is new in Python 3.13"), allowed_in_ci("No module named 'bleu_explain.x'")
    (True, False)
    """
    return any(re.search(pattern, reason) for pattern, _why in ALLOWED_IN_CI)
