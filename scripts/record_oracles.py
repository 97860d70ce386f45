"""Run the real tools the presets reproduce on the recorded cases and write what they output to tests/oracles/.

The tests compare each preset with these recordings on every run, and with the live tool where a machine has
it (see CONTRIBUTING.md, Tests). Each tool has a recorder module in ``scripts/oracles/`` (what it runs and
with which settings is said there); this script gathers the cases (``oracles/cases.py``: generated from fixed
seeds, and the WMT21 test sets, stored by file name, line range and sha256 since their text is not ours to
publish), runs every recorder whose tool is installed and writes

    tests/oracles/cases.json.gz        the cases (generated ones in full, WMT21 ones by reference)
    tests/oracles/<tool>.json.gz       the tool's versions, the Python version and one output per run

Run it in a venv that has the tools (torch's CPU wheel is enough), with the WMT21 data:

    BLEU_EXPLAIN_DATA=/path/to/wmt21 BLEU_EXPLAIN_HF_BLEU=/path/to/bleu-metric-files \\
        python scripts/record_oracles.py                 # every tool installed here
    python scripts/record_oracles.py --only torchmetrics # one recording (the cases must be unchanged)
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import json
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from oracles.cases import check, generated_cases, stored, wmt21_cases  # noqa: E402

OUT = ROOT / "tests" / "oracles"
#: The recorder modules in scripts/oracles/ that record these cases. d2l's function takes one candidate string,
#: one reference string and k, so ``oracles/d2l.py`` records cases of that shape into tests/oracles/d2l.json
#: itself; this script runs it last.
RECORDERS = ["hf_evaluate", "torchmetrics_bleu", "mecab", "sentencepiece_spm"]


def write_json_gz(path: Path, data) -> None:
    """JSON, gzipped with no time stamp, so that recording the same outputs again changes no byte."""
    text = json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True)
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
        gz.write(text.encode("utf-8"))


def available_recorders() -> list:
    """The recorder modules present (importing one needs no tool: each imports its tool when it runs)."""
    return [importlib.import_module(f"oracles.{name}") for name in RECORDERS
            if (ROOT / "scripts" / "oracles" / f"{name}.py").is_file()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", help="record only these tools (their TOOL name or module name)")
    parser.add_argument("--data", default=os.environ.get("BLEU_EXPLAIN_DATA"),
                        help="the WMT21 data folder (default: $BLEU_EXPLAIN_DATA)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if not args.data or not (Path(args.data) / "en-de").is_dir():
        parser.error("the WMT21 data are needed: `python -m bleu_explain.data fetch wmt21`, then --data or "
                     "BLEU_EXPLAIN_DATA naming the folder it prints")
    recorders = available_recorders()
    extra = [case for module in recorders if hasattr(module, "extra_cases") for case in module.extra_cases()]
    cases = generated_cases() + extra + wmt21_cases(Path(args.data))
    check(cases)
    args.out.mkdir(parents=True, exist_ok=True)
    write_json_gz(args.out / "cases.json.gz", {"cases": [stored(c) for c in cases]})
    print(f"{len(cases)} cases -> {args.out / 'cases.json.gz'}")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    missing = []
    for module in recorders:
        name = module.__name__.split(".")[-1]
        tool = getattr(module, "TOOL", name)
        if args.only and tool not in args.only and name not in args.only:
            continue
        if not hasattr(module, "versions"):
            parser.error(f"scripts/oracles/{name}.py has no versions(): a recording must say what made it")
        try:
            versions = module.versions()
        except ImportError as exc:
            missing.append(f"{tool}: {exc}")
            continue
        records = module.record(cases)
        path = args.out / f"{tool}.json.gz"
        write_json_gz(path, {"tool": tool, "versions": versions, "python": python, "records": records,
                             "recorded_by": "scripts/record_oracles.py"})
        for name, data in getattr(module, "ARTIFACTS", {}).items():
            (args.out / name).write_bytes(data)
        print(f"{tool} ({', '.join(f'{k} {v}' for k, v in versions.items())}): {len(records)} runs -> {path}")
    if not args.only or "d2l" in args.only:
        from oracles import d2l

        if d2l.find_wheel() is None:
            missing.append(f"d2l: no wheel (pip download --no-deps d2l=={d2l.D2L_VERSION} -d {d2l.WHEEL_FOLDER})")
        else:
            d2l.main()
    for line in missing:
        print(f"not recorded (the tool is not installed here): {line}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
