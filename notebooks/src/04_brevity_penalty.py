# %% [markdown] slideshow={"slide_type": "slide"}
# # 04 · The brevity penalty
#
# ## Learning goals
# - See why modified precision alone rewards a candidate that is too short: the paper's Example 3, "of the",
#   has perfect precisions.
# - Compute the brevity penalty BP = exp(1 − r/c) and read it off its curve.
# - Choose the reference length r as the paper does (the *best match length*, the reference length closest to
#   the candidate's), know how the tools break a tie the paper leaves open, and know mteval's "shortest" option.
# - Explain why the paper computes BP once over the whole corpus instead of averaging it over sentences.
#
# Modified precision (notebooks 01–03) punishes a candidate for words that are not in the references and
# for words repeated too often. It never punishes a candidate for words it *leaves out*. This notebook is
# about the one part of BLEU that does.
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
import math

import pandas as pd

import bleu_explain as bx
from bleu_explain.data import examples
from bleu_explain.data.published_examples import PAPINENI_BEST_MATCH_BP
from bleu_explain.display import plots
from bleu_explain.analysis.stated import beside_stated

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. Example 3: a two-word candidate with perfect precision
#
# The paper (Papineni et al. 2002, §2.2) takes the three references of its Example 1 and a short, absurd
# candidate: **of the**. Both words are in reference 2 ("the command **of the** Party"), and so is
# the bigram. We score it with `preset="paper"` (case folded, punctuation removed) and `max_order=2`: a
# two-word candidate has no trigrams, and the paper quotes the first two orders only.

# %%
refs = list(examples.EXAMPLE_1_REFERENCES)
ex3 = bx.explain(examples.EXAMPLE_3_CANDIDATE, refs, preset="paper", max_order=2)
ex3

# %% [markdown]
# The paper (Papineni et al. 2002, §2.2) states this candidate's modified unigram and bigram precisions.
# Beside them, what we compute:

# %%
beside_stated({"Example 3": ex3})

# %% [markdown]
# Every precision is 1, so the geometric mean of the precisions is 1 too. Without anything else, "of
# the" would get a perfect BLEU. The weighted logs in the last column are all 0:

# %%
ex3.precision_table().round(4)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. The penalty: BP = exp(1 − r/c)
#
# The paper's answer (§2.2.2) is a multiplicative *brevity penalty*. With c the candidate's length and r
# the reference length,
#
# - BP = 1 if c > r (the candidate is longer than the reference),
# - BP = exp(1 − r/c) if c ≤ r,
#
# and BLEU = BP · exp(Σₙ wₙ log pₙ): the geometric mean of the precisions, times the penalty.
#
# A candidate longer than the reference is not penalised here: its extra words already lower its
# precision.
#
# ### Build it yourself: the brevity penalty
#
# The rule is one line of Python. c is the number of words of "of the"; r is the reference length closest to
# c (section 4 says which one the tools take when two are equally close). Punctuation stays attached to its
# word here, so `split()` counts the words as `preset="paper"` does for these sentences.

# %%
def brevity_penalty(c: int, r: int) -> float:
    """BP: 1 if the candidate is longer than the reference length r, exp(1 - r/c) if not."""
    return 1.0 if c > r else math.exp(1 - r / c)


c = len(examples.EXAMPLE_3_CANDIDATE.split())
reference_lengths = [len(ref.split()) for ref in refs]
r = min(reference_lengths, key=lambda length: abs(length - c))  # the closest reference length
mine = (c, reference_lengths, r, brevity_penalty(c, r))
mine

# %% [markdown]
# The engine's c, reference lengths, r and BP for the same candidate:

# %%
engine = (ex3.hyp_len, list(ex3.stats.ref_lens), ex3.ref_len, ex3.brevity_penalty)
assert mine == engine
print("mine:  ", mine)
print("engine:", engine)

# %% [markdown]
# The engine's length table shows the same: c, the length of each reference, and the r chosen.

# %%
ex3.length_table()

# %% [markdown]
# The steps, in words. The precisions give exp(0) = 1; the penalty exp(1 − 16/2) = e⁻⁷ is all that is left:

# %%
print(ex3.explain_text())

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. The curve
#
# Here is BP for every candidate length c against r = 16, with "of the" marked. It is 1 from c = r on,
# falls slowly at first and then fast: at half the length it is exp(1 − 2) = e⁻¹, and a two-word candidate
# keeps less than a thousandth of its score (the table below has the values).
#
# Why an exponential, and why this one? The paper does not say; the LING83600 course notes on BLEU (§5)
# list it among the details of BLEU that are "not sufficiently motivated".

# %%
plots.plot_brevity_penalty(ex3)

# %% [markdown]
# ### Perfect precision, shrinking penalty
#
# Take the first c words of reference 1 as the candidate. Every n-gram of such a prefix is in reference 1,
# so p₁ = p₂ = 1 whatever c is: only the brevity penalty separates the two-word prefix from the full sentence.

# %%
rows = []
for c in [2, 4, 8, 12, 15, 16]:
    prefix = bx.explain(" ".join(refs[0].split()[:c]), refs, preset="paper", max_order=2)
    rows.append({"candidate": prefix.candidate, "c": prefix.hyp_len, "r": prefix.ref_len, "p1": prefix.fraction(1),
                 "p2": prefix.fraction(2), "brevity penalty": prefix.brevity_penalty, "BLEU": prefix.bleu})
pd.DataFrame(rows).round(4)

# %% [markdown]
# *Change it and see:* change `c` and run the cell again. Where is the marker when c = 16? When c = 1?

# %%
c = 6  # try 1, 4, 10, 15 or 16
prefix = bx.explain(" ".join(refs[0].split()[:c]), refs, preset="paper", max_order=2)
plots.plot_brevity_penalty(prefix, label=f"the first {c} words of reference 1")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Which reference length? The best match
#
# With several references of different lengths, which one is r? The paper (§2.2.2) wants a candidate that
# is as long as *any* of the references to go unpunished: "if there are three references with lengths 12,
# 15, and 17 words and the candidate translation is a terse 12 words, we want the brevity penalty to be 1".
# It calls the reference length closest to the candidate's the **best match length**. It does not say what
# happens when two reference lengths are equally close; the tools decide that, each in its own way (below).
#
# ### Build it yourself: the best match length
#
# `min` with a key that sorts by the distance to c first and by the length second finds the closest length
# and, of two equally close, takes the shorter, as most tools do (more on ties below). Three cases from this
# section: a 12-word candidate against references of 12, 15 and 17 words; a 14-word candidate against 12 and
# 16 words (two words away from both: a tie); and the 14-word candidate against 12, 15 and 17.

# %%
def best_match_length(c: int, reference_lengths: list[int]) -> int:
    """The reference length closest to c; of two equally close, the shorter (the tools' rule, not the paper's)."""
    return min(reference_lengths, key=lambda length: (abs(length - c), length))


cand_12, cand_14 = examples.BEST_MATCH_CANDIDATE, examples.TIE_CANDIDATE
refs_lengths = list(examples.BEST_MATCH_REFERENCES)
cases = {"12 words, best match": (cand_12, refs_lengths), "14 words, a tie": (cand_14, [refs_lengths[0], refs[0]]),
         "14 words, no tie": (cand_14, refs_lengths)}
mine = {}
for case, (candidate, references) in cases.items():
    c = len(candidate.split())
    r = best_match_length(c, [len(ref.split()) for ref in references])
    mine[case] = (c, r, brevity_penalty(c, r))
mine

# %% [markdown]
# The engine's (c, r, BP) for the same three cases:

# %%
engine = {}
for case, (candidate, references) in cases.items():
    result = bx.explain(candidate, references, preset="paper")
    engine[case] = (result.hyp_len, result.ref_len, result.brevity_penalty)
assert mine == engine
for case in cases:
    print(f"{case:22}  mine: {mine[case]}  engine: {engine[case]}")

# %% [markdown]
# The engine's length tables show each case in full. The first, three references of 12, 15 and 17 words and
# a 12-word candidate:

# %%
best = bx.explain(cand_12, refs_lengths, preset="paper")
best.length_table()

# %% [markdown]
# The paper's wish (read from `bleu_explain.data.published_examples`) beside what we compute, and, for
# contrast, the penalty the same candidate would get if r were the longest reference (17 words) alone:

# %%
longest = bx.explain(cand_12, refs_lengths[2:], preset="paper")
pd.DataFrame({PAPINENI_BEST_MATCH_BP.source: [PAPINENI_BEST_MATCH_BP.value, "(not stated)"],
              "bleu_explain": [best.brevity_penalty, longest.brevity_penalty]},
             index=["BP with the best match length", "BP if r were the longest reference"]).round(4)

# %% [markdown]
# ### Ties: the tools' rule, not the paper's
#
# A 14-word candidate with references of 12 and 16 words is two words away from both. The paper gives no
# rule for this. sacreBLEU, NLTK, mteval-v13a.pl and multi-bleu.perl take the **shorter** reference, and so
# does `preset="paper"`; with r = 12 there is no penalty:

# %%
tie = bx.explain(cand_14, [refs_lengths[0], refs[0]], preset="paper")
tie.length_table()

# %% [markdown]
# Not every tool agrees. List the 16-word reference first and ask each preset which length it takes
# (the 13a tokenizer counts each full stop as a token, so three presets see 15, 17 and 13 tokens: still a
# tie). torchmetrics takes the closest reference listed *first*; Hugging Face evaluate always takes the
# *shortest* (the column `rule`):

# %%
presets = ["paper", "sacrebleu", "nltk", "mteval-13a", "multi-bleu", "torchmetrics", "hf-evaluate"]
tables = {p: bx.explain(cand_14, [refs[0], refs_lengths[0]], preset=p).length_table() for p in presets}
pd.concat(tables).droplevel(1).round(4)

# %% [markdown]
# ### mteval's "shortest" option
#
# NIST's `mteval-v13a.pl` uses the closest length by default and offers `--brevity-penalty shortest`,
# which always takes the shortest reference (`ref_length="shortest"` here; it is Hugging Face evaluate's
# only rule). The shortest reference is never longer than the closest one, so this rule can only be more
# lenient. The 14-word candidate against the 12-, 15- and 17-word references:

# %%
rules = ["closest", "shortest"]
tables = {rule: bx.explain(cand_14, refs_lengths, preset="paper", ref_length=rule).length_table() for rule in rules}
pd.concat(tables).droplevel(1).round(4)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. One penalty for the corpus, not one per sentence
#
# The last paragraph of the paper's §2.2.2: "[I]f we computed the brevity penalty sentence by sentence and
# averaged the penalties, then length deviations on short sentences would be punished harshly. Instead, we
# compute the brevity penalty over the entire corpus to allow some freedom at the sentence level." The
# corpus's r is the sum of each sentence's best match length, and c is the total candidate length.
#
# A small corpus of five sentences: three long ones that run a word over or match, and two short ones
# that fall one or two words short.

# %%
cands, crefs = zip(*examples.SHORT_AND_LONG_CORPUS)
small = bx.explain_corpus(list(cands), [[r] for r in crefs], preset="paper")
segments = [small.segment(i) for i in range(len(small))]
pd.DataFrame([{"candidate": s.candidate, "c": s.hyp_len, "r": s.ref_len, "BP alone": s.brevity_penalty}
              for s in segments]).round(4)

# %% [markdown]
# "Thank you." for "Thank you very much." is two words short of four; on its own that costs it most of its
# score. Over the corpus the missing words are balanced by the extra words elsewhere.
#
# ### Build it yourself: one penalty for the corpus
#
# Sum c and r over the sentences and compute BP once, as the paper does; for contrast, average the five
# sentence penalties. Each sentence has one reference here, so its r is that reference's length.

# %%
lengths = [(len(cand.split()), len(ref.split())) for cand, ref in examples.SHORT_AND_LONG_CORPUS]  # (c, r)
total_c = sum(c for c, r in lengths)
total_r = sum(r for c, r in lengths)
corpus_bp = brevity_penalty(total_c, total_r)
mean_sentence_bp = sum(brevity_penalty(c, r) for c, r in lengths) / len(lengths)
total_c, total_r, corpus_bp, mean_sentence_bp

# %% [markdown]
# The engine sums the same lengths for the corpus (`small.hyp_len`, `small.ref_len`); beside its corpus
# penalty, the mean of the penalties its segments get alone, and yours:

# %%
engine_bp = [small.brevity_penalty, sum(s.brevity_penalty for s in segments) / len(segments)]
assert (total_c, total_r) == (small.hyp_len, small.ref_len) and [corpus_bp, mean_sentence_bp] == engine_bp
pd.DataFrame({"engine": engine_bp, "mine": [corpus_bp, mean_sentence_bp]},
             index=[f"corpus: c = {small.hyp_len}, r = {small.ref_len}", "mean of the sentence penalties"]).round(4)

# %% [markdown]
# On the curve, the corpus is one point just left of c = r:

# %%
plots.plot_brevity_penalty(small, label="the five-sentence corpus")

# %% [markdown]
# This is why BLEU is a *corpus* metric: the counts and the lengths are summed first and combined once.
# Notebook 05 shows what happens to the rest of BLEU, not only BP, when it is computed sentence by sentence.
#
# *Notebook as app:* the explorer below starts on Example 3 with the brevity-penalty plot. Type another
# candidate, or add a reference, and watch c, r and BP change. (The cells above show every number without it.)

# %%
from bleu_explain.display.widgets import BleuExplorer

explorer = BleuExplorer(examples.EXAMPLE_3_CANDIDATE, refs, preset="paper", plot="brevity penalty")
explorer.set_options(max_order=2)
explorer

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("04_brevity_penalty")

# %% [markdown]
# **Exercise 1.** A candidate of 10 words has three references of 7, 12 and 16 words. Which r does the
# paper's best match rule choose, and what is BP? Give the pair `(r, BP)`, BP to at least two decimals.

# %%
answer = (None, None)  # replace with (r, BP)
check("04_brevity_penalty", "best_match", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("04_brevity_penalty", "best_match")

# %% [markdown]
# **Exercise 2.** Against a single reference of 20 words, what is the shortest candidate (a whole number
# of words) whose brevity penalty is at least 0.5? You can check a guess with `bx.explain` on a candidate of
# that many words, or solve exp(1 − r/c) ≥ 0.5 by hand.

# %%
shortest_c = None  # replace with a whole number of words
check("04_brevity_penalty", "half_penalty", shortest_c)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("04_brevity_penalty", "half_penalty")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - Precision cannot see what a candidate leaves out ("of the" has perfect precisions), so BLEU multiplies by BP = exp(1 − r/c) for c ≤ r, with r the paper's best match length: the closest reference length.
# - The paper names no rule for two equally close lengths: most tools take the shorter, torchmetrics the first listed, Hugging Face evaluate always the shortest reference.
# - The paper sums c and r over the corpus before computing BP, so a short sentence is not punished as harshly as averaging the sentence penalties would.
#
# Next: [05 · Smoothing and sentence BLEU](05_smoothing_and_sentence_bleu.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
