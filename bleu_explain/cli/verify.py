"""``bleu-explain verify RECEIPT REF... -i SYSTEM``: compute a score again from its receipt and the files.

The receipt (written by ``bleu-explain REF... -i SYSTEM --receipt RECEIPT``) holds the settings, so none is
given here; the files are read as the main command reads them (the one reader, ``-nr``, ``-e``, trailing white
space removed as the receipt's tool removes it). It prints "reproduced: ..." and exits 0, or "not reproduced:"
and the first file, line or step that differs, and exits 1; a receipt or a file that cannot be read is refused
in one line as the main command refuses its input.
"""

from __future__ import annotations

import argparse
import json
from typing import Optional, Sequence

from ..messages import localize
from .options import EXIT_INPUT, EXIT_USAGE, CliError, add_locale
from .reading import file_lines, read_references

DESCRIPTION = """Compute a BLEU score again from the receipt --receipt wrote, and say whether it comes out the
same: "reproduced", or the first file, line or step that differs.

    bleu-explain ref.de -i hyp.de --receipt score.json
    bleu-explain verify score.json ref.de -i hyp.de"""

EPILOG = "exit status: 0 when reproduced, 1 when not (or when the receipt or a file cannot be used)."

#: The exit status when the number is not reproduced.
EXIT_NOT_REPRODUCED = 1


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="bleu-explain verify", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("receipt", help="the receipt (JSON) that --receipt wrote")
    p.add_argument("refs", nargs="*", default=[], help="reference files, in the receipt's order (before -i)")
    p.add_argument("--input", "-i", type=str, default=None, help="the system output file")
    p.add_argument("--num-refs", "-nr", type=int, default=1,
                   help="split each reference line on tabs into this many references (default: %(default)s)")
    p.add_argument("--encoding", "-e", type=str, default="utf-8", help="encoding of the files (default: %(default)s)")
    add_locale(p, "the language of the verdict: en (default) or zh, Chinese")
    return p


def run(argv: Optional[Sequence[str]]) -> int:
    from ..analysis.receipt import config_of, verify
    from ..data.reading import read_lines, trailing_space_stripper

    args = parser().parse_args(argv)
    if args.input is None:
        raise CliError("no system output given (did you mean -i?): bleu-explain verify RECEIPT REF [REF ...] -i SYSTEM",
                       EXIT_USAGE)
    if not args.refs:
        raise CliError("no reference files given: bleu-explain verify RECEIPT REF [REF ...] -i SYSTEM")
    text = "\n".join(read_lines(args.receipt, f"receipt {args.receipt!r}", "utf-8", option="-e"))
    try:
        receipt = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"receipt {args.receipt!r} is not JSON (line {exc.lineno}: {exc.msg})", EXIT_INPUT) from None
    if not isinstance(receipt, dict) or "config" not in receipt:
        raise CliError(f"receipt {args.receipt!r} is not a bleu-explain receipt (no \"config\")", EXIT_INPUT)
    strip = trailing_space_stripper(config_of(receipt["config"]).whitespace)
    streams = read_references(args.refs, args.num_refs, args.encoding, strip)
    system = [strip(line) for line in file_lines(args.input, "system output", args.encoding)]
    names = [args.input, *args.refs]
    verdict = verify(receipt, system, streams, names)
    print(localize(verdict.message, args.locale))
    return 0 if verdict.reproduced else EXIT_NOT_REPRODUCED
