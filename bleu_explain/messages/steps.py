"""The steps of the computation in words (``bleu_explain.engine.steps``): their titles, what each does, the lines
of numbers, and the words for what clipping did to an n-gram and for each reference-length rule."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    # ------------------------------------------------------------------ the step names (one vocabulary)
    "step.tokens": Said("tokens", "词元"),
    "step.counts": Said("counts", "计数"),
    "step.clipping": Said("clipping", "截断"),
    "step.smoothing": Said("smoothing", "平滑"),
    "step.reference length": Said("reference length", "参考长度"),
    "step.combination": Said("combination", "组合"),
    # ------------------------------------------------------------------ tokens
    "steps.tokens.title": Said("Normalise and tokenize", "规范化与分词"),
    "steps.tokens.corpus-title": Said("Normalise and tokenize every segment", "对每个句段规范化并分词"),
    "steps.tokens.text": Said("{how}.", "{how}。"),
    "steps.tokens.corpus-text": Said("{how}; {segments} segments, references per segment: {refs}.",
                                     "{how}；共 {segments} 个句段，每个句段的参考翻译数：{refs}。"),
    "steps.tokenizer": Said("tokenizer {tokenize}, {case}{split}", "分词器 {tokenize}，{case}{split}"),
    "steps.tokenizer.space": Said("tokenizer space (each single space separates tokens; an empty text is one empty "
                                  "token, two spaces leave an empty token between them), {case}",
                                  "分词器 space（每个单独的空格分隔词元；空文本算一个空词元，两个相连的空格之间留下一个"
                                  "空词元），{case}"),
    "steps.case.kept": Said("case kept", "保留大小写"),
    "steps.case.lowercased": Said("lowercased{ascii}", "转为小写{ascii}"),
    "steps.case.ascii-only": Said(" (ASCII only)", "（仅限 ASCII 字母）"),
    "steps.split.perl": Said("; split on Perl's white space", "；按 Perl 的空白字符切分"),
    "steps.split.ascii": Said("; split on ASCII white space", "；按 ASCII 空白字符切分"),
    "steps.tokens.candidate": Said("candidate: {tokens}", "候选翻译：{tokens}"),
    "steps.tokens.reference": Said("reference {k}: {tokens}", "参考翻译 {k}：{tokens}"),
    "steps.tokens.empty": Said("(empty)", "（空）"),
    # ------------------------------------------------------------------ counts
    "steps.counts.title": Said("Count the candidate's n-grams", "统计候选翻译的 n-gram"),
    "steps.counts.text": Said("Every run of n consecutive tokens is an n-gram; a candidate of L tokens has L - n + 1 "
                              "of order n.",
                              "每 n 个连续的词元构成一个 n-gram；有 L 个词元的候选翻译含有 L - n + 1 个第 n 阶的 "
                              "n-gram。"),
    "steps.counts.line": Said("order {order}: {total} candidate n-grams, {distinct} distinct",
                              "第 {order} 阶：{total} 个候选 n-gram，其中不同的有 {distinct} 种"),
    "steps.counts.corpus-title": Said("Count the candidates' n-grams, summed over the corpus",
                                      "统计候选翻译的 n-gram，并对整个语料库求和"),
    "steps.counts.corpus-text": Said("Candidate n-grams of each order, summed over segments (the denominators of p_n).",
                                     "各阶候选 n-gram 的数量，对所有句段求和（即 p_n 的分母）。"),
    "steps.counts.corpus-line": Said("order {order}: {total} candidate n-grams", "第 {order} 阶：{total} 个候选 n-gram"),
    # ------------------------------------------------------------------ clipping
    "steps.clipping.title": Said("Clip by the max-ref count", "按最大参考计数截断"),
    "steps.clipping.text": Said("Each candidate n-gram counts at most as often as in the one reference where it is most "
                                "frequent.",
                                "每个候选 n-gram 最多只计入它在某一个参考翻译中出现的最多次数（它的最大参考计数）。"),
    "steps.clipping.line": Said("order {order}: {matches} of {total} credited after clipping",
                                "第 {order} 阶：截断后 {total} 个中计入 {matches} 个"),
    "steps.clipping.fate": Said("; {fate}: {ngrams}", "；{fate}：{ngrams}"),
    "steps.clipping.cut": Said("'{ngram}' {count} -> {clipped}", "'{ngram}' {count} -> {clipped}", neutral=True),
    "steps.clipping.corpus-title": Said("Clip per segment, then sum over the corpus", "逐句段截断，再对整个语料库求和"),
    "steps.clipping.corpus-text": Said("Modified precision is computed over the corpus: clipped matches summed over "
                                       "segments divided by candidate n-grams summed over segments (the paper, "
                                       "section 2.1.1).",
                                       "修正的 n-gram 精度在整个语料库上计算：各句段截断后的匹配数之和，除以各句段候选 "
                                       "n-gram 数之和（见论文第 2.1.1 节）。"),
    "steps.clipping.corpus-line": Said("order {order}: {matches} / {total}", "第 {order} 阶：{matches} / {total}"),
    # what clipping did to one n-gram (engine.clipping's vocabulary: credited, clipped, not in any reference)
    "clip.credited": Said("credited", "计入"),
    "clip.clipped": Said("clipped", "被截断"),
    "clip.not in any reference": Said("not in any reference", "不在任何参考翻译中"),
    "clip.clipped-away": Said("clipped away (beyond the max-ref count)", "被截掉（超出最大参考计数）"),
    # ------------------------------------------------------------------ precisions and smoothing
    "steps.smoothing.title": Said("Modified precisions p_n (and smoothing)", "修正的 n-gram 精度 p_n（及平滑）"),
    "steps.smoothing.text": Said("p_n = clipped matches / candidate n-grams; smoothing: {smooth}.",
                                 "p_n = 截断后的匹配数 / 候选 n-gram 数；平滑方法：{smooth}。"),
    "steps.smoothing.line": Said.same("p_{n}: {raw}"),
    "steps.smoothing.used": Said("  -> used {p}", "  -> 实际使用 {p}"),
    # ------------------------------------------------------------------ reference length and brevity penalty
    "steps.length.title": Said("Reference length and brevity penalty", "参考长度与简洁惩罚因子"),
    "steps.length.text": Said("c = {c} candidate tokens, r = {r} ({rule}{summed}).",
                              "c = {c}（候选翻译的词元数），r = {r}（{rule}{summed}）。"),
    "steps.length.summed": Said(", summed over segments", "，对所有句段求和"),
    "steps.length.line": Said.same("BP = {bp} = {value}"),
    "steps.length.ratio": Said("length_ratio = c / r = {ratio} (evaluate reports it)",
                               "length_ratio = c / r = {ratio}（evaluate 会报告这个值）"),
    "steps.length.empty": Said("0 (empty candidate)", "0（候选翻译为空）"),
    "steps.length.no-penalty": Said.same("1 (c >= r)"),
    "steps.length.rule.closest": Said("closest reference length", "最佳匹配长度，即最接近的参考长度"),
    "steps.length.rule.shortest": Said("shortest reference length", "最短的参考长度"),
    "steps.length.rule.d2l": Said("its one reference", "它唯一的参考翻译"),
    # each reference-length rule in words (engine.length.REF_LENGTH_WORDS)
    "length.rule.closest": Said("the closest reference, a tie going to the shorter",
                                "最接近候选长度的参考翻译（长度相差相同时取较短者）"),
    "length.rule.shortest": Said("the shortest reference", "最短的参考翻译"),
    "length.rule.closest-first": Said("the closest reference, a tie going to the first listed",
                                      "最接近候选长度的参考翻译（长度相差相同时取排在前面的）"),
    # ------------------------------------------------------------------ combination
    "steps.combination.title": Said("Combination", "组合"),
    "steps.combination.text": Said("BLEU = BP * exp(sum of w_n log p_n) over {orders} order(s) ({rule} rules).",
                                   "BLEU = BP * exp(各阶 w_n log p_n 之和)，共 {orders} 阶（按 {rule} 的规则）。"),
    "steps.combination.d2l": Said("BLEU = BP * p_1^(1/2) * p_2^(1/4) * ... * p_m^(1/2^m), m = min(k, candidate length) "
                                  "= {orders} (d2l's rule: BP * exp(sum of w_n log p_n) with w_n = 1/2^n, not 1/N).",
                                  "BLEU = BP * p_1^(1/2) * p_2^(1/4) * ... * p_m^(1/2^m)，m = min(k, 候选长度) = "
                                  "{orders}（d2l 的规则：BP * exp(各阶 w_n log p_n 之和)，其中 w_n = 1/2^n，而不是 "
                                  "1/N）。"),
    "steps.combination.term": Said.same("w_{n} * log p_{n} = {w} * log {p} = {term}"),
    "steps.combination.total": Said("BLEU = {bleu}  (score {score:.2f} on the 0-100 scale)",
                                    "BLEU = {bleu}（0–100 分制下得分为 {score:.2f}）"),
    "steps.combination.total-0-1": Said("BLEU = {bleu!r}  ({tool} returns this, on a 0-1 scale; score {score:.2f} on "
                                        "the 0-100 scale)",
                                        "BLEU = {bleu!r}（{tool} 返回的就是这个值，0–1 分制；0–100 分制下得分为 "
                                        "{score:.2f}）"),
    "steps.source": Said("source: {code}", "对应源代码：{code}"),
}
