"""IEEE doubles as C computes them: the fused multiply-add, hexadecimal constants, a number as the double C sees.

The ports of :mod:`.exponential` and :mod:`.logarithm` round exactly where glibc's machine code rounds: every
operation is one IEEE double operation, and each multiply-add that glibc's FMA build fuses is a call to
:data:`fma` (``math.fma``, Python 3.13 and later; :func:`fma_exact`, integer arithmetic with one rounding, on
older Pythons; both ports take another as ``fma=``).
"""

from __future__ import annotations

import math
from typing import Callable, SupportsFloat


def fma_exact(a: float, b: float, c: float) -> float:
    """``a * b + c`` with a single rounding (to nearest, ties to even), like C's ``fma``.

    Floats are binary fractions, so the exact value is a ratio of integers,
    and Python's integer division rounds it correctly.

    >>> a = 1.0 + 2.0 ** -30
    >>> a * a - 1.0 == 2.0 ** -29, fma_exact(a, a, -1.0) == 2.0 ** -29 + 2.0 ** -60
    (True, True)
    """
    na, da = a.as_integer_ratio()
    nb, db = b.as_integer_ratio()
    nc, dc = c.as_integer_ratio()
    # the denominators are powers of two: the larger one is a multiple of the smaller
    dab = da * db
    if dab >= dc:
        num = na * nb + nc * (dab // dc)
        den = dab
    else:
        num = na * nb * (dc // dab) + nc
        den = dc
    if num == 0:
        return a * b + c  # an exact zero: IEEE's rule for its sign, which a*b + c follows too
    return num / den


#: the fused multiply-add the ports use: the C library's where Python has it (3.13 and later)
fma: Callable[[float, float, float], float] = getattr(math, "fma", fma_exact)


def hexfloat(text: str) -> float:
    """A C hexadecimal float literal (``0x1.8p52``) as the double it writes."""
    return float.fromhex(text)


def as_double(x: SupportsFloat) -> float:
    """``x`` as the C double Python's math functions see (ints, Fractions, ...); TypeError for strings."""
    return math.ldexp(x, 0)  # type: ignore[arg-type]
