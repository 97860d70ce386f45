"""``bleu-explain doctor``: sacreBLEU's argument order, the main command's reading and one-line errors, --json."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys

import pytest
import sacrebleu
from doctor_spoilers import SPOILERS

from bleu_explain.cli import main
from bleu_explain.data.corpus import load_corpus

OURS = (sys.executable, "-m", "bleu_explain")


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The teaching corpus's S3 and its first two references as files; spoiled copies beside them."""
    folder = tmp_path_factory.mktemp("doctor")
    corpus = load_corpus()
    hyps, refs = list(corpus.systems["S3"]), [list(r[:2]) for r in corpus.references]

    def write(name: str, lines, newline: str = "\n") -> str:
        path = folder / name
        path.write_bytes("".join(line + newline for line in lines).encode("utf-8"))
        return str(path)

    return {
        "hyp": write("hyp.txt", hyps), "ref1": write("ref1.txt", [r[0] for r in refs]),
        "ref2": write("ref2.txt", [r[1] for r in refs]),
        "tabbed": write("tabbed.txt", [f"{r[0]}\t{r[1]}" for r in refs]),
        "shifted": write("shifted.txt", [r[0] for r in SPOILERS["shifted"][0](hyps, refs)[1]]),
        "lower": write("lower.txt", [h.lower() for h in hyps]),
        "crlf": write("crlf.txt", hyps, newline="\r\n"),
        "short": write("short.txt", hyps[:-1]),
        "hyps": hyps, "refs": refs, "folder": folder,
    }


def doctor(capsys, *args) -> tuple[int, str, str]:
    status = main(["doctor", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_clean_pair_of_files(capsys, files):
    status, out, _ = doctor(capsys, files["ref1"], files["ref2"], "-i", files["hyp"])
    assert status == 0 and "No problem found." in out and "2 references" in out


def test_json_with_a_shifted_reference(capsys, files):
    status, out, _ = doctor(capsys, files["shifted"], files["ref2"], "-i", files["hyp"], "--json")
    document = json.loads(out)
    # the fixture's shift drops reference 1's first line: since issue 36 it is named as that missing line
    assert document["findings"][0]["code"] == "missing-lines" and document["findings"][0]["severity"] == "error"
    assert status == 1, "an error-severity finding: a script can tell"
    assert document["findings"][0]["title"].startswith("reference 1 has no line")


def test_tab_separated_references_and_gzip(capsys, files, tmp_path):
    zipped = tmp_path / "hyp.txt.gz"
    zipped.write_bytes(gzip.compress(open(files["hyp"], "rb").read()))
    status, out, _ = doctor(capsys, files["tabbed"], "-nr", "2", "-i", zipped)
    assert status == 0 and "No problem found." in out and "2 references" in out


def test_a_score_printed_by_sacrebleu_with_lc_is_traced(capsys, files):
    printed = f"{sacrebleu.corpus_bleu(files['hyps'], [[r[0] for r in files['refs']]], lowercase=True).score:.2f}"
    status, out, _ = doctor(capsys, files["ref1"], "-i", files["hyp"], "--score", printed, "--json")
    matches = json.loads(out)["matches"]
    assert status == 0 and {"preset": "sacrebleu", "settings": {"lowercase": True}} in [
        {"preset": m["preset"], "settings": m["settings"]} for m in matches]


def test_a_setting_narrows_the_search(capsys, files):
    printed = f"{sacrebleu.corpus_bleu(files['hyps'], [[r[0] for r in files['refs']]]).score:.2f}"
    _, wide, _ = doctor(capsys, files["ref1"], "-i", files["hyp"], "--score", printed, "--json")
    _, narrow, _ = doctor(capsys, files["ref1"], "-i", files["hyp"], "--score", printed, "--json", "--preset",
                          "sacrebleu", "-tok", "13a")
    assert 0 < json.loads(narrow)["searched"] < json.loads(wide)["searched"]
    assert {m["preset"] for m in json.loads(narrow)["matches"]} == {"sacrebleu"}


def test_lowercased_output(capsys, files):
    status, out, _ = doctor(capsys, files["ref1"], "-i", files["lower"])
    assert "case-mismatch" in out and "error" in out and status == 1


def test_crlf_files_are_seen(capsys, files):
    status, out, _ = doctor(capsys, files["ref1"], "-i", files["crlf"], "--json")
    findings = json.loads(out)["findings"]
    assert "crlf-line-endings" in [f["code"] for f in findings]
    assert {f["severity"] for f in findings} <= {"warning", "info"} and status == 0, "warnings alone exit 0"


def test_the_exit_status_is_said_in_the_help(capsys):
    with pytest.raises(SystemExit) as done:
        main(["doctor", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert 'exit status: 1 when a finding has severity "error"' in " ".join(out.split())


def test_a_forgotten_i_is_named(capsys, files):
    code, out, err = doctor(capsys, files["ref1"], files["hyp"])
    assert code == 2 and out == "" and "did you mean -i?" in err


@pytest.mark.parametrize("args, words, status", [
    (["-i", "{hyp}"], "no reference files given", 1),
    (["{ref1}", "-i", "{bad}"], "is not valid utf-8: undecodable byte at line 2", 1),
    (["{ref1}", "-i", "{hyp}", "--score", "abc"], "is not a number as BLEU is printed", 1),
    (["{ref1}", "-i", "{hyp}", "-tok", "nonsense"], "unknown tokenizer", 2),
    (["{ref1}", "-i", "{folder}/missing.txt"], "cannot read system output file", 1),
])
def test_bad_input_gets_one_line(capsys, files, args, words, status):
    bad = files["folder"] / "bad.txt"
    bad.write_bytes(b"fine\n\xff\xfe\n")
    names = {k: v for k, v in files.items() if isinstance(v, str)} | {"bad": str(bad), "folder": files["folder"]}
    code, out, err = doctor(capsys, *[a.format(**names) for a in args])
    assert code == status and out == ""
    assert err.count("\n") == 1 and err.startswith("bleu-explain: error: ") and words in err


def test_the_installed_command(files):
    done = subprocess.run([*OURS, "doctor", files["ref1"], "-i", files["lower"], "--json"], capture_output=True,
                          timeout=300)
    assert done.returncode == 1 and json.loads(done.stdout)["findings"][0]["code"] == "case-mismatch"


def test_a_hypothesis_one_line_short_is_diagnosed_not_refused(capsys, files):
    # Issue 36: files of different lengths are diagnosed by the doctor; the scoring command still refuses them.
    code, out, err = doctor(capsys, files["ref1"], "-i", files["short"])
    assert code == 1 and err == ""
    assert "error   missing-lines: the hypothesis has no line for segment 120" in out
    status = main([files["ref1"], "-i", files["short"]])
    refused = capsys.readouterr()
    assert status != 0 and refused.out == "" and "120" in refused.err and "119" in refused.err
