"""The doctor on real systems it was not built on: spoiled at random places and strengths, and clean.

    python scripts/doctor_trial.py FOLDER [--wmt21 DIR] [--seed 1] [--spoiled-systems 2] [--out table.tsv]

FOLDER holds WMT21 news files as the public repository wmt-conference/wmt21-news-systems names them
(``newstest2021.de-fr.ref.A.fr``, ``newstest2021.de-fr.src.de``, ``newstest2021.de-fr.hyp.Online-B.fr``, ...),
e.g. its ``txt/references``, ``txt/sources`` and ``txt/system-outputs`` copied into one folder; ``--wmt21``
adds the package's own WMT21 folder (``BLEU_EXPLAIN_DATA``: ``en-de/ref.A.de``, ``en-de/sys/X.de``). Nothing
is downloaded and no text is written anywhere but the table.

For each language pair, ``--spoiled-systems`` systems (seeded) are spoiled by every spoiler below, each at a
random place and strength drawn from the seed, and diagnosed; the table gives, per pair and spoiling, the code
the spoiling must get, whether it got it, its score without, the score of the right repair (the clean files
with exactly the spoiling undone, scored by sacreBLEU itself with the settings examined), and the difference.
"n/a" marks a spoiling that no file can repair (an output cut short, untranslated, against the wrong
references): the doctor must name it and give no score without. Then every clean system of every pair is
diagnosed, and the warnings and errors counted: there must be none. Japanese is examined as sacreBLEU's
``-l en-ja`` examines it (``-tok ja-mecab``, which needs the ja extra).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

Refs = list[list[str]]

#: Spoilings are drawn away from the files' first and last 5% (a line lost at the very end moves nothing).
EDGE = 0.05


@dataclass
class Pair:
    name: str
    target: str
    source: list[str]
    refs: Refs  # reference files, each a list of lines
    systems: dict[str, list[str]]


@dataclass
class Spoiled:
    """A spoiled input, the code it must get, and the right repair: the hypothesis and reference files that undo
    exactly the spoiling (None when no file can)."""

    what: str
    hyps: list[str]
    refs: Refs
    code: str
    repair: Optional[tuple[list[str], Refs]]
    source: Optional[list[str]] = None
    lowercase_repair: bool = False


def read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def pairs_in(folder: Path, wmt21: Optional[Path]) -> list[Pair]:
    found = []
    names = sorted({m.group(1) for p in folder.glob("newstest2021.*.ref.*")
                    if (m := re.match(r"newstest2021\.([a-z]{2}-[a-z]{2})\.", p.name))})
    for name in names:
        src_lang, tgt = name.split("-")
        refs = [read(p) for p in sorted(folder.glob(f"newstest2021.{name}.ref.*.{tgt}"))]
        systems = {p.name.split(".hyp.")[1][:-len(tgt) - 1]: read(p)
                   for p in sorted(folder.glob(f"newstest2021.{name}.hyp.*.{tgt}"))}
        found.append(Pair(name, tgt, read(folder / f"newstest2021.{name}.src.{src_lang}"), refs, systems))
    if wmt21 is not None:
        for name, refs_named in (("en-de", "ACD"), ("zh-en", "A")):
            src_lang, tgt = name.split("-")
            base = wmt21 / name
            if not base.is_dir():
                continue
            refs = [read(base / f"ref.{r}.{tgt}") for r in refs_named[:2]]
            systems = {p.name[:-len(tgt) - 1]: read(p) for p in sorted((base / "sys").glob(f"*.{tgt}"))}
            found.append(Pair(f"{name} (package data)", tgt, read(base / f"src.{src_lang}"), refs, systems))
    return found


def place(rng: random.Random, n: int) -> int:
    return rng.randrange(int(EDGE * n), int((1 - EDGE) * n))


def segment_major(refs: Refs) -> Refs:
    return [list(r) for r in zip(*refs)]


def without(hyps: list[str], refs: Refs, lost: set[int]) -> tuple[list[str], Refs]:
    return [h for i, h in enumerate(hyps) if i not in lost], [[r for i, r in enumerate(s) if i not in lost] for s in refs]


def spoilers(pair: Pair, hyps: list[str], rng: random.Random, other: Optional[Pair]) -> list[Spoiled]:
    """Every spoiling of one system, at places and strengths drawn from ``rng``."""
    from bleu_explain.analysis.doctor.mistakes import compound_split

    refs, n = pair.refs, len(hyps)
    out = []
    k = place(rng, n)
    out.append(Spoiled(f"line {k + 1} lost, an empty line appended", hyps[:k] + hyps[k + 1:] + [""], refs,
                       "missing-lines", without(hyps, refs, {k})))
    lost = sorted(rng.sample(range(int(EDGE * n), int((1 - EDGE) * n)), rng.randint(1, 4)))
    out.append(Spoiled(f"lines {', '.join(str(i + 1) for i in lost)} lost (files of different lengths)",
                       [h for i, h in enumerate(hyps) if i not in set(lost)], refs, "missing-lines",
                       without(hyps, refs, set(lost))))
    k = place(rng, n)
    j = rng.choice([i for i in range(n) if abs(i - k) > 2])
    out.append(Spoiled(f"line {j + 1} inserted again at {k + 1} (one line more)", hyps[:k] + [hyps[j]] + hyps[k:],
                       refs, "extra-lines", (hyps, refs)))
    every = rng.randint(20, 60)
    doubled = [h for i, h in enumerate(hyps) for _ in range(2 if i % every == every - 1 else 1)][:n]
    kept = sum(1 for i in range(n) for _ in range(2 if i % every == every - 1 else 1)) - n
    out.append(Spoiled(f"every {every}th line written twice, the file cut to its length", doubled, refs,
                       "duplicated-lines", without(hyps, refs, set(range(n - kept, n)))))
    size = rng.randint(10, 50)
    a = place(rng, n - 2 * size)
    moved = hyps[:a] + hyps[a + size:a + 2 * size] + hyps[a:a + size] + hyps[a + 2 * size:]
    out.append(Spoiled(f"blocks of {size} lines at {a + 1} swapped", moved, refs, "reordered-lines", (hyps, refs)))
    half = n // 2
    out.append(Spoiled("references of other documents (the second half's against the first half)", hyps[:half],
                       [s[half:2 * half] for s in refs], "unrelated-references", None))
    share = rng.choice([0.1, 0.3, 1.0])
    chosen = set(rng.sample(range(n), int(share * n)))
    untranslated = [pair.source[i] if i in chosen else h for i, h in enumerate(hyps)]
    out.append(Spoiled(f"{share:.0%} of the lines left untranslated", untranslated, refs, "wrong-language", None))
    out.append(Spoiled(f"{share:.0%} of the lines left untranslated, with --source", untranslated, refs,
                       "copied-source", None, source=pair.source))
    if other is not None:
        out.append(Spoiled(f"the output of {other.name} given against {pair.name}'s references",
                           list(next(iter(other.systems.values())))[:n], refs, "wrong-language", None))
    if sum(h.lower() != h for h in hyps) >= 0.5 * n:  # a script with capitals (not Japanese or Chinese)
        out.append(Spoiled("lowercased", [h.lower() for h in hyps], refs, "case-mismatch", (hyps, refs),
                           lowercase_repair=True))
        out.append(Spoiled("in capitals", [_capitals(h) for h in hyps], refs, "case-mismatch", (hyps, refs),
                           lowercase_repair=True))
    share = rng.choice([0.05, 0.2, 1.0])
    marked = set(rng.sample(range(n), max(2, int(share * n))))
    marker = rng.choice(["</s>", "<unk>", "<pad>"])
    out.append(Spoiled(f"'{marker}' appended to {share:.0%} of the lines", [h + f" {marker}" if i in marked else h
                                                                               for i, h in enumerate(hyps)],
                       refs, "special-tokens", (hyps, refs)))
    share, times = rng.choice([0.01, 0.03, 0.1]), rng.randint(3, 12)
    looping = set(rng.sample(range(n), max(3, int(share * n))))
    out.append(Spoiled(f"{share:.0%} of the lines end in a loop ({times} repeats)",
                       [_loop(h, rng, times) if i in looping else h for i, h in enumerate(hyps)], refs, "repetition",
                       (hyps, refs)))
    words = rng.randint(5, 10)
    out.append(Spoiled(f"every line cut at {words} words", [_cut(h, words) for h in hyps], refs, "length-ratio", None))
    if sum("-" in h for h in hyps) >= 20:
        out.append(Spoiled("compounds split as ##AT##-##AT## in the output only", [compound_split(h) for h in hyps],
                           refs, "compound-splitting", (hyps, refs)))
    return out


def _capitals(line: str) -> str:
    """The line in capitals, each letter that has one capital which lowercases back to it (German "ß" would
    become "SS", which no repair can tell from "ss": that loss is the output's, not the doctor's to undo)."""
    return "".join(c.upper() if len(c.upper()) == 1 and c.upper().lower() == c.lower() else c for c in line)


def _loop(line: str, rng: random.Random, times: int) -> str:
    words = line.split()
    if len(words) < 2:  # a line without spaces (Japanese): a phrase of its last 2 to 8 characters loops
        phrase = line.rstrip("。．.!?！？")[-rng.randint(2, 8):]
        return line + phrase * times
    size = min(len(words), rng.randint(1, 4))
    return line + (" " + " ".join(words[-size:])) * times


def _cut(line: str, words: int) -> str:
    if " " not in line.strip():  # Japanese: cut at characters, a word's worth each
        return line[:words * 2]
    return " ".join(line.split()[:words])


def right_score(repair: tuple[list[str], Refs], tokenize: str, lowercase: bool) -> float:
    """The right repair scored by sacreBLEU itself."""
    from sacrebleu.metrics import BLEU

    hyps, refs = repair
    return BLEU(tokenize=tokenize, lowercase=lowercase).corpus_score(hyps, refs).score


@dataclass
class Row:
    pair: str
    system: str
    spoiling: str
    code: str
    found: bool
    severity: str
    without: Optional[float]
    right: Optional[float]

    @property
    def difference(self) -> Optional[float]:
        if self.without is None or self.right is None:
            return None
        return self.without - self.right

    @property
    def ok(self) -> bool:
        if not self.found:
            return False
        if self.right is None:
            return self.without is None
        return self.difference is not None and abs(self.difference) <= 0.5


def trial(pair: Pair, system: str, hyps: list[str], rng: random.Random, other: Optional[Pair],
          tokenize: str) -> list[Row]:
    from bleu_explain.analysis.doctor import diagnose

    rows = []
    for spoiled in spoilers(pair, hyps, rng, other):
        d = diagnose(spoiled.hyps, streams=spoiled.refs, source=spoiled.source, tokenize=tokenize)
        finding = next((f for f in d.findings if f.code == spoiled.code), None)
        right = None if spoiled.repair is None else right_score(spoiled.repair, tokenize, spoiled.lowercase_repair)
        rows.append(Row(pair.name, system, spoiled.what, spoiled.code, finding is not None,
                        finding.severity if finding else "-", finding.score_without if finding else None, right))
        if finding is None:
            print(f"  MISSED {pair.name} {system} {spoiled.what}: {d.codes}", file=sys.stderr)
    return rows


def clean(pair: Pair, tokenize: str) -> list[tuple[str, list[str]]]:
    """Every system of the pair diagnosed as it is: (system, its warnings and errors)."""
    from bleu_explain.analysis.doctor import diagnose

    out = []
    for name, hyps in pair.systems.items():
        d = diagnose(hyps, streams=pair.refs, source=pair.source, tokenize=tokenize)
        out.append((name, [f"{f.severity} {f.code}" for f in d.findings if f.severity in ("error", "warning")]))
    return out


def fmt(value: Optional[float]) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--wmt21", type=Path, default=None, help="the package's WMT21 folder (BLEU_EXPLAIN_DATA)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spoiled-systems", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="also write the table as TSV here")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pairs = pairs_in(args.folder, args.wmt21)
    partner = _partners(pairs)
    rows: list[Row] = []
    noisy: list[str] = []
    t0 = time.time()
    for pair in pairs:
        tokenize = "ja-mecab" if pair.target == "ja" else "zh" if pair.target == "zh" else "13a"
        for system in rng.sample(sorted(pair.systems), min(args.spoiled_systems, len(pair.systems))):
            rows += trial(pair, system, pair.systems[system], rng, partner.get(pair.name), tokenize)
        for name, problems in clean(pair, tokenize):
            if problems:
                noisy.append(f"{pair.name} {name}: {', '.join(problems)}")
        print(f"{pair.name}: done ({time.time() - t0:.0f} s)", file=sys.stderr)
    header = "pair\tsystem\tspoiling\tcode\tnamed\tseverity\tscore without\tright repair\tdifference"
    lines = [header] + [f"{r.pair}\t{r.system}\t{r.spoiling}\t{r.code}\t{'yes' if r.found else 'NO'}\t{r.severity}\t"
                        f"{fmt(r.without)}\t{fmt(r.right)}\t{fmt(r.difference)}" for r in rows]
    print("\n".join(lines))
    good = sum(r.ok for r in rows)
    clean_count = sum(len(p.systems) for p in pairs)
    print(f"\n{good} of {len(rows)} spoilings named with the right code and a score without within 0.5 of the "
          f"right repair (or, where no file can repair it, none given)")
    print(f"{clean_count - len(noisy)} of {clean_count} clean systems without a warning or an error")
    for line in noisy:
        print(f"  {line}")
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0 if good == len(rows) and not noisy else 1


def _partners(pairs: list[Pair]) -> dict[str, Pair]:
    """For each pair, another pair with the same source and another target (its output is in the wrong language)."""
    out = {}
    for pair in pairs:
        for other in pairs:
            if other is not pair and other.target != pair.target and len(other.source) == len(pair.source) \
                    and other.source[:5] == pair.source[:5]:
                out[pair.name] = other
    return out


if __name__ == "__main__":
    sys.exit(main())
