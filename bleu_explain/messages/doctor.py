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
    "doctor.side.every-reference": Said("every reference", "每个参考翻译"),
    "doctor.side.any-reference": Said("any reference", "任何参考翻译"),
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

PANEL = {
    "doctor.panel.head": Said("{head} {examined}: {segments} segment(s), {references} reference(s) each.",
                              "{head}，{examined}：{segments} 个句段，每个句段 {references} 个参考翻译。"),
    "doctor.panel.narrowed": Said("under preset {preset} and the settings given (they narrow the search)",
                                  "按预设 {preset} 和给定的设置计算（它们缩小了搜索范围）"),
    "doctor.panel.default": Said("under sacreBLEU's default (choose a preset in the form to examine it and narrow the "
                                 "search)", "按 sacreBLEU 的默认设置计算（在表单中选一个预设，就会检查它并缩小搜索范围）"),
    "doctor.panel.slow": Said("{segments} segments: the search over every preset takes a while here; choosing a preset "
                              "narrows it.", "{segments} 个句段：在这里搜索所有预设要花一些时间；选一个预设可以缩小范围。"),
    "doctor.panel.not-scored": Said("not scored", "无法计算"),
    "doctor.panel.score": Said("score: {score} with the problem, {without} without",
                               "得分：有这个问题时 {score}，修正后 {without}"),
    "doctor.panel.example": Said("e.g.", "例如"),
    "doctor.panel.fix": Said("fix", "修正"),
    "doctor.panel.colon": Said(": ", "："),
    "doctor.panel.more-matches": Said("\u2026 and {more} more (choose a preset or a setting to narrow the search)",
                                      "\u2026另有 {more} 种（选一个预设或设置来缩小搜索范围）"),
    "doctor.severity.error": Said("error", "错误"),
    "doctor.severity.warning": Said("warning", "警告"),
    "doctor.severity.info": Said("info", "提示"),
}

#: ``bleu-explain verify``: a receipt's number computed again.
VERIFY = {
    "verify.reference-files.one": Said("not reproduced: the receipt has {recorded} reference file, {given} given",
                                       "未能复现：回执中有 {recorded} 个参考翻译文件，这里给了 {given} 个"),
    "verify.reference-files.other": Said("not reproduced: the receipt has {recorded} reference files, {given} given",
                                         "未能复现：回执中有 {recorded} 个参考翻译文件，这里给了 {given} 个"),
    "verify.lines": Said("not reproduced: {file} ({name}) has {lines:,} lines, the receipt's {recorded:,}",
                         "未能复现：{file}（{name}）有 {lines:,} 行，回执中的有 {recorded:,} 行"),
    "verify.line-named": Said("not reproduced: line {line} of {file} ({name}) differs from the receipt's (the file's "
                              "sha256 is not the receipt's)",
                              "未能复现：{file}（{name}）的第 {line} 行与回执中的不同（文件的 sha256 与回执中的不一致）"),
    "verify.line": Said("not reproduced: line {line} of {file} differs from the receipt's (the file's sha256 is not "
                        "the receipt's)",
                        "未能复现：{file}的第 {line} 行与回执中的不同（文件的 sha256 与回执中的不一致）"),
    "verify.step": Said("not reproduced: the files are the receipt's, but the {step} differ (receipt {then}, now "
                        "{now}): bleu-explain {made} made the receipt, {checks} checks it",
                        "未能复现：文件与回执中的相同，但{step}不同（回执中是 {then}，现在是 {now}）：回执由 bleu-explain "
                        "{made} 生成，现在用 {checks} 核对"),
    "verify.step.matches": Said("clipped matches", "截断后的匹配数"),
    "verify.step.totals": Said("candidate n-grams", "候选翻译的 n-gram 总数"),
    "verify.step.hypothesis_length": Said("hypothesis length", "候选翻译长度"),
    "verify.step.reference_length": Said("reference length", "参考翻译长度"),
    "verify.step.precisions": Said("precisions", "精度"),
    "verify.step.brevity_penalty": Said("brevity penalty", "简洁惩罚因子"),
    "verify.step.score": Said("score", "得分"),
    "verify.signature-field": Said("{field} ({then} then, {now} now)", "{field}（当时 {then}，现在 {now}）"),
    "verify.reproduced": Said("reproduced: BLEU = {score:.2f} ({signature}), every file, count and step as the "
                              "receipt says",
                              "已复现：BLEU = {score:.2f}（{signature}），每个文件、每个计数和每一步都与回执一致"),
    "verify.reproduced-signature": Said(
        "reproduced: BLEU = {score:.2f} ({signature}), every file, count and step as the receipt says; the signature "
        "differs in {fields}",
        "已复现：BLEU = {score:.2f}（{signature}），每个文件、每个计数和每一步都与回执一致；签名中不同的字段：{fields}"),
}

CHECKS: dict[str, Said] = {
    # byte-order-mark
    "doctor.bom.title.one": Said("{sides} starts with a byte-order mark (U+FEFF), which becomes part of the first token",
                                 "{sides}以 BOM（字节顺序符 U+FEFF）开头，它会成为第一个词元的一部分"),
    "doctor.bom.title.other": Said("{sides} start with a byte-order mark (U+FEFF), which becomes part of the first "
                                   "token", "{sides}都以 BOM（字节顺序符 U+FEFF）开头，它会成为第一个词元的一部分"),
    "doctor.bom.summary": Said("line 1 of {sides} starts with U+FEFF", "{sides}的第 1 行以 U+FEFF 开头"),
    "doctor.bom.fix": Said("save the files as UTF-8 without a BOM (or read them with encoding='utf-8-sig')",
                           "把文件存为不带 BOM 的 UTF-8（或用 encoding='utf-8-sig' 读取）"),
    # case-mismatch
    "doctor.case.share": Said("{side}: {share:.1%} of {letters:,} cased letters upper case",
                              "{side}：{letters:,} 个分大小写的字母中 {share:.1%} 是大写"),
    "doctor.case.title.lower.one": Said(
        "{odd} is in lower case and {cased} in mixed case: scored case-sensitively, a word in the other case never "
        "matches", "{odd}全是小写，{cased}大小写混排：按区分大小写计分时，大小写不同的词永远不会匹配"),
    "doctor.case.title.lower.other": Said(
        "{odd} are in lower case and {cased} in mixed case: scored case-sensitively, a word in the other case never "
        "matches", "{odd}全是小写，{cased}大小写混排：按区分大小写计分时，大小写不同的词永远不会匹配"),
    "doctor.case.title.capitals.one": Said(
        "{odd} is in capitals and {cased} in mixed case: scored case-sensitively, a word in the other case never "
        "matches", "{odd}全是大写，{cased}大小写混排：按区分大小写计分时，大小写不同的词永远不会匹配"),
    "doctor.case.title.capitals.other": Said(
        "{odd} are in capitals and {cased} in mixed case: scored case-sensitively, a word in the other case never "
        "matches", "{odd}全是大写，{cased}大小写混排：按区分大小写计分时，大小写不同的词永远不会匹配"),
    "doctor.case.fix": Said("score the cased output against cased references, or both case-insensitively "
                            "(sacreBLEU -lc)",
                            "用大小写混排的输出对照大小写混排的参考翻译计分，或者两边都不区分大小写（sacreBLEU -lc）"),
    "doctor.case.note": Said("the score without is case-insensitive (-lc)", "修正后的得分不区分大小写（-lc）"),
    # crlf-line-endings
    "doctor.crlf.count": Said("{count} lines of {side}", "{side}的 {count} 行"),
    "doctor.crlf.summary": Said("{counts} end in '\\r'", "{counts}以 '\\r' 结尾"),
    "doctor.crlf.title": Said("lines end in a carriage return (Windows line endings) kept as part of the text",
                              "行尾的回车符（Windows 换行）被当成了文本的一部分"),
    "doctor.crlf.fix": Said("convert the files to Unix line endings (dos2unix), or read them with Python's "
                            "universal newlines",
                            "把文件转换成 Unix 换行（dos2unix），或用 Python 的通用换行模式读取"),
    # empty-segments
    "doctor.empty.part": Said("{count} in {side}", "{side}中 {count} 行"),
    "doctor.empty.summary": Said("empty lines: {parts}", "空行：{parts}"),
    "doctor.empty.title.one": Said("{count:,} segment has an empty or white-space-only line",
                                   "{count:,} 个句段有空行或只含空白的行"),
    "doctor.empty.title.other": Said("{count:,} segments have an empty or white-space-only line",
                                     "{count:,} 个句段有空行或只含空白的行"),
    "doctor.empty.fix": Said("drop the empty segments from the hypothesis and every reference file together "
                             "(or translate them)",
                             "把这些空句段从候选翻译和每个参考翻译文件中一起删去（或者把它们翻译出来）"),
    "doctor.empty.note": Said(
        "sacreBLEU, NLTK, multi-bleu and torchmetrics count an empty hypothesis as 0 matches against the reference's "
        "length; Hugging Face evaluate divides by zero when every hypothesis (or reference) of a corpus is empty",
        "sacreBLEU、NLTK、multi-bleu 和 torchmetrics 把空的候选翻译算作 0 个匹配，参考翻译的长度照算；"
        "语料库中所有候选翻译（或参考翻译）都为空时，Hugging Face evaluate 会除以零"),
    "doctor.empty.both.one": Said("{count:,} segment is empty on every side, which adds nothing to any tool's counts",
                                  "{count:,} 个句段在每一边都是空的，对任何工具的计数都没有影响"),
    "doctor.empty.both.other": Said("{count:,} segments are empty on every side, which adds nothing to any tool's "
                                    "counts", "{count:,} 个句段在每一边都是空的，对任何工具的计数都没有影响"),
    "doctor.empty.presets": Said("each preset on these files: {scores}", "各预设在这些文件上的得分：{scores}"),
    "doctor.empty.cannot-score": Said("{preset} cannot score them (its tool fails)", "{preset} 无法计分（该工具出错）"),
    "doctor.empty.nothing-left": Said("nothing is left to score once they are dropped", "删去它们之后就没有可计分的内容了"),
    # one-sentence-corpus
    "doctor.one-sentence.title": Said("the corpus is one segment ({words} words): its BLEU is a sentence BLEU",
                                      "语料库只有一个句段（{words} 个词）：它的 BLEU 就是句子级 BLEU"),
    "doctor.one-sentence.summary": Said("1 hypothesis line", "候选翻译只有 1 行"),
    "doctor.one-sentence.fix": Said(
        "score the whole test set as one corpus; for one sentence, name the smoothing (sacreBLEU's sentence_bleu "
        "uses exp smoothing with effective order)",
        "把整个测试集作为一个语料库计分；只给一个句子打分时，要说明用的是哪种平滑（sacreBLEU 的 sentence_bleu "
        "用 exp 平滑并启用有效阶数）"),
    "doctor.one-sentence.note": Said("one line in a file may also be a whole document on one line: split it into its "
                                     "segments", "文件里的一行也可能是写在一行上的整篇文档：把它拆成各个句段"),
    # special-tokens
    "doctor.special-tokens.title": Said("the model's markers {markers} are left in {lines}: each one is a token no "
                                        "reference has",
                                        "{lines}中留有模型的标志符 {markers}：每个都是参考翻译中没有的词元"),
    "doctor.special-tokens.summary": Said("{markers}; the references hold none", "{markers}；参考翻译中一个也没有"),
    "doctor.special-tokens.fix": Said(
        "remove the markers when decoding (fairseq: --remove-bpe and a post-processing step; Hugging Face: "
        "decode(..., skip_special_tokens=True))",
        "解码时去掉这些标志符（fairseq：--remove-bpe 加一步后处理；Hugging Face："
        "decode(..., skip_special_tokens=True)）"),
    # averaged-sentence-bleu
    "doctor.averaged.title": Said(
        "{reported} is reproduced only as the mean of {segments:,} sentence scores ({preset}): report corpus BLEU, "
        "which sums the counts and scores once",
        "只有把 {segments:,} 个句子级得分取平均（{preset}）才能复现 {reported}：请报告语料库级 BLEU，"
        "它先把计数相加，再计算一次得分"),
    "doctor.averaged.summary": Said(
        "{configurations} and no corpus score reproduce it; by chance, averaging configurations print {matched} of "
        "the {numbers} numbers from {window}",
        "能复现它的是 {configurations}，没有一个语料库级得分能复现；单凭偶然，取平均的配置在 {window} 的 "
        "{numbers} 个数中能得出 {matched} 个"),
    "doctor.averaged.fix": Said("compute corpus BLEU (sacrebleu.corpus_bleu, nltk's corpus_bleu): sum the counts, then "
                                "score once",
                                "计算语料库级 BLEU（sacrebleu.corpus_bleu、NLTK 的 corpus_bleu）：先把计数相加，"
                                "再计算一次得分"),
    "doctor.averaged.note": Said("the score without is the corpus BLEU under the same settings",
                                 "修正后的得分是相同设置下的语料库级 BLEU"),
    "doctor.averaged.chance": Said("with these digits chance alone would match often, so this is information, not a "
                                   "verdict", "在这样的位数下，单凭偶然也常能匹配，所以这只是提示，不是结论"),


    # the alignment: missing-lines, extra-lines, duplicated-lines, reordered-lines, unrelated-references
    "doctor.align.hypothesis-lines.one": Said("hypothesis line {numbers}", "候选翻译第 {numbers} 行"),
    "doctor.align.hypothesis-lines.other": Said("hypothesis lines {numbers}", "候选翻译第 {numbers} 行"),
    "doctor.align.plain-lines.one": Said("line {numbers}", "第 {numbers} 行"),
    "doctor.align.plain-lines.other": Said("lines {numbers}", "第 {numbers} 行"),
    "doctor.align.lines-of.one": Said("line {numbers} of {side}", "{side}第 {numbers} 行"),
    "doctor.align.lines-of.other": Said("lines {numbers} of {side}", "{side}第 {numbers} 行"),
    "doctor.align.counts-same": Said("both have {lines:,} lines", "两者都有 {lines:,} 行"),
    "doctor.align.counts": Said("{blamed} has {lines:,} lines, {other} {other_lines:,}",
                                "{blamed}有 {lines:,} 行，{other}有 {other_lines:,} 行"),
    "doctor.align.padding.one": Said("empty {lines} makes up the count", "空的{lines}补足了行数"),
    "doctor.align.padding.other": Said("empty {lines} make up the count", "空的{lines}补足了行数"),
    "doctor.align.missing-title.segment.one": Said(
        "{blamed} has no line for segment {numbers}: from there on each of its lines was scored against the wrong "
        "reference", "{blamed}缺少第 {numbers} 个句段的行：从那里起，它的每一行都是对照错误的参考翻译计分的"),
    "doctor.align.missing-title.segment.other": Said(
        "{blamed} has no line for segments {numbers}: from there on each of its lines was scored against the wrong "
        "reference", "{blamed}缺少第 {numbers} 个句段的行：从那里起，它的每一行都是对照错误的参考翻译计分的"),
    "doctor.align.missing-title.line.one": Said(
        "{blamed} has no line for hypothesis line {numbers}: from there on each of its lines was scored against the "
        "wrong hypothesis line",
        "{blamed}缺少与候选翻译第 {numbers} 行对应的行：从那里起，它的每一行都是对照候选翻译中错误的一行计分的"),
    "doctor.align.missing-title.line.other": Said(
        "{blamed} has no line for hypothesis lines {numbers}: from there on each of its lines was scored against the "
        "wrong hypothesis line",
        "{blamed}缺少与候选翻译第 {numbers} 行对应的行：从那里起，它的每一行都是对照候选翻译中错误的一行计分的"),
    "doctor.align.missing-summary": Said("{counts}; after the gap its lines pair best with the next line of {other}",
                                         "{counts}；缺口之后，它的各行与{other}的下一行最相配"),
    "doctor.align.example": Said("{side}, line {line}: {text}", "{side}第 {line} 行：{text}"),
    "doctor.align.missing-fix": Said(
        "put the lost line back in {blamed} (an empty line where the system gave nothing), so that line i of every "
        "file is segment i of the test set",
        "把丢失的行放回{blamed}（系统没有输出的地方放一个空行），使每个文件的第 i 行都是测试集的第 i 个句段"),
    "doctor.align.one-reference": Said(
        "with one reference, the reference may instead have a line too many there (the source file, --source, tells "
        "them apart)",
        "只有一个参考翻译时，也可能是参考翻译在那里多了一行（用 --source 给出源文文件就能分辨）"),
    "doctor.align.repaired": Said(
        "the score without pairs every line as the alignment found (this and the other alignment findings together; "
        "lines without a partner are left out)",
        "修正后的得分按对齐找到的配对计算（这一条和其他对齐问题一起修正；没有配对的行不计）"),
    "doctor.align.extra-title.one": Said(
        "{lines} pairs with no line of {other}: each extra line shifts the pairing of the lines after it",
        "{lines}在{other}中没有对应的行：每多出一行，其后各行的配对就错开一位"),
    "doctor.align.extra-title.other": Said(
        "{lines} pair with no line of {other}: each extra line shifts the pairing of the lines after it",
        "{lines}在{other}中没有对应的行：每多出一行，其后各行的配对就错开一位"),
    "doctor.align.extra-title-empty.one": Said(
        "{lines} pairs with no line of {other} (empty): each extra line shifts the pairing of the lines after it",
        "{lines}在{other}中没有对应的行（空行）：每多出一行，其后各行的配对就错开一位"),
    "doctor.align.extra-title-empty.other": Said(
        "{lines} pair with no line of {other} (empty): each extra line shifts the pairing of the lines after it",
        "{lines}在{other}中没有对应的行（空行）：每多出一行，其后各行的配对就错开一位"),
    "doctor.align.extra-summary": Said("{counts}; after each extra line the lines pair best with the line before in "
                                       "{other}", "{counts}；每个多出的行之后，各行与{other}的前一行最相配"),
    "doctor.align.extra-fix.one": Said(
        "remove the extra line from {blamed}, so that line i of every file is segment i of the test set",
        "从{blamed}中删去多出的行，使每个文件的第 i 行都是测试集的第 i 个句段"),
    "doctor.align.extra-fix.other": Said(
        "remove the extra lines from {blamed}, so that line i of every file is segment i of the test set",
        "从{blamed}中删去多出的行，使每个文件的第 i 行都是测试集的第 i 个句段"),
    "doctor.align.duplicated-title.one": Said(
        "{lines} repeats the line beside it: each repeat pushes the lines after it one place further",
        "{lines}重复了相邻的一行：每重复一次，其后各行就往后推一位"),
    "doctor.align.duplicated-title.other": Said(
        "{lines} repeat the line beside them: each repeat pushes the lines after it one place further",
        "{lines}重复了相邻的行：每重复一次，其后各行就往后推一位"),
    "doctor.align.duplicated-summary": Said("{lines} with no partner of their own", "{lines}，没有自己的配对"),
    "doctor.align.duplicated-fix": Said(
        "remove the repeated lines from {blamed} (a script that wrote a line twice, or a rerun appended)",
        "从{blamed}中删去重复的行（可能是脚本把一行写了两次，或者重新运行时追加了输出）"),
    "doctor.align.shuffled-title": Said(
        "{blamed} is in another order than the other files: its lines pair with lines elsewhere",
        "{blamed}的行序与其他文件不同：它的各行与别处的行配对"),
    "doctor.align.shuffled-summary": Said("{moved:,} of {lines:,} lines pair with a line in another place",
                                          "{lines:,} 行中有 {moved:,} 行与另一位置的行配对"),
    "doctor.align.reordered-title.one": Said(
        "{lines} is out of place: it pairs with lines {partners} of the other files",
        "{lines}位置不对：它与其他文件的第 {partners} 行配对"),
    "doctor.align.reordered-title.other": Said(
        "{lines} are out of place: they pair with lines {partners} of the other files",
        "{lines}位置不对：它们与其他文件的第 {partners} 行配对"),
    "doctor.align.reordered-summary": Said("{lines} in blocks paired out of order", "成块错位配对的有 {lines}"),
    "doctor.align.reordered-fix": Said(
        "put the lines of {blamed} back in the test set's order (sort by segment id, not by document or by length)",
        "把{blamed}的各行恢复成测试集的顺序（按句段编号排序，不要按文档或长度排序）"),
    "doctor.align.unrelated-title": Said("{who} and the hypothesis do not belong together: they translate different "
                                         "texts", "{who}和候选翻译不是一套：它们翻译的是不同的文本"),
    "doctor.align.unrelated-summary": Said(
        "{shares} of the hypothesis lines resemble any line of {who} (files of one test set: over 90%)",
        "候选翻译中只有 {shares} 的行与{who}的某一行相似（同一测试集的文件：超过 90%）"),
    "doctor.align.unrelated-fix": Said("check that the reference file is for this test set, this year and this "
                                       "language pair", "检查参考翻译文件是否属于这个测试集、这一年和这个语言对"),
    "doctor.align.unrelated-note": Said("no score without: nothing in these files says what the right reference is",
                                        "没有修正后的得分：这些文件无法说明正确的参考翻译是什么"),
    # wrong-language, copied-source
    "doctor.language.copied-title": Said("the hypothesis is the source copied unchanged in {lines}: they were never "
                                         "translated", "候选翻译有 {lines}是原样照抄的源文：它们根本没有被翻译"),
    "doctor.language.copied-summary": Said("identical to a line of the source that no reference has: {copied:,} of "
                                           "{lines:,}",
                                           "与源文的某一行相同、而参考翻译中没有这一行的：{lines:,} 行中的 {copied:,} 行"),
    "doctor.language.copied-fix": Said("give the scorer the system's output, not its input, and translate every line",
                                       "交给计分工具的应当是系统的输出而不是它的输入，并且每一行都要翻译"),
    "doctor.language.copied-note": Said("no score without: untranslated lines cannot be repaired from these files",
                                        "没有修正后的得分：未翻译的行无法从这些文件中修复"),
    "doctor.language.script-summary": Said(
        "{foreign:,} of {judged:,} judged hypothesis lines are written in {other} letters; the references in {system}",
        "在判断过的 {judged:,} 行候选翻译中，有 {foreign:,} 行是用{other}书写的；参考翻译用的是{system}"),
    "doctor.language.words-summary": Said(
        "{foreign:,} of {judged:,} judged hypothesis lines share almost none of the references' common words: their "
        "commonest are {theirs}, the references' {ours}",
        "在判断过的 {judged:,} 行候选翻译中，有 {foreign:,} 行几乎不含参考翻译的常用词：它们最常见的词是 {theirs}，"
        "参考翻译的是 {ours}"),
    "doctor.language.wrong-title": Said(
        "the hypothesis is not in the references' language: an untranslated source, or a system for another "
        "language pair, gives this",
        "候选翻译不是参考翻译的语言：未翻译的源文，或者另一个语言对的系统，会造成这种情况"),
    "doctor.language.wrong-title-lines": Said(
        "{lines} are not in the references' language: an untranslated source, or a system for another language "
        "pair, gives this",
        "{lines}不是参考翻译的语言：未翻译的源文，或者另一个语言对的系统，会造成这种情况"),
    "doctor.language.wrong-fix": Said(
        "score the output in the references' language (check the system's target language and the files' names); "
        "give the source with --source to find copied lines",
        "对参考翻译语言的输出计分（检查系统的目标语言和文件名）；用 --source 给出源文，可以找出照抄的行"),
    "doctor.language.wrong-note": Said("no score without: a translation cannot be repaired from these files",
                                       "没有修正后的得分：译文无法从这些文件中修复"),

    # the report's notes (diagnose)
    "doctor.note.search-not-run": Said("the search needs the same number of references for every segment; it was "
                                       "not run", "搜索要求每个句段的参考翻译数目相同；这次没有进行搜索"),
    "doctor.note.file-lines": Said("{side} {lines:,}", "{side} {lines:,} 行"),
    "doctor.note.lengths-differ": Said(
        "the files have different numbers of lines ({counts}): scored as given they are refused, so the score with "
        "each alignment finding is not given",
        "这些文件的行数不同（{counts}）：按原样计分会被拒绝，所以每个对齐问题都没有“有这个问题时”的得分"),
    "doctor.note.scored-paired": Said("the other findings are scored on the {segments:,} segments paired as the "
                                      "alignment found", "其他问题按对齐找到的 {segments:,} 个配对句段计分"),
    "doctor.note.scored-first": Said("the other findings are scored on the first {lines:,} lines of each file",
                                     "其他问题按每个文件的前 {lines:,} 行计分"),
    "doctor.note.cannot-score": Said("the settings' rules cannot score this corpus (see the findings)",
                                     "按这些设置的规则无法给这个语料库计分（见下面的问题）"),
    "doctor.note.harmless": Said("it does not change the score under these settings", "在这些设置下它不改变得分"),
    "doctor.note.small-effect": Said("fixing it moves the score by {moved:.2f} BLEU under these settings (less than "
                                     "{small})", "在这些设置下，修正它只让得分变动 {moved:.2f} BLEU（不到 {small}）"),
    "doctor.note.lowers": Said("fixing it lowers the score, from {score:.2f} to {without:.2f}: the problem was raising "
                               "it", "修正它会让得分从 {score:.2f} 降到 {without:.2f}：这个问题原本在抬高得分"),
    # score-not-reproduced
    "doctor.not-reproduced.title": Said(
        "none of the {searched:,} configurations searched reproduces {reported}: was it computed on other files?",
        "搜索的 {searched:,} 种配置都不能复现 {reported}：它是不是在别的文件上算出来的？"),
    "doctor.not-reproduced.summary": Said(
        "presets, tokenizers, lowercasing, smoothing, effective order, the references, lower orders and the common "
        "mistakes, as the settings given allow",
        "在给定设置允许的范围内，搜索了预设、分词器、小写化、平滑、有效阶数、参考翻译、较低的阶数和常见的错误用法"),
    "doctor.not-reproduced.fix": Said(
        "check that the number was computed on these very files (same test set, same references, same system "
        "output); a tokenizer not searched (SentencePiece, Moses') is another cause",
        "检查这个数是不是在这些文件上算出来的（同一个测试集、同样的参考翻译、同样的系统输出）；"
        "没有搜索到的分词器（SentencePiece、Moses 的）是另一种可能"),
    # a pasted signature
    "doctor.signature.examined": Said("the settings examined", "所检查的设置"),
    "doctor.signature.reproducing": Said("the settings that reproduce {reported} ({preset})",
                                         "复现 {reported} 的设置（{preset}）"),
    "doctor.signature.unpaired": Said("the files could not be paired, so they were not rescored",
                                      "这些文件无法配对，所以没有重新计分"),
    "doctor.signature.not-rescored": Said("not rescored: {error}", "没有重新计分：{error}"),
    "doctor.signature.version": Said("the signature is of sacreBLEU {theirs}; these scores follow sacreBLEU {ours}",
                                     "这个签名来自 sacreBLEU {theirs}；这里的得分按 sacreBLEU {ours} 计算"),

    # chance
    "doctor.chance.window": Said("{low} to {high}", "{low} 到 {high}"),
    "doctor.chance.measured.one": Said(
        "{matched:,} of the {numbers:,} numbers from {window} printed with {decimals} decimal are printed by some "
        "configuration searched ({share:.0%})",
        "从 {window}、保留 {decimals} 位小数的 {numbers:,} 个数中，有 {matched:,} 个能由搜索过的某种配置得出（{share:.0%}）"),
    "doctor.chance.measured.other": Said(
        "{matched:,} of the {numbers:,} numbers from {window} printed with {decimals} decimals are printed by some "
        "configuration searched ({share:.0%})",
        "从 {window}、保留 {decimals} 位小数的 {numbers:,} 个数中，有 {matched:,} 个能由搜索过的某种配置得出（{share:.0%}）"),
    "doctor.chance.explains": Said("chance alone explains a match here: {measured}; give more digits, or the settings "
                                   "used", "这里的匹配单凭偶然就能解释：{measured}；请给出更多位数，或给出所用的设置"),
    "doctor.chance.weak": Said("a match here is weak evidence: {measured}", "这里的匹配只是很弱的证据：{measured}"),
    "doctor.chance.unlikely": Said("a match here is unlikely by chance: {measured}",
                                   "这里的匹配不太可能是偶然的：{measured}"),
    # the matches of a reported score
    "doctor.match.this": Said("this configuration", "这个配置"),
    "doctor.match.default": Said("sacreBLEU's default", "sacreBLEU 的默认设置"),
    "doctor.match.input": Said("input: {sentence}", "输入：{sentence}"),
    "doctor.match.references": Said("references: scored against reference {number} alone where sacreBLEU's default "
                                    "takes all {streams} given",
                                    "参考翻译：只对照第 {number} 个参考翻译计分，而 sacreBLEU 的默认设置用上全部 "
                                    "{streams} 个"),
    "doctor.match.aggregation": Said("aggregation: the mean of the segments' sentence scores where sacreBLEU's default "
                                     "sums the counts of every segment and scores the corpus once",
                                     "汇总方式：对各句段的句子级得分取平均，而 sacreBLEU 的默认设置把每个句段的计数"
                                     "相加，再给语料库计算一次得分"),
    "doctor.match.none": Said("none: the same numbers as sacreBLEU's default at every step",
                              "没有不同：每一步的数字都和 sacreBLEU 的默认设置相同"),
    "doctor.match.same": Said("{tools} give the very same score: these agree here; the number cannot tell them apart",
                              "{tools}给出完全相同的得分：它们在这里一致，这个数无法区分它们"),
    "doctor.match.range": Said("the {found} matches run from {low:.4f} to {high:.4f}: more digits would tell some of "
                               "them apart",
                               "这 {found} 个匹配从 {low:.4f} 到 {high:.4f}：多给几位数字就能区分其中一些"),
    # a reported score that cannot be read (typed in the live page's box, or given with --score)
    "doctor.error.score-not-a-number": Said("score {score} is not a number as BLEU is printed (e.g. 27.3, 0.273 or "
                                            "27.3%)", "得分 {score} 不是 BLEU 通常的写法（例如 27.3、0.273 或 27.3%）"),
    "doctor.error.score-above-100": Said("score {score} is above 100: BLEU is printed on a 0-1 or a 0-100 scale",
                                         "得分 {score} 超过了 100：BLEU 的刻度是 0-1 或 0-100"),
    # the settings of a match beyond the preset's own
    "doctor.setting.all": Said("all", "全部"),
    "doctor.setting.reference-alone": Said("reference {number} alone", "仅第 {number} 个参考翻译"),
    "doctor.setting.mean": Said("mean of sentence scores", "句子级得分的平均"),
    # the mistakes replayed
    "doctor.mistake.nltk-strings": Said(
        "NLTK's corpus_bleu was given strings, not lists of tokens, so it counted characters (spaces too) as tokens",
        "NLTK 的 corpus_bleu 收到的是字符串而不是词元列表，所以它把每个字符（连空格在内）都当成一个词元"),
    "doctor.mistake.nltk-unnested.one": Said(
        "NLTK's corpus_bleu was given the references un-nested: [r.split() for r in refs] instead of "
        "[[r.split()] for r in refs], so each word became a reference of its characters",
        "NLTK 的 corpus_bleu 收到的参考翻译少套了一层列表：[r.split() for r in refs] 而不是 "
        "[[r.split()] for r in refs]，所以每个词都成了一个由其字符组成的参考翻译"),
    "doctor.mistake.nltk-unnested.several": Said(
        "NLTK's corpus_bleu was given the references un-nested (reference {number}): [r.split() for r in refs] "
        "instead of [[r.split()] for r in refs], so each word became a reference of its characters",
        "NLTK 的 corpus_bleu 收到的参考翻译少套了一层列表（第 {number} 个参考翻译）：[r.split() for r in refs] "
        "而不是 [[r.split()] for r in refs]，所以每个词都成了一个由其字符组成的参考翻译"),
    "doctor.mistake.sacrebleu-unnested.one": Said(
        "sacreBLEU's corpus_bleu was given the reference list un-nested: refs instead of [refs], so it scored the "
        "first segments against single characters of the references",
        "sacreBLEU 的 corpus_bleu 收到的参考翻译列表少套了一层：refs 而不是 [refs]，所以它把开头的几个句段对照"
        "参考翻译中的单个字符来计分"),
    "doctor.mistake.sacrebleu-unnested.several": Said(
        "sacreBLEU's corpus_bleu was given the reference list un-nested (reference {number}): refs instead of "
        "[refs], so it scored the first segments against single characters of the references",
        "sacreBLEU 的 corpus_bleu 收到的参考翻译列表少套了一层（第 {number} 个参考翻译）：refs 而不是 [refs]，"
        "所以它把开头的几个句段对照参考翻译中的单个字符来计分"),
    "doctor.mistake.multi-bleu-atat": Said(
        "multi-bleu.perl on compound-split text (tensor2tensor's get_ende_bleu.sh writes 'rich-text' as "
        "'rich ##AT##-##AT## text'), which inflates the score",
        "在拆分了复合词的文本上运行 multi-bleu.perl（tensor2tensor 的 get_ende_bleu.sh 把 'rich-text' 写成 "
        "'rich ##AT##-##AT## text'），这会抬高得分"),
    "doctor.mistake.lower-order": Said("BLEU-{order} ({option}): only orders 1 to {order}, where BLEU means orders 1 "
                                       "to 4", "BLEU-{order}（{option}）：只用第 1 到第 {order} 阶，而 BLEU 指的是第 1 到第 4 阶"),
    "doctor.mistake.nltk-weights": Said("weights of length {n}", "长度为 {n} 的 weights"),
    "doctor.mistake.scale": Said("on the 0-{scale} scale, where {preset} prints 0-{own}",
                                 "按 0-{scale} 的刻度，而 {preset} 输出的是 0-{own}"),
    "doctor.mistake.scale-read": Said("on the 0-{scale} scale, where {preset} prints 0-{own}: a 0-1 score read as "
                                      "0-100, or the other way round",
                                      "按 0-{scale} 的刻度，而 {preset} 输出的是 0-{own}：把 0-1 的得分当成了 0-100，"
                                      "或者反过来"),
    "doctor.mistake.char": Said("sacreBLEU's char tokenizer on text with spaces: every character a token, which is "
                                "meant for scripts without spaces between words",
                                "在有空格的文本上用 sacreBLEU 的 char 分词器：每个字符一个词元，这本是为词与词之间"
                                "不写空格的文字设计的"),
    "doctor.mistake.first-listed": Said(
        "torchmetrics takes the first listed reference when two are equally close in length (sacreBLEU the "
        "shorter): {score:.4g} here, {closest:.4g} with the shorter",
        "两个参考翻译的长度与候选翻译同样接近时，torchmetrics 取列在前面的那个（sacreBLEU 取较短的）："
        "这里是 {score:.4g}，取较短的则是 {closest:.4g}"),
    # compound-splitting
    "doctor.compound.title.both": Said(
        "{sides} split compounds as '##AT##-##AT##': the split inflates the score, which then cannot stand beside a "
        "sacreBLEU score",
        "{sides}都把复合词拆成了 '##AT##-##AT##'：这种拆分抬高了得分，使它不能和 sacreBLEU 的得分相比"),
    "doctor.compound.title.one-side": Said(
        "{sides} split compounds as '##AT##-##AT##': the other side keeps them whole, so the pieces never match",
        "{sides}把复合词拆成了 '##AT##-##AT##'：另一边保持完整，拆开的部分永远匹配不上"),
    "doctor.compound.count": Said("{lines} of {side}", "{side}的 {lines}"),
    "doctor.compound.summary": Said("'{mark}' in {counts}", "'{mark}' 出现在{counts}"),
    "doctor.compound.fix": Said("join the compounds (replace ' ##AT##-##AT## ' with '-'), detokenize, and score with "
                                "sacreBLEU",
                                "把复合词接回去（把 ' ##AT##-##AT## ' 换成 '-'），去掉分词，再用 sacreBLEU 计分"),
    # copied-reference
    "doctor.copied.title": Said(
        "{lines} of {words} or more words are identical to their reference, far more than translating well gives: "
        "were the references fed to the system?",
        "{lines}（每行至少 {words} 个词）与参考翻译一字不差，远多于翻译得好所能达到的：参考翻译是不是被输入了系统？"),
    "doctor.copied.summary": Said("{copied:,} of {lines:,} such lines (a good system: at most {chance:.0%}; by chance "
                                  "alone p = {p:.1e})",
                                  "这样的行共 {lines:,} 行，其中 {copied:,} 行（好的系统至多 {chance:.0%}；"
                                  "单凭偶然 p = {p:.1e}）"),
    "doctor.copied.fix": Said("make sure the references were not given to the system or pasted into its output",
                              "确认参考翻译没有被输入系统，也没有被粘贴进它的输出"),
    "doctor.copied.note": Said("the score without leaves the copied segments out", "修正后的得分不含照抄的句段"),
    # scripts and languages
    "doctor.script.Chinese": Said("Chinese", "中文"),
    "doctor.script.Japanese": Said("Japanese", "日文"),
    "doctor.script.Korean": Said("Korean", "韩文"),
    "doctor.script.Thai": Said("Thai", "泰文"),
    "doctor.script.Latin": Said("Latin", "拉丁字母"),
    "doctor.script.Greek": Said("Greek", "希腊字母"),
    "doctor.script.Cyrillic": Said("Cyrillic", "西里尔字母"),
    "doctor.script.Armenian": Said("Armenian", "亚美尼亚字母"),
    "doctor.script.Hebrew": Said("Hebrew", "希伯来字母"),
    "doctor.script.Arabic": Said("Arabic", "阿拉伯字母"),
    "doctor.script.Devanagari": Said("Devanagari", "天城文"),
    "doctor.script.Bengali": Said("Bengali", "孟加拉文"),
    "doctor.script.Georgian": Said("Georgian", "格鲁吉亚字母"),
    "doctor.script.Hangul": Said("Hangul", "韩文"),
    "doctor.script.kana": Said("kana", "假名"),
    "doctor.script.Han": Said("Han", "汉字"),
    # cjk-tokenizer
    "doctor.cjk.title.spaced": Said(
        "the references are {script}, scored with tokenizer {tokenize}: {script} writes spaces between words, so "
        "the tokens are words, but sacreBLEU scores {script} with {tokenizer}",
        "参考翻译是{script}，用分词器 {tokenize} 计分：{script}在词与词之间写空格，所以词元是词；"
        "但 sacreBLEU 给{script}计分时用 {tokenizer}"),
    "doctor.cjk.title.unspaced": Said(
        "the references are {script}, scored with tokenizer {tokenize}: a whole clause becomes one token and almost "
        "nothing matches: use {tokenizer}",
        "参考翻译是{script}，却用分词器 {tokenize} 计分：一整个分句成了一个词元，几乎什么都匹配不上：请用 {tokenizer}"),
    "doctor.cjk.summary": Said("{hits:,} of {segments:,} segments have {script} references",
                               "{segments:,} 个句段中有 {hits:,} 个的参考翻译是{script}"),
    "doctor.cjk.fix": Said("score with -tok {tokenizer}", "用 -tok {tokenizer} 计分"),
    "doctor.cjk.fix-picked": Said("score with -tok {tokenizer} (sacreBLEU picks it with -l xx-{language})",
                                  "用 -tok {tokenizer} 计分（sacreBLEU 在 -l xx-{language} 时自动选用它）"),
    "doctor.cjk.note": Said("where the score without cannot be computed, the tokenizer needs its extra "
                            "(pip install 'bleu-explain[ko]')",
                            "如果修正后的得分无法计算，说明这个分词器需要额外安装（pip install 'bleu-explain[ko]'）"),
    # unicode-normalization
    "doctor.unicode.compat-title.one.one": Said("{sides} holds compatibility forms ({forms}) that {plain} spells "
                                                 "plainly", "{sides}含有兼容形式的字符（{forms}），而{plain}用的是普通写法"),
    "doctor.unicode.compat-title.one.other": Said("{sides} holds compatibility forms ({forms}) that {plain} spell "
                                                 "plainly", "{sides}含有兼容形式的字符（{forms}），而{plain}用的是普通写法"),
    "doctor.unicode.compat-title.other.one": Said("{sides} hold compatibility forms ({forms}) that {plain} spells "
                                                 "plainly", "{sides}含有兼容形式的字符（{forms}），而{plain}用的是普通写法"),
    "doctor.unicode.compat-title.other.other": Said("{sides} hold compatibility forms ({forms}) that {plain} spell "
                                                 "plainly", "{sides}含有兼容形式的字符（{forms}），而{plain}用的是普通写法"),
    "doctor.unicode.compat-summary": Said("{counts} hold compatibility forms; {plain} none",
                                          "{counts}含有兼容形式的字符；{plain}没有"),
    "doctor.unicode.compat-fix": Said("normalize both sides to NFKC before scoring "
                                      "(unicodedata.normalize('NFKC', line))",
                                      "计分前把两边都规范化为 NFKC（unicodedata.normalize('NFKC', line)）"),
    "doctor.unicode.nfd-summary": Said("{nfd} are decomposed (NFD); {nfc} are composed (NFC)",
                                       "{nfd}是分解形式（NFD）；{nfc}是组合形式（NFC）"),
    "doctor.unicode.nfd-title": Said("{nfd} in NFD, {nfc} in NFC: accented letters never match",
                                     "{nfd}是 NFD，{nfc}是 NFC：带变音符号的字母永远匹配不上"),
    "doctor.unicode.nfd-fix": Said("normalize both sides to NFC before scoring (unicodedata.normalize('NFC', line), "
                                   "or uconv -x any-nfc)",
                                   "计分前把两边都规范化为 NFC（unicodedata.normalize('NFC', line)，"
                                   "或 uconv -x any-nfc）"),
    # tokenized-input
    "doctor.tokenized.summary": Said("{hits} of {lines} lines of {side} have split punctuation",
                                     "{side}的 {lines} 行中有 {hits} 行的标点被切开了"),
    "doctor.tokenized.again": Said("then tokenized again by {tokenize}", "又被 {tokenize} 再分词一次"),
    "doctor.tokenized.as-tokens": Said("scored on these tokens, not on the detokenized text published scores use",
                                       "按这些词元计分，而不是按发表的得分所用的未分词文本"),
    "doctor.tokenized.title.one": Said("{sides} seems already tokenized, {again}", "{sides}似乎已经分过词，{again}"),
    "doctor.tokenized.title.other": Said("{sides} seem already tokenized, {again}", "{sides}似乎都已经分过词，{again}"),
    "doctor.tokenized.fix": Said("score detokenized text (e.g. sacremoses' MosesDetokenizer) and let the scorer "
                                 "tokenize it",
                                 "对去掉分词的文本计分（例如用 sacremoses 的 MosesDetokenizer），让计分工具自己分词"),
    "doctor.tokenized.note": Said("the score without undoes the common marks of tokenization where the text was "
                                  "tokenized", "修正后的得分在分过词的文本上撤销了常见的分词痕迹"),
    # subword-markers
    "doctor.subwords.part": Said("{marker} in {count} lines of {side}", "{side}的 {count} 行中有 {marker}"),
    "doctor.subwords.title": Said("subword pieces left in: {summary}", "残留未合并的子词：{summary}"),
    "doctor.subwords.fix": Said("decode the subwords before scoring (BPE: sed -r 's/(@@ )|(@@ ?$)//g'; SentencePiece: "
                                "spm_decode)",
                                "计分前先把子词解码（BPE：sed -r 's/(@@ )|(@@ ?$)//g'；SentencePiece：spm_decode）"),
    # repetition
    "doctor.repetition.title": Said("{lines} repeat a phrase in a loop: the decoder lost its way there",
                                    "{lines}在循环中重复同一个短语：解码器在那里迷了路"),
    "doctor.repetition.summary": Said("a stretch of tokens {repeats} or more times in a row, which their references "
                                      "do not repeat",
                                      "一串词元连续出现 {repeats} 次或更多，而它们的参考翻译并不重复"),
    "doctor.repetition.fix": Said("decode with a repetition penalty or n-gram blocking (no_repeat_ngram_size), or a "
                                  "length limit nearer the source's",
                                  "解码时加上重复惩罚或 n-gram 屏蔽（no_repeat_ngram_size），或者把长度上限设得更接近源文"),
    "doctor.repetition.note": Said("the score without keeps one copy of each loop", "修正后的得分中每个循环只保留一遍"),
    # length-ratio
    "doctor.length.cut": Said("{cut:,} of {lines:,} lines stop at exactly {longest} words, as a decoder's length limit "
                              "cuts them",
                              "{lines:,} 行中有 {cut:,} 行恰好停在 {longest} 个词，就像被解码器的长度上限截断了一样"),
    "doctor.length.penalty": Said(
        "the brevity penalty is {bp:.3f}: without it the score would be {unpenalized:.2f} rather than {score:.2f}, "
        "so it costs {cost:.2f} points; no score without, since the missing words are not in the files",
        "简洁惩罚因子是 {bp:.3f}：没有它，得分会是 {unpenalized:.2f} 而不是 {score:.2f}，所以它扣掉了 {cost:.2f} 分；"
        "缺少的词不在文件里，所以没有修正后的得分"),
    "doctor.length.long-note": Said("no brevity penalty for long output, but every extra word lowers the precisions; "
                                    "no score without",
                                    "输出过长不受简洁惩罚因子的惩罚，但每个多余的词都会降低精度；没有修正后的得分"),
    "doctor.length.title.short": Said("the hypothesis is {ratio:.2f} times as long as the references: output this "
                                      "short loses matches and pays the brevity penalty",
                                      "候选翻译的长度是参考翻译的 {ratio:.2f} 倍：这么短的输出既少了匹配，"
                                      "又要付出简洁惩罚因子的代价"),
    "doctor.length.title.long": Said("the hypothesis is {ratio:.2f} times as long as the references: the extra words "
                                     "lower every precision",
                                     "候选翻译的长度是参考翻译的 {ratio:.2f} 倍：多余的词降低了每一阶的精度"),
    "doctor.length.summary": Said("{hyp:,} hypothesis tokens to {ref:,} reference tokens (the settings' length rule)",
                                  "候选翻译 {hyp:,} 个词元，参考翻译 {ref:,} 个词元（按设置的长度规则）"),
    "doctor.length.fix.short": Said("decode with a larger length limit (max_length, max_len_b) and check that no line "
                                    "was cut",
                                    "解码时用更大的长度上限（max_length、max_len_b），并检查没有哪一行被截断"),
    "doctor.length.fix.long": Said("check for output that repeats itself or carries more than the translation "
                                   "(the source, a prompt, notes)",
                                   "检查输出是否在重复自己，或带有译文以外的内容（源文、提示词、注释）"),
}

MESSAGES = {**FRAME, **WORDS, **COUNTS, **PANEL, **VERIFY, **CHECKS}
