"""exp and log with the same bits everywhere the engine runs.

A score is shown with every digit (``13.134549472120788``), so the browser
must compute the very float the Python API computes. The engine runs on
CPython under Linux, where ``math.exp`` and ``math.log`` are glibc's, and in
the browser under Pyodide (CPython compiled to WebAssembly with Emscripten),
where they are musl's. Both libraries use the same algorithms, but glibc on
x86-64 picks a build compiled with fused multiply-adds (FMA) on CPUs that
have them, while WebAssembly has none, so about one exp in 1,500 comes out one
unit in the last place apart; neither library is always correctly rounded, so
no third implementation can agree with both. (The other difference is Python's:
since 3.12 ``sum`` of floats is compensated, so a score that sums logs with ``sum``,
as sacreBLEU does, has the bits of CPython 3.12 and later, as in Pyodide.)

Hence:

* on CPython that is not Emscripten, :func:`exp` and :func:`log` ARE
  ``math.exp`` and ``math.log`` (no cost);
* on Emscripten (``sys.platform == "emscripten"``) they are :func:`glibc_exp`
  and :func:`glibc_log`, pure-Python ports of glibc's x86-64 FMA build
  (sysdeps/ieee754/dbl-64/e_exp.c and e_log.c compiled with ``-mfma -mavx2``,
  which glibc chooses on CPUs with FMA and AVX2; read off glibc 2.36's machine
  code), which give the bits CPython gives on Linux x86-64.

One module a concept: :mod:`.doubles` (the fused multiply-add, and doubles as
C sees them), :mod:`.exponential` and :mod:`.logarithm` (the two ports, each
with its algorithm's source). Each multiply-add that the FMA build fuses is a
call to :data:`fma`; every other operation is a single IEEE double operation,
as in the machine code, so the ports round exactly where glibc rounds. Results
and exceptions for zero, negative, infinite and NaN arguments, and exp's
overflow, are those of Python's own ``math`` module.

>>> glibc_exp(1.0), glibc_log(10.0)
(2.718281828459045, 2.302585092994046)
>>> exp is math.exp  # on CPython outside the browser
True
"""

from __future__ import annotations

import math
import sys
from typing import Callable, SupportsFloat

from .doubles import fma, fma_exact
from .exponential import glibc_exp
from .logarithm import glibc_log

__all__ = ["exp", "log", "glibc_exp", "glibc_log", "fma", "fma_exact"]

exp: Callable[[SupportsFloat], float]
log: Callable[[SupportsFloat], float]
if sys.platform == "emscripten":
    exp, log = glibc_exp, glibc_log
else:
    exp, log = math.exp, math.log
