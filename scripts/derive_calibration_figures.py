"""Measure sacreBLEU's paired tests on WMT21 and bundle every pair's result: notebook 08's section 5 without the data.

The measurement of :mod:`bleu_explain.analysis.significance.calibration`, with the settings of
:mod:`bleu_explain.analysis.significance.claims` (the one place they are written):

* ``null``: ``NULL_SETTINGS.n_pairs`` pairs of equally good systems, mixed segment by segment by a fair coin from
  WMT21 English-German Online-B and Facebook-AI (scored against reference A), on all 1,002 segments;
* ``power``: for each size in ``POWER_SEGMENTS`` and each tilt in ``POWER_TILTS``, ``POWER_SETTINGS.n_pairs``
  pairs on that many segments drawn at random, the coin tilted towards Facebook-AI (tilt 0, equally good pairs:
  ``POWER_NULL_PAIRS``, which set each test's threshold at equal size).

Each pair is tested by sacreBLEU's paired bootstrap (1,000 resamples, seed 12345), approximate randomization (1,000
trials, seed 12345) and the bootstrap centred on the mean difference (the same resamples). It writes
``bleu_explain/data/wmt21_calibration.tsv``: a header of ``# key: value`` lines (the files read with their origin
and sha256, the settings and seeds, the versions, the licence), then one row per pair with its BLEU difference
(six decimals) and, per test, how many resamples went beyond the observed statistic (p = (count + 1) / (samples +
1)). A pair's result depends only on the seeds, so the first k pairs of each experiment are the same whatever k.

    BLEU_EXPLAIN_DATA=/path/to/wmt21 python scripts/derive_calibration_figures.py          # writes the file
    BLEU_EXPLAIN_DATA=/path/to/wmt21 python scripts/derive_calibration_figures.py --check  # compares, writes nothing

It takes about an hour on one laptop core. ``tests/data/test_calibration_figures.py`` recomputes the first
pairs of each experiment where the data are and asserts they equal the bundled rows.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed one

from bleu_explain.analysis.significance import claims  # noqa: E402
from bleu_explain.data.calibration_figures import CALIBRATION_PATH, COLUMNS, TESTS, read_calibration  # noqa: E402

LICENCE = ("derived measurements, Apache-2.0 like bleu-explain; computed from the texts of "
           "wmt-conference/wmt21-news-systems (which states no licence; the texts are not redistributed here)")
DECIMALS = 6  # of a pair's BLEU difference


def counts(data_dir: Path | str | None = None):
    """The two systems' segment statistics against the reference, counted once."""
    import bleu_explain as bx
    from bleu_explain.analysis.counts import SegmentCounts
    from bleu_explain.data.wmt21 import load_wmt21

    settings = claims.NULL_SETTINGS
    test_set = load_wmt21(settings.pair, data_dir=data_dir)
    refs = [[r] for r in test_set.references[settings.reference]]
    outputs = {s: test_set.systems[s] for s in settings.systems}
    return SegmentCounts.of(bx.explain_systems(outputs, refs, progress=False))


def _beyond(p_value: float, samples: int) -> int:
    """The count c of p = (c + 1) / (samples + 1)."""
    return round(p_value * (samples + 1)) - 1


def derive(data_dir: Path | str | None = None, *, null_pairs: Optional[int] = None,
           power_pairs: Optional[int] = None, log: bool = False) -> pd.DataFrame:
    """The table, computed from the data (``data_dir``, else ``$BLEU_EXPLAIN_DATA``, else the cache); ``null_pairs``
    and ``power_pairs`` (default: the settings') measure only the first pairs of each experiment and point."""
    import pandas as pd

    from bleu_explain.analysis.significance import calibration as cal

    null_s, power_s = claims.NULL_SETTINGS, claims.POWER_SETTINGS
    counted = counts(data_dir)
    samples = {"bs": null_s.n_resamples, "bs-centred": null_s.n_resamples, "ar": null_s.n_trials}
    start = time.perf_counter()
    null = cal.null_calibration(counted, null_s.systems, n_pairs=null_pairs or null_s.n_pairs,
                                n_resamples=null_s.n_resamples, n_trials=null_s.n_trials, seed=null_s.seed)
    if log:
        print(f"null: {null.n_pairs} pairs in {time.perf_counter() - start:.0f} s", flush=True)
    rows = [{"experiment": "null", "segments": null.n_segments, "tilt": 0.0, "pair": k,
             "delta": round(float(null.deltas[k]), DECIMALS),
             **{t: _beyond(float(null.p_values[t][k]), samples[t]) for t in TESTS}} for k in range(null.n_pairs)]
    for n in claims.POWER_SEGMENTS:
        for tilts, pairs in (((0.0,), power_pairs or claims.POWER_NULL_PAIRS),
                             (tuple(t for t in claims.POWER_TILTS if t > 0), power_pairs or power_s.n_pairs)):
            start = time.perf_counter()
            power = cal.power_curve(counted, power_s.systems, segments=(n,), tilts=tilts, pairs=pairs,
                                    n_resamples=power_s.n_resamples, n_trials=power_s.n_trials, level=claims.LEVEL,
                                    seed=power_s.seed)
            if log:
                print(f"power, {n} segments, tilts {tilts}: {len(power.pair_p_values)} pairs in "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
            rows += [{"experiment": "power", "segments": int(r["segments"]), "tilt": float(r["tilt"]),
                      "pair": int(r["pair"]), "delta": round(float(r["delta"]), DECIMALS),
                      **{t: _beyond(float(r[t]), samples[t]) for t in TESTS}}
                     for r in power.pair_p_values.to_dict("records")]
    return pd.DataFrame(rows, columns=list(COLUMNS))


def provenance(data_dir: Path | str | None = None) -> dict[str, str]:
    """The header: what was measured, with which settings and seeds, from which files, by which versions."""
    from importlib.metadata import version

    import bleu_explain
    from bleu_explain.analysis.significance.calibration import TEST_NAMES
    from bleu_explain.data.wmt21 import wmt21_files

    null_s, power_s = claims.NULL_SETTINGS, claims.POWER_SETTINGS
    wanted = {f"{null_s.pair}/ref.{null_s.reference}.de", *(f"{null_s.pair}/sys/{s}.de" for s in null_s.systems)}
    used = [f for f in wmt21_files(null_s.pair) if f.file in wanted]
    lines = {
        "what": "sacreBLEU's paired tests measured on WMT21 newstest2021 en-de: pairs of equally good systems (null) "
                "and pairs with a known difference (power), one row per pair",
        "systems": " vs ".join(null_s.systems),
        "pair": null_s.pair, "reference": null_s.reference, "segments": str(len(counts(data_dir))),
        "tests": "; ".join(f"{t}: {TEST_NAMES[t]}" for t in TESTS),
        "resamples": str(null_s.n_resamples), "trials": str(null_s.n_trials),
        "test seed": "12345 (sacreBLEU's), for every pair's resamples and trials",
        "null pairs": str(null_s.n_pairs), "null seed": str(null_s.seed),
        "null coin": "default_rng(null seed).integers(2, size=segments) per pair, in turn",
        "power segments": " ".join(map(str, claims.POWER_SEGMENTS)),
        "power tilts": " ".join(f"{t:g}" for t in claims.POWER_TILTS),
        "power pairs per point": str(power_s.n_pairs), "power null pairs per size": str(claims.POWER_NULL_PAIRS),
        "power seed": str(power_s.seed),
        "power draw": "default_rng([power seed, segments, round(1000 * tilt)]) per point: segments chosen without "
                      "replacement, then the better system's output to Y with probability (1 + tilt) / 2",
        "counts": "per test, resamples (trials) beyond the observed statistic; p = (count + 1) / (samples + 1)",
        "delta": f"BLEU of Y minus BLEU of X (sacreBLEU's defaults), rounded to {DECIMALS} decimals",
        "computed by": "scripts/derive_calibration_figures.py",
        "versions": f"bleu-explain {bleu_explain.__version__}, sacrebleu {version('sacrebleu')}, numpy "
                    f"{version('numpy')}, scipy {version('scipy')}, Python {platform.python_version()}",
        "licence": LICENCE,
    }
    for f in used:
        lines[f"file {f.file}"] = f"{f.repo}@{f.commit}:{f.path} sha256 {f.sha256}"
    return lines


def write(table: pd.DataFrame, header: dict[str, str], path: Path = CALIBRATION_PATH) -> None:
    out = [f"# {key}: {value}" for key, value in header.items()]
    out.append("\t".join(table.columns))
    for row in table.itertuples(index=False):
        out.append("\t".join(f"{v:.{DECIMALS}f}" if name == "delta" else f"{v:g}" if name == "tilt" else str(v)
                             for name, v in zip(table.columns, row)))
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    import pandas as pd

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", help="the WMT21 folder (default: $BLEU_EXPLAIN_DATA, else the cache)")
    parser.add_argument("--check", action="store_true", help="compare with the bundled file; write nothing")
    args = parser.parse_args(argv)
    table = derive(args.data_dir, log=True)
    if args.check:
        pd.testing.assert_frame_equal(read_calibration(), table, check_exact=False, rtol=0, atol=10 ** -DECIMALS)
        print(f"{CALIBRATION_PATH.name}: {len(table)} rows, equal to what the data give")
        return 0
    write(table, provenance(args.data_dir))
    print(f"wrote {CALIBRATION_PATH.relative_to(ROOT)}: {len(table)} rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
