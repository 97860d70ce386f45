"""The live page's words: its own (``page.*``: the page's HTML and its JavaScript, which the site's build gives
``live/messages.js``; placeholders are plain ``{name}``) and those its Python writes into the result (``live.*``:
the tables, the highlighting, the summary, the comparison; a template may hold trusted markup such as ``<b>`` and
``<code>``, the values are escaped)."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    # ================================================================== the page (HTML and JavaScript)
    "page.doc-title": Said("Live BLEU: every step, computed in your browser", "实时 BLEU：每一步都在你的浏览器中计算"),
    # the site's navigation (each part's name; the live page says it in the reader's language)
    "page.nav.lecture": Said("The 90-minute lecture", "90 分钟讲座"),
    "page.nav.live": Said("Live BLEU", "实时 BLEU"),
    "page.nav.handouts": Said("The course", "课程讲义"),
    "page.nav.slides": Said("Slides", "幻灯片"),
    "page.title": Said("Live BLEU", "实时 BLEU"),
    "page.language": Said("Language", "界面语言"),
    "page.projector": Said("Projector mode", "投影模式"),
    "page.projector-leave": Said("Leave projector mode", "退出投影模式"),
    "page.projector-title": Said("Large type and a wide layout, for a projector", "大字号、宽版面，适合投影"),
    "page.lead": Said("Type a candidate translation and its references: every step of BLEU (counts, clipping, "
                      "precisions, reference length, brevity penalty, combination) is recomputed as you type, by the "
                      "same Python package the course uses, running in this page. Nothing you type leaves your "
                      "computer.",
                      "输入一个候选翻译和它的参考翻译：BLEU 的每一步（计数、截断、修正的精度、参考长度、简洁惩罚因子、"
                      "组合）都会在你输入时重新计算，计算者就是本课程所用的同一个 Python 包，它就运行在这个页面里。"
                      "你输入的任何内容都不会离开你的电脑。"),
    "page.loading": Said("Loading Python into the page", "正在把 Python 载入本页"),
    "page.starting": Said("Starting Python in the page\u2026", "正在本页中启动 Python\u2026"),
    "page.loading-progress": Said("Loading Python into the page: {loaded} of {total} MB\u2026",
                                  "正在把 Python 载入本页：{loaded} / {total} MB\u2026"),
    "page.ready": Said("Ready: bleu-explain {version} on Python {python}, in this page.",
                       "已就绪：bleu-explain {version}，运行于本页中的 Python {python}。"),
    "page.failed": Said("Python could not start in this page: {error}", "Python 无法在本页中启动：{error}"),
    # opened from disk (the inline script reads these from the page's JSON, the module cannot load there)
    "page.file-status": Said("This page must be served over http:// to run (see below).",
                             "本页必须通过 http:// 访问才能运行（见下文）。"),
    "page.file-title": Said("Serve this page to use it", "请通过网页服务器打开本页"),
    "page.file-why": Said("This page runs Python inside your browser, and browsers allow that only for pages served "
                          "over <code>http://</code>, not opened as a file. From the folder that holds "
                          "<code>live.html</code>, run",
                          "本页在你的浏览器中运行 Python，而浏览器只允许通过 <code>http://</code> 访问的页面这样做，"
                          "直接作为文件打开则不行。请在包含 <code>live.html</code> 的文件夹中运行"),
    "page.file-open": Said("and open <a href=\"http://127.0.0.1:8000/live.html\">http://127.0.0.1:8000/live.html</a>. "
                           "(From the project's folder: <code>python -m http.server 8000 --bind 127.0.0.1 -d site</code>"
                           ".) Any static web host works too: a university web space or GitHub Pages.",
                           "然后打开 <a href=\"http://127.0.0.1:8000/live.html\">http://127.0.0.1:8000/live.html</a>。"
                           "（在项目文件夹中则运行：<code>python -m http.server 8000 --bind 127.0.0.1 -d site</code>。）"
                           "任何静态网页托管也都可以，例如学校的个人主页空间或 GitHub Pages。"),
    # the form
    "page.example": Said("Example", "示例"),
    "page.own-input": Said("(your own input)", "（你自己的输入）"),
    "page.edited": Said("(edited)", "（已修改）"),
    "page.preset": Said("Preset", "预设"),
    "page.compare": Said("Compare with", "对比"),
    "page.none": Said("(none)", "（无）"),
    "page.settings": Said("Settings (blank: the preset's own)", "设置（留空：使用预设自己的）"),
    "page.tokenizer": Said("Tokenizer", "分词器"),
    "page.lowercase": Said("Lowercase", "转为小写"),
    "page.presets-own": Said("preset's", "同预设"),
    "page.presets-own-value": Said("preset's ({value})", "同预设（{value}）"),
    "page.yes": Said("yes", "是"),
    "page.no": Said("no", "否"),
    "page.smoothing": Said("Smoothing", "平滑"),
    "page.smoothing-value": Said("Smoothing value", "平滑参数"),
    "page.max-order": Said("Max order", "最高阶数"),
    "page.weights": Said("Weights", "权重"),
    "page.weights-example": Said("e.g. 0.5 0.5", "例如 0.5 0.5"),
    "page.effective-order": Said("Effective order", "有效阶数"),
    "page.unavailable": Said("{name} (unavailable here)", "{name}（此处不可用）"),
    "page.not-in-browser": Said("Not in the browser: {names}. They need MeCab or SentencePiece with a model file, "
                                "compiled code the page cannot load; use the command line or a notebook.",
                                "浏览器中不可用：{names}。它们需要 MeCab 或 SentencePiece 及其模型文件，这些编译过的代码"
                                "无法载入本页；请使用命令行或 Jupyter 笔记本。"),
    "page.fixed-title": Said("Not a setting of {preset}: {why}", "{preset} 没有这项设置：{why}"),
    "page.fixed-note": Said("{preset} has no notion of {names}: its tool holds them fixed (max order is its k).",
                            "{preset} 没有 {names} 这些设置：它的工具把它们固定了（最高阶数就是它的 k）。"),
    "page.candidate-1": Said("Candidate 1", "候选翻译 1"),
    "page.one-segment-a-line": Said("(one segment a line)", "（每行一个句段）"),
    "page.candidate-2": Said("Candidate 2", "候选翻译 2"),
    "page.candidate-2-note": Said("(scored against the same references, shown beside candidate 1)",
                                  "（对照相同的参考翻译打分，显示在候选翻译 1 旁边）"),
    "page.remove-candidate-2": Said("Remove candidate 2", "删除候选翻译 2"),
    "page.reference": Said("Reference {n}", "参考翻译 {n}"),
    "page.remove-reference": Said("Remove reference {n}", "删除参考翻译 {n}"),
    "page.add-reference": Said("+ Add a reference", "+ 添加参考翻译"),
    "page.add-candidate-2": Said("+ Second candidate", "+ 第二个候选翻译"),
    "page.files": Said("Or load files, as on the command line (UTF-8, one segment a line)",
                       "或者像在命令行上一样载入文件（UTF-8 编码，每行一个句段）"),
    "page.hypothesis-file": Said("Hypothesis file", "候选翻译文件"),
    "page.reference-files": Said("Reference files", "参考翻译文件"),
    "page.choose-file": Said("Choose a file", "选择文件"),
    "page.choose-files": Said("Choose files", "选择文件"),
    "page.no-file": Said("no file chosen", "未选择文件"),
    "page.copy-link": Said("Copy link", "复制链接"),
    "page.link-copied": Said("Link copied", "链接已复制"),
    "page.press-ctrl-c": Said("Press Ctrl-C to copy", "按 Ctrl-C 复制"),
    "page.link-label": Said("link to this example", "指向这个示例的链接"),
    "page.link-too-large": Said("This input is too large to share in a link, even compressed (browsers keep addresses "
                                "up to about 2 MB): share the files instead. The link below opens the page on its first "
                                "example.",
                                "这段输入太大，即使压缩后也无法放进链接（浏览器只保留约 2 MB 以内的地址）：请改为分享文件。"
                                "下面的链接会在第一个示例上打开本页。"),
    "page.link-compressed": Said("The input is long, so the link holds it compressed after the #, which is never sent "
                                 "to the server: any static host opens it.",
                                 "输入较长，因此链接把它压缩后放在 # 之后；# 之后的部分从不发送给服务器，任何静态托管都能"
                                 "打开它。"),
    "page.link-too-long": Said("This link holds more than the page scores (it inflates past {characters} characters), "
                               "so it was not opened: the page opens on its first example.",
                               "这个链接包含的内容超出了本页能计算的范围（解压后超过 {characters} 个字符），因此没有打开："
                               "本页在第一个示例上打开。"),
    "page.link-damaged": Said("This link's compressed state could not be read: it was cut short. The page opens on its "
                              "first example.",
                              "无法读取这个链接中压缩的内容：链接被截断了。本页在第一个示例上打开。"),
    # the Diagnose panel's own chrome (its findings are the doctor's)
    "page.diagnose-legend": Said("Diagnose: what is wrong with this BLEU, and which tool printed a number",
                                 "诊断：这个 BLEU 哪里出了问题，某个分数是由哪个工具算出来的"),
    "page.reported-score": Said("Reported score", "报告的分数"),
    "page.optional": Said("(optional)", "（可选）"),
    "page.reported-example": Said("e.g. 27.3", "例如 27.3"),
    "page.diagnose": Said("Diagnose", "诊断"),
    "page.diagnosing": Said("Diagnosing…", "正在诊断…"),
    "page.diagnosing-segments": Said("Diagnosing {segments} segments: about {seconds} s in this page…",
                                     "正在诊断 {segments} 个句段：在本页中大约需要 {seconds} 秒…"),
    "page.diagnosing-search": Said("Diagnosing {segments} segments: about {seconds} s in this page (choosing a preset "
                                   "narrows the search)…",
                                   "正在诊断 {segments} 个句段：在本页中大约需要 {seconds} 秒（选一个预设可以缩小搜索范围）"
                                   "…"),
    "page.diagnose-took": Said("Took {seconds} s in this page.", "在本页中用了 {seconds} 秒。"),
    "page.receipt-download": Said("Download the receipt", "下载回执"),
    "page.receipt-about": Said(" of this score: the files' digests, the settings, every count and step (check it with "
                               "{command}).",
                               "：含这个得分所用文件的摘要、设置、每个计数和每一步（用 {command} 核对）。"),
    # the result
    "page.segment": Said("Segment", "句段"),
    "page.of-segments": Said("of {n}", "/ 共 {n} 个"),
    "page.candidate-highlighted": Said("The candidate, highlighted", "候选翻译（高亮显示）"),
    "page.candidate-1-highlighted": Said("Candidate 1, highlighted", "候选翻译 1（高亮显示）"),
    "page.candidate-2-highlighted": Said("Candidate 2, highlighted", "候选翻译 2（高亮显示）"),
    "page.tap-a-token": Said("Tap a token, or tab to it, for its counts.", "点击一个词元，或用 Tab 键移到它上面，查看它的计数。"),
    "page.precision-by-order": Said("Precision by order", "各阶的修正精度"),
    "page.the-steps": Said("The steps", "计算步骤"),
    "page.every-ngram": Said("Every n-gram: count, count in each reference, max-ref count, clipped",
                             "全部 n-gram：候选计数、在各参考翻译中的计数、最大参考计数、截断后的计数"),
    "page.file-not-utf8": Said("bleu-explain: error: {what} file '{name}' is not valid utf-8: undecodable byte at line "
                               "{line}",
                               "bleu-explain 错误：{what}文件 '{name}' 不是有效的 UTF-8：第 {line} 行有无法解码的字节"),
    "page.hypothesis": Said("hypothesis", "候选翻译"),
    "page.reference-file": Said("reference", "参考翻译"),
    "page.footer-python": Said("Python in the page:", "页面中的 Python："),
    "page.footer-loaded": Said("loaded from this site.", "从本站载入。"),
    "page.notices": Said("Notices", "许可声明"),
    # ================================================================== the result, as the page's Python writes it
    "live.error": Said("bleu-explain: error: {message}", "bleu-explain 错误：{message}"),
    "live.segment-label": Said("Segment {segment} of {segments}: this segment's sentence BLEU",
                               "第 {segment} 个句段（共 {segments} 个）：该句段的句子级 BLEU"),
    "live.same-everywhere": Said("The two candidates give the same numbers at every step.",
                                 "两个候选翻译在每一步的数字都相同。"),
    "live.differ-at": Said("The two candidates differ at {count} of {steps} steps, marked in both lists: {titles}.",
                           "两个候选翻译在 {steps} 步中有 {count} 步不同（两份列表中都已标出）：{titles}。"),
    "live.list-separator": Said(", ", "、"),
    "live.sentence-bleu.this-segment": Said("this segment", "这个句段"),
    "live.sentence-bleu.segment": Said("segment {segment}", "第 {segment} 个句段"),
    "live.sentence-bleu": Said("For {which} alone, <code>sacrebleu.sentence_bleu</code> gives <b>{score:.2f}</b>",
                               "单独对{which}，<code>sacrebleu.sentence_bleu</code> 给出 <b>{score:.2f}</b>"),
    "live.sentence-bleu.same": Said(", the same as here: it turns effective order on, which changes a score only when "
                                    "the candidate has fewer tokens than the highest order ({max_order}).",
                                    "，与这里相同：它会开启有效阶数，而有效阶数只在候选翻译的词元数少于最高阶数"
                                    "（{max_order}）时才会改变得分。"),
    "live.sentence-bleu.differs": Said(", where this preset gives {score:.2f}. sentence_bleu turns effective order on; "
                                       "<code>BLEU()</code> (this preset, as <code>corpus_score</code> runs) leaves it "
                                       "off. The candidate has {length} tokens, so no n-grams of order {orders}: with "
                                       "effective order off sacreBLEU takes that precision as 0, which makes the score "
                                       "0; with it on, order {orders} is left out and BLEU is the mean of the orders "
                                       "the candidate has.",
                                       "，而这个预设给出 {score:.2f}。sentence_bleu 会开启有效阶数；<code>BLEU()</code>"
                                       "（即这个预设，按 <code>corpus_score</code> 的方式运行）则不开启。候选翻译只有 "
                                       "{length} 个词元，因此没有第 {orders} 阶的 n-gram：不开启有效阶数时，sacreBLEU "
                                       "把这一阶的精度当作 0，得分因此为 0；开启后，第 {orders} 阶被排除，BLEU 是候选翻译"
                                       "实际拥有的那些阶的平均。"),
    "live.compare.agree": Said("{a} and {b} agree at every step on this input.",
                               "在这个输入上，{a} 和 {b} 每一步都一致。"),
    "live.compare.diverge": Said("They first diverge at the step <b>{title}</b> (highlighted below): {words}",
                                 "两者最先在“<b>{title}</b>”这一步出现分歧（下表已标出）：{words}"),
    "live.unavailable": Said("needs {what}, which cannot run in the browser; use the command line or a notebook",
                             "需要 {what}，而它无法在浏览器中运行；请使用命令行或 Jupyter 笔记本"),
    # tables
    "live.col.order": Said("order", "阶"),
    "live.col.clipped-matches": Said("clipped matches", "匹配数"),
    "live.col.candidate-ngrams": Said("candidate n-grams", "n-gram 数"),
    "live.col.p-used": Said("p_n used", "平滑后 p_n"),
    "live.col.weight": Said("weight", "权重"),
    "live.col.count": Said("count", "候选计数"),
    "live.col.ref": Said("ref {k}", "参考 {k}"),
    "live.col.max-ref": Said("max-ref count", "最大参考计数"),
    "live.col.clipped": Said("clipped", "截断后"),
    "live.col.step": Said("step", "步骤"),
    "live.col.numbers": Said("numbers", "数字"),
    "live.precision-caption": Said("Modified precision by order", "各阶的修正的 n-gram 精度"),
    "live.ngram-caption": Said("{order}-grams: {credited} of {total} credited", "{order}-gram：{total} 个中计入 {credited} 个"),
    "live.length": Said("Candidate length c = {c}{lengths}; r = {r} ({rule}); brevity penalty BP = {bp}",
                        "候选长度 c = {c}{lengths}；r = {r}（{rule}）；简洁惩罚因子 BP = {bp}"),
    "live.length.refs": Said("; reference lengths {lengths}", "；各参考翻译的长度 {lengths}"),
    # the summary
    "live.candidate-n": Said("Candidate {n}", "候选翻译 {n}"),
    "live.corpus-bleu": Said("Corpus BLEU", "语料库级 BLEU"),
    "live.summary-scale": Said("({bleu} on the 0&ndash;1 scale; {segments}preset <b>{preset}</b>)",
                               "（0&ndash;1 分制下为 {bleu}；{segments}预设 <b>{preset}</b>）"),
    "live.summary-segments": Said("{n} segments, ", "共 {n} 个句段，"),
    # the highlighting (also the notebooks' picture of a sentence)
    "live.occurrence": Said("{order}-gram '{ngram}': count {count} in the candidate, max-ref count {max_ref}, clipped "
                            "count {clipped}",
                            "{order}-gram '{ngram}'：在候选翻译中出现 {count} 次，最大参考计数 {max_ref}，截断后的计数 "
                            "{clipped}"),
    "live.occurrence.credited": Said(" -> occurrence {k}: credited", " -> 第 {k} 次出现：计入"),
    "live.occurrence.clipped": Said(" -> occurrence {k}: {clipped_away}", " -> 第 {k} 次出现：{clipped_away}"),
    "live.occurrence.unmatched": Said(" -> {not_in_any}", " -> {not_in_any}", neutral=True),
    "live.token": Said("'{token}' (token {i} of {n})", "'{token}'（第 {i} 个词元，共 {n} 个）"),
    "live.reference-token": Said("'{token}' (reference {k}, token {i} of {n})",
                                 "'{token}'（参考翻译 {k}，第 {i} 个词元，共 {n} 个）"),
    "live.reference-occurrence": Said("{order}-gram '{ngram}': count {count} here{gives}, max-ref count {max_ref}, "
                                      "count {candidate} in the candidate, clipped count {clipped}",
                                      "{order}-gram '{ngram}'：在这里出现 {count} 次{gives}，最大参考计数 {max_ref}，"
                                      "在候选翻译中出现 {candidate} 次，截断后的计数 {clipped}"),
    "live.max-ref-from-here": Said(" (the max-ref count comes from here)", "（最大参考计数就来自这里）"),
    "live.no-tokens": Said("(no tokens)", "（没有词元）"),
    "live.legend.match": Said("{n}-gram match", "{n}-gram 匹配"),
    "live.legend.word": Said("word", "词"),
    "live.legend.ngram-clipped": Said("n-gram clipped away", "被截掉的 n-gram"),
    "live.legend.how": Said("Under each token, one bar per order (1 at the top). The background shows the longest "
                            "credited n-gram covering the token. Clipping credits the first occurrences in reading "
                            "order. Hover, tap or tab to a token for its counts.",
                            "每个词元下方，每一阶一条横条（第 1 阶在最上面）。背景色表示覆盖该词元的、被计入的最长 "
                            "n-gram。截断时按阅读顺序计入最先出现的那几次。把鼠标移到词元上、点击它或用 Tab 键移到它上面，"
                            "即可查看它的计数。"),
    "live.bp-empty": Said("BP = 0 (empty candidate)", "BP = 0（候选翻译为空）"),
    "live.bp-one": Said.same("BP = 1 (c = {c} &ge; r = {r})"),
    "live.case-lowercased": Said("lowercased", "转为小写"),
    "live.case-kept": Said("case kept", "保留大小写"),
    "live.score-line": Said("({bleu} on the 0&ndash;1 scale) &middot; preset <b>{preset}</b> &middot; tokenizer "
                            "{tokenize}, {case}, smoothing {smooth}",
                            "（0&ndash;1 分制下为 {bleu}）&middot; 预设 <b>{preset}</b> &middot; 分词器 {tokenize}，"
                            "{case}，平滑 {smooth}"),
    "live.not-used": Said(" &rarr; not used", " &rarr; 未使用"),
    "live.used": Said(" &rarr; used {p}", " &rarr; 实际使用 {p}"),
    "live.candidate-head": Said("Candidate &middot; {n} tokens (c)", "候选翻译 &middot; {n} 个词元（c）"),
    "live.reference-head": Said("Reference {k} &middot; {n} tokens{tag}", "参考翻译 {k} &middot; {n} 个词元{tag}"),
    "live.chosen-reference": Said(" &middot; its length is the r used for BP", " &middot; 它的长度就是计算 BP 所用的 r"),
    "live.differs-here": Said("(the candidates differ here)", "（两个候选翻译在这一步不同）"),
    # the examples menu
    "example.label": Said("{name} ({verdict})", "{name}（{verdict}）"),
    "example.both": Said("{stem}: both candidates side by side", "{stem}：两个候选翻译并排比较"),
    "example.verdicts": Said("{a} and {b}", "{a}、{b}"),
    "verdict.high": Said("high", "高分"),
    "verdict.low": Said("low", "低分"),
    "verdict.depends on the tool": Said("depends on the tool", "取决于工具"),
    "verdict.depends on the tokenizer": Said("depends on the tokenizer", "取决于分词"),
    # the Chinese examples (data.examples' Chinese sentences, four ways)
    "example.zh-characters": Said("Chinese, by characters (sacreBLEU's zh tokenizer, its default for Chinese)",
                                  "中文，按字计算（sacreBLEU 的 zh 分词器，它对中文的默认做法）"),
    "example.zh-13a": Said("Chinese under 13a (wrong: 13a does not split Chinese, so a whole clause is one token)",
                           "中文用 13a 分词（错误：13a 不切分中文，整个分句成了一个词元）"),
    "example.zh-words": Said("Chinese, by words segmented by hand (word-level BLEU)",
                             "中文，人工分词后按词计算（词级 BLEU）"),
    "example.zh-cwmt": Said("Chinese, by characters up to 5-grams (as CWMT scores Chinese)",
                            "中文，按字计算到 5-gram（CWMT 的做法）"),
    # the pathology catalogue's examples, by their names (data.pathologies)
    "example.name.Example 1": Said("Example 1", "例 1"),
    "example.name.Orejuela": Said.same("Orejuela"),
    "example.name.it is ship (3-token copy)": Said("it is ship (3-token copy)", "it is ship（照抄 3 个词元）"),
    "example.name.it is a ship (no 4-gram match)": Said("it is a ship (no 4-gram match)",
                                                        "it is a ship（没有 4-gram 匹配）"),
    "example.name.it (one word)": Said("it (one word)", "it（只有一个词）"),
    "example.name.it x7 (repetition)": Said("it x7 (repetition)", "it x7（重复）"),
    "example.name.it + 14 junk letters (padding)": Said("it + 14 junk letters (padding)", "it + 14 个无关字母（凑长度）"),
    "example.name.ship x3 (repetition)": Said("ship x3 (repetition)", "ship x3（重复）"),
    "example.name.it ship (two right words)": Said("it ship (two right words)", "it ship（两个对的词）"),
    "example.name.Example 1, candidate 1 (good)": Said("Example 1, candidate 1 (good)", "例 1，候选翻译 1（好）"),
    "example.name.Example 1, candidate 2 (bad)": Said("Example 1, candidate 2 (bad)", "例 1，候选翻译 2（差）"),
    "example.name.the x7 (Example 2)": Said("the x7 (Example 2)", "the x7（例 2）"),
    "example.name.of the (Example 3)": Said("of the (Example 3)", "of the（例 3）"),
    "example.name.I always invariably perpetually do. (Example 4)": Said(
        "I always invariably perpetually do. (Example 4)", "I always invariably perpetually do.（例 4）"),
    "example.name.I always do. (Example 4)": Said("I always do. (Example 4)", "I always do.（例 4）"),
    "example.name.The dog snapped at the mailman. (faithful)": Said("The dog snapped at the mailman. (faithful)",
                                                                    "The dog snapped at the mailman.（忠实）"),
    "example.name.The mailman nipped at the dog. (swapped)": Said("The mailman nipped at the dog. (swapped)",
                                                                  "The mailman nipped at the dog.（主宾颠倒）"),
    "example.name.Orejuela, candidate 1 (fluent)": Said("Orejuela, candidate 1 (fluent)",
                                                        "Orejuela，候选翻译 1（流畅）"),
    "example.name.Orejuela, candidate 2 (scrambled)": Said("Orejuela, candidate 2 (scrambled)",
                                                           "Orejuela，候选翻译 2（词序打乱）"),
    "example.name.the the the mat on the the. (clipping)": Said("the the the mat on the the. (clipping)",
                                                                "the the the mat on the the.（截断）"),
}
