"""Command line for the downloadable data: ``python -m bleu_explain.data fetch|status [wmt21] [pair]``.

``fetch`` downloads every missing file (each checked by sha256) and says where
the data are; ``status`` says, per language pair, what is present, missing or
damaged (exit status 0 only when everything is there and intact).
``fetch-model NAME`` downloads the SentencePiece model of the ``NAME``
tokenizer (``flores101``, ``flores200``, ...), checked by sha256; it refuses
while that checksum is not pinned, and says how to get the file meanwhile.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..engine.errors import BleuInputError
from .download import DATA_ENV, DATA_URL_ENV, data_dir_for, fetch, fetch_command, status
from .manifest import MANIFESTS, DataFile, human_size, load_manifest
from .models import SPM_MODELS, fetch_model


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bleu_explain.data",
        description="Download and check the real test sets bleu_explain can load (not bundled with the package).",
        epilog=f"{DATA_ENV}=FOLDER makes the loaders (and these commands) use FOLDER instead of the cache; "
               f"{DATA_URL_ENV}=URL replaces the download server.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (("fetch", "download what is missing and check every file's sha256"),
                       ("status", "say what is present, missing or damaged")):
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("dataset", nargs="?", default="wmt21", help=f"one of {sorted(MANIFESTS)} (default: wmt21)")
        p.add_argument("pair", nargs="?", default=None, help="one language pair, e.g. zh-en (default: all)")
        p.add_argument("--data-dir", default=None, help=f"the data set's folder (default: ${DATA_ENV}, else the cache)")
        if name == "fetch":
            p.add_argument("--base-url", default=None, help=f"download server (default: ${DATA_URL_ENV}, else GitHub)")
            p.add_argument("--quiet", action="store_true", help="print only the folder")
        else:
            p.add_argument("--no-verify", action="store_true", help="only check that files exist (no checksums)")
    text = "download the SentencePiece model of a tokenizer (checked by sha256) into the cache the tokenizers read"
    p = sub.add_parser("fetch-model", help=text, description=text)
    p.add_argument("name", choices=sorted(SPM_MODELS), help="the tokenizer whose model to fetch")
    p.add_argument("--folder", default=None, help="where to save it (default: the cache folder)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "fetch-model":
        try:
            print(fetch_model(args.name, folder=args.folder))
            return 0
        except BleuInputError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    if args.dataset not in MANIFESTS and args.pair is None and "-" in args.dataset:
        args.dataset, args.pair = "wmt21", args.dataset  # `status en-de`: the data set is implied
    try:
        return _fetch(args) if args.command == "fetch" else _status(args)
    except BleuInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `... | head`: stop quietly as Unix tools do (as bleu_explain.cli does); a running fetch is
        # simply cut short, and what it saved is complete (pooch moves each file into place whole).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 128 + 13


def _fetch(args: argparse.Namespace) -> int:
    def report(f: DataFile, action: str) -> None:
        if not args.quiet:
            print(f"  {action:10} {f.file} ({human_size(f.bytes)})", flush=True)

    if not args.quiet:
        where = data_dir_for(args.dataset, args.data_dir)
        print(f"{args.dataset}{' ' + args.pair if args.pair else ''} -> {where}", flush=True)
    root = fetch(args.dataset, args.pair, data_dir=args.data_dir, base_url=args.base_url,
                 progressbar=sys.stderr.isatty() and not args.quiet, report=report)
    print(root if args.quiet else f"done: every file is in {root}, each checked by sha256")
    return 0


def _status(args: argparse.Namespace) -> int:
    states = status(args.dataset, args.pair, data_dir=args.data_dir, verify=not args.no_verify)
    root = data_dir_for(args.dataset, args.data_dir)
    print(f"{args.dataset} in {root}{' (from $' + DATA_ENV + ')' if args.data_dir is None and _env_set() else ''}")
    groups: dict[str, list] = {}
    for s in states:
        groups.setdefault(s.file.pair or "shared", []).append(s)
    complete = True
    for group, items in groups.items():
        bad = [s for s in items if s.state != "ok"]
        checked = "present" if args.no_verify else "present and intact"
        print(f"  {group}: {len(items) - len(bad)} of {len(items)} files {checked}")
        if len(bad) == len(items) and all(s.state == "missing" for s in bad):
            print(f"    all missing ({human_size(sum(s.file.bytes for s in bad))})")
        else:  # a handful is enough to see what is wrong; the fetch command fixes them all
            for s in bad[:8]:
                print(f"    {s.state:12} {s.file.file} ({s.file.size_text})")
            if len(bad) > 8:
                print(f"    ... and {len(bad) - 8} more")
        complete = complete and not bad
    if not complete:
        missing = [s.file for s in states if s.state != "ok"]
        print(f"to get the {human_size(sum(f.bytes for f in missing))} that are missing or damaged: "
              f"{fetch_command(args.dataset, args.pair)}")
    total = sum(f.bytes for f in load_manifest(args.dataset))
    print(f"({len(load_manifest(args.dataset))} files, {human_size(total)} in all)")
    return 0 if complete else 1


def _env_set() -> bool:
    return bool(os.environ.get(DATA_ENV, "").strip())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
