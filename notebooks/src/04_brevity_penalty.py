# %% [markdown] slideshow={"slide_type": "slide"}
# # 04 · The brevity penalty
#
# ## Learning goals
# - See why modified precision alone rewards a candidate that is too short: the paper's Example 3, "of the",
#   has perfect precisions.
# - Compute the brevity penalty BP = exp(1 − r/c) and read it off its curve.
# - Choose the reference length r as the paper does (the *best match length*; a tie goes to the shorter
#   reference), and know mteval's "shortest" option.
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
from bleu_explain.course import ch04_brevity_penalty as ch04
from bleu_explain.data import examples
from bleu_explain.display import plots

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
# The paper (Papineni et al. 2002, §2.2) states a modified unigram precision of 2/2 and a modified bigram
# precision of 1/1 for this candidate. Beside it, what we compute:

# %%
pd.DataFrame({"the paper (§2.2)": ["2/2", "1/1"],
              "bleu_explain": [f"{m}/{t}" for m, t in zip(ex3.matches, ex3.totals)]},
             index=["modified unigram precision", "modified bigram precision"])

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
# falls slowly at first (a candidate one word short of 16 keeps 94% of its score) and then fast: at half
# the length it is e⁻¹ ≈ 0.37, and a two-word candidate keeps less than a thousandth.
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
ch04.prefix_sweep(refs, [2, 4, 8, 12, 15, 16], preset="paper", max_order=2).round(4)

# %% [markdown]
# *Tweak, twiddle and frob:* change `c` and run the cell again. Where is the marker when c = 16? When c = 1?

# %%
c = 6  # try 1, 4, 10, 15 or 16
prefix = bx.explain(" ".join(refs[0].split()[:c]), refs, preset="paper", max_order=2)
plots.plot_brevity_penalty(prefix, label=f"the first {c} words of reference 1")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Which reference length? The best match
#
# With several references of different lengths, which one is r? The paper (§2.2.2) wants a candidate that
# is as long as *any* of the references to go unpunished: "if there are three references with lengths 12,
# 15, and 17 words and the candidate translation is a terse 12 words, we want the brevity penalty to be 1". It calls the
# reference length closest to the candidate's the **best match length**. (When two reference lengths are
# equally close, the tools take the shorter; more on ties below.)
#
# ### Build it yourself: the best match length
#
# `min` with a key that sorts by the distance to c first and by the length second does both. Three cases
# from this section: a 12-word candidate against references of 12, 15 and 17 words; a 14-word candidate
# against 12 and 16 words (two words away from both: a tie); and the 14-word candidate against 12, 15 and 17.

# %%
def best_match_length(c: int, reference_lengths: list[int]) -> int:
    """The reference length closest to c; of two equally close, the shorter."""
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
# The paper's wish beside what we compute, and, for contrast, the penalty the same candidate would get if r
# were the longest reference (17 words) alone:

# %%
longest = bx.explain(cand_12, refs_lengths[2:], preset="paper")
pd.DataFrame({"the paper (§2.2.2)": [1.0, "(not stated)"],
              "bleu_explain": [best.brevity_penalty, longest.brevity_penalty]},
             index=["BP with the best match length", "BP if r were the longest reference"]).round(4)

# %% [markdown]
# ### Ties go to the shorter reference
#
# A 14-word candidate with references of 12 and 16 words is two words away from both. Every tool this
# course reproduces (sacreBLEU, NLTK, mteval-v13a.pl, multi-bleu.perl) breaks the tie towards the
# **shorter** reference, so r = 12 and there is no penalty:

# %%
tie = bx.explain(cand_14, [refs_lengths[0], refs[0]], preset="paper")
tie.length_table()

# %% [markdown]
# Had the tie gone the other way, the candidate would be measured against 16 words. We can see that penalty
# by giving it only the 16-word reference:

# %%
bx.explain(cand_14, [refs[0]], preset="paper").length_table().round(4)

# %% [markdown]
# ### mteval's "shortest" option
#
# NIST's `mteval-v13a.pl` uses the closest length by default and offers `--brevity-penalty shortest`,
# which always takes the shortest reference (`ref_length="shortest"` here). The shortest reference is never
# longer than the closest one, so this option can only be more lenient. The 14-word candidate against the
# 12-, 15- and 17-word references:

# %%
ch04.length_rule_table(cand_14, refs_lengths).round(4)

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
ch04.bp_by_segment(small).round(4)

# %% [markdown]
# "Thank you." for "Thank you very much." is two words short; on its own that costs it 63% of its score.
# Over the corpus the two missing words are balanced by the extra words elsewhere.
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
# The engine sums the same lengths; its table puts the corpus penalty beside the mean of the sentence
# penalties, and the column `mine` holds yours:

# %%
table = ch04.corpus_vs_mean_bp(small)
assert (total_c, total_r) == (small.hyp_len, small.ref_len)
assert [corpus_bp, mean_sentence_bp] == table["brevity_penalty"].tolist()
table.assign(mine=[corpus_bp, mean_sentence_bp]).round(4)

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
# **Exercise 1.** A candidate of 14 words has three references of 12, 15 and 17 words. Which r does the
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
# - Precision cannot see what a candidate leaves out ("of the": p₁ = 2/2, p₂ = 1/1), so BLEU multiplies by BP = exp(1 − r/c) for c ≤ r, with r the best match length (ties to the shorter reference).
# - The paper sums c and r over the corpus before computing BP, so a short sentence is not punished as harshly as averaging sentence penalties would (here 0.97 for the corpus against 0.82 on average).
#
# Next: [05 · Smoothing and sentence BLEU](05_smoothing_and_sentence_bleu.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
