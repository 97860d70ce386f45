# %% [markdown] slideshow={"slide_type": "slide"}
# # 10 · Does BLEU agree with people?
#
# ## Learning goals
# - Redo the BLEU paper's human-judgment experiments (its Figures 3 to 7) on real data, WMT21 Chinese-English and
#   English-German news judged by professional translators (MQM) and by crowd workers (DA), and say where that is an
#   analogue rather than a replication.
# - Put a 95% interval beside every correlation (Fisher's z, a bootstrap over systems, a bootstrap over segments)
#   and say what each interval covers.
# - Judge BLEU as it is used, with pairwise accuracy (Kocmi et al. 2021): call a pair "ordered the wrong way" only
#   where the people's own difference is significant.
# - Tell agreement on corpora from agreement on sentences (Kendall's tau-b, WMT's tau-like), and see where BLEU
#   breaks down: close systems, human translations, single sentences, one reference.
#
# Papineni et al. (2002) rest their case on people: two groups of ten judges rated five "systems" (three
# machine translations, two human translators) and BLEU ranked them as the judges did. Notebook 09 redid the
# paper's BLEU experiments on our invented teaching corpus, which has no human judgments. This notebook uses
# real ones: the newstest2021 test sets of the WMT21 news task, with the systems that took part, crowd
# **direct assessment** (DA) scores from WMT (Akhbardeh et al. 2021), and expert **MQM** error annotations
# (Freitag et al. 2021a).
#
# *Shift-Enter for the win:* run the cells in order; each one shows something. **In brief**, the first section,
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
from bleu_explain.analysis.counts import SegmentCounts
from bleu_explain.data import published
from bleu_explain.data.parsed_cache import load_wmt21_cached, on_disk
from bleu_explain.data.system_figures import figures_provenance, load_system_figures
from bleu_explain.display import plots
from bleu_explain.display.widgets.data_gate import require_data
PAIRS = ("zh-en", "en-de")

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
# Pearson's r over systems with two 95% intervals: Fisher's z (which assumes the systems are a random sample
# from a bivariate normal population) and a bootstrap over systems (1,000 draws of as many systems, with
# replacement). The interval over segments needs the full data (section 2).

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
# where they are close (on the 23 Chinese-English systems, a gap under three points is little better than a coin
# toss), and it does not where they are unlike: a human translation, worded differently from the one reference,
# comes last. A correlation over a handful of systems needs its interval.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## The full data: every text and every judged segment
#
# The sections below recompute the figures above from the texts and the judgments, and add what only the
# segments can show: intervals over segments, which pairs the people themselves can tell apart, neighbours,
# sentence-level agreement, blocks, references and single sentences. Without the data, the next cell says what
# is missing and offers the download; the cells after it then do nothing.

# %% slideshow={"slide_type": "skip"}
require_data("wmt21", PAIRS)  # without the WMT21 data: what is missing and a download button; the cells below then skip

# %% slideshow={"slide_type": "skip"}
data = {pair: load_wmt21_cached(pair) for pair in PAIRS}  # each file's sha256 checked, the parse kept on disk
zh, de = data["zh-en"], data["en-de"]
zh, de

# %% [markdown]
# Every score below is computed here with the public API, against reference A: BLEU with sacreBLEU's defaults
# (`bx.explain_systems`), and chrF with sacreBLEU's `CHRF`. `on_disk(f, ...)` is `f(...)`, kept on disk under its
# arguments, so that the next run reads it instead of scoring 33 translations again.

# %%
def references(test_set, names=("A",)):
    """For each segment, its references ``names``."""
    return [list(refs) for refs in zip(*(test_set.references[name] for name in names))]


def bleu_counts(outputs, refs):
    """Every translation's segment statistics against ``refs``, with sacreBLEU's defaults."""
    return SegmentCounts.of(bx.explain_systems(outputs, refs, progress=False))


# %%
def chrf_scores(outputs, refs):
    """sacreBLEU's chrF of every translation (its defaults: character n-grams up to 6, beta = 2)."""
    metric = CHRF(references=[list(stream) for stream in zip(*refs)])
    return {name: metric.corpus_score(lines, None).score for name, lines in outputs.items()}


counts = {pair: on_disk(bleu_counts, ts.translations("A"), references(ts)) for pair, ts in data.items()}
chrf = {pair: on_disk(chrf_scores, ts.translations("A"), references(ts)) for pair, ts in data.items()}
bleu = {pair: c.scores() for pair, c in counts.items()}

# %%
# the check: one translation scored alone by explain_corpus has the BLEU read off the kept counts, to the last bit
alone = bx.explain_corpus(de.translations("A")["Facebook-AI"], references(de))
assert alone.score == bleu["en-de"]["Facebook-AI"]
alone

# %% [markdown] slideshow={"slide_type": "slide"}
# ## A primer: the tools of this notebook
#
# Notebook 08 teaches intervals and significance tests step by step; here is what this notebook needs of them.
#
# - **chrF** (Popović 2015) counts matching *character* n-grams (1 to 6 characters) instead of word n-grams, and
#   combines precision and recall into an F-score that weighs recall twice as much as precision (β = 2). A word
#   with the right stem and the wrong ending still earns credit. It is our second string metric beside BLEU.
# - **Pearson's r** says how well a straight line fits the points, one point per system: 1 a rising line, 0 no
#   line, −1 a falling one.
# - **Kendall's tau** looks only at the order: over every pair of systems, the share ordered the same way by both
#   scores minus the share ordered the opposite way. **tau-b** (Kendall 1945; scipy's default) corrects for ties.
#   WMT's metrics task uses a **tau-like** variant for sentences (Ma et al. 2018): only translations of the same
#   source sentence are compared, pairs the people tie are left out, and a tie of the metric counts against it.
# - **Pairwise accuracy** (Kocmi et al. 2021): the share of pairs of systems the metric orders as people do.
#   It answers the question a metric is used for, "which of two systems is better?"; 0.5 is a coin toss.
# - **An interval for a correlation.** A correlation over a handful of systems is itself uncertain.
#   **Fisher's z** (Fisher 1921): if the systems were a random sample from a population where both scores are
#   normally distributed, atanh(r) would be roughly normal with standard deviation 1/√(n − 3), which gives the
#   interval tanh(atanh r ± 1.96/√(n − 3)). The **bootstrap** (Efron and Tibshirani 1993) needs no such
#   assumption: draw the data again with replacement, recompute, do it 1,000 times, and keep the middle 95% of
#   the results. Drawing *systems* asks "what if other systems had taken part?"; drawing *segments* (the same
#   draw for every system and every score) asks "what if other sentences had been translated and judged?".
#
# chrF in one sentence: the plural and the synonym that cost BLEU whole n-grams cost chrF only a few characters.

# %%
candidate, reference = "The translations were checked two times.", "The translation was checked twice."
{"BLEU": round(bx.explain(candidate, [reference]).score, 2),
 "chrF": round(CHRF().sentence_score(candidate, [reference]).score, 2)}

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. What the paper shows, and what the course redoes
#
# The paper has seven figures and two tables; its figures print no values, and its test data and judgments were
# never published. So nothing of it can be *replicated*; the course redoes its experiments on other data:
#
# | in the paper | what it shows | here |
# |---|---|---|
# | Figures 1–2, Tables 1–2 | precision by n-gram order; BLEU of the five systems; 20 blocks with a paired t-test | analogues in notebooks 08 and 09, on the invented teaching corpus |
# | Figures 3 and 5 | the *monolingual* group (native English speakers, judging readability and fluency only): differences between neighbouring systems; the correlation with BLEU | quoted: no WMT21 judgment is of fluency alone. Its correlation is in section 2, with the interval five points allow |
# | Figures 4 and 6 | the *bilingual* group (native Chinese speakers, who, the paper suggests, weighed adequacy more): the same differences and correlation | analogues in sections 2 and 5: MQM's professional translators also read the source. Other judges, other systems, other sentences |
# | Figure 7 | BLEU and both groups normalized by their range over the five systems | analogue in section 6 |
# | section 6, "quantity leads to quality" | a claim, no figure | tested in section 7 |
#
# The two human scores of WMT21 (Freitag et al. 2021a; Akhbardeh et al. 2021): **MQM** counts translation errors,
# weighted by severity (0 is perfect, more negative is worse; a system's score is its mean over the rated
# segments); **DA** is a 0–100 slider, and WMT standardizes each rater's scores (z) before averaging. Both are
# "higher is better" here. Some judged systems have no text in the public release (or are reference A itself);
# we score the others:

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
# The paper's Figures 5–6 plot each group's score against BLEU with a least-squares line:

# %%
humans = de_table.index[de_table["human translation"]].tolist()
plots.plot_against_human(bleu["en-de"], de.human("mqm").systems, humans=humans,
                         title="WMT21 English-German, reference A", preset="sacrebleu")

# %%
plots.plot_against_human(bleu["zh-en"], zh.human("mqm").systems, title="WMT21 Chinese-English, reference A",
                         preset="sacrebleu")

# %% [markdown]
# Now the correlations, each with three 95% intervals. The systems correlated ("views"), and every system's
# BLEU and human score on the same 1,000 resamples of the segments (sacreBLEU's draws, seed 12345):

# %%
def machines(pair, kind):
    return [s for s in data[pair].judged(kind) if s in data[pair].systems]


views = {  # label: (pair, human score, systems)
    "zh-en MQM, 8 machines": ("zh-en", "mqm", machines("zh-en", "mqm")),
    "zh-en DA (z), 23 machines": ("zh-en", "da", machines("zh-en", "da")),
    "zh-en DA (raw), 23 machines": ("zh-en", "da_raw", machines("zh-en", "da_raw")),
    "en-de MQM, 8 machines": ("en-de", "mqm", machines("en-de", "mqm")),
    "en-de MQM, 8 machines + humans C, D": ("en-de", "mqm", de.judged("mqm")),
}
weights = {pair: ag.segment_weights(len(ts), n_draws=1000, seed=12345) for pair, ts in data.items()}
bleu_draws = {pair: counts[pair].resampled_scores(weights[pair]) for pair in PAIRS}


# %%
def agreement_of(view, metric=None):
    """r, tau-b and pairwise accuracy of BLEU (or ``metric``) with the view's human score, with their intervals."""
    pair, kind, names = views[view]
    human = data[pair].human(kind)
    if metric is not None:  # another metric: no segment resamples of it here
        return ag.agreement(metric, human.systems, systems=names)
    return ag.agreement(bleu[pair], human.systems, systems=names, metric_draws=bleu_draws[pair],
                        human_draws=ag.resampled_means(human.segments, weights[pair], names))


agreements = {view: agreement_of(view) for view in views}

# %%
paper = {f"{published.PAPINENI_2002.citation}, {r.where}: {group} judges, 5 systems":
         pd.Series({("estimate", ""): r.value, **dict(zip([("Fisher z", "low"), ("Fisher z", "high")],
                                                          ag.fisher_interval(r.value, 5)))})
         for group, r in published.PAPINENI_CORRELATIONS.items()}
chrf_agreements = {f"chrF, {v}": agreement_of(v, chrf[views[v][0]])
                   for v in ("zh-en MQM, 8 machines", "en-de MQM, 8 machines")}
ag.one_statistic({**{f"BLEU, {v}": t for v, t in agreements.items()}, **chrf_agreements, **paper},
                 "Pearson r").round(3)

# %% [markdown]
# How to read a row: the estimate, then where the correlation plausibly lies if only the systems were a random
# draw (Fisher's z, which assumes normally distributed scores; the bootstrap over systems, which assumes
# nothing), or if only the sentences were (the bootstrap over segments). No interval covers both at once, and
# each assumes the systems or the sentences are a fair sample of something.
#
# - The paper: only Fisher's interval can be computed, since the paper prints no per-system human scores. Five
#   points allow a wide one: for 0.96 it starts near a half. And its five points were no random sample: three
#   machines, and two humans far above them, which Fisher's interval does not know.
# - Eight close systems cannot tell a strong correlation from none: over systems, Chinese-English's r with MQM
#   could be anything from negative to nearly 1. Over segments it is firmer: 1,948 sentences pin down each
#   system's scores well, and what is uncertain is mostly *which systems* are compared.
# - Is chrF's r higher or lower than BLEU's? Intervals cannot say, overlapping or not: both correlations lean on
#   the same human scores, and the two metrics agree closely with each other, so the two r are dependent. That
#   question needs a paired test, next.

# %% [markdown]
# ### Does one metric agree better? A paired test
#
# WMT's metrics task compares two metrics' correlations with people by **Williams' test** (Williams 1959, as
# Graham and Baldwin 2014 brought it to MT evaluation). It asks whether r(metric 1, people) is higher than
# r(metric 2, people), taking into account how closely the two metrics agree with each other, r(metric 1, metric 2):
# the closer they agree, the smaller a difference it can detect. It is one-sided, so we ask both ways:

# %%
from bleu_explain.analysis.williams import williams_of_scores


def williams_row(pair, first, second, names, labels=("BLEU", "chrF")):
    """Williams' test both ways: is ``first``'s r with MQM higher than ``second``'s, and the other way round?"""
    mqm = data[pair].human("mqm").systems
    there, back = (williams_of_scores(a, b, mqm, systems=names) for a, b in ((first, second), (second, first)))
    one, two = labels
    return {"systems": there.n, f"r: {one}": round(there.r_first, 3), f"r: {two}": round(there.r_second, 3),
            f"r: {one} with {two}": round(there.r_between, 3), "t": round(there.t, 2),
            f"p: {one} better": ag.format_p(there.p_value), f"p: {two} better": ag.format_p(back.p_value)}


pd.DataFrame({f"{pair} MQM, 8 machines": williams_row(pair, bleu[pair], chrf[pair], machines(pair, "mqm"))
              for pair in PAIRS}).T

# %% [markdown]
# Neither way is significant at 0.05, in either language pair: on eight systems these data cannot tell which
# metric agrees better with the experts. That is not a finding that the two agree *equally* well: with eight
# systems a test this weak misses all but large differences.

# %% [markdown]
# ### DA: raw or standardized?
#
# BLEU correlates with the crowd's DA much better in z-scores than in raw scores. Raw DA is the slider averaged
# as it stands. But raters differ: some are harsh, some lenient, some use the whole slider, some a corner of it,
# and each system is rated by a different mix of them. WMT therefore standardizes each rater's scores (subtract
# that rater's mean, divide by their standard deviation) before averaging. The two orders of the systems differ:

# %%
names = views["zh-en DA (z), 23 machines"][2]
da_z, da_raw = zh.human("da").systems, zh.human("da_raw").systems
print(f"r between raw and standardized DA over the 23 systems: {hx.system_correlation(da_raw, da_z, systems=names).r:.3f}")


def r_per_draw(kind):
    """BLEU's r with a human score on each segment resample."""
    human = ag.resampled_means(zh.human(kind).segments, weights["zh-en"], names)
    return ag.pearson_rows(np.column_stack([bleu_draws["zh-en"][s] for s in names]),
                           np.column_stack([human[s] for s in names]))


# %%
gap = r_per_draw("da") - r_per_draw("da_raw")
low, high = ag.percentile_interval(gap)
observed = (agreements["zh-en DA (z), 23 machines"].loc["Pearson r", "estimate"].item()
            - agreements["zh-en DA (raw), 23 machines"].loc["Pearson r", "estimate"].item())
print(f"BLEU's r with DA (z) minus its r with DA (raw): {observed:.3f}, "
      f"95% interval over segments [{low:.3f}, {high:.3f}]")

# %% [markdown]
# The two human scores order the 23 systems rather differently (the first line). BLEU's r with the z-scores is
# higher than with the raw scores, and over segments the difference stays above 0: standardizing the raters
# brings the crowd closer to BLEU. Which of the two is the better human score these numbers cannot say; WMT
# ranks systems by z.

# %% [markdown]
# ### Build it yourself: Pearson's r and a bootstrap over systems
#
# r is the covariance of the two lists divided by the product of their spreads. The bootstrap over systems
# draws as many systems as there are, with replacement, and recomputes r; a draw of one system repeated has no
# r and is left out. The middle 95% of the draws is the interval (sacreBLEU's rule: drop the 25 lowest and the
# 25 highest of 1,000).

# %%
def pearson(xs, ys):
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    covariance = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
    spread_x = math.sqrt(sum((x - mean_x) ** 2 for x in xs))
    spread_y = math.sqrt(sum((y - mean_y) ** 2 for y in ys))
    return covariance / (spread_x * spread_y)


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
print(f"my r = {mine[0]:.4f}, 95% interval over systems [{mine[1]:.3f}, {mine[2]:.3f}]")

# %%
# the check: the same r and the same interval from analysis.agreement
theirs = agreements["en-de MQM, 8 machines"].loc["Pearson r"]
assert all(math.isclose(a, b) for a, b in zip(mine, (theirs["estimate"].item(), *theirs["over systems"])))
theirs

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Two points decide a sign: the human translations
#
# With English-German's two human translations among the systems, BLEU's correlation with MQM turns negative.
# BLEU puts them last, far below every machine; the experts put them first:

# %%
de_table.loc[humans + [de_table.index[~de_table["human translation"]][0]], ["BLEU", "MQM"]].round(2)

# %% [markdown]
# How much does that r = −0.63 rest on? Correlate again without one or both of them:

# %%
sets = {"8 machines": views["en-de MQM, 8 machines"][2]}
sets.update({f"8 machines + {h}": sets["8 machines"] + [h] for h in humans})
sets["8 machines + both"] = views["en-de MQM, 8 machines + humans C, D"][2]
ag.one_statistic({label: ag.agreement(bleu["en-de"], de.human("mqm").systems, systems=names)
                  for label, names in sets.items()}, "Pearson r").round(3)

# %% [markdown]
# Eight points give a strong positive r; two more, far away in one corner, turn it negative. That r describes two
# points more than ten. The bootstrap over systems shows it: as its draws keep or lose the human translations,
# r runs from strongly negative to strongly positive. Fisher's interval, entirely at or below 0, misleads here: its
# assumption, ten draws from one bivariate normal population, is plainly false. Over segments r stays
# negative: with these ten translations, other sentences would tell the same story. What the two points do
# show (with the experts' own intervals in section 5) is a bias: a human translation worded differently from
# reference A loses n-grams however good it is.

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
    return agree / pairs


by_hand = {view: pairwise_accuracy(bleu[pair], data[pair].human(kind).systems, names)
           for view, (pair, kind, names) in views.items()}

# %%
# the check: the same accuracies from analysis.agreement, to the last bit
package = {view: agreements[view].loc["pairwise accuracy", "estimate"].item() for view in views}
assert by_hand == package
pd.DataFrame({"by hand": by_hand, "analysis.agreement": package}).round(4)

# %% [markdown]
# A pair that BLEU orders against the people's mean score is not yet "the wrong way": often the people's own
# difference is within noise. Here each pair is tested on the people's side (a paired t-test on the segments
# both systems have, the paper's section 4 method: two-sided, 95%) and on BLEU's (the middle 95% of the
# difference over the segment resamples, which is a paired bootstrap):

# %%
def verdicts(view):
    pair, kind, names = views[view]
    human = data[pair].human(kind)
    pairs = hx.pairwise_agreement(bleu[pair], human.systems, systems=names, human_segments=human.segments,
                                  metric_draws=bleu_draws[pair])
    sure = pairs[pairs["people separate"]]
    return pd.Series({"pairs": len(pairs), "BLEU orders as people's means": int(pairs["agree"].sum()),
                      "people separate": len(sure), "of those, BLEU orders as people": int(sure["agree"].sum()),
                      "wrong way, and BLEU is sure": int((~sure["agree"] & sure["metric separates"]).sum())})


pd.DataFrame({view: verdicts(view) for view in views if "raw" not in view})

# %% [markdown]
# Where the experts separate two Chinese-English machine systems, BLEU mostly orders them as the experts do,
# and never the other way with confidence; against the crowd's DA, which separates many more pairs, a few go
# the wrong way although BLEU's own interval excludes 0. With the human translations among the systems, every
# pair of a human and a machine translation that the experts separate, BLEU orders confidently the wrong way.
#
# How big a BLEU gap can you trust? Mathur, Baldwin and Cohn (2020) asked this on WMT's judgments; here are
# all pairs of machine systems, grouped by the size of BLEU's gap:

# %%
gap_tables = {view: hx.agreement_by_gap(hx.pairwise_agreement(bleu[views[view][0]],
                                                              data[views[view][0]].human(views[view][1]).systems,
                                                              systems=views[view][2]))
              for view in ("zh-en MQM, 8 machines", "zh-en DA (z), 23 machines", "en-de MQM, 8 machines")}
pd.concat({view: t[["pairs", "fraction"]] for view, t in gap_tables.items()}, axis=1).round(2)

# %%
plots.plot_gap_agreement(gap_tables, title="WMT21, machine systems, reference A · number over a bar: pairs in the bin")

# %% [markdown]
# Read the bars with their counts: a bin of a handful of pairs is an anecdote, and pairs share systems, so they
# are not independent either. What holds on the Chinese-English systems: with a gap under a point, BLEU picks
# the crowd's or the experts' favourite about as often as a coin would, and between one and two points not much
# more often; with gaps of several points it is right much more often.

# %% [markdown]
# ### The best by BLEU, the best by people
#
# The LING83600 course notes on BLEU (section 5) give a striking case. The course can only quote it: the 2005
# NIST evaluation's system outputs and human judgments are not public, and the notes name no study behind it.

# %%
nist = published.LING83600_NIST_2005_RANK
print(f"{nist.source}, quoted: in the 2005 NIST evaluation, the MT system with the highest BLEU score "
      f"was only rated {nist.value}th by human judges")

# %% [markdown]
# On WMT21 the same question can be computed: where do the people put the system BLEU ranks first, and where
# does BLEU put the people's first?

# %%
def top_ranks(view):
    pair, kind, names = views[view]
    by_bleu, by_people = (sorted(names, key=score.__getitem__, reverse=True)
                          for score in (bleu[pair], data[pair].human(kind).systems))
    return pd.Series({"systems": len(names), "highest BLEU": by_bleu[0],
                      "its rank by people": by_people.index(by_bleu[0]) + 1, "people's first": by_people[0],
                      "its rank by BLEU": by_bleu.index(by_people[0]) + 1})


pd.DataFrame({view: top_ranks(view) for view in views if "raw" not in view}).T

# %% [markdown]
# The mismatch is not history. In Chinese-English the system with the highest BLEU is 4th of 8 for the experts
# and 6th of 23 for the crowd, and the experts' first is 6th by BLEU. In English-German BLEU and the experts
# agree on the best machine, but the human translation the experts put first is 9th of 10 by BLEU. Read ranks
# with section 5 in mind: the experts can hardly separate neighbouring machine systems, so a rank among them is
# itself uncertain. A rank says who came first, not by how much.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Figures 3 and 4 on real data: are neighbours really different?
#
# The paper ordered its systems by the judges' mean score and showed, for each pair of neighbours, the
# difference with its 95% interval (a paired t-test over the sentences, two-sided). Its monolingual judges, as
# it reports:

# %%
pd.DataFrame({"difference (5-point scale)": {pair: r.value for pair, r in published.PAPINENI_FIGURE_3.items()},
              "source": {pair: r.source for pair, r in published.PAPINENI_FIGURE_3.items()}})

# %% [markdown]
# Here: MQM's neighbours with the same paired t interval, and BLEU's difference for the same pairs with its
# interval from the segment resamples.

# %%
def neighbours(pair):
    """MQM's and BLEU's differences between neighbours in MQM's order, each with its 95% interval."""
    mqm = data[pair].human("mqm")
    order = sorted(views[f"{pair} MQM, 8 machines" + (" + humans C, D" if pair == "en-de" else "")][2],
                   key=mqm.systems.__getitem__)
    return hx.neighbour_differences(mqm.segments, order), ag.differences(bleu[pair], bleu_draws[pair], order)


neighbour_tables = {pair: neighbours(pair) for pair in PAIRS}
plots.plot_neighbours(*neighbour_tables["zh-en"], title="WMT21 Chinese-English, reference A", preset="sacrebleu")

# %%
plots.plot_neighbours(*neighbour_tables["en-de"], title="WMT21 English-German, reference A", preset="sacrebleu")

# %%
# the check, on the last English-German pair: sacreBLEU's paired bootstrap draws the same resamples
from bleu_explain.analysis.resampling import estimate_ci

last, outputs = neighbour_tables["en-de"][1].iloc[-1], de.translations("A")
test = bx.paired_bootstrap(outputs[last["worse"]], outputs[last["better"]], references(de), progress=False)
_, _, low, high = estimate_ci(test.signed_deltas)
assert test.observed_delta == last["difference"] and math.isclose(low, last["low"], abs_tol=1e-4)
assert math.isclose(high, last["high"], abs_tol=1e-4)  # sacreBLEU divides in float32, the counts in float64
print(f"{last.name}: {test.observed_delta:+.3f} [{low:.3f}, {high:.3f}], as plotted above")

# %%
def separated(human, metric):
    both = human["significant"] & metric["significant"]
    same = human["difference"] * metric["difference"] > 0
    return pd.Series({"neighbour pairs": len(human), "MQM separates": int(human["significant"].sum()),
                      "BLEU separates": int(metric["significant"].sum()),
                      "both, the same way": int((both & same).sum()), "both, opposite ways": int((both & ~same).sum()),
                      "BLEU only": int((metric["significant"] & ~human["significant"]).sum())})


pd.DataFrame({pair: separated(*tables) for pair, tables in neighbour_tables.items()})

# %% [markdown]
# The experts can hardly tell neighbouring machine systems apart: their segment scores vary too much for a few
# hundred segments to settle differences this small. BLEU's intervals exclude 0 more often, most of all in
# Chinese-English. Where the experts see no difference, BLEU's confident difference is about the wording of
# reference A, not demonstrably about quality. BLEU is *wrong* only where the experts separate the pair the
# other way: here once, human translation D against the best machine. In the paper, both neighbour differences
# it quotes were significant for its judges.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Figure 7 on real data: every score on one scale
#
# Each measure normalized by its range over the systems (worst 0, best 1), systems from worst to best by MQM.
# If BLEU agreed with the experts, its line would rise with theirs.

# %%
def figure_7(pair):
    table = system_table(pair).dropna(subset=["MQM"]).sort_values("MQM")
    measures = [c for c in ("BLEU", "chrF", "MQM", "DA (z)") if c in table and table[c].notna().all()]
    return pd.DataFrame({c: hx.normalize_by_range(table[c].to_dict()) for c in measures}).loc[table.index]


plots.plot_normalized(figure_7("zh-en"), title="WMT21 Chinese-English, worst to best by MQM")

# %%
plots.plot_normalized(figure_7("en-de"), title="WMT21 English-German, worst to best by MQM")

# %% [markdown]
# Among the Chinese-English systems neither metric follows the experts closely, and the crowd's DA does not
# either: strong systems differ in ways each measure weighs differently. In English-German the machines rise
# together, then the human translations fall to the bottom of both string metrics while MQM puts them on top.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. Quantity leads to quality
#
# The paper's conclusion (section 6): BLEU agrees with people *"by averaging out individual sentence judgment
# errors over a test corpus rather than attempting to divine the exact human judgment for every sentence"*.
# Test it, first on single sentences: sentence BLEU (sacreBLEU's `sentence_bleu` settings, read off the same
# counts) against each segment's MQM, over every rated segment of the machine systems.

# %%
sentence_level = pd.concat({
    pair: ag.segment_kendall({s: counts[pair].sentence_scores(s) for s in machines(pair, "mqm")},
                             data[pair].human("mqm").segments, systems=machines(pair, "mqm"))
    for pair in PAIRS})
sentence_level.round(3)

# %% [markdown]
# The pooled tau-b compares every rated (system, segment) item with every other: 5,200 items in Chinese-English.
# Its p-value (< 0.0001) answers only "is tau-b exactly 0?", and it counts the items as independent, which they
# are not: the eight translations of a sentence share its difficulty. The bootstrap over segments respects
# that (it draws whole sentences) and still gives a narrow interval, above 0 but small. Most of that agreement
# is between sentences: easy sentences get high BLEU and few errors. WMT's tau-like asks the harder question,
# which of two translations *of the same sentence* is better, and there sentence BLEU does no better than a coin
# toss (in English-German a little worse).
#
# Now blocks: cut the rated segments into blocks of 1, 5, 25 and 100 (and one block of all), score each
# system's BLEU on each block, and correlate, over systems, with MQM on all rated segments (`metric vs all`).
# Beside it, BLEU against MQM of the same block (`metric vs block`), and the experts' own MQM on the block
# against their MQM on all (`block vs all`: people judged on a few sentences are noisy too).

# %%
levels = pd.concat({pair: hx.correlation_by_block_size(counts[pair].subset(machines(pair, "mqm")),
                                                       data[pair].human("mqm").segments, (1, 5, 25, 100, None))
                    for pair in PAIRS}, names=["data", "block"])
levels.round(3)

# %%
plots.plot_block_agreement({pair: levels.loc[pair] for pair in PAIRS})

# %% [markdown]
# Agreement grows with the amount of text, for BLEU and for the experts alike: quantity does lead to quality.
# BLEU on a hundred segments ranks these systems more like the full MQM than the experts' own MQM on the same
# hundred segments does. What quantity cannot fix is a bias that every sentence shares, like the one against
# the human translations above.
#
# Why is the `all` row not section 2's r? Its BLEU is computed on the rated segments only (650 and 527), so
# that every block is drawn from the same segments; section 2 scores BLEU on the whole test sets:

# %%
for pair in PAIRS:
    names, mqm = machines(pair, "mqm"), data[pair].human("mqm")
    rated = hx.rated_segments(mqm.segments, names)
    on_rated = counts[pair].subset(names).scores(rated)
    print(f"{pair}: r with BLEU on all {len(data[pair])} segments "
          f"{hx.system_correlation(bleu[pair], mqm.systems, systems=names).r:.3f}; "
          f"on the {len(rated)} rated ones {hx.system_correlation(on_rated, mqm.systems, systems=names).r:.3f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. References matter
#
# English-German has three human references, A, C and D. Score the machine systems with MQM against every set
# of them: does BLEU rise with more references, and does its agreement with MQM change?

# %%
mqm_de, names = de.human("mqm").systems, machines("en-de", "mqm")
rows, by_references = {}, {}
for refs in ("A", "C", "D", "AC", "AD", "CD", "ACD"):
    scores = by_references[refs] = on_disk(bleu_counts, {s: de.systems[s] for s in names},
                                           references(de, tuple(refs))).scores()
    r = ag.agreement(scores, mqm_de, systems=names).loc["Pearson r"].drop("over segments", level=0)
    rows["+".join(refs)] = {"mean BLEU": np.mean(list(scores.values())), "lowest": min(scores.values()),
                            "highest": max(scores.values()), **{f"r: {a} {b}".strip(): v for (a, b), v in r.items()}}
pd.DataFrame(rows).T.round(3)

# %% [markdown]
# BLEU rises with every reference added (more ways to match an n-gram), as the paper warns (section 3): never
# compare scores computed with different numbers of references. Does its agreement with MQM change? The
# correlations share the same MQM scores, so the question is again for Williams' test, not for the intervals:
# BLEU against reference A, and against each other set, both ways round.

# %%
pd.DataFrame({f"{'+'.join(refs)} vs A": williams_row("en-de", by_references[refs], by_references["A"], names,
                                                     labels=("other set", "A"))
              for refs in ("C", "D", "ACD")}).T

# %% [markdown]
# More references do not agree better with MQM: no set beats A. Against D, BLEU agrees *worse* than against A,
# and the test puts the p-value of that near 0.05; with three comparisons made both ways, one p-value near 0.05
# is weak evidence. The experts also judged the references themselves as translations:

# %%
pd.Series({f"ref-{r}": de.human("mqm").systems[f"ref-{r}"] for r in de.references},
          name="MQM of the human translation").round(3)

# %% [markdown]
# A is the weakest of the three by MQM, and BLEU against it agrees with MQM at least as well as against the
# others (no other set does significantly better, by the test above). More and better references are not automatically better *for ranking
# these systems*; with eight systems, these data cannot say which reference is best for it.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 9. Drill down: why did a good translation score low?
#
# Take human translation C of English-German, among the experts' favourites and near the bottom by BLEU. Rank
# its segments by sentence BLEU and by MQM; the top rows are those the experts rank far higher than BLEU does.

# %%
worst = hx.rank_disagreements(counts["en-de"].sentence_scores("ref-C"), de.human("mqm").segments["ref-C"]).head(5)
worst = worst.rename(columns={"metric": "sentence BLEU", "human": "MQM"}).assign(
    MQM=worst["human"] + 0.0,  # the files write a perfect segment as -0.0
    source=[de.source[i] for i in worst.index], reference_A=[de.references["A"][i] for i in worst.index],
    translation_C=[de.references["C"][i] for i in worst.index])
with pd.option_context("display.max_colwidth", 90):
    display(worst.round(3))

# %% [markdown]
# Open the first one in the explorer: translation C against reference A, with sacreBLEU's settings. The
# highlighting shows which n-grams of C are in A.

# %%
from bleu_explain.display.widgets import BleuExplorer

segment = int(worst.index[0])
print(f"segment {segment} (0-based), MQM {worst.loc[segment, 'MQM']:.2f}")
print("source:", de.source[segment])
BleuExplorer(de.references["C"][segment], [de.references["A"][segment]], preset="sacrebleu")

# %% [markdown]
# C says the same thing in its own words and order: the highlighting shows how few of its n-grams occur in A,
# so its sentence BLEU is low although the experts found no error. One reference is one way of saying it.
#
# **Change it and see.** Drill into the experts' best Chinese-English system instead
# (`counts["zh-en"].sentence_scores("NiuTrans")` against `zh.human("mqm").segments["NiuTrans"]`), or give the
# explorer above a second reference: press **Add reference** and paste reference D of this segment
# (`de.references["D"][segment]`). How much does the score of a translation with no error depend on the
# references you happen to have?

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# Two exercises. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("10_agreement_of_systems")

# %% [markdown]
# **Exercise 1.** Does another reference rescue the human translations? Score every English-German translation
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

# %% [markdown]
# **Exercise 2.** Of the pairs of Chinese-English machine systems (all with DA) whose BLEU differs by less than
# **2** points, what fraction does BLEU order the same way as DA (z)? Start from
# `hx.pairwise_agreement(bleu["zh-en"], zh.human("da").systems, systems=machines("zh-en", "da"))`: one row per
# pair.

# %%
my_fraction = None  # replace with your fraction (0 to 1), e.g. round(..., 2)
check("10_agreement_of_systems", "small_gap_agreement", my_fraction)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("10_agreement_of_systems", "small_gap_agreement")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - The paper's human evidence was five systems far apart, two of them human; its 0.99 and 0.96 over five
#   points allow wide intervals, and Fisher's is the only one its published numbers allow.
# - On WMT21's strong, close systems BLEU's correlation with expert MQM and crowd DA is lower and, over systems,
#   very uncertain; chrF does not clearly do better. Judged as it is used, by pairwise accuracy, BLEU picks the
#   people's favourite in about two Chinese-English pairs of three, and for gaps under a point about as often
#   as a coin. BLEU's first Chinese-English system is the experts' 4th of 8 (the LING83600 notes quote a 6th
#   place from the 2005 NIST evaluation).
# - Add good human translations and the correlation turns negative on the strength of two points: BLEU ranks the
#   translations the experts like best last, because they are worded differently from the one reference.
# - Experts cannot separate most neighbouring systems; BLEU separates more. Call BLEU wrong only where the
#   people's own difference is significant.
# - Quantity leads to quality: sentence BLEU cannot tell which of two translations of a sentence is better, BLEU
#   over hundreds of segments does much better, and people judged on a few sentences are noisy too.
# - More references raise BLEU; whether they improve its agreement with people, eight systems cannot say.
#
# Next: [12 · Corpus analysis](12_corpus_analysis.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
