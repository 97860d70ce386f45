"""The command line against sacreBLEU's, run side by side: the same bytes on standard output, the same exit status.

Every comparison runs ``python -m sacrebleu`` and ``python -m bleu_explain`` with the
same arguments in the same folder (so that system names in tables are the same
relative paths) and compares the raw bytes of standard output and the exit status.
The teaching corpus (bundled) is used everywhere; the WMT21 tests at the end run
real WMT system outputs and skip when the data is not on this machine.

sacreBLEU is never run with a test set by name (``-t``): that would download it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import count_oracle, wmt21_folder

from bleu_explain.data.corpus import load_corpus

SACREBLEU = (sys.executable, "-m", "sacrebleu")
OURS = (sys.executable, "-m", "bleu_explain")
#: sacreBLEU's and our exit statuses (see bleu_explain.cli.options)
EXIT_INPUT, EXIT_USAGE, EXIT_UNSUPPORTED, EXIT_FIELDS = 1, 2, 3, 17


def run(command, *args, cwd=None, stdin: bytes | None = None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([*command, *map(str, args)], capture_output=True, input=stdin, cwd=cwd, env=env,
                          timeout=300)


def same_as_sacrebleu(*args, cwd=None, stdin: bytes | None = None, env=None) -> subprocess.CompletedProcess:
    """Run both command lines; assert the same standard output, byte for byte, and the same exit status."""
    theirs = run(SACREBLEU, *args, cwd=cwd, stdin=stdin, env=env)
    ours = run(OURS, *args, cwd=cwd, stdin=stdin, env=env)
    assert ours.stdout == theirs.stdout, (
        f"standard output differs for {args}:\n--- sacrebleu ---\n{theirs.stdout.decode(errors='replace')}\n"
        f"--- bleu-explain ---\n{ours.stdout.decode(errors='replace')}\n{ours.stderr.decode(errors='replace')}")
    assert ours.returncode == theirs.returncode, (theirs.stderr, ours.stderr)
    assert b"Traceback" not in ours.stderr
    count_oracle("sacrebleu-cli")
    return ours


def environment(**changes: str | None) -> dict[str, str]:
    """This process's environment with some variables set (or removed, for None)."""
    env = dict(os.environ)
    for name, value in changes.items():
        env.pop(name, None)
        if value is not None:
            env[name] = value
    return env


def write_lines(path: Path, lines) -> str:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path.name


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    """The teaching corpus as files: ref1..ref4.txt, S1.txt .. H2.txt (120 segments each)."""
    folder = tmp_path_factory.mktemp("teaching")
    corpus = load_corpus()
    for k, stream in enumerate(corpus.reference_streams(), 1):
        write_lines(folder / f"ref{k}.txt", stream)
    for name in corpus.system_names:
        write_lines(folder / f"{name}.txt", corpus.system(name))
    return folder


# ---------------------------------------------------------------------- one system
@pytest.mark.parametrize("flags", [
    ["-f", "json"],
    ["-f", "text"],
    ["-f", "json", "-lc", "-w", "4"],
    ["-f", "text", "-tok", "intl", "-sh"],
    ["-f", "json", "-tok", "char", "-sh"],  # JSON keeps the long signature whatever --short says
    ["-f", "text", "-tok", "none", "-s", "none"],
    ["-f", "json", "-s", "floor", "-sv", "0.2"],
    ["-f", "text", "-s", "add-k", "-sh", "-nc"],
    ["-f", "text", "-s", "exp", "-sv", "0.5"],  # sacreBLEU ignores -sv when the smoothing takes no value
    ["-f", "json", "-l", "en-zh", "-q"],  # the target language picks sacreBLEU's zh tokenizer
    ["-f", "latex", "-b", "-w", "3"],
])
def test_one_system_as_sacrebleu(corpus_dir, flags):
    same_as_sacrebleu("ref1.txt", "ref2.txt", "-i", "S2.txt", *flags, cwd=corpus_dir)


@pytest.mark.parametrize("flags", [["-f", "json"], ["-f", "text", "-sh", "-w", "3"], ["-b"], ["-f", "latex"]])
def test_confidence_interval_as_sacrebleu(corpus_dir, flags):
    same_as_sacrebleu("ref1.txt", "-i", "S3.txt", "--confidence", "--confidence-n", "200", *flags, cwd=corpus_dir)


@pytest.mark.parametrize("seed", ["7", "0007", "0"])
def test_the_seed_is_read_from_the_environment_as_sacrebleu_reads_it(corpus_dir, seed):
    # sacreBLEU writes SACREBLEU_SEED into the signature as given ("0007"), and draws with int(seed)
    same_as_sacrebleu("ref1.txt", "-i", "S1.txt", "-ci", "-cin", "50", "-f", "text",
                      cwd=corpus_dir, env=environment(SACREBLEU_SEED=seed))


def test_sentence_level_as_sacrebleu(corpus_dir):
    same_as_sacrebleu("ref1.txt", "ref2.txt", "-i", "S1.txt", "-sl", "-w", "3", cwd=corpus_dir)
    same_as_sacrebleu("ref1.txt", "-i", "H1.txt", "-sl", "-sh", "-b", "-tok", "intl", cwd=corpus_dir)


# ---------------------------------------------------------------------- several systems
@pytest.mark.parametrize("fmt", ["json", "text", "latex"])
def test_several_systems_give_sacrebleus_table(corpus_dir, fmt):
    same_as_sacrebleu("ref1.txt", "ref2.txt", "-i", "S1.txt", "S2.txt", "S3.txt", "H1.txt", "-f", fmt, "-w", "2",
                      cwd=corpus_dir)


@pytest.mark.parametrize("test,n_flag", [("--paired-bs", "--paired-bs-n"), ("--paired-ar", "--paired-ar-n")])
@pytest.mark.parametrize("fmt", ["json", "text", "latex"])
def test_paired_tests_as_sacrebleu(corpus_dir, test, n_flag, fmt):
    # S2 and S3 are close (p > 0.05, sacreBLEU's red p-value); H1 is far (marked with *)
    same_as_sacrebleu("ref1.txt", "-i", "S2.txt", "S3.txt", "H1.txt", test, n_flag, "60", "-f", fmt,
                      cwd=corpus_dir)


def test_paired_tests_short_signature_and_default_sample_counts(corpus_dir):
    same_as_sacrebleu("ref1.txt", "ref2.txt", "-i", "S1.txt", "S3.txt", "--paired-bs", "-f", "text", "-sh",
                      cwd=corpus_dir)
    same_as_sacrebleu("ref1.txt", "-i", "S1.txt", "S3.txt", "--paired-ar", "-f", "text", cwd=corpus_dir)
    # 0 samples: sacreBLEU tests with its default but prints the 0 it was given in the notes
    same_as_sacrebleu("ref1.txt", "-i", "S1.txt", "S3.txt", "-pbs", "-pbsn", "0", "-f", "text", cwd=corpus_dir)


def test_the_baseline_given_again_is_skipped_in_a_paired_test(corpus_dir):
    same_as_sacrebleu("ref1.txt", "-i", "S1.txt", "S2.txt", "S1.txt", "-pbs", "-pbsn", "30", "-f", "text",
                      cwd=corpus_dir)


def test_systems_on_standard_input_are_tab_separated(corpus_dir):
    corpus = load_corpus()
    rows = "".join(f"{a}\t{b}\n" for a, b in zip(corpus.system("S1"), corpus.system("H2"))).encode()
    same_as_sacrebleu("ref1.txt", "-f", "text", stdin=rows, cwd=corpus_dir)
    same_as_sacrebleu("ref1.txt", "--paired-ar", "-parn", "40", "-f", "text", stdin=rows, cwd=corpus_dir)
    one = "".join(f"{a}\r\n" for a in corpus.system("S1")).encode()  # universal newlines on standard input
    same_as_sacrebleu("ref1.txt", "-b", stdin=one, cwd=corpus_dir)


def test_tab_separated_references(corpus_dir, tmp_path):
    corpus = load_corpus()
    streams = corpus.reference_streams()
    (corpus_dir / "refs12.tsv").write_text("".join(f"{a}\t{b}\n" for a, b in zip(streams[0], streams[1])),
                                           encoding="utf-8")
    same_as_sacrebleu("refs12.tsv", "-nr", "2", "-i", "S2.txt", "-f", "text", cwd=corpus_dir)
    theirs = same_as_sacrebleu("refs12.tsv", "-nr", "3", "-i", "S2.txt", cwd=corpus_dir)
    assert theirs.returncode == EXIT_FIELDS


# ---------------------------------------------------------------------- colours and environment
def test_colours_on_a_terminal_are_sacrebleus(corpus_dir):
    pty = pytest.importorskip("pty", reason="pseudo-terminals are POSIX only")

    def in_terminal(command, *args):
        leader, follower = pty.openpty()
        proc = subprocess.Popen([*command, *args], stdout=follower, stderr=subprocess.DEVNULL,
                                stdin=subprocess.DEVNULL, cwd=corpus_dir, env=environment(NO_COLOR=None))
        os.close(follower)
        chunks = []
        while True:
            try:
                data = os.read(leader, 65536)
            except OSError:  # the terminal closes when the process ends
                break
            if not data:
                break
            chunks.append(data)
        os.close(leader)
        return proc.wait(timeout=300), b"".join(chunks)

    for args in (["ref1.txt", "-i", "S2.txt", "S3.txt", "H1.txt", "-par", "-parn", "40", "-f", "text"],
                 ["ref1.txt", "-i", "S2.txt", "-ci", "-cin", "40", "-f", "text"],
                 ["ref1.txt", "-i", "S2.txt", "S3.txt", "--paired-bs", "-pbsn", "30", "-f", "latex", "-nc"]):
        theirs, ours = in_terminal(SACREBLEU, *args), in_terminal(OURS, *args)
        assert ours == theirs
        assert (b"\x1b[" in ours[1]) == ("-nc" not in args)
        count_oracle("sacrebleu-cli")


def test_no_color_and_sacrebleu_format_from_the_environment(corpus_dir):
    args = ("ref1.txt", "-i", "S2.txt", "S3.txt", "-pbs", "-pbsn", "20")
    same_as_sacrebleu(*args, cwd=corpus_dir, env=environment(SACREBLEU_FORMAT="LaTeX", NO_COLOR="1"))
    same_as_sacrebleu(*args, "-f", "latex", cwd=corpus_dir, env=environment(SACREBLEU_FORMAT="nonsense"))


def test_abbreviated_options_mean_what_they_mean_in_sacrebleu(corpus_dir):
    # --w is sacreBLEU's --width (not our --weights); --e is ambiguous in both; --enc is --encoding
    same_as_sacrebleu("ref1.txt", "-i", "S1.txt", "--w", "3", "-b", cwd=corpus_dir)
    same_as_sacrebleu("ref1.txt", "-i", "S1.txt", "--enc", "utf-8", "--sh", "-f", "text", cwd=corpus_dir)
    same_as_sacrebleu("ref1.txt", "-i", "S1.txt", "--e", "utf-8", cwd=corpus_dir)
    same_as_sacrebleu("ref1.txt", "-i", "S1.txt", "-eutf-8", "-b", cwd=corpus_dir)


# ---------------------------------------------------------------------- refusals: sacreBLEU's statuses
@pytest.mark.parametrize("args", [
    ["ref1.txt", "-i", "S1.txt", "S2.txt", "-sl"],  # sentence level takes one system
    ["ref1.txt", "-i", "S1.txt", "-sl", "--confidence"],
    ["ref1.txt", "-i", "S1.txt", "--paired-bs"],  # a paired test needs two systems
    ["ref1.txt", "-i", "S1.txt", "S2.txt", "--confidence"],
    ["ref1.txt", "-i", "S1.txt", "S2.txt", "S2.txt"],  # a system given twice
    ["ref1.txt", "ref2.txt", "-nr", "2", "-i", "S1.txt"],
    ["-i", "S1.txt"],  # no references
    ["ref1.txt", "-i", "missing.txt"],
    ["ref1.txt", "-i", "S1.txt", "--paired-bs", "--paired-ar"],  # argparse: mutually exclusive
    ["ref1.txt", "-i", "S1.txt", "-m", "bleu", "meteor"],
    ["ref1.txt", "-i", "S1.txt", "-tok", "moses"],
    ["ref1.txt", "-i", "S1.txt", "-w", "two"],
])
def test_refusals_have_sacrebleus_exit_status(corpus_dir, args):
    ours = same_as_sacrebleu(*args, cwd=corpus_dir)
    assert ours.returncode in (EXIT_INPUT, EXIT_USAGE)
    assert ours.stderr.strip(), "a refusal says why"


def test_mismatched_line_counts_are_refused_as_sacrebleu_refuses_them(corpus_dir, tmp_path):
    (corpus_dir / "short.txt").write_text("one line\n", encoding="utf-8")
    ours = same_as_sacrebleu("short.txt", "-i", "S1.txt", cwd=corpus_dir)
    assert ours.returncode == EXIT_INPUT
    assert b"'short.txt' has 1 lines but system output 'S1.txt' has 120" in ours.stderr


def test_undecodable_bytes_are_named_with_file_and_line(corpus_dir):
    (corpus_dir / "bad.txt").write_bytes(b"ok\nok\n\xff\xfe broken\n")
    (corpus_dir / "three.txt").write_text("a\nb\nc\n", encoding="utf-8")
    ours = same_as_sacrebleu("three.txt", "-i", "bad.txt", cwd=corpus_dir)
    assert ours.returncode == EXIT_INPUT
    assert b"not valid utf-8" in ours.stderr and b"line 3" in ours.stderr
    same_as_sacrebleu("three.txt", "-i", "bad.txt", "-e", "latin-1", "-b", cwd=corpus_dir)


def test_wrong_number_of_systems_on_a_line_of_standard_input(corpus_dir):
    (corpus_dir / "two.txt").write_text("x\ny\n", encoding="utf-8")
    ours = same_as_sacrebleu("two.txt", stdin=b"a\tb\nc\n", cwd=corpus_dir)
    assert ours.returncode == EXIT_FIELDS


# ---------------------------------------------------------------------- what only sacreBLEU does: status 3
@pytest.mark.parametrize("args,named", [
    (["-t", "wmt21", "-l", "en-de", "-i", "S1.txt"], "-t/--test-set"),
    (["--list"], "--list"),
    (["ref1.txt", "-i", "S1.txt", "-m", "chrf"], "chrF"),
    (["ref1.txt", "-i", "S1.txt", "-m", "bleu", "ter"], "TER"),
    (["ref1.txt", "-i", "S1.txt", "--origlang", "de"], "--origlang"),
])
def test_what_only_sacrebleu_does_is_refused_in_one_line(corpus_dir, args, named):
    ours = run(OURS, *args, cwd=corpus_dir)  # sacreBLEU is not run: -t and --list would reach for its database
    assert ours.returncode == EXIT_UNSUPPORTED
    assert ours.stdout == b""
    message = ours.stderr.decode()
    assert message.count("\n") == 1 and named in message and "Traceback" not in message


def test_tokenizers_that_need_an_extra_name_what_is_missing(corpus_dir):
    """spm and the MeCab tokenizers are the engine's, behind optional extras: without them the error names the
    package, the extra to install and (for spm) the model file, and the status is sacreBLEU's for bad input."""
    import importlib.util

    if importlib.util.find_spec("sentencepiece") is None:
        ours = run(OURS, "ref1.txt", "-i", "S1.txt", "-tok", "spm", cwd=corpus_dir)
        assert ours.returncode == 1 and ours.stdout == b""
        message = ours.stderr.decode()
        assert "sentencepiece" in message and "bleu-explain[spm]" in message
        assert "sacrebleu_tokenizer_spm.model" in message and "Traceback" not in message
    if importlib.util.find_spec("MeCab") is None:
        ours = run(OURS, "ref1.txt", "-i", "S1.txt", "-tok", "ja-mecab", cwd=corpus_dir)
        assert ours.returncode == 1 and b"bleu-explain[ja]" in ours.stderr and b"mecab-python3" in ours.stderr


def test_version_names_both_versions():
    from bleu_explain.engine.signature import VERIFIED_SACREBLEU_VERSION
    from bleu_explain.version import __version__

    # the sacreBLEU release whose command line is reproduced, not whichever is installed beside it
    for flag in ("-V", "--version"):
        out = run(OURS, flag)
        assert out.returncode == 0
        assert out.stdout.decode() == f"bleu-explain {__version__} (sacreBLEU {VERIFIED_SACREBLEU_VERSION} command line)\n"


# ---------------------------------------------------------------------- bleu-explain's own additions
def test_presets_and_explain(corpus_dir, tmp_path):
    out = run(OURS, "ref1.txt", "ref2.txt", "-i", "S1.txt", "--preset", "nltk", "-f", "text", "--explain",
              cwd=corpus_dir)
    assert out.returncode == 0, out.stderr
    text = out.stdout.decode()
    assert "Lowest-scoring sentences" in text and "preset:nltk" in text
    (tmp_path / "ref.txt").write_text("The cat is on the mat.\n", encoding="utf-8")
    one = run(OURS, tmp_path / "ref.txt", "--explain", "-f", "text", stdin=b"The cat sat on the mat.\n")
    assert one.returncode == 0, one.stderr
    assert b"max_ref_count" in one.stdout and b"brevity penalty" in one.stdout
    assert one.stdout.decode().rstrip().splitlines()[-1].startswith("BLEU|nrefs:1|")


@pytest.mark.parametrize("preset, smooth", [("hf-evaluate", "none"), ("hf-evaluate", "add-one"), ("torchmetrics", "none"),
                                           ("torchmetrics", "add-one-above-unigram")])
def test_the_library_presets_score_as_the_api_does(corpus_dir, preset, smooth):
    import bleu_explain as bx

    out = run(OURS, "ref1.txt", "ref2.txt", "-i", "S1.txt", "--preset", preset, "-s", smooth, "-f", "json",
              "--width", "6", cwd=corpus_dir)
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    read = [(corpus_dir / f).read_text(encoding="utf-8").splitlines() for f in ("S1.txt", "ref1.txt", "ref2.txt")]
    api = bx.explain_corpus(read[0], [list(refs) for refs in zip(*read[1:])], preset=preset, smooth=smooth)
    assert d["score"] == round(api.score, 6) and f"preset:{preset}" in d["signature"]


def test_an_empty_side_under_hf_evaluate_is_an_input_error(tmp_path):
    (tmp_path / "ref.txt").write_text("\n", encoding="utf-8")
    out = run(OURS, tmp_path / "ref.txt", "--preset", "hf-evaluate", stdin=b"a b\n")
    assert out.returncode == EXIT_INPUT and b"divides by zero" in out.stderr and b"Traceback" not in out.stderr


def test_the_d2l_preset_scores_one_pair_and_each_line_with_sl(tmp_path):
    import bleu_explain as bx

    (tmp_path / "ref.txt").write_text("il est calme .\n", encoding="utf-8")
    out = run(OURS, tmp_path / "ref.txt", "--preset", "d2l", "--max-ngram-order", "2", "-f", "json",
              stdin=b"il est riche .\n")
    d = json.loads(out.stdout)
    assert out.returncode == 0 and d["score"] == round(bx.explain("il est riche .", "il est calme .", preset="d2l").score, 1)
    assert "preset:d2l|nrefs:1|case:mixed|tok:space|k:2|weights:1/2^n|smooth:none|" in d["signature"]
    (tmp_path / "refs.txt").write_text("a b\nc d\n", encoding="utf-8")
    out = run(OURS, tmp_path / "refs.txt", "--preset", "d2l", stdin=b"a b\nc e\n")
    assert out.returncode == EXIT_INPUT and b"one candidate string and one reference string" in out.stderr
    out = run(OURS, tmp_path / "refs.txt", "--preset", "d2l", "-sl", stdin=b"a b\nc e\n")
    assert out.returncode == 0 and out.stdout.count(b"preset:d2l") == 2 and b"Traceback" not in out.stderr


def test_a_max_order_past_the_limit_is_refused_in_one_line_before_any_file_is_read(corpus_dir):
    from bleu_explain.engine.limits import MAX_ORDER

    out = run(OURS, "missing-ref.txt", "-i", "S1.txt", "--max-ngram-order", "100000", cwd=corpus_dir)
    assert out.returncode == EXIT_USAGE and b"Traceback" not in out.stderr
    assert out.stderr.decode().strip().splitlines() == [
        f"bleu-explain: error: max_order is 100000; bleu-explain counts n-grams up to order {MAX_ORDER:,} (BLEU's is 4)"]
    out = run(OURS, "ref1.txt", "-i", "S1.txt", "--max-ngram-order", str(MAX_ORDER), "-b", cwd=corpus_dir)
    assert out.returncode == 0 and out.stdout.strip() == b"0.0"


def test_explain_with_json_keeps_stdout_one_json_document(corpus_dir):
    out = run(OURS, "ref1.txt", "-i", "S1.txt", "--explain", "-f", "json", cwd=corpus_dir)
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)  # nothing but the JSON on stdout
    names = [step["name"] for step in d["explanation"]]
    assert names[0] == "tokens" and names[-1] == "combination"
    assert all(isinstance(line, str) for step in d["explanation"] for line in step["lines"])
    plain = json.loads(run(SACREBLEU, "ref1.txt", "-i", "S1.txt", cwd=corpus_dir).stdout)
    assert {k: v for k, v in d.items() if k != "explanation"} == plain  # the rest is sacreBLEU's document
    count_oracle("sacrebleu-cli")


def test_explain_takes_one_system(corpus_dir):
    out = run(OURS, "ref1.txt", "-i", "S1.txt", "S2.txt", "--explain", cwd=corpus_dir)
    assert out.returncode == EXIT_USAGE and b"one system" in out.stderr


def test_other_presets_run_the_paired_tests_with_their_own_signature(corpus_dir):
    out = run(OURS, "ref1.txt", "-i", "S1.txt", "S3.txt", "--preset", "nltk", "-pbs", "-pbsn", "30", "-f", "text",
              "-sh", cwd=corpus_dir)
    assert out.returncode == 0, out.stderr
    assert b"preset:nltk|#:1|bs:30|rs:12345|" in out.stdout


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
    out = run((exe,), "--help")
    assert out.returncode == 0 and b"--preset" in out.stdout and b"--paired-bs" in out.stdout


# ---------------------------------------------------------------------- reading as sacreBLEU reads
def test_lines_are_split_on_newline_only(tmp_path):
    # sacreBLEU reads lines at "\n": a form feed or U+2028 inside a line is not a new segment
    (tmp_path / "ref.txt").write_text("a b\u2028c d\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("a b\u2028c d\r\n", encoding="utf-8")
    ours = same_as_sacrebleu("ref.txt", "-i", "hyp.txt", "-b", cwd=tmp_path)
    assert ours.stdout == b"100.0\n"


def test_a_byte_order_mark_is_kept_as_sacrebleu_keeps_it(tmp_path):
    # sacreBLEU's command line reads files as plain UTF-8, so a BOM stays glued to the first word and that word
    # no longer matches; ours does the same, so the two print one score (the loaders, by contrast, drop a BOM)
    (tmp_path / "ref.txt").write_bytes(b"\xef\xbb\xbfthe cat sat on the mat\n")
    (tmp_path / "hyp.txt").write_text("the cat sat on the mat\n", encoding="utf-8")
    ours = same_as_sacrebleu("ref.txt", "-i", "hyp.txt", "-b", cwd=tmp_path)
    assert float(ours.stdout) < 100


def test_empty_lines_trailing_space_and_gzip(tmp_path):
    import gzip

    (tmp_path / "ref.txt").write_bytes(b"a b c d\n\nx y\t z  \r\nthe end .\n")
    (tmp_path / "hyp.txt").write_bytes(b"a b c\n\nx y  \r\nthe end.\n")
    (tmp_path / "ref.txt.gz").write_bytes(gzip.compress((tmp_path / "ref.txt").read_bytes()))
    for args in (["ref.txt", "-i", "hyp.txt", "-f", "text"], ["ref.txt", "-i", "hyp.txt", "-sl"],
                 ["ref.txt.gz", "-i", "hyp.txt", "-tok", "none", "-sl"], ["ref.txt", "-i", "hyp.txt", "-ci", "-cin", "9"]):
        same_as_sacrebleu(*args, cwd=tmp_path)
    same_as_sacrebleu("ref.txt", "-b", stdin=b"", cwd=tmp_path)  # empty input: one empty line, 4 references


def test_a_closed_pipe_ends_quietly(tmp_path):
    (tmp_path / "ref.txt").write_text("the cat sat on the mat\n" * 2000, encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("the cat sat on a mat\n" * 2000, encoding="utf-8")
    cmd = f"{sys.executable} -m bleu_explain {tmp_path / 'ref.txt'} -i {tmp_path / 'hyp.txt'} -sl | head -n 1"
    out = subprocess.run(["bash", "-c", "set -o pipefail; " + cmd], capture_output=True, text=True, timeout=120)
    assert out.stdout.count("\n") == 1
    assert "Traceback" not in out.stderr and "BrokenPipeError" not in out.stderr
    assert out.returncode == 141  # like a Unix tool ended by SIGPIPE


# ---------------------------------------------------------------------- real WMT21 system outputs
@pytest.fixture(scope="module")
def wmt21(tmp_path_factory) -> Path:
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    # the first 300 segments of a few systems, for the tests that resample (one test runs whole files)
    work = tmp_path_factory.mktemp("wmt21")
    for pair, files in {"en-de": ("ref.A.de", "ref.C.de", "sys/UEdin.de", "sys/Online-W.de", "sys/VolcTrans-GLAT.de"),
                        "zh-en": ("ref.A.en", "sys/NiuTrans.en", "sys/Online-B.en", "sys/DIDI-NLP.en")}.items():
        for name in files:
            lines = (folder / pair / name).read_bytes().split(b"\n")[:300]
            target = work / pair / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(b"\n".join(lines) + b"\n")
    return work


@pytest.mark.parametrize("args", [
    ["en-de/ref.A.de", "en-de/ref.C.de", "-i", "en-de/sys/UEdin.de"],
    ["en-de/ref.A.de", "-i", "en-de/sys/UEdin.de", "-f", "text", "-sh", "-w", "3"],
    ["zh-en/ref.A.en", "-i", "zh-en/sys/NiuTrans.en", "-ci", "-cin", "300", "-f", "text"],
    ["zh-en/ref.A.en", "-i", "zh-en/sys/NiuTrans.en", "-ci", "-cin", "300"],
    ["en-de/ref.A.de", "-i", "en-de/sys/Online-W.de", "-sl", "-sh"],
    ["en-de/ref.A.de", "-i", "en-de/sys/UEdin.de", "en-de/sys/Online-W.de", "en-de/sys/VolcTrans-GLAT.de", "-f",
     "text", "-w", "2", "-q"],
    ["zh-en/ref.A.en", "-i", "zh-en/sys/NiuTrans.en", "zh-en/sys/Online-B.en", "zh-en/sys/DIDI-NLP.en",
     "--paired-bs", "--paired-bs-n", "200", "-f", "text", "--no-color"],
    ["zh-en/ref.A.en", "-i", "zh-en/sys/NiuTrans.en", "zh-en/sys/Online-B.en", "zh-en/sys/DIDI-NLP.en",
     "--paired-bs", "--paired-bs-n", "200"],
    ["en-de/ref.A.de", "en-de/ref.C.de", "-i", "en-de/sys/UEdin.de", "en-de/sys/Online-W.de",
     "en-de/sys/VolcTrans-GLAT.de", "--paired-ar", "--paired-ar-n", "500", "-f", "latex", "-sh"],
    ["en-de/ref.A.de", "en-de/ref.C.de", "-i", "en-de/sys/UEdin.de", "en-de/sys/Online-W.de", "--paired-ar",
     "--paired-ar-n", "500"],
])
def test_real_wmt_outputs_as_sacrebleu(wmt21, args):
    same_as_sacrebleu(*args, cwd=wmt21)


def test_whole_wmt_test_set_paired_bootstrap_with_sacrebleus_defaults():
    folder = wmt21_folder()
    if folder is None:
        pytest.skip("needs the WMT21 test sets: run `python -m bleu_explain.data fetch wmt21` and set "
                    "BLEU_EXPLAIN_DATA to the folder it prints")
    ours = same_as_sacrebleu("ref.A.en", "-i", "sys/NiuTrans.en", "sys/Online-B.en", "sys/DIDI-NLP.en",
                             "--paired-bs", "-f", "text", cwd=folder / "zh-en")
    assert b"with 1000 resampling trials" in ours.stdout
