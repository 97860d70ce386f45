"""The column titles of the results' tables (``precision_table``, ``ngram_table``, ``length_table``,
``sentence_table``) and of the live page's tables, by the column's name in the English table."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    "columns.order": Said("order", "阶"),
    "columns.matches": Said("matches", "截断后匹配数"),
    "columns.total": Said("total", "候选 n-gram 数"),
    "columns.precision": Said("precision", "修正的精度 p_n"),
    "columns.smoothed_precision": Said("smoothed_precision", "实际使用的 p_n"),
    "columns.log_precision": Said("log_precision", "log p_n"),
    "columns.weight": Said("weight", "权重 w_n"),
    "columns.weighted_log": Said("weighted_log", "w_n log p_n"),
    "columns.ngram": Said("ngram", "n-gram"),
    "columns.candidate_count": Said("candidate_count", "候选计数"),
    "columns.ref_count": Said("ref{k}_count", "参考翻译 {k} 中的计数"),
    "columns.max_ref_count": Said("max_ref_count", "最大参考计数"),
    "columns.clipped": Said("clipped", "截断后的计数"),
    "columns.unmatched": Said("unmatched", "未计入"),
    "columns.candidate_length": Said("candidate_length", "候选长度 c"),
    "columns.ref_length": Said("ref{k}_length", "参考翻译 {k} 的长度"),
    "columns.chosen_ref_length": Said("chosen_ref_length", "参考长度 r"),
    "columns.rule": Said("rule", "参考长度规则"),
    "columns.brevity_penalty": Said("brevity_penalty", "简洁惩罚因子 BP"),
    "columns.segment": Said("segment", "句段"),
    "columns.candidate": Said("candidate", "候选翻译"),
    "columns.hyp_len": Said("hyp_len", "候选长度"),
    "columns.ref_len": Said("ref_len", "参考长度"),
    "columns.n_refs": Said("n_refs", "参考翻译数"),
    "columns.matches_n": Said("matches_{n}", "第 {n} 阶匹配数"),
    "columns.total_n": Said("total_{n}", "第 {n} 阶总数"),
    "columns.sentence_bleu": Said("sentence_bleu", "句子级 BLEU"),
    "columns.summed-rule": Said("{rule}, summed over segments", "{rule}，对所有句段求和"),
    # a reference-length rule by its name, as a table's cell shows it (the name itself in English)
    "rule.closest": Said("closest", "最接近的参考长度"),
    "rule.shortest": Said("shortest", "最短的参考长度"),
    "rule.closest-first": Said("closest-first", "最接近的参考长度（相差相同时取排在前面的）"),
}
