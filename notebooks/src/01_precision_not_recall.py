# %% [markdown]
# # 01 · Precision, not recall
#
# ## Learning goals
# - Compute the plain precision of a candidate translation against several references, and see how a silly candidate fools it.
# - Compute the paper's *modified* precision for its Example 2 (2/7 instead of 7/7), and see why folding case matters.
# - Explain why BLEU does not use recall when there are several references (the paper's Example 4).
#
# BLEU scores a *candidate* translation (a machine's output) by comparing it with one or more *reference*
# translations written by people. Its first ingredient is an old friend: **precision**.
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %%
import bleu_explain as bx
from bleu_explain.course.lessons import precision as lp

# %% [markdown]
# ## 1. Plain precision
#
# Plain (unclipped) unigram precision asks: of the candidate's words, how many occur in some reference?
#
# > precision = (candidate words found in some reference) / (candidate words)
#
# The paper (Papineni et al. 2002, §2.1) shows how badly this goes with its Example 2: a candidate that
# just repeats the most common English word. We score it with `preset="paper"`, which does what the paper
# does before counting: fold case and drop punctuation. `max_order=1` keeps us to single words for now.

# %%
refs_2 = ["The cat is on the mat.", "There is a cat on the mat."]
ex2 = bx.explain("the the the the the the the.", refs_2, preset="paper", max_order=1)
ex2.candidate_tokens, ex2.reference_tokens

# %% [markdown]
# Every one of the seven "the" occurs in a reference, so plain precision is perfect. A useless
# translation scores 7/7. The column `plain` counts every word found in a reference; `modified` is BLEU's
# answer, explained next.

# %%
lp.precision_comparison(ex2).round(4)

# %% [markdown]
# ## 2. Modified precision: a reference word is used up once it is matched
#
# The paper's fix (§2.1): *"a reference word should be considered exhausted after a matching candidate word
# is identified."* Each candidate word is credited at most as many times as it occurs in the **one**
# reference that uses it most (its *max-ref count*). Reference 1 has "the" twice, reference 2 once, so at
# most 2 of the 7 are credited.

# %%
ex2.ngram_table(1)

# %% [markdown]
# The paper (Papineni et al. 2002, §2.1) states a modified unigram precision of 2/7 for Example 2, "even
# though its standard unigram precision is 7/7". Here is what the paper states beside what we compute:

# %%
lp.beside_paper({"Example 2": ex2}, {"Example 2": ["2/7"]})

# %% [markdown]
# The highlighting shows it word by word: the first two "the" are credited (coloured), the other five are
# struck through as *clipped away*. Hover over a token in JupyterLab to see its counts. (The BLEU line on
# top is just p₁ here: with one order and no brevity penalty there is nothing else to combine.)

# %%
ex2

# %% [markdown]
# ### Case matters
#
# Reference 1 starts with "The". The paper folds case before counting (§2.3), and the course notes
# (seed 000, footnote 1) list case folding and removing punctuation as the standard preprocessing. Keep case, and "The" is no longer a "the": the max-ref count drops to 1.

# %%
ex2_cased = bx.explain("the the the the the the the.", refs_2, preset="paper", lowercase=False, max_order=1)
lp.fraction(ex2_cased), lp.fraction(ex2)

# %%
ex2_cased.ngram_table(1)

# %% [markdown]
# So the same candidate gets 1/7 case-sensitively and 2/7 case-folded. sacreBLEU, the tool most papers
# report today, keeps case by default: always say which one you used.
#
# **Tweak, twiddle and frob.** Change the candidate below (try `"the cat the the mat."` or
# `"The THE the"`), or set `lowercase=False`, and rerun. Which words get clipped?

# %%
mine = bx.explain("the cat the the mat.", refs_2, preset="paper", max_order=1)
lp.precision_comparison(mine).round(4)

# %% [markdown]
# ## 3. Why not recall?
#
# Precision is usually paired with **recall**: of the reference's words, how many does the candidate
# supply? Recall would punish a candidate that leaves words out. But BLEU has *several* references, and
# translators choose different words for the same thing. A good translation uses one of the choices, not
# all of them. The paper's Example 4 (§2.2.1):

# %%
refs_4 = ["I always do.", "I invariably do.", "I perpetually do."]
bad = "I always invariably perpetually do."
good = "I always do."

# %% [markdown]
# We measure recall with the same engine by swapping the roles: a reference's words are scored against the
# candidate, each candidate word used at most once. The table has one row per reference, one for all
# reference words together, and one for the *set* of distinct reference words (the paper's "recall computed
# over the set of all reference words").

# %%
lp.recall_table(bad, refs_4).round(4)

# %%
lp.recall_table(good, refs_4).round(4)

# %% [markdown]
# However recall is pooled, the bad candidate "recalls" more. The paper: *"The first candidate recalls more
# words from the references, but is obviously a poorer translation than the second candidate."*
#
# Now put recall beside precision and BLEU. Both candidates have perfect unigram precision (every word is in
# some reference), so single words cannot tell them apart. Pairs of words can: "always invariably" and
# "invariably perpetually" are in no reference. We let BLEU use orders 1 and 2 here (`max_order=2`): these
# sentences are too short for 4-grams without smoothing, which is the topic of notebook 05.

# %%
table = lp.recall_vs_bleu({"candidate 1 (all synonyms)": bad, "candidate 2": good}, refs_4, max_order=2)
table.round(4)

# %% [markdown]
# sacreBLEU's defaults (all four orders, with smoothing) agree on the ranking:

# %%
{text: round(bx.explain(text, refs_4).score, 2) for text in (bad, good)}

# %% [markdown]
# Recall goes up, BLEU goes down. The highlighting shows why: both synonym bigrams are unmatched.

# %%
bx.explain(bad, refs_4, preset="paper", max_order=2)

# %% [markdown]
# BLEU still needs *something* that punishes candidates which are too short (recall's usual job).
# Instead of recall it uses a brevity penalty: notebook 04.
#
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.exercises import check, exercises_for

exercises_for("01_precision_not_recall")

# %% [markdown]
# **Exercise 1.** The candidate is `"the cat the cat sat on the mat"`, the references are `refs_2`, and the
# preset is `"paper"`. Work out by hand its plain and its modified unigram precision, and give them as a pair
# of fractions.

# %%
answer = (None, None)  # replace each None with a fraction such as "3/8"
check("01_precision_not_recall", "plain_and_modified", answer)

# %% [markdown]
# **Exercise 2.** Invent a candidate of your own that recalls every word of `refs_4` yet scores below
# `"I always do."` with `preset="paper", max_order=2`.

# %%
my_candidate = "I always do."  # replace with your own sentence
check("01_precision_not_recall", "recall_trap", my_candidate)

# %% [markdown]
# ## Summary
#
# - Plain precision credits a repeated word every time; modified precision clips it at its count in the one reference that uses it most (Example 2: 7/7 plain, 2/7 modified, 1/7 if case is kept).
# - Recall over several references rewards piling up synonyms (Example 4), so BLEU uses modified precision over several n-gram orders plus a brevity penalty instead.
#
# Next: [02 · Modified precision](02_modified_precision.ipynb)
