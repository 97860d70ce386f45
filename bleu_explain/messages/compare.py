"""Where two tools first part, in one sentence (``bleu_explain.analysis.comparison.divergence_in_words``): what
each tool does at that step, with its numbers."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    "compare.sentence": Said("{step}: {words}", "{step}：{words}"),
    "compare.the-paper": Said("the paper", "论文"),
    # which text two tokenizations part on
    "compare.text.candidate": Said("the candidate", "候选翻译"),
    "compare.text.reference": Said("reference {k}", "参考翻译 {k}"),
    "compare.text.segment-candidate": Said("segment {number}'s candidate", "第 {number} 个句段的候选翻译"),
    "compare.text.segment-reference": Said("segment {number}'s reference {k}", "第 {number} 个句段的参考翻译 {k}"),
    "compare.absent": Said("absent", "不存在"),
    "compare.tokens": Said("{label}'s token {i} is {tok_a} under {name_a} ({len_a} tokens) where {name_b} has {tok_b} "
                           "({len_b} tokens)",
                           "{label}的第 {i} 个词元在 {name_a} 下是 {tok_a}（共 {len_a} 个词元），而在 {name_b} 下是 "
                           "{tok_b}（共 {len_b} 个词元）"),
    "compare.counts.orders": Said("{name_a} counts n-grams of orders 1..{a} where {name_b} counts orders 1..{b}",
                                  "{name_a} 统计第 1..{a} 阶的 n-gram，而 {name_b} 统计第 1..{b} 阶"),
    "compare.counts": Said("{name_a} counts {a} candidate {n}-grams where {name_b} counts {b}{why}",
                           "{name_a} 统计出 {a} 个候选 {n}-gram，而 {name_b} 统计出 {b} 个{why}"),
    "compare.counts.nltk": Said(" (NLTK divides by at least 1)", "（NLTK 的分母至少为 1）"),
    "compare.clipping": Said("{name_a} credits {a} {n}-gram matches where {name_b} credits {b}",
                             "{name_a} 计入 {a} 个 {n}-gram 匹配，而 {name_b} 计入 {b} 个"),
    "compare.how.plus-one": Said.same("({m} + 1)/({t} + 1), {words}"),
    "compare.how.add-k": Said("({m} + k)/({t} + k), add-k smoothing with k = {k:g}",
                              "({m} + k)/({t} + k)，add-k 平滑，k = {k:g}"),
    "compare.how.not-smoothed": Said("{m}/{t}, not smoothed", "{m}/{t}，未平滑"),
    "compare.how.smoothed": Said("{m}/{t} with {words}", "{m}/{t}，{words}"),
    "compare.smoothing.orders": Said("{name_a} combines {a} orders where {name_b} combines {b}",
                                     "{name_a} 组合 {a} 阶，而 {name_b} 组合 {b} 阶"),
    "compare.smoothing.none-a": Said("{name_a} has no p_{n} ({how})", "{name_a} 没有 p_{n}（{how}）"),
    "compare.smoothing.a": Said("p_{n} is {p} under {name_a} ({how})", "p_{n} 在 {name_a} 下是 {p}（{how}）"),
    "compare.smoothing.none-b": Said("{name_b} has none ({how})", "{name_b} 没有（{how}）"),
    "compare.smoothing.b": Said("{name_b} has {p} ({how})", "{name_b} 下是 {p}（{how}）"),
    "compare.smoothing": Said("{first} where {second}", "{first}，而 {second}"),
    "compare.length.in-all": Said(" in all", "，合计"),
    "compare.length.same-rule": Said("{name_a} holds the candidate against a reference length of {a}{corpus} where "
                                     "{name_b} has {b}",
                                     "{name_a} 用参考长度 {a}{corpus}衡量候选翻译，而 {name_b} 用 {b}"),
    "compare.length.rules": Said("{name_a} uses {rule_a} ({a}{corpus}) where {name_b} uses {rule_b} ({b}{corpus})",
                                 "{name_a} 使用{rule_a}（{a}{corpus}），而 {name_b} 使用{rule_b}（{b}{corpus}）"),
    "compare.length.bp": Said("with c = {c} and r = {r}, {name_a} gives a brevity penalty of {a} where {name_b} gives "
                              "{b}",
                              "在 c = {c}、r = {r} 时，{name_a} 给出的简洁惩罚因子是 {a}，而 {name_b} 给出 {b}"),
    "compare.rule.closest": Said("the closest", "最接近的参考长度"),
    "compare.rule.shortest": Said("the shortest reference", "最短的参考翻译"),
    "compare.rule.closest-first": Said("the closest (a tie going to the first listed)",
                                       "最接近的参考长度（相差相同时取排在前面的）"),
    "compare.scores": Said("BLEU {a} against {b}", "BLEU {a} 对 {b}"),
    "compare.combination": Said("for order {n}, {name_a}: {term_a}; {name_b}: {term_b} ({scores})",
                                "第 {n} 阶，{name_a}：{term_a}；{name_b}：{term_b}（{scores}）"),
    "compare.combination.same": Said("the same precisions, weights and brevity penalty combine to {scores} ({name_a} "
                                     "against {name_b})",
                                     "同样的精度、权重和简洁惩罚因子组合出 {scores}（{name_a} 对 {name_b}）"),
    # each smoothing method, as a comparison says it
    "compare.smooth.none": Said("no smoothing", "不平滑"),
    "compare.smooth.exp": Said("exp smoothing", "exp 平滑"),
    "compare.smooth.floor": Said("floor smoothing", "floor 平滑"),
    "compare.smooth.add-k": Said("add-k smoothing", "add-k 平滑"),
    "compare.smooth.add-one": Said("1 added to matches and totals of every order, unigrams too",
                                   "每一阶（包括 1-gram）的匹配数和总数都加 1"),
    "compare.smooth.add-one-above-unigram": Said("1 added to matches and totals of orders 2..N",
                                                 "第 2..N 阶的匹配数和总数都加 1"),
    "compare.smooth.nltk": Said("NLTK's smoothing {method}", "NLTK 的平滑方法 {method}"),
}
