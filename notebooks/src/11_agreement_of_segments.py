# %% [markdown] slideshow={"slide_type": "slide"}
# # 11 · Does BLEU agree with people? Sentences and pitfalls
#
# ## Learning goals
# - Call a pair of systems "ordered the wrong way" only where the people's own difference is significant, with many
#   pairs tested at once (Holm), and say how often people agree with a BLEU gap of Δ, with its interval.
# - Redo the paper's Figures 3, 4 and 7 on WMT21: are neighbouring systems really different, for the experts and
#   for BLEU?
# - Tell agreement on corpora from agreement on sentences (Kendall's tau-b, WMT's tau-like, pairwise accuracy with
#   tie calibration), count ties as ties, and test the paper's "quantity leads to quality".
# - See where BLEU breaks down: close systems, single sentences, one reference, and a good translation worded
#   differently from the reference; and know what to use beside BLEU.
#
# Notebook 10 compared BLEU with people system by system: one number per system, correlated over a handful of
# systems. This notebook goes down to the **segments** (the sentences) that people judged, in the same WMT21
# Chinese-English and English-German news data: expert **MQM** error scores (the WMT21 metrics task, Freitag et al.
# 2021b, by the method of Freitag et al. 2021a) and crowd **direct assessment** (DA, Akhbardeh et al. 2021). It uses
# the tools that notebooks 08 to 10 taught: the paired t-test (09), the paired bootstrap and approximate
# randomization (08), the bootstrap over segments, Williams' test and pairwise accuracy (10).
#
# *Shift-Enter for the win:* run the cells in order; each one shows something. Every cell needs the full WMT21
# data: `python -m bleu_explain.data fetch wmt21` downloads them once (about 16 MB), and without them the first
# cells offer the download. What is parsed and scored is kept on disk, so a second run takes seconds.

# %% slideshow={"slide_type": "skip"}
import math
import numpy as np
import pandas as pd
import bleu_explain as bx
from bleu_explain.analysis import agreement as ag, delta_agreement as da, human as hx
from bleu_explain.analysis import soft_pairwise as sp, tie_calibration as tc
from bleu_explain.analysis.multiplicity import expected_false_positives, holm
from bleu_explain.analysis.wmt21_scores import bleu_counts, chrf_counts, references
from bleu_explain.analysis.williams import williams_of_scores
from bleu_explain.data import published
from bleu_explain.data.parsed_cache import load_wmt21_cached, on_disk
from bleu_explain.display import plots
from bleu_explain.display.widgets.data_gate import require_data
PAIRS = ("zh-en", "en-de")
pd.set_option("display.max_colwidth", None)  # row labels whole, not cut at 50 characters

# %% slideshow={"slide_type": "skip"}
require_data("wmt21", PAIRS)  # without the WMT21 data: what is missing and a download button; the cells below then skip

# %% [markdown] slideshow={"slide_type": "slide"}
# ## The data and the scores of notebook 10
#
# The same set-up as notebook 10: every translation scored against reference A with BLEU (sacreBLEU's defaults)
# and chrF, every system's BLEU on the same 1,000 resamples of the segments (sacreBLEU's draws, seed 12345), and
# the systems correlated ("views"). `on_disk(f, ...)` is `f(...)` kept on disk, so this is quick.

# %% slideshow={"slide_type": "skip"}
data = {pair: load_wmt21_cached(pair) for pair in PAIRS}  # each file's sha256 checked, the parse kept on disk
zh, de = data["zh-en"], data["en-de"]
counts = {pair: on_disk(bleu_counts, ts.translations("A"), references(ts)) for pair, ts in data.items()}
chrf_kept = {pair: on_disk(chrf_counts, ts.translations("A"), references(ts)) for pair, ts in data.items()}
bleu = {pair: c.scores() for pair, c in counts.items()}
chrf = {pair: c.scores() for pair, c in chrf_kept.items()}
weights = {pair: ag.segment_weights(len(ts), n_draws=1000, seed=12345) for pair, ts in data.items()}
bleu_draws = {pair: counts[pair].resampled_scores(weights[pair]) for pair in PAIRS}
mqm_machines = {pair: ts.judged("mqm", humans=False) for pair, ts in data.items()}  # the machine systems with MQM
views = {  # label: (pair, human score, systems)
    "zh-en MQM, 8 machines": ("zh-en", "mqm", mqm_machines["zh-en"]),
    "zh-en DA (z), 23 machines": ("zh-en", "da", data["zh-en"].judged("da", humans=False)),
    "en-de MQM, 8 machines": ("en-de", "mqm", mqm_machines["en-de"]),
    "en-de MQM, 8 machines + humans C, D": ("en-de", "mqm", de.judged("mqm")),
}

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 1. Which pairs can the people tell apart?
#
# Notebook 10 counted the pairs of systems that BLEU orders as the people's mean scores do (pairwise accuracy).
# But a pair that BLEU orders against the people's mean score is not yet "the wrong way": often the people's own
# difference is within noise. Here each pair is tested on the people's side (a paired t-test on the segments
# both systems have, the paper's section 4 method, as notebook 09 built it: two-sided, 95%) and on BLEU's (the
# middle 95% of the difference over the segment resamples: notebook 08's paired bootstrap).
#
# Many tests at once need care. Test 253 pairs at 0.05 and, even if no pair truly differed, about one in twenty
# would be called different by chance: the table says how many that is. **Holm's correction** (Holm 1979) keeps
# the chance of calling *any* equal pair different at 0.05: sort the p-values, compare the smallest with 0.05 / m,
# the next with 0.05 / (m − 1), and so on, stopping at the first that fails. The rows below use Holm's pairs.

# %%
def verdicts(view):
    pair, kind, names = views[view]
    human = data[pair].human(kind)
    pairs = hx.pairwise_agreement(bleu[pair], human.systems, systems=names, human_segments=human.segments,
                                  metric_draws=bleu_draws[pair])
    sure = pairs[np.array(holm(pairs["people p"])) < 0.05]  # people separate them, Holm-corrected
    return pd.Series({"pairs": len(pairs), "BLEU orders as people's means": int(pairs["agree"].sum()),
                      "people separate, one test at a time": int(pairs["people separate"].sum()),
                      "false separations to expect if none differed": expected_false_positives(len(pairs)),
                      "people separate, Holm": len(sure), "of those, BLEU orders as people": int(sure["agree"].sum()),
                      "wrong way, and BLEU is sure": int((~sure["agree"] & sure["metric separates"]).sum())})


verdict_table = pd.DataFrame({view: verdicts(view) for view in views}).T
verdict_table.astype({column: int for column in verdict_table.columns if "expect" not in column})

# %% [markdown]
# One test at a time, the crowd's DA separates many pairs, but far fewer survive Holm: some of those separations are
# what chance alone would produce among so many tests. Where the people separate two machine systems after Holm,
# BLEU orders them as the people do, with hardly an exception, and never confidently the other way. With the human
# translations among the systems, the pairs the experts separate are mostly pairs of a human and a machine
# translation, and those BLEU orders confidently the wrong way. Holm is strict: a pair it drops may well differ; it
# just is not shown to, among so many tests.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 2. How big a BLEU gap can you trust?
#
# Mathur, Baldwin and Cohn (2020) asked this on WMT's judgments; here are all pairs of machine systems, grouped
# by the size of BLEU's gap (notebook 10's "In brief" drew the same from the bundled figures):

# %%
gap_pairs = {view: hx.pairwise_agreement(bleu[views[view][0]], data[views[view][0]].human(views[view][1]).systems,
                                         systems=views[view][2])
             for view in ("zh-en MQM, 8 machines", "zh-en DA (z), 23 machines", "en-de MQM, 8 machines")}
gap_tables = {view: hx.agreement_by_gap(pairs) for view, pairs in gap_pairs.items()}
display(plots.plot_gap_agreement(gap_tables, title="WMT21, machine systems, reference A · number over a bar: pairs "
                                                   "in the bin"))
pd.concat({view: t[["pairs", "fraction"]] for view, t in gap_tables.items()}, axis=1).round(2)

# %% [markdown]
# A bin of a handful of pairs is an anecdote, and pairs share systems, so they are not independent either. Kocmi,
# Zouhar, Federmann and Post (2024) ask the question directly: given a metric gap Δ between two systems, how often
# do people agree with it? Here is our answer on WMT21, with a model a learner can read: the share agreeing at gap
# Δ is 1 / (1 + e^(−Δ/s)), one half at Δ = 0 (a gap of nothing says nothing) and rising towards 1, faster for a
# smaller s, fitted to the pairs by maximum likelihood. Its interval is a bootstrap over systems: whole systems are
# drawn again, their pairs rebuilt and s refitted, 1,000 times. The model assumes a large enough gap is always
# right, true of systems alike in kind (machines here), not of a human translation against one reference.

# %%
curves = {view: da.agreement_curve(pairs, gaps=np.arange(0, 6.25, 0.25)) for view, pairs in gap_pairs.items()}
display(plots.plot_agreement_curve(curves, title="WMT21, machine systems, reference A"))
print({view: f"s = {curve.attrs['scale']:.2f} BLEU points, from {curve.attrs['pairs']} pairs"
       for view, curve in curves.items()})
pd.concat({view: curve.loc[list(da.GAPS)] for view, curve in curves.items()}, axis=1).rename_axis("BLEU gap").round(2)

# %% [markdown]
# Read a row as "of pairs of machine systems whose BLEU differs by this much, the share where people agree with
# BLEU's order", with where it plausibly lies. On the Chinese-English systems a gap of a point or less is little
# better than a coin, and even several points leave a real chance that people disagree; the English-German machines
# are far more alike in kind, and BLEU's small gaps already agree. With eight systems the intervals are wide.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 3. Figures 3 and 4 on real data: are neighbours really different?
#
# The paper ordered its systems by the judges' mean score and showed, for each pair of neighbours, the
# difference with its 95% interval (a paired t-test over the sentences, two-sided). Its monolingual judges, as
# it reports:

# %%
pd.DataFrame({"difference (5-point scale)": {pair: r.value for pair, r in published.PAPINENI_FIGURE_3.items()},
              "source": {pair: r.source for pair, r in published.PAPINENI_FIGURE_3.items()}})

# %% [markdown]
# Here: MQM's neighbours with the same paired t interval (notebook 09 built it), and BLEU's difference for the
# same pairs with its interval from the segment resamples (a paired bootstrap, notebook 08); Chinese-English,
# then English-German.

# %%
def neighbours(pair):
    """MQM's and BLEU's differences between neighbours in MQM's order, each with its 95% interval."""
    mqm = data[pair].human("mqm")
    order = sorted(views[f"{pair} MQM, 8 machines" + (" + humans C, D" if pair == "en-de" else "")][2],
                   key=mqm.systems.__getitem__)
    return hx.neighbour_differences(mqm.segments, order), ag.differences(bleu[pair], bleu_draws[pair], order)


neighbour_tables = {pair: neighbours(pair) for pair in PAIRS}
display(plots.plot_neighbours(*neighbour_tables["zh-en"], title="WMT21 Chinese-English, reference A",
                              preset="sacrebleu"))
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
# ## 4. The best by BLEU, the best by people
#
# Callison-Burch, Osborne and Koehn (2006, section 4) give a striking case from the 2005 NIST Arabic-English
# evaluation, which the course can only quote (its system outputs and human judgments are not public). Some course
# notes repeat it the other way round, as "the system with the highest BLEU was rated only 6th by people"; the
# study says this:

# %%
nist = published.CALLISON_BURCH_NIST_2005_RANK
print(f"{nist.source}: in the 2005 NIST Arabic-English evaluation, the entry the human judges ranked 1st was "
      f"ranked {nist.value}th by BLEU")


def top_ranks(view):
    pair, kind, names = views[view]
    by_bleu, by_people = (sorted(names, key=score.__getitem__, reverse=True)
                          for score in (bleu[pair], data[pair].human(kind).systems))
    return pd.Series({"systems": len(names), "highest BLEU": by_bleu[0],
                      "its rank by people": by_people.index(by_bleu[0]) + 1, "people's first": by_people[0],
                      "its rank by BLEU": by_bleu.index(by_people[0]) + 1})


pd.DataFrame({view: top_ranks(view) for view in views}).T

# %% [markdown]
# On WMT21 the same question can be computed (the table): where do the people put the system BLEU ranks first, and
# where does BLEU put the people's first? The mismatch is not history. In Chinese-English the experts' first system
# is far down BLEU's list, and so is the crowd's; in English-German BLEU and the experts agree on the best machine,
# but the human translation the experts put first is near the bottom by BLEU. Read ranks with section 3 in mind: the
# experts can hardly separate neighbouring machine systems, so a rank among them is itself uncertain. A rank says
# who came first, not by how much.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 5. Figure 7 on real data: every score on one scale
#
# Each measure normalized by its range over the systems (worst 0, best 1), systems from worst to best by MQM.
# If BLEU agreed with the experts, its line would rise with theirs. Chinese-English, then English-German:

# %%
def figure_7(pair):
    """BLEU, chrF, MQM (and DA where every system has it), each scaled to its range, worst to best by MQM."""
    ts, mqm = data[pair], data[pair].human("mqm").systems
    order = sorted(ts.judged("mqm"), key=mqm.__getitem__)  # machines and human translations with a text
    measures = {"BLEU": bleu[pair], "chrF": chrf[pair], "MQM": mqm}
    if "da" in ts.scores and set(order) <= set(ts.human("da").systems):
        measures["DA (z)"] = ts.human("da").systems
    return pd.DataFrame({name: hx.normalize_by_range({s: score[s] for s in order})
                         for name, score in measures.items()}).loc[order]


display(plots.plot_normalized(figure_7("zh-en"), title="WMT21 Chinese-English, worst to best by MQM"))
plots.plot_normalized(figure_7("en-de"), title="WMT21 English-German, worst to best by MQM")

# %% [markdown]
# Among the Chinese-English systems neither metric follows the experts closely, and the crowd's DA does not
# either: strong systems differ in ways each measure weighs differently. In English-German the machines rise
# together, then the human translations fall to the bottom of both string metrics while MQM puts them on top.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 6. Quantity leads to quality
#
# The paper's conclusion (section 6): BLEU agrees with people *"by averaging out individual sentence judgment
# errors over a test corpus rather than attempting to divine the exact human judgment for every sentence"*.
# Test it, first on single sentences: sentence BLEU (sacreBLEU's `sentence_bleu` settings, read off the same
# counts) against each segment's MQM, over every rated segment of the machine systems.

# %%
sentence_level = pd.concat({
    pair: ag.segment_kendall({s: counts[pair].sentence_scores(s) for s in mqm_machines[pair]},
                             data[pair].human("mqm").segments, systems=mqm_machines[pair])
    for pair in PAIRS})
sentence_level.round(3)

# %% [markdown]
# The pooled tau-b compares every rated (system, segment) item with every other. Its p-value answers only "is
# tau-b exactly 0?", and it counts the items as independent, which they are not: the eight translations of a
# sentence share its difficulty. The bootstrap over segments respects that (it draws whole sentences) and still
# gives a narrow interval, above 0 but small. Most of that agreement is between sentences: easy sentences get high
# BLEU and few errors. WMT's tau-like asks the harder question, which of two translations *of the same sentence* is
# better, and there it is near 0, in English-German below. (WMT built it on DA, from pairs whose scores differ by
# more than 25 points, "DARR" (Ma et al. 2018); with MQM the course leaves out only the pairs the experts tie.) But
# tau-like counts a tie of BLEU against it.
#
# ### Ties: counted as ties
#
# Two translations of a sentence can be *identical*: both systems produced the same words. BLEU then gives both
# the same score, a tie, while the experts, who judged each translation in its document, sometimes scored them
# differently. Tau-like counts every such pair as BLEU's mistake. Pairwise accuracy **with tie calibration**
# (Deutsch, Foster and Freitag 2023; WMT23's segment-level measure) counts ties as ties: over *all* pairs of
# translations of a segment, the share the metric gets right, a tie right when the experts tie too. A metric's tie
# is any difference of at most a threshold ε, chosen for the metric as the one that maximizes the accuracy (acc*_eq),
# and the accuracy is averaged over segments. ε is tuned on the very pairs it is scored on; the bootstrap over
# segments chooses it again on every draw, so the interval pays for the tuning. Beside it: the accuracy on the pairs
# neither side ties (a coin toss gives 0.5), and that of a metric that calls every pair a tie.

# %%
def ties(pair, names):
    pairs = tc.item_pairs({s: counts[pair].sentence_scores(s) for s in names}, data[pair].human("mqm").segments,
                          systems=names, texts={s: data[pair].translations("A")[s] for s in names})
    exact, calibrated = tc.pair_counts(pairs), tc.tie_calibration(pairs)
    untied = exact.pairs - exact.human_ties - exact.both_tied  # the pairs the experts do not tie
    shown = {label: f"{e.value:.3f} [{e.low:.3f}, {e.high:.3f}]" for label, e in (
        ("accuracy where neither ties (coin: 0.5)", calibrated.untied), ("acc_eq, exact ties only", calibrated.at_zero),
        ("acc*_eq, tie-calibrated", calibrated.accuracy), ("a metric that ties every pair", calibrated.all_tied))}
    return pd.Series({"pairs of translations of a segment": exact.pairs, "the experts tie": exact.pairs - untied,
                      "BLEU ties, the experts do not": exact.metric_ties,
                      "of those, identical outputs": exact.identical_outputs,
                      "pairs tau-like counts (the experts untied)": untied,
                      "tau-like (BLEU's ties count against it)": f"{exact.tau_like:.3f}", **shown,
                      "acc*_eq's threshold ε (sentence BLEU points)": f"{calibrated.epsilon:.2f}"})


# %%
pd.DataFrame({pair: ties(pair, mqm_machines[pair]) for pair in PAIRS})

# %% [markdown]
# So "sentence BLEU does no better than a coin toss" needs two corrections. Where neither side ties, sentence BLEU
# orders two translations of a sentence as the experts do a little more often than a coin would, in both language
# pairs (the intervals lie above one half). Its identical outputs are ties, not mistakes. And yet, scored as WMT23
# scores metrics, sentence BLEU is weak: in Chinese-English its best threshold is no threshold, and in
# English-German the experts tie so many pairs (two perfect translations) that the best threshold makes *every* pair
# a tie, exactly what a metric that always says "equal" gets. For telling two translations of one sentence apart,
# sentence BLEU adds next to nothing.
#
# Now blocks: cut the rated segments into blocks of 1, 5, 25 and 100 (and one block of all), score each
# system's BLEU on each block, and correlate, over systems, with MQM on all rated segments (`metric vs all`).
# Beside it, BLEU against MQM of the same block (`metric vs block`), and the experts' own MQM on the block
# against their MQM on all (`block vs all`: people judged on a few sentences are noisy too).

# %%
levels = pd.concat({pair: hx.correlation_by_block_size(counts[pair].subset(mqm_machines[pair]),
                                                       data[pair].human("mqm").segments, (1, 5, 25, 100, None))
                    for pair in PAIRS}, names=["data", "block"])
levels.round(3)

# %%
plots.plot_block_agreement({pair: levels.loc[pair] for pair in PAIRS})

# %% [markdown]
# Agreement grows with the amount of text, for BLEU and for the experts alike: quantity does lead to quality.
# Read the comparison of BLEU with the experts' own blocks with care, though. The target, MQM over all the rated
# segments of eight machine systems, is itself mostly noise among close systems: in section 3 the experts could not
# separate a single pair of Chinese-English neighbours. And `block vs all` compares a block with the whole that
# contains it, which flatters it a little. What the rows do show is that a block of experts' judgments is no gold
# standard either. What quantity cannot fix is a bias that every sentence shares, like the one against the human
# translations (notebook 10, section 3).
#
# Why is the `all` row not notebook 10's r (its section 2)? Its BLEU is computed on the rated segments only, so that
# every block is drawn from the same segments; notebook 10 scores BLEU on the whole test sets:

# %%
for pair in PAIRS:
    names, mqm = mqm_machines[pair], data[pair].human("mqm")
    rated = hx.rated_segments(mqm.segments, names)
    on_rated = counts[pair].subset(names).scores(rated)
    print(f"{pair}: r with BLEU on all {len(data[pair])} segments "
          f"{hx.system_correlation(bleu[pair], mqm.systems, systems=names).r:.3f}; "
          f"on the {len(rated)} rated ones {hx.system_correlation(on_rated, mqm.systems, systems=names).r:.3f}")

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 7. References matter
#
# English-German has three human references, A, C and D. Score the machine systems with MQM against every set
# of them: does BLEU rise with more references, and does its agreement with MQM change?

# %%
mqm_de, names = de.human("mqm").systems, mqm_machines["en-de"]
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
# correlations share the same MQM scores, so the question is again for Williams' test, not for the intervals: BLEU
# against reference A, and against each other set. No direction was fixed in advance, so each test is two-sided;
# three comparisons are made, so Holm's correction is applied across them. Beside it, the experts' MQM of each
# reference, judged as a translation:

# %%
comparisons = {f"{'+'.join(refs)} vs A": williams_of_scores(by_references[refs], by_references["A"], mqm_de,
                                                            systems=names) for refs in ("C", "D", "ACD")}
display(pd.Series({f"ref-{r}": de.human("mqm").systems[f"ref-{r}"] for r in de.references},
                  name="MQM of the human translation").round(3))
williams = pd.DataFrame({label: {"systems": w.n, "r: other set": w.r_first, "r: A": w.r_second,
                                 "r: other set with A": w.r_between, "t": w.t, "p, two-sided": w.two_sided_p}
                         for label, w in comparisons.items()}).T
williams["p, Holm (3 comparisons)"] = holm(williams["p, two-sided"])
williams.round(3)

# %% [markdown]
# More references do not agree better with MQM: no set beats A. Against D, BLEU's r is the lowest, but after
# Holm's correction for the three comparisons no difference is significant (the last column): these eight systems
# cannot say which reference is best for ranking them. A is the weakest of the three references by MQM, and BLEU
# against it agrees with MQM at least as well as against the others. More and better references are not
# automatically better *for ranking these systems*.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## 8. DA: raw or standardized?
#
# The crowd's DA comes in two forms. Raw DA is the 0–100 slider averaged as it stands. But raters differ: some
# are harsh, some lenient, some use the whole slider, some a corner of it, and each system is rated by a
# different mix of them. WMT therefore standardizes each rater's scores (z: subtract that rater's mean, divide by
# their standard deviation) before averaging. Over the 23 Chinese-English systems, BLEU's r with each form, and
# how closely the two forms agree:

# %%
names = views["zh-en DA (z), 23 machines"][2]
da_z, da_raw = zh.human("da").systems, zh.human("da_raw").systems
r_z, r_raw = (hx.system_correlation(bleu["zh-en"], scores, systems=names).r for scores in (da_z, da_raw))
print(f"BLEU's r with DA (z) {r_z:.3f}, with DA (raw) {r_raw:.3f}")
print(f"r between raw and standardized DA over the 23 systems: {hx.system_correlation(da_raw, da_z, systems=names).r:.3f}")


def r_per_draw(kind):
    """BLEU's r with a human score on each segment resample."""
    human = ag.resampled_means(zh.human(kind).segments, weights["zh-en"], names)
    return ag.pearson_rows(np.column_stack([bleu_draws["zh-en"][s] for s in names]),
                           np.column_stack([human[s] for s in names]))


# %%
gap = r_per_draw("da") - r_per_draw("da_raw")
low, high = ag.percentile_interval(gap)
print(f"BLEU's r with DA (z) minus its r with DA (raw): {r_z - r_raw:.3f}, "
      f"95% interval over segments [{low:.3f}, {high:.3f}]")

# %% [markdown]
# The two human scores order the 23 systems rather differently (the second line). BLEU's r with the z-scores is
# higher than with the raw scores, and over segments the difference stays above 0: standardizing the raters
# brings the crowd closer to BLEU. Which of the two is the better human score these numbers cannot say; WMT
# ranks systems by z.

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
# ## 10. What to use beside BLEU
#
# BLEU stays the number to report beside older work, with its signature (notebook 07). To *decide* between systems,
# the field has moved on:
#
# - **chrF** (Popović 2015), computed in this course by sacreBLEU's `CHRF`: character n-grams, recall weighed
#   twice. It is as cheap, as transparent and as reproducible as BLEU, and gives credit for a right stem with a wrong
#   ending.
# - **COMET** (Rei, Stewart, Farinha and Lavie 2020): a neural network trained on human judgments, which reads the
#   source, the translation and the reference and predicts a quality score. It is not run here (it needs a large
#   trained model and, to be fast, a GPU), and its versions score on different scales: name the model you used.
# - Kocmi et al. (2021), on the largest collection of human judgments reported until then, found that deciding by
#   BLEU alone misled, judged metrics by pairwise accuracy, and recommend COMET first and chrF second (the
#   string-based metric), over BLEU. Kocmi et al. (2024) turn a difference in a metric into the chance that people
#   agree with it, as section 2 did for BLEU on WMT21.
#
# On WMT21's machine systems, BLEU beside chrF by the measures of notebook 10 and this one, each with its interval
# over systems (SPA: soft pairwise accuracy, with the experts' MQM):

# %%
def spa(pair, metric, names):
    """Soft pairwise accuracy of BLEU or chrF with the experts' MQM (notebook 10), as 'estimate [low, high]'."""
    chosen = chrf_kept[pair].subset(names)
    p_metric = on_disk(sp.bleu_p_values, counts[pair], names) if metric == "BLEU" else \
        on_disk(sp.corpus_p_values, chosen.table, chosen.score_rows, chosen.systems)
    result = sp.soft_pairwise_accuracy(on_disk(sp.mean_p_values, data[pair].human("mqm").segments, names), p_metric)
    return f"{result.estimate:.2f} [{result.low:.2f}, {result.high:.2f}]"


# %%
def beside(view):
    pair, kind, names = views[view]
    rows = {}
    for metric, scores in (("BLEU", bleu[pair]), ("chrF", chrf[pair])):
        table = ag.agreement(scores, data[pair].human(kind).systems, systems=names)
        for statistic in ("Pearson r", "pairwise accuracy"):
            low, high = table.loc[statistic, "over systems"]
            rows[metric, statistic] = f"{table.loc[statistic, 'estimate'].item():.2f} [{low:.2f}, {high:.2f}]"
        rows[metric, "SPA"] = spa(pair, metric, names) if kind == "mqm" else ""
    return pd.Series(rows)


pd.DataFrame({view: beside(view) for view in ("zh-en MQM, 8 machines", "zh-en DA (z), 23 machines",
                                              "en-de MQM, 8 machines")})

# %% [markdown]
# On these few close systems chrF and BLEU cannot be told apart: every interval is wide, and Williams' test in
# notebook 10 found no difference. That is a statement about eight systems, not a verdict on the metrics; Kocmi et
# al. (2021) measured on thousands of pairs. What this course can say: report BLEU with its signature, decide with
# a metric that agrees better with people and with a significance test (randomization, notebook 08), and when the
# gap is small, ask people.

# %% [markdown] slideshow={"slide_type": "slide"}
# ## Now you try
#
# One exercise, on section 2. The checker tells you what is wrong and gives a hint, but never the answer.

# %%
from bleu_explain.course.checker import check, exercises_for, solution

exercises_for("11_agreement_of_segments")

# %% [markdown]
# **Exercise.** Of the pairs of Chinese-English machine systems (all with DA) whose BLEU differs by less than
# **2** points, what fraction does BLEU order the same way as DA (z)? Start from
# `hx.pairwise_agreement(bleu["zh-en"], zh.human("da").systems, systems=zh.judged("da", humans=False))`: one
# row per pair.

# %%
my_fraction = None  # replace with your fraction (0 to 1), e.g. round(..., 2)
check("11_agreement_of_segments", "small_gap_agreement", my_fraction)

# %% tags=["solution"] slideshow={"slide_type": "skip"}
# Run this after you have tried the exercise above: it shows the worked solution.
solution("11_agreement_of_segments", "small_gap_agreement")


# %% [markdown] slideshow={"slide_type": "slide"}
# ## Summary
#
# - Call BLEU wrong only where the people's own difference is significant, and test many pairs with a correction
#   (Holm) or say how many false separations to expect. Where the experts separate two machine systems, BLEU mostly
#   agrees; the human translations the experts separate from a machine, BLEU orders confidently the wrong way.
# - How often people agree with a BLEU gap of Δ has an answer with an interval: on the Chinese-English systems a gap
#   of a point is little better than a coin, and several points still leave a real chance of disagreement.
# - Experts cannot separate most neighbouring systems; BLEU separates more, and its confident difference is then
#   about the wording of reference A, not demonstrably about quality. In the 2005 NIST evaluation the people's
#   first entry was 6th by BLEU (Callison-Burch et al. 2006), and on WMT21 too the people's first is far down BLEU's
#   list.
# - On single sentences, count ties as ties: sentence BLEU orders two translations of a sentence a little better
#   than a coin where neither side ties, but tie-calibrated accuracy shows it adds next to nothing. Over hundreds of
#   segments BLEU does much better, and people judged on a few sentences are noisy too.
# - More references raise BLEU; whether they improve its agreement with people, eight systems cannot say.
# - Standardizing the crowd's raters (DA z) brings DA closer to BLEU. A translation with no error can score low
#   because one reference is only one way of saying it. Beside BLEU, report chrF, and decide with COMET and people.
#
# Next: [12 · Corpus analysis](12_corpus_analysis.ipynb)
#
# References: [the course's sources](../docs/references.md) · Glossary: [the course's terms in English and Chinese](../docs/glossary.md)
