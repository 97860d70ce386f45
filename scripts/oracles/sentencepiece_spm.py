"""sacreBLEU's SentencePiece tokenizers (spm, flores101, flores200, spBLEU-1K) with a model trained here.

The real models cannot be downloaded where the tests run, so, as the tokenizer tests do, a small model is
trained on the cases' own lines (vocabulary 200); SentencePiece's training is not byte-for-byte repeatable, so
the model is kept beside the recording (``tests/oracles/spm-tiny.model``) and the tests load that file.
sacreBLEU reads it under each tokenizer's file name; each of the four tokenizers scores the edge cases and
every fourth generated case with as many references in each segment (Japanese and Korean ones too),
recording the score, counts, signature and, for the edge cases, every line as sacreBLEU counts it.
"""

from __future__ import annotations

import importlib.metadata
import os
import tempfile
from pathlib import Path

TOOL = "sentencepiece"
MODEL_FILE = "spm-tiny.model"
NAMES = ("spm", "flores101", "flores200", "spBLEU-1K")
ARTIFACTS: dict[str, bytes] = {}


def versions() -> dict[str, str]:
    import sentencepiece  # noqa: F401  (ImportError: not installed)

    return {p: importlib.metadata.version(p) for p in ("sacrebleu", "sentencepiece")}


def _chosen(cases: list[dict]) -> list[dict]:
    return [c for i, c in enumerate(cases) if "source" not in c and len({len(r) for r in c["refs"]}) == 1
            and (c["id"].startswith("edge-") or i % 4 == 0)]


def _train(cases: list[dict], folder: Path) -> bytes:
    import sentencepiece

    lines = [line.replace("\n", " ") for c in cases for line in c["hyps"] + sum(c["refs"], []) if line.strip()]
    corpus = folder / "corpus.txt"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    sentencepiece.SentencePieceTrainer.train(input=str(corpus), model_prefix=str(folder / "tiny"), vocab_size=200,
                                             hard_vocab_limit=False, character_coverage=1.0, minloglevel=2,
                                             num_threads=1)
    return (folder / "tiny.model").read_bytes()


def record(cases: list[dict]) -> list[dict]:
    import logging

    import sacrebleu.tokenizers.tokenizer_spm as sacre_spm
    from sacrebleu.metrics import BLEU

    logging.getLogger("sacrebleu").setLevel(logging.ERROR)  # "'spm' has been changed to 'flores101'"
    chosen = _chosen(cases)
    records = []
    with tempfile.TemporaryDirectory() as tmp:
        model = _train(chosen, Path(tmp))
        ARTIFACTS[MODEL_FILE] = model
        (Path(tmp) / "models").mkdir()
        for spec in sacre_spm.SPM_MODELS.values():
            (Path(tmp) / "models" / os.path.basename(spec["url"])).write_bytes(model)
        sacre_spm.SACREBLEU_DIR = tmp  # where sacreBLEU looks for its models
        for name in NAMES:
            bleu = BLEU(tokenize=name)
            for case in chosen:
                score = bleu.corpus_score(case["hyps"], [list(s) for s in zip(*case["refs"])])
                output = {"score": score.score, "counts": list(score.counts), "totals": list(score.totals),
                          "sys_len": score.sys_len, "ref_len": score.ref_len, "signature": str(bleu.get_signature())}
                if case["id"].startswith("edge-"):
                    output["tokens"] = [bleu._preprocess_segment(line) for line in case["hyps"] + sum(case["refs"], [])]
                records.append({"case": case["id"], "settings": {"tokenize": name}, "output": output})
    return records
