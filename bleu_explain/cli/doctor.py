"""``bleu-explain doctor REF... -i HYP [--score S] [--json]``: what is wrong with a BLEU, and which tool printed it.

sacreBLEU's argument order (references first, the hypothesis after ``-i``).
Every preset and setting option of the main command sets the score examined and
narrows the search for ``--score``. The settings and ``--score`` are parsed and
checked once, before any file is read, and make the one configuration examined.
The files are read as the main command reads them (the one reader, ``.gz``,
``-nr``, ``-e``), except that each line is kept as it is, carriage return and
trailing white space included, so that the doctor can see them; bad input gets
the main command's one-line errors. The references stay segment-major from the
reading on. The exit status is 1 when the diagnosis has a finding of severity
"error" (so that a script can stop on it), 0 otherwise (warnings and notes
included); a refusal exits as the main command's do (1, 2, 3 or 17, with a line
on standard error).
"""

from __future__ import annotations

import argparse
from typing import Optional, Sequence

from .options import EXIT_USAGE, CliError, add_bleu_settings
from .reading import file_lines, read_references
from .settings import check_lengths, config_from_args

DESCRIPTION = """Diagnose a BLEU score: misaligned or tokenized files, subword pieces, the wrong tokenizer for
Chinese, Japanese or Korean, copied references, Unicode forms, case, empty lines, and, with --score, which
tool and settings printed the number you were given.

    bleu-explain doctor ref.de -i hyp.de
    bleu-explain doctor ref.de -i hyp.de --score 27.3 --json"""

EPILOG = """exit status: 1 when a finding has severity "error" (the score is wrong: misaligned references, subword
pieces, the wrong tokenizer for CJK text, one side lowercased, ...), 0 otherwise, warnings and notes
included; 1, 2, 3 or 17 with a one-line error when the files or options cannot be used."""

#: The exit status when the diagnosis has an error-severity finding.
EXIT_ERROR_FOUND = 1

#: The settings that narrow the diagnosis when given, by the engine's names.
SETTINGS = {"tokenize": "tokenize", "lowercase": "lowercase", "smooth_method": "smooth",
            "smooth_value": "smooth_value", "effective_order": "effective_order",
            "max_ngram_order": "max_order", "weights": "weights"}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="bleu-explain doctor", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("refs", nargs="*", default=[], help="reference files, one segment per line (before -i)")
    p.add_argument("--input", "-i", type=str, default=None, help="the system output file, one segment per line")
    p.add_argument("--score", type=str, default=None,
                   help="the score you were given, as printed (27.3, 0.273): find the settings that reproduce it")
    p.add_argument("--json", action="store_true", help="the diagnosis as one JSON document")
    p.add_argument("--num-refs", "-nr", type=int, default=1,
                   help="split each reference line on tabs into this many references (default: %(default)s)")
    p.add_argument("--encoding", "-e", type=str, default="utf-8", help="encoding of the files (default: %(default)s)")
    p.add_argument("--language-pair", "-l", dest="langpair", default=None,
                   help="source-target language pair: the target picks sacreBLEU's tokenizer (zh, ja-mecab, ko-mecab)")
    add_bleu_settings(p.add_argument_group("settings (each one given narrows the diagnosis)"), preset_default=None,
                      force=False, sentence_level=False)
    return p


def run(argv: Optional[Sequence[str]]) -> int:
    """Run the doctor; the exit status, or :class:`CliError` for a refusal."""
    from ..analysis.doctor import diagnose_with_config
    from ..analysis.doctor.reported import ReportedScore
    from ..engine.validation import from_streams

    args = parser().parse_args(argv)
    if not args.refs:
        raise CliError("no reference files given: bleu-explain doctor REF [REF ...] -i SYSTEM (references first)")
    if args.input is None:
        raise CliError("no system output given (did you mean -i?): bleu-explain doctor REF [REF ...] -i SYSTEM",
                       EXIT_USAGE)
    if args.num_refs != 1 and len(args.refs) > 1:
        raise CliError("-nr/--num-refs splits the lines of ONE reference file on tabs; give a single reference file")
    # every setting parsed and checked once, before any file is read, with the main command's checks and errors
    chosen = argparse.Namespace(**{**vars(args), "preset": args.preset or "sacrebleu", "sentence_level": False})
    config = config_from_args(chosen)
    reported = None if args.score is None else ReportedScore.parse(args.score)
    narrowed = {name: getattr(config, name) for option, name in SETTINGS.items() if getattr(args, option) is not None}
    if args.langpair is not None and args.tokenize is None and config.tokenize != "13a":
        narrowed["tokenize"] = config.tokenize  # picked by -l, as the main command picks it
    streams = read_references(args.refs, args.num_refs, args.encoding, strip=lambda line: line, whole=True)
    system = file_lines(args.input, "system output", args.encoding, whole=True)
    check_lengths(args.input, system, streams, args)
    diagnosis = diagnose_with_config(system, from_streams(streams), config, reported, preset=args.preset,
                                     narrowed=narrowed)
    print(diagnosis.to_json() if args.json else diagnosis)
    return EXIT_ERROR_FOUND if diagnosis.worst() == "error" else 0
