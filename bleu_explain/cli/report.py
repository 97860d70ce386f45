"""What the command line prints, laid out character for character as sacreBLEU 2.6 lays it out.

The numbers come from the engine's results; this module only writes them
down: the score line and its JSON, the multi-system table (made with
``tabulate``, as sacreBLEU makes it), the paired-test notes and the signatures.

Colours follow sacreBLEU too: on unless ``--no-color`` or ``NO_COLOR``; when
they are on and standard output is not a terminal, every ANSI sequence is
removed from what is written (colorama does that for sacreBLEU).
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from typing import Mapping, Optional, Sequence, Union

from ..engine.signature import Signature

#: colorama's codes for the colours sacreBLEU uses.
_ANSI = {"yellow": "\x1b[33m", "cyan": "\x1b[36m", "red": "\x1b[31m", "green": "\x1b[32m"}
_RESET = "\x1b[0m"
#: colorama's patterns for the sequences it strips.
_CSI = re.compile("\001?\033\\[((?:\\d|;)*)([a-zA-Z])\002?")
_OSC = re.compile("\001?\033\\]([^\a]*)(\a)\002?")

#: sacreBLEU's short signature names (``--short``); names it does not have stay as they are.
SHORT_NAMES = {"version": "v", "nrefs": "#", "test": "t", "lang": "l", "subset": "S", "origlang": "o",
               "bs": "bs", "ar": "ar", "seed": "rs", "case": "c", "eff": "e", "tok": "tok", "smooth": "s"}


@dataclass(frozen=True)
class Output:
    """Where the report goes: standard output in UTF-8, coloured or not as sacreBLEU would colour it."""

    colors: bool
    strip_sequences: bool
    terminal: bool = False

    @classmethod
    def for_stdout(cls, no_color: bool) -> "Output":
        colors = not (os.environ.get("NO_COLOR") or no_color)
        try:
            terminal = os.isatty(sys.stdout.fileno())
        except (AttributeError, OSError, ValueError):  # a stream without a file descriptor (tests)
            terminal = False
        return cls(colors=colors, strip_sequences=colors and not terminal, terminal=terminal)

    def color(self, text: str, name: str) -> str:
        return f"{_ANSI[name]}{text}{_RESET}" if self.colors else text

    def finish(self) -> None:
        """colorama's last word: with colours on a terminal, sacreBLEU ends by resetting the colours."""
        if self.colors and self.terminal:
            sys.stdout.write(_RESET)
            sys.stdout.flush()

    def print(self, text: str = "") -> None:
        if self.strip_sequences:
            for match in _OSC.finditer(text):  # colorama's loop, spans and all
                start, end = match.span()
                text = text[:start] + text[end:]
            text = _CSI.sub("", text)
        sys.stdout.write(text + "\n")


def use_utf8_stdout() -> None:
    """Write UTF-8 whatever the locale says, as sacreBLEU reopens its standard output in UTF-8."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("_", "-")
    if encoding not in ("utf-8", "utf8") and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")


def signature_text(signature: Signature, short: bool) -> str:
    """The signature as sacreBLEU prints it, its short form with ``--short``.

    >>> sig = Signature.parse("nrefs:1|bs:1000|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0")
    >>> signature_text(sig, short=True)
    '#:1|bs:1000|rs:12345|c:mixed|e:no|tok:13a|s:exp|v:2.6.0'
    """
    if not short:
        return str(signature)
    return "|".join(f"{SHORT_NAMES.get(name, name)}:{value}" for name, value in signature.fields.items())


@dataclass(frozen=True)
class ScoreLine:
    """One score as sacreBLEU's ``Score.format`` writes it.

    >>> line = ScoreLine(score=27.4567, verbose="58.8/33.7/21.5/13.9 (BP = 0.991 ...)", mean=27.41, ci=4.2)
    >>> line.format(width=1, score_only=False, signature="nrefs:1", is_json=False)
    'BLEU|nrefs:1 = 27.5 (μ = 27.4 ± 4.2) 58.8/33.7/21.5/13.9 (BP = 0.991 ...)'
    >>> line.format(width=2, score_only=True, signature="nrefs:1", is_json=False)
    '27.46 (μ = 27.41 ± 4.20)'
    """

    score: float
    verbose: str
    mean: Optional[float] = None
    ci: Optional[float] = None

    def format(self, width: int, score_only: bool, signature: str, is_json: bool) -> str:
        d: dict[str, object] = {"name": "BLEU", "score": float(f"{self.score:.{width}f}"), "signature": signature}
        text = f"{self.score:.{width}f}"
        if self.mean is not None and self.ci is not None and self.mean > 0:  # sacreBLEU shows μ only above 0
            mean, ci = f"{self.mean:.{width}f}", f"{self.ci:.{width}f}"
            confidence = f"μ = {mean} ± {ci}"
            text += f" ({confidence})"
            if is_json:
                d.update(confidence_mean=float(mean), confidence_var=float(ci), confidence=confidence)
        line = f"BLEU|{signature}" if signature else "BLEU"
        line = f"{line} = {text}"
        if self.verbose:
            line += f" {self.verbose}"
            d["verbose_score"] = self.verbose
        if score_only:
            return text
        if is_json:
            for field in signature.split("|"):
                name, value = field.split(":", 1)
                d[name] = value
            return json.dumps(d, indent=1, ensure_ascii=False)
        return line


def verbose_text(precisions_percent: Sequence[float], brevity_penalty: float, hyp_len: int, ref_len: int) -> str:
    """``60.8/35.7/23.3/15.8 (BP = 1.000 ratio = 1.002 hyp_len = 28037 ref_len = 27970)``."""
    ratio = hyp_len / ref_len if ref_len else 0
    precisions = "/".join(f"{p:.1f}" for p in precisions_percent)
    return (f"{precisions} (BP = {brevity_penalty:.3f} ratio = {ratio:.3f} hyp_len = {hyp_len:d} "
            f"ref_len = {ref_len:d})")


_CONFIDENCE = re.compile(r"(\(μ = [0-9\.]+ ± [0-9\.]+\))")


def print_single_result(line: str, fmt: str, out: Output) -> None:
    """sacreBLEU's ``print_single_results`` for one metric."""
    if fmt != "json" and "μ" in line:
        line = _CONFIDENCE.sub(lambda m: out.color(m.group(), "cyan"), line)
    out.print(line)


@dataclass(frozen=True)
class TestedScore:
    """A system's row in a paired test (sacreBLEU's ``Result``): score, p-value, bootstrap mean and ``±``."""

    score: float
    p_value: Optional[float] = None
    mean: Optional[float] = None
    ci: Optional[float] = None


Cell = Union[str, TestedScore]


@dataclass(frozen=True)
class PairedNote:
    """What the notes under a paired-test table say: the test and the number the user gave."""

    bootstrap: bool
    n_given: int


def print_results_table(names: Sequence[str], cells: Sequence[Cell], signatures: Mapping[str, str], fmt: str,
                        width: int, paired: Optional[PairedNote], out: Output) -> None:
    """sacreBLEU's ``print_results_table`` for the BLEU column: JSON, or a table, notes and signatures."""
    if fmt == "json":
        rows = [{"system": name, "BLEU": cell if isinstance(cell, str) else
                 {"score": cell.score, "p_value": cell.p_value, "mean": cell.mean, "ci": cell.ci}}
                for name, cell in zip(names, cells)]
        out.print(json.dumps(rows, indent=4))
        return
    from tabulate import tabulate

    tablefmt = "fancy_grid" if fmt == "text" else "latex_booktabs"
    column, title = _score_column(cells, width, "\n" if tablefmt == "fancy_grid" else " ", out)
    columns = {"System": list(names), title: column}
    coloured: dict[str, list[str]] = {}
    has_baseline, baseline_name = False, ""
    for name, values in columns.items():
        if values and (values[0].startswith("Baseline:") or has_baseline):
            if values[0].startswith("Baseline:"):
                baseline_name = values[0]
            has_baseline = True
            values[0] = out.color(values[0], "yellow")
        coloured[out.color(name, "cyan")] = values
    out.print(tabulate(coloured, headers="keys", tablefmt=tablefmt, colalign=("right",), stralign="center",
                       numalign="center", floatfmt=f".{width}f"))
    out.print()
    if paired is not None:
        _print_paired_notes(paired, baseline_name, out)
    out.print("-----------------")
    out.print("Metric signatures")
    out.print("-----------------")
    for name, signature in signatures.items():
        out.print(f" - {name:<10} {signature}")


def _score_column(cells: Sequence[Cell], width: int, p_break: str, out: Output) -> tuple[list[str], str]:
    """sacreBLEU's ``_format_score_lines``: each cell as text, and the column's title."""
    column = []
    bootstrap = False
    for cell in cells:
        if isinstance(cell, str):
            column.append(cell)
            continue
        text = f"{cell.score:.{width}f}"
        if cell.mean is not None:
            bootstrap = True
            text += f" ({cell.mean:.{width}f} ± {cell.ci:.{width}f})"
        if cell.p_value is not None:
            p_text = f"(p = {cell.p_value:.4f})"
            text += p_break + (out.color(p_text, "red") if cell.p_value > 0.05 else p_text + "*")
        column.append(text)
    return column, "BLEU (μ ± 95% CI)" if bootstrap else "BLEU"


def _print_paired_notes(note: PairedNote, baseline_name: str, out: Output) -> None:
    """The notes sacreBLEU prints under a paired-test table, word for word."""
    if note.bootstrap:
        msg = f"Paired bootstrap resampling test with {note.n_given} resampling trials"
    else:
        msg = f"Paired approximate randomization test with {note.n_given} trials"
    bline = out.color("baseline", "yellow")
    bline_name = out.color(baseline_name, "yellow")
    null_hyp = out.color("Null hypothesis", "green")
    pval_color = out.color("highlighted in red", "red")
    out.print("-" * len(msg) + "\n" + msg + "\n" + "-" * len(msg))
    out.print(f" - Each system is pairwise compared to {bline_name}.")
    if note.bootstrap:
        out.print("   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric.")
    else:
        out.print("   Actual system score is provided for each metric.")
    out.print()
    out.print(f" - {null_hyp}: the system and the {bline} translations are essentially")
    out.print(f"   generated by the same underlying process. For a given system and the {bline},")
    out.print("   the p-value is roughly the probability of the absolute score difference (delta)")
    out.print(f"   or higher occurring due to chance, under the assumption that the {null_hyp.lower()} is correct.")
    out.print()
    out.print(f" - Assuming a significance threshold of 0.05, the {null_hyp.lower()} can be rejected")
    out.print('   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be attributed')
    out.print(f"   to chance, hence the system is significantly \"different\" than the {bline}.")
    out.print(f"   Otherwise, the p-values are {pval_color}.")
    out.print()
    out.print(f" - NOTE: Significance does not tell whether a system is \"better\" than the {bline} but rather")
    out.print("   emphasizes the \"difference\" of the systems in terms of the replicability of the delta.")
    out.print()
