"""A pasted signature in both forms (``doctor --signature``), and the receipt round trip (``--receipt``, ``verify``)."""

from __future__ import annotations

import json

import pytest
import sacrebleu

from bleu_explain import load_corpus
from bleu_explain.cli import main
from bleu_explain.cli.options import COMMANDS


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("receipt")
    corpus = load_corpus()
    hyps, refs = list(corpus.systems["S3"]), [list(r[:2]) for r in corpus.references]

    def write(name: str, lines) -> str:
        path = folder / name
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        return str(path)

    return {"hyp": write("hyp.txt", hyps), "ref1": write("ref1.txt", [r[0] for r in refs]),
            "ref2": write("ref2.txt", [r[1] for r in refs]), "hyps": hyps, "refs": refs, "folder": folder}


def run(capsys, *args) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_verify_is_a_listed_command():
    assert "verify" in [c.name for c in COMMANDS]


@pytest.mark.parametrize("signature", [
    "BLEU+case.lc+numrefs.2+smooth.exp+tok.intl+version.1.4.14",
    "nrefs:2|case:lc|eff:no|tok:intl|smooth:exp|version:2.0.0",
])
def test_a_pasted_signature_in_either_form_names_what_differs_and_rescores(capsys, files, signature):
    status, out, _ = run(capsys, "doctor", files["ref1"], files["ref2"], "-i", files["hyp"], "--signature", signature,
                         "--json")
    check = json.loads(out)["signature_check"]
    assert check["form"] == ("sacreBLEU 1.x" if signature.startswith("BLEU+") else "sacreBLEU 2.x")
    fields = {d["field"]: (d["signature"], d["found"]) for d in check["differences"]}
    assert set(fields) == {"case", "tok"} and fields["tok"][0] == "intl" and fields["case"][0] == "lc"
    refs = [[r[0] for r in files["refs"]], [r[1] for r in files["refs"]]]
    real = sacrebleu.corpus_bleu(files["hyps"], refs, tokenize="intl", lowercase=True).score
    assert check["score"] == pytest.approx(real, abs=1e-9)


def test_the_receipt_round_trip_and_a_changed_line_named(capsys, files):
    receipt = files["folder"] / "score.json"
    status, out, err = run(capsys, files["ref1"], files["ref2"], "-i", files["hyp"], "--receipt", receipt)
    assert status == 0 and receipt.exists(), err
    document = json.loads(receipt.read_text(encoding="utf-8"))
    real = sacrebleu.corpus_bleu(files["hyps"], [[r[0] for r in files["refs"]], [r[1] for r in files["refs"]]])
    assert document["numbers"]["score"] == pytest.approx(real.score, abs=1e-9)
    assert document["signature"] and len(document["files"]) == 3
    assert all(len(f["sha256"]) == 64 and f["lines"] == 120 for f in document["files"])

    status, out, err = run(capsys, "verify", receipt, files["ref1"], files["ref2"], "-i", files["hyp"])
    assert status == 0 and out.startswith("reproduced: BLEU = "), (out, err)

    changed = list(files["hyps"])
    changed[41] = changed[41] + " indeed"
    other = files["folder"] / "hyp-changed.txt"
    other.write_text("".join(line + "\n" for line in changed), encoding="utf-8")
    status, out, err = run(capsys, "verify", receipt, files["ref1"], files["ref2"], "-i", other)
    assert status == 1 and out.startswith("not reproduced: line 42 of the hypothesis"), (out, err)

    status, out, err = run(capsys, "verify", receipt, files["ref2"], files["ref1"], "-i", files["hyp"])
    assert status == 1 and "line 1 of reference 1" in out, (out, err)


def test_a_receipt_that_is_not_json_is_refused_in_one_line(capsys, files):
    bad = files["folder"] / "bad.json"
    bad.write_text("{not json\n", encoding="utf-8")
    status, out, err = run(capsys, "verify", bad, files["ref1"], "-i", files["hyp"])
    assert status == 1 and out == "" and err.count("\n") == 1 and "is not JSON" in err
