"""glibc's exp, ported: e**x with the bits CPython's ``math.exp`` gives on Linux x86-64.

The algorithm is Szabolcs Nagy's for Arm's optimized-routines (math/exp.c and exp_data.c; Copyright (c) 2018
Arm Limited, licensed MIT OR Apache-2.0 WITH LLVM-exception), which glibc adopted in version 2.28
(EXP_TABLE_BITS = 7, EXP_POLY_ORDER = 5), as glibc's x86-64 FMA build compiles it
(sysdeps/ieee754/dbl-64/e_exp.c with ``-mfma -mavx2``, read off glibc 2.36's machine code). The table of
2^(k/128) is computed here as that code defines it; the polynomial's coefficients are written as the
hexadecimal floats of exp_data.c.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from typing import Callable, SupportsFloat

from .doubles import as_double, fma
from .doubles import hexfloat as _h

_EXP_N = 128
_INV_LN2_N = _h("0x1.71547652b82fep+0") * _EXP_N  # N/ln2
_NEG_LN2_HI_N = _h("-0x1.62e42fefa0000p-8")  # -ln2/N, high part (k * hi is exact)
_NEG_LN2_LO_N = _h("-0x1.cf79abc9e3b3ap-47")  # -ln2/N, low part
_SHIFT = _h("0x1.8p52")  # adding it rounds to an integer
_TINY = math.ldexp(1.0, -54)  # exp(x) rounds to 1 + x below
_TWO_1009 = math.ldexp(1.0, 1009)
_TWO_M1022 = math.ldexp(1.0, -1022)
_C2, _C3, _C4, _C5 = (_h(c) for c in ("0x1.ffffffffffdbdp-2", "0x1.555555555543cp-3",
                                       "0x1.55555cf172b91p-5", "0x1.1111167a4d017p-7"))


def _exp_table() -> tuple[tuple[float, float], ...]:
    """(tail, H) for j = 0..127: H is 2^(j/128) rounded to a double, and 2^(j/128) ~= H * (1 + tail).

    exp_data.c stores the bits of tail and of H minus j/128 in the exponent; this is the same table.
    """
    rows = []
    with localcontext() as ctx:
        ctx.prec = 50  # 2^(j/128) to ~1e-48: far finer than any rounding to 53 bits can see
        step = (Decimal(2).ln() / _EXP_N).exp()
        power = Decimal(1)
        for _ in range(_EXP_N):
            high = float(power)  # Decimal -> float rounds correctly
            rows.append((float((power - Decimal(high)) / Decimal(high)), high))
            power *= step
    return tuple(rows)


_EXP_TABLE = _exp_table()


def glibc_exp(arg: SupportsFloat, fma: Callable[[float, float, float], float] = fma) -> float:
    """e**x with the bits of glibc's exp on x86-64 with FMA (what CPython's ``math.exp`` gives on Linux).

    ``fma`` is the fused multiply-add to use (by default :data:`fma`). Unfused,
    as WebAssembly computes it, one result in about 1,500 rounds the other way:

    >>> glibc_exp(-0.8493035300671963), glibc_exp(-0.8493035300671963, fma=lambda a, b, c: a * b + c)
    (0.42771271728488963, 0.4277127172848896)
    >>> glibc_exp(0.0), glibc_exp(-1000.0), glibc_exp(-745.0).hex()
    (1.0, 0.0, '0x0.0000000000001p-1022')
    """
    x = arg if type(arg) is float else as_double(arg)
    ax = abs(x)
    if ax < 512.0:
        if ax < _TINY:
            return 1.0 + x
        large = False
    elif ax < 1024.0:
        large = True  # the result may overflow or be subnormal: glibc's specialcase below
    else:
        # |x| >= 1024, inf, nan: the result is 0, inf (OverflowError) or nan in every C library
        return math.exp(x)
    # x = k ln2/N + r with |r| <= ln2/2N; exp(x) = 2^(k/N) exp(r)
    kd = fma(x, _INV_LN2_N, _SHIFT)
    kd -= _SHIFT
    k = int(kd)
    r = fma(kd, _NEG_LN2_LO_N, fma(kd, _NEG_LN2_HI_N, x))
    tail, high = _EXP_TABLE[k & 127]
    r2 = r * r
    tmp = fma(r2 * r2, fma(r, _C5, _C4), fma(r2, fma(r, _C3, _C2), tail + r))
    if not large:
        scale = math.ldexp(high, k >> 7)  # exactly glibc's scale: H with k >> 7 added to its exponent
        return fma(scale, tmp, scale)
    if k >= 0:
        scale = math.ldexp(high, (k >> 7) - 1009)
        y = _TWO_1009 * fma(scale, tmp, scale)
        return y if y != math.inf else math.exp(x)  # overflow: Python's own OverflowError
    # k < 0: round once to 53 bits before scaling into the subnormal range (glibc's comment),
    # here without fused operations, as the FMA build compiles it
    scale = math.ldexp(high, (k >> 7) + 1022)
    scaled_tmp = scale * tmp
    y = scale + scaled_tmp
    if y < 1.0:
        lo = scale - y + scaled_tmp
        hi = 1.0 + y
        lo = 1.0 - hi + y + lo
        y = (hi + lo) - 1.0
        if y == 0.0:
            y = 0.0
    return _TWO_M1022 * y
