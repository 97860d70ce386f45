# %% [markdown]
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

# %%
import pandas as pd

import bleu_explain as bx
from bleu_explain.display import plots
from bleu_explain.course.lessons import brevity as lb

# %% [markdown]
# ## 1. Example 3: a two-word candidate with perfect precision
#
# The paper (Papineni et al. 2002, §2.2) takes the three references of its Example 1 and a short, absurd
# candidate: **of the**. Both words are in reference 2 ("the command **of the** Party"), and so is
# the bigram. We score it with `preset="paper"` (case folded, punctuation removed) and `max_order=2`: a
# two-word candidate has no trigrams, and the paper quotes the first two orders only.

# %%
refs = list(lb.EXAMPLE_1_REFERENCES)
ex3 = bx.explain("of the", refs, preset="paper", max_order=2)
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

# %% [markdown]
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
# precision. The length table shows c, the length of each reference, and the r chosen:

# %%
ex3.length_table()

# %% [markdown]
# The steps, in words. The precisions give exp(0) = 1; the penalty exp(1 − 16/2) = e⁻⁷ is all that is left:

# %%
print(ex3.explain_text())

# %% [markdown]
# ## 3. The curve
#
# Here is BP for every candidate length c against r = 16, with "of the" marked. It is 1 from c = r on,
# falls slowly at first (a candidate one word short of 16 keeps 94% of its score) and then fast: at half
# the length it is e⁻¹ ≈ 0.37, and a two-word candidate keeps less than a thousandth.
#
# Why an exponential, and why this one? The paper does not say; the course notes (seed 000, §5) list it
# among the details of BLEU that are "not sufficiently motivated".

# %%
plots.plot_brevity_penalty(ex3)

# %% [markdown]
# ### Perfect precision, shrinking penalty
#
# Take the first c words of reference 1 as the candidate. Every n-gram of such a prefix is in reference 1,
# so p₁ = p₂ = 1 whatever c is: only the brevity penalty separates the two-word prefix from the full sentence.

# %%
lb.prefix_sweep(refs, [2, 4, 8, 12, 15, 16], preset="paper", max_order=2).round(4)

# %% [markdown]
# *Tweak, twiddle and frob:* change `c` and run the cell again. Where is the marker when c = 16? When c = 1?

# %%
c = 6  # try 1, 4, 10, 15 or 16
prefix = bx.explain(" ".join(refs[0].split()[:c]), refs, preset="paper", max_order=2)
plots.plot_brevity_penalty(prefix, label=f"the first {c} words of reference 1")

# %% [markdown]
# ## 4. Which reference length? The best match
#
# With several references of different lengths, which one is r? The paper (§2.2.2) wants a candidate that
# is as long as *any* of the references to go unpunished: "if there are three references with lengths 12,
# 15, and 17 words and the candidate translation is a terse 12 words, we want the brevity penalty to be 1". It calls the
# reference length closest to the candidate's the **best match length**. Here are three references of
# 12, 15 and 17 words and a 12-word candidate:

# %%
cand_12 = "The guide of the party ensures that the army always obeys commands."
refs_lengths = ["It is a guide to action that ensures the army obeys commands.",
                "It is a guide to action which ensures that the military always obeys the party.",
                "It is the guiding principle which guarantees the military forces always obey the command of the Party."]
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
cand_14 = "It is a guide to action which ensures the military always obeys the party."
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
lb.length_rule_table(cand_14, refs_lengths).round(4)

# %% [markdown]
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
cands, crefs = zip(*lb.SHORT_AND_LONG_CORPUS)
small = bx.explain_corpus(list(cands), [[r] for r in crefs], preset="paper")
lb.bp_by_segment(small).round(4)

# %% [markdown]
# "Thank you." for "Thank you very much." is two words short; on its own that costs it 63% of its score.
# Over the corpus the two missing words are balanced by the extra words elsewhere:

# %%
lb.corpus_vs_mean_bp(small).round(4)

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

explorer = BleuExplorer("of the", refs, preset="paper", plot="brevity penalty")
explorer.set_options(max_order=2)
explorer

# %% [markdown]
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.exercises import check, exercises_for

exercises_for("04_brevity_penalty")

# %% [markdown]
# **Exercise 1.** A candidate of 14 words has three references of 12, 15 and 17 words. Which r does the
# paper's best match rule choose, and what is BP? Give the pair `(r, BP)`, BP to at least two decimals.

# %%
answer = (None, None)  # replace with (r, BP)
check("04_brevity_penalty", "best_match", answer)

# %% [markdown]
# **Exercise 2.** Against a single reference of 20 words, what is the shortest candidate (a whole number
# of words) whose brevity penalty is at least 0.5? You can check a guess with `bx.explain` on a candidate of
# that many words, or solve exp(1 − r/c) ≥ 0.5 by hand.

# %%
shortest_c = None  # replace with a whole number of words
check("04_brevity_penalty", "half_penalty", shortest_c)

# %% [markdown]
# ## Summary
#
# - Precision cannot see what a candidate leaves out ("of the": p₁ = 2/2, p₂ = 1/1), so BLEU multiplies by BP = exp(1 − r/c) for c ≤ r, with r the best match length (ties to the shorter reference).
# - The paper sums c and r over the corpus before computing BP, so a short sentence is not punished as harshly as averaging sentence penalties would (here 0.97 for the corpus against 0.82 on average).
#
# Next: [05 · Smoothing and sentence BLEU](05_smoothing_and_sentence_bleu.ipynb)
