"""What each tool's rules did, in words: the notes a score carries (its tool's quirks this input triggered) and
what became of each n-gram order (``OrderFate.words``). The engine says them with :func:`~.catalogue.say`, in
English; the Chinese steps, page and command line say them again from here."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    # ------------------------------------------------------------------ what became of one order (breakdown)
    "fate.zero-no-ngrams": Said("order {n} has no n-grams: the score is 0",
                                "第 {n} 阶没有任何 n-gram：得分为 0"),
    "fate.zero-no-match": Said("p_{n} = 0: the score is 0", "p_{n} = 0：得分为 0"),
    "fate.unweighted": Said("order {n} has weight 0: it takes no part", "第 {n} 阶的权重为 0：不参与计算"),
    "fate.not-reached": Said("order {n} {why}", "第 {n} 阶{why}"),
    "fate.log-zero": Said("p_{n} = 0: log 0 is minus infinity ({tool} uses {log_zero:.0f}), so the score is 0",
                          "p_{n} = 0：log 0 为负无穷（{tool} 用 {log_zero:.0f} 代替），因此得分为 0"),
    "fate.sacrebleu-effective-order": Said("order {n} has no n-grams: effective order leaves it out of the mean",
                                           "第 {n} 阶没有任何 n-gram：有效阶数把它排除在平均之外"),
    "fate.sacrebleu-no-ngrams": Said("order {n} has no n-grams: sacreBLEU takes p_{n} = 0, so the score is 0",
                                     "第 {n} 阶没有任何 n-gram：sacreBLEU 取 p_{n} = 0，因此得分为 0"),
    "fate.nltk32-dropped": Said("order {n} is dropped: NLTK 3.2 stopped at the first order with no match",
                                "第 {n} 阶被舍弃：NLTK 3.2 在第一个没有匹配的阶处就停止了"),
    "fate.auto-reweigh-dropped": Said("order {n} is dropped: auto_reweigh weights orders 1..{kept} only",
                                      "第 {n} 阶被舍弃：auto_reweigh 只给第 1..{kept} 阶分配权重"),
    "fate.nltk-left-out": Said("p_{n} = 0 after smoothing: NLTK leaves order {n} out of the sum",
                               "平滑后 p_{n} = 0：NLTK 把第 {n} 阶排除在求和之外"),
    "fate.already-zero": Said("order {n} is not reached: the score is already 0", "第 {n} 阶未被计算：得分已经是 0"),
    "fate.mteval-log-one": Said("order {n} has no n-grams: mteval counts it as log 1 = 0 (and still divides by N)",
                                "第 {n} 阶没有任何 n-gram：mteval 把它记作 log 1 = 0（但仍然除以 N）"),
    "fate.multi-bleu-no-ngrams": Said("order {n} has no n-grams: multi-bleu.perl takes p_{n} = 0, so the score is 0",
                                      "第 {n} 阶没有任何 n-gram：multi-bleu.perl 取 p_{n} = 0，因此得分为 0"),
    "fate.hf-log-one": Said("order {n} has no n-grams: smoothing makes p_{n} = (0 + 1)/(0 + 1) = 1, so it adds "
                            "log 1 = 0",
                            "第 {n} 阶没有任何 n-gram：平滑使 p_{n} = (0 + 1)/(0 + 1) = 1，因此它只加上 log 1 = 0"),
    "fate.d2l-zero": Said("p_{n} = 0: d2l multiplies by 0^(1/2^{n}) = 0, so the score is 0",
                          "p_{n} = 0：d2l 乘以 0^(1/2^{n}) = 0，因此得分为 0"),
    "fate.d2l-not-reached": Said("order {n} is not reached: d2l's loop runs over orders 1..min(k, len_pred) = "
                                 "1..{reached}",
                                 "第 {n} 阶未被计算：d2l 的循环只遍历第 1..min(k, len_pred) = 1..{reached} 阶"),
    # the reasons a tool returned 0 before combining ("order N " + this)
    "why.sacrebleu-no-match": Said("takes no part: no n-gram of any order matched, so sacreBLEU returns 0 at once",
                                   "不参与计算：任何一阶都没有 n-gram 匹配，因此 sacreBLEU 直接返回 0"),
    "why.nltk-no-unigram": Said("takes no part: no unigram matched, so {tool} returns 0 at once",
                                "不参与计算：没有任何 1-gram 匹配，因此 {tool} 直接返回 0"),
    "why.multi-bleu-empty-references": Said("takes no part: the references are empty, so multi-bleu.perl prints "
                                            "BLEU = 0",
                                            "不参与计算：参考翻译为空，因此 multi-bleu.perl 输出 BLEU = 0"),
    "why.multi-bleu-empty-candidate": Said("takes no part: the candidate is empty (multi-bleu.perl dies here; we "
                                           "report 0)",
                                           "不参与计算：候选翻译为空（multi-bleu.perl 在此处出错退出；我们报告 0）"),
    "why.torchmetrics-no-match": Said("takes no part: order {first} has no match, so torchmetrics returns 0 at once, "
                                      "smoothing or not",
                                      "不参与计算：第 {first} 阶没有匹配，因此无论是否平滑，torchmetrics 都直接返回 0"),
    # ------------------------------------------------------------------ the notes (the tools' quirks)
    "notes.sacrebleu-no-match": Said("No n-gram of any order matched: sacreBLEU returns 0 straight away.",
                                     "任何一阶都没有 n-gram 匹配：sacreBLEU 直接返回 0。"),
    "notes.sacrebleu-stops-effective": Said("No candidate {n}-grams: sacreBLEU stops here; order {n} and above keep "
                                            "precision 0 (effective order ends the mean before them).",
                                            "没有候选 {n}-gram：sacreBLEU 在此停止；第 {n} 阶及以上的精度保持为 0"
                                            "（有效阶数让平均在它们之前结束）。"),
    "notes.sacrebleu-stops": Said("No candidate {n}-grams: sacreBLEU stops here; order {n} and above keep precision 0 "
                                  "and the score becomes 0 (effective order is off).",
                                  "没有候选 {n}-gram：sacreBLEU 在此停止；第 {n} 阶及以上的精度保持为 0，"
                                  "因此得分变为 0（有效阶数未开启）。"),
    "notes.exp-smoothing": Said("Order {n} has no matches: exp smoothing uses 1/(2^{k} x {total:g}).",
                                "第 {n} 阶没有匹配：exp 平滑使用 1/(2^{k} x {total:g})。"),
    "notes.floor-zero": Said("Order {n} has no matches: floor smoothing uses {value:g}/{total:g}: a floor of 0 is no "
                             "smoothing, log(0) is taken as {log_zero:.0f} and the score is 0.",
                             "第 {n} 阶没有匹配：floor 平滑使用 {value:g}/{total:g}：下限为 0 就等于不平滑，"
                             "log(0) 取为 {log_zero:.0f}，得分为 0。"),
    "notes.floor-above-one": Said("Order {n} has no matches: floor smoothing uses {value:g}/{total:g}, more than 1 "
                                  "(sacreBLEU computes it so), which can lift the score above 100.",
                                  "第 {n} 阶没有匹配：floor 平滑使用 {value:g}/{total:g}，大于 1（sacreBLEU 就是这样"
                                  "计算的），这可能使得分超过 100。"),
    "notes.floor": Said("Order {n} has no matches: floor smoothing uses {value:g}/{total:g}.",
                        "第 {n} 阶没有匹配：floor 平滑使用 {value:g}/{total:g}。"),
    "notes.log-zero-no-smoothing": Said("Order {n} has no matches and no smoothing: log(0) is taken as "
                                        "{log_zero:.0f}, so the score is 0.",
                                        "第 {n} 阶没有匹配，也没有平滑：log(0) 取为 {log_zero:.0f}，因此得分为 0。"),
    "notes.add-k": Said("add-k smoothing added {value:g} to the matches and totals of orders 2..{orders}.",
                        "add-k 平滑给第 2..{orders} 阶的匹配数和总数都加上了 {value:g}。"),
    "notes.nltk-no-unigram": Said("No unigram matched: NLTK returns 0 straight away.",
                                  "没有任何 1-gram 匹配：NLTK 直接返回 0。"),
    "notes.nltk32-stops": Said("Order {n} has no matches: NLTK 3.2.x warns and STOPS here; orders {n}..{orders} are "
                               "dropped and their weights are NOT given to the other orders.",
                               "第 {n} 阶没有匹配：NLTK 3.2.x 发出警告并在此【停止】；第 {n}..{orders} 阶被舍弃，"
                               "它们的权重【不会】分给其他阶。"),
    "notes.auto-reweigh": Said("auto_reweigh: the candidate corpus has {hyp_len} tokens, so the weights become "
                               "1/{hyp_len} for orders 1..{hyp_len}.",
                               "auto_reweigh：候选语料只有 {hyp_len} 个词元，因此第 1..{hyp_len} 阶的权重都变为 "
                               "1/{hyp_len}。"),
    "notes.nltk-left-out": Said("Order {n}: precision is 0 after smoothing; NLTK leaves it out of the sum.",
                                "第 {n} 阶：平滑后精度为 0；NLTK 把它排除在求和之外。"),
    "notes.nltk-above-one": Said("The score exceeds 1: a known property of NLTK's method5/method7.",
                                 "得分超过 1：这是 NLTK 的 method5/method7 已知的特性。"),
    "notes.nltk-method0": Said("Order {n} has no matches: NLTK (method0) warns and uses sys.float_info.min as its "
                               "precision, so the score is tiny but not 0.",
                               "第 {n} 阶没有匹配：NLTK（method0）发出警告，并以 sys.float_info.min 作为该阶精度，"
                               "因此得分极小，但不是 0。"),
    "notes.nltk-method1": Said("Order {n}: method1 adds epsilon={value:g} to the zero count.",
                               "第 {n} 阶：method1 给为 0 的计数加上 epsilon={value:g}。"),
    "notes.nltk-method2": Said("method2 adds 1 to the matches and totals of every order >= 2.",
                               "method2 给第 2 阶及以上每一阶的匹配数和总数都加 1。"),
    "notes.nltk-method3": Said("Order {n}: method3 uses 1/(2^{k} x {total}).",
                               "第 {n} 阶：method3 使用 1/(2^{k} x {total})。"),
    "notes.nltk-method4": Said("Order {n}: method4 uses 1/(2^{k} x {value:g}/ln {length}) / {total}.",
                               "第 {n} 阶：method4 使用 1/(2^{k} x {value:g}/ln {length}) / {total}。"),
    "notes.nltk-method5": Said("method5 averages each precision with its neighbours; the order after the last is "
                               "always the LAST segment's 5-gram precision (so corpus scores depend on segment order "
                               "and can exceed 1).",
                               "method5 把每一阶的精度与相邻阶取平均；最后一阶之后的那一阶总是【最后一个】句段的 "
                               "5-gram 精度（因此语料库得分取决于句段的顺序，并且可能超过 1）。"),
    "notes.nltk-method6": Said("method6 interpolates orders >= 3 with a prior p_{{n-1}}^2/p_{{n-2}}, dividing by the "
                               "LAST segment's n-gram count.",
                               "method6 用先验 p_{{n-1}}^2/p_{{n-2}} 对第 3 阶及以上做插值，分母是【最后一个】句段的 "
                               "n-gram 数。"),
    "notes.mteval-empty-candidate": Said("The candidate is empty: mteval-v13a.pl itself has no answer here (it dies "
                                         "taking the log of a zero length penalty); we report BP = 0 and BLEU = 0.",
                                         "候选翻译为空：mteval-v13a.pl 本身在这里没有结果（它对为 0 的简洁惩罚因子取对数时"
                                         "出错退出）；我们报告 BP = 0、BLEU = 0。"),
    "notes.mteval-empty-references": Said("The references are empty: mteval-v13a.pl itself has no answer here (it "
                                          "dies dividing by the reference length 0 when it prints the length ratio); "
                                          "we report what its formula gives.",
                                          "参考翻译为空：mteval-v13a.pl 本身在这里没有结果（它在输出长度比时除以为 0 的"
                                          "参考长度而出错退出）；我们报告它的公式给出的值。"),
    "notes.mteval-no-match": Said("No n-gram matched at all, yet mteval-v13a.pl has no special case for it: smoothing "
                                  "still gives a positive score (sacreBLEU returns 0 here).",
                                  "完全没有 n-gram 匹配，但 mteval-v13a.pl 对此没有特殊处理：平滑后仍然给出正的得分"
                                  "（sacreBLEU 在这里返回 0）。"),
    "notes.mteval-zero-no-ngrams": Said("Order {n} has no candidate n-grams and smoothing is off: mteval's score is 0.",
                                        "第 {n} 阶没有候选 n-gram，且平滑已关闭：mteval 的得分为 0。"),
    "notes.mteval-zero-no-match": Said("Order {n} has no matches and smoothing is off: mteval's score is 0.",
                                       "第 {n} 阶没有匹配，且平滑已关闭：mteval 的得分为 0。"),
    "notes.mteval-log-one": Said("Order {n} has no candidate n-grams: mteval counts it as log 1 = 0 but still divides "
                                 "by N = {orders}.",
                                 "第 {n} 阶没有候选 n-gram：mteval 把它记作 log 1 = 0，但仍然除以 N = {orders}。"),
    "notes.mteval-smoothed": Said("Order {n} has no matches: mteval uses 1/({smooth} x {total}).",
                                  "第 {n} 阶没有匹配：mteval 使用 1/({smooth} x {total})。"),
    "notes.multi-bleu-empty-references": Said("The references are empty: multi-bleu.perl prints BLEU = 0 and exits.",
                                              "参考翻译为空：multi-bleu.perl 输出 BLEU = 0 并退出。"),
    "notes.multi-bleu-empty-candidate": Said("The candidate is empty: multi-bleu.perl itself has no answer here (it "
                                             "dies with 'Illegal division by zero'); we report BP = 0 and BLEU = 0.",
                                             "候选翻译为空：multi-bleu.perl 本身在这里没有结果（它因 'Illegal division "
                                             "by zero' 出错退出）；我们报告 BP = 0、BLEU = 0。"),
    "notes.multi-bleu-zero": Said("Order {n} has precision 0 and there is no smoothing: log(0) is taken as "
                                  "{log_zero:.0f}, so the score is 0.",
                                  "第 {n} 阶精度为 0，且没有平滑：log(0) 取为 {log_zero:.0f}，因此得分为 0。"),
    "notes.paper-zero": Said("p_{n} = 0: the geometric mean vanishes and BLEU is 0 (the paper's footnote 5).",
                             "p_{n} = 0：几何平均为 0，BLEU 也为 0（见论文脚注 5）。"),
    "notes.hf-smooth": Said("smooth=True: 1 is added to the matches and possible matches of every order, unigrams "
                            "included (Lin and Och 2004).",
                            "smooth=True：每一阶（包括 1-gram）的匹配数和可能匹配数都加 1（Lin 和 Och 2004）。"),
    "notes.hf-zero": Said("Precision 0 at order(s) {orders} and no smoothing: evaluate's geo_mean is 0, so BLEU is 0.",
                          "第 {orders} 阶精度为 0，且没有平滑：evaluate 的 geo_mean 为 0，因此 BLEU 为 0。"),
    "notes.torchmetrics-zero": Said("No match at order(s) {orders}: torchmetrics returns 0 at once "
                                    "(min(numerator) == 0).",
                                    "第 {orders} 阶没有匹配：torchmetrics 直接返回 0（min(numerator) == 0）。"),
    "notes.torchmetrics-zero-smoothed": Said("No match at order(s) {orders}: torchmetrics returns 0 at once "
                                             "(min(numerator) == 0), even with smooth=True.",
                                             "第 {orders} 阶没有匹配：即使 smooth=True，torchmetrics 也直接返回 0"
                                             "（min(numerator) == 0）。"),
    "notes.torchmetrics-smooth": Said("smooth=True: 1 is added to the matches and totals of orders 2..N; the unigram "
                                      "precision stays matches / total.",
                                      "smooth=True：第 2..N 阶的匹配数和总数都加 1；1-gram 精度仍是匹配数 / 总数。"),
    "notes.d2l-weights": Said("d2l raises p_n to 1/2^n: weights {weights} (the paper's are uniform, 1/{k} each); "
                              "they sum to {total:g}, not 1.",
                              "d2l 把 p_n 取 1/2^n 次方：权重为 {weights}（论文的权重是均匀的，每阶 1/{k}）；"
                              "这些权重之和为 {total:g}，而不是 1。"),
    "notes.d2l-stops": Said("The candidate has {hyp_len} token(s): d2l's loop stops at order {reached}, below k = {k}; "
                            "the orders above add nothing (their weights are not given to the others).",
                            "候选翻译只有 {hyp_len} 个词元：d2l 的循环在第 {reached} 阶停止，低于 k = {k}；"
                            "更高的阶不起作用（它们的权重也不会分给其他阶）。"),
}
