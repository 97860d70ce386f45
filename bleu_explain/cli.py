"""Command line: ``bleu-explain REFS... -i HYP`` with sacreBLEU's flags, plus ``--preset`` and ``--explain``.

With the same files and flags, the score equals the sacrebleu CLI's. Differences
from sacreBLEU's CLI: ``-e`` means ``--effective-order`` here (sacreBLEU's ``-e``
is ``--encoding``, spelled out in full here); files with different numbers of
lines are an error rather than a warning.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Optional, Sequence

from .engine.errors import BleuComputationError, BleuInputError


def _parser() -> argparse.ArgumentParser:
    from .engine.presets import PRESETS

    p = argparse.ArgumentParser(
        prog="bleu-explain",
        description="BLEU, step by step. Scores a hypothesis file against reference files as sacreBLEU does "
        "(default) or as another tool does (--preset), and explains the computation (--explain).",
    )
    p.add_argument("refs", nargs="*", help="reference files, one segment per line (give them before -i)")
    p.add_argument("-i", "--input", help="hypothesis file (default: standard input)")
    p.add_argument("--preset", default="sacrebleu", choices=sorted(PRESETS), help="which implementation to reproduce")
    p.add_argument("-tok", "--tokenize", default=None, help="tokenizer: 13a, intl, zh, char, none, paper")
    p.add_argument("-lc", "--lowercase", action="store_true", default=None, help="case-insensitive BLEU")
    p.add_argument("-s", "--smooth-method", default=None,
                   help="smoothing: none/floor/add-k/exp (sacrebleu), method0..method7 (nltk), exp/none (mteval-13a)")
    p.add_argument("-sv", "--smooth-value", type=float, default=None, help="value for floor, add-k or NLTK method1/4/6/7")
    p.add_argument("--max-ngram-order", type=int, default=None, help="highest n-gram order (default 4)")
    p.add_argument("--weights", type=float, nargs="+", default=None, help="one weight per order (NLTK style)")
    p.add_argument("-e", "--effective-order", action="store_true", default=None,
                   help="sacreBLEU's effective order (on by default with -sl, as in sacreBLEU)")
    p.add_argument("-sl", "--sentence-level", action="store_true", help="one score per line")
    p.add_argument("-f", "--format", default="json", choices=["json", "text"], help="output format (default json)")
    p.add_argument("-w", "--width", type=int, default=1, help="decimals in the score (default 1)")
    p.add_argument("-b", "--score-only", action="store_true", help="print only the score")
    p.add_argument("--explain", action="store_true",
                   help="print the steps: for one sentence its tables, for a corpus the summary and the lowest-scoring sentences")
    p.add_argument("--encoding", default="utf-8", help="encoding of the files (default utf-8)")
    return p


def _read_lines(path: Optional[str], encoding: str, what: str) -> list[str]:
    if path is None or path == "-":
        data = sys.stdin.buffer.read()
        name = "standard input"
    else:
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            raise BleuInputError(f"cannot read {what} file {path!r}: {exc.strerror}") from None
        name = repr(path)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise BleuInputError(f"{what} file {name} is not valid {encoding}: undecodable byte at line {line}") from None
    except LookupError:
        raise BleuInputError(f"unknown encoding {encoding!r}") from None
    # One segment per line, split on "\n" only (as sacreBLEU and the Perl scripts read): a form feed,
    # U+2028 or U+0085 inside a line stays in it. Each tokenizer strips white space by its own tool's rule.
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _verbose(r) -> str:
    precs = "/".join(f"{100 * (p or 0.0):.1f}" for p in r.precisions)
    ratio = r.hyp_len / r.ref_len if r.ref_len else 0
    return (f"{precs} (BP = {r.brevity_penalty:.3f} ratio = {ratio:.3f} hyp_len = {r.hyp_len:d} "
            f"ref_len = {r.ref_len:d})")


def _format(r, args, steps: Optional[list] = None) -> str:
    score = f"{r.score:.{args.width}f}"
    if args.score_only:
        return score
    if args.format == "json":
        d = {"name": "BLEU", "score": float(score), "signature": r.signature, "verbose_score": _verbose(r)}
        d.update(r.signature.fields)
        d["preset"] = r.config.preset
        if steps is not None:
            # --explain with JSON: the steps go in a field, so standard output stays one JSON document
            d["explanation"] = [{"name": s.name, "title": s.title, "text": s.text, "lines": list(s.lines)}
                                for s in steps]
        return json.dumps(d, indent=1, ensure_ascii=False)
    return f"BLEU|{r.signature} = {score} {_verbose(r)}"


def run(argv: Optional[Sequence[str]] = None) -> int:
    from .api import explain_corpus_with_config, explain_with_config, make_config
    from .engine.steps import format_steps
    from .engine.validation import from_streams

    args = _parser().parse_args(argv)
    if not args.refs:
        raise BleuInputError("no reference files given: bleu-explain REF [REF ...] -i HYP")
    eff = args.effective_order
    if args.sentence_level and args.preset == "sacrebleu" and eff is None:
        eff = True  # as sacreBLEU's CLI does for -sl
    config = make_config(
        args.preset, tokenize=args.tokenize, lowercase=args.lowercase, max_order=args.max_ngram_order,
        weights=args.weights, smooth=args.smooth_method, smooth_value=args.smooth_value, effective_order=eff,
    )
    hyps = _read_lines(args.input, args.encoding, "hypothesis")
    streams = [_read_lines(path, args.encoding, "reference") for path in args.refs]
    for path, stream in zip(args.refs, streams):
        if len(stream) != len(hyps):
            raise BleuInputError(
                f"reference file {path!r} has {len(stream)} lines but the hypothesis has {len(hyps)}; "
                "they must have one line per segment"
            )
    refs = from_streams(streams)
    if not hyps:
        raise BleuInputError("the hypothesis is empty (no lines)")
    if args.sentence_level:
        args.format = "text"  # sacreBLEU prints sentence scores as text whatever -f says
        for hyp, seg_refs in zip(hyps, refs):
            sentence = explain_with_config(hyp, seg_refs, config)
            print(format_steps(sentence.steps()) if args.explain else _format(sentence, args))
        return 0
    r = explain_corpus_with_config(hyps, refs, config)
    if args.explain and args.format == "json" and not args.score_only:
        print(_format(r, args, steps=r.segment(0).steps() if len(hyps) == 1 else r.steps()))
        return 0
    if args.explain:
        if len(hyps) == 1:
            seg = r.segment(0)
            print(format_steps(seg.steps()))
            print()
            print(seg.ngram_table(1).to_string(index=False))
            print()
            print(seg.precision_table().to_string())
        else:
            print(format_steps(r.steps()))
            print("\nLowest-scoring sentences:")
            for i in r.lowest(3):
                seg = r.segment(i)
                print(f"\n--- segment {i} (sentence BLEU {seg.bleu:.4f}) ---")
                print(format_steps(seg.steps()))
        print()
    print(_format(r, args))
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        code = run(argv)
        sys.stdout.flush()
        return code
    except (BleuInputError, BleuComputationError) as exc:
        print(f"bleu-explain: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``bleu-explain ... | head``): stop quietly, as Unix tools do. Point
        # stdout at /dev/null so that Python's own flush at exit does not fail a second time.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 128 + 13  # the status of a process ended by SIGPIPE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
