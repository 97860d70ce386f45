"""Every counting path's scores on the WMT21 data, each float written as its repr, to hold a change bit for bit.

    BLEU_EXPLAIN_DATA=path/to/wmt21 python scripts/score_snapshot.py OUT.json
    python scripts/score_snapshot.py --compare BEFORE.json AFTER.json

Run it before a change to how the engine counts (or reads files), then after, and compare the two files: the
comparison prints how many values agree to the last bit and lists every one that does not. The paths:

* ``systems``: :func:`bleu_explain.explain_systems` for every system of WMT21 en-de (references A and C) and
  zh-en (reference A) under several presets, each system's corpus score and every sentence score; and
  :func:`bleu_explain.analysis.systems.system_table`, every cell;
* ``doctor``: :func:`bleu_explain.diagnose` with a reported score (the search over the preset registry, the
  checks and their repairs), on real outputs, on a spoiled one (lowercased, tokenized, with a byte-order mark
  and carriage returns) and on a mean of sentence scores; the score of every configuration of one search's
  grid; and ``bleu-explain doctor --score ... --json`` on the files themselves;
* ``live``: the live page's Python (:func:`bleu_explain.display.html.live.render`) on a corpus, then after an
  edit of one line (kept statistics), with a second candidate, and compared with another preset;
* ``significance``: the paired bootstrap, approximate randomization and a bootstrap interval.

The texts are read here with plain Python (split at ``\\n``), so that the package's readers are not what is
compared. Nothing is written inside the checkout.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from pathlib import Path
from typing import Any, Iterator

#: The systems scored in full by the doctor and the live page (the systems' tables take every system).
DOCTOR_SYSTEMS = {"en-de": ("Facebook-AI", "Online-W"), "zh-en": ("NiuTrans",)}
PRESETS = (("sacrebleu", {}), ("sacrebleu", {"tokenize": "intl", "lowercase": True}), ("nltk", {"smooth": "method3"}),
           ("mteval-13a", {}), ("torchmetrics", {}))
LIVE_SEGMENTS = 400
SIGNIFICANCE_SAMPLES = 300


def lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return text.removesuffix("\n").split("\n")


def pair_data(root: Path, pair: str) -> tuple[list[Path], dict[str, Path]]:
    """The reference files used and every system's file of a language pair."""
    folder = root / pair
    refs = [folder / "ref.A.de", folder / "ref.C.de"] if pair == "en-de" else [folder / "ref.A.en"]
    systems = {p.name.rsplit(".", 1)[0]: p for p in sorted((folder / "sys").iterdir())}
    return refs, systems


def segment_major(ref_paths: list[Path]) -> list[list[str]]:
    return [list(refs) for refs in zip(*(lines(p) for p in ref_paths))]


def exact(value: Any) -> Any:
    """Floats as their repr (every bit), containers walked."""
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return {str(k): exact(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [exact(v) for v in value]
    if hasattr(value, "tolist"):
        return exact(value.tolist())
    return value


def systems_section(root: Path) -> dict[str, Any]:
    import bleu_explain as bx
    from bleu_explain.analysis.systems import system_table

    out: dict[str, Any] = {}
    for pair in ("en-de", "zh-en"):
        ref_paths, files = pair_data(root, pair)
        refs = segment_major(ref_paths)
        systems = {name: lines(path) for name, path in files.items()}
        for preset, settings in PRESETS:
            label = f"{pair} {preset} {settings}"
            results = bx.explain_systems(systems, refs, preset=preset, progress=False, **settings)
            out[f"explain_systems {label}"] = {name: {"score": r.score, "sentence": r.sentence_scores}
                                               for name, r in results.items()}
        table = system_table(systems, refs, progress=False)
        out[f"system_table {pair}"] = {name: {column: table.loc[name, column] for column in table.columns}
                                       for name in table.index}
    return out


def doctor_cases(root: Path) -> Iterator[tuple[str, list[str], list[list[str]], str]]:
    """(name, hypotheses, references, reported score) for the doctor."""
    import sacrebleu

    for pair, names in DOCTOR_SYSTEMS.items():
        ref_paths, files = pair_data(root, pair)
        refs = segment_major(ref_paths)
        for name in names:
            hyps = lines(files[name])
            printed = f"{sacrebleu.corpus_bleu(hyps, [list(s) for s in zip(*refs)]).score:.2f}"
            yield f"{pair} {name}", hyps, refs, printed
    ref_paths, files = pair_data(root, "en-de")
    refs = [[r[0]] for r in segment_major(ref_paths)]
    hyps = [" ".join(sacrebleu.tokenizers.tokenizer_13a.Tokenizer13a()(h.lower()).split()) for h in
            lines(files["Online-W"])]
    hyps = ["\ufeff" + hyps[0]] + [h + "\r" for h in hyps[1:]]
    yield "en-de Online-W spoiled", hyps, refs, "27.31"
    hyps = lines(files["Facebook-AI"])
    mean = sum(sacrebleu.sentence_bleu(h, r).score for h, r in zip(hyps, refs)) / len(hyps)
    yield "en-de Facebook-AI averaged", hyps, refs, f"{mean:.2f}"


def doctor_section(root: Path) -> dict[str, Any]:
    import bleu_explain as bx
    from bleu_explain.cli import main as cli_main

    out: dict[str, Any] = {}
    for name, hyps, refs, printed in doctor_cases(root):
        out[f"diagnose {name} --score {printed}"] = json.loads(bx.diagnose(hyps, refs, score=printed).to_json())
    out["grid en-de Facebook-AI"] = grid_scores(root)
    ref_paths, files = pair_data(root, "en-de")
    printed = out["grid en-de Facebook-AI"]["reported"]
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        status = cli_main(["doctor", *map(str, ref_paths), "-i", str(files["Facebook-AI"]), "--score", printed,
                           "--json"])
    out["bleu-explain doctor --json"] = {"status": status, "output": json.loads(stdout.getvalue())}
    return out


def grid_scores(root: Path) -> dict[str, Any]:
    """Every configuration of one search's grid, scored (the doctor's counting, configuration by configuration)."""
    import sacrebleu

    from bleu_explain.analysis.doctor import search as doctor_search
    from bleu_explain.engine.corpus import CorpusStatistics

    ref_paths, files = pair_data(root, "en-de")
    refs = segment_major(ref_paths)
    hyps = lines(files["Facebook-AI"])
    printed = f"{sacrebleu.corpus_bleu(hyps, [list(s) for s in zip(*refs)]).score:.2f}"
    counted = CorpusStatistics(hyps, refs, memo=True)
    scores = {}
    for configuration in doctor_search.grid(len(refs[0]), cjk=False):
        scored = doctor_search.score_configuration(counted, configuration)
        key = f"{configuration.config!r} refs={configuration.refset} averaged={configuration.averaged}"
        scores[key] = None if scored is None else scored.score
    result = doctor_search.search(hyps, refs, doctor_search.ReportedScore.parse(printed))
    return {"reported": printed, "scores": scores, "searched": result.searched,
            "found": [f"{s.score!r} {s.configuration.config!r} {s.configuration.refset}" for s in result.found]}


def live_section(root: Path) -> dict[str, Any]:
    from bleu_explain.display.html import live
    from bleu_explain.display.html.live_state import LiveState

    ref_paths, files = pair_data(root, "en-de")
    streams = ["\n".join(lines(p)[:LIVE_SEGMENTS]) for p in ref_paths]
    first = lines(files["Facebook-AI"])[:LIVE_SEGMENTS]
    second = lines(files["Online-W"])[:LIVE_SEGMENTS]
    edited = list(first)
    edited[57] += " und so weiter"
    zh_refs, zh_files = pair_data(root, "zh-en")
    states = {
        "en-de Facebook-AI": LiveState(hypothesis="\n".join(first), references=tuple(streams)),
        "en-de Facebook-AI, line 58 edited": LiveState(hypothesis="\n".join(edited), references=tuple(streams)),
        "en-de Facebook-AI, one line removed": LiveState(hypothesis="\n".join(edited[:-1]),
                                                         references=tuple(s.rsplit("\n", 1)[0] for s in streams)),
        "en-de two candidates, segment 3": LiveState(hypothesis="\n".join(edited), hypothesis2="\n".join(second),
                                                     references=tuple(streams), segment=3),
        "en-de compared with nltk": LiveState(hypothesis="\n".join(first), references=tuple(streams), compare="nltk"),
        "zh-en NiuTrans nltk": LiveState(preset="nltk", hypothesis="\n".join(lines(zh_files["NiuTrans"])[:300]),
                                         references=("\n".join(lines(zh_refs[0])[:300]),)),
        "one sentence, paper": LiveState(preset="paper", hypothesis="the the the the the the the.",
                                         references=("The cat is on the mat.", "There is a cat on the mat.")),
    }
    return {name: live.render(state) for name, state in states.items()}


def significance_section(root: Path) -> dict[str, Any]:
    from bleu_explain.analysis.significance import bootstrap_ci, paired_approximate_randomization, paired_bootstrap

    ref_paths, files = pair_data(root, "en-de")
    refs = segment_major(ref_paths)
    a, b = lines(files["Facebook-AI"]), lines(files["Online-W"])
    out = {}
    for name, test in (("paired bootstrap", paired_bootstrap), ("paired AR", paired_approximate_randomization)):
        r = test(a, b, refs, n_samples=SIGNIFICANCE_SAMPLES, seed=12345, progress=False)
        out[name] = {key: getattr(r, key) for key in ("baseline_score", "system_score", "p_value", "system_mean",
                                                       "system_ci", "baseline_mean", "baseline_ci")}
        out[name]["sample_deltas"] = r.sample_deltas
    ci = bootstrap_ci(a, refs, n_samples=SIGNIFICANCE_SAMPLES, seed=12345, progress=False)
    out["bootstrap interval"] = {key: getattr(ci, key) for key in ("score", "mean", "ci", "lower", "upper")}
    out["bootstrap interval"]["sample_scores"] = ci.sample_scores
    return out


def flatten(value: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from flatten(v, f"{prefix}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from flatten(v, f"{prefix}[{i}]")
    else:
        yield prefix, value


def compare(before_path: str, after_path: str) -> int:
    before = dict(flatten(json.loads(Path(before_path).read_text(encoding="utf-8"))))
    after = dict(flatten(json.loads(Path(after_path).read_text(encoding="utf-8"))))
    differ = [k for k in before if k in after and before[k] != after[k]]
    missing = [k for k in before if k not in after]
    added = [k for k in after if k not in before]
    floats = sum(1 for k, v in before.items() if isinstance(v, str) and _is_float_repr(v) and after.get(k) == v)
    print(f"{len(before):,} values before, {len(after):,} after: {len(before) - len(differ) - len(missing):,} "
          f"identical ({floats:,} of them floats, compared by repr), {len(differ)} differ, {len(missing)} missing, "
          f"{len(added)} new")
    for key in (differ + missing)[:40]:
        print(f"  {key}: {before.get(key)!r} -> {after.get(key, '(missing)')!r}")
    for section in sorted({k.split('/')[1] for k in before}):
        n = sum(1 for k in before if k.split('/')[1] == section)
        bad = sum(1 for k in differ + missing if k.split('/')[1] == section)
        print(f"  {section}: {n:,} values, {n - bad:,} identical")
    return 0 if not differ and not missing else 1


def _is_float_repr(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return any(c in text for c in ".eEn")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", help="where to write the scores (JSON)")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two files written before")
    parser.add_argument("--only", nargs="*", default=None, help="sections to compute (systems doctor live significance)")
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    folder = os.environ.get("BLEU_EXPLAIN_DATA", "").strip()
    if not folder or not (Path(folder) / "en-de" / "ref.A.de").is_file():
        print("BLEU_EXPLAIN_DATA must name the WMT21 folder (python -m bleu_explain.data fetch wmt21 prints it)")
        return 2
    if not args.out:
        parser.error("give the file to write, or --compare BEFORE AFTER")
    root = Path(folder)
    sections = {"systems": systems_section, "doctor": doctor_section, "live": live_section,
                "significance": significance_section}
    chosen = args.only or list(sections)
    written = {name: exact(sections[name](root)) for name in chosen}
    Path(args.out).write_text(json.dumps(written, indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    print(f"wrote {args.out}: " + ", ".join(f"{name} {sum(1 for _ in flatten(written[name])):,} values"
                                            for name in chosen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
