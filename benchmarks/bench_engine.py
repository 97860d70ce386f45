"""The corpus engine vs sacreBLEU 2.x on real text, measured in the same run at the same settings.

    BLEU_EXPLAIN_DATA=path/to/wmt21 python benchmarks/bench_engine.py [--quick] [--repeat 3]

``BLEU_EXPLAIN_DATA`` names the WMT21 folder (``en-de/`` and ``zh-en/``, see its
README.md; the files read are checked against its MANIFEST.tsv). Without it,
only the generated corpus is measured (:func:`common.zipf_corpus`: a Zipfian
vocabulary of 20,000 types, MT-like candidates and 2 references, about 25
tokens a segment), and 2. scores 20 generated systems (:func:`common.zipf_systems`).

1. One system: ``bx.explain_corpus`` vs ``BLEU().corpus_score`` (target <= 0.5x),
   on WMT21 en-de (the first system alphabetically, reference A) and on the
   generated corpus at 3,000 segments.
2. All 20 WMT21 en-de systems against reference A: ``bx.explain_systems`` vs
   sacreBLEU's fastest mode, ``BLEU(references=...)`` prepared once and then
   ``corpus_score(hyps, None)`` per system, preparation included (target <= 1.0x).
3. Linear time: the generated corpus at 3,000, 30,000 and 300,000 segments
   (2 references); the ratio at 300,000 no worse than at 3,000.
4. Peak RSS at 300,000 segments with 2 references (target <= 1 GiB), each tool
   in a fresh process (bench_engine_memory.py), next to a process that only
   builds the corpus. That run is also 3.'s 300,000-segment row, and its piped
   stderr shows whether a progress bar would litter a log file.
5. ``import bleu_explain`` (target <= 300 ms).

Timings are the best of ``--repeat`` runs, ours and sacreBLEU alternating, with
the 13a tokenizer caches emptied and garbage collected before each run;
300,000 segments are run once. Every score must agree with sacreBLEU's to 1e-9
and every per-segment statistic (lengths, matches, totals) must equal
sacreBLEU's; the exit code is 1 only if one does not. ``--quick`` skips 300,000
segments (the memory processes then run at 30,000, for information). The full
run takes about ten minutes on two cores, most of it sacreBLEU at 300,000
segments, which also needs several GB of memory.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from common import tokenizer_caches, zipf_corpus, zipf_systems, zipf_vocabulary  # noqa: E402

ONE_SYSTEM_TARGET = 0.5
ALL_SYSTEMS_TARGET = 1.0
RSS_TARGET_MIB = 1024.0
IMPORT_TARGET_MS = 300.0
TOLERANCE = 1e-9
SMALL, MEDIUM, LARGE = 3_000, 30_000, 300_000


class Report:
    """Targets met or missed, and any disagreement with sacreBLEU."""

    def __init__(self) -> None:
        self.targets: list[tuple[str, str]] = []
        self.disagreements: list[str] = []
        self.checks = 0

    def target(self, ok: bool | None, text: str) -> str:
        verdict = "SKIP" if ok is None else ("PASS" if ok else "FAIL")
        self.targets.append((verdict, text))
        return verdict

    def agree(self, what: str, ours: float, theirs: float) -> None:
        self.checks += 1
        if not abs(ours - theirs) <= TOLERANCE:
            self.disagreements.append(f"{what}: ours {ours!r}, sacreBLEU {theirs!r}")

    def same_segments(self, what: str, result, sacre_stats: Sequence[Sequence[int]]) -> None:
        """Our per-segment lengths, matches and totals against sacreBLEU's, segment by segment."""
        self.checks += 1
        stats = getattr(result, "segment_stats", None)
        if stats is None:
            self.disagreements.append(f"{what}: the result keeps no per-segment statistics")
            return
        if len(stats) != len(sacre_stats):
            self.disagreements.append(f"{what}: {len(stats)} per-segment statistics for {len(sacre_stats)} segments")
            return
        for i, (s, t) in enumerate(zip(stats, sacre_stats)):
            mine = [s.hyp_len, s.ref_len, *s.matches, *s.totals]
            if mine != list(t):
                self.disagreements.append(f"{what}, segment {i} (hyp_len, ref_len, matches, totals): "
                                          f"ours {mine}, sacreBLEU {list(t)}")
                return


# --- data ----------------------------------------------------------------------------------------

def read_lines(path: Path) -> list[str]:
    """One segment per line, UTF-8; only "\\n" ends a line (str.splitlines would also split on U+2028 etc.)."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def wmt21_root() -> Path | None:
    """The WMT21 folder named by BLEU_EXPLAIN_DATA, or None (with a note) when it is not there."""
    root = os.environ.get("BLEU_EXPLAIN_DATA")
    if not root:
        print("note: BLEU_EXPLAIN_DATA is not set; using the generated corpus instead of WMT21 "
              "(BLEU_EXPLAIN_DATA=path/to/wmt21 python benchmarks/bench_engine.py)")
        return None
    folder = Path(root)
    if not (folder / "en-de" / "ref.A.de").is_file() or not (folder / "en-de" / "sys").is_dir():
        print(f"note: BLEU_EXPLAIN_DATA={root} holds no en-de/ref.A.de and en-de/sys/; "
              "using the generated corpus instead of WMT21")
        return None
    return folder


def check_manifest(root: Path, paths: Sequence[Path]) -> str:
    """Line counts and sha256 of the files read, against the folder's MANIFEST.tsv (when it has one)."""
    manifest = root / "MANIFEST.tsv"
    if not manifest.is_file():
        return "no MANIFEST.tsv to check the files against"
    rows = {}
    for line in read_lines(manifest)[1:]:
        fields = line.split("\t")
        if len(fields) >= 3:
            rows[fields[0]] = (int(fields[1]), fields[2])
    problems = []
    for path in paths:
        name = path.relative_to(root).as_posix()
        if name not in rows:
            problems.append(f"{name} not listed")
            continue
        data = path.read_bytes()
        if data.count(b"\n") != rows[name][0] or hashlib.sha256(data).hexdigest() != rows[name][1]:
            problems.append(f"{name} differs")
    if problems:
        return "MANIFEST.tsv check: " + "; ".join(problems)
    return f"all {len(paths)} files match MANIFEST.tsv (lines, sha256)"


def load_en_de(root: Path) -> tuple[dict[str, list[str]], list[str], str]:
    """WMT21 en-de: every system's output (sorted by name) and reference A."""
    ref_path = root / "en-de" / "ref.A.de"
    sys_paths = sorted((root / "en-de" / "sys").glob("*.de"))
    refs = read_lines(ref_path)
    systems = {p.name[: -len(".de")]: read_lines(p) for p in sys_paths}
    for name, hyps in systems.items():
        if len(hyps) != len(refs):
            raise SystemExit(f"en-de/sys/{name}.de has {len(hyps)} lines, ref.A.de {len(refs)}")
    return systems, refs, check_manifest(root, [ref_path, *sys_paths])


def describe_corpus(candidates: Sequence[str], references: Sequence[Sequence[str]]) -> str:
    """Segments, references, tokens per candidate and word types seen (13a tokens)."""
    from bleu_explain.engine.tokenize import tokenize

    types: set[str] = set()
    n_tokens = 0
    for cand, refs in zip(candidates, references):
        tokens = tokenize(cand)
        n_tokens += len(tokens)
        types.update(tokens)
        for ref in refs:
            types.update(tokenize(ref))
    return (f"{len(candidates):,} segments x {len(references[0])} refs, "
            f"{n_tokens / len(candidates):.1f} tokens/candidate, {len(types):,} word types seen")


# --- timing --------------------------------------------------------------------------------------

def clear_caches() -> None:
    for cached in tokenizer_caches().values():
        cached.cache_clear()
    gc.collect()


def race(ours: Callable[[], object], theirs: Callable[[], object], repeat: int):
    """Best wall times of ``repeat`` runs each, ours and sacreBLEU alternating, and each side's last result.

    Before every run (untimed): the previous result is dropped, the tokenizer
    caches are emptied and garbage is collected.
    """
    best = [float("inf"), float("inf")]
    results: list[object] = [None, None]
    for _ in range(repeat):
        for side, fn in enumerate((ours, theirs)):
            results[side] = None
            clear_caches()
            start = time.perf_counter()
            results[side] = fn()
            best[side] = min(best[side], time.perf_counter() - start)
    return best[0], best[1], results[0], results[1]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def ratio_line(label: str, t_ours: float, t_theirs: float, target: float | None, theirs_name: str) -> str:
    ratio = t_ours / t_theirs
    text = f"  {label}: ours {ms(t_ours)}   {theirs_name} {ms(t_theirs)}   ratio {ratio:.2f}"
    if target is not None:
        text += f" (target <= {target})"
    return text


def import_time(module: str, repeat: int = 5) -> float:
    """Median wall time of importing ``module`` in a fresh interpreter."""
    code = "import time; t = time.perf_counter(); import {m}; print(time.perf_counter() - t)"
    times = []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", code.format(m=module)], capture_output=True, text=True, check=True)
        times.append(float(out.stdout))
    times.sort()
    return times[len(times) // 2]


def child(what: str, n_segments: int) -> tuple[dict | None, str]:
    """Run bench_engine_memory.py in a fresh process: its JSON result (None if it failed) and its stderr."""
    script = os.path.join(HERE, "bench_engine_memory.py")
    proc = subprocess.run([sys.executable, script, what, str(n_segments), "2"], capture_output=True, text=True,
                          check=False)
    if proc.returncode != 0:
        print(f"  {what}: the process failed (exit code {proc.returncode}): {proc.stderr.strip()[-800:]}")
        return None, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1]), proc.stderr


# --- the measurements ----------------------------------------------------------------------------

def one_system(report: Report, label: str, hyps: list[str], refs: list[list[str]], repeat: int,
               target: float | None = ONE_SYSTEM_TARGET, check_segments: bool = True) -> tuple[float, float]:
    """explain_corpus vs BLEU().corpus_score on one system; returns both times."""
    from sacrebleu.metrics import BLEU

    import bleu_explain as bx

    streams = [list(s) for s in zip(*refs)]
    t_ours, t_theirs, ours, theirs = race(lambda: bx.explain_corpus(hyps, refs),
                                          lambda: BLEU().corpus_score(hyps, streams), repeat)
    report.agree(f"{label}: score", ours.score, theirs.score)
    if check_segments:
        report.same_segments(label, ours, BLEU()._extract_corpus_statistics(hyps, streams))
    print(ratio_line(label, t_ours, t_theirs, target, "sacreBLEU corpus_score"))
    same = "in both" if abs(ours.score - theirs.score) <= TOLERANCE else f"ours, {theirs.score!r} sacreBLEU: DISAGREE"
    print(f"    BLEU {ours.score:.2f} {same}")
    if target is not None:
        report.target(t_ours / t_theirs <= target,
                      f"one system, {label}: {t_ours / t_theirs:.2f}x sacreBLEU corpus_score (target <= {target})")
    return t_ours, t_theirs


def all_systems(report: Report, label: str, systems: Mapping[str, list[str]], refs: list[list[str]],
                repeat: int) -> None:
    """explain_systems (references counted once) vs sacreBLEU's BLEU(references=...) mode."""
    from sacrebleu.metrics import BLEU

    import bleu_explain as bx

    streams = [list(s) for s in zip(*refs)]
    explain_systems = getattr(bx, "explain_systems", None)
    if explain_systems is None:
        print("  note: bleu_explain has no explain_systems yet; FALLBACK: one explain_corpus per system")

        def ours():
            return {name: bx.explain_corpus(hyps, refs) for name, hyps in systems.items()}
    else:
        def ours():
            return explain_systems(systems, refs)

    def theirs():
        bleu = BLEU(references=streams)
        return {name: bleu.corpus_score(hyps, None) for name, hyps in systems.items()}

    t_ours, t_theirs, ours_results, theirs_results = race(ours, theirs, repeat)
    if list(ours_results) != list(systems):
        report.disagreements.append(f"{label}: ours returned systems {list(ours_results)}, expected {list(systems)}")
    prepared = BLEU(references=streams)
    for name, hyps in systems.items():
        if name in ours_results:
            report.agree(f"{label}, {name}: score", ours_results[name].score, theirs_results[name].score)
            report.same_segments(f"{label}, {name}", ours_results[name],
                                 prepared._extract_corpus_statistics(hyps, None))
    api = "explain_systems" if explain_systems is not None else "explain_corpus per system (fallback)"
    print(ratio_line(f"{label} ({api})", t_ours, t_theirs, ALL_SYSTEMS_TARGET,
                     "sacreBLEU BLEU(references=...) + corpus_score(h, None) each"))
    scores = sorted(theirs_results[name].score for name in systems)
    same = "the same in both" if not any(label in d for d in report.disagreements) else "DISAGREE (see the summary)"
    print(f"    {len(systems)} systems, BLEU {scores[0]:.2f} to {scores[-1]:.2f}, {same}")
    report.target(t_ours / t_theirs <= ALL_SYSTEMS_TARGET,
                  f"all {len(systems)} systems, {label}: {t_ours / t_theirs:.2f}x sacreBLEU's BLEU(references=...) "
                  f"(target <= {ALL_SYSTEMS_TARGET}){'' if explain_systems else ' [fallback: no explain_systems]'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="skip 300,000 segments (memory measured at 30,000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing, the best counts (default 3)")
    args = parser.parse_args()
    repeat = max(1, args.repeat)
    sys.stdout.reconfigure(line_buffering=True)  # a log file shows each result as it comes

    import sacrebleu

    import bleu_explain as bx

    report = Report()
    caches = ", ".join(tokenizer_caches())
    print(f"bleu_explain {bx.__version__} vs sacreBLEU {sacrebleu.__version__}, same settings (sacreBLEU defaults: "
          f"13a, exp smoothing); Python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"timings: best of {repeat}, ours and sacreBLEU alternating; emptied before each run: {caches}")
    if not any(label.startswith("bleu_explain") for label in tokenizer_caches()):
        print("  (bleu_explain's own 13a tokenizer keeps no per-line cache)")

    # warm-up: imports and compiled expressions of both sides, untimed
    from sacrebleu.metrics import BLEU

    bx.explain_corpus(["a b c d ."], [["a b c d ."]])
    BLEU().corpus_score(["a b c d ."], [["a b c d ."]])

    root = wmt21_root()
    systems = refs_a = None
    if root is not None:
        systems, refs_a, manifest = load_en_de(root)
        print(f"data: WMT21 en-de from BLEU_EXPLAIN_DATA ({len(refs_a):,} segments, {len(systems)} systems, "
              f"reference A); {manifest}")
    words, _ = zipf_vocabulary()
    small_hyps, small_refs = zipf_corpus(SMALL, 2)
    print(f"generated corpus: {len(words):,}-type Zipfian vocabulary, {describe_corpus(small_hyps, small_refs)}")

    print("\n1. One system: bx.explain_corpus(hyps, refs) vs sacrebleu BLEU().corpus_score(hyps, streams)")
    if systems is not None:
        first = min(systems)  # the first alphabetically
        one_system(report, f"WMT21 en-de {first} vs ref A, {len(refs_a):,} segments x 1 ref",
                   systems[first], [[r] for r in refs_a], repeat)
    t_small = one_system(report, f"generated, {SMALL:,} segments x 2 refs", small_hyps, small_refs, repeat)

    print("\n2. All systems of a test set against the same references")
    if systems is not None:
        all_systems(report, f"WMT21 en-de, {len(refs_a):,} segments x ref A", systems, [[r] for r in refs_a], repeat)
    else:
        gen_systems, gen_refs = zipf_systems(20, SMALL, 2)
        all_systems(report, f"generated, {SMALL:,} segments x 2 refs", gen_systems, gen_refs, repeat)
    del systems, refs_a

    print(f"\n3. Linear time: generated corpus, 2 refs, ours vs sacreBLEU corpus_score ({SMALL:,}: 1.'s run; "
          f"{MEDIUM:,}: best of {repeat}; {LARGE:,}: once, in fresh processes, see 4.)")
    times = {SMALL: t_small}
    medium_hyps, medium_refs = zipf_corpus(MEDIUM, 2)
    times[MEDIUM] = one_system(report, f"generated, {MEDIUM:,} segments x 2 refs", medium_hyps, medium_refs, repeat,
                               target=None, check_segments=False)
    del medium_hyps, medium_refs
    gc.collect()
    memory_size = MEDIUM if args.quick else LARGE
    runs, stderr_ours = {}, ""
    for what in ("corpus", "ours", "sacrebleu"):
        runs[what], stderr = child(what, memory_size)
        if what == "ours":
            stderr_ours = stderr
    if runs["ours"] and runs["sacrebleu"]:
        report.agree(f"generated, {memory_size:,} segments: score", runs["ours"]["score"], runs["sacrebleu"]["score"])
        if runs["ours"].get("segment_stats") != memory_size:
            report.disagreements.append(f"generated, {memory_size:,} segments: ours kept "
                                        f"{runs['ours'].get('segment_stats')} per-segment statistics")
        if not args.quick:
            times[LARGE] = (runs["ours"]["seconds"], runs["sacrebleu"]["seconds"])
    print(f"  {'segments':>9}   {'ours':>10}   {'sacreBLEU':>10}   ratio   ours' growth")
    previous = None
    for size, (t_ours, t_theirs) in times.items():
        growth = f"x{t_ours / previous:.1f} for 10x" if previous else ""
        print(f"  {size:>9,}   {ms(t_ours):>10}   {ms(t_theirs):>10}   {t_ours / t_theirs:5.2f}   {growth}")
        previous = t_ours
    if LARGE in times:
        r_small, r_large = (times[SMALL][0] / times[SMALL][1]), (times[LARGE][0] / times[LARGE][1])
        report.target(r_large <= r_small, f"linear time: ratio at {LARGE:,} segments {r_large:.2f}, at {SMALL:,} "
                      f"{r_small:.2f} (target: no worse); ours x{times[LARGE][0] / times[SMALL][0]:.0f} "
                      "for 100x segments")
    else:
        report.target(None, f"linear time up to {LARGE:,} segments: skipped (--quick)")

    print(f"\n4. Peak RSS, {memory_size:,} segments x 2 refs, each in a fresh process (bench_engine_memory.py"
          f"{'; --quick: 300,000 skipped, for information only' if args.quick else ''})")
    base = runs["corpus"]["peak_rss_mib"] if runs["corpus"] else None
    for what, name in (("corpus", "building the corpus only"), ("ours", "ours: corpus + explain_corpus"),
                       ("sacrebleu", "sacreBLEU: corpus + BLEU().corpus_score")):
        run = runs[what]
        if run is None:
            continue
        share = f", the scoring's share {run['peak_rss_mib'] - base:,.0f} MiB" if base and what != "corpus" else ""
        print(f"  {name}: peak RSS {run['peak_rss_mib']:,.0f} MiB{share}")
    if args.quick:
        report.target(None, f"{LARGE:,} segments x 2 refs in <= 1 GiB peak RSS: skipped (--quick)")
    elif runs["ours"] is None:
        report.target(False, f"{LARGE:,} segments x 2 refs in <= 1 GiB peak RSS: ours' process failed")
    else:
        peak = runs["ours"]["peak_rss_mib"]
        report.target(peak <= RSS_TARGET_MIB, f"{LARGE:,} segments x 2 refs: ours' peak RSS {peak:,.0f} MiB, "
                      f"corpus included (target <= {RSS_TARGET_MIB:,.0f} MiB)")
    carriage_returns = stderr_ours.count("\r")
    print(f"  ours' stderr, piped as into a log file: {len(stderr_ours):,} characters, "
          f"{carriage_returns:,} carriage returns")
    if stderr_ours.strip() and not carriage_returns:
        print(f"    {stderr_ours.strip()[:400]}")
    if runs["ours"] is not None:
        report.target(carriage_returns == 0, f"no progress bar in a log file: {carriage_returns:,} carriage returns "
                      f"on ours' piped stderr at {memory_size:,} segments (target 0)")

    print("\n5. Import time (median of 5 fresh interpreters)")
    t_import, t_api = import_time("bleu_explain") * 1000, import_time("bleu_explain.api") * 1000
    print(f"  import bleu_explain: {t_import:.1f} ms; import bleu_explain.api: {t_api:.1f} ms "
          f"(target <= {IMPORT_TARGET_MS:.0f} ms)")
    report.target(max(t_import, t_api) <= IMPORT_TARGET_MS, f"import bleu_explain: {t_import:.0f} ms, "
                  f"bleu_explain.api: {t_api:.0f} ms (target <= {IMPORT_TARGET_MS:.0f} ms)")

    print(f"\nsummary (load average now {os.getloadavg()[0]:.2f}; timings on a busy machine are noisy)")
    for verdict, text in report.targets:
        print(f"  {verdict}  {text}")
    if report.disagreements:
        print(f"  FAIL  agreement with sacreBLEU: {len(report.disagreements)} of {report.checks} checks differ")
        for problem in report.disagreements:
            print(f"        {problem}")
        return 1
    print(f"  PASS  agreement with sacreBLEU: all {report.checks} checks (scores to {TOLERANCE:g}, "
          "every segment's lengths, matches and totals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
