"""The command line's run: sacreBLEU 2.6's steps, in sacreBLEU's order, scored by the engine.

One system gives the score line (JSON by default), several give sacreBLEU's
table, ``--paired-bs``/``--paired-ar`` test each against the first, ``-sl``
scores each line. The statistics come from :mod:`bleu_explain.analysis.significance`
with sacreBLEU's seed (12345 unless ``SACREBLEU_SEED`` says otherwise).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from importlib import import_module
from typing import Optional, Sequence

from ..data.reading import trailing_space_stripper
from ..engine.errors import BleuInputError
from ..engine.signature import Signature
from .options import (
    DEFAULT_PAIRED_AR_N,
    DEFAULT_PAIRED_BS_N,
    EXIT_INPUT,
    EXIT_UNSUPPORTED,
    EXIT_USAGE,
    CliError,
    parse,
    subcommand,
    unsupported,
)
from .reading import read_file_systems, read_references, read_stdin_systems
from .report import (
    Output,
    PairedNote,
    ScoreLine,
    TestedScore,
    print_results_table,
    print_single_result,
    signature_text,
    verbose_text,
)
from .settings import check_lengths, config_from_args, warn

#: sacreBLEU warns when this many output lines end in " ." (a sign of tokenized output).
_TOKENIZED_PERIOD_LINES = 100


def run(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; the exit status, or :class:`CliError` for a refusal."""
    args = parse(argv)
    out = Output.for_stdout(args.no_color)
    try:
        return _run(args, out)
    finally:
        out.finish()


def _run(args: argparse.Namespace, out: Output) -> int:
    refusal = unsupported(args)
    if refusal:
        raise CliError(refusal, EXIT_UNSUPPORTED)
    paired = args.paired_bs or args.paired_ar
    if args.num_refs != 1 and len(args.refs) > 1:
        raise CliError("-nr/--num-refs splits the lines of ONE reference file on tabs; give a single reference file")
    if not args.refs:
        raise CliError("no reference files given: bleu-explain REF [REF ...] -i SYSTEM [SYSTEM ...] "
                       "(references first, before -i)")
    config = config_from_args(args)
    strip = trailing_space_stripper(config.whitespace)
    streams = read_references(args.refs, args.num_refs, args.encoding, strip)
    if args.input is None:
        if sys.stdin.isatty() and not args.quiet:  # a terminal waits for typing: say why nothing happens
            warn("no -i given: reading the system output from standard input (end it with Ctrl-D); "
                 "did you mean -i? bleu-explain REF [REF ...] -i SYSTEM")
        systems = read_stdin_systems(args.encoding, strip)
        names = [f"System {i + 1}" for i in range(len(systems))]
        if paired:
            names = ["Baseline"] + names[:-1]
    else:
        systems, names = read_file_systems(args.input, args.encoding, strip, paired)
        if not systems:
            raise CliError("-i names no file: give the system output file(s) after -i")
        if paired:
            names[0] = f"Baseline: {names[0]}"
    _check_modes(args, len(systems))
    for name, system in zip(names, systems):
        check_lengths(name, system, streams, args)
    args.read_streams = streams  # the lines as scored, for --receipt
    from ..engine.validation import from_streams

    refs = from_streams(streams)
    progress = False if args.quiet else None
    if args.sentence_level:
        return _sentence_level(args, systems[0], refs, config, out)
    if len(systems) == 1:
        return _one_system(args, systems[0], refs, config, progress, out)
    return _several_systems(args, names, systems, refs, config, progress, out)


# ---------------------------------------------------------------------- settings and checks
def _check_modes(args: argparse.Namespace, n_systems: int) -> None:
    """sacreBLEU's refusals of option combinations (exit 1), and ours for --explain (exit 2)."""
    paired = args.paired_bs or args.paired_ar
    if args.sentence_level and n_systems > 1:
        raise CliError("-sl scores one system at a time; give one system")
    if args.sentence_level and (args.confidence or paired):
        raise CliError("-sl cannot be combined with --confidence or the paired tests (sacreBLEU refuses it too)")
    if paired and n_systems == 1:
        raise CliError("the paired tests need two or more systems after -i (the first is the baseline)")
    if n_systems > 1 and args.confidence:
        raise CliError("--confidence is for one system; for several, use --paired-bs or --paired-ar")
    if args.explain and n_systems > 1:
        raise CliError("--explain explains one system; give one file after -i", EXIT_USAGE)
    if args.width < 0:
        raise CliError(f"-w/--width must be 0 or more, got {args.width}", EXIT_USAGE)
    if args.receipt is not None and (n_systems > 1 or args.sentence_level):
        raise CliError("--receipt records the corpus score of one system; give one system, without -sl", EXIT_USAGE)


def _warn_if_tokenized(args: argparse.Namespace, config, name: str, system: Sequence[str]) -> None:
    if config.combine != "sacrebleu" or args.force:
        return
    if sum(line.endswith(" .") for line in system) >= _TOKENIZED_PERIOD_LINES:
        warn(f"{name}: 100 or more lines end in a tokenized period (' .'): it looks tokenized, which may hurt the "
              "score (detokenize it, or give --force)")


def _seed() -> tuple[str, Optional[int]]:
    """``SACREBLEU_SEED`` as sacreBLEU reads it: (its text for the signature, the seed), 12345 unless set."""
    text = os.environ.get("SACREBLEU_SEED", "12345")
    if text.lower() == "none":
        return "none", None
    try:
        seed = int(text)
    except ValueError:
        raise CliError(f"SACREBLEU_SEED must be a whole number or None, got {text!r}") from None
    if seed < 0:
        raise CliError(f"SACREBLEU_SEED must be 0 or more, got {seed}")
    return text.lower(), seed


# ---------------------------------------------------------------------- the three modes
def _verbose(result) -> str:
    """sacreBLEU's ``verbose_score``; under sacreBLEU's rules its precisions are sacreBLEU's own percentages."""
    if result.config.combine == "sacrebleu":
        from ..engine.smoothing import sacrebleu_precisions

        if any(result.matches):
            percent = sacrebleu_precisions(result.matches, result.totals, result.config.smooth,
                                           result.config.smooth_parameter, result.config.effective_order)[0]
        else:
            percent = [0.0] * len(result.matches)  # sacreBLEU stops before its loop over orders
    else:
        percent = [100 * (p or 0.0) for p in result.precisions]
    return verbose_text(percent, result.brevity_penalty, result.hyp_len, result.ref_len)


def _sentence_level(args: argparse.Namespace, system: Sequence[str], refs: Sequence[Sequence[str]], config,
                    out: Output) -> int:
    from ..api import explain_with_config
    from ..messages.catalogue import text

    _warn_if_tokenized(args, config, "the system output", system)
    for number, (hyp, seg_refs) in enumerate(zip(system, refs), 1):
        sentence = explain_with_config(hyp, seg_refs, config, args.locale)
        if args.explain:
            if number > 1:
                out.print()
            out.print(text("cli.segment", args.locale, number=number))
            out.print(sentence.explain_text())
            continue
        line = ScoreLine(score=sentence.score, verbose=_verbose(sentence))
        out.print(line.format(args.width, args.score_only, signature_text(Signature.parse(sentence.signature), args.short), False))
    return 0


def _one_system(args: argparse.Namespace, system: Sequence[str], refs: Sequence[Sequence[str]], config,
                progress: Optional[bool], out: Output) -> int:
    from ..api import explain_corpus_with_config

    _warn_if_tokenized(args, config, "the system output", system)
    result = explain_corpus_with_config(system, refs, config, progress=progress, locale=args.locale)
    if args.receipt is not None:
        _write_receipt(args, result, system)
    signature = Signature.parse(result.signature)
    mean = ci = None
    if args.confidence and args.confidence_n > 1:  # sacreBLEU resamples only for 2 or more
        from ..analysis.significance import bootstrap_ci_of_result

        seed_text, seed = _seed()
        interval = bootstrap_ci_of_result(result, n_samples=args.confidence_n, seed=seed, progress=progress)
        mean, ci = interval.mean, interval.ci
        signature = signature.with_fields([("bs", args.confidence_n), ("seed", seed_text)])
    is_json = args.format == "json"
    line = ScoreLine(score=result.score, verbose=_verbose(result), mean=mean, ci=ci).format(
        args.width, args.score_only, signature_text(signature, args.short and not is_json), is_json)
    if args.explain:
        _print_explanation(args, result, line, out)
        return 0
    print_single_result(line, args.format, out)
    return 0


def _write_receipt(args: argparse.Namespace, result, system: Sequence[str]) -> None:
    """--receipt FILE: the receipt of the score, written whole (see :mod:`bleu_explain.analysis.receipt`)."""
    from pathlib import Path

    from ..analysis.receipt import make_receipt
    from ..data.atomic import write_atomically

    refs = args.refs if args.num_refs == 1 else [f"{args.refs[0]} (field {k + 1})" for k in range(args.num_refs)]
    names = [args.input[0] if args.input else "standard input", *refs]
    receipt = make_receipt(result, system, args.read_streams, names)
    text = json.dumps(receipt, indent=1, ensure_ascii=False) + "\n"
    try:
        write_atomically(Path(args.receipt), lambda fh: fh.write(text.encode("utf-8")))
    except OSError as exc:
        raise CliError(f"cannot write the receipt {args.receipt!r}: {exc.strerror or exc}") from None


def _print_explanation(args: argparse.Namespace, result, line: str, out: Output) -> None:
    """--explain: the steps (in an "explanation" field with -f json), then the score line; the steps and the tables
    in the language of ``--locale`` (the result's)."""
    from ..engine.steps import format_steps
    from ..messages.catalogue import text

    locale = result.locale
    one = len(result) == 1
    steps = result.segment(0).steps() if one else result.steps()
    if args.format == "json" and not args.score_only:
        document = json.loads(line)
        # the steps go in a field, so standard output stays one JSON document
        document["explanation"] = [{"name": s.name, "title": s.title, "text": s.text, "lines": list(s.lines)}
                                   for s in steps]
        out.print(json.dumps(document, indent=1, ensure_ascii=False))
        return
    out.print(format_steps(steps, locale))
    if one:
        import pandas as pd

        segment = result.segment(0)
        # Chinese titles (and tokens) take two columns of a terminal: pandas aligns them so when told
        with pd.option_context("display.unicode.east_asian_width", locale != "en"):
            out.print()
            out.print(segment.ngram_table(1).to_string(index=False))
            out.print()
            out.print(segment.precision_table().to_string())
    else:
        out.print("\n" + text("cli.lowest", locale))
        for i in result.lowest(3):
            segment = result.segment(i)
            out.print("\n" + text("cli.lowest-segment", locale, number=i + 1, bleu=segment.bleu))
            out.print(segment.explain_text())
    out.print()
    print_single_result(line, args.format, out)


def _several_systems(args: argparse.Namespace, names: Sequence[str], systems: Sequence[Sequence[str]],
                     refs: Sequence[Sequence[str]], config, progress: Optional[bool], out: Output) -> int:
    """sacreBLEU's table: every system's score, or (paired) each tested against the first."""
    from ..api import explain_corpus_with_config
    from ..engine.corpus import PreparedReferences

    prepared = PreparedReferences(refs)  # the references are counted once for every system
    results = []
    for name, system in zip(names, systems):
        _warn_if_tokenized(args, config, name, system)
        results.append(explain_corpus_with_config(system, refs, config, progress=progress, prepared=prepared))
    signature = Signature.parse(results[0].signature)
    note = None
    cells: list = [f"{r.score:.{args.width}f}" for r in results]
    if args.paired_bs or args.paired_ar:
        cells, signature, note = _paired(args, results, progress)
    print_results_table(names, cells, {"BLEU": signature_text(signature, args.short)}, args.format, args.width,
                        note, out)
    return 0


def _paired(args: argparse.Namespace, results: Sequence, progress: Optional[bool]):
    """sacreBLEU's PairedTest: each system against the baseline, with the same draws for every system."""
    from ..analysis.significance import paired_approximate_randomization_of_results, paired_bootstrap_of_results

    _, seed = _seed()  # the paired tests write the seed as a number (the interval writes the variable's text)
    bootstrap = bool(args.paired_bs)
    given = args.paired_bs_n if bootstrap else args.paired_ar_n
    n = given if given > 0 else (DEFAULT_PAIRED_BS_N if bootstrap else DEFAULT_PAIRED_AR_N)
    test_seed = seed if seed else None  # sacreBLEU's paired tests take a seed of 0 as "no seed"
    baseline = results[0]
    test = paired_bootstrap_of_results if bootstrap else paired_approximate_randomization_of_results
    outcomes = [test(baseline, r, n_samples=n, seed=test_seed, progress=progress) for r in results[1:]]
    if bootstrap:
        first = outcomes[0]
        if seed == 0:  # the baseline's interval is drawn with the seed itself, 0 included
            first = paired_bootstrap_of_results(baseline, baseline, n_samples=n, seed=0, progress=progress)
        cells = [TestedScore(score=baseline.score, mean=first.baseline_mean, ci=first.baseline_ci)]
        cells += [TestedScore(score=t.system_score, p_value=t.p_value, mean=t.system_mean, ci=t.system_ci)
                  for t in outcomes]
    else:
        cells = [TestedScore(score=baseline.score)]
        cells += [TestedScore(score=t.system_score, p_value=t.p_value) for t in outcomes]
    seed_field = "none" if seed is None else str(seed)
    signature = Signature.parse(baseline.signature).with_fields([("bs" if bootstrap else "ar", n), ("seed", seed_field)])
    return cells, signature, PairedNote(bootstrap=bootstrap, n_given=given)


# ---------------------------------------------------------------------- entry point
def main(argv: Optional[Sequence[str]] = None) -> int:
    from ..engine.errors import BleuComputationError
    from .report import use_utf8_stdout

    try:
        use_utf8_stdout()
        args = sys.argv[1:] if argv is None else list(argv)
        named = subcommand(args)  # doctor, ... (a reference file named doctor: give it as ./doctor)
        if named is not None:
            code = import_module(f"{__package__}.{named.module}").run(args[1:])
        else:
            code = run(argv)
        sys.stdout.flush()
        return code
    except CliError as exc:
        print(f"bleu-explain: error: {exc}", file=sys.stderr)
        return exc.status
    except (BleuInputError, BleuComputationError) as exc:
        print(f"bleu-explain: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:
        # The reader went away (``bleu-explain ... | head``): stop quietly, as Unix tools do. Point
        # stdout at /dev/null so that Python's own flush at exit does not fail a second time.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 128 + 13  # the status of a process ended by SIGPIPE
