# %% [markdown] slideshow={"slide_type": "slide"}
# # 10 · Is the difference real?
#
# ## Learning goals
# - Read a bootstrap confidence interval for a corpus BLEU score, as sacreBLEU prints it (`μ ± ci`).
# - Run sacreBLEU's two paired tests, paired bootstrap and approximate randomization, and read their p-values the right way round.
# - Build both paired tests from scratch out of the segment statistics, and check them against the package.
# - See that chance alone makes two equally good systems differ by a BLEU point or two on a small test set.
# - Relate these tests to the paper's own method: BLEU on 20 blocks and a paired t-test (its Table 2).
#
# A BLEU score is measured on one particular set of sentences. Another set of sentences of the same kind
# would give a somewhat different score. The BLEU paper puts the question about its two closest systems
# (Papineni et al. 2002, section 3): *if we picked another set of 500 sentences, would we still
# judge S3 better than S2?* This notebook answers that question for the bundled teaching corpus (120
# segments, 4 references, systems S1 < S2 < S3 < H1 < H2).
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
import bleu_explain as bx
from bleu_explain.analysis import blocks
from bleu_explain.analysis import significance as sig
from bleu_explain.course import ch10_is_the_difference_real as ch10
from bleu_explain.data.corpus import load_corpus
from bleu_explain.display import plots

corpus = load_corpus()
refs = corpus.references
corpus

# %% [markdown] slideshow={"slide_type": "slide"}
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
ch10.ci_table(corpus.systems, refs).round(2)

# %% [markdown]
# ### More sentences, narrower intervals
#
# Here is S3's interval on the first 15, 30, 60 and all 120 segments. Each time the test set doubles, the
# interval shrinks, roughly by a factor of √2 (about 1.4).

# %%
ch10.ci_by_size(corpus, "S3", [15, 30, 60, 120]).round(2)

# %% [markdown]
# Koehn (2004, "Statistical Significance Tests for Machine Translation Evaluation", EMNLP), who brought
# the bootstrap to MT evaluation, found its estimates **reliable from about 300 sentences** on. Our
# teaching corpus has 120, so treat every interval here as a demonstration, not as a measurement.

# %% [markdown] slideshow={"slide_type": "slide"}
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

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. A close pair: two systems that are equally good by design
#
# Now the opposite case. We build two systems from S3 and S2 by tossing a fair coin for every segment:
# heads, "mix A" gets S3's sentence and "mix B" gets S2's; tails, the other way round. Neither system is
# better by construction. Whatever difference we see is luck: which sentences happened to land where.

# %%
pair = ch10.mixed_pair(corpus, "S3", "S2", seed=0)
close_bs, close_ar = ch10.both_tests(pair["mix A"], pair["mix B"], refs)
ch10.paired_table({"far: S2 vs S1": (far_bs, far_ar), "close: mix B vs mix A": (close_bs, close_ar)}).round(4)

# %% [markdown]
# The two mixes differ by more than a BLEU point, yet both tests say: chance easily produces a difference
# like this. In the histograms the observed difference sits inside the bulk of what chance produces.

# %%
plots.plot_significance(close_bs, close_ar)

# %% [markdown]
# ### Build it yourself: a resample, scored by hand
#
# Both tests only ever re-add numbers the engine keeps for every segment, its *segment statistics*: the
# candidate's length, the length of the reference it is measured against, and for each order n the clipped
# matches and the number of candidate n-grams. Here are those of mix A's first segment:

# %%
stats_a = bx.explain_corpus(pair["mix A"], refs).segment_stats
stats_b = bx.explain_corpus(pair["mix B"], refs).segment_stats
stats_a[0]

# %% [markdown]
# A corpus score needs nothing but their sums: add up the statistics of the chosen segments (a segment chosen
# twice counts twice), divide matches by totals, take the geometric mean, multiply by the brevity penalty.
# sacreBLEU does it in percent (p_n = 100 · matches / totals), and so do we:

# %%
import math

def add_up(stats, segments):
    """The corpus statistics of the chosen segments: lengths, and matches and totals for orders 1 to 4."""
    hyp_len = sum(stats[i].hyp_len for i in segments)
    ref_len = sum(stats[i].ref_len for i in segments)
    matches = [sum(stats[i].matches[n] for i in segments) for n in range(4)]
    totals = [sum(stats[i].totals[n] for i in segments) for n in range(4)]
    return hyp_len, ref_len, matches, totals

def bleu_from_sums(hyp_len, ref_len, matches, totals):
    precisions = [100 * m / t for m, t in zip(matches, totals)]
    brevity_penalty = 1.0 if hyp_len >= ref_len else math.exp(1 - ref_len / hyp_len)
    return brevity_penalty * math.exp(sum(math.log(p) for p in precisions) / len(precisions))

# %% [markdown]
# On all segments this must be the score the paired tests reported for mix A and mix B, to the last bit:

# %%
everything = range(len(stats_a))
mine = (bleu_from_sums(*add_up(stats_a, everything)), bleu_from_sums(*add_up(stats_b, everything)))
assert mine == (close_bs.baseline_score, close_bs.system_score)
ch10.side_by_side({"mix A": (mine[0], close_bs.baseline_score), "mix B": (mine[1], close_bs.system_score)})

# %% [markdown]
# Now one resample: draw as many segment numbers as there are segments, with replacement, from Python's
# own random-number generator, and score both systems on the same draw.

# %%
import random

rng = random.Random(12345)
resample = [rng.randrange(len(stats_a)) for _ in stats_a]
score_a = bleu_from_sums(*add_up(stats_a, resample))
score_b = bleu_from_sums(*add_up(stats_b, resample))
print(f"{len(set(resample))} different segments drawn out of {len(stats_a)}; some of them more than once")
print(f"on this resample: mix A {score_a:.2f}, mix B {score_b:.2f}, difference {score_b - score_a:+.2f}")

# %% [markdown]
# The check: build the resampled test set as text (a segment drawn twice brings its candidate and its
# references twice) and let the engine score it from scratch. Same numbers, exactly:

# %%
engine_a = bx.explain_corpus([pair["mix A"][i] for i in resample], [refs[i] for i in resample]).score
engine_b = bx.explain_corpus([pair["mix B"][i] for i in resample], [refs[i] for i in resample]).score
assert (score_a, score_b) == (engine_a, engine_b)
ch10.side_by_side({"mix A on the resample": (score_a, engine_a), "mix B on the resample": (score_b, engine_b)})

# %% [markdown]
# ### Build it yourself: the paired bootstrap
#
# Repeat the draw 1,000 times. Koehn (2004) counts the resamples in which the other system wins: the
# difference *flips*. sacreBLEU's p-value asks a two-sided question instead: how often does the size of
# a resampled difference, centred on the average size, exceed the size of the observed one?

# %%
def paired_bootstrap_by_hand(stats_a, stats_b, n_samples=1000, seed=12345):
    rng = random.Random(seed)
    everything = range(len(stats_a))
    observed = bleu_from_sums(*add_up(stats_b, everything)) - bleu_from_sums(*add_up(stats_a, everything))
    deltas = []
    for _ in range(n_samples):
        resample = [rng.randrange(len(stats_a)) for _ in everything]
        deltas.append(bleu_from_sums(*add_up(stats_b, resample)) - bleu_from_sums(*add_up(stats_a, resample)))
    flips = sum(delta * observed < 0 for delta in deltas)  # resamples in which the other system wins
    mean_size = sum(abs(delta) for delta in deltas) / n_samples
    beyond = sum(abs(delta) - mean_size > abs(observed) for delta in deltas)  # sacreBLEU's statistic
    return {"delta": observed, "flips": flips, "p_value": (beyond + 1) / (n_samples + 1)}

by_hand_bs = paired_bootstrap_by_hand(stats_a, stats_b)

# %% [markdown]
# The check, beside `sig.paired_bootstrap` on the same pair (`close_bs` above). The observed difference is
# the same number. The p-values are not: sacreBLEU draws its resamples with numpy's generator, our cell with
# Python's, so the two tests see different resamples. What must agree is the verdict. On the far pair no
# resample comes near the observed difference in either version, so both p-values are the floor,
# 1 / (resamples + 1), exactly:

# %%
engine_flips = int((close_bs.signed_deltas * close_bs.observed_delta < 0).sum())
assert by_hand_bs["delta"] == close_bs.observed_delta
assert (by_hand_bs["p_value"] < 0.05) == close_bs.significant(0.05)
far_by_hand = paired_bootstrap_by_hand(corpus.explain("S1").segment_stats, corpus.explain("S2").segment_stats)
assert far_by_hand["p_value"] == far_bs.p_value == 1 / (far_bs.n_samples + 1)
ch10.side_by_side({"close pair: observed delta": (by_hand_bs["delta"], close_bs.observed_delta),
                   "close pair: resamples that flip": (by_hand_bs["flips"], engine_flips),
                   "close pair: p-value": (by_hand_bs["p_value"], close_bs.p_value),
                   "far pair: p-value": (far_by_hand["p_value"], far_bs.p_value)})

# %% [markdown]
# ### Build it yourself: approximate randomization
#
# If the two systems were equally good, it would not matter which one produced which output. So, 10,000
# times, swap each segment's statistics between the systems with probability 1/2, score the two
# pseudo-systems, and count the trials whose difference is larger than the real one.

# %%
def approximate_randomization_by_hand(stats_a, stats_b, n_trials=10000, seed=12345):
    rng = random.Random(seed)
    everything = range(len(stats_a))
    observed = abs(bleu_from_sums(*add_up(stats_b, everything)) - bleu_from_sums(*add_up(stats_a, everything)))
    beyond = 0
    for _ in range(n_trials):
        swapped = [rng.random() < 0.5 for _ in everything]
        pseudo_a = [b if swap else a for a, b, swap in zip(stats_a, stats_b, swapped)]
        pseudo_b = [a if swap else b for a, b, swap in zip(stats_a, stats_b, swapped)]
        shuffled = abs(bleu_from_sums(*add_up(pseudo_b, everything)) - bleu_from_sums(*add_up(pseudo_a, everything)))
        beyond += shuffled > observed
    return (beyond + 1) / (n_trials + 1)

by_hand_ar = approximate_randomization_by_hand(stats_a, stats_b)

# %% [markdown]
# The check. One trial can be checked exactly: swap the *texts* of the segments the coin picked and let the
# engine score the pseudo-system from scratch. The p-values again come from different random numbers, so
# they sit side by side and must give the same verdict:

# %%
rng = random.Random(12345)
swapped = [rng.random() < 0.5 for _ in stats_a]
pseudo_a_text = [b if swap else a for a, b, swap in zip(pair["mix A"], pair["mix B"], swapped)]
pseudo_a_stats = [b if swap else a for a, b, swap in zip(stats_a, stats_b, swapped)]
one_trial = (bleu_from_sums(*add_up(pseudo_a_stats, everything)), bx.explain_corpus(pseudo_a_text, refs).score)
assert one_trial[0] == one_trial[1]
assert (by_hand_ar < 0.05) == close_ar.significant(0.05)
ch10.side_by_side({"one trial: pseudo-system A": one_trial, "p-value": (by_hand_ar, close_ar.p_value)})

# %% [markdown]
# The two tests give different p-values for the same data; they ask slightly different questions (resampled
# test sets against reshuffled outputs). Their verdicts agree, and that is what to report, with the test
# named.
#
# **Tweak, twiddle and frob.** Change the coin's `seed` below and rerun. How large does the difference
# between two equally good systems get?

# %%
mine = ch10.mixed_pair(corpus, "S3", "S2", seed=7)
sig.paired_bootstrap(mine["mix A"], mine["mix B"], refs, progress=False).summary()

# %% [markdown]
# ### Twenty equally good pairs
#
# Twenty coins, twenty equally good pairs, each tested with the paired bootstrap:

# %% slideshow={"slide_type": "skip"}
twenty = ch10.equal_pairs_table(corpus, "S3", "S2", range(20))
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

# %% [markdown] slideshow={"slide_type": "slide"}
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
ch10.methods_table(everything, refs, ch10.PAPER_PAIRS + (("mix A", "mix B"),)).round(4)

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

# %% [markdown] slideshow={"slide_type": "slide"}
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

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# For each exercise, give a dict `{"p_value": ..., "significant": ...}`: the paired bootstrap's p-value with
# sacreBLEU's defaults, and whether the difference is significant at the 0.05 level (`True` or `False`).
# The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("10_is_the_difference_real")

# %% [markdown]
# **Exercise 1. A big difference on few sentences.** On the first 10 segments only
# (`corpus.subset(range(10))`), H1 beats S3 by several BLEU points. Is that significant? Use S3 as the
# baseline and H1 as the system.

# %%
answer = {"p_value": None, "significant": True}  # replace with your p-value and verdict
check("10_is_the_difference_real", "few_sentences", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("10_is_the_difference_real", "few_sentences")

# %% [markdown]
# **Exercise 2. Overlapping intervals.** `swapped` is S3 with every tenth sentence (segments 0, 10, 20, …)
# replaced by S2's. Their bootstrap intervals overlap, as the table shows. Is the difference significant by
# paired bootstrap? Use S3 as the baseline and `swapped` as the system.

# %%
swapped = ch10.swap_segments(corpus.system("S3"), corpus.system("S2"), range(0, 120, 10))
ch10.ci_table({"S3": corpus.system("S3"), "swapped": swapped}, refs).round(2)

# %%
answer = {"p_value": None, "significant": False}  # replace with your p-value and verdict
check("10_is_the_difference_real", "overlapping_intervals", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("10_is_the_difference_real", "overlapping_intervals")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - A corpus BLEU score comes with an interval (bootstrap, sacreBLEU's `μ ± ci`), and a difference between two systems with a p-value (paired bootstrap or approximate randomization); a small p means the difference is unlikely to be luck.
# - On 120 sentences, chance alone makes equally good systems differ by a BLEU point or two; the paper's block t-test and both paired tests tell such luck from real differences. Report the test, its samples and seed, and do not trust a 1–2 point difference without one.
#
# Next: [11 · Corpus analysis](11_corpus_analysis.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
