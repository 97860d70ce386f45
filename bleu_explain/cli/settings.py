"""The engine's settings from the command line's options, and the checks every subcommand makes of its files.

The main command and ``bleu-explain doctor`` both read them here.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..engine.errors import BleuInputError
from .options import EXIT_UNSUPPORTED, EXIT_USAGE, SACREBLEU_TOKENIZERS, TOKENIZER_FOR_TARGET, CliError


def config_from_args(args: argparse.Namespace):
    """The engine's settings from sacreBLEU's options (and ours), refusing what cannot be reproduced."""
    from ..api import make_config
    from ..engine.presets import get_preset

    preset = get_preset(args.preset)
    sacrebleu_rules = preset.combine == "sacrebleu"
    tokenize = args.tokenize
    if args.langpair is not None:
        pair = args.langpair.split("-")
        if len(pair) < 2:
            raise CliError(f"-l/--language-pair wants a pair such as en-de, got {args.langpair!r}")
        if tokenize is None and sacrebleu_rules:
            tokenize = TOKENIZER_FOR_TARGET.get(pair[1])  # sacreBLEU's default for the target language
    if tokenize is not None:
        try:
            make_config(args.preset, tokenize=tokenize)
        except BleuInputError as exc:
            if tokenize in SACREBLEU_TOKENIZERS:
                raise CliError(f"sacreBLEU's tokenizer {tokenize!r} is not reproduced by bleu-explain ({exc})",
                               EXIT_UNSUPPORTED) from None
            raise CliError(str(exc), EXIT_USAGE) from None
    smooth_value = args.smooth_value
    if sacrebleu_rules and smooth_value is not None and (args.smooth_method or preset.smooth) in ("exp", "none"):
        smooth_value = None  # sacreBLEU ignores -sv unless the smoothing takes a value
        warn(f"-sv {args.smooth_value:g} is ignored: smoothing {args.smooth_method or preset.smooth!r} takes no value "
              "(sacreBLEU ignores it too)")
    effective_order = args.effective_order
    if args.sentence_level and sacrebleu_rules:
        effective_order = True  # sacreBLEU's command line always switches it on for -sl
    try:
        return make_config(
            args.preset, tokenize=tokenize, lowercase=args.lowercase, max_order=args.max_ngram_order,
            weights=args.weights, smooth=args.smooth_method, smooth_value=smooth_value,
            effective_order=effective_order,
        )
    except BleuInputError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None


#: Said when the system output came from standard input because no -i was given: the usual slip is
#: ``bleu-explain hyp.txt ref.txt``, which reads both files as references.
FORGOTTEN_I = ("; did you mean -i? Without -i the system output is read from standard input, and every file "
               "named is a reference: bleu-explain REF [REF ...] -i SYSTEM")


def check_lengths(name: str, system: Sequence[str], streams: Sequence[Sequence[str]],
                  args: argparse.Namespace) -> None:
    """Every reference stream has the system's number of lines, and the system has some (never truncated)."""
    hint = FORGOTTEN_I if getattr(args, "input", None) is None else ""
    if not system:
        raise CliError(f"system output {name!r} is empty (no lines){hint}")
    for k, stream in enumerate(streams):
        if len(stream) != len(system):
            source = args.refs[k] if args.num_refs == 1 else args.refs[0]
            raise CliError(f"reference file {source!r} has {len(stream)} lines but system output {name!r} has "
                           f"{len(system)}; they must have one line per segment (nothing is truncated){hint}")


def warn(message: str) -> None:
    """A warning on standard error, as the command prints them."""
    print(f"bleu-explain: warning: {message}", file=sys.stderr)


