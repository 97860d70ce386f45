"""``bleu-explain doctor REF... -i HYP [--score S] [--source SRC] [--signature SIG] [--json]``: what is wrong with
a BLEU, and which tool printed it.

sacreBLEU's argument order (references first, the hypothesis after ``-i``).
Every preset and setting option of the main command sets the score examined and
narrows the search for ``--score``. The settings, ``--score`` and ``--signature``
are parsed and checked once, before any file is read, and make the one
configuration examined. The files are read as the main command reads them (the
one reader, ``.gz``, ``-nr``, ``-e``), except that each line is kept as it is,
carriage return and trailing white space included, so that the doctor can see
them; bad input gets the main command's one-line errors. Files of different
lengths are diagnosed, not refused: the doctor pairs their lines (the main
command still refuses them). The exit status is 1 when the diagnosis has a finding of severity
"error" (so that a script can stop on it), 0 otherwise (warnings and notes
included); a refusal exits as the main command's do (1, 2, 3 or 17, with a line
on standard error).
"""

from __future__ import annotations

import argparse
from typing import Optional, Sequence

from ..messages import say
from .options import EXIT_USAGE, CliError, add_bleu_settings, add_locale
from .reading import file_lines, read_references
from .settings import config_from_args

DESCRIPTION = """Diagnose a BLEU score: lines lost, added, repeated or moved (files of different lengths
included), output in the wrong language or left untranslated, model markers, loops, cut or long output,
tokenized files, subword pieces, split compounds, the wrong tokenizer for Chinese or Japanese, copied
references, Unicode forms, case, empty lines; with --score, which tool, settings or mistake printed the number
you were given, and how often chance alone would match it; with --signature, how a paper's sacreBLEU signature
differs from what reproduces your files.

    bleu-explain doctor ref.de -i hyp.de
    bleu-explain doctor ref.de -i hyp.de --score 27.3 --json
    bleu-explain doctor ref.zh -i hyp.zh -l en-zh --locale zh
    bleu-explain doctor ref.de -i hyp.de --source src.en --signature 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.0.0'"""

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
    p.add_argument("--source", type=str, default=None,
                   help="the source file the system translated, one segment per line: finds lines left untranslated "
                        "and tells which file lost a line")
    p.add_argument("--signature", type=str, default=None,
                   help="a sacreBLEU signature as a paper prints it (nrefs:1|case:mixed|... or BLEU+case.mixed+...): "
                        "names each field that differs and rescores the files under it")
    p.add_argument("--json", action="store_true", help="the diagnosis as one JSON document")
    add_locale(p, "the language of the report: en (default) or zh, Chinese (codes, numbers, file names, signatures "
                  "and commands stay as they are); with --json, the findings' words in that language and a "
                  "\"locale\" field (without --locale the JSON is English)")
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
    from ..analysis.doctor.pasted import PastedSignature
    from ..analysis.doctor.reported import ReportedScore

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
    pasted = None if args.signature is None else PastedSignature.parse(args.signature)
    narrowed = {name: getattr(config, name) for option, name in SETTINGS.items() if getattr(args, option) is not None}
    if args.langpair is not None and args.tokenize is None and config.tokenize != "13a":
        narrowed["tokenize"] = config.tokenize  # picked by -l, as the main command picks it
    streams = read_references(args.refs, args.num_refs, args.encoding, strip=lambda line: line, whole=True)
    system = file_lines(args.input, "system output", args.encoding, whole=True)
    source = None if args.source is None else file_lines(args.source, "source", args.encoding, whole=True)
    if not system:
        raise CliError(f"system output {args.input!r} is empty (no lines)")
    for k, stream in enumerate(streams):
        if not stream:
            raise CliError(f"reference file {args.refs[k] if args.num_refs == 1 else args.refs[0]!r} is empty (no lines)")
    names = [say("doctor.side.reference", number=k + 1) if len(streams) > 1 else say("doctor.side.the-reference")
             for k in range(len(streams))]
    diagnosis = diagnose_with_config(system, streams, config, reported, preset=args.preset, narrowed=narrowed,
                                     streams=True, source=source, names=names, signature=pasted)
    locale = None if args.locale == "en" else args.locale  # the JSON names its locale only when one is asked for
    print(diagnosis.to_json(locale=locale) if args.json else diagnosis.text(args.locale))
    return EXIT_ERROR_FOUND if diagnosis.worst() == "error" else 0
