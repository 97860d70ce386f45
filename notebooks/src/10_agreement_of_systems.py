# %% [markdown] slideshow={"slide_type": "slide"}
# # 10 · Does BLEU agree with people? Systems
#
# ## Learning goals
# - Redo the BLEU paper's system-level experiments (its Figures 5 and 6) on real data, WMT21 Chinese-English and
#   English-German news judged by professional translators (MQM) and by crowd workers (DA), and say where that is an
#   analogue rather than a replication.
# - Put a 95% interval beside every correlation (Fisher's z, a bootstrap over systems, a bootstrap over segments)
#   and say what each interval assumes and covers.
# - Compare two metrics' correlations with a paired test (Williams' test), two-sided unless the direction was fixed
#   before looking, never by whether their intervals overlap.
# - See how two human translations decide the sign of a correlation, and judge BLEU as it is used: with pairwise
#   accuracy (Kocmi et al. 2021) and soft pairwise accuracy (Thompson et al. 2024, WMT24's measure).
# - Build Pearson's r, Fisher's interval, the bootstrap over systems and pairwise accuracy by hand.
#
# Notebook 11 goes on to the sentences: which pairs the people themselves can tell apart, neighbours, sentence
# BLEU, references and single sentences, and what to use beside BLEU.
#
# Papineni et al. (2002) rest their case on people: two groups of ten judges rated five "systems" (three
# machine translations, two human translators) and BLEU ranked them as the judges did. Notebook 09 redid the
# paper's BLEU experiments on our invented teaching corpus, which has no human judgments. This notebook uses
# real ones: the newstest2021 test sets of the WMT21 news task, with the systems that took part, crowd
# **direct assessment** (DA) scores from WMT (Akhbardeh et al. 2021), and expert **MQM** error annotations, the
# method of Freitag et al. (2021a), of the WMT21 metrics task (Freitag et al. 2021b).
#
# *Shift-Enter for the win:* run the cells in order; each one shows something. **In brief**, after a short primer,
# needs nothing downloaded: it draws BLEU against people from a small table of system-level figures that ships
# with the package. The rest needs the full data (texts, and the judgments of every segment):
# `python -m bleu_explain.data fetch wmt21` downloads them once (about 16 MB), and without them the cell that
# starts the rest offers the download. What is parsed and scored is kept on disk, so a second run takes seconds.

# %% slideshow={"slide_type": "skip"}
import math
import numpy as np
import pandas as pd
from sacrebleu.metrics import CHRF
import bleu_explain as bx
from bleu_explain.analysis import agreement as ag
from bleu_explain.analysis import human as hx
from bleu_explain.analysis import soft_pairwise as sp
from bleu_explain.data import published
from bleu_explain.data.parsed_cache import load_wmt21_cached, on_disk
from bleu_explain.data.system_figures import figures_provenance, load_system_figures
from bleu_explain.display import plots
from bleu_explain.display.widgets.data_gate import require_data
PAIRS = ("zh-en", "en-de")
pd.set_option("display.max_colwidth", None)  # row labels and claims whole, not cut at 50 characters

# %% [markdown]
# ### A primer: the tools of this notebook
#
# Notebook 08 taught intervals and the bootstrap, notebook 09 the paired t-test and Fisher's z. Here they meet a
# second metric and three ways to say how well a metric agrees with people, one point per system.
#
# - **chrF** (Popović 2015) matches *character* n-grams (1 to 6 characters) and combines precision and recall into
#   an F-score that weighs recall twice as much (β = 2): a word with the right stem and the wrong ending still
#   earns credit. It is our second string metric beside BLEU.
# - **Pearson's r**: how well a straight line fits the points; 1 a rising line, 0 none, −1 a falling one.
# - **Pairwise accuracy** (Kocmi et al. 2021): over every pair of systems, the share the metric orders as people
#   do. It answers the question a metric is used for, "which of two systems is better?"; 0.5 is a coin toss.
#   **Kendall's tau-b** (Kendall 1945) counts the same pairs: the share ordered alike minus the share ordered
#   oppositely, corrected for ties.
#
# Every such number comes with an interval, and each interval assumes something. **Fisher's z** assumes the systems
# are a random sample from a population where both scores are normally distributed. The **bootstrap over systems**
# draws as many systems as there are, with replacement, and recomputes: it assumes the systems are independent
# draws from a population of systems, and with eight of them it can say little. The **bootstrap over segments**
# draws the sentences again, the same draw for every system and score: it asks "what if other sentences had been
# translated and judged?", and says nothing about other systems.
#
# chrF in one sentence, and Fisher's interval of an r of 0.8 over 8 systems:

# %%
candidate, reference = "The translations were checked two times.", "The translation was checked twice."
{"BLEU": round(bx.explain(candidate, [reference]).score, 2),
 "chrF": round(CHRF().sentence_score(candidate, [reference]).score, 2),
 "Fisher's interval, r = 0.8, n = 8": tuple(round(v, 2) for v in ag.fisher_interval(0.8, 8))}

# %% [markdown] slideshow={"slide_type": "slide"}
# ## In brief: BLEU against people, system by system
#
# Each translation that people judged in WMT21's news task, Chinese-English and English-German, with its BLEU
# (sacreBLEU's defaults) and chrF against reference A, the experts' **MQM** (an error score: 0 is perfect, more
# negative is worse) and, for Chinese-English, the crowd's **DA** (z: each rater's scores standardized). English-German
# has two **human translations**, C and D, scored against reference A like any system. These figures ship with
# the package; the rest of the notebook recomputes them from the texts and the judgments (and checks they are
# the same). Where they come from:

# %%
figures = load_system_figures()  # one row per (pair, system): bundled, nothing downloaded
provenance = figures_provenance()
print(provenance["what"], provenance["BLEU"], provenance["chrF"], sep="\n")
figures.loc["en-de"].dropna(axis=1, how="all").sort_values("MQM", ascending=False).round(2)

# %% [markdown]
# ### The scatter: two points decide the sign
#
# The BLEU paper's Figures 5 and 6 put each system's human score against its BLEU. Here English-German, with the
# experts' MQM going up; the two human translations are drawn apart:

# %%
de_figures = figures.loc["en-de"]
brief_humans = de_figures.index[de_figures["human translation"]].tolist()
plots.plot_against_human(de_figures["BLEU"].to_dict(), de_figures["MQM"].to_dict(), humans=brief_humans,
                         title="WMT21 English-German, reference A (bundled figures)", preset="sacrebleu")

# %% [markdown]
# ### The correlations, with their intervals
#
# Pearson's r over systems with two 95% intervals, Fisher's z and the bootstrap over systems (1,000 draws). The
# interval over segments needs the full data (section 2).

# %%
brief_views = {  # label: (pair, human score, systems)
    "en-de MQM, 8 machines": ("en-de", "MQM", de_figures.index[~de_figures["human translation"]].tolist()),
    "en-de MQM, 8 machines + humans C, D": ("en-de", "MQM", de_figures.index.tolist()),
    "zh-en MQM, 8 machines": ("zh-en", "MQM", figures.loc["zh-en"]["MQM"].dropna().index.tolist()),
    "zh-en DA (z), 23 machines": ("zh-en", "DA (z)", figures.loc["zh-en"].index.tolist()),
}
brief = {view: ag.agreement(figures.loc[pair, "BLEU"].to_dict(), figures.loc[pair, kind].to_dict(), systems=names)
         for view, (pair, kind, names) in brief_views.items()}
ag.one_statistic(brief, "Pearson r").drop(columns="over segments", level=0).round(2)

# %% [markdown]
# ### How big a BLEU gap can you trust?
#
# A metric is used to pick the better of two systems. Over every pair of machine systems, grouped by the size of
# BLEU's gap: the share that BLEU orders as people do (pairwise accuracy; 0.5 is a coin toss).

# %%
brief_gaps = {view: hx.agreement_by_gap(hx.pairwise_agreement(figures.loc[pair, "BLEU"].to_dict(),
                                                              figures.loc[pair, kind].to_dict(), systems=names))
              for view, (pair, kind, names) in brief_views.items() if "humans" not in view}
plots.plot_gap_agreement(brief_gaps, title="WMT21, machine systems, reference A (bundled figures)")

# %%
pd.concat({view: t[["pairs", "fraction"]] for view, t in brief_gaps.items()}, axis=1).round(2)

# %% [markdown]
# **The point.** BLEU agrees with people where systems differ a lot and are alike in kind. It often does not
# where they are close (on the 23 Chinese-English systems, the bins of small gaps are near a coin toss), and it
# does not where they are unlike: a human translation, worded differently from the one reference, comes last. A
# correlation over a handful of systems needs its interval, and the bins hold few pairs: notebook 11 (section 2)
# puts an interval on "how often do people agree with a gap of Δ".

# %% [markdown] slideshow={"slide_type": "slide"}
# ## The full data: every text and every judged segment
#
# The sections below recompute the figures above from the texts and the judgments, and add the interval over
# segments, a paired test of two metrics, and pairwise accuracy soft and hard. Without the data, the next cell says
# what is missing and offers the download; the cells after it then do nothing.

# %% slideshow={"slide_type": "skip"}
require_data("wmt21", PAIRS)  # without the WMT21 data: what is missing and a download button; the cells below then skip

# %% slideshow={"slide_type": "skip"}
data = {pair: load_wmt21_cached(pair) for pair in PAIRS}  # each file's sha256 checked, the parse kept on disk
zh, de = data["zh-en"], data["en-de"]
zh, de

# %% [markdown]
# Every score below is computed here with the public API, against reference A, by three short functions of
# `bleu_explain.analysis.wmt21_scores` that notebook 11 uses too: `references(ts)` lists each segment's
# references; `bleu_counts` keeps every segment's statistics from `bx.explain_systems` (sacreBLEU's defaults),
# from which any subset or resample of the segments is scored; `chrf_counts` keeps sacreBLEU's `CHRF` statistics
# of every segment the same way. `on_disk(f, ...)` is `f(...)`, kept on disk under its arguments, so that the next
# run reads it instead of scoring 33 translations again. The check: one translation scored alone by
# `explain_corpus` has the BLEU read off the kept counts, to the last bit.

# %%
from bleu_explain.analysis.wmt21_scores import bleu_counts, chrf_counts, references

counts = {pair: on_disk(bleu_counts, ts.translations("A"), references(ts)) for pair, ts in data.items()}
chrf_kept = {pair: on_disk(chrf_counts, ts.translations("A"), references(ts)) for pair, ts in data.items()}
bleu = {pair: c.scores() for pair, c in counts.items()}
chrf = {pair: c.scores() for pair, c in chrf_kept.items()}
alone = bx.explain_corpus(de.translations("A")["Facebook-AI"], references(de))
assert alone.score == bleu["en-de"]["Facebook-AI"]
alone

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. What the paper shows, and what the course redoes
#
# The paper has seven figures and two tables; its figures print no values, and its test data and judgments were
# never published. So nothing of it can be *replicated*; the course redoes its experiments on other data:
#
# | in the paper | what it shows | here |
# |---|---|---|
# | Figures 1–2, Tables 1–2 | precision by n-gram order; BLEU of the five systems; 20 blocks with a paired t-test | analogues in notebook 09, on the invented teaching corpus |
# | Figures 3 and 5 | the *monolingual* group (native English speakers, judging readability and fluency only): differences between neighbouring systems; the correlation with BLEU | quoted: no WMT21 judgment is of fluency alone. Its differences are quoted in notebook 11 (section 3); its correlation is in section 2 here, with the interval five points allow |
# | Figures 4 and 6 | the *bilingual* group (native Chinese speakers, who, the paper suggests, weighed adequacy more): the same differences and correlation | analogues in section 2 here and in notebook 11 (section 3): MQM's professional translators also read the source. Other judges, other systems, other sentences |
# | Figure 7 | BLEU and both groups normalized by their range over the five systems | analogue in notebook 11 (section 5) |
# | section 6, "quantity leads to quality" | a claim, no figure | tested in notebook 11 (section 6) |
#
# The two human scores of WMT21: **MQM** (Freitag et al. 2021b, by the method of Freitag et al. 2021a) counts
# translation errors, weighted by severity (0 is perfect, more negative is worse; a system's score is its mean over
# the rated segments); **DA** (Akhbardeh et al. 2021) is a 0–100 slider, and WMT standardizes each rater's scores
# (z) before averaging. Both are "higher is better" here. Some judged systems have no text in the public release
# (or are reference A itself); we score the others. How many segments each system's human score rests on:

# %%
KINDS = {"mqm": "MQM", "da": "DA (z)", "da_raw": "DA (raw)"}
pd.DataFrame([{"data": pair, "judgment": KINDS[kind], "segments": len(ts), "systems judged": len(human.systems),
               "scored here": len(ts.judged(kind)),
               "segments rated per system": f"{min(map(human.rated, human.systems))}–{max(map(human.rated, human.systems))}"}
              for pair, ts in data.items() for kind, human in ts.scores.items()]).set_index(["data", "judgment"])

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. Figures 5 and 6 on real data: BLEU against people, system by system
#
# One row per translation with a human score. English-German has the machine systems that MQM judged and two
# human translations, C and D, scored against reference A like any system:

# %%
def system_table(pair):
    """BLEU, chrF and every human score of each translation with a text and a human score, best first."""
    ts = data[pair]
    table = pd.DataFrame({"BLEU": bleu[pair], "chrF": chrf[pair]})
    for kind in ts.scores:
        table[KINDS[kind]] = pd.Series(ts.human(kind).systems)
    table = table.dropna(subset=[KINDS[kind] for kind in ts.scores], how="all")
    table.insert(0, "human translation", ~table.index.isin(list(ts.systems)))
    return table.sort_values("MQM" if table["MQM"].notna().all() else "DA (z)", ascending=False)


de_table, zh_table = system_table("en-de"), system_table("zh-en")
de_table.round(3)

# %%
# the check: the bundled figures of "In brief" are what the full data give, to the last bit
for pair, table in (("en-de", de_table), ("zh-en", zh_table)):
    pd.testing.assert_frame_equal(figures.loc[pair].loc[table.index, table.columns], table, check_exact=True,
                                  check_names=False)

# %% slideshow={"slide_type": "skip"}
zh_table.round(3)  # every machine system has DA; eight of them have MQM

# %% [markdown]
# The paper's Figures 5–6 plot each group's score against BLEU with a least-squares line; English-German, then
# Chinese-English:

# %%
humans = de_table.index[de_table["human translation"]].tolist()
display(plots.plot_against_human(bleu["en-de"], de.human("mqm").systems, humans=humans,
                                 title="WMT21 English-German, reference A", preset="sacrebleu"))
plots.plot_against_human(bleu["zh-en"], zh.human("mqm").systems, title="WMT21 Chinese-English, reference A",
                         preset="sacrebleu")

# %% [markdown]
# Now the correlations, each with three 95% intervals. The systems correlated ("views"), and every system's
# BLEU, chrF and human score on the same 1,000 resamples of the segments (sacreBLEU's draws, seed 12345):

# %%
mqm_machines = {pair: ts.judged("mqm", humans=False) for pair, ts in data.items()}  # the machine systems with MQM
views = {  # label: (pair, human score, systems)
    "zh-en MQM, 8 machines": ("zh-en", "mqm", mqm_machines["zh-en"]),
    "zh-en DA (z), 23 machines": ("zh-en", "da", data["zh-en"].judged("da", humans=False)),
    "zh-en DA (raw), 23 machines": ("zh-en", "da_raw", data["zh-en"].judged("da_raw", humans=False)),
    "en-de MQM, 8 machines": ("en-de", "mqm", mqm_machines["en-de"]),
    "en-de MQM, 8 machines + humans C, D": ("en-de", "mqm", de.judged("mqm")),
}
weights = {pair: ag.segment_weights(len(ts), n_draws=1000, seed=12345) for pair, ts in data.items()}
draws = {"BLEU": {pair: counts[pair].resampled_scores(weights[pair]) for pair in PAIRS},
         "chrF": {pair: chrf_kept[pair].resampled_scores(weights[pair]) for pair in PAIRS}}


# %%
def agreement_of(view, metric="BLEU"):
    """r, tau-b and pairwise accuracy of BLEU (or chrF) with the view's human score, with their intervals."""
    pair, kind, names = views[view]
    human = data[pair].human(kind)
    scores = bleu[pair] if metric == "BLEU" else chrf[pair]
    return ag.agreement(scores, human.systems, systems=names, metric_draws=draws[metric][pair],
                        human_draws=ag.resampled_means(human.segments, weights[pair], names))


agreements = {view: agreement_of(view) for view in views}
chrf_agreements = {view: agreement_of(view, "chrF") for view in ("zh-en MQM, 8 machines", "en-de MQM, 8 machines")}
ag.one_statistic({**{f"BLEU, {v}": t for v, t in agreements.items()},
                  **{f"chrF, {v}": t for v, t in chrf_agreements.items()}}, "Pearson r").round(3)

# %% [markdown]
# And the paper's two correlations over its five systems: only Fisher's interval can be computed, since the paper
# prints no per-system human scores.

# %%
pd.DataFrame({f"{r.source}, {group} judges": {"systems": 5, "r": r.value,
                                               **dict(zip(("Fisher z: low", "Fisher z: high"),
                                                          ag.fisher_interval(r.value, 5)))}
              for group, r in published.PAPINENI_CORRELATIONS.items()}).T.round(3).astype({"systems": int})

# %% [markdown]
# How to read a row: the estimate, then where the correlation plausibly lies if only the systems were a random
# draw (Fisher's z and the bootstrap over systems), or if only the sentences were (the bootstrap over segments). No
# interval covers both at once, and each rests on an assumption. Fisher's assumes normally distributed scores; the
# bootstrap over systems assumes the systems are independent draws from a population of systems, which WMT's
# participants are not, and on eight systems it can only say "somewhere over a wide range" (look at its columns).
#
# - The paper: five points allow a wide interval, and its five points were no random sample: three machines, and
#   two humans far above them, which Fisher's interval does not know.
# - Eight close systems cannot tell a strong correlation from none: over systems, Chinese-English's r with MQM
#   could be anything from negative to nearly 1. Over segments it is firmer: each system's MQM rests on the few
#   hundred segments the experts rated (the table of section 1), its BLEU on all of them, and what is uncertain is
#   mostly *which systems* are compared.
# - The crowd's DA comes raw (the slider as it stands) and standardized per rater (z, WMT's ranking); BLEU's r
#   with the raw scores is lower. Notebook 11 (section 8) asks why.
# - Is chrF's r higher or lower than BLEU's? Intervals cannot say, overlapping or not: both correlations lean on
#   the same human scores, and the two metrics agree closely with each other, so the two r are dependent. That
#   question needs a paired test, next.

# %% [markdown]
# ### Does one metric agree better? A paired test
#
# WMT's metrics task compares two metrics' correlations with people by **Williams' test** (Williams 1959, as
# Graham and Baldwin 2014 brought it to MT evaluation). It asks whether r(metric 1, people) is higher than
# r(metric 2, people), taking into account how closely the two metrics agree with each other, r(metric 1, metric 2):
# the closer they agree, the smaller a difference it can detect. WMT uses it one-sided, with the direction fixed
# before the data are seen (is the new metric better than the baseline?). Its two one-sided p-values, "BLEU better"
# and "chrF better", add up to 1: asking both ways at 0.05 and taking whichever comes out is a two-sided test at
# 0.10. We had no direction in mind, so we ask "do the two differ?" and report the **two-sided** p, 2 · min(p, 1 − p):

# %%
from bleu_explain.analysis.williams import williams_of_scores


def williams_row(pair, first, second, names, labels=("BLEU", "chrF")):
    """Williams' test, two-sided: do ``first``'s and ``second``'s r with MQM differ?"""
    result = williams_of_scores(first, second, data[pair].human("mqm").systems, systems=names)
    one, two = labels
    return {"systems": result.n, f"r: {one}": round(result.r_first, 3), f"r: {two}": round(result.r_second, 3),
            f"r: {one} with {two}": round(result.r_between, 3), "t": round(result.t, 2),
            "p, two-sided": ag.format_p(result.two_sided_p)}


pd.DataFrame({f"{pair} MQM, 8 machines": williams_row(pair, bleu[pair], chrf[pair], mqm_machines[pair])
              for pair in PAIRS}).T

# %% [markdown]
# Neither difference is significant at 0.05, in either language pair: on eight systems these data cannot tell
# which metric agrees better with the experts. That is not a finding that the two agree *equally* well: with eight
# systems a test this weak misses all but large differences.

# %% [markdown]
# ### Build it yourself: Pearson's r, Fisher's interval and a bootstrap over systems
#
# r is the covariance of the two lists divided by the product of their spreads. Fisher's interval goes to
# atanh(r), steps 1.96/√(n − 3) each way, and comes back with tanh. The bootstrap over systems draws as many
# systems as there are, with replacement, and recomputes r; a draw of one system repeated has no r and is left out.
# The middle 95% of the draws is the interval (sacreBLEU's rule: drop the 25 lowest and the 25 highest of 1,000).

# %%
def pearson(xs, ys):
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    covariance = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
    spread_x = math.sqrt(sum((x - mean_x) ** 2 for x in xs))
    spread_y = math.sqrt(sum((y - mean_y) ** 2 for y in ys))
    return covariance / (spread_x * spread_y)


def fisher(r, n):
    half = 1.96 / math.sqrt(n - 3)  # 1.96 standard deviations of atanh(r) each way: 95%
    return math.tanh(math.atanh(r) - half), math.tanh(math.atanh(r) + half)


# %%
def bootstrap_over_systems(xs, ys, n_draws=1000, seed=12345):
    rng, values = np.random.default_rng(seed), []
    for _ in range(n_draws):
        pick = rng.choice(len(xs), size=len(xs))  # which systems take part this time
        x, y = [xs[i] for i in pick], [ys[i] for i in pick]
        if len(set(x)) > 1 and len(set(y)) > 1:
            values.append(pearson(x, y))
    values.sort()
    drop = len(values) // 40
    return values[drop], values[len(values) - drop - 1]


# %%
names = views["en-de MQM, 8 machines"][2]
xs, ys = [bleu["en-de"][s] for s in names], [de.human("mqm").systems[s] for s in names]
mine = pearson(xs, ys), *bootstrap_over_systems(xs, ys)
my_fisher = fisher(mine[0], len(xs))
print(f"my r = {mine[0]:.4f}, 95% interval over systems [{mine[1]:.3f}, {mine[2]:.3f}], "
      f"Fisher's [{my_fisher[0]:.3f}, {my_fisher[1]:.3f}]")

# %%
# the check: the same r and the same intervals from analysis.agreement (it uses 1.959964..., not 1.96)
theirs = agreements["en-de MQM, 8 machines"].loc["Pearson r"]
assert all(math.isclose(a, b) for a, b in zip(mine, (theirs["estimate"].item(), *theirs["over systems"])))
assert all(math.isclose(a, b, abs_tol=1e-4) for a, b in zip(my_fisher, theirs["Fisher z"]))
theirs

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Two points decide a sign: the human translations
#
# With English-German's two human translations among the systems, BLEU's correlation with MQM turns negative.
# BLEU puts them last, far below every machine; the experts put them first:

# %%
de_table.loc[humans + [de_table.index[~de_table["human translation"]][0]], ["BLEU", "MQM"]].round(2)

# %% [markdown]
# How much does that negative r rest on? Correlate again without one or both of them:

# %%
sets = {"8 machines": views["en-de MQM, 8 machines"][2]}
sets.update({f"8 machines + {h}": sets["8 machines"] + [h] for h in humans})
sets["8 machines + both"] = views["en-de MQM, 8 machines + humans C, D"][2]
ag.one_statistic({label: ag.agreement(bleu["en-de"], de.human("mqm").systems, systems=names)
                  for label, names in sets.items()}, "Pearson r").drop(columns="over segments", level=0).round(3)

# %% [markdown]
# Eight points give a strong positive r; two more, far away in one corner, turn it negative. That r describes two
# points more than ten. The bootstrap over systems shows it: as its draws keep or lose the human translations,
# r runs from strongly negative to strongly positive. Fisher's interval, entirely at or below 0, misleads here: its
# assumption, ten draws from one bivariate normal population, is plainly false. Over segments r stays
# negative (section 2's table): with these ten translations, other sentences would tell the same story. What the
# two points do show (with the experts' own intervals in notebook 11) is a bias: a human translation worded
# differently from reference A loses n-grams however good it is.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 4. Which of two systems is better? Pairwise accuracy
#
# A metric is mostly used to pick the better of two systems. Pairwise accuracy (Kocmi et al. 2021) counts how
# often it picks as people do, over every pair of systems; Kendall's tau-b is its close relative (tau-b =
# 2 × accuracy − 1 when nothing is tied).

# %%
pd.concat({statistic: ag.one_statistic(agreements, statistic).drop(columns="Fisher z", level=0)
           for statistic in ("pairwise accuracy", "Kendall tau-b")}).round(2)

# %% [markdown]
# ### Build it yourself: pairwise accuracy
#
# Take every pair of systems once. The pair agrees when BLEU's difference and the people's point the same way;
# a tie on either side does not agree. The accuracy is the share of pairs that agree:

# %%
def pairwise_accuracy(metric, human, names):
    agree = pairs = 0
    for k, a in enumerate(names):
        for b in names[k + 1:]:  # every pair once
            pairs += 1
            agree += (metric[b] - metric[a]) * (human[b] - human[a]) > 0  # same sign; a tie gives 0
    return agree, pairs


by_hand = {view: pairwise_accuracy(bleu[pair], data[pair].human(kind).systems, names)
           for view, (pair, kind, names) in views.items()}

# %%
# the check: the same accuracies from analysis.agreement, to the last bit
package = {view: agreements[view].loc["pairwise accuracy", "estimate"].item() for view in views}
assert all(agree / pairs == package[view] for view, (agree, pairs) in by_hand.items())
pd.DataFrame({"pairs BLEU orders as people do": {v: f"{a} of {n}" for v, (a, n) in by_hand.items()},
              "analysis.agreement": package}).round(4)

# %% [markdown]
# Read as a metric is used: BLEU picks the people's favourite in about two Chinese-English pairs of three and in
# nearly every English-German machine pair; add the two human translations and it falls (the counts above). But a
# pair that BLEU orders against the people's means is not yet "wrong": the people's own difference may be within
# noise.
#
# ### Soft pairwise accuracy: how sure, not only which
#
# Pairwise accuracy scores a pair people can hardly tell apart as fully as a clear one, and gives the metric 0 or
# 1 on it. **Soft pairwise accuracy** (SPA; Thompson et al. 2024), the WMT24 metrics task's system-level measure,
# compares how *sure* each side is instead. For every pair (a, b), a paired permutation test gives the people a
# one-sided p-value for "b is better than a" (the segments' MQM differences, their signs flipped by a coin, 1,000
# times), and gives the metric one too (the two systems' outputs swapped segment by segment, corpus BLEU or chrF
# scored again: approximate randomization, one-sided, the same coins). SPA = 1 − the mean of |p_people − p_metric|
# over the pairs: 1 when the metric is exactly as sure as the people on every pair. With a bootstrap over systems:

# %%
spa = {}
for pair in PAIRS:
    names, mqm = mqm_machines[pair], data[pair].human("mqm").segments
    people = on_disk(sp.mean_p_values, mqm, names)
    chrf_of = chrf_kept[pair].subset(names)
    for metric, p_metric in (("BLEU", on_disk(sp.bleu_p_values, counts[pair], names)),
                             ("chrF", on_disk(sp.corpus_p_values, chrf_of.table, chrf_of.score_rows, chrf_of.systems))):
        result = sp.soft_pairwise_accuracy(people, p_metric)
        spa[f"{pair} MQM, 8 machines", metric] = {"SPA": result.estimate, "over systems: low": result.low,
                                                  "over systems: high": result.high, "pairs": result.pairs}
pd.DataFrame(spa).T.round(3).astype({"pairs": int})

# %% [markdown]
# SPA rewards a metric for being unsure where the people are unsure. Its intervals over eight systems are wide, as
# every measure's here; Thompson et al. (2024) propose it because it tells metrics apart more often than pairwise
# accuracy on the same data. Notebook 11 takes both measures down to the sentences.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# One exercise, on section 3. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("10_agreement_of_systems")

# %% [markdown]
# **Exercise.** Does another reference rescue the human translations? Score every English-German translation
# that has MQM against reference **C**: `de.translations("C")` gives the machine systems and the human
# translations A and D (keep those in `de.human("mqm").systems`), `references(de, ("C",))` the references, and
# `bleu_counts(...).scores()` or `bx.explain_systems` the scores. What is Pearson's r between their BLEU and
# their MQM? Two decimals.

# %%
my_r = None  # replace with your r, e.g. round(..., 2)
check("10_agreement_of_systems", "r_against_reference_c", my_r)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("10_agreement_of_systems", "r_against_reference_c")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - The paper's human evidence was five systems far apart, two of them human; its correlations over five points
#   allow wide intervals, and Fisher's is the only one its published numbers allow.
# - Every correlation needs its interval, and each interval answers its own question and rests on its own
#   assumption: Fisher's z and the bootstrap over systems ask "what if other systems had taken part?" (normal scores;
#   systems drawn from a population), the bootstrap over segments "what if other sentences had been judged?".
# - On WMT21's strong, close systems BLEU's correlation with expert MQM and crowd DA is lower and, over systems,
#   very uncertain. Whether chrF agrees better is a question for Williams' test, two-sided when no direction was
#   fixed in advance, not for overlapping intervals; on eight systems it cannot tell.
# - Add good human translations and the correlation turns negative on the strength of two points: BLEU ranks the
#   translations the experts like best last, because they are worded differently from the one reference.
# - Judged as it is used, by pairwise accuracy, BLEU picks the people's favourite in about two Chinese-English
#   pairs of three; soft pairwise accuracy, WMT24's measure, also asks whether it is as sure as the people are.
#
# Next: [11 · Does BLEU agree with people? Sentences and pitfalls](11_agreement_of_segments.ipynb): which pairs the
# people themselves can tell apart, how big a BLEU gap you can trust, BLEU on single sentences, and what to use
# beside BLEU.
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
