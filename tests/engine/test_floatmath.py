"""The ports of glibc's exp and log give math.exp's and math.log's bits, on the inputs BLEU feeds them.

The ports are what the engine uses under Emscripten (Pyodide); here, on CPython,
they run with the exact fused multiply-add emulation (or math.fma where Python
has it) and are compared bit for bit with this CPython's ``math`` module. They
reproduce glibc's x86-64 build with FMA, so the comparisons are meaningful only
where math.exp is that build: Linux on x86-64 with FMA and AVX2 (other
platforms skip them).
"""

from __future__ import annotations

import math
import platform
import random
import struct
import sys
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator

import pytest

from bleu_explain.engine import floatmath
from bleu_explain.engine.floatmath import exponential, fma_exact, glibc_exp, glibc_log, logarithm


def _glibc_fma_build() -> bool:
    if sys.platform != "linux" or platform.machine() != "x86_64" or platform.libc_ver()[0] != "glibc":
        return False
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as cpuinfo:
            flags = next((line.split(":", 1)[1].split() for line in cpuinfo if line.startswith("flags")), [])
    except OSError:
        return False
    return "fma" in flags and "avx2" in flags


needs_glibc_fma = pytest.mark.skipif(
    not _glibc_fma_build(), reason="the ports reproduce glibc's x86-64 FMA build: math here is another libm"
)

FMAS = [pytest.param(fma_exact, id="fma_exact")]
if hasattr(math, "fma"):
    FMAS.append(pytest.param(math.fma, id="math.fma"))


def outcome(fn: Callable[..., float], x: Any, **kw: Any) -> tuple:
    """The bits of fn(x), or the exception's type and message."""
    try:
        value = fn(x, **kw)
    except Exception as error:  # the exception is what is compared
        return ("raises", type(error).__name__, str(error))
    return ("nan",) if math.isnan(value) else ("bits", struct.pack("<d", value))


def differing(port: Callable[..., float], reference: Callable[[Any], float], xs: Iterable[Any], **kw: Any) -> list:
    """The xs on which port and reference differ in bits or in the exception raised."""
    pack = struct.Struct("<d").pack
    out = []
    for x in xs:
        try:
            if pack(port(x, **kw)) == pack(reference(x)):
                continue
        except Exception:  # compared below
            pass
        if outcome(port, x, **kw) != outcome(reference, x):
            out.append(x)
    return out


def random_doubles(rng: random.Random, n: int) -> list[float]:
    """Doubles with uniformly random bits: every exponent, subnormals, infinities and NaNs."""
    return [struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0] for _ in range(n)]


def exp_inputs(n: int, seed: int) -> list[float]:
    """What BLEU exponentiates: brevity penalties 1 - r/c, mean logs of precisions (in [-30, 5]), and the rest."""
    rng = random.Random(seed)
    xs = [rng.uniform(-30.0, 5.0) for _ in range(n)]
    xs += [1 - rng.randint(2, 2000) / rng.randint(1, 2000) for _ in range(n // 4)]
    xs += [rng.uniform(-746.0, 710.0) for _ in range(n // 4)]  # subnormal results and overflow included
    xs += random_doubles(rng, n // 4)
    return xs


def log_inputs(n: int, seed: int) -> list[float]:
    """What BLEU takes logs of: precisions and percent precisions, anything in (1e-300, 1e4], and the rest."""
    rng = random.Random(seed)
    ys = [rng.uniform(1e-300, 1e4) for _ in range(n // 4)]
    ys += [10 ** rng.uniform(-300, 4) for _ in range(n // 2)]
    ys += [rng.uniform(0.9, 1.1) for _ in range(n // 4)]  # glibc's separate polynomial near 1
    ys += [abs(y) for y in random_doubles(rng, n // 4)]  # subnormals, inf, nan
    return ys


def precisions(max_total: int) -> Iterator[float]:
    """m/t and sacreBLEU's 100. * m / t for every 1 <= m <= t <= max_total (each fraction once, in lowest terms)."""
    for t in range(1, max_total + 1):
        for m in range(1, t + 1):
            if math.gcd(m, t) == 1:
                yield m / t
                yield 100.0 * m / t


EDGE_EXP = [0.0, -0.0, 1e-300, -1e-300, 5e-324, 2.0 ** -54, -(2.0 ** -54), math.nextafter(2.0 ** -54, 0.0),
            2.0 ** -55, 1e-17, 0.5, -0.5, 1.0, -1.0, math.log(2), -7.0, 512.0, -512.0, math.nextafter(512.0, 0.0),
            1023.9, -1023.9, 1024.0, -1024.0, 709.782712893384, 709.7827128933841, 710.0, -708.3964185322641,
            -708.3964185322642, -745.0, -745.1332191019411, -745.1332191019412, -744.4400719213812,
            -9999999999.0, -9999999999.0 / 4, 1e308, -1e308, math.inf, -math.inf, math.nan,
            0, 1, -1, 20, True, False, 10 ** 400, -(10 ** 400), Fraction(1, 3), Fraction(-17, 18), Decimal("0.1"),
            "1.5", None]
EDGE_LOG = [0.0, -0.0, -1.0, -math.inf, math.inf, math.nan, 5e-324, 1e-310, sys.float_info.min,
            math.nextafter(sys.float_info.min, 0.0), 1e-300, 0.5, 0.6875, math.nextafter(0.6875, 0.0), 1.375,
            0.9375, math.nextafter(0.9375, 0.0), 1.064697265625, math.nextafter(1.064697265625, 0.0), 1.0,
            math.nextafter(1.0, 0.0), math.nextafter(1.0, 2.0), 2.0, math.e, 10.0, 100.0, sys.float_info.max,
            0, 1, 2, -5, True, False, 10 ** 400, 2 ** 1024, 2 ** 1024 - 1, (2 ** 53 + 1) * 2 ** 971, 3 * 2 ** 1100,
            Fraction(17, 18), Fraction(0), Fraction(-1, 2), Decimal("0.5"), "2", None]


def test_fma_exact_rounds_once_like_an_exact_decimal_sum():
    rng = random.Random(2002)
    triples = []
    for _ in range(3000):
        a, b = rng.uniform(-2, 2), rng.uniform(-2, 2)
        near = -(a * b)  # c cancelling the rounded product: the exact sum is its tiny rounding error
        triples += [(a, b, rng.uniform(-2, 2)), (a, b, near), (a, b, math.nextafter(near, 0.0)),
                    (math.ldexp(a, -540), math.ldexp(b, -540), math.ldexp(near, -1080)),  # subnormal results
                    (math.ldexp(a, 1000), b, math.ldexp(rng.uniform(-2, 2), 1000))]
    triples += [(0.0, 1.0, -0.0), (-0.0, 1.0, -0.0), (1.0, 1.0, -1.0), (-1.0, 1.0, 1.0), (0.5, 2.0 ** -1074, 0.0)]
    with localcontext() as ctx:
        ctx.prec = 2000  # wide enough for these sums to be exact
        for a, b, c in triples:
            exact = Decimal(a) * Decimal(b) + Decimal(c)
            expected = float(exact)  # Decimal -> float rounds correctly
            if exact == 0:
                expected = -0.0 if math.copysign(1, a * b) < 0 and math.copysign(1, c) < 0 else 0.0
            got = fma_exact(a, b, c)
            assert struct.pack("<d", got) == struct.pack("<d", expected), (a, b, c)


@pytest.mark.skipif(not hasattr(math, "fma"), reason="math.fma is new in Python 3.13")
def test_fma_exact_is_math_fma():
    rng = random.Random(7)
    for _ in range(20000):
        a, b, c = rng.uniform(-4, 4), rng.uniform(-4, 4), rng.uniform(-4, 4)
        assert fma_exact(a, b, c) == math.fma(a, b, c)  # type: ignore[attr-defined]


def test_outside_the_browser_exp_and_log_are_maths():
    assert sys.platform != "emscripten"
    assert floatmath.exp is math.exp and floatmath.log is math.log


def test_the_exp_table_is_two_to_the_j_over_128_also_at_a_higher_precision():
    with localcontext() as ctx:
        ctx.prec = 80
        for j, (tail, high) in enumerate(exponential._EXP_TABLE):
            power = Decimal(2) ** (Decimal(j) / 128)
            assert high == float(power)
            assert tail == float((power - Decimal(high)) / Decimal(high))


def test_the_hexadecimal_constants_are_what_the_algorithms_say():
    with localcontext() as ctx:
        ctx.prec = 60
        ln2 = Decimal(2).ln()
        assert exponential._INV_LN2_N == float(128 / ln2)
        assert abs(-(Decimal(exponential._NEG_LN2_HI_N) + Decimal(exponential._NEG_LN2_LO_N)) - ln2 / 128) < Decimal(2) ** -100
        assert abs(Decimal(logarithm._LN2_HI) + Decimal(logarithm._LN2_LO) - ln2) < Decimal(2) ** -100
        # the high parts are short, so that k * hi is exact: exp's |k| < 2^17 when |x| < 512, log's |k| <= 1074
        assert exponential._NEG_LN2_HI_N.as_integer_ratio()[0].bit_length() <= 53 - 17
        assert logarithm._LN2_HI.as_integer_ratio()[0].bit_length() <= 53 - 11
        # log's table: 128 subintervals of [0x1.6p-1, 0x1.6p0), with logc = log(c) and invc ~= 1/c
        assert len(logarithm._LOG_TABLE) == 128
        for i, (invc, logc) in enumerate(logarithm._LOG_TABLE):
            # subinterval i: the z whose bits minus 0x1.6p-1's have i as their top 7 mantissa bits
            start = Fraction(11, 16) + Fraction(i, 256) if i < 80 else 1 + Fraction(i - 80, 128)
            width = Fraction(1, 256) if i < 80 else Fraction(1, 128)
            c = 1 / Fraction(invc)
            assert start + width / 4 < c < start + 3 * width / 4, i  # c is near the middle
            assert abs(Decimal(logc) + Decimal(invc).ln()) < Decimal(2) ** -50, i
        assert logarithm._B[0] == -0.5


@needs_glibc_fma
@pytest.mark.parametrize("fma", FMAS)
def test_exp_and_log_agree_with_math_on_the_edges(fma):
    assert differing(glibc_exp, math.exp, EDGE_EXP, fma=fma) == []
    assert differing(glibc_log, math.log, EDGE_LOG, fma=fma) == []


@needs_glibc_fma
@pytest.mark.parametrize("fma", FMAS)
def test_exp_and_log_agree_with_math_on_a_few_thousand_inputs(fma):
    assert differing(glibc_exp, math.exp, exp_inputs(3000, seed=1), fma=fma) == []
    assert differing(glibc_log, math.log, log_inputs(3000, seed=2), fma=fma) == []
    assert differing(glibc_log, math.log, precisions(40), fma=fma) == []


@needs_glibc_fma
@pytest.mark.slow
def test_exp_agrees_with_math_on_200000_inputs_and_more():
    xs = exp_inputs(200_000, seed=3)
    assert len(xs) >= 350_000
    assert differing(glibc_exp, math.exp, xs, fma=fma_exact) == []


@needs_glibc_fma
@pytest.mark.slow
def test_log_agrees_with_math_on_200000_inputs_and_on_every_precision_up_to_2000():
    ys = log_inputs(200_000, seed=4)
    assert len(ys) >= 250_000
    assert differing(glibc_log, math.log, ys, fma=fma_exact) == []
    assert differing(glibc_log, math.log, precisions(2000), fma=fma_exact) == []
