# %% [markdown]
# # 09 · Is the difference real?
#
# ## Learning goals
# - Read a bootstrap confidence interval for a corpus BLEU score, as sacreBLEU prints it (`μ ± ci`).
# - Run sacreBLEU's two paired tests, paired bootstrap and approximate randomization, and read their p-values the right way round.
# - See that chance alone makes two equally good systems differ by a BLEU point or two on a small test set.
# - Relate these tests to the paper's own method: BLEU on 20 blocks and a paired t-test (its Table 2).
#
# A BLEU score is measured on one particular set of sentences. Another set of sentences of the same kind
# would give a somewhat different score. The BLEU paper puts the question about its two closest systems
# (Papineni et al. 2002, section 3; seed 004): *if we picked another set of 500 sentences, would we still
# judge S3 better than S2?* This notebook answers that question for the bundled teaching corpus (120
# segments, 4 references, systems S1 < S2 < S3 < H1 < H2).
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %%
from bleu_explain.analysis import blocks
from bleu_explain.display import plots
from bleu_explain.analysis import significance as sig
from bleu_explain.data.corpus import load_corpus
from bleu_explain.course.lessons import significance as ls

corpus = load_corpus()
refs = corpus.references
corpus

# %% [markdown]
# ## 1. How sure is one score? The bootstrap
#
# We cannot collect new test sets, but we can imitate doing so. The **bootstrap** draws 120 segments *with
# replacement* from our 120 (some twice, some not at all), scores this pseudo test set, and repeats. The
# spread of the resampled scores shows how much the score would move on other sentences. The middle 95% of
# them is the **95% confidence interval**.
#
# We use sacreBLEU's defaults exactly: 1,000 resamples and seed 12345, the same random numbers in the same
# order, so the numbers below are the ones `sacrebleu --confidence` prints for this data.

# %%
s3 = sig.bootstrap_ci(corpus.system("S3"), refs, progress=False)
s3

# %% [markdown]
# sacreBLEU prints this as *score (μ = mean ± half-width)*; the signature records the number of resamples
# and the seed, so that anyone can repeat it:

# %%
s3.format(), s3.signature

# %%
plots.plot_bootstrap(s3, label="S3 on 120 segments")

# %% [markdown]
# The same for all five translations. `ci` is sacreBLEU's `±`; `lower` and `upper` bound the middle 95%.

# %%
ls.ci_table(corpus.systems, refs).round(2)

# %% [markdown]
# ### More sentences, narrower intervals
#
# Here is S3's interval on the first 15, 30, 60 and all 120 segments. Each time the test set doubles, the
# interval shrinks, roughly by a factor of √2 (about 1.4).

# %%
ls.ci_by_size(corpus, "S3", [15, 30, 60, 120]).round(2)

# %% [markdown]
# Koehn (2004, "Statistical Significance Tests for Machine Translation Evaluation", EMNLP), who brought
# the bootstrap to MT evaluation, found its estimates **reliable from about 300 sentences** on. Our
# teaching corpus has 120, so treat every interval here as a demonstration, not as a measurement.

# %% [markdown]
# ## 2. Two systems: paired tests
#
# To compare two systems we could look at whether their intervals overlap, but that throws information
# away: both systems translated the *same* sentences, and some sentences are hard for everybody. A
# **paired** test always compares the two systems on the same sentences. sacreBLEU offers two:
#
# - **Paired bootstrap** (Koehn 2004), `--paired-bs`: draw the same resampled segments for both systems,
#   1,000 times. The p-value is the share of resamples whose difference, centred on its average, is larger
#   than the difference we observed.
# - **Approximate randomization** (Riezler and Maxwell 2005), `--paired-ar`: if the systems were equally
#   good, it would not matter which system produced which output. So swap the two outputs of each segment
#   with probability 1/2, 10,000 times, and count how often the shuffled pseudo-systems differ by more than
#   the real ones.
#
# In both, **p is the chance of a difference at least this large if the systems were equally good**. A
# small p (below 0.05, the usual level) says chance rarely does that: the difference is *significant*.
#
# First a far pair: S2 against the baseline S1, with sacreBLEU's defaults (1,000 resamples, 10,000 trials,
# seed 12345). Ten thousand trials are cheap here: each one only re-adds counts kept per segment.

# %%
far_bs = sig.paired_bootstrap(corpus.system("S1"), corpus.system("S2"), refs, progress=False)
far_ar = sig.paired_approximate_randomization(corpus.system("S1"), corpus.system("S2"), refs, progress=False)
print(far_bs.summary())
print(far_ar.summary())

# %% [markdown]
# Both histograms show what chance produces; the vertical line is the observed difference, far beyond all of it.
# No sample exceeds it, so p is the smallest value the test can give: 1/1,001 with 1,000 resamples,
# 1/10,001 with 10,000 trials. A p-value is never 0; report "p < 0.001", not "p = 0".

# %%
plots.plot_significance(far_bs, far_ar)

# %% [markdown]
# ## 3. A close pair: two systems that are equally good by design
#
# Now the opposite case. We build two systems from S3 and S2 by tossing a fair coin for every segment:
# heads, "mix A" gets S3's sentence and "mix B" gets S2's; tails, the other way round. Neither system is
# better by construction. Whatever difference we see is luck: which sentences happened to land where.

# %%
pair = ls.mixed_pair(corpus, "S3", "S2", seed=0)
close_bs, close_ar = ls.both_tests(pair["mix A"], pair["mix B"], refs)
ls.paired_table({"far: S2 vs S1": (far_bs, far_ar), "close: mix B vs mix A": (close_bs, close_ar)}).round(4)

# %% [markdown]
# The two mixes differ by more than a BLEU point, yet both tests say: chance easily produces a difference
# like this. In the histograms the observed difference sits inside the bulk of what chance produces.

# %%
plots.plot_significance(close_bs, close_ar)

# %% [markdown]
# The two tests give different p-values for the same data; they ask slightly different questions (resampled
# test sets against reshuffled outputs). Their verdicts agree, and that is what to report, with the test
# named.
#
# **Tweak, twiddle and frob.** Change the coin's `seed` below and rerun. How large does the difference
# between two equally good systems get?

# %%
mine = ls.mixed_pair(corpus, "S3", "S2", seed=7)
sig.paired_bootstrap(mine["mix A"], mine["mix B"], refs, progress=False).summary()

# %% [markdown]
# ### Twenty equally good pairs
#
# Twenty coins, twenty equally good pairs, each tested with the paired bootstrap:

# %%
twenty = ls.equal_pairs_table(corpus, "S3", "S2", range(20))
twenty.round(4)

# %%
{"largest |delta| (BLEU)": round(float(twenty["delta"].abs().max()), 2),
 "pairs called significant at 0.05": int(twenty["significant at 0.05"].sum()), "pairs": len(twenty)}

# %% [markdown]
# On 120 segments, equally good systems often differ by one or two BLEU points, sometimes by more, and
# about one pair in twenty is called significant anyway. That is what the 0.05 level means: it accepts being fooled by chance
# once in twenty tries. Test many systems and some "wins" are luck.
#
# Real test sets are larger, but the lesson holds: Mathur, Baldwin and Cohn (2020, "Tangled up in BLEU",
# ACL) found on WMT19 data that **a difference of 1–2 BLEU agrees with human judgment only about half the
# time**. Small BLEU differences need a significance test, and even then a human evaluation.

# %% [markdown]
# ## 4. The paper's method: blocks and a t-test
#
# Papineni et al. (2002, section 3) had no bootstrap. They cut their test corpus of about 500 sentences into
# **20 blocks of 25 sentences**, computed BLEU on each block, and compared neighbouring systems with a
# **paired t-test** over the 20 blocks. They report (Table 2) t = 6 (S2 vs S1), 3.4 (S3 vs S2), 24 (H1 vs
# S3) and 11 (H2 vs H1), and note that a paired t of 1.7 or more is significant at the 95% level.
#
# We do the same with the paper's preset (case folded, punctuation removed, no smoothing). Our 120
# sentences give 20 blocks of 6 sentences.

# %%
by_block = blocks.block_t_test({name: corpus.system(name) for name in ["S1", "S2", "S3", "H1", "H2"]},
                               refs, n_blocks=20, preset="paper", scale=1, progress=False)
by_block.table().astype(float).round(4)

# %%
plots.plot_blocks(by_block, title="bundled corpus, preset 'paper', 20 blocks of 6 sentences")

# %% [markdown]
# Blocks of only 6 sentences are small for unsmoothed BLEU: a block without a single matching 4-gram scores
# exactly 0. It happens to the weakest system:

# %%
(by_block.block_scores == 0).sum()

# %% [markdown]
# Now the three methods side by side, for the paper's four neighbouring pairs and our close pair. The
# paper's t values are quoted from its Table 2; everything else is computed here, all with the paper's
# preset (the paired tests with sacreBLEU's sample counts and seed).

# %%
everything = {**corpus.systems, **pair}
ls.methods_table(everything, refs, ls.PAPER_PAIRS + (("mix A", "mix B"),)).round(4)

# %% [markdown]
# How they relate. All three ask the same question: *how much would the difference move on other
# sentences?* The block method answers it with 20 fixed sub-test-sets and assumes that block scores vary
# like a normal distribution. The bootstrap builds 1,000 pseudo test sets of full size from the sentences
# themselves, with no such assumption. Approximate randomization does not resample at all: it asks whether
# the labels "system A" and "system B" matter. On every pair they agree: the four neighbours differ
# significantly (t far above 1.7, tiny p), the coin-made pair does not.
#
# Our t values are not the paper's and need not be: other sentences, other systems, and blocks of 6 rather
# than 25 sentences. What carries over is the finding: every neighbouring pair is separated.
#
# **Tweak, twiddle and frob.** Set `n_blocks=5` in the block cell above (blocks of 24 sentences, close to
# the paper's 25) and rerun it and the cells after it. What happens to the zero blocks and to t?

# %% [markdown]
# ## 5. Notebook as app: the significance explorer
#
# Pick a baseline and a system (the two mixes are in the list too), a test, the number of samples and the
# seed, then press **Run**. It starts with the close pair and the paired bootstrap, as in section 3. The
# explorer uses one sample count for both tests: set it to 10,000 for sacreBLEU's default number of
# randomization trials. (In the static handout the explorer shows its stored first state but does not run;
# every number it shows there is also computed in section 3.)

# %%
from bleu_explain.display.widgets import SignificanceExplorer

SignificanceExplorer(systems=everything, references=refs, baseline="mix A", system="mix B", test="bs")

# %% [markdown]
# ## Now you try
#
# For each exercise, give a dict `{"p_value": ..., "significant": ...}`: the paired bootstrap's p-value with
# sacreBLEU's defaults, and whether the difference is significant at the 0.05 level (`True` or `False`).
# The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.exercises import check, exercises_for

exercises_for("09_is_the_difference_real")

# %% [markdown]
# **Exercise 1. A big difference on few sentences.** On the first 10 segments only
# (`corpus.subset(range(10))`), H1 beats S3 by several BLEU points. Is that significant? Use S3 as the
# baseline and H1 as the system.

# %%
answer = {"p_value": None, "significant": True}  # replace with your p-value and verdict
check("09_is_the_difference_real", "few_sentences", answer)

# %% [markdown]
# **Exercise 2. Overlapping intervals.** `swapped` is S3 with every tenth sentence (segments 0, 10, 20, …)
# replaced by S2's. Their bootstrap intervals overlap, as the table shows. Is the difference significant by
# paired bootstrap? Use S3 as the baseline and `swapped` as the system.

# %%
swapped = ls.swap_segments(corpus.system("S3"), corpus.system("S2"), range(0, 120, 10))
ls.ci_table({"S3": corpus.system("S3"), "swapped": swapped}, refs).round(2)

# %%
answer = {"p_value": None, "significant": False}  # replace with your p-value and verdict
check("09_is_the_difference_real", "overlapping_intervals", answer)

# %% [markdown]
# ## Summary
#
# - A corpus BLEU score comes with an interval (bootstrap, sacreBLEU's `μ ± ci`), and a difference between two systems with a p-value (paired bootstrap or approximate randomization); a small p means the difference is unlikely to be luck.
# - On 120 sentences, chance alone makes equally good systems differ by a BLEU point or two; the paper's block t-test and both paired tests tell such luck from real differences. Report the test, its samples and seed, and do not trust a 1–2 point difference without one.
#
# Next: [10 · Corpus analysis](10_corpus_analysis.ipynb)
