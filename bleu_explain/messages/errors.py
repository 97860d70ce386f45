"""The one-line refusals the live page can show (bad settings, texts whose lines do not pair up, a value the
address holds that cannot be read), and the API's refusal of an unknown language. The engine raises them with
:func:`~.catalogue.say` (the English is the message of the error); the page says them in its reader's language."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    "errors.locale": Said("locale must be one of {locales}, got {got}", "语言（locale）必须是 {locales} 之一，而不是 {got}"),
    # the texts
    "errors.lines": Said("reference {name} has {lines} lines but {what} has {count}; they must have one line per "
                         "segment",
                         "参考翻译 {name} 有 {lines} 行，而{what}有 {count} 行；两者必须每个句段一行、行数相同"),
    "errors.the-hypothesis": Said("the hypothesis", "候选翻译"),
    "errors.candidate-2-what": Said("candidate 2", "候选翻译 2"),
    "errors.candidate-2": Said("candidate 2: {message}", "候选翻译 2：{message}"),
    "errors.too-long": Said("the input is longer than {limit} characters; the live page scores up to that much (the "
                            "command line reads files of up to {file_size})",
                            "输入超过 {limit} 个字符；本页最多只计算这么多（命令行可读取最大 {file_size} 的文件）"),
    "errors.no-reference": Said("no reference given: type or paste at least one reference",
                                "没有参考翻译：请至少输入或粘贴一个参考翻译"),
    "errors.d2l-shape": Said("{rule}'s bleu(pred_seq, label_seq, k) defines BLEU for one candidate string and one "
                             "reference string; this input has {shape}",
                             "{rule} 的 bleu(pred_seq, label_seq, k) 只为一个候选字符串和一个参考字符串定义了 BLEU；"
                             "而这个输入有{shape}"),
    "errors.d2l-corpus": Said("a corpus of {segments} segments", " {segments} 个句段的语料库"),
    "errors.d2l-references": Said("{references} references", " {references} 个参考翻译"),
    # the address's values
    "errors.flag": Said("{name} must be true or false, got {got}", "{name} 必须是 true 或 false，而不是 {got}"),
    "errors.whole-number": Said("{name} must be a whole number, got {got}", "{name} 必须是整数，而不是 {got}"),
    "errors.number": Said("{name} must be a number, got {got}", "{name} 必须是数字，而不是 {got}"),
    "errors.segment-from-1": Said("segment must be a whole number from 1, got {got}",
                                  "segment 必须是从 1 开始的整数，而不是 {got}"),
    "errors.segment-range": Said("segment must be a whole number from 1 to {segments}, got {got}",
                                 "segment 必须是 1 到 {segments} 之间的整数，而不是 {got}"),
    "errors.weights-text": Said("weights must be numbers separated by spaces, got {got}",
                                "weights 必须是用空格分隔的数字，而不是 {got}"),
    "errors.compare-unknown": Said("compare: unknown preset {preset}; choose one of {presets}",
                                   "compare：没有预设 {preset}；请从 {presets} 中选择"),
    "errors.tokenizer-unavailable": Said("tokenizer {tokenizer} {why}", "分词器 {tokenizer}{why}"),
    # the settings
    "errors.unknown-preset": Said("unknown preset {preset}; choose one of {presets}",
                                  "没有预设 {preset}；请从 {presets} 中选择"),
    "errors.unknown-tokenizer": Said("unknown tokenizer {tokenizer}; choose one of {tokenizers}",
                                     "没有分词器 {tokenizer}；请从 {tokenizers} 中选择"),
    "errors.max-order-type": Said("max_order must be a whole number >= 1, got {got}",
                                  "max_order 必须是大于等于 1 的整数，而不是 {got}"),
    "errors.max-order-low": Said("max_order must be at least 1, got {got}", "max_order 至少为 1，而不是 {got}"),
    "errors.max-order-high": Said("max_order is {got}; bleu-explain counts n-grams up to order {limit} (BLEU's is 4)",
                                  "max_order 为 {got}；bleu-explain 最多统计到第 {limit} 阶的 n-gram（BLEU 用的是 4）"),
    "errors.max-order-high-weights": Said("{got} weights give max_order {got}; bleu-explain counts n-grams up to "
                                          "order {limit} (BLEU's is 4)",
                                          "{got} 个权重意味着 max_order 为 {got}；bleu-explain 最多统计到第 {limit} 阶"
                                          "的 n-gram（BLEU 用的是 4）"),
    "errors.weights-count": Said("weights has {count} entries but max_order is {max_order}; give one weight per n-gram "
                                 "order",
                                 "weights 有 {count} 项，而 max_order 为 {max_order}；请为每一阶 n-gram 各给一个权重"),
    "errors.weights-type": Said("weights must be a sequence of numbers, got {got}", "weights 必须是一串数字，而不是 {got}"),
    "errors.weights-empty": Said("weights is empty; give one weight per n-gram order, e.g. (0.25, 0.25, 0.25, 0.25)",
                                 "weights 为空；请为每一阶 n-gram 各给一个权重，例如 (0.25, 0.25, 0.25, 0.25)"),
    "errors.weight-type": Said("weights[{i}] must be a number, got {got}", "weights[{i}] 必须是数字，而不是 {got}"),
    "errors.weight-finite": Said("weights[{i}] is {got}; weights must be finite numbers",
                                 "weights[{i}] 为 {got}；权重必须是有限的数"),
    "errors.weight-negative": Said("weights[{i}] is negative ({got}); weights must be >= 0",
                                   "weights[{i}] 是负数（{got}）；权重必须大于等于 0"),
    "errors.weights-zero": Said("all weights are zero; at least one order needs a positive weight",
                                "所有权重都是 0；至少要有一阶的权重为正"),
    "errors.smoothing-unknown": Said("unknown smoothing {smooth} for the {rule} rules; choose one of {methods}",
                                     "{rule} 的规则中没有平滑方法 {smooth}；请从 {methods} 中选择"),
    "errors.smooth-value-unused": Said("smooth_value is not used by smoothing {smooth}; only {methods} take a value",
                                       "平滑方法 {smooth} 不使用 smooth_value；只有 {methods} 需要这个值"),
    "errors.smooth-value-finite": Said("smooth_value must be a finite number, got {got}",
                                       "smooth_value 必须是有限的数，而不是 {got}"),
    "errors.smooth-value-nan": Said("smooth_value must be a finite number, got {got} (sacreBLEU takes it and prints a "
                                    "score of nan or inf)",
                                    "smooth_value 必须是有限的数，而不是 {got}（sacreBLEU 会接受它，然后输出 nan 或 inf 的"
                                    "得分）"),
    "errors.smooth-value-positive": Said("smooth_value for {smooth} must be positive, got {got}",
                                         "平滑方法 {smooth} 的 smooth_value 必须为正，而不是 {got}"),
    "errors.effective-order-tool": Said("effective_order is a sacreBLEU setting; the {rule} rules have no such option",
                                        "effective_order 是 sacreBLEU 的设置；{rule} 的规则没有这个选项"),
    "errors.effective-order-weights": Said("effective_order re-weights the orders uniformly; it cannot be combined with "
                                           "explicit weights",
                                           "effective_order 会把各阶重新均匀加权；它不能与显式给出的权重同时使用"),
    "errors.fixed": Said("{name}={given} is not a setting of {rule}'s bleu(pred_seq, label_seq, k): {why}. It takes one "
                         "candidate string, one reference string and k (max_order)",
                         "{name}={given} 不是 {rule} 的 bleu(pred_seq, label_seq, k) 的设置：{why}。它只接受一个候选"
                         "字符串、一个参考字符串和 k（max_order）"),
}
