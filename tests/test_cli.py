"""The command line: same score as the sacrebleu CLI for the same files and flags; clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import count_oracle

HYP = ["The cat sat on the mat.", "Hello there world  ", "It is a guide to action which ensures that the military always obeys.", ""]
REF1 = ["The cat is on the mat.", "Hello world there", "It is a guide to action that ensures that the military will forever heed Party commands.", "nothing"]
REF2 = ["There is a cat on the mat.", "hello there", "It is the practical guide for the army always to heed the directions of the party.", "empty"]


def run(*args, stdin=None):
    return subprocess.run(args, capture_output=True, text=True, input=stdin, timeout=120)


@pytest.fixture()
def files(tmp_path):
    paths = {}
    for name, lines in {"hyp": HYP, "ref1": REF1, "ref2": REF2}.items():
        p = tmp_path / f"{name}.txt"
        p.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths[name] = str(p)
    return paths


FLAG_SETS = [
    [],
    ["-lc"],
    ["-tok", "intl"],
    ["-tok", "char"],
    ["-tok", "none", "-s", "none"],
    ["-s", "floor", "-sv", "0.2"],
    ["-s", "add-k"],
    ["-sl"],
    ["-sl", "-tok", "zh", "-lc"],
]


@pytest.mark.parametrize("flags", FLAG_SETS)
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_cli_matches_sacrebleu_cli(files, flags, fmt):
    common = [files["ref1"], files["ref2"], "-i", files["hyp"], "-f", fmt, "-w", "6", *flags]
    theirs = run(sys.executable, "-m", "sacrebleu", *common)
    ours = run(sys.executable, "-m", "bleu_explain", *common)
    assert theirs.returncode == 0, theirs.stderr
    assert ours.returncode == 0, ours.stderr
    if fmt == "text" or "-sl" in flags:
        assert ours.stdout == theirs.stdout
    else:
        a, b = json.loads(ours.stdout), json.loads(theirs.stdout)
        for key in ("score", "signature", "verbose_score", "nrefs", "case", "eff", "tok", "smooth", "version"):
            assert a[key] == b[key], key
    count_oracle("sacrebleu-cli")


def test_cli_reads_stdin_and_prints_score_only(files):
    ours = run(sys.executable, "-m", "bleu_explain", files["ref1"], "-b", "-w", "4", stdin="\n".join(HYP) + "\n")
    theirs = run(sys.executable, "-m", "sacrebleu", files["ref1"], "-b", "-w", "4", stdin="\n".join(HYP) + "\n")
    assert ours.stdout == theirs.stdout and ours.returncode == 0
    count_oracle("sacrebleu-cli")


def test_cli_presets_and_explain(tmp_path, files):
    out = run(sys.executable, "-m", "bleu_explain", files["ref1"], files["ref2"], "-i", files["hyp"], "--preset", "nltk",
              "-f", "text", "--explain")
    assert out.returncode == 0, out.stderr
    assert "Lowest-scoring sentences" in out.stdout and "preset:nltk" in out.stdout
    single = tmp_path / "single_ref.txt"
    single.write_text(REF1[0] + "\n", encoding="utf-8")
    one = run(sys.executable, "-m", "bleu_explain", str(single), "--explain", "-f", "text", stdin=HYP[0] + "\n")
    assert one.returncode == 0, one.stderr
    assert "max_ref_count" in one.stdout and "brevity penalty" in one.stdout
    assert one.stdout.rstrip().splitlines()[-1].startswith("BLEU|nrefs:1|")


def test_cli_refuses_mismatched_line_counts(tmp_path, files):
    short = tmp_path / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    out = run(sys.executable, "-m", "bleu_explain", str(short), "-i", files["hyp"])
    assert out.returncode == 2
    assert "has 1 lines but the hypothesis has 4" in out.stderr
    assert "Traceback" not in out.stderr


def test_cli_refuses_undecodable_bytes(tmp_path, files):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\nok\n\xff\xfe broken\nok\n")
    out = run(sys.executable, "-m", "bleu_explain", files["ref1"], "-i", str(bad))
    assert out.returncode == 2
    assert "not valid utf-8" in out.stderr and "line 3" in out.stderr


def test_cli_unknown_tokenizer(files):
    out = run(sys.executable, "-m", "bleu_explain", files["ref1"], "-i", files["hyp"], "-tok", "moses")
    assert out.returncode == 2 and "unknown tokenizer 'moses'" in out.stderr


def console_script(name: str) -> str:
    """A console script of this environment: beside the running Python (make test runs .venv/bin/python without
    putting .venv/bin on PATH), else on PATH; a skip when the package is not installed here."""
    import shutil

    exe = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if exe is None:
        pytest.skip(f"{name} is neither beside {sys.executable} nor on PATH: this environment has not installed "
                    f"the package with its console scripts (pip install -e .)")
    return exe


def test_console_script_is_installed():
    exe = console_script("bleu-explain")
    out = run(exe, "--help")
    assert out.returncode == 0 and "--preset" in out.stdout


def test_explain_with_json_keeps_stdout_one_json_document(files):
    out = run(sys.executable, "-m", "bleu_explain", files["ref1"], "-i", files["hyp"], "--explain", "-f", "json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)  # nothing but the JSON on stdout
    names = [step["name"] for step in d["explanation"]]
    assert names[0] == "tokens" and names[-1] == "combination"
    assert all(isinstance(line, str) for step in d["explanation"] for line in step["lines"])


def test_a_closed_pipe_ends_quietly(tmp_path):
    (tmp_path / "ref.txt").write_text("the cat sat on the mat\n" * 2000, encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("the cat sat on a mat\n" * 2000, encoding="utf-8")
    cmd = f"{sys.executable} -m bleu_explain {tmp_path / 'ref.txt'} -i {tmp_path / 'hyp.txt'} -sl | head -n 1"
    out = subprocess.run(["bash", "-c", "set -o pipefail; " + cmd], capture_output=True, text=True, timeout=120)
    assert out.stdout.count("\n") == 1
    assert "Traceback" not in out.stderr and "BrokenPipeError" not in out.stderr
    assert out.returncode == 141  # like a Unix tool ended by SIGPIPE


def test_lines_are_split_on_newline_only(tmp_path):
    # sacreBLEU and the Perl scripts read lines at "\n": a form feed or U+2028 inside a line is not a new segment
    (tmp_path / "ref.txt").write_text("a b\u2028c d\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("a b\u2028c d\r\n", encoding="utf-8")
    ours = run(sys.executable, "-m", "bleu_explain", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "-b")
    theirs = run(sys.executable, "-m", "sacrebleu", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "-b")
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == theirs.stdout == "100.0\n"
    count_oracle("sacrebleu-cli")


def test_a_byte_order_mark_is_kept_as_sacrebleu_keeps_it(tmp_path):
    # sacreBLEU's command line reads files as plain UTF-8, so a BOM stays glued to the first word and that word
    # no longer matches; ours does the same, so the two print one score (the loaders, by contrast, drop a BOM)
    (tmp_path / "ref.txt").write_bytes(b"\xef\xbb\xbfthe cat sat on the mat\n")
    (tmp_path / "hyp.txt").write_text("the cat sat on the mat\n", encoding="utf-8")
    ours = run(sys.executable, "-m", "bleu_explain", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "-b")
    theirs = run(sys.executable, "-m", "sacrebleu", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "-b")
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == theirs.stdout and float(ours.stdout) < 100
    count_oracle("sacrebleu-cli")
