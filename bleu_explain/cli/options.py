"""The command line's options: sacreBLEU 2.6's, spelled and defaulted as sacreBLEU spells them, plus ours.

sacreBLEU's short options keep sacreBLEU's meaning (``-e`` is ``--encoding``).
bleu-explain's own options have long names only (``--preset``, ``--explain``,
``--effective-order``, ``--max-ngram-order``, ``--weights``). An abbreviated
long option (``--wid`` for ``--width``) resolves as in sacreBLEU: when the
prefix fits one of sacreBLEU's options, ours are not considered.
"""

from __future__ import annotations

import argparse
import os
import textwrap
from dataclasses import dataclass
from typing import Optional, Sequence

#: Exit statuses. 0, 1, 2 and 17 are sacreBLEU's own: 1 for unusable input (sacreBLEU's ``sys.exit(1)``
#: and its tracebacks), 2 for a bad option (argparse), 17 for a line with the wrong number of tab-separated
#: fields. 3 is ours: something sacreBLEU does that bleu-explain does not (test sets by name, chrF, TER).
EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_UNSUPPORTED = 3
EXIT_FIELDS = 17

#: sacreBLEU 2.6's tokenizer names (``-tok``).
SACREBLEU_TOKENIZERS = ("none", "zh", "13a", "intl", "char", "ja-mecab", "ko-mecab", "spm", "flores101",
                        "flores200", "spBLEU-1K")
#: The tokenizer sacreBLEU picks for a target language given with ``-l`` (else 13a).
TOKENIZER_FOR_TARGET = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}
#: sacreBLEU's metrics (``-m``); bleu-explain computes BLEU only.
SACREBLEU_METRICS = ("bleu", "chrf", "ter")
#: sacreBLEU's output formats; ``SACREBLEU_FORMAT`` in the environment overrides ``-f`` as in sacreBLEU.
FORMATS = ("json", "text", "latex")
#: sacreBLEU's defaults for the resampling tests.
DEFAULT_CONFIDENCE_N = 1000
DEFAULT_PAIRED_BS_N = 1000
DEFAULT_PAIRED_AR_N = 10000

#: Options that only bleu-explain has.
OWN_OPTIONS = ("--preset", "--explain", "--locale", "--effective-order", "--max-ngram-order", "--weights", "--receipt")

#: sacreBLEU options that need what bleu-explain does not have: its test-set database or its other metrics.
#: Each maps to the words the refusal uses.
UNSUPPORTED = {
    "test_set": "-t/--test-set (sacreBLEU's test sets by name)",
    "download": "--download (sacreBLEU's test sets by name)",
    "list": "--list (sacreBLEU's test sets by name)",
    "echo": "--echo (sacreBLEU's test sets by name)",
    "citation": "--citation (sacreBLEU's test sets by name)",
    "origlang": "-ol/--origlang (subsets of sacreBLEU's test sets)",
    "subset": "--subset (subsets of sacreBLEU's test sets)",
    "detail": "-d/--detail (subsets of sacreBLEU's test sets)",
}


class _SacreBleuFirstParser(argparse.ArgumentParser):
    """argparse, but an abbreviated long option that fits one of sacreBLEU's options means that option."""

    def _get_option_tuples(self, option_string):  # type: ignore[no-untyped-def]
        found = super()._get_option_tuples(option_string)
        theirs = [match for match in found if match[1] not in OWN_OPTIONS]
        return theirs or found


def version_text() -> str:
    """What ``-V`` prints: bleu-explain's version and the sacreBLEU version whose command line it reproduces
    (the release it is verified against, whichever sacreBLEU is installed beside it)."""
    from ..engine.signature import VERIFIED_SACREBLEU_VERSION, package_version

    return f"bleu-explain {package_version()} (sacreBLEU {VERIFIED_SACREBLEU_VERSION} command line)"


@dataclass(frozen=True)
class Command:
    """One line of the "commands" section of ``bleu-explain --help``: how it is called and what it does.

    ``module`` is the module of :mod:`bleu_explain.cli` whose ``run(argv)`` the entry point calls when the
    first argument is ``name`` (None for scoring, the command without a name).
    """

    name: Optional[str]
    usage: str
    what: str
    module: Optional[str] = None


#: The commands, in the order ``--help`` lists them. A new subcommand is one more line here and a module with
#: ``run(argv) -> int``; ``bleu-explain NAME ...`` then runs it (a reference file called NAME: give it as ./NAME).
COMMANDS = (
    Command(None, "bleu-explain REF [REF ...] -i SYSTEM [SYSTEM ...]",
            "score: sacreBLEU's command line, with the options below"),
    Command("doctor", "bleu-explain doctor REF [REF ...] -i SYSTEM [--score S] [--source SRC] [--signature SIG]",
            "diagnose a BLEU score: what is wrong with the files (lines lost or moved, the wrong language, ...), "
            "and which tool, settings or mistake printed the number you were given (bleu-explain doctor --help)",
            module="doctor"),
    Command("verify", "bleu-explain verify RECEIPT REF [REF ...] -i SYSTEM",
            "compute a score again from the receipt that --receipt wrote and the files, and say \"reproduced\" or "
            "the first file, line or step that differs (bleu-explain verify --help)", module="verify"),
)

DESCRIPTION = """BLEU, step by step. sacreBLEU's command line, byte for byte (same options, same output,
same exit status), scored by bleu-explain's engine as sacreBLEU scores (default) or as
another tool does (--preset); --explain shows the computation.

    bleu-explain ref.txt -i hyp.txt
    bleu-explain ref.txt -i baseline.txt system.txt --paired-bs"""


def subcommand(argv: Sequence[str]) -> Optional[Command]:
    """The named command ``argv`` starts with, or None (scoring)."""
    return next((c for c in COMMANDS if c.name is not None and argv[:1] == [c.name]), None)


def commands_text(width: int = 90) -> str:
    """The "commands" section of ``--help``: each command's usage, then what it does, indented.

    >>> print(commands_text().splitlines()[0])
    commands:
    """
    lines = ["commands:"]
    for command in COMMANDS:
        lines.append(f"  {command.usage}")
        lines += textwrap.wrap(command.what, width, initial_indent=" " * 6, subsequent_indent=" " * 6)
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    """sacreBLEU 2.6's argument parser, option for option, in sacreBLEU's order and groups, and ours after it."""
    p = _SacreBleuFirstParser(
        prog="bleu-explain", description=f"{DESCRIPTION}\n\n{commands_text()}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_test_set_options(p)
    _add_input_options(p.add_argument_group("input"))
    add_bleu_settings(p.add_argument_group("BLEU"))
    _add_other_metrics_options(p)
    _add_test_options(p.add_argument_group("confidence intervals and paired significance tests (sacreBLEU's, "
                                           "same seed)"))
    _add_output_options(p.add_argument_group("output"))
    p.add_argument("--version", "-V", action="version", version=version_text(),
                   help="bleu-explain's version and the sacreBLEU version it reproduces")
    return p


def _add_test_set_options(p: argparse.ArgumentParser) -> None:
    """sacreBLEU's test-set options: parsed so that they are refused with a clear line (see UNSUPPORTED)."""
    hidden = argparse.SUPPRESS
    p.add_argument("--citation", "--cite", default=False, action="store_true", help=hidden)
    p.add_argument("--list", default=False, action="store_true", help=hidden)
    p.add_argument("--test-set", "-t", type=str, default=None, help=hidden)
    p.add_argument("--language-pair", "-l", dest="langpair", default=None,
                   help="source-target language pair: the target picks sacreBLEU's default tokenizer "
                        "(zh for Chinese, ja-mecab for Japanese, ko-mecab for Korean, else 13a)")
    p.add_argument("--origlang", "-ol", dest="origlang", default=None, help=hidden)
    p.add_argument("--subset", dest="subset", default=None, help=hidden)
    p.add_argument("--download", type=str, default=None, help=hidden)
    p.add_argument("--echo", nargs="+", type=str, default=None, help=hidden)


def _add_input_options(io: argparse._ArgumentGroup) -> None:
    io.add_argument("--input", "-i", type=str, nargs="*", default=None,
                    help="system output file(s), one segment per line; several files give sacreBLEU's table "
                         "(default: standard input, systems separated by tabs)")
    io.add_argument("refs", nargs="*", default=[], help="reference files, one segment per line (give them before -i)")
    io.add_argument("--num-refs", "-nr", type=int, default=1,
                    help="split each reference line on tabs into this many references (default: %(default)s)")
    io.add_argument("--encoding", "-e", type=str, default="utf-8",
                    help="encoding of the input files (default: %(default)s)")
    io.add_argument("--metrics", "-m", choices=SACREBLEU_METRICS, nargs="+", default=["bleu"],
                    help="bleu only: chrF and TER are sacreBLEU's and are refused here")
    io.add_argument("--sentence-level", "-sl", action="store_true", help="one score per line")


def _add_other_metrics_options(p: argparse.ArgumentParser) -> None:
    """chrF and TER options: accepted as sacreBLEU accepts them beside -m bleu, where they do nothing."""
    hidden = argparse.SUPPRESS
    p.add_argument("--chrf-char-order", "-cc", type=int, default=None, help=hidden)
    p.add_argument("--chrf-word-order", "-cw", type=int, default=None, help=hidden)
    p.add_argument("--chrf-beta", type=int, default=None, help=hidden)
    for flag in ("--chrf-whitespace", "--chrf-lowercase", "--chrf-eps-smoothing", "--ter-case-sensitive",
                 "--ter-asian-support", "--ter-no-punct", "--ter-normalized"):
        p.add_argument(flag, action="store_true", help=hidden)


def _add_test_options(tests: argparse._ArgumentGroup) -> None:
    tests.add_argument("--confidence", "-ci", action="store_true", help="bootstrap 95%% confidence interval")
    tests.add_argument("--confidence-n", "-cin", type=int, default=DEFAULT_CONFIDENCE_N,
                       help="bootstrap resamples for the interval (default: %(default)s)")
    choice = tests.add_mutually_exclusive_group()
    choice.add_argument("--paired-ar", "-par", action="store_true",
                        help="paired approximate randomization test of each system against the first")
    choice.add_argument("--paired-bs", "-pbs", action="store_true",
                        help="paired bootstrap resampling test of each system against the first")
    tests.add_argument("--paired-ar-n", "-parn", type=int, default=DEFAULT_PAIRED_AR_N,
                       help="trials of the randomization test (default: %(default)s)")
    tests.add_argument("--paired-bs-n", "-pbsn", type=int, default=DEFAULT_PAIRED_BS_N,
                       help="resamples of the paired bootstrap (default: %(default)s)")
    tests.add_argument("--paired-jobs", "-j", type=int, default=1,
                       help="accepted as in sacreBLEU; the tests run in one process (same results)")


def _add_output_options(out: argparse._ArgumentGroup) -> None:
    out.add_argument("--quiet", "-q", default=False, action="store_true",
                     help="no messages or progress bars on standard error")
    out.add_argument("--short", "-sh", default=False, action="store_true", help="shorter signature")
    out.add_argument("--score-only", "-b", default=False, action="store_true", help="print only the score")
    out.add_argument("--width", "-w", type=int, default=1, help="decimals in the score (default: %(default)s)")
    out.add_argument("--detail", "-d", default=False, action="store_true", help=argparse.SUPPRESS)
    out.add_argument("--no-color", "-nc", action="store_true", help="no terminal colours")
    out.add_argument("--format", "-f", default="json", choices=FORMATS,
                     help="json or text for one system; json, text or latex for several (default: %(default)s; "
                          "SACREBLEU_FORMAT in the environment overrides it, as in sacreBLEU)")
    out.add_argument("--receipt", type=str, default=None, metavar="FILE",
                     help="write a receipt of the score to FILE (JSON: each file's sha256 and line count, the "
                          "settings and signature, the versions, every count and step); bleu-explain verify FILE "
                          "REF ... -i SYSTEM checks it")
    out.add_argument("--explain", action="store_true",
                     help="the steps: for one sentence its tables, for a corpus the summary and the lowest-scoring "
                          "sentences (with -f json, in an \"explanation\" field); segments and lines are numbered "
                          "from 1")
    add_locale(out, "the language of --explain's steps and tables: en (default) or zh, Chinese (the score line "
                    "stays sacreBLEU's)")


def add_locale(group: argparse._ActionsContainer, help_text: str) -> None:
    """``--locale``, the language of what a command says (the scoring command's and the doctor's): one of the
    catalogue's languages. Not ``--lang``: argparse would read it as ``--language-pair``."""
    from ..messages import DEFAULT_LOCALE, LOCALES

    group.add_argument("--locale", default=DEFAULT_LOCALE, choices=LOCALES, help=help_text)


def add_bleu_settings(bleu: argparse._ArgumentGroup, preset_default: Optional[str] = "sacrebleu",
                      force: bool = True, sentence_level: bool = True) -> None:
    """The preset and setting options (``--preset``, ``-s``, ``-sv``, ``-tok``, ``-lc``, ...): the main command's,
    and the doctor's (whose settings narrow its search, so its preset has no default, and which has no ``-sl``:
    ``sentence_level=False`` keeps its help from naming it)."""
    from ..engine.config import SMOOTHING_BY_RULE
    from ..engine.presets import PRESETS
    from ..engine.smoothing import SMOOTHING_METHODS

    bleu.add_argument("--preset", default=preset_default, choices=sorted(PRESETS),
                      help="which implementation to reproduce" + (" (default: %(default)s)" if preset_default else "")
                      + "; d2l scores one line against one reference"
                      + (" (give -sl for one score a line)" if sentence_level else ""))
    bleu.add_argument("--smooth-method", "-s", default=None,
                      help="by the preset's rules: " + "; ".join(f"{rule} {'/'.join(methods)}"
                                                                 for rule, methods in SMOOTHING_BY_RULE.items()))
    bleu.add_argument("--smooth-value", "-sv", type=float, default=None,
                      help="the value of " + ", ".join(f"{m.name} ({m.value_name}, default {m.default_value:g})"
                                                       for m in SMOOTHING_METHODS.values() if m.value_name))
    bleu.add_argument("--tokenize", "-tok", default=None,
                      help="13a (default), intl, zh, char, none, paper and space (bleu-explain's); ja-mecab and ko-mecab "
                           "with the ja/ko extras; spm, flores101, flores200, spBLEU-1K with the spm extra and a model")
    bleu.add_argument("--lowercase", "-lc", action="store_true", default=None, help="case-insensitive BLEU")
    if force:
        bleu.add_argument("--force", default=False, action="store_true",
                          help="do not warn about output that looks tokenized")
    bleu.add_argument("--max-ngram-order", type=int, default=None, help="highest n-gram order (default 4; d2l's k, "
                                                                             "default 2)")
    bleu.add_argument("--weights", type=float, nargs="+", default=None, help="one weight per order (NLTK style)")
    bleu.add_argument("--effective-order", action="store_true", default=None,
                      help="sacreBLEU's effective order" + (" (always on with -sl, as in sacreBLEU)" if sentence_level
                                                            else ""))


def parse(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    """Parse as sacreBLEU parses, including its ``SACREBLEU_FORMAT`` override."""
    args = parser().parse_args(argv)
    override = os.environ.get("SACREBLEU_FORMAT", "").lower()
    if "SACREBLEU_FORMAT" in os.environ and override in FORMATS:
        args.format = override
    return args


def unsupported(args: argparse.Namespace) -> Optional[str]:
    """A line naming what sacreBLEU would do here and bleu-explain does not, or None."""
    for dest, words in UNSUPPORTED.items():
        if getattr(args, dest):
            return (f"{words} is not available in bleu-explain: give the reference files themselves, "
                    "e.g. bleu-explain ref.txt -i hyp.txt")
    others = [m for m in dict.fromkeys(args.metrics) if m != "bleu"]
    if others:
        named = " and ".join({"chrf": "chrF", "ter": "TER"}[m] for m in others)
        return (f"bleu-explain computes BLEU only: {named} (-m {' '.join(others)}) is sacreBLEU's own metric; "
                "run sacrebleu for it")
    return None


class CliError(Exception):
    """A refusal: the message for standard error and the exit status."""

    def __init__(self, message: str, status: int = EXIT_INPUT) -> None:
        super().__init__(message)
        self.status = status
