# %% [markdown] slideshow={"slide_type": "slide"}
# # 03 · Combining orders
#
# ## Learning goals
# - Combine the modified precisions of orders 1 to 4 with a geometric mean, computed as a weighted sum of logs: write it yourself, then read the engine's terms.
# - See that modified precision falls as the n-gram order grows, for single candidates and for five translations of a corpus.
# - Compare the geometric with the arithmetic mean, and see how the max order and the weights change the score.
#
# Notebook 02 gave us one modified precision p_n per n-gram order. Unigram precision rewards the right
# words (adequacy); longer n-grams reward the right word order (fluency), as the paper puts it (Papineni
# et al. 2002, §2.1). BLEU needs one number, so it has to combine them.

# %% slideshow={"slide_type": "skip"}
import math

import pandas as pd

import bleu_explain as bx
from bleu_explain.data import examples
from bleu_explain.display import plots

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. The geometric mean, in log space
#
# BLEU multiplies the precisions and takes the N-th root: a geometric mean. Products of small numbers are
# awkward, so it works in log space, where the product becomes a weighted sum:
#
# > BLEU = BP · exp(w₁ log p₁ + w₂ log p₂ + … + w_N log p_N), with uniform weights w_n = 1/N
#
# (BP is the brevity penalty of notebook 04.) Take the paper's Example 1 again, with all four orders. The
# engine's counts per order (notebook 02 built them), and the candidate's length beside the reference
# length that BP uses:

# %%
refs_1 = list(examples.EXAMPLE_1_REFERENCES)
cand_1, cand_2 = examples.EXAMPLE_1_CANDIDATE_1, examples.EXAMPLE_1_CANDIDATE_2
c1 = bx.explain(cand_1, refs_1, preset="paper")
c1.matches, c1.totals, (c1.hyp_len, c1.ref_len)

# %% [markdown]
# ### Build it yourself: the combination
#
# From these counts alone: the precisions p_n, uniform weights, the brevity penalty (1 if the candidate is
# longer than the reference length, else exp(1 − r/c)), then BLEU twice, as the weighted sum of logs and as
# the N-th root of the product, and, for section 3, the arithmetic mean of the same precisions.

# %%
precisions = [m / t for m, t in zip(c1.matches, c1.totals)]  # p_1 ... p_4
weights = [1 / len(precisions)] * len(precisions)  # uniform: w_n = 1/N
c, r = c1.hyp_len, c1.ref_len  # candidate length, reference length
brevity_penalty = 1.0 if c > r else math.exp(1 - r / c)

weighted_logs = [w * math.log(p) for w, p in zip(weights, precisions)]
bleu_log_space = brevity_penalty * math.exp(sum(weighted_logs))
bleu_product = brevity_penalty * math.prod(precisions) ** (1 / len(precisions))
arithmetic_mean = sum(w * p for w, p in zip(weights, precisions))
weighted_logs, bleu_log_space, bleu_product, arithmetic_mean

# %% [markdown]
# Both forms give the engine's BLEU for the same candidate, and the arithmetic mean is the one the engine
# keeps beside its geometric mean:

# %%
assert math.isclose(bleu_log_space, c1.bleu) and math.isclose(bleu_product, c1.bleu)
assert math.isclose(arithmetic_mean, c1.breakdown.arithmetic_mean)
print(f"mine:   BLEU {bleu_log_space!r} (log space) {bleu_product!r} (product)")
print(f"engine: BLEU {c1.bleu!r}")
print(f"mine:   arithmetic mean {arithmetic_mean!r}")
print(f"engine: arithmetic mean {c1.breakdown.arithmetic_mean!r}")

# %% [markdown]
# `precision_table()` shows every term of the engine's sum, one row per order:

# %%
table = c1.precision_table()
table.round(4)

# %% [markdown]
# The `weighted_log` column is w_n · log p_n (your `weighted_logs`). Add it up and exponentiate: that is the
# geometric mean, and with BP = 1 for this candidate it is BLEU itself.

# %%
math.exp(table["weighted_log"].sum()), c1.brevity_penalty, c1.bleu

# %% [markdown]
# The same sum as a picture: each order's term pulls the log down; log BP adds its own (here 0); what is
# left is log BLEU.

# %%
plots.plot_log_combination(c1, label="Example 1, candidate 1")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Precision falls as n grows
#
# Longer n-grams are rarer, so fewer of them match. Candidate 1 goes from 17/18 for single words to 4/15
# for 4-grams; the hatched bars count every n-gram found in a reference, the solid ones the clipped matches.

# %%
plots.plot_precisions(c1, label="Example 1, candidate 1")

# %% [markdown]
# The paper's Figures 1 and 2 (§2.1.2) show this decay on a real test set, "roughly exponentially" with n as
# §2.1.3 puts it, and in Figure 2 every order ranks the five "systems" the same way (two human translators H1,
# H2 and three machine translation systems S1–S3). The course's teaching corpus copies that set-up:
# invented Chinese news sentences with several references each, and the same five kinds of translation. It
# was written for teaching, so it shows the paper's pattern, not the paper's data.

# %%
corpus = bx.load_corpus()
systems = bx.explain_systems(corpus.systems, corpus.references, preset="paper")
print(corpus)
plots.plot_precision_by_order(systems, title="the teaching corpus")

# %% [markdown]
# Each system's precisions, their two means (the geometric one is BLEU before the brevity penalty; the
# arithmetic one is next section's), its brevity penalty and BLEU, read off the engine's breakdown:

# %%
def means(results: dict) -> pd.DataFrame:
    """Per result: its precisions, their arithmetic and geometric means, BP and BLEU (the engine's numbers)."""
    rows = {}
    for name, r in results.items():
        b = r.breakdown
        rows[name] = {**{f"p{n}": p for n, p in enumerate(b.precisions, 1)}, "arithmetic mean": b.arithmetic_mean,
                      "geometric mean": b.geometric_mean, "brevity penalty": r.brevity_penalty, "BLEU": r.bleu}
    return pd.DataFrame.from_dict(rows, orient="index")


means(systems).round(4)

# %% [markdown]
# Because p_n shrinks roughly by a constant factor from one order to the next, the *logs* shrink by
# roughly a constant step. The paper (§2.1.3) notes that a weighted linear average of the precisions gave
# encouraging results on its five systems too, but argues that a sensible average must take this
# exponential decay into account, and that the average of the logs (the geometric mean) does.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. The arithmetic mean: the alternative
#
# Why a geometric mean? The LING83600 course notes on BLEU (§5) list this as one of BLEU's insufficiently
# motivated details, and cite Doddington (2002, the NIST metric), who argued for the *arithmetic* mean of
# the precisions (your `arithmetic_mean` above). The left panel shows both means of candidate 1's precisions;
# the right one shows what happens if only p₄ changes: the geometric mean drops to 0 with it, the arithmetic
# mean does not.

# %%
plots.plot_means(c1, label="Example 1, candidate 1")

# %% [markdown]
# Candidate 2 has no matching trigram at all (p₃ = 0). The geometric mean is 0, and so is BLEU (the paper's
# footnote 5; notebook 05 is about smoothing this away). The arithmetic mean stays well above 0.

# %%
c2 = bx.explain(cand_2, refs_1, preset="paper")
means({"candidate 1": c1, "candidate 2": c2}).round(4)

# %% [markdown]
# The geometric mean is pulled towards the *smallest* precision: a candidate must do reasonably well at
# every order. The arithmetic mean is dominated by the *largest* one, p₁, so a bag of right words in the
# wrong order still scores well.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Max order and weights
#
# The paper uses N = 4 with uniform weights: §2.1.3 reports that a maximum order of 4 correlated best with
# monolingual human judgments, with 3 and 5 giving comparable results. The same candidate with max order 1
# to 4 (each row uses uniform weights 1/N):

# %%
rows = {}
for max_order in (1, 2, 3, 4):
    r = bx.explain(cand_1, refs_1, preset="paper", max_order=max_order)
    rows[max_order] = {f"p{n}": r.fraction(n) if n <= max_order else "" for n in range(1, 5)} | {
        "weights": ", ".join(f"{w:.4g}" for w in r.breakdown.weights), "BLEU": round(r.bleu, 4)}
pd.DataFrame.from_dict(rows, orient="index").rename_axis("max_order")

# %% [markdown]
# NLTK lets you pass the weights themselves: their number sets the max order, and NLTK does not rescale
# them to sum to 1. We use `preset="nltk"` with the paper's tokenization (`tokenize="paper",
# lowercase=True`), so that only the weights change between rows. "BLEU-1" to "BLEU-4", as captioning
# papers call them, are rows of this table.
#
# One more row is worth flagging. The BLEU function of the Dive into Deep Learning book (d2l.ai, in its
# sequence-to-sequence chapter) multiplies p_n^(1/2ⁿ): weights 1/2, 1/4, 1/8, 1/16, which favour the
# short n-grams and sum to less than 1. That is not the paper's uniform geometric mean, and its scores are
# not comparable with BLEU-4.

# %%
weightings = {
    "BLEU-1": (1.0,), "BLEU-2": (0.5, 0.5), "BLEU-3": (1 / 3, 1 / 3, 1 / 3), "BLEU-4": (0.25,) * 4,
    "d2l.ai weights 1/2^n": (1 / 2, 1 / 4, 1 / 8, 1 / 16),
}
rows = {}
for label, weights in weightings.items():
    r = bx.explain(cand_1, refs_1, preset="nltk", tokenize="paper", lowercase=True, weights=weights)
    rows[label] = {"weights": ", ".join(f"{w:.4g}" for w in weights), "sum of weights": math.fsum(weights),
                   "max order": r.config.max_order, "BLEU": round(r.bleu, 4)}
pd.DataFrame.from_dict(rows, orient="index")

# %% [markdown]
# **Change it and see.** Change the weights (try `(0.1, 0.2, 0.3, 0.4)`, or just two of them), or
# swap in `cand_2`, and rerun. Which terms of the sum move, and how much does BLEU move with them?

# %%
tweak = bx.explain(cand_1, refs_1, preset="nltk", tokenize="paper", lowercase=True, weights=(0.4, 0.3, 0.2, 0.1))
plots.plot_log_combination(tweak, label="Example 1, candidate 1, your weights")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("03_combining_orders")

# %% [markdown]
# **Exercise 1.** Candidate 2 (`cand_2`) with `preset="paper"` and `max_order=2`. You may look up p₁ and p₂
# with `precision_table()`, but combine them yourself: what is their geometric mean with uniform weights
# (BLEU before the brevity penalty)? Give a number with at least three decimals.

# %%
answer = None  # replace with a number such as 0.123
check("03_combining_orders", "geometric_mean", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("03_combining_orders", "geometric_mean")

# %% [markdown]
# **Exercise 2.** Back to the paper's Example 4 (notebook 01): its first candidate, "I always invariably
# perpetually do." (`examples.EXAMPLE_4_CANDIDATE_1`), against its three references
# (`examples.EXAMPLE_4_REFERENCES`), with `preset="paper"` (no smoothing). What is the largest `max_order`,
# from 1 to 4, that still gives a BLEU above 0? List its n-grams and reason it out before you try it.

# %%
answer = None  # replace with a whole number from 1 to 4
check("03_combining_orders", "largest_nonzero_order", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("03_combining_orders", "largest_nonzero_order")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - BLEU combines the modified precisions with a weighted geometric mean, a sum of w_n log p_n in log space; precision falls with n, so the geometric mean weighs every order's shortfall, and a single zero precision makes it 0.
# - The arithmetic mean (Doddington 2002), another max order, or other weights (NLTK's BLEU-1 to BLEU-3, d2l.ai's 1/2ⁿ) give different numbers: report the weights you used.
#
# Next: [04 · Brevity penalty](04_brevity_penalty.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
