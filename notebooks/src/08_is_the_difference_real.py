# %% [markdown] slideshow={"slide_type": "slide"}
# # 08 · Is the difference real?
#
# ## Learning goals
# - Read a bootstrap confidence interval for a corpus BLEU score, as sacreBLEU prints it (`μ ± ci`).
# - Run sacreBLEU's two paired tests, paired bootstrap and approximate randomization, say what null hypothesis each tests, and read their p-values the right way round.
# - Build both paired tests from scratch out of the segment statistics, and check them against the package: which numbers agree exactly, and why one differs in the sixth decimal.
# - See that chance alone makes two equally good systems differ by a BLEU point or two on a small test set.
# - Measure the tests before trusting them: on real systems made equally good, how often each calls them different and how its p-values spread, each measured share with its exact binomial interval; derive the ceiling that sacreBLEU's bootstrap p cannot rise above; compare the tests' power only at equal size.
#
# A BLEU score is measured on one particular set of sentences. Another set of sentences of the same kind
# would give a somewhat different score. The BLEU paper puts the question about its two closest systems
# (Papineni et al. 2002, section 3): *if we picked another set of 500 sentences, would we still
# judge S3 better than S2?* This notebook answers that question for the bundled teaching corpus (120
# segments, 4 references, systems S1 < S2 < S3 < H1 < H2).
#
# *Shift-Enter for the win:* run the cells in order; each one shows something.

# %% slideshow={"slide_type": "skip"}
import math

import numpy as np
import pandas as pd

import bleu_explain as bx
from bleu_explain.analysis import significance as sig
from bleu_explain.analysis.agreement import format_p
from bleu_explain.analysis.significance.calibration import coin_mix
from bleu_explain.data import published
from bleu_explain.display import plots

pd.set_option("display.max_colwidth", None)  # tables show their sentences whole, not cut at 50 characters


# %% slideshow={"slide_type": "skip"}
corpus = bx.load_corpus()
refs = corpus.references
results = bx.explain_systems(corpus.systems, refs, progress=False)  # every system counted once, reused below
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
s3 = bx.bootstrap_ci(corpus.system("S3"), refs, progress=False)
s3

# %% [markdown]
# sacreBLEU prints this as *score (μ = mean ± half-width)*; the signature records the number of resamples
# and the seed, so that anyone can repeat it:

# %%
s3.format(), s3.signature

# %%
plots.plot_bootstrap(s3, label="S3 on 120 segments")

# %% [markdown]
# The same for all five translations (`bootstrap_ci_of_result` resamples the statistics already counted).
# `ci` is sacreBLEU's `±`; `lower` and `upper` bound the middle 95%.

# %%
def interval_row(r):
    return {"score": r.score, "mean": r.mean, "ci": r.ci, "lower": r.lower, "upper": r.upper,
            "as sacreBLEU prints it": r.format()}


pd.DataFrame.from_dict({name: interval_row(sig.bootstrap_ci_of_result(result, progress=False))
                        for name, result in results.items()}, orient="index").round(2)

# %% [markdown]
# ### More sentences, narrower intervals
#
# Here is S3's interval on the first 15, 30, 60 and all 120 segments. Each time the test set doubles, the
# interval shrinks, roughly by a factor of √2 (about 1.4).

# %%
by_size = {}
for n in (15, 30, 60, 120):
    r = bx.bootstrap_ci(corpus.system("S3")[:n], refs[:n], progress=False)
    by_size[n] = {"score": r.score, "lower": r.lower, "upper": r.upper, "width": r.upper - r.lower}
pd.DataFrame(by_size).T.rename_axis("segments").round(2)

# %% [markdown]
# Koehn (2004, EMNLP), who brought the bootstrap to MT evaluation, found its estimates reliable from about
# 300 sentences on (`published.KOEHN_RELIABLE_SENTENCES`). Our teaching corpus has 120, so treat every
# interval here as a demonstration, not as a measurement.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Two systems: paired tests
#
# To compare two systems we could look at whether their intervals overlap, but that throws information
# away: both systems translated the *same* sentences, and some sentences are hard for everybody. A
# **paired** test always compares the two systems on the same sentences. sacreBLEU offers two:
#
# - **Paired bootstrap** (Koehn 2004, "Statistical Significance Tests for Machine Translation Evaluation"),
#   `--paired-bs`: draw the same resampled segments for both systems, 1,000 times, as if other test sets of the
#   same kind had been translated. The p-value is the share of resamples whose difference, centred as sacreBLEU
#   centres it, is larger than the difference we observed.
# - **Approximate randomization** (Riezler and Maxwell 2005), `--paired-ar`: if it did not matter which system
#   produced which output, swapping the two outputs of a segment would change nothing. So swap them with
#   probability 1/2, segment by segment, 10,000 times, and count how often the shuffled pseudo-systems differ by
#   more than the real ones.
#
# A p-value is computed under a **null hypothesis**, the "nothing going on" that the test assumes, and each test
# has its own. The bootstrap's: *over test sets of sentences like these, the expected BLEU difference is 0*.
# Randomization's: *the two outputs of each segment are exchangeable*, which system produced which is a coin toss.
# Either way the p-value answers: **if the null hypothesis held, how often would chance alone give a difference at
# least this large, in either direction?** Both tests are two-sided: they ask "do the two differ?", not "is the
# second better?". A p below the usual level, 0.05, is called *significant*. Whether a test's p really is that
# chance is a fact to measure, not to assume: section 5 measures both tests on real systems made equally good, and
# finds that sacreBLEU's bootstrap p is too small, approximate randomization's as it claims. Until then, read each
# p as "the test's p", not as a probability.
#
# First a far pair: S2 against the baseline S1, with sacreBLEU's defaults (1,000 resamples, 10,000 trials,
# seed 12345). Ten thousand trials are cheap here: each one only re-adds counts kept per segment.

# %%
far_bs = sig.paired_bootstrap_of_results(results["S1"], results["S2"], progress=False)
far_ar = sig.paired_approximate_randomization_of_results(results["S1"], results["S2"], progress=False)
print(far_bs.summary())
print(far_ar.summary())

# %% [markdown]
# Both histograms show what each test's resampling produces; the vertical line is the observed difference, far
# beyond all of it.
# No sample exceeds it, so p is the smallest value the test can give, its floor: 1/1,001 = 0.000999... with
# 1,000 resamples, shown to four decimals as 0.0010; 1/10,001 = 0.0000999... with 10,000 trials, just below
# 0.0001, so shown as "p < 0.0001" here and in every table (sacreBLEU's own output rounds it to 0.0001).
# A p-value is never 0: report one below 0.0001 as "p < 0.0001" (or give the floor itself), never "p = 0".

# %%
plots.plot_significance(far_bs, far_ar)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. A close pair: two systems that are equally good by design
#
# Now the opposite case. We build two systems from S3 and S2 by tossing a fair coin for every segment:
# heads, "mix A" gets S3's sentence and "mix B" gets S2's; tails, the other way round. Neither system is
# better by construction. Whatever difference we see is luck: which sentences happened to land where.
# `coin_mix` tosses that coin (`default_rng(seed).integers(2, ...)`, one toss per segment).

# %%
def paired_row(test):
    return {"samples": test.n_samples, "baseline": test.baseline_score, "system": test.system_score,
            "delta": test.observed_delta, "p-value": format_p(test.p_value),
            "significant at 0.05": test.significant(0.05)}


mix_a, mix_b = coin_mix(corpus.system("S3"), corpus.system("S2"), seed=0)
mixes = bx.explain_systems({"mix A": mix_a, "mix B": mix_b}, refs, progress=False)
close_bs = sig.paired_bootstrap_of_results(mixes["mix A"], mixes["mix B"], progress=False)
close_ar = sig.paired_approximate_randomization_of_results(mixes["mix A"], mixes["mix B"], progress=False)
pd.DataFrame.from_dict({("far: S2 vs S1", "paired bootstrap"): paired_row(far_bs),
                        ("far: S2 vs S1", "approximate randomization"): paired_row(far_ar),
                        ("close: mix B vs mix A", "paired bootstrap"): paired_row(close_bs),
                        ("close: mix B vs mix A", "approximate randomization"): paired_row(close_ar)},
                       orient="index").round(2)

# %% [markdown]
# The two mixes differ by about a BLEU point, yet neither test calls the difference significant: in the
# histograms the observed difference sits inside the bulk of what the resampling produces.

# %%
plots.plot_significance(close_bs, close_ar)

# %% [markdown]
# ### Build it yourself: a resample, scored by hand
#
# Both tests only ever re-add numbers the engine keeps for every segment, its *segment statistics*: the
# candidate's length, the length of the reference it is measured against, and for each order n the clipped
# matches and the number of candidate n-grams. Here are those of mix A's first segment:

# %%
stats_a, stats_b = mixes["mix A"].segment_stats, mixes["mix B"].segment_stats
stats_a[0]

# %% [markdown]
# A corpus score needs nothing but their sums: add up the statistics of the chosen segments (a segment chosen
# twice counts twice), divide matches by totals, take the geometric mean, multiply by the brevity penalty.
# sacreBLEU does it in percent (p_n = 100 · matches / totals), and so do we:

# %%
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
pd.DataFrame({"by hand": mine, "bleu_explain": (close_bs.baseline_score, close_bs.system_score)},
             index=["mix A", "mix B"])

# %% [markdown]
# Now one resample: draw as many segment numbers as there are segments, with replacement, with numpy's
# generator as sacreBLEU does (`default_rng(12345).choice`), and score both systems on the same draw.

# %%
draws = np.random.default_rng(12345).choice(len(stats_a), size=(1000, len(stats_a)))  # sacreBLEU's 1,000 draws
resample = draws[0].tolist()
score_a, score_b = bleu_from_sums(*add_up(stats_a, resample)), bleu_from_sums(*add_up(stats_b, resample))
print(f"{len(set(resample))} different segments drawn out of {len(stats_a)}; some of them more than once")
print(f"on this resample: mix A {score_a:.2f}, mix B {score_b:.2f}, difference {score_b - score_a:+.2f}")

# %% [markdown]
# The check: build the resampled test set as text (a segment drawn twice brings its candidate and its
# references twice) and let the engine score it from scratch. Same numbers, exactly:

# %%
engine_a = bx.explain_corpus([mix_a[i] for i in resample], [refs[i] for i in resample]).score
engine_b = bx.explain_corpus([mix_b[i] for i in resample], [refs[i] for i in resample]).score
assert (score_a, score_b) == (engine_a, engine_b)
pd.DataFrame({"by hand": (score_a, score_b), "bleu_explain": (engine_a, engine_b)},
             index=["mix A on the resample", "mix B on the resample"])

# %% [markdown]
# ### Build it yourself: the paired bootstrap
#
# Score every draw. Koehn (2004) counts the resamples in which the other system wins: the difference
# *flips*. sacreBLEU's p-value asks a two-sided question instead: how often does the size of a resampled
# difference, centred on the average size, exceed the size of the observed one?

# %%
def paired_bootstrap_by_hand(stats_a, stats_b, draws):
    everything = range(len(stats_a))
    observed = bleu_from_sums(*add_up(stats_b, everything)) - bleu_from_sums(*add_up(stats_a, everything))
    deltas = [bleu_from_sums(*add_up(stats_b, d)) - bleu_from_sums(*add_up(stats_a, d)) for d in draws.tolist()]
    flips = sum(delta * observed < 0 for delta in deltas)  # resamples in which the other system wins
    mean_size = sum(abs(delta) for delta in deltas) / len(deltas)
    beyond = sum(abs(delta) - mean_size > abs(observed) for delta in deltas)  # sacreBLEU's statistic
    return {"delta": observed, "deltas": deltas, "flips": flips, "p_value": (beyond + 1) / (len(deltas) + 1)}


by_hand_bs = paired_bootstrap_by_hand(stats_a, stats_b, draws)

# %% [markdown]
# The check, beside `paired_bootstrap` on the same pair (`close_bs` above), which draws the same 1,000
# resamples. What agrees, and what does not:

# %%
engine_flips = int((close_bs.signed_deltas * close_bs.observed_delta < 0).sum())
largest_gap = float(np.max(np.abs(np.array(by_hand_bs["deltas"]) - close_bs.signed_deltas)))
assert by_hand_bs["delta"] == close_bs.observed_delta and 0 < largest_gap < 1e-4
assert (by_hand_bs["flips"], by_hand_bs["p_value"]) == (engine_flips, close_bs.p_value)
print(f"the largest difference between a resampled delta by hand and the package's: {largest_gap:.1e} BLEU")
pd.DataFrame({"by hand": [by_hand_bs["delta"], by_hand_bs["flips"], by_hand_bs["p_value"]],
              "bleu_explain": [close_bs.observed_delta, engine_flips, close_bs.p_value]},
             index=["observed delta", "resamples that flip", "p-value"], dtype=object)

# %% [markdown]
# The observed difference, the flips and the p-value agree exactly. The resampled differences themselves do
# not, in about the sixth decimal: sacreBLEU's bootstrap holds its summed statistics as 32-bit floats, so its
# precisions are divided in single precision, and the package keeps that quirk to reproduce sacreBLEU; our
# cell divides in double precision. Here the gap moves no resample across the observed difference, so the
# flips and the p-value come out the same; it could only change them for a resample within a millionth of a
# BLEU point of it.

# %% [markdown]
# ### Build it yourself: approximate randomization
#
# If the two systems were equally good, it would not matter which one produced which output. So, trial after
# trial, swap each segment's statistics between the systems with probability 1/2, score the two
# pseudo-systems, and count the trials whose difference is larger than the real one. sacreBLEU runs 10,000
# trials; by hand we run the first 1,000 of the same coin tosses (`default_rng(12345).integers(2, ...)`).

# %%
def approximate_randomization_by_hand(stats_a, stats_b, coins):
    everything = range(len(stats_a))
    observed = abs(bleu_from_sums(*add_up(stats_b, everything)) - bleu_from_sums(*add_up(stats_a, everything)))
    beyond = 0
    for keep in coins.tolist():  # keep[i]: pseudo-system A takes A's segment i (else B's)
        pseudo_a = [a if k else b for a, b, k in zip(stats_a, stats_b, keep)]
        pseudo_b = [b if k else a for a, b, k in zip(stats_a, stats_b, keep)]
        shuffled = abs(bleu_from_sums(*add_up(pseudo_b, everything)) - bleu_from_sums(*add_up(pseudo_a, everything)))
        beyond += shuffled > observed
    return (beyond + 1) / (len(coins) + 1)


coins = np.random.default_rng(12345).integers(2, size=(1000, len(stats_a)), dtype=bool)
by_hand_ar = approximate_randomization_by_hand(stats_a, stats_b, coins)

# %% [markdown]
# The check: one trial exactly (swap the *texts* of the segments the coin picked and let the engine score
# the pseudo-system from scratch), and the p-value against the package run with the same 1,000 trials.
# Approximate randomization scores in double precision, so here everything agrees to the last bit:

# %%
pseudo_a_text = [a if k else b for a, b, k in zip(mix_a, mix_b, coins[0])]
pseudo_a_stats = [a if k else b for a, b, k in zip(stats_a, stats_b, coins[0])]
one_trial = (bleu_from_sums(*add_up(pseudo_a_stats, everything)), bx.explain_corpus(pseudo_a_text, refs).score)
same_trials = sig.paired_approximate_randomization_of_results(mixes["mix A"], mixes["mix B"], n_samples=1000,
                                                               progress=False)
assert one_trial[0] == one_trial[1] and by_hand_ar == same_trials.p_value
pd.DataFrame({"by hand": (one_trial[0], by_hand_ar), "bleu_explain": (one_trial[1], same_trials.p_value)},
             index=["one trial: pseudo-system A", "p-value, 1,000 trials"])

# %% [markdown]
# The two tests give different p-values for the same data (the table in section 3): they ask different
# questions (resampled test sets against reshuffled outputs), and, as section 5 measures, sacreBLEU's bootstrap
# p runs small. Here both verdicts agree. Report the p-value itself, with the test named, its samples and its
# seed: a verdict alone hides whether p was far below 0.05 or just under it.
#
# **Change it and see.** Change the coin's `seed` below and rerun. How large does the difference
# between two equally good systems get?

# %%
other_a, other_b = coin_mix(corpus.system("S3"), corpus.system("S2"), seed=7)
sig.paired_bootstrap(other_a, other_b, refs, progress=False).summary()

# %% [markdown]
# ### Twenty equally good pairs
#
# Twenty coins, twenty equally good pairs, each tested with the paired bootstrap:

# %% slideshow={"slide_type": "skip"}
pairs = {seed: coin_mix(corpus.system("S3"), corpus.system("S2"), seed) for seed in range(20)}
scored = bx.explain_systems({f"{seed} {side}": texts[k] for seed, texts in pairs.items()
                             for k, side in enumerate("AB")}, refs, progress=False)
twenty = pd.DataFrame.from_dict({seed: paired_row(sig.paired_bootstrap_of_results(scored[f"{seed} A"],
                                                                                 scored[f"{seed} B"], progress=False))
                                 for seed in pairs}, orient="index").rename_axis("coin seed")
twenty.round(2)

# %%
{"largest |delta| (BLEU)": round(float(twenty["delta"].abs().max()), 2),
 "pairs called significant at 0.05": int(twenty["significant at 0.05"].sum()), "pairs": len(twenty)}

# %% [markdown]
# On 120 segments, equally good systems often differ by one or two BLEU points, sometimes by more, and now and
# then a pair is called significant anyway. A test whose p is what it claims would do that to one pair in twenty
# at the 0.05 level. Whether sacreBLEU's tests do is a question twenty pairs on 120 invented sentences cannot
# settle; section 5 measures it on many pairs of real systems. Either way, test many systems and some "wins" are
# luck.
#
# Real test sets are larger, but the lesson holds: Mathur, Baldwin and Cohn (2020, "Tangled up in BLEU",
# ACL) found on WMT19 data that a difference of 1–2 BLEU agrees with human judgment only about half the
# time (`published.MATHUR_SMALL_GAPS`; notebook 11 asks the same of WMT21, with an interval). Small BLEU differences need a
# significance test, and even then a human evaluation.
#
# The BLEU paper had neither test: it judged its differences from BLEU on blocks of sentences. Notebook 09
# builds that method by hand and sets it beside these two tests, on the paper's systems and on this close pair.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Notebook as app: the significance explorer
#
# Pick a baseline and a system (the two mixes are in the list too), a test, the number of samples and the
# seed, then press **Run**. It starts with the close pair and the paired bootstrap, as in section 3. The
# explorer uses one sample count for both tests: set it to 10,000 for sacreBLEU's default number of
# randomization trials. (In the static handout the explorer shows its stored first state but does not run;
# every number it shows there is also computed in section 3.)

# %%
from bleu_explain.display.widgets import SignificanceExplorer

SignificanceExplorer(systems={**corpus.systems, "mix A": mix_a, "mix B": mix_b}, references=refs,
                     baseline="mix A", system="mix B", test="bs")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Measure the tests before trusting them
#
# A p-value means what section 2 says only if the test is **calibrated**: when its null hypothesis holds, p < 0.05
# in one comparison of twenty, p < 0.5 in one of two, and so on: p spread evenly from 0 to 1. That is a fact about a
# test, to be measured. We build pairs of equally good systems from two strong WMT21 English-German systems,
# Online-B and Facebook-AI, scored against reference A: for every segment a fair coin decides which of the two gets
# which system's output, as `coin_mix` did in section 3. Neither side is better by construction, so every pair
# called significant is a false alarm. Each pair is tested with sacreBLEU's two tests (1,000 bootstrap resamples;
# 1,000 randomization trials, enough to tell p from 0.05) and with one more, computed from the same resamples: the
# bootstrap **centred on the mean difference**, explained below.
#
# Know what this can show. The coin that makes the pairs is exactly the swap approximate randomization performs:
# these pairs *are* its null hypothesis, so randomization is calibrated on them by construction. The measurement
# can show that a bootstrap is off; it cannot show that randomization is right for two systems equal on average but
# different in kind (one better on long sentences, the other on short ones), whose outputs are not exchangeable.
#
# A share counted on a sample of pairs is itself uncertain, so the table gives it with its **exact binomial 95%
# interval** (Clopper and Pearson's): every true share under which the count we saw would not be surprising at the
# 5% level, 2.5% in each tail. The median p gets an interval from the binomial too (which of the sorted p-values
# bracket the middle).
#
# The measurement takes about an hour on one core, so it was run once, by the project's
# `scripts/derive_calibration_figures.py`, and every pair's p-values ship with the package (`calibration_figures()`,
# with the files, seeds and versions that made them). With the WMT21 data (`python -m bleu_explain.data fetch
# wmt21`), `python scripts/derive_calibration_figures.py --check` measures it all again and compares; and
# `cal.null_calibration(...)` measures two systems of your own.

# %%
from bleu_explain.analysis.significance import calibration as cal
from bleu_explain.analysis.significance import claims
from bleu_explain.data.calibration_figures import calibration_figures

figures = calibration_figures()  # bundled with the package: nothing downloaded, nothing measured
null = cal.null_of_figures(figures)
print(figures.provenance["what"], figures.provenance["versions"], sep="\n")
null.table(claims.LEVEL).round(3)

# %% [markdown]
# Each row: how many of the equally good pairs the test called significant at 0.05, that share (the
# **false-positive rate**) with its interval, the median p with its interval, and the largest p. For a calibrated
# test the rate's interval includes 0.05 and the median's includes one half. The curves show every p at once: for
# each x, the share of pairs with p at most x. A calibrated test follows the diagonal; a curve above it calls equally
# good systems different too often.

# %%
plots.plot_null_p_values(null)

# %% [markdown]
# ### Why sacreBLEU's bootstrap p is too small
#
# sacreBLEU's `--paired-bs` takes its statistic from the Moses script for Koehn's (2004) bootstrap. For each
# resample it takes the size of the resampled difference, |Δ*|, subtracts the mean size over all resamples, and
# counts how often |Δ*| − mean |Δ*| is larger than the observed size |Δ|. The resamples are drawn *around the
# observed difference*: Δ* spreads about Δ with some spread σ, roughly as a normal distribution does. Three steps:
#
# 1. **The ceiling.** The largest p comes at |Δ| = 0: then p = P(|Δ*| > mean |Δ*|). For a normal Δ* with mean 0,
#    |Δ*| has mean σ√(2/π), so p = P(|Z| > √(2/π)) for a standard normal Z, whatever σ: never more than that.
# 2. **Any pair.** In units of σ, with d = |Δ| / σ: p = P(|d + Z| − mean |d + Z| > d), which falls from the
#    ceiling as d grows (the mean of |d + Z| is a folded normal's, in the cell).
# 3. **Equally good systems.** Their observed Δ is itself a draw around 0 with spread σ, so d is |Z|: the
#    false-positive rate is the chance that p(|Z|) < 0.05, and the median p is p at the median of |Z|.
#
# A calibrated test would give p = P(|Z| > d) instead: below 0.05 exactly when d > 1.96, 5% of the time. The cell
# computes the three numbers of the normal model (and checks the folded normal's mean by simulation) beside the
# measurement:

# %%
from scipy import optimize, stats


def mean_size(d):
    """mean |d + Z| for a standard normal Z: a folded normal's mean."""
    return math.sqrt(2 / math.pi) * math.exp(-d * d / 2) + d * (1 - 2 * stats.norm.cdf(-d))


def moses_p(d):
    """sacreBLEU's bootstrap p at d = |Δ| / σ: P(|d + Z| - mean |d + Z| > d) = P(d + Z > bound) + P(d + Z < -bound)."""
    bound = d + mean_size(d)
    return stats.norm.sf(bound - d) + stats.norm.cdf(-bound - d)


# %%
z = np.random.default_rng(0).standard_normal(1_000_000)
assert abs(np.abs(1.0 + z).mean() - mean_size(1.0)) < 0.005  # the folded normal's mean, by simulation
assert math.isclose(moses_p(0.0), cal.moses_p_ceiling()) and math.isclose(moses_p(1.6), cal.moses_p_under_normal(1.6))
d_limit = optimize.brentq(lambda d: moses_p(d) - claims.LEVEL, 0, 5)  # p < 0.05 beyond this distance
bs_p, ceiling = null.p_values["bs"], "largest p: the ceiling P(|Z| > √(2/π))"
model = {ceiling: moses_p(0.0), "false-positive rate at 0.05": 2 * stats.norm.sf(d_limit),
         "median p": moses_p(stats.norm.ppf(0.75))}
on_wmt21 = {ceiling: bs_p.max(), "false-positive rate at 0.05": null.false_positive_rate("bs", claims.LEVEL),
            "median p": np.median(bs_p)}
pd.DataFrame({"normal model": model, "measured on WMT21": on_wmt21}).round(3)

# %% [markdown]
# One line of algebra gives three numbers, and the measurement on real systems agrees with each of them. Subtracting
# the mean size pulls every resampled value down, so the observed |Δ| is easily beyond most of them. The fault is in
# this statistic, not in the bootstrap: centre the *signed* differences instead, as Riezler and Maxwell (2005)
# describe the bootstrap test, and ask how often |Δ* − mean Δ*| exceeds |Δ|. In the normal model that is P(|Z| > d),
# a calibrated p; measured from the very same resamples, its row and curve above lie close to randomization's.
#
# What Riezler and Maxwell (2005) found, and what they did not: they compared approximate randomization with their
# centred bootstrap on pairs of real MT systems, and the bootstrap called differences significant more often. They
# did not measure false alarms on systems known to be equal, and their bootstrap is the one that behaves here. What
# misbehaves is the statistic sacreBLEU took over from the Moses script.
#
# **What each test tests, and what follows.**
#
# - Approximate randomization (`--paired-ar`). Null hypothesis: *the two outputs of each segment are exchangeable*,
#   so which system produced which is a coin toss. Calibrated here (by construction). Use it, and remember that it
#   asks about exchangeability, which is more than equal quality on average.
# - The bootstrap. Null hypothesis: *over test sets of sentences like these, the expected BLEU difference is 0*.
#   Centred on the mean signed difference, it tests that, at its level here. sacreBLEU's `--paired-bs` computes the
#   Moses statistic instead: read its p as a number that runs small, never as the chance that luck alone gives a
#   difference this large. A bootstrap p near 0.05 is no evidence.
# - Whatever the test, report the p-value with the test, its samples and its seed, not a verdict alone.

# %% [markdown]
# ### What "not significant" can and cannot mean: power
#
# A test can also fail the other way: a real difference, called not significant. How large must a difference be for
# a test to find it? We inject a known one, with the same two real systems (Facebook-AI scores higher by BLEU than
# Online-B on this test set): on a test set of N segments drawn from the 1,002, the coin now favours one side, giving
# it Facebook-AI's output with probability (1 + tilt) / 2. Tilt 0 is the fair coin above; tilt 1 gives one side all
# of Facebook-AI's outputs. For each N and tilt there are `claims.POWER_SETTINGS.n_pairs` pairs (and
# `claims.POWER_NULL_PAIRS` equally good ones at tilt 0); the **power** is the share of them a test calls
# significant, with its exact binomial interval.

# %%
power = cal.power_of_figures(figures, claims.LEVEL)
plots.plot_power(power)


# %%
def with_intervals(table):
    """Each (segments, tilt) and test as 'share [low, high]', and the pairs' mean BLEU difference."""
    shown = table.assign(share=[f"{d:.2f} [{low:.2f}, {high:.2f}]"
                                for d, low, high in zip(table["detected"], table["low"], table["high"])])
    grid = shown.pivot_table(index=["segments", "tilt"], columns="test", values="share", aggfunc="first")
    return grid[list(cal.TESTS)].join(table.groupby(["segments", "tilt"])["mean delta"].first().round(2))


with_intervals(power.table)

# %% [markdown]
# sacreBLEU's bootstrap "finds" more at most points, but look at tilt 0: it also calls equally good systems
# different more often. Power compares only at **equal size**, for tests that call equally good systems different
# equally often. So set each test's threshold, for each N, at the p below which it calls 5% of that N's equally good
# pairs (tilt 0) different, instead of at 0.05, and count again. Each threshold is estimated from the tilt-0 pairs
# of its N, so it carries an uncertainty of its own, which the intervals leave out.

# %%
equal = power.size_adjusted()
display(equal[equal["tilt"] == 0].pivot_table(index="segments", columns="test", values="threshold")[list(cal.TESTS)]
        .round(3).rename_axis(columns="threshold at equal size"))
with_intervals(equal[equal["tilt"] > 0])

# %% [markdown]
# At equal size the bootstrap's lead is gone: at every point its interval overlaps randomization's and the centred
# bootstrap's. What looked like power was its readiness to call equally good systems different. So compare tests by
# power only at equal size, and choose the one whose size is right to begin with.
#
# What this notebook says about the tests, each claim with the measurement and the interval that decides it (the
# claims are kept in `claims.NULL_CLAIMS` and `claims.POWER_CLAIMS`, where the course's test reads them too):


# %%
every_claim = (*claims.NULL_CLAIMS, *claims.POWER_CLAIMS)
measured = {claim: claims.evidence(claim, null, power) for claim in every_claim}  # value, low, high
assert all(claim.holds(*values) for claim, values in measured.items())
pd.Series({claim.words: claim.in_words(*values) for claim, values in measured.items()},
          name="measured [95% interval]").rename_axis("claim").to_frame()

# %% [markdown]
# So "not significant" does **not** mean "equally good". It means this test, on this many sentences, did not find the
# difference, and the curves say how large a difference it would usually have found. Before you call two systems
# equal, read off the power for your number of sentences how large a difference your test could have missed. And
# remember that BLEU's difference is not the people's (notebook 10).

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Each exercise asks whether two systems differ. Give a dict `{"p_bootstrap": ..., "p_randomization": ...,
# "differ": ...}`: the p-values of sacreBLEU's paired bootstrap and approximate randomization with their defaults
# (1,000 resamples; 10,000 trials; seed 12345), and whether the two differ at the 0.05 level by randomization, the
# test section 5 found calibrated (`True` or `False`). The checker tells you what is wrong and gives a hint, but
# never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("08_is_the_difference_real")

# %% [markdown]
# **Exercise 1. A big difference on few sentences.** On the first 10 segments only (`corpus.subset(range(10))`),
# H1 scores several BLEU points above S3. Do they differ? Use S3 as the baseline and H1 as the system.

# %%
answer = {"p_bootstrap": None, "p_randomization": None, "differ": True}  # replace with your p-values and verdict
check("08_is_the_difference_real", "few_sentences", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("08_is_the_difference_real", "few_sentences")

# %% [markdown]
# **Exercise 2. Overlapping intervals.** `swapped` is S3 with every tenth sentence (segments 0, 10, 20, …)
# replaced by S2's. Their bootstrap intervals overlap, as the table shows. Do the two differ? Use S3 as the
# baseline and `swapped` as the system.

# %%
swapped = [s2 if i % 10 == 0 else s3 for i, (s3, s2) in enumerate(zip(corpus.system("S3"), corpus.system("S2")))]
pd.DataFrame.from_dict({name: interval_row(bx.bootstrap_ci(outputs, refs, progress=False))
                        for name, outputs in {"S3": corpus.system("S3"), "swapped": swapped}.items()},
                       orient="index").round(2)

# %%
answer = {"p_bootstrap": None, "p_randomization": None, "differ": False}  # replace with your p-values and verdict
check("08_is_the_difference_real", "overlapping_intervals", answer)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("08_is_the_difference_real", "overlapping_intervals")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - A corpus BLEU score comes with an interval (bootstrap, sacreBLEU's `μ ± ci`), and a difference between two systems with a p-value (paired bootstrap or approximate randomization). Both tests are two-sided, and a p-value is never 0: it is at least 1 / (samples + 1).
# - Each test has its own null hypothesis: randomization, that the two outputs of each segment are exchangeable; the bootstrap, that the expected difference over test sets like this one is 0.
# - Measured on equally good real systems, randomization's p behaves as a p-value should (by construction: the pairs are its null), and so does the bootstrap centred on the mean difference. sacreBLEU's paired bootstrap p runs small: its Moses statistic caps p near P(|Z| > √(2/π)), and the same normal model predicts its false-positive rate and median p. Read a bootstrap p near 0.05 as no evidence.
# - "Not significant" is not "equally good": the power, with its interval, says how large a difference the test would have found with your number of sentences; tests compare only at equal size.
# - Built by hand from the segment statistics with the same random draws, both tests give the package's p-values exactly; the bootstrap's resampled scores differ in the sixth decimal because sacreBLEU divides in single precision.
# - On 120 sentences, chance alone makes equally good systems differ by a BLEU point or two. Report the test, its samples and seed, and do not trust a 1–2 point difference without one.
#
# Next: [09 · Reproducing the paper](09_reproducing_the_paper.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
