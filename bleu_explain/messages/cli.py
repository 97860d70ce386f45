"""The command line's own words around the steps of ``--explain`` (the score line, sacreBLEU's, stays as
sacreBLEU prints it)."""

from __future__ import annotations

from .catalogue import Said

MESSAGES = {
    "cli.segment": Said("--- segment {number}, line {number} of the files ---",
                        "--- 第 {number} 个句段，即文件的第 {number} 行 ---"),
    "cli.lowest": Said("Lowest-scoring sentences:", "得分最低的句子："),
    "cli.lowest-segment": Said("--- segment {number}, line {number} of the files: sentence BLEU {bleu:.4f} ---",
                               "--- 第 {number} 个句段，即文件的第 {number} 行：句子级 BLEU {bleu:.4f} ---"),
}
