"""The doctor's words (``bleu-explain doctor``, ``diagnose(...)``, the live page's Diagnose panel, ``verify``): the
report's frame, each check's headline, evidence, fix and note, the matches of a reported score and the mistakes
they replay.

Codes (``special-tokens``), numbers, file names, signatures, commands and code stay as they are in both languages;
a count is a number in the template (``doctor.count.*`` says "3 行" in Chinese, "3 lines" in English).
"""

from __future__ import annotations

from .catalogue import Said

FRAME = {
    "doctor.frame.evidence": Said("evidence: {summary}", "证据：{summary}"),
    "doctor.frame.lines": Said("lines: {lines}", "行号：{lines}"),
    "doctor.frame.example": Said("e.g. {example}", "例如 {example}"),
    "doctor.frame.score": Said("score: {score:.2f} with the problem, {without:.2f} without",
                               "得分：有这个问题时 {score:.2f}，修正后 {without:.2f}"),
    "doctor.frame.score-not-scored": Said("score: {score:.2f} with the problem, not scored without",
                                          "得分：有这个问题时 {score:.2f}，修正后无法计算"),
    "doctor.frame.score-only-without": Said(
        "score: {without:.2f} without the problem (with it, the files cannot be scored)",
        "得分：修正后 {without:.2f}（有这个问题时，这些文件无法计分）"),
    "doctor.frame.note": Said("note: {note}", "说明：{note}"),
    "doctor.frame.fix": Said("fix: {fix}", "修正：{fix}"),
    "doctor.frame.its-defaults": Said("its defaults", "默认设置"),
    "doctor.frame.mistake": Said("mistake: {mistake}", "错误用法：{mistake}"),
    "doctor.frame.no-score": Said("BLEU could not be computed", "无法计算 BLEU"),
    "doctor.frame.head": Said("{head} ({signature}), {segments} segments, {references} references",
                              "{head}（{signature}），{segments} 个句段，{references} 个参考翻译"),
    "doctor.frame.head-one": Said("{head} ({signature}), {segments} segments, 1 reference",
                                  "{head}（{signature}），{segments} 个句段，1 个参考翻译"),
    "doctor.frame.no-problem": Said("No problem found.", "没有发现问题。"),
    "doctor.frame.reported": Said("Reported score {reported}: {found} of {searched} configurations reproduce it:",
                                  "报告的得分 {reported}：在搜索的 {searched} 种配置中，有 {found} 种能复现它："),
    "doctor.frame.reported-none": Said("Reported score {reported}: {found} of {searched} configurations reproduce it.",
                                       "报告的得分 {reported}：在搜索的 {searched} 种配置中，有 {found} 种能复现它。"),
    "doctor.frame.more-matches": Said("... and {more} more (narrow the search with --preset or a setting)",
                                      "……另有 {more} 种（用 --preset 或某个设置缩小搜索范围）"),
    "doctor.frame.chance": Said("chance: {chance}", "偶然：{chance}"),
    "doctor.frame.signature-given": Said("Signature given ({form}): {given}", "给出的签名（{form}）：{given}"),
    "doctor.frame.signature-unscored": Said("the files cannot be scored under its settings",
                                            "按它的设置，这些文件无法计分"),
    "doctor.frame.signature-score": Said("under its settings the files score {score:.2f}",
                                         "按它的设置，这些文件得分 {score:.2f}"),
    "doctor.frame.signature-field": Said("{field}: {theirs} in the signature, {found} in {against}",
                                         "{field}：签名中是 {theirs}，{against}中是 {found}"),
    "doctor.frame.signature-differs": Said("{scored}; it differs from {against} in {fields}",
                                           "{scored}；它与{against}不同之处：{fields}"),
    "doctor.frame.signature-agrees": Said("{scored}; it agrees with {against} in every field that decides the score",
                                          "{scored}；凡是决定得分的字段，它都与{against}一致"),
}

WORDS = {
    "doctor.words.and": Said("{first} and {last}", "{first}和{last}"),
    "doctor.words.comma": Said("{first}, {rest}", "{first}、{rest}"),
    "doctor.words.and-more": Said("{shown} and {more} more", "{shown}，另有 {more} 处"),
    "doctor.words.then": Said("{first}; {then}", "{first}；{then}"),
    "doctor.words.list-sep": Said("; ", "；"),
    "doctor.side.hypothesis": Said("the hypothesis", "候选翻译"),
    "doctor.side.the-reference": Said("the reference", "参考翻译"),
    "doctor.side.reference": Said("reference {number}", "第 {number} 个参考翻译"),
    "doctor.side.source": Said("the source", "源文"),
}

COUNTS = {
    "doctor.count.line.one": Said("{count:,} line", "{count:,} 行"),
    "doctor.count.line.other": Said("{count:,} lines", "{count:,} 行"),
    "doctor.count.hypothesis-line.one": Said("{count:,} hypothesis line", "候选翻译的 {count:,} 行"),
    "doctor.count.hypothesis-line.other": Said("{count:,} hypothesis lines", "候选翻译的 {count:,} 行"),
    "doctor.count.marker.one": Said("{count:,} marker", "{count:,} 个标志符"),
    "doctor.count.marker.other": Said("{count:,} markers", "{count:,} 个标志符"),
    "doctor.count.averaging-configuration.one": Said("{count:,} averaging configuration",
                                                     "{count:,} 种取平均的配置"),
    "doctor.count.averaging-configuration.other": Said("{count:,} averaging configurations",
                                                       "{count:,} 种取平均的配置"),
    "doctor.count.repeated-line.one": Said("{count:,} repeated line", "{count:,} 个重复的行"),
    "doctor.count.repeated-line.other": Said("{count:,} repeated lines", "{count:,} 个重复的行"),
    "doctor.count.reference.one": Said("{count:,} reference", "{count:,} 个参考翻译"),
    "doctor.count.reference.other": Said("{count:,} references", "{count:,} 个参考翻译"),
    "doctor.count.segment.one": Said("{count:,} segment", "{count:,} 个句段"),
    "doctor.count.segment.other": Said("{count:,} segments", "{count:,} 个句段"),
    "doctor.count.configuration.one": Said("{count:,} configuration", "{count:,} 种配置"),
    "doctor.count.configuration.other": Said("{count:,} configurations", "{count:,} 种配置"),
}

CHECKS: dict[str, Said] = {}

MESSAGES = {**FRAME, **WORDS, **COUNTS, **CHECKS}
