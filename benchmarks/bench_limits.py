"""The max order at the edge: bleu-explain vs sacreBLEU 2.x at high n-gram orders, measured in the same run.

    BLEU_EXPLAIN_DATA=path/to/wmt21 python benchmarks/bench_limits.py [--repeat 3]

1. One system of WMT21 en-de (the first alphabetically, reference A; the generated corpus without the data) at
   max order 4, 100 and the highest bleu-explain takes (``engine.limits.MAX_ORDER``): ``bx.explain_corpus`` vs
   ``BLEU(max_ngram_order=N).corpus_score``. The counter stops at each segment's length, so an order past every
   segment costs only its own precision; scores must agree with sacreBLEU's to 1e-9 (exit code 1 if not).
2. The command line at ``--max-ngram-order 100000`` on one sentence: refused in one line (target: under a
   second, the interpreter's start included), next to sacreBLEU scoring that sentence at that order (its
   command line has no such option: ``BLEU(max_ngram_order=100000)`` in a fresh interpreter).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench_engine import clear_caches, load_en_de, ms, race, wmt21_root  # noqa: E402
from common import zipf_corpus  # noqa: E402

TOLERANCE = 1e-9
REFUSAL_TARGET_S = 1.0


def corpus() -> tuple[str, list[str], list[list[str]]]:
    root = wmt21_root()
    if root is None:
        hyps, refs = zipf_corpus(1000, n_refs=1)
        return "the generated corpus, 1,000 segments", hyps, refs
    systems, refs, _ = load_en_de(root)
    name = sorted(systems)[0]
    return f"WMT21 en-de {name}, reference A", systems[name], [[r] for r in refs]


def orders(repeat: int) -> bool:
    from sacrebleu.metrics import BLEU

    import bleu_explain as bx
    from bleu_explain.engine.limits import MAX_ORDER

    label, hyps, refs = corpus()
    streams = [list(s) for s in zip(*refs)]
    print(f"1. {label}: explain_corpus vs BLEU(max_ngram_order=N).corpus_score")
    agree = True
    for order in (4, 100, MAX_ORDER):
        t_ours, t_theirs, ours, theirs = race(lambda: bx.explain_corpus(hyps, refs, max_order=order),
                                              lambda: BLEU(max_ngram_order=order).corpus_score(hyps, streams), repeat)
        same = abs(ours.score - theirs.score) <= TOLERANCE
        agree &= same
        print(f"  max order {order:>5}: ours {ms(t_ours)}   sacreBLEU {ms(t_theirs)}   ratio {t_ours / t_theirs:.2f}"
              f"   BLEU {ours.score:.4f} {'in both' if same else f'ours, {theirs.score!r} sacreBLEU: DISAGREE'}")
    clear_caches()
    return agree


def command_line() -> None:
    with tempfile.TemporaryDirectory() as folder:
        ref, hyp = Path(folder) / "ref.txt", Path(folder) / "hyp.txt"
        ref.write_text("the cat sat on the mat\n", encoding="utf-8")
        hyp.write_text("the cat is on the mat\n", encoding="utf-8")
        print("2. the command line, one sentence, --max-ngram-order 100000 (the interpreter's start included)")
        sacrebleu = ("from sacrebleu.metrics import BLEU; print(BLEU(max_ngram_order=100000).corpus_score("
                     "['the cat is on the mat'], [['the cat sat on the mat']]).score)")
        for name, command in (("bleu-explain", [sys.executable, "-m", "bleu_explain", str(ref), "-i", str(hyp),
                                                "--max-ngram-order", "100000", "-b"]),
                              ("sacreBLEU", [sys.executable, "-c", sacrebleu])):
            start = time.perf_counter()
            run = subprocess.run(command, capture_output=True, text=True, check=False)
            took = time.perf_counter() - start
            said = (run.stdout.strip() or run.stderr.strip().splitlines()[-1])[:110]
            target = f" (target < {REFUSAL_TARGET_S:.0f} s)" if name == "bleu-explain" else ""
            print(f"  {name}: {ms(took)}{target}, exit {run.returncode}: {said}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    agree = orders(args.repeat)
    command_line()
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
