# %% [markdown] slideshow={"slide_type": "slide"}
# # 09 · Does BLEU agree with people?
#
# ## Learning goals
# - Know which of the BLEU paper's figures and tables the course redoes, on which data, and which it can only quote.
# - Redo the paper's human-judgment experiments (Figures 3, 5, 6 and 7) on real data: WMT21 Chinese-English and
#   English-German news, judged by professional translators (MQM) and by crowd workers (DA).
# - Explain why BLEU's agreement with people is weaker now than the paper's 0.99, and where it breaks down:
#   close systems, human translations, single sentences, one reference.
# - Decide how big a BLEU gap you can trust, and open the sentences where BLEU and the experts disagree most.
#
# Papineni et al. (2002) rest their case on people: two groups of ten judges rated five "systems" (three
# machine translations, two human translators) and BLEU ranked them as the judges did. Notebook 08 redid the
# paper's BLEU experiments on our invented teaching corpus, which has no human judgments. This notebook uses
# real ones: the newstest2021 test sets of the WMT21 news task, with the systems that took part, crowd
# **direct assessment** (DA) scores from WMT, and expert **MQM** error annotations (Freitag et al. 2021).
#
# *Shift-Enter for the win:* run the cells in order; each one shows something. The data are not bundled:
# `python -m bleu_explain.data fetch wmt21` downloads them once (about 16 MB), and without them the first code
# cell offers the download.

# %% slideshow={"slide_type": "skip"}
import math

import pandas as pd
from scipy import stats

import bleu_explain as bx
from bleu_explain.analysis import human as hx
from bleu_explain.course import ch09_does_bleu_agree_with_people as ch09
from bleu_explain.display import plots

ch09.require_data()  # without the WMT21 data: what is missing and a download button; the cells below then skip

# %% slideshow={"slide_type": "skip"}
zh, de = ch09.load_pair("zh-en"), ch09.load_pair("en-de")
zh, de

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. What the paper shows, and what the course redoes
#
# The paper has seven figures and two tables. Its figures print no values; its tables do, and its text quotes
# a few differences and correlations. Here is each one, with where the course redoes it:

# %%
with pd.option_context("display.max_colwidth", 120):
    display(ch09.coverage())

# %% [markdown]
# In the paper's words (Papineni et al. 2002, sections 4.1 and 5): the monolingual judges found S2 better than
# S1 by 0.326 and S3 better than S2 by 0.114 on the 5-point scale, both significant at 95%; H1 much better than
# the best machine, and a bit worse than H2. Figure 7 puts BLEU and both groups' scores on one scale by
# normalizing each by its range over the five systems (worst 0, best 1): BLEU tracks the monolingual group
# closely, getting right both the small gap between S2 and S3 and the large one between S3 and H1, and a wide
# gap separates the machines from the humans. The bilingual group, the paper suggests, was more lenient
# with H1 against H2.
#
# **Our data.** Every score below is computed here, against reference A: sacreBLEU's default BLEU (13a tokens,
# exponential smoothing) and, as a second string metric, sacreBLEU's chrF (an F-score of character n-grams). Some judged systems have no text in the public release (or are reference A
# itself); we score the others:

# %%
ch09.judgment_summary()

# %% [markdown]
# MQM counts translation errors, weighted by severity: 0 is perfect, more negative is worse, and a system's
# score is its mean over the rated segments. DA is a 0-100 slider; WMT standardizes each rater's scores (z)
# and ranks systems by their mean z. Both are "higher is better" here.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Figures 5 and 6 on real data: BLEU against people, system by system
#
# One row per translation with a human score. English-German has the machine systems that MQM judged and two
# human translations, C and D, scored against reference A like any system:

# %%
de_table = ch09.system_table("en-de")
de_table.round(3)

# %% slideshow={"slide_type": "skip"}
zh_table = ch09.system_table("zh-en")  # every machine system has DA; some of them have MQM
zh_table.round(3)

# %% [markdown]
# The paper's Figures 5-6 plot each group's score against BLEU with a least-squares line. English-German first:
# machine systems alone, then with the two human translations.

# %%
humans = [s for s in de_table.index if de_table.loc[s, "human translation"]]
plots.plot_against_human(de_table["BLEU"].to_dict(), de_table["MQM"].to_dict(), humans=humans,
                         title="WMT21 English-German, reference A", preset="sacrebleu")

# %%
plots.plot_against_human(zh_table["BLEU"].to_dict(), zh_table["MQM"].dropna().to_dict(),
                         title="WMT21 Chinese-English, the systems with MQM, reference A", preset="sacrebleu")

# %%
plots.plot_against_human(zh_table["BLEU"].to_dict(), zh_table["DA (z)"].to_dict(), human_name="DA (z)",
                         title="WMT21 Chinese-English, every system, reference A", preset="sacrebleu")

# %% [markdown]
# All the correlations, with a 95% interval for BLEU's r (Fisher's z), chrF beside it, and the paper's two:

# %%
correlations = ch09.correlation_table()
correlations.round(3)

# %% [markdown]
# What happened to the English-German human translations? BLEU puts them last, far below every machine;
# the experts put them first.

# %%
machines_de = ch09.machines("en-de")
for name in humans:
    print(f"{name}: BLEU {de_table.loc[name, 'BLEU']:.2f}, MQM {de_table.loc[name, 'MQM']:.2f}")
print(f"machines: BLEU {de_table.loc[machines_de, 'BLEU'].min():.2f} to {de_table.loc[machines_de, 'BLEU'].max():.2f}, "
      f"MQM {de_table.loc[machines_de, 'MQM'].min():.2f} to {de_table.loc[machines_de, 'MQM'].max():.2f}")

# %% [markdown]
# **Why not 0.99?** The paper's five systems were far apart: three commercial machine translation systems
# and two human translators, with BLEU from 0.0527 to 0.2571 (Papineni et al. 2002, Table 1). Ours are strong
# systems close together, and a correlation over a narrow range is dominated by noise. Compare the spread:

# %%
ch09.spread_table().round(2)

# %% [markdown]
# Two things differ from 2002. The systems are **close**: their range is a fraction of the paper's, and the
# typical gap between neighbours is a fraction of a BLEU point; with so few systems so close, a correlation is
# uncertain (see how wide the intervals in the table above are). And good **human translations** no longer
# score like the paper's humans, who were far above its machines in BLEU too: a human translation that words
# things differently from reference A loses n-grams however good it is, and the machines' outputs stay closer
# to A's wording. A correlation over five points, two of them far from the rest in the same direction on both
# axes, is easy to make high.

# %% [markdown]
# ### Build it yourself: Pearson's r
#
# r is the covariance of the two lists divided by the product of their spreads: the sum of
# (x − mean x)(y − mean y), over the square roots of the sums of squares.

# %%
def pearson(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    covariance = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
    spread_x = math.sqrt(sum((x - mean_x) ** 2 for x in xs))
    spread_y = math.sqrt(sum((y - mean_y) ** 2 for y in ys))
    return covariance / (spread_x * spread_y)

bleu_de, mqm_de = de_table["BLEU"].tolist(), de_table["MQM"].tolist()
mine = pearson(bleu_de, mqm_de)
print(f"my r = {mine:.4f}")

# %%
# the check: scipy and the analysis module give the same r
assert math.isclose(mine, stats.pearsonr(bleu_de, mqm_de)[0])
assert math.isclose(mine, hx.correlate(bleu_de, mqm_de).r)
print(f"scipy {stats.pearsonr(bleu_de, mqm_de)[0]:.4f}  analysis.human {hx.correlate(bleu_de, mqm_de).r:.4f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Figure 3 on real data: are neighbours really different?
#
# The paper ordered its systems by the judges' mean score and asked, for each neighbour, whether the judges'
# difference is real: a paired t-test over the sentences, shown as a 95% interval (its Figure 3). We do the
# same with the experts' MQM on the segments both neighbours have, and put beside it BLEU's difference with
# its paired-bootstrap interval (Koehn 2004; notebook 10), in the same order. The bootstrap reuses the n-gram
# counts already made; the check below shows it is `paired_bootstrap`'s, resample for resample.

# %%
neighbours = {pair: ch09.figure_3(pair) for pair in ch09.PAIRS}  # 1,000 paired resamples per neighbour pair
plots.plot_neighbours(*neighbours["zh-en"], title="WMT21 Chinese-English, reference A",
                      preset="sacrebleu")

# %%
plots.plot_neighbours(*neighbours["en-de"], title="WMT21 English-German, reference A",
                      preset="sacrebleu")

# %%
# the check, on the last English-German pair: analysis.significance.paired_bootstrap from the texts
from bleu_explain.analysis.resampling import estimate_ci
from bleu_explain.analysis.significance import paired_bootstrap

last, outputs = neighbours["en-de"][1].iloc[-1], de.translations("A")
test = paired_bootstrap(outputs[last["worse"]], outputs[last["better"]], ch09.references_for(de, ["A"]),
                        progress=False)
_, _, low, high = estimate_ci(test.signed_deltas)
assert (test.observed_delta, low, high, test.p_value) == (last["difference"], last["low"], last["high"], last["p_value"])
print(f"{last.name}: {test.observed_delta:+.3f} [{low:.3f}, {high:.3f}], p = {test.p_value:.4f}")

# %% [markdown]
# Counted: how many neighbours each side separates (interval excluding 0), and how often BLEU's difference
# has the sign of MQM's.

# %%
pd.DataFrame({ch09.PAIR_NAMES[pair]: ch09.neighbour_summary(*tables) for pair, tables in neighbours.items()})

# %% [markdown]
# The experts can hardly tell neighbouring machine systems apart: their segment scores vary too much for a few
# hundred segments to settle differences this small. BLEU's intervals exclude 0 more often, most of all in
# Chinese-English, and sometimes on the side opposite to MQM's difference: there BLEU is sure of something
# about the wording of reference A, not about quality. In the paper, both neighbour differences it quotes were
# significant for the judges.

# %% slideshow={"slide_type": "skip"}
pd.concat({"MQM": neighbours["en-de"][0][["difference", "low", "high"]],
           "BLEU": neighbours["en-de"][1][["difference", "low", "high", "p_value"]]}, axis=1).round(3)

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Figure 7 on real data: every score on one scale
#
# Each measure normalized by its range over the systems (worst 0, best 1), systems from worst to best by MQM.
# If BLEU agreed with the experts, its line would rise with theirs.

# %%
plots.plot_normalized(ch09.figure_7("zh-en"), title="WMT21 Chinese-English, worst to best by MQM")

# %%
plots.plot_normalized(ch09.figure_7("en-de"), title="WMT21 English-German, worst to best by MQM")

# %% [markdown]
# Among the Chinese-English systems neither metric follows the experts closely, and the crowd's DA does not
# either: strong systems differ in ways each measure weighs differently. In English-German the machines rise
# together, then the human translations fall to the bottom of both string metrics while MQM puts them on top.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Quantity leads to quality
#
# The paper's conclusion (section 6): BLEU agrees with people *"by averaging out individual sentence judgment
# errors over a test corpus rather than attempting to divine the exact human judgment for every sentence"*.
# Test it. First, single sentences: Kendall's tau between sentence BLEU (sacreBLEU's `sentence_bleu`
# settings) and each segment's MQM, over every rated segment of the machine systems.

# %%
pd.Series({ch09.PAIR_NAMES[pair]: ch09.sentence_level(pair) for pair in ch09.PAIRS}, name="sentence level")

# %% [markdown]
# Low. Now cut the rated segments into blocks of 1, 5, 25 and 100 (and one block of all), score each system's
# BLEU on each block, and correlate, over systems, with MQM on all rated segments (`metric vs all`). For
# comparison: BLEU against MQM of the same block (`metric vs block`), and the experts' own MQM on the block
# against their MQM on all (`block vs all`: people judged on a few sentences are noisy too).

# %%
levels = ch09.levels_table()
levels.round(3)

# %%
plots.plot_block_agreement({ch09.PAIR_NAMES[p]: levels.loc[ch09.PAIR_NAMES[p]] for p in ch09.PAIRS})

# %% [markdown]
# Agreement grows with the amount of text, for BLEU and for the experts alike: quantity does lead to quality.
# BLEU on a block of a hundred segments ranks these systems more like the full MQM than the experts' own MQM on
# the same hundred segments does. What quantity cannot fix is a bias that every sentence shares, like the one
# against the human translations above.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. References matter
#
# English-German has three human references, A, C and D. Score the machine systems with MQM against every set
# of them: does BLEU rise with more references, and does its agreement with MQM change?

# %%
ch09.reference_table("en-de").round(3)

# %% [markdown]
# BLEU rises with every reference added (more ways to match an n-gram), as the paper warns (section 3): never
# compare scores computed with different numbers of references. Its agreement with MQM does not rise with it:
# the best single reference here is A, the standard one. The experts also judged the references themselves
# as translations:

# %%
pd.Series({r: de.mqm_systems[f"ref-{r}"] for r in de.references}, name="MQM of the human translation").round(3)

# %% [markdown]
# A is the weakest of the three by MQM, yet the machines' BLEU against it agrees best with MQM. More and better
# references are not automatically better *for ranking these systems*; that depends on how the references
# and the systems differ.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. How big a BLEU gap can you trust?
#
# Over every pair of machine systems: do BLEU and the people order the pair the same way? Grouped by the size
# of BLEU's gap. Mathur, Baldwin and Cohn (2020) asked this on WMT's judgments and warned that gains of one or
# two BLEU points are often not matched by human judgments.

# %%
pairs = ch09.gap_datasets()
gaps = ch09.gap_table(pairs)
gaps.round(3)

# %%
plots.plot_gap_agreement({label: hx.agreement_by_gap(table) for label, table in pairs.items()},
                         title="WMT21, machine systems, reference A · number over a bar: pairs in the bin")

# %% [markdown]
# With a gap under a couple of points, BLEU's verdict on the Chinese-English systems is not much better than
# a coin toss against the crowd or the experts; only large gaps are reliable. English-German's machine systems
# are all within a few points and mostly agree, but there are few pairs (the counts above the bars), so treat
# every bar with few pairs as anecdote.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. Drill down: why did a good translation score low?
#
# Take human translation C of English-German, the experts' favourite and BLEU's second-to-last. Rank its
# segments by sentence BLEU and by MQM; the top rows are those the experts rank far higher than BLEU does.

# %%
worst = ch09.disagreements("en-de", "ref-C", k=5)
with pd.option_context("display.max_colwidth", 90):
    display(worst.round(3))

# %% [markdown]
# Open the first one in the explorer: translation C against reference A, with sacreBLEU's settings. The
# highlighting shows which n-grams of C are in A.

# %%
segment = int(worst.index[0])
print(f"segment {segment} (0-based), MQM {worst.loc[segment, 'MQM']:.2f}")
print("source:", de.source[segment])
ch09.explorer_for("en-de", "ref-C", segment)

# %% [markdown]
# C says the same thing in its own words and order: the highlighting shows how few of its n-grams occur in A,
# so its sentence BLEU is near zero although the experts found no error. One reference is one way of saying it.
#
# **Tweak, twiddle and frob.** Run `ch09.disagreements("zh-en", "NiuTrans")` for the experts' best
# Chinese-English system, or give the explorer above a second reference: press **Add reference** and paste
# reference D of this segment (`de.references["D"][segment]`). How much does the score of a translation with no
# error depend on the references you happen to have?

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("09_does_bleu_agree_with_people")

# %% [markdown]
# **Exercise 1.** Does another reference rescue the human translations? Score every English-German translation
# that has MQM against reference **C**, with `bx.explain_systems`: `de.translations("C")` gives the machine
# systems and the human translations A and D (keep those in `de.mqm_systems`), `ch09.references_for(de, ["C"])`
# the references. What is Pearson's r between their BLEU and their MQM? Two decimals.

# %%
my_r = None  # replace with your r, e.g. round(..., 2)
check("09_does_bleu_agree_with_people", "r_against_reference_c", my_r)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("09_does_bleu_agree_with_people", "r_against_reference_c")

# %% [markdown]
# **Exercise 2.** Of the pairs of Chinese-English systems (all with DA) whose BLEU differs by less than
# **2** points, what fraction does BLEU order the same way as DA (z)? Start from
# `hx.pairwise_agreement(ch09.bleu_scores("zh-en"), ch09.human_scores("zh-en", "da"))`: one row per pair.

# %%
my_fraction = None  # replace with your fraction (0 to 1), e.g. round(..., 2)
check("09_does_bleu_agree_with_people", "small_gap_agreement", my_fraction)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("09_does_bleu_agree_with_people", "small_gap_agreement")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - The paper's human evidence was five systems far apart, two of them human, and BLEU correlated with its
#   judges at 0.99 and 0.96 (Papineni et al. 2002). On WMT21's strong, close systems the correlation with expert
#   MQM and crowd DA is lower and uncertain, and chrF does not settle it either.
# - Add good human translations and BLEU's agreement collapses: it ranks the translations experts like best
#   last, because they are worded differently from the one reference.
# - Experts cannot separate most neighbouring systems; BLEU separates more of them, sometimes the wrong way.
#   On the Chinese-English systems, a BLEU gap of a point or two orders two systems as people do little more
#   often than a coin toss.
# - Quantity leads to quality: sentence BLEU barely agrees with people, BLEU over hundreds of segments much
#   better, and people judged on a few sentences are noisy too.
# - More references raise BLEU but not necessarily its agreement with people.
#
# Next: [10 · Is the difference real?](10_is_the_difference_real.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
