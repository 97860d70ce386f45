"""Derive the bundled system-level figures of WMT21 from the full data: BLEU, chrF, MQM and DA per translation.

Notebook 10 draws its key figures (BLEU against MQM, with and without the human translations, and agreement by
the size of BLEU's gap) from this small table when the full data are not downloaded. For each language pair of
:mod:`bleu_explain.data.wmt21` and each translation with a text and a human score (the machine systems, and the
other human translations read as systems) it computes, against reference A as the notebook does:

* BLEU with sacreBLEU's defaults, by this package's engine (``bx.explain_systems``);
* chrF with sacreBLEU's own ``CHRF`` (its defaults: character n-grams up to 6, beta = 2);
* MQM: the mean of the experts' segment scores over the rated segments (:func:`load_wmt21`);
* DA (z) and DA (raw): WMT's published system scores (zh-en only; en-de has no DA in this release).

It writes ``bleu_explain/data/wmt21_system_figures.tsv``: a header of ``# key: value`` lines (provenance: every
file used with its origin and sha256, the versions that computed it, the licence), then the table. The floats
are written in full (``repr``), so the bundled table is the computed one.

    BLEU_EXPLAIN_DATA=/path/to/wmt21 python scripts/derive_system_figures.py     # writes the file
    BLEU_EXPLAIN_DATA=/path/to/wmt21 python scripts/derive_system_figures.py --check   # compares, writes nothing

``tests/data/test_system_figures.py`` runs :func:`derive` where the data are and asserts it equals the file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed one

from bleu_explain.data.system_figures import (  # noqa: E402
    COLUMNS,
    FIGURES_PATH,
    KINDS,
    REFERENCE,
    read_figures,
)

LICENCE = ("derived figures, Apache-2.0 like bleu-explain; MQM means are derived from "
           "google/wmt-mqm-human-evaluation (Apache-2.0, Copyright Google LLC; see its LICENSE); "
           "DA scores are WMT21's published system scores and BLEU and chrF are computed from the texts of "
           "wmt-conference/wmt21-news-systems (which states no licence; the texts are not redistributed here)")


def derive(data_dir: Path | str | None = None) -> pd.DataFrame:
    """The table, computed from the full data (``data_dir``, else ``$BLEU_EXPLAIN_DATA``, else the cache)."""
    import pandas as pd
    from sacrebleu.metrics import CHRF

    import bleu_explain as bx
    from bleu_explain.analysis.counts import SegmentCounts
    from bleu_explain.data.wmt21 import PAIRS, load_wmt21

    tables = []
    for pair in PAIRS:
        ts = load_wmt21(pair, data_dir=data_dir)
        outputs, refs = ts.translations(REFERENCE), [[r] for r in ts.references[REFERENCE]]
        bleu = SegmentCounts.of(bx.explain_systems(outputs, refs, progress=False)).scores()
        chrf = CHRF(references=[ts.references[REFERENCE]])
        table = pd.DataFrame({"BLEU": bleu, "chrF": {s: chrf.corpus_score(lines, None).score
                                                     for s, lines in outputs.items()}})
        for kind, column in KINDS.items():
            table[column] = pd.Series(ts.scores[kind].systems if kind in ts.scores else {}, dtype=float)
        table = table.dropna(subset=list(KINDS.values()), how="all")  # translations nobody judged
        table.insert(0, "human translation", ~table.index.isin(list(ts.systems)))
        table.insert(0, "pair", pair)
        tables.append(table.rename_axis("system").reset_index())
    return pd.concat(tables, ignore_index=True)[["pair", "system", *COLUMNS]]


def provenance(data_dir: Path | str | None = None) -> dict[str, str]:
    """The header: what was read (origin and sha256 of each file), what computed it, and the licence."""
    from importlib.metadata import version

    import bleu_explain
    from bleu_explain.data.wmt21 import PAIRS, wmt21_files

    # every file but the sources: the references are read as the reference (A) or as translations (C, D)
    used = {f.file: f for pair in PAIRS for f in wmt21_files(pair) if "/src." not in f.file}.values()
    lines = {"what": "WMT21 newstest2021 zh-en and en-de: each translation's BLEU and chrF against reference "
                     f"{REFERENCE}, its expert MQM and (zh-en) WMT's crowd DA, system level",
             "BLEU": f"sacreBLEU's defaults (13a, exp, no lowercase), computed by bleu-explain {bleu_explain.__version__}",
             "chrF": f"sacrebleu.metrics.CHRF() of sacrebleu {version('sacrebleu')}",
             "MQM": "mean over the rated segments of the experts' MQM (0 perfect, more negative worse)",
             "DA": "WMT21's system scores as published: z (standardized per rater) and raw (0-100)",
             "computed by": "scripts/derive_system_figures.py",
             "licence": LICENCE}
    for f in used:
        lines[f"file {f.file}"] = f"{f.repo}@{f.commit}:{f.path} sha256 {f.sha256}"
    return lines


def write(table: pd.DataFrame, header: dict[str, str], path: Path = FIGURES_PATH) -> None:
    out = [f"# {key}: {value}" for key, value in header.items()]
    out.append("\t".join(table.columns))
    for row in table.itertuples(index=False):
        out.append("\t".join("" if isinstance(v, float) and v != v else repr(float(v)) if isinstance(v, float) else str(v)
                             for v in row))
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    import pandas as pd

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", help="the WMT21 folder (default: $BLEU_EXPLAIN_DATA, else the cache)")
    parser.add_argument("--check", action="store_true", help="compare with the bundled file; write nothing")
    args = parser.parse_args(argv)
    table = derive(args.data_dir)
    if args.check:
        pd.testing.assert_frame_equal(read_figures(), table, check_exact=True)
        print(f"{FIGURES_PATH.name}: {len(table)} rows, equal to what the data give")
        return 0
    write(table, provenance(args.data_dir))
    print(f"wrote {FIGURES_PATH.relative_to(ROOT)}: {len(table)} rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
