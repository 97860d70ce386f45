"""What each preset reproduces (``BleuConfig.description``), and why a tool holds a setting fixed
(``engine.config.FIXED_BY_RULE``): the page shows both beside its menus."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    "preset.sacrebleu": Said("sacreBLEU 2.x: 13a tokenization, mixed case, exp smoothing, closest reference length.",
                             "sacreBLEU 2.x：13a 分词，保留大小写，exp 平滑，取最接近的参考长度。"),
    "preset.nltk": Said("NLTK 3.10 sentence_bleu/corpus_bleu on whitespace tokens; a zero precision becomes "
                        "sys.float_info.min (so the score is tiny, not 0).",
                        "NLTK 3.10 的 sentence_bleu/corpus_bleu，按空白切分词元；为 0 的精度会被换成 "
                        "sys.float_info.min（因此得分极小，但不是 0）。"),
    "preset.nltk-3.2": Said("NLTK 3.2.2-3.2.5: stops at the first order with no matches and drops the higher orders "
                            "without renormalising the weights.",
                            "NLTK 3.2.2-3.2.5：在第一个没有匹配的阶处停止，舍弃更高的阶，且不重新归一化权重。"),
    "preset.mteval-13a": Said("mteval-v13a.pl: its normalisation, ASCII-only lowercasing (unless -c), NIST geometric "
                              "smoothing; an order with no candidate n-grams adds log 1 but still counts in N; tokens "
                              "split on Perl's white space (not U+001C..U+001F).",
                              "mteval-v13a.pl：它自己的规范化，只把 ASCII 字母转为小写（除非加 -c），NIST 几何平滑；"
                              "没有候选 n-gram 的阶加上 log 1，但仍计入 N；按 Perl 的空白字符切分词元"
                              "（不含 U+001C..U+001F）。"),
    "preset.multi-bleu": Said("multi-bleu.perl: it reads bytes, so tokens are split on ASCII white space only and -lc "
                              "lowercases ASCII letters only; no smoothing, closest reference length.",
                              "multi-bleu.perl：它按字节读取，因此只按 ASCII 空白切分词元，-lc 也只把 ASCII 字母转为"
                              "小写；不平滑，取最接近的参考长度。"),
    "preset.paper": Said("Papineni et al. (2002): case-folded, punctuation removed, no smoothing, best-match reference "
                         "length summed over the corpus.",
                         "Papineni 等（2002）的论文：忽略大小写，去掉标点，不平滑，最佳匹配长度在整个语料库上求和。"),
    "preset.hf-evaluate": Said("Hugging Face evaluate's bleu (tensorflow/nmt's compute_bleu over its copy of the 13a "
                               "tokenizer): the shortest reference of each segment; smooth=True adds 1 to the matches "
                               "and possible matches of every order, unigrams too; any precision of 0 gives 0; a score "
                               "on the 0-1 scale; an empty candidate or reference side divides by zero.",
                               "Hugging Face evaluate 的 bleu（在它复制的 13a 分词器之上运行 tensorflow/nmt 的 "
                               "compute_bleu）：每个句段取最短的参考翻译；smooth=True 给每一阶（包括 1-gram）的匹配数"
                               "和可能匹配数都加 1；任何一阶精度为 0 则得分为 0；得分为 0–1 分制；候选或参考一侧为空"
                               "时会除以零。"),
    "preset.torchmetrics": Said("torchmetrics' bleu_score/BLEUScore: white-space tokens, the closest reference with "
                                "ties going to the first listed, smooth=True adds 1 to orders 2..N but not the "
                                "unigram, and the score is 0 whenever an order has no match, even with smoothing; "
                                "float32 tensors in the tool.",
                                "torchmetrics 的 bleu_score/BLEUScore：按空白切分词元，取最接近的参考翻译（相差相同时"
                                "取排在前面的），smooth=True 给第 2..N 阶加 1 但不给 1-gram 加，只要有一阶没有匹配，即使"
                                "平滑，得分也为 0；工具内部使用 float32 张量。"),
    "preset.d2l": Said("Dive into Deep Learning's d2l.bleu(pred_seq, label_seq, k): one candidate string, one "
                       "reference string; tokens split on single spaces (str.split(' ')); orders 1..min(k, candidate "
                       "length); p_n raised to 1/2^n; BP = exp(min(0, 1 - r/c)); no smoothing; k = 2 as in the book's "
                       "examples.",
                       "《动手学深度学习》的 d2l.bleu(pred_seq, label_seq, k)：一个候选字符串，一个参考字符串；按单个"
                       "空格切分词元（str.split(' ')）；只计算第 1..min(k, 候选长度) 阶；p_n 取 1/2^n 次方；"
                       "BP = exp(min(0, 1 - r/c))；不平滑；k = 2，与书中的例子相同。"),
    # why d2l holds a setting fixed
    "fixed.single-spaces": Said("it splits on single spaces, str.split(' ')", "它按单个空格切分，即 str.split(' ')"),
    "fixed.as-given": Said("it compares the text as given", "它按原样比较文本"),
    "fixed.single-spaces-only": Said("it splits on single spaces only", "它只按单个空格切分"),
    "fixed.splits-as-given": Said("it splits the text as given", "它按原样切分文本"),
    "fixed.weights": Said("its weights are fixed: p_n is raised to 1/2^n", "它的权重是固定的：p_n 取 1/2^n 次方"),
    "fixed.no-smoothing": Said("it does not smooth", "它不做平滑"),
    "fixed.stops": Said("it stops at min(k, candidate length) by itself", "它自己会在 min(k, 候选长度) 处停止"),
    "fixed.one-reference": Said("it takes one reference", "它只接受一个参考翻译"),
    "fixed.divides": Said("it divides by the candidate's n-gram count", "它除以候选翻译的 n-gram 数"),
}
